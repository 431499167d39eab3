/** Why a change to the user's list of subjects is refused (/v1/users/me/subjects, "Mijn vakken en boeken"). */
export const MY_SUBJECT_REFUSAL_STATUS = {
  /** An id that names no school subject (nothing is added). */
  unknown_subjects: 400,
  /** The subject to remove is not in the list. */
  not_in_list: 404,
} as const satisfies Record<string, 400 | 404>;

export type MySubjectRefusal = { reason: 'unknown_subjects'; unknownIds: number[] } | { reason: 'not_in_list' };
