import { PLANNER_MESSAGES } from '../domain/messages.ts';

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
  no_plan: PLANNER_MESSAGES.PLAN_NO_EXAM_YEAR,
  not_yours: PLANNER_MESSAGES.PLAN_SUBJECT,
  not_your_subject: PLANNER_MESSAGES.PLAN_SUBJECT,
  exam_date_range: PLANNER_MESSAGES.EXAM_DATE_RANGE,
};

/** A plan refusal with its Dutch message (and field). */
export const planRefusal = <R extends PlanRefusalReason>(reason: R, field?: string): PlanRefusal<R> => ({
  reason,
  message: PLAN_MESSAGES[reason],
  ...(field ? { field } : {}),
});
