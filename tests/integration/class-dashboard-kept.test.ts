/**
 * The class dashboard is kept per teacher while nothing it is made of changes (issue 31's bench; ADR 025 "As
 * built"): the class's stamp covers the class, its teachers and pupils, their names, and when each pupil's
 * summary was written. These tests change each of those the way another server copy or a job would (straight
 * in the database, past this copy's services), and ask again at once: the next answer shows the change, and
 * a teacher taken off the class gets nothing kept. Asked through the API; the class page reads through the same
 * kept function (`keptForTeacher`), and the e2e journey sees its grid change after a review.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/modules/accounts/db/tables.ts';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { classMembers, classTeachers } from '#app/modules/classes/db/tables.ts';
import {
  classCreatedSchema,
  classDashboardSchema,
  schoolYearOf,
  type ClassDashboardView,
} from '#app/modules/classes/index.ts';
import { refreshPupilForClasses } from '#app/modules/classes/index.server.ts';
import { pupilSubjectSummaries } from '#app/modules/planner/db/tables.ts';
import { seedDemoReviews } from '#app/modules/reviews/server/demo-reviews.server.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { type Caller, newUser, recordMails } from './accounts.ts';
import { answered, apiClient, refused } from './http.ts';
import { subjectIdOf } from './study-content.ts';
import { createTestRuntime, queueJobsInMemory, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
const call = apiClient(() => rt);
let owner: Caller;
let co: Caller;
let pupil: Caller;
let second: Caller;
let subjectId: number;
let classId: number;

const dashboard = async (caller: Caller = owner): Promise<ClassDashboardView> =>
  classDashboardSchema.parse(await answered(await call(caller, 'GET', `/classes/${classId}/dashboard`)));

const namesOn = async (caller: Caller = owner) => (await dashboard(caller)).pupils.map((p) => p.name).sort();

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const { db } = rt.database;
  const mails = recordMails(rt);
  owner = await newUser(rt, mails, 'docent.bewaard@example.nl');
  co = await newUser(rt, mails, 'collega.bewaard@example.nl');
  pupil = await newUser(rt, mails, 'leerling.bewaard@example.nl');
  second = await newUser(rt, mails, 'tweede.bewaard@example.nl');
  await db.update(users).set({ name: 'Noor Visser' }).where(eq(users.id, pupil.id));
  await db.update(users).set({ name: 'Sem de Jong' }).where(eq(users.id, second.id));
  // The jobs the services queue stay in memory: the test writes the summaries itself.
  queueJobsInMemory(rt);
  for (const teacher of [owner, co]) {
    expect((await call(teacher, 'PATCH', '/users/me', { educationRole: 'teacher' })).status).toBe(200);
  }
  const examYear = examYearRange(new Date()).min;
  subjectId = await subjectIdOf(db, 'wiskunde-b');
  for (const p of [pupil, second]) {
    expect((await call(p, 'PATCH', '/users/me', { examYear, onboardingCompleted: true })).status).toBe(200);
    await grantSubjectAccess(db, { userId: p.id, subjectId, stream: 'full', source: 'demo' });
    await answered(await call(p, 'POST', '/users/me/subjects', { ids: [subjectId] }));
  }
  await seedDemoReviews(db, pupil.id, subjectId);
  const body = {
    schoolName: 'Demo College',
    name: 'H5 Wiskunde B bewaard',
    level: 'havo',
    examYear,
    schoolYear: schoolYearOf(new Date()),
    subjectIds: [subjectId],
  };
  const created = classCreatedSchema.parse(await answered(await call(owner, 'POST', '/classes', body), 201));
  classId = created.class.id;
  for (const p of [pupil, second]) {
    await answered(await call(p, 'POST', '/users/me/classes/join', { code: created.class.joinCode }), 201);
  }
  await answered(await call(owner, 'POST', `/classes/${classId}/teachers`, { email: 'collega.bewaard@example.nl' }));
}, 120_000);

afterAll(async () => {
  await rt?.close();
});

describe('the kept class dashboard', () => {
  it('shows a summary written after it was first asked for (by a job, on any copy)', async () => {
    const before = await dashboard();
    expect(before.pupils.find((p) => p.userId === pupil.id)?.status).toBe('waiting');
    await refreshPupilForClasses(rt.services, pupil.id, subjectId);
    const after = await dashboard();
    const row = after.pupils.find((p) => p.userId === pupil.id)!;
    expect(row.status).not.toBe('waiting');
    expect(row.cells.length).toBeGreaterThan(0);
  });

  it('shows a summary rewritten with an older time than the newest of the class (no lost update)', async () => {
    await refreshPupilForClasses(rt.services, second.id, subjectId);
    const first = await dashboard();
    const secondRow = first.pupils.find((p) => p.userId === second.id)!;
    // A slower job commits later with an earlier time: the class's newest time does not move, the stamp does.
    await rt.database.db
      .update(pupilSubjectSummaries)
      .set({ updatedAt: new Date(Date.parse(first.updatedAt!) - 60_000), reviews7d: 417 })
      .where(and(eq(pupilSubjectSummaries.userId, second.id), eq(pupilSubjectSummaries.subjectId, subjectId)));
    const next = (await dashboard()).pupils.find((p) => p.userId === second.id)!;
    expect(secondRow.reviews7d).not.toBe(417);
    expect(next.reviews7d).toBe(417);
  });

  it('shows a pupil’s new name, and a pupil taken out, at once', async () => {
    expect(await namesOn()).toEqual(['Noor V.', 'Sem J.']);
    await rt.database.db.update(users).set({ name: 'Noor van Dijk' }).where(eq(users.id, pupil.id));
    expect(await namesOn()).toEqual(['Noor D.', 'Sem J.']);
    await rt.database.db
      .update(classMembers)
      .set({ status: 'removed' })
      .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, second.id)));
    expect(await namesOn()).toEqual(['Noor D.']);
  });

  it('is each teacher’s own, and gone for a teacher taken off the class', async () => {
    const mine = await dashboard(owner);
    const theirs = await dashboard(co);
    expect(mine.class.role).toBe('owner');
    expect(theirs.class.role).toBe('co');
    await rt.database.db
      .delete(classTeachers)
      .where(and(eq(classTeachers.classId, classId), eq(classTeachers.userId, co.id)));
    await refused(await call(co, 'GET', `/classes/${classId}/dashboard`), 404);
    expect((await dashboard(owner)).class.role).toBe('owner');
  });
});
