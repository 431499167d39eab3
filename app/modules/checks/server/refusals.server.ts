import { accessRefusal, type StudyRefusal } from '#app/modules/cards/index.server.ts';
import { CHECK_MESSAGES } from '#app/modules/checks/domain/messages.ts';

/** Why a change to the user's list of subjects is refused (/v1/users/me/subjects, "Mijn vakken en boeken"). */
export const MY_SUBJECT_REFUSAL_STATUS = {
  /** An id that names no school subject (nothing is added). */
  unknown_subjects: 400,
  /** The subject to remove is not in the list. */
  not_in_list: 404,
} as const satisfies Record<string, 400 | 404>;

export type MySubjectRefusal = { reason: 'unknown_subjects'; unknownIds: number[] } | { reason: 'not_in_list' };

/** Why an exam check refuses besides access to it (the cards module's refusals): with its status. */
export const CHECK_REFUSAL_STATUS = {
  /** An answer to a question that is not part of the check. */
  bad_answer: 400,
} as const satisfies Record<string, 400>;

/** The status and Dutch message of a refusal about an exam check: access to it, or an answer to no question of it. */
export function checkRefusal(reason: StudyRefusal | keyof typeof CHECK_REFUSAL_STATUS) {
  return reason === 'bad_answer'
    ? { status: CHECK_REFUSAL_STATUS.bad_answer, message: CHECK_MESSAGES.ANSWER_QUESTION }
    : accessRefusal(reason, CHECK_MESSAGES.UNKNOWN_TEST);
}
