export { PLANNER_MESSAGES } from './domain/messages.ts';
export { formatExamDate } from './domain/exam-dates.ts';
export {
  MAX_DAILY_MINUTES,
  MIN_DAILY_MINUTES,
  nextStepQuerySchema,
  nextStepSchema,
  planResetFormSchema,
  planResetSchema,
  planSettingsSchema,
  planSettingsViewSchema,
  subjectMasterySchema,
  type SubjectMasteryView,
  todayPlanSchema,
} from './schemas/plan.ts';
