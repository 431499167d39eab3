import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { userIdColumn, users } from '#app/modules/accounts/index.server.ts';
import { subjectIdColumn } from '#app/modules/catalog/index.server.ts';
import { topics } from '#app/modules/cards/index.server.ts';
import { tests } from '#app/modules/checks/index.server.ts';

/**
 * Schools and their classes (issue 31, ADR 025). For class use the school is the controller and we are its
 * processor: these tables hold what a teacher needs to run a class, nothing of the pupils' study itself
 * (that stays in the study modules' tables, read through their public entries).
 */
export const schools = pgTable(
  'schools',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The school's BRIN code (4 characters), when the teacher gave it; one school per code. */
    brin: text('brin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('schools_brin_idx')
      .on(t.brin)
      .where(sql`${t.brin} is not null`),
  ],
);

/**
 * A class: a level, an exam year, its subjects and the school year it runs in (`school_year`: the year it
 * starts, 2026 for 2026–2027). From 1 August after it the class is archived (computed, read-only). Its
 * join code is stored normalised; `code_opened_at` starts its 14 free days.
 */
export const classes = pgTable(
  'classes',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    level: text('level').notNull(),
    examYear: integer('exam_year').notNull(),
    schoolYear: integer('school_year').notNull(),
    joinCode: text('join_code').notNull().unique(),
    codeOpenedAt: timestamp('code_opened_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('classes_level_check', sql`${t.level} in ('vmbo-b', 'vmbo-k', 'vmbo-gl-tl', 'havo', 'vwo')`),
    index('classes_school_idx').on(t.schoolId),
  ],
);

/** The subjects a class takes with us (one to five, of the class's level). */
export const classSubjects = pgTable(
  'class_subjects',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subjectId: subjectIdColumn(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.subjectId] })],
);

/** The teachers of a class: the one who made it (`owner`) and the colleagues who share it (`co`). */
export const classTeachers = pgTable(
  'class_teachers',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    role: text('role').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.userId] }),
    index('class_teachers_user_idx').on(t.userId),
    check('class_teachers_role_check', sql`${t.role} in ('owner', 'co')`),
  ],
);

/**
 * The pupils of a class: `active` (in it), `pending` (joined after the code's 14 free days, waiting for a
 * teacher) or `removed` (taken out by a teacher; kept so that a seat can be freed). Leaving deletes the row.
 * `shares_grades`: the pupil shares their grades page with this class's teachers (issue 31, off until they
 * turn it on; taking a pupil out turns it off, and an archived class shows no grades).
 */
export const classMembers = pgTable(
  'class_members',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    status: text('status').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    sharesGrades: boolean('shares_grades').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.userId] }),
    index('class_members_user_idx').on(t.userId),
    check('class_members_status_check', sql`${t.status} in ('pending', 'active', 'removed')`),
  ],
);

/**
 * A class licence redeemed on a class (issue 31): its code (the licences module's), the subject it opens and
 * how many pupils of the class may use it. Its seats go to the class's pupils in the order they are let in.
 */
export const classLicenses = pgTable(
  'class_licenses',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    subjectId: subjectIdColumn(),
    productId: integer('product_id'),
    seats: integer('seats').notNull(),
    redeemedBy: text('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('class_licenses_class_idx').on(t.classId), check('class_licenses_seats_check', sql`${t.seats} > 0`)],
);

/** A pupil's seat of a class licence; `freed_at` set when a teacher freed it (the pupil was taken out). */
export const classSeats = pgTable(
  'class_seats',
  {
    classLicenseId: integer('class_license_id')
      .notNull()
      .references(() => classLicenses.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    freedAt: timestamp('freed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.classLicenseId, t.userId] }), index('class_seats_user_idx').on(t.userId)],
);

/**
 * What a teacher gives a class to do (issue 31): a topic's cards by a date (`cards`), an exam check
 * (`check`), or "keep this topic ready for the exam" (`keep_ready`: open until the exam, reopened by itself
 * whenever a pupil's predicted recall on the exam morning falls below `target_recall`).
 */
export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subjectId: subjectIdColumn(),
    kind: text('kind').notNull(),
    topicId: integer('topic_id').references(() => topics.id, { onDelete: 'cascade' }),
    testId: integer('test_id').references(() => tests.id, { onDelete: 'cascade' }),
    /** The date it is due ('YYYY-MM-DD'); null for keep_ready (until the exam). */
    dueOn: text('due_on'),
    targetRecall: real('target_recall'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assignments_class_idx').on(t.classId),
    check('assignments_kind_check', sql`${t.kind} in ('cards', 'check', 'keep_ready')`),
    check('assignments_due_check', sql`${t.dueOn} is null or ${t.dueOn} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
  ],
);

/** Each pupil's status of an assignment: not started, busy, done, or reopened (a keep_ready that fell back). */
export const assignmentStatus = pgTable(
  'assignment_status',
  {
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    status: text('status').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.userId] }),
    index('assignment_status_user_idx').on(t.userId),
    check('assignment_status_status_check', sql`${t.status} in ('not_started', 'busy', 'done', 'reopened')`),
  ],
);

/** A teacher's weekly mail (issue 31, opt-in): who fell behind this week and which assignments are open. */
export const teacherMailSettings = pgTable('teacher_mail_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  weekly: boolean('weekly').notNull().default(false),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
