/**
 * The class dashboard and assignments (issue 31) on a pupil with a real review history: a review queues the
 * refresh of the pupil's summary (one job per pupil and subject), the refresh makes the dashboard's row, and
 * the summary is what the pupil's own mastery page computes. A keep-ready assignment is done while the topic's
 * recall on the exam morning is at or above its target, and reopens by itself when reviews forgotten
 * ("Opnieuw") drag it below; the pupil sees it open again in their assignments. A "cards" assignment follows the
 * cards read; an archived class takes no new assignment.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/modules/accounts/db/tables.ts';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { cards, cardTopics } from '#app/modules/cards/db/tables.ts';
import { classes } from '#app/modules/classes/db/tables.ts';
import {
  assignmentCreatedSchema,
  classCreatedSchema,
  classDashboardSchema,
  myAssignmentsSchema,
  schoolYearOf,
  CLASS_MESSAGES,
  type ClassDashboardView,
} from '#app/modules/classes/index.ts';
import { refreshPupilForClasses, sendTeacherMails, setTeacherWeeklyMail } from '#app/modules/classes/index.server.ts';
import { getMe } from '#app/modules/accounts/index.server.ts';
import { subjectMasterySchema } from '#app/modules/planner/index.ts';
import { seedDemoReviews } from '#app/modules/reviews/server/demo-reviews.server.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { REFRESH_SUMMARY_JOB } from '#app/platform/server/summary-refresh.ts';
import { type Caller, type Mail, newUser, recordMails } from './accounts.ts';
import { answered, apiClient, refused } from './http.ts';
import { subjectIdOf } from './study-content.ts';
import { createTestRuntime, queueJobsInMemory, type QueuedJob, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
const call = apiClient(() => rt);
let teacher: Caller;
let pupil: Caller;
let subjectId: number;
let classId: number;
let queued: QueuedJob[];

const dashboard = async (): Promise<ClassDashboardView> =>
  classDashboardSchema.parse(await answered(await call(teacher, 'GET', `/classes/${classId}/dashboard`)));
const refresh = () => refreshPupilForClasses(rt.services, pupil.id, subjectId);
const myAssignments = async () =>
  myAssignmentsSchema.parse(await answered(await call(pupil, 'GET', '/users/me/assignments'))).assignments;

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const { db } = rt.database;
  const mails = recordMails(rt);
  teacher = await newUser(rt, mails, 'docent.opdracht@example.nl');
  pupil = await newUser(rt, mails, 'leerling.opdracht@example.nl');
  await db.update(users).set({ name: 'Noor Visser' }).where(eq(users.id, pupil.id));
  // From here the jobs the services queue are kept in memory: the test runs the refresh itself.
  queued = queueJobsInMemory(rt);
  expect((await call(teacher, 'PATCH', '/users/me', { educationRole: 'teacher' })).status).toBe(200);
  const examYear = examYearRange(new Date()).min;
  expect((await call(pupil, 'PATCH', '/users/me', { examYear, onboardingCompleted: true })).status).toBe(200);
  subjectId = await subjectIdOf(db, 'wiskunde-b');
  await grantSubjectAccess(db, { userId: pupil.id, subjectId, stream: 'full', source: 'demo' });
  await answered(await call(pupil, 'POST', '/users/me/subjects', { ids: [subjectId] }));
  await seedDemoReviews(db, pupil.id, subjectId);
  const body = {
    schoolName: 'Demo College',
    name: 'H5 Wiskunde B',
    level: 'havo',
    examYear,
    schoolYear: schoolYearOf(new Date()),
    subjectIds: [subjectId],
  };
  const created = classCreatedSchema.parse(await answered(await call(teacher, 'POST', '/classes', body), 201));
  classId = created.class.id;
  queued.length = 0;
  await answered(await call(pupil, 'POST', '/users/me/classes/join', { code: created.class.joinCode }), 201);
}, 120_000);

afterAll(async () => {
  await rt?.close();
});

describe('the summary behind the dashboard', () => {
  it('is queued when the pupil joins, and made by the refresh', async () => {
    expect(queued).toEqual([{ name: REFRESH_SUMMARY_JOB, payload: { userId: pupil.id, subjectId } }]);
    const before = await dashboard();
    expect(before.pupils.map((p) => [p.name, p.status])).toEqual([['Noor V.', 'waiting']]);
    const outcome = await refresh();
    expect(outcome.missing).toBeNull();
    const after = await dashboard();
    expect(after.pupils[0]!.status).toMatch(/^(ready|behind)$/);
    expect(after.pupils[0]!.cells.length).toBeGreaterThan(3);
    expect(after.pupils[0]!.reviews7d).toBeGreaterThan(0);
  });

  it('says what the pupil’s own mastery page says, topic by topic', async () => {
    const mastery = subjectMasterySchema.parse(
      await answered(await call(pupil, 'GET', `/users/me/subjects/${subjectId}/mastery`)),
    );
    const row = (await dashboard()).pupils[0]!;
    for (const topic of mastery.topics) {
      const cell = row.cells.find((c) => c.topicId === topic.id);
      expect(cell, topic.name).toBeDefined();
      expect(cell!.level).toBe(topic.level);
      expect(cell!.recallExam).toBeCloseTo(topic.recallOnExam, 5);
    }
  });

  it('is queued again by a review, once per pupil and subject', async () => {
    queued.length = 0;
    const [card] = await rt.database.db
      .select({ id: cards.id })
      .from(cards)
      .where(eq(cards.subjectId, subjectId))
      .limit(1);
    await answered(await call(pupil, 'POST', `/users/me/cards/${card!.id}/reviews`, { rating: 'good' }), 201);
    expect(queued).toEqual([{ name: REFRESH_SUMMARY_JOB, payload: { userId: pupil.id, subjectId } }]);
  });
});

describe('a keep-ready assignment', () => {
  let assignmentId: number;
  let topicId: number;

  it('is done while the topic’s recall on the exam morning is at or above its target', async () => {
    await refresh();
    const row = (await dashboard()).pupils[0]!;
    const best = [...row.cells].sort((a, b) => b.recallExam - a.recallExam)[0]!;
    expect(best.recallExam).toBeGreaterThan(0.55);
    topicId = best.topicId;
    const target = Math.max(0.5, Math.floor(best.recallExam * 100 - 3) / 100);
    const created = assignmentCreatedSchema.parse(
      await answered(
        await call(teacher, 'POST', `/classes/${classId}/assignments`, {
          subjectId,
          kind: 'keep_ready',
          topicId,
          targetRecall: target,
        }),
        201,
      ),
    );
    assignmentId = created.assignment.id;
    expect(created.assignment.pupils).toEqual([{ userId: pupil.id, name: 'Noor V.', status: 'done' }]);
    // Done: not among the pupil's open assignments.
    expect((await myAssignments()).map((a) => a.id)).not.toContain(assignmentId);
  });

  it('reopens by itself when forgotten reviews drag the recall below the target', async () => {
    const topicCards = await rt.database.db
      .select({ id: cardTopics.cardId })
      .from(cardTopics)
      .innerJoin(cards, eq(cards.id, cardTopics.cardId))
      .where(and(eq(cardTopics.topicId, topicId), eq(cards.isDownload, false)));
    for (const card of topicCards) {
      await answered(await call(pupil, 'POST', `/users/me/cards/${card.id}/reviews`, { rating: 'again' }), 201);
    }
    const outcome = await refresh();
    expect(outcome.assignmentsChanged).toBe(1);
    const { assignments } = (await answered(await call(teacher, 'GET', `/classes/${classId}/assignments`))) as {
      assignments: { id: number; counts: Record<string, number>; pupils: { status: string }[] }[];
    };
    const mine = assignments.find((a) => a.id === assignmentId)!;
    expect(mine.pupils[0]!.status).toBe('reopened');
    expect(mine.counts.reopened).toBe(1);
    const open = (await myAssignments()).find((a) => a.id === assignmentId);
    expect(open).toMatchObject({ status: 'reopened', className: 'H5 Wiskunde B', kind: 'keep_ready', dueOn: null });
    expect(open!.href).toContain(`Ids[]=${topicId}`);
  });
});

describe('assignments of a class', () => {
  it('refuse a topic of another subject, a past date, and anyone but the class’s teachers', async () => {
    const other = await subjectIdOf(rt.database.db, 'biologie');
    const bad = await refused(
      await call(teacher, 'POST', `/classes/${classId}/assignments`, {
        subjectId: other,
        kind: 'keep_ready',
        topicId: 1,
      }),
      400,
    );
    expect(bad.fieldErrors).toEqual({ subjectId: [CLASS_MESSAGES.ASSIGNMENT_SUBJECT] });
    const past = await refused(
      await call(teacher, 'POST', `/classes/${classId}/assignments`, {
        subjectId,
        kind: 'cards',
        topicId: 1,
        dueOn: '2020-01-01',
      }),
      400,
    );
    expect(past.fieldErrors?.dueOn).toEqual([CLASS_MESSAGES.ASSIGNMENT_DUE]);
    await refused(await call(pupil, 'GET', `/classes/${classId}/assignments`), 404);
    await refused(
      await call(pupil, 'POST', `/classes/${classId}/assignments`, { subjectId, kind: 'keep_ready', topicId: 1 }),
      404,
    );
  });

  it('take none once the class is archived (1 August)', async () => {
    await rt.database.db
      .update(classes)
      .set({ schoolYear: schoolYearOf(new Date()) - 1 })
      .where(eq(classes.id, classId));
    const res = await call(teacher, 'POST', `/classes/${classId}/assignments`, {
      subjectId,
      kind: 'keep_ready',
      topicId: 1,
    });
    expect((await refused(res, 409)).message).toBe(CLASS_MESSAGES.ARCHIVED);
    // An archived class's assignments are no longer the pupil's to do.
    expect(await myAssignments()).toEqual([]);
    await rt.database.db
      .update(classes)
      .set({ schoolYear: schoolYearOf(new Date()) })
      .where(eq(classes.id, classId));
  });
});

describe('the teachers’ weekly mail', () => {
  it('goes only to a teacher who asked for it, once a week, with who is behind and the open assignments', async () => {
    expect(await sendTeacherMails(rt.services)).toEqual({ mailed: 0 });
    const me = (await getMe(rt.services, teacher.id))!;
    await setTeacherWeeklyMail(rt.services, me, true);
    // Kept in memory from the start of the file: the mail is one of the jobs queued.
    queued.length = 0;
    expect(await sendTeacherMails(rt.services)).toEqual({ mailed: 1 });
    const mail = queued.find((job) => job.name === 'send-mail')!.payload as unknown as Mail;
    expect(mail.to).toBe('docent.opdracht@example.nl');
    expect(mail.text).toContain('H5 Wiskunde B');
    expect(mail.text).toMatch(/Wiskunde B: \d+ van de 1 leerlingen op schema/);
    expect(mail.text).toContain('Opdracht open voor 1 leerling: Houd ');
    expect(mail.text).not.toContain('leerling.opdracht@example.nl');
    expect(await sendTeacherMails(rt.services)).toEqual({ mailed: 0 });
  });
});
