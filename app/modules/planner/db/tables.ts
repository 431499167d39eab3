import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, real, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { userIdColumn, users } from '#app/modules/accounts/index.server.ts';
import { subjectIdColumn } from '#app/modules/catalog/index.server.ts';
import { topics } from '#app/modules/cards/index.server.ts';

/** The study plan (issue 20): each pupil's plan settings and exam dates, and the pupils' summaries (issue 31). */

/**
 * A pupil's study plan settings (issue 20): the minutes a day they plan to study. No row: the default
 * (DEFAULT_BUDGET_MINUTES, 20).
 */
export const studyPlanSettings = pgTable(
  'study_plan_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dailyMinutes: smallint('daily_minutes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('study_plan_settings_minutes_check', sql`${t.dailyMinutes} between 5 and 240`)],
);

/**
 * The date of a subject's central exam as the pupil entered it (their school's timetable), which
 * overrides the date of the CvTE timetable or its estimate (issue 20). A calendar date, 'YYYY-MM-DD'.
 */
export const subjectExamDates = pgTable(
  'subject_exam_dates',
  {
    userId: userIdColumn(),
    subjectId: subjectIdColumn(),
    examDate: text('exam_date').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.subjectId] }),
    check('subject_exam_dates_date_check', sql`${t.examDate} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
  ],
);

/**
 * What a pupil's teacher (and, less of it, a parent) reads of the pupil's study of a subject (issue 31, ADR
 * 025): per topic the mastery level and the recall now and on the exam morning, computed by the same
 * functions as the pupil's own mastery page. Kept up to date by the `refresh-topic-summary` job, which a
 * review or a handed-in check queues, and by the nightly refresh (recall falls without reviews). Derived
 * data: a refresh does not raise the pupil's data version.
 */
export const pupilTopicSummaries = pgTable(
  'pupil_topic_summaries',
  {
    userId: userIdColumn(),
    subjectId: subjectIdColumn(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    /** nieuw, geoefend, bekend, vaardig, beheerst (server/topic-mastery.server.ts). */
    level: text('level').notNull(),
    recallNow: real('recall_now').notNull(),
    /** The predicted recall of the topic's cards on the morning of the subject's exam. */
    recallExam: real('recall_exam').notNull(),
    cardsSeen: integer('cards_seen').notNull(),
    cards: integer('cards').notNull(),
    /** The share of the points on the topic in the latest exam check; null without one. */
    checkShare: real('check_share'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.subjectId, t.topicId] }),
    index('pupil_topic_summaries_subject_idx').on(t.subjectId),
  ],
);

/** The subject's side of the summary: the exam date the plan aims at and the effort of the last 7 days. */
export const pupilSubjectSummaries = pgTable(
  'pupil_subject_summaries',
  {
    userId: userIdColumn(),
    subjectId: subjectIdColumn(),
    /** The exam date the pupil's plan aims at ('YYYY-MM-DD'); null without a plan (no exam year, no access). */
    examDate: text('exam_date'),
    /** Why there is no plan for the subject: 'no_plan' (no exam year) or 'no_access'; null with one. */
    missing: text('missing'),
    /** The weighted mean of the topics' recall on the exam morning (topic weights of "what next"). */
    recallExam: real('recall_exam'),
    reviews7d: integer('reviews_7d').notNull(),
    seconds7d: integer('seconds_7d').notNull(),
    /** Minutes on every subject in the last 7 days, and what the plan asked in them (7 × the daily minutes). */
    minutesAll7d: integer('minutes_all_7d').notNull(),
    minutesAsked7d: integer('minutes_asked_7d').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.subjectId] }),
    index('pupil_subject_summaries_subject_idx').on(t.subjectId),
  ],
);
