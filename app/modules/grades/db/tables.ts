import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { userIdColumn } from '#app/modules/accounts/index.server.ts';

/**
 * What a pupil entered in the grade simulator (issue 21): per level and exam
 * subject (the grades domain's key, `domain/exam-subjects.ts`) their SE grade
 * in tenths or their judgement (LO and the other judged parts), and whether
 * the subject is on their list (false: taken off; true for a subject they
 * added). No row: the subject's default (on the list when the level always
 * has it or the pupil chose it in onboarding), nothing filled in. Private to
 * the pupil; deleted with the account.
 */
export const userGrades = pgTable(
  'user_grades',
  {
    userId: userIdColumn(),
    level: text('level').notNull(),
    subjectKey: text('subject_key').notNull(),
    seTenths: smallint('se_tenths'),
    assessment: text('assessment'),
    included: boolean('included').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.level, t.subjectKey] }),
    check('user_grades_se_check', sql`${t.seTenths} between 10 and 100`),
    check('user_grades_assessment_check', sql`${t.assessment} in ('goed', 'voldoende', 'onvoldoende')`),
  ],
);

/**
 * A past central exam (oud examen) the pupil made on paper (issue 21, part 7):
 * the exam (subject, year, tijdvak), their score, the exam's maximum score and
 * its N-term as they entered it (Examenblad publishes it with the exam's
 * normering), so the grade is the CvTE conversion of that exam. One row per
 * exam; entering it again replaces the score. It feeds the CE prediction of
 * the subject. Private to the pupil; deleted with the account.
 */
export const userPastExams = pgTable(
  'user_past_exams',
  {
    id: serial('id').primaryKey(),
    userId: userIdColumn(),
    level: text('level').notNull(),
    subjectKey: text('subject_key').notNull(),
    year: smallint('year').notNull(),
    tijdvak: smallint('tijdvak').notNull(),
    score: integer('score').notNull(),
    maxScore: integer('max_score').notNull(),
    nTenths: smallint('n_tenths').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('user_past_exams_exam_unique').on(t.userId, t.level, t.subjectKey, t.year, t.tijdvak),
    check('user_past_exams_score_check', sql`${t.score} between 0 and ${t.maxScore}`),
    check('user_past_exams_max_score_check', sql`${t.maxScore} between 1 and 1000`),
    check('user_past_exams_n_check', sql`${t.nTenths} between 0 and 30`),
    check('user_past_exams_tijdvak_check', sql`${t.tijdvak} in (1, 2)`),
  ],
);

/**
 * The CE grade a pupil actually got (issue 33, ADR 032), per level and exam subject with a central exam, as they
 * entered it after the results, and when; beside it the prediction it is judged against, kept as it stood when
 * the grade was first entered, from what existed before the subject's exam morning (`predicted_before`): the
 * predicted grade, its band, its basis and how many attempts it read. No prediction then: the prediction columns
 * are null ("no prediction", counted apart by the calibration). A change of the grade keeps the snapshot; clearing
 * deletes the row. Private to the pupil; deleted with the account.
 */
export const userCeGrades = pgTable(
  'user_ce_grades',
  {
    userId: userIdColumn(),
    level: text('level').notNull(),
    subjectKey: text('subject_key').notNull(),
    ceTenths: smallint('ce_tenths').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
    predictedBefore: timestamp('predicted_before', { withTimezone: true }).notNull(),
    predictedTenths: smallint('predicted_tenths'),
    lowTenths: smallint('low_tenths'),
    highTenths: smallint('high_tenths'),
    basis: text('basis'),
    attempts: smallint('attempts'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.level, t.subjectKey] }),
    check('user_ce_grades_ce_check', sql`${t.ceTenths} between 10 and 100`),
    check('user_ce_grades_basis_check', sql`${t.basis} in ('checks', 'recall')`),
    check(
      'user_ce_grades_prediction_check',
      sql`(${t.basis} is null) = (${t.predictedTenths} is null) and (${t.basis} is null) = (${t.lowTenths} is null) and (${t.basis} is null) = (${t.highTenths} is null) and (${t.basis} is null) = (${t.attempts} is null)`,
    ),
  ],
);
