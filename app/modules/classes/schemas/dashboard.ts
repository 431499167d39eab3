/** The class dashboard and a pupil's drill-down as the API answers them (issue 31). */
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { rowId } from '#app/platform/schemas/fields.ts';
import { gradesViewSchema } from '#app/modules/grades/index.ts';
import { CLASS_MESSAGES } from '../domain/messages.ts';
import { MASTERY_LABELS } from '../domain/dashboard.ts';
import { taughtClassSchema } from './classes.ts';

const masterySchema = z.enum(
  Object.keys(MASTERY_LABELS) as [keyof typeof MASTERY_LABELS, ...(keyof typeof MASTERY_LABELS)[]],
);

/** GET /v1/classes/{id}/dashboard?subject=: which of the class's subjects (default: its first). */
export const dashboardQuerySchema = z.object({
  subject: textNumber(rowId(CLASS_MESSAGES.SUBJECT_NOT_IN_CLASS))
    .optional()
    .meta({ description: 'A subject of the class (default: its first).', example: 12 }),
});

const cellSchema = z.object({
  topicId: z.number().int(),
  level: masterySchema,
  label: z.string(),
  recallExam: z.number().meta({ description: 'Predicted recall (0–1) on the morning of the pupil’s exam.' }),
  recallNow: z.number(),
  checkShare: z.number().nullable().meta({ description: 'Share of the points in the latest exam check.' }),
});

const topicSchema = z.object({ id: z.number().int(), name: z.string(), chapter: z.string().nullable() });

export const dashboardPupilSchema = z.object({
  userId: z.string(),
  name: z.string(),
  status: z.enum(['ready', 'behind', 'no_plan', 'no_access', 'waiting']).meta({
    description:
      'ready: every topic at or above the target on the exam morning; behind: one or more below it; no_plan: no ' +
      'exam year; no_access: no access to the subject; waiting: no summary yet (it is being computed).',
  }),
  examDate: z.string().nullable(),
  recallExam: z.number().nullable(),
  topicsBehind: z.number().int(),
  minutes7d: z.number().int(),
  reviews7d: z.number().int(),
  minutesAll7d: z.number().int(),
  minutesAsked7d: z.number().int(),
  cells: z.array(cellSchema),
});

export const classDashboardSchema = z.object({
  class: taughtClassSchema,
  subject: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
  target: z.number().meta({ description: 'The recall on the exam morning a topic needs to be ready.' }),
  topics: z.array(topicSchema),
  pupils: z.array(dashboardPupilSchema),
  behindByTopic: z.array(
    z.object({
      topicId: z.number().int(),
      name: z.string(),
      pupils: z.array(z.object({ userId: z.string(), name: z.string(), recallExam: z.number() })),
    }),
  ),
  behindByEffort: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      minutes: z.number().int(),
      asked: z.number().int(),
      reviews: z.number().int(),
      share: z.number(),
    }),
  ),
  checksPerTopic: z.array(
    z.object({
      topicId: z.number().int(),
      name: z.string(),
      pupils: z.number().int(),
      meanShare: z.number(),
      below: z.number().int(),
    }),
  ),
  updatedAt: z.iso.datetime().nullable().meta({ description: 'The newest summary the grid shows.' }),
});

export type ClassDashboardView = z.output<typeof classDashboardSchema>;
export type DashboardPupilView = z.output<typeof dashboardPupilSchema>;

/** One pupil as their teachers see them, and as "Wat ziet mijn docent?" shows it to the pupil. */
export const pupilDetailSchema = z.object({
  class: z.object({ id: z.number().int(), name: z.string(), archived: z.boolean() }),
  pupil: z.object({ userId: z.string(), name: z.string() }),
  target: z.number(),
  subjects: z.array(
    z.object({
      subject: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
      pupil: dashboardPupilSchema,
      topics: z.array(topicSchema),
    }),
  ),
  gradesShared: z.boolean().meta({
    description: 'The pupil shares their grades page with this class (an archived class shows none).',
  }),
  grades: gradesViewSchema.nullable().meta({
    description:
      'The pupil’s grades page (SE grades, predicted CE grades, past exams, the simulation; as GET ' +
      '/v1/users/me/grades answers it) when they share it with this class; else null, as it is while they have ' +
      'no exam level.',
  }),
});

export type PupilDetailView = z.output<typeof pupilDetailSchema>;
