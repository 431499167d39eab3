import { studyRefusal, type StudyRefusal } from '#app/modules/cards/index.server.ts';

import { REVIEW_MESSAGES } from '#app/modules/reviews/domain/messages.ts';
/**
 * Why the study plan refuses (GET/PUT /v1/users/me/plan…, the planning page): with its status. A refusal
 * carries its Dutch message, and the field it belongs to where there is one.
 */
export const PLAN_REFUSAL_STATUS = {
  /** A teacher, or a pupil without an exam year: there is nothing to plan towards. */
  no_plan: 409,
  /** Not one of the pupil's subjects. */
  not_yours: 404,
  /** A subject in the form that is not the pupil's (a field of the form). */
  not_your_subject: 400,
  /** An exam date before today or more than three years ahead. */
  exam_date_range: 400,
} as const satisfies Record<string, 400 | 404 | 409>;

export type PlanRefusalReason = keyof typeof PLAN_REFUSAL_STATUS;

export interface PlanRefusal<R extends PlanRefusalReason = PlanRefusalReason> {
  reason: R;
  message: string;
  field?: string;
}

const PLAN_MESSAGES: Record<PlanRefusalReason, string> = {
  no_plan: REVIEW_MESSAGES.PLAN_NO_EXAM_YEAR,
  not_yours: REVIEW_MESSAGES.PLAN_SUBJECT,
  not_your_subject: REVIEW_MESSAGES.PLAN_SUBJECT,
  exam_date_range: REVIEW_MESSAGES.EXAM_DATE_RANGE,
};

/** A plan refusal with its Dutch message (and field). */
export const planRefusal = <R extends PlanRefusalReason>(reason: R, field?: string): PlanRefusal<R> => ({
  reason,
  message: PLAN_MESSAGES[reason],
  ...(field ? { field } : {}),
});

/** Why rating a card is refused besides access to it (the cards module's refusals): with its status. */
export const REVIEW_REFUSAL_STATUS = {
  /** A worksheet or the corrections card: not part of the reviews. */
  not_reviewable: 409,
} as const satisfies Record<string, 409>;

/** The status and Dutch message of a refused review: access to the card, or not a card to review. */
export function reviewRefusal(reason: StudyRefusal | keyof typeof REVIEW_REFUSAL_STATUS) {
  return reason === 'not_reviewable'
    ? { status: REVIEW_REFUSAL_STATUS.not_reviewable, message: REVIEW_MESSAGES.NOT_REVIEWABLE }
    : studyRefusal(reason, 'card');
}
