/**
 * The study plan's writes and answers (issue 20): the plan settings (minutes a day, the pupil's exam
 * dates), today's plan ("Vandaag"), and a subject's reset. One schema per write, shared by the plan
 * page's form (through formSchema) and the API.
 */
import { LEVEL_ORDER } from '#app/platform/levels.ts';
import { numberField } from '#app/platform/schemas/fields.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { STUDY_MESSAGES } from '#app/modules/cards/index.ts';
import { PLANNER_MESSAGES } from '../domain/messages.ts';

export const MIN_DAILY_MINUTES = 5;
export const MAX_DAILY_MINUTES = 240;
/** At most this many exam dates in one write (a pupil has at most a dozen subjects). */
export const MAX_EXAM_DATES = 30;

/** 'YYYY-MM-DD', a real calendar date. */
export const examDateValue = z
  .string({ error: PLANNER_MESSAGES.EXAM_DATE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: PLANNER_MESSAGES.EXAM_DATE })
  .refine(
    (value) => {
      const ms = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(value);
    },
    { error: PLANNER_MESSAGES.EXAM_DATE },
  )
  .meta({ description: 'A calendar date, YYYY-MM-DD.', example: '2027-05-14' });

/** PUT /v1/users/me/plan and the plan page's form. */
export const planSettingsSchema = z
  .object(
    {
      // A form's '12,5' is a fraction (refused as such, never 125), 'abc' no number: each says so.
      dailyMinutes: numberField({
        min: MIN_DAILY_MINUTES,
        max: MAX_DAILY_MINUTES,
        whole: true,
        range: PLANNER_MESSAGES.DAILY_MINUTES,
        notANumber: PLANNER_MESSAGES.DAILY_MINUTES_NOT_A_NUMBER,
        notWhole: PLANNER_MESSAGES.DAILY_MINUTES_NOT_WHOLE,
      })
        .optional()
        .meta({ description: 'Minutes a day the pupil plans to study (default 20).', example: 20 }),
      examDates: z
        .array(
          z.strictObject(
            {
              subjectId: z
                .number({ error: PLANNER_MESSAGES.PLAN_SUBJECT })
                .int({ error: PLANNER_MESSAGES.PLAN_SUBJECT })
                .positive({ error: PLANNER_MESSAGES.PLAN_SUBJECT }),
              date: examDateValue.nullable().optional().meta({
                description:
                  "The day of the subject's central exam at the pupil's school; null or absent: back to the timetable's date.",
              }),
            },
            { error: PLANNER_MESSAGES.PLAN_SUBJECT },
          ),
          { error: PLANNER_MESSAGES.PLAN_SUBJECT },
        )
        .max(MAX_EXAM_DATES, { error: PLANNER_MESSAGES.PLAN_SUBJECT })
        .optional(),
    },
    { error: PLANNER_MESSAGES.DAILY_MINUTES },
  )
  .strict();

export type PlanSettingsInput = z.output<typeof planSettingsSchema>;

/** A subject named in an answer: its `slug` is the one of its pages (/mijnslaagbundel/{id}/{slug}, issue 34). */
const subjectRef = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string().meta({ description: 'As in the subject’s address.', example: 'wiskunde-b-havo' }),
});

export const examDateSchema = z.object({
  date: z.string().meta({ description: 'YYYY-MM-DD', example: '2027-05-14' }),
  source: z.enum(['pupil', 'timetable', 'estimate']).meta({
    description: "Where the date comes from: the pupil's entry, the CvTE timetable, or an estimate (labelled).",
  }),
  note: z.string().meta({ description: 'Where the date comes from, in Dutch.' }),
});

/** A subject in the plan. */
export const planSubjectSchema = z.object({
  subject: subjectRef.extend({ level: z.enum(LEVEL_ORDER) }),
  examDate: examDateSchema,
  daysLeft: z.number().int().meta({ description: 'Days from today to the exam morning (0 on the day).' }),
  afterExam: z.boolean().meta({ description: 'The exam has passed: no more reviews for the subject.' }),
  cards: z.number().int().meta({ description: 'Cards of the subject in the plan.' }),
  unseen: z.number().int().meta({ description: 'Cards never read.' }),
  newPerDay: z.number().int().meta({ description: 'New cards a day at the current pace.' }),
});

/** GET and PUT /v1/users/me/plan. */
export const planSettingsViewSchema = z.object({
  examYear: z.number().int().nullable(),
  dailyMinutes: z.number().int(),
  defaultMinutes: z.number().int(),
  subjects: z.array(planSubjectSchema),
});

export type PlanSettingsView = z.output<typeof planSettingsViewSchema>;

const plannedCard = z.object({
  cardId: z.number().int(),
  title: z.string(),
  subject: subjectRef,
  recallNow: z.number().min(0).max(1).nullable().meta({ description: 'Predicted recall now; null for a new card.' }),
  recallOnExam: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .meta({ description: 'Predicted recall on the exam morning without a review; null for a new card.' }),
});

/** GET /v1/users/me/plan/today. */
export const todayPlanSchema = z.object({
  date: z.string().meta({ description: 'Today, YYYY-MM-DD (Europe/Amsterdam).' }),
  budgetMinutes: z.number().int(),
  minutes: z.number().int().meta({ description: 'About how long the planned cards take.' }),
  spentMinutes: z.number().int().meta({
    description: 'Minutes of reviews already given today: the seconds measured per card, each at most 120, rounded up.',
  }),
  reviewedToday: z.number().int().meta({ description: 'Reviews already given today.' }),
  reviews: z.array(plannedCard).meta({ description: 'Cards to review today, most urgent first.' }),
  newCards: z.array(plannedCard).meta({ description: 'New cards to read today, in reading order.' }),
  leftOut: z.object({
    reviews: z.number().int().meta({ description: 'Reviews that did not fit the minutes of today.' }),
    newCards: z.number().int().meta({ description: 'New cards the pace asks for that did not fit.' }),
  }),
  notice: z.string().nullable().meta({ description: 'What did not fit and what to do about it, in Dutch.' }),
  subjects: z.array(planSubjectSchema),
});

export type TodayPlanView = z.output<typeof todayPlanSchema>;
export type PlannedCardView = z.output<typeof plannedCard>;

/**
 * The plan page's reset of one subject's cards (the API's DELETE /v1/users/me/subjects/{id}/plan names the
 * subject in its path and needs no tick): the subject and the confirmation tick.
 */
export const planResetFormSchema = z.object({
  subjectId: z.number({ error: PLANNER_MESSAGES.PLAN_SUBJECT }).int({ error: PLANNER_MESSAGES.PLAN_SUBJECT }),
  confirm: z.literal(true, { error: PLANNER_MESSAGES.PLAN_RESET_CONFIRM }),
});

/** DELETE /v1/users/me/subjects/{id}/plan. */
export const planResetSchema = z.object({
  subjectId: z.number().int(),
  reviewsDeleted: z.number().int(),
  message: z.string(),
});

/** GET /v1/users/me/subjects/{id}/mastery. */
export const subjectMasterySchema = z.object({
  subject: subjectRef,
  examDate: examDateSchema,
  levels: z
    .array(z.object({ level: z.string(), label: z.string(), definition: z.string() }))
    .meta({ description: 'The mastery levels with their published definitions, lowest first.' }),
  topics: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      chapter: z.string().nullable(),
      level: z.enum(['nieuw', 'geoefend', 'bekend', 'vaardig', 'beheerst']),
      label: z.string().meta({ description: 'The level in Dutch.' }),
      reason: z.string().meta({
        description: 'Why the topic is at this level, in one Dutch sentence: what it misses for the next level.',
        example: 'Nog geen examencheck op dit onderwerp (Beheerst vraagt daarin 80 %).',
      }),
      score: z
        .number()
        .min(0)
        .max(1)
        .meta({ description: 'Mastery 0–1: the mean of card recall and the check share.' }),
      recallNow: z.number().min(0).max(1).meta({ description: 'Mean predicted recall of all the topic’s cards now.' }),
      recallOnExam: z.number().min(0).max(1).meta({ description: 'The same on the exam morning, without reviews.' }),
      cardsSeen: z.number().int().meta({ description: 'The topic’s cards reviewed at least once.' }),
      cards: z
        .number()
        .int()
        .meta({ description: 'The topic’s cards the pupil can study (a card counts in each topic).' }),
      checkShare: z
        .number()
        .min(0)
        .max(1)
        .nullable()
        .meta({ description: 'Share of the check points scored, latest attempt.' }),
      weight: z.number().min(0).max(1).meta({ description: 'The topic’s share of the exam’s points.' }),
    }),
  ),
});

export type SubjectMasteryView = z.output<typeof subjectMasterySchema>;

const nextStepItem = z.object({
  kind: z.enum(['review', 'new-cards', 'check-topics', 'exam-check', 'done']).meta({
    description:
      'check-topics: after a lower exam-check result, the topics that cost the most points in it (they come first).',
  }),
  text: z.string().meta({ example: 'Herhaal 14 kaarten (±9 min)' }),
  reason: z.string().meta({ description: 'Why, in one Dutch sentence.' }),
  minutes: z.number().int(),
  subject: subjectRef.nullable(),
  href: z.string().meta({ description: 'Where the step starts in Mijn Slaagbundel.' }),
  gainPerMinute: z
    .number()
    .meta({ description: 'Expected share of the exam’s points gained per minute: the ranking.' }),
});

/** GET /v1/users/me/plan/next. */
export const nextStepSchema = z.object({
  best: nextStepItem,
  candidates: z.array(nextStepItem).meta({ description: 'The best candidates, best first (at most 5).' }),
});

export type NextStepView = z.output<typeof nextStepSchema>;
export type NextStepItemView = z.output<typeof nextStepItem>;

/** GET /v1/users/me/plan/next?subjectId=… */
export const nextStepQuerySchema = z.strictObject(
  {
    subjectId: textNumber(
      z
        .number({ error: STUDY_MESSAGES.UNKNOWN_SUBJECT })
        .int({ error: STUDY_MESSAGES.UNKNOWN_SUBJECT })
        .positive({ error: STUDY_MESSAGES.UNKNOWN_SUBJECT })
        .optional(),
    ).meta({ description: 'Only this subject.', example: 24 }),
  },
  { error: STUDY_MESSAGES.UNKNOWN_SUBJECT },
);
