/**
 * Why access to a subject's content is refused (ADR 014), each reason with the HTTP status the API and the pages
 * answer it with, and its Dutch message (domain/messages.ts). A use case answers the reason; the API
 * (server/api/v1/study.ts) and the routes read status and message here, so the two never differ. The modules
 * built on the cards (checks, reviews, buddy) refuse access to their own things with these reasons and their own
 * "not found" message (`accessRefusal`), and declare their other refusals in their own tables.
 */
import { STUDY_MESSAGES } from '#app/modules/cards/domain/messages.ts';

export const STUDY_REFUSAL_STATUS = {
  /** No such subject, card, check, buddy or list (the thing's own message). */
  not_found: 404,
  /** The subject is not one the pupil has access to. */
  no_access: 403,
  /** It belongs to the full stream and the pupil has the light one. */
  light_only: 403,
} as const satisfies Record<string, 403 | 404>;

export type StudyRefusal = keyof typeof STUDY_REFUSAL_STATUS;

/** The status and Dutch message of a refused access to a thing whose "not found" message is `notFound`. */
export function accessRefusal<R extends StudyRefusal>(
  reason: R,
  notFound: string,
): { status: (typeof STUDY_REFUSAL_STATUS)[R]; message: string } {
  const message =
    reason === 'not_found' ? notFound : reason === 'no_access' ? STUDY_MESSAGES.NO_ACCESS : STUDY_MESSAGES.LIGHT_ONLY;
  return { status: STUDY_REFUSAL_STATUS[reason], message };
}

/** The cards module's things, for their "not found" message. */
const NOT_FOUND_MESSAGES = {
  subject: STUDY_MESSAGES.UNKNOWN_SUBJECT,
  card: STUDY_MESSAGES.UNKNOWN_CARD,
} as const;

export type StudyThing = keyof typeof NOT_FOUND_MESSAGES;

/** The status and Dutch message of a refusal about a subject or a card. */
export const studyRefusal = <R extends StudyRefusal>(reason: R, thing: StudyThing) =>
  accessRefusal(reason, NOT_FOUND_MESSAGES[thing]);
