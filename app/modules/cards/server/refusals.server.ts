/**
 * Why the study area refuses a request (ADR 014), each reason with the HTTP status the API and the pages
 * answer it with, and its Dutch message (domain/messages.ts). A use case answers the reason; the API
 * (server/api/v1/study.ts) and the routes read status and message here, so the two never differ.
 */
import { STUDY_MESSAGES } from '#app/modules/cards/domain/messages.ts';

export const STUDY_REFUSAL_STATUS = {
  /** No such subject, card, check, buddy or list (the thing's own message). */
  not_found: 404,
  /** The subject is not one the pupil has access to. */
  no_access: 403,
  /** It belongs to the full stream and the pupil has the light one. */
  light_only: 403,
  /** A worksheet or the corrections card: not part of the reviews. */
  not_reviewable: 409,
  /** An answer to a question that is not part of the check. */
  bad_answer: 400,
} as const satisfies Record<string, 400 | 403 | 404 | 409>;

export type StudyRefusal = keyof typeof STUDY_REFUSAL_STATUS;

/** What a refusal is about, for its "not found" message. */
const NOT_FOUND_MESSAGES = {
  subject: STUDY_MESSAGES.UNKNOWN_SUBJECT,
  card: STUDY_MESSAGES.UNKNOWN_CARD,
  test: STUDY_MESSAGES.UNKNOWN_TEST,
  chatbot: STUDY_MESSAGES.UNKNOWN_CHATBOT,
  idiom: STUDY_MESSAGES.UNKNOWN_IDIOM,
} as const;

export type StudyThing = keyof typeof NOT_FOUND_MESSAGES;

const MESSAGES: Record<Exclude<StudyRefusal, 'not_found'>, string> = {
  no_access: STUDY_MESSAGES.NO_ACCESS,
  light_only: STUDY_MESSAGES.LIGHT_ONLY,
  not_reviewable: STUDY_MESSAGES.NOT_REVIEWABLE,
  bad_answer: STUDY_MESSAGES.ANSWER_QUESTION,
};

/** The status and Dutch message of a refusal about a `thing` (a card, a check, …). */
export function studyRefusal<R extends StudyRefusal>(
  reason: R,
  thing: StudyThing,
): { status: (typeof STUDY_REFUSAL_STATUS)[R]; message: string } {
  const status = STUDY_REFUSAL_STATUS[reason];
  return {
    status,
    message: reason === 'not_found' ? NOT_FOUND_MESSAGES[thing] : MESSAGES[reason as keyof typeof MESSAGES],
  };
}
