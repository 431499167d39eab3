import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '#app/modules/accounts/index.server.ts';

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
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
