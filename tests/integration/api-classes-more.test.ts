/**
 * The classes API's later endpoints (issue 31) and the parents' API, who may do what: the dashboard, a pupil's
 * drill-down and "what my teacher sees", class licences and freeing a seat, assignments (the class's and the
 * pupil's own), and a pupil's parents and a parent's children.
 *
 * The callers: anonymous (or a forged session cookie: 401), a pupil of the class, a pupil outside it, a
 * teacher of another class, the co-teacher, the owner, a parent linked to a pupil of the class and a parent who
 * is not (they hold that pupil's invitation but never accepted it); and for the pupil's own reads also a
 * classmate and a pupil still waiting to be let in. A class the caller does not teach answers the same 404 as a
 * class that does not exist; the drill-down and "what my teacher sees" only of a pupil in the class, to its
 * teachers and to that pupil; a parent reads their child through GET /users/me/children only — never a class
 * endpoint, never another pupil. Nothing a refused call names changes, nobody reads or changes another user's
 * links, children or assignments, and no answer shows an e-mail address of a pupil.
 *
 * One runtime for the file; each caller has a client address of their own (TRUST_PROXY). Generated requests:
 * api-classes-more-fuzz.test.ts.
 */
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/modules/accounts/db/tables.ts';
import { subjectContent } from '#app/modules/cards/index.server.ts';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { products } from '#app/modules/catalog/db/tables.ts';
import { subjectChecks } from '#app/modules/checks/index.server.ts';
import { assignments, classLicenses, classMembers, classSeats } from '#app/modules/classes/db/tables.ts';
import {
  assignmentCreatedSchema,
  CLASS_MESSAGES,
  classAssignmentsSchema,
  classCreatedSchema,
  classDashboardSchema,
  classMessageSchema,
  myAssignmentsSchema,
  pupilDetailSchema,
  schoolYearOf,
  taughtClassesSchema,
  type TaughtClassView,
} from '#app/modules/classes/index.ts';
import {
  childrenSchema,
  GUARDIAN_MESSAGES,
  parentInvitedSchema,
  parentLinksSchema,
} from '#app/modules/guardians/index.ts';
import { parentLinks } from '#app/modules/guardians/index.server.ts';
import { insertClassLicenseCodes } from '#app/modules/licenses/index.server.ts';
import { refreshPupilSummary } from '#app/modules/planner/index.server.ts';
import { seedDemoReviews } from '#app/modules/reviews/server/demo-reviews.server.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { API_MESSAGES } from '#app/platform/schemas/api-error.ts';
import { z } from '#app/platform/schemas/z.ts';
import { type Caller, type Mail, newUser, recordMails, storedUser } from './accounts.ts';
import { answered, apiClient, refused } from './http.ts';
import { subjectIdOf } from './study-content.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
const call = apiClient(() => rt);
let mails: Mail[];

const SCHOOL_YEAR = schoolYearOf(new Date());
/** No row has this id. */
const NO_CLASS = 2_000_000_000;

/** The callers with a session: address and full name. */
const PEOPLE = {
  owner: { email: 'marieke.jansen@example.nl', name: 'Marieke Jansen' },
  co: { email: 'pieter.deboer@example.nl', name: 'Pieter de Boer' },
  other: { email: 'femke.visser@example.nl', name: 'Femke Visser' },
  pupilIn: { email: 'daan.vandenberg@example.nl', name: 'Daan van den Berg' },
  classmate: { email: 'lotte.bakker@example.nl', name: 'Lotte Bakker' },
  waiting: { email: 'sem.dejong@example.nl', name: 'Sem de Jong' },
  pupilOut: { email: 'noor.elamrani@example.nl', name: 'Noor El Amrani' },
  parentLinked: { email: 'petra.vandenberg@example.nl', name: 'Petra van den Berg' },
  parentNot: { email: 'karin.smit@example.nl', name: 'Karin Smit' },
} as const;
type Person = keyof typeof PEOPLE;
const who = {} as Record<Person, Caller>;

/** Everyone who is not a teacher of class A: each gets A's 404 from a teacher's endpoint. */
const STRANGERS = ['pupilIn', 'classmate', 'waiting', 'pupilOut', 'other', 'parentLinked', 'parentNot'] as const;
const TEACHERS = ['owner', 'co'] as const;

/** A: the owner's, shared with the co-teacher (wiskunde B and biologie); B: the other teacher's (economie). */
let classA: TaughtClassView;
let classB: TaughtClassView;
let wiskunde: number;
let biologie: number;
let economie: number;
/** A subject of no class here (vwo). */
let vwoSubject: number;
let topicId: number;
let testId: number;
/** Pupils without a session, taken out of A while holding a seat of its licence. */
let gone1: string;
let gone2: string;
/** The assignments given in the set-up: one of A, one of B. */
let assignmentA: number;
let assignmentB: number;

/** The one answer for a class the caller may not see, whether it exists or not. */
const NOT_FOUND = { status: 404, error: 'not_found', message: CLASS_MESSAGES.NOT_FOUND };
const UNAUTHORIZED = { status: 401, error: 'unauthorized', message: API_MESSAGES.UNAUTHORIZED };
const refusal = (status: 400 | 404 | 409, message: string, field?: string) => ({
  status,
  error: { 400: 'validation_failed', 404: 'not_found', 409: 'conflict' }[status],
  message,
  ...(field ? { fieldErrors: { [field]: [message] } } : {}),
});

/** Every address of a person of this file, and an address at all: none may be in a class view. */
const EMAIL = /[\w.+-]+@[\w-]+\.[\w.]+/;

/** What the refused calls must leave as it is: licences, seats, assignments, parent links, members. */
async function stored() {
  const { db } = rt.database;
  const byText = (a: string, b: string) => a.localeCompare(b);
  return {
    licenses: (await db.select({ code: classLicenses.code }).from(classLicenses)).map((r) => r.code).sort(byText),
    seats: (await db.select({ userId: classSeats.userId }).from(classSeats).where(isNull(classSeats.freedAt)))
      .map((r) => r.userId)
      .sort(byText),
    assignments: (await db.select({ id: assignments.id }).from(assignments)).map((r) => r.id).sort((a, b) => a - b),
    links: (
      await db
        .select({ id: parentLinks.id, status: parentLinks.status, parentId: parentLinks.parentId })
        .from(parentLinks)
    ).sort((a, b) => a.id - b.id),
    members: (
      await db.select({ c: classMembers.classId, u: classMembers.userId, s: classMembers.status }).from(classMembers)
    )
      .map((r) => `${r.c}:${r.u}:${r.s}`)
      .sort(byText),
  };
}

/** The token of the newest invitation mailed to `to`. */
function tokenMailedTo(to: string): string {
  const mail = mails.filter((m) => m.to === to).at(-1);
  const token = /\/ouder\/uitnodiging\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${to}`);
  return token;
}

const dashboardOf = async (caller: Caller, classId: number, query = '') =>
  classDashboardSchema.parse(await answered(await call(caller, 'GET', `/classes/${classId}/dashboard${query}`)));
const summaryUrl = (classId: number, userId: string) =>
  `/classes/${classId}/members/${encodeURIComponent(userId)}/summary`;
const seatUrl = (classId: number, userId: string) => `/classes/${classId}/members/${encodeURIComponent(userId)}/seat`;
const teacherView = (caller: Caller | null, classId: number) =>
  call(caller, 'GET', `/users/me/classes/${classId}/teacher-view`);
const assignmentsOf = async (caller: Caller, classId: number) =>
  classAssignmentsSchema.parse(await answered(await call(caller, 'GET', `/classes/${classId}/assignments`)))
    .assignments;
const myAssignments = async (caller: Caller) =>
  myAssignmentsSchema.parse(await answered(await call(caller, 'GET', '/users/me/assignments'))).assignments;
const parentsOf = async (caller: Caller) =>
  parentLinksSchema.parse(await answered(await call(caller, 'GET', '/users/me/parents'))).parents;
const childrenOf = async (caller: Caller) =>
  childrenSchema.parse(await answered(await call(caller, 'GET', '/users/me/children')));
const keepReady = (overrides: Record<string, unknown> = {}) => ({
  subjectId: wiskunde,
  kind: 'keep_ready',
  topicId,
  targetRecall: 0.9,
  ...overrides,
});

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const { db } = rt.database;
  mails = recordMails(rt);
  for (const person of Object.keys(PEOPLE) as Person[]) {
    who[person] = await newUser(rt, mails, PEOPLE[person].email);
    await db.update(users).set({ name: PEOPLE[person].name }).where(eq(users.id, who[person].id));
  }
  for (const teacher of [who.owner, who.co, who.other]) {
    expect((await call(teacher, 'PATCH', '/users/me', { educationRole: 'teacher' })).status).toBe(200);
  }
  wiskunde = await subjectIdOf(db, 'wiskunde-b');
  biologie = await subjectIdOf(db, 'biologie');
  economie = await subjectIdOf(db, 'economie');
  vwoSubject = await subjectIdOf(db, 'wiskunde-b', 'vwo');
  const content = await subjectContent(rt.services, wiskunde);
  topicId = content!.topics[0]!.id;
  const checks = await subjectChecks(rt.services, wiskunde);
  testId = checks[0]!.id;

  // The pupil of the class studies wiskunde B: a plan, access, a review history and their summary.
  const examYear = examYearRange(new Date()).min;
  expect((await call(who.pupilIn, 'PATCH', '/users/me', { examYear, onboardingCompleted: true })).status).toBe(200);
  await grantSubjectAccess(db, { userId: who.pupilIn.id, subjectId: wiskunde, stream: 'full', source: 'demo' });
  await answered(await call(who.pupilIn, 'POST', '/users/me/subjects', { ids: [wiskunde] }));
  await seedDemoReviews(db, who.pupilIn.id, wiskunde);
  await refreshPupilSummary(rt.services, who.pupilIn.id, wiskunde);

  const newClass = async (caller: Caller, name: string, subjectIds: number[]) =>
    classCreatedSchema.parse(
      await answered(
        await call(caller, 'POST', '/classes', {
          schoolName: 'Demo College',
          name,
          level: 'havo',
          examYear,
          schoolYear: SCHOOL_YEAR,
          subjectIds,
        }),
        201,
      ),
    ).class;
  classA = await newClass(who.owner, 'H5 Wiskunde B', [wiskunde, biologie]);
  classB = await newClass(who.other, 'H5 Economie', [economie]);
  await answered(await call(who.owner, 'POST', `/classes/${classA.id}/teachers`, { email: PEOPLE.co.email }));
  for (const pupil of [who.pupilIn, who.classmate]) {
    await answered(await call(pupil, 'POST', '/users/me/classes/join', { code: classA.joinCode }), 201);
  }
  await answered(await call(who.pupilOut, 'POST', '/users/me/classes/join', { code: classB.joinCode }), 201);
  gone1 = await storedUser(db);
  gone2 = await storedUser(db);
  await db.update(users).set({ name: 'Bram Vos' }).where(eq(users.id, gone1));
  await db.update(users).set({ name: 'Iris Kok' }).where(eq(users.id, gone2));
  await db.insert(classMembers).values([
    { classId: classA.id, userId: gone1, status: 'active' },
    { classId: classA.id, userId: gone2, status: 'active' },
    { classId: classA.id, userId: who.waiting.id, status: 'pending' },
  ]);

  // Class licences: one redeemed now (a seat for each pupil in A), two for the owner and co-teacher later.
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  await insertClassLicenseCodes(db, [
    { code: 'SB-KLAS-MEER-0', productId: product!.id, subjectId: wiskunde, seats: 10, examYear: null },
    { code: 'SB-KLAS-MEER-1', productId: product!.id, subjectId: wiskunde, seats: 3, examYear: null },
    { code: 'SB-KLAS-MEER-2', productId: product!.id, subjectId: biologie, seats: 3, examYear: null },
  ]);
  await answered(await call(who.owner, 'POST', `/classes/${classA.id}/licenses`, { code: 'SB-KLAS-MEER-0' }));
  for (const pupil of [gone1, gone2]) {
    await answered(await call(who.owner, 'DELETE', `/classes/${classA.id}/members/${pupil}`));
  }

  // An assignment of each class: an exam check not yet made is open for each of its pupils.
  const give = async (caller: Caller, classId: number, subjectId: number, body: Record<string, unknown>) =>
    assignmentCreatedSchema.parse(
      await answered(await call(caller, 'POST', `/classes/${classId}/assignments`, { subjectId, ...body }), 201),
    ).assignment.id;
  const dueOn = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  assignmentA = await give(who.owner, classA.id, wiskunde, { kind: 'check', testId, dueOn });
  const economieTopic = (await subjectContent(rt.services, economie))!.topics[0]!.id;
  assignmentB = await give(who.other, classB.id, economie, { kind: 'keep_ready', topicId: economieTopic });

  // The pupil's parents: one accepted, one invited who never accepted.
  await answered(await call(who.pupilIn, 'POST', '/users/me/parents', { email: PEOPLE.parentLinked.email }), 201);
  await answered(
    await call(who.parentLinked, 'POST', '/users/me/children', { token: tokenMailedTo(PEOPLE.parentLinked.email) }),
  );
  await answered(await call(who.pupilIn, 'POST', '/users/me/parents', { email: PEOPLE.parentNot.email }), 201);
}, 180_000);

afterAll(async () => {
  await rt?.close();
});

// --- Anonymous ------------------------------------------------------------------------------------------

describe('anonymous, or with a forged session cookie', () => {
  const ENDPOINTS: [string, string, unknown][] = [
    ['GET', '/classes/{A}/dashboard?subject={wiskunde}', undefined],
    ['GET', '/classes/{A}/members/{pupilIn}/summary', undefined],
    ['GET', '/users/me/classes/{A}/teacher-view', undefined],
    ['POST', '/classes/{A}/licenses', { code: 'SB-KLAS-MEER-1' }],
    ['DELETE', '/classes/{A}/members/{gone1}/seat', undefined],
    ['GET', '/classes/{A}/assignments', undefined],
    ['POST', '/classes/{A}/assignments', 'an assignment'],
    ['DELETE', '/classes/{A}/assignments/{assignmentA}', undefined],
    ['GET', '/users/me/assignments', undefined],
    ['GET', '/users/me/parents', undefined],
    ['POST', '/users/me/parents', { email: 'nog.een.ouder@example.nl' }],
    ['DELETE', '/users/me/parents/{link}', undefined],
    ['GET', '/users/me/children', undefined],
    ['POST', '/users/me/children', 'a token'],
  ];

  it.each(ENDPOINTS)('%s %s: 401, and nothing changes', async (method, path, body) => {
    const before = await stored();
    const [link] = await parentsOf(who.pupilIn);
    const url = path
      .replace('{A}', String(classA.id))
      .replace('{wiskunde}', String(wiskunde))
      .replace('{pupilIn}', who.pupilIn.id)
      .replace('{gone1}', gone1)
      .replace('{assignmentA}', String(assignmentA))
      .replace('{link}', String(link!.id));
    const sent =
      body === 'an assignment'
        ? keepReady()
        : body === 'a token'
          ? { token: tokenMailedTo(PEOPLE.parentNot.email) }
          : body;
    for (const cookie of [undefined, 'slaagbundel.session_token=forged.value']) {
      expect(await refused(await call(cookie, method, url, sent), 401)).toEqual(UNAUTHORIZED);
    }
    expect(await stored()).toEqual(before);
  });
});

// --- A body that is no object ------------------------------------------------------------------------------

describe('a body that is no object, or has a key of no field: 400 with a Dutch message for the body as a whole', () => {
  const CASES: [string, string, string, unknown, string][] = [
    ['owner', 'POST', '/classes/{A}/licenses', [], CLASS_MESSAGES.LICENSE_CODE],
    ['owner', 'POST', '/classes/{A}/licenses', null, CLASS_MESSAGES.LICENSE_CODE],
    ['owner', 'POST', '/classes/{A}/assignments', ['keep_ready'], CLASS_MESSAGES.ASSIGNMENT_FIELDS],
    [
      'owner',
      'POST',
      '/classes/{A}/assignments',
      'an assignment with a key of no field',
      CLASS_MESSAGES.ASSIGNMENT_FIELDS,
    ],
    ['pupilIn', 'POST', '/users/me/parents', 'ouder@example.nl', GUARDIAN_MESSAGES.EMAIL],
    ['parentNot', 'POST', '/users/me/children', 42, GUARDIAN_MESSAGES.INVITATION_UNKNOWN],
    // The first classes endpoints' bodies, the same way.
    ['owner', 'POST', '/classes', [], CLASS_MESSAGES.CLASS_FIELDS],
    ['owner', 'POST', '/classes/{A}/teachers', 'collega@example.nl', CLASS_MESSAGES.EMAIL],
    ['pupilOut', 'POST', '/users/me/classes/join', true, CLASS_MESSAGES.JOIN_CODE],
    ['owner', 'PATCH', '/classes/{A}/members/{gone1}', [], 'Een leerling toelaten: status "active".'],
  ];

  it.each(CASES)('%s: %s %s %j', async (caller, method, path, body, message) => {
    const before = await stored();
    const url = path.replace('{A}', String(classA.id)).replace('{gone1}', gone1);
    const sent = body === 'an assignment with a key of no field' ? keepReady({ title: 'Hoofdstuk 1' }) : body;
    const error = await refused(await call(who[caller as Person], method, url, sent), 400);
    expect(error).toEqual({
      status: 400,
      error: 'validation_failed',
      message: API_MESSAGES.VALIDATION_FAILED,
      fieldErrors: { '': [message] },
    });
    expect(await stored()).toEqual(before);
  });

  it('a new class with a key of no field names it in Dutch, beside the fields’ own messages', async () => {
    const error = await refused(await call(who.owner, 'POST', '/classes', { name: '', role: 'owner' }), 400);
    expect(error.fieldErrors?.['']).toEqual([CLASS_MESSAGES.CLASS_FIELDS]);
    expect(error.fieldErrors?.name).toBeDefined();
  });
});

// --- The dashboard ----------------------------------------------------------------------------------------

describe('GET /classes/{id}/dashboard?subject=', () => {
  it('owner and co-teacher: the pupils in the class (not the waiting or removed ones), by subject', async () => {
    for (const teacher of TEACHERS) {
      const first = await dashboardOf(who[teacher], classA.id);
      expect(first.class).toMatchObject({ id: classA.id, role: teacher });
      expect(first.subject?.id).toBe(wiskunde);
      expect(first.pupils.map((p) => [p.userId, p.name]).sort()).toEqual(
        [
          [who.pupilIn.id, 'Daan B.'],
          [who.classmate.id, 'Lotte B.'],
        ].sort(),
      );
      const daan = first.pupils.find((p) => p.userId === who.pupilIn.id)!;
      expect(['ready', 'behind']).toContain(daan.status);
      expect(daan.cells.length).toBeGreaterThan(0);
      expect(JSON.stringify(first)).not.toMatch(EMAIL);
      expect((await dashboardOf(who[teacher], classA.id, `?subject=${biologie}`)).subject?.id).toBe(biologie);
      // A subject that is not the class's: 404 with its own message (a teacher of the class may know).
      expect(
        await refused(await call(who[teacher], 'GET', `/classes/${classA.id}/dashboard?subject=${vwoSubject}`), 404),
      ).toEqual(refusal(404, CLASS_MESSAGES.SUBJECT_NOT_IN_CLASS));
    }
  });

  it('everyone else — its pupils, a pupil outside it, another teacher, both parents — gets the 404 of no class', async () => {
    const none = await refused(await call(who.owner, 'GET', `/classes/${NO_CLASS}/dashboard`), 404);
    expect(none).toEqual(NOT_FOUND);
    for (const stranger of STRANGERS) {
      for (const query of ['', `?subject=${wiskunde}`, `?subject=${vwoSubject}`]) {
        const res = await call(who[stranger], 'GET', `/classes/${classA.id}/dashboard${query}`);
        expect(await refused(res, 404), `${stranger} ${query}`).toEqual(none);
      }
    }
    // The other teacher's class is theirs alone.
    expect((await dashboardOf(who.other, classB.id)).pupils.map((p) => p.userId)).toEqual([who.pupilOut.id]);
    for (const stranger of [...TEACHERS, 'pupilOut', 'parentNot'] as const) {
      expect(await refused(await call(who[stranger], 'GET', `/classes/${classB.id}/dashboard`), 404)).toEqual(none);
    }
  });
});

// --- A pupil's drill-down and "what my teacher sees" ------------------------------------------------------------

describe('GET /classes/{id}/members/{userId}/summary (the drill-down)', () => {
  it('owner and co-teacher: a pupil in the class per subject, by first name and initial, no e-mail address', async () => {
    const seen: unknown[] = [];
    for (const teacher of TEACHERS) {
      const detail = pupilDetailSchema.parse(
        await answered(await call(who[teacher], 'GET', summaryUrl(classA.id, who.pupilIn.id))),
      );
      expect(detail.class).toEqual({ id: classA.id, name: 'H5 Wiskunde B', archived: false });
      expect(detail.pupil).toEqual({ userId: who.pupilIn.id, name: 'Daan B.' });
      expect(detail.subjects.map((s) => s.subject.id).sort()).toEqual([wiskunde, biologie].sort());
      const row = detail.subjects.find((s) => s.subject.id === wiskunde)!.pupil;
      expect(row.cells.length).toBeGreaterThan(0);
      expect(JSON.stringify(detail)).not.toMatch(EMAIL);
      seen.push(detail);
    }
    expect(seen[0]).toEqual(seen[1]);
  });

  it('of a pupil who is not in the class (waiting, removed, in another class, a teacher, nobody): 404', async () => {
    for (const teacher of TEACHERS) {
      for (const userId of [who.waiting.id, gone1, who.pupilOut.id, who.co.id, who.owner.id, 'niemand', '\u0000']) {
        const res = await call(who[teacher], 'GET', summaryUrl(classA.id, userId));
        expect(await refused(res, 404), `${teacher} ${userId}`).toEqual(refusal(404, CLASS_MESSAGES.MEMBER_NOT_FOUND));
      }
    }
  });

  it('anyone else gets the 404 of no class: a classmate, a waiting pupil, another class’s pupil and teacher, both parents', async () => {
    for (const stranger of STRANGERS.filter((s) => s !== 'pupilIn')) {
      for (const userId of new Set([who.pupilIn.id, who.classmate.id, who.pupilOut.id, who[stranger].id])) {
        // The classmate's own: see the pupil themselves below.
        if (stranger === 'classmate' && userId === who.classmate.id) continue;
        const res = await call(who[stranger], 'GET', summaryUrl(classA.id, userId));
        expect(await refused(res, 404), `${stranger} → ${userId}`).toEqual(NOT_FOUND);
      }
    }
    // The pupil of the class: another pupil's, never.
    expect(await refused(await call(who.pupilIn, 'GET', summaryUrl(classA.id, who.classmate.id)), 404)).toEqual(
      NOT_FOUND,
    );
    // Nor a class that does not exist, for a teacher.
    expect(await refused(await call(who.owner, 'GET', summaryUrl(NO_CLASS, who.pupilIn.id)), 404)).toEqual(NOT_FOUND);
  });

  it('the pupil themselves reads their own row here too: what GET /users/me/classes/{id}/teacher-view shows', async () => {
    const own = await answered(await call(who.pupilIn, 'GET', summaryUrl(classA.id, who.pupilIn.id)));
    expect(own).toEqual(await answered(await teacherView(who.pupilIn, classA.id)));
  });
});

describe('GET /users/me/classes/{id}/teacher-view', () => {
  it('a pupil in the class sees exactly what its teachers see of them', async () => {
    const mine = pupilDetailSchema.parse(await answered(await teacherView(who.pupilIn, classA.id)));
    const theirs = await answered(await call(who.owner, 'GET', summaryUrl(classA.id, who.pupilIn.id)));
    expect(mine).toEqual(theirs);
    expect(JSON.stringify(mine)).not.toMatch(EMAIL);
    // The classmate sees their own, never Daan's.
    const lotte = pupilDetailSchema.parse(await answered(await teacherView(who.classmate, classA.id)));
    expect(lotte.pupil).toEqual({ userId: who.classmate.id, name: 'Lotte B.' });
    expect(JSON.stringify(lotte)).not.toContain(who.pupilIn.id);
    // The pupil outside A: their own class's.
    const noor = pupilDetailSchema.parse(await answered(await teacherView(who.pupilOut, classB.id)));
    expect(noor.pupil.userId).toBe(who.pupilOut.id);
  });

  it('nobody else: a waiting pupil, a pupil outside the class, another teacher, both parents get the 404 of no class', async () => {
    for (const stranger of ['waiting', 'pupilOut', 'other', 'parentLinked', 'parentNot'] as const) {
      expect(await refused(await teacherView(who[stranger], classA.id), 404), stranger).toEqual(NOT_FOUND);
    }
    expect(await refused(await teacherView(who.pupilIn, classB.id), 404)).toEqual(NOT_FOUND);
    expect(await refused(await teacherView(who.pupilIn, NO_CLASS), 404)).toEqual(NOT_FOUND);
    // The class's teachers are no pupils of it.
    for (const teacher of TEACHERS) {
      expect(await refused(await teacherView(who[teacher], classA.id), 404)).toEqual(
        refusal(404, CLASS_MESSAGES.MEMBER_NOT_FOUND),
      );
    }
  });
});

// --- Class licences and seats ---------------------------------------------------------------------------------

describe('POST /classes/{id}/licenses', () => {
  it('everyone but its teachers gets the 404 of no class, and the code stays unused', async () => {
    const before = await stored();
    for (const stranger of STRANGERS) {
      for (const code of ['SB-KLAS-MEER-1', 'SB-KLAS-NOPE']) {
        const res = await call(who[stranger], 'POST', `/classes/${classA.id}/licenses`, { code });
        expect(await refused(res, 404), `${stranger} ${code}`).toEqual(NOT_FOUND);
      }
    }
    // A teacher on another's class, too.
    const res = await call(who.owner, 'POST', `/classes/${classB.id}/licenses`, { code: 'SB-KLAS-MEER-1' });
    expect(await refused(res, 404)).toEqual(NOT_FOUND);
    expect(await stored()).toEqual(before);
  });

  it('the co-teacher and the owner each redeem one: a seat for each pupil in the class while seats last', async () => {
    const redeemed = z.object({ message: z.string(), used: z.number(), seats: z.number() });
    const co = redeemed.parse(
      await answered(await call(who.co, 'POST', `/classes/${classA.id}/licenses`, { code: 'sb klas meer 1' })),
    );
    expect(co).toEqual({ message: CLASS_MESSAGES.LICENSE_REDEEMED('Wiskunde B', 2, 3), used: 2, seats: 3 });
    const owner = redeemed.parse(
      await answered(await call(who.owner, 'POST', `/classes/${classA.id}/licenses`, { code: 'SB-KLAS-MEER-2' })),
    );
    expect(owner).toMatchObject({ used: 2, seats: 3 });
    // Used: 409, for either teacher.
    for (const teacher of TEACHERS) {
      const again = await call(who[teacher], 'POST', `/classes/${classA.id}/licenses`, { code: 'SB-KLAS-MEER-1' });
      expect(await refused(again, 409)).toEqual(refusal(409, CLASS_MESSAGES.LICENSE_USED, 'code'));
    }
  });
});

describe('DELETE /classes/{id}/members/{userId}/seat', () => {
  it('everyone but its teachers gets the 404 of no class, and the seat stays taken', async () => {
    const before = await stored();
    expect(before.seats.filter((id) => id === gone1 || id === gone2)).toHaveLength(2);
    for (const stranger of STRANGERS) {
      for (const userId of [gone1, who.pupilIn.id]) {
        expect(await refused(await call(who[stranger], 'DELETE', seatUrl(classA.id, userId)), 404)).toEqual(NOT_FOUND);
      }
    }
    expect(await stored()).toEqual(before);
  });

  it('the co-teacher and the owner each free the seat of a pupil taken out; of one in the class: 409', async () => {
    expect(classMessageSchema.parse(await answered(await call(who.co, 'DELETE', seatUrl(classA.id, gone1))))).toEqual({
      message: CLASS_MESSAGES.SEAT_FREED('Bram V.'),
    });
    expect(
      classMessageSchema.parse(await answered(await call(who.owner, 'DELETE', seatUrl(classA.id, gone2)))),
    ).toEqual({ message: CLASS_MESSAGES.SEAT_FREED('Iris K.') });
    const seats = (await stored()).seats;
    expect(seats).not.toContain(gone1);
    expect(seats).not.toContain(gone2);
    for (const teacher of TEACHERS) {
      expect(await refused(await call(who[teacher], 'DELETE', seatUrl(classA.id, gone1)), 404)).toEqual(
        refusal(404, CLASS_MESSAGES.NO_SEAT),
      );
      expect(await refused(await call(who[teacher], 'DELETE', seatUrl(classA.id, who.pupilIn.id)), 409)).toEqual(
        refusal(409, CLASS_MESSAGES.SEAT_IN_USE),
      );
      for (const userId of [who.pupilOut.id, 'niemand', '\u0000']) {
        expect(await refused(await call(who[teacher], 'DELETE', seatUrl(classA.id, userId)), 404)).toEqual(
          refusal(404, CLASS_MESSAGES.MEMBER_NOT_FOUND),
        );
      }
    }
  });
});

// --- Assignments ------------------------------------------------------------------------------------------------

describe('the class’s assignments', () => {
  it('GET: owner and co-teacher see each pupil’s status by name; everyone else the 404 of no class', async () => {
    for (const teacher of TEACHERS) {
      const list = await assignmentsOf(who[teacher], classA.id);
      expect(list.map((a) => a.id)).toEqual([assignmentA]);
      expect(list[0]!.pupils.map((p) => p.name).sort()).toEqual(['Daan B.', 'Lotte B.']);
      expect(list[0]!.teacher).toBe('Marieke J.');
      expect(JSON.stringify(list)).not.toMatch(EMAIL);
    }
    for (const stranger of STRANGERS) {
      expect(await refused(await call(who[stranger], 'GET', `/classes/${classA.id}/assignments`), 404)).toEqual(
        NOT_FOUND,
      );
    }
    expect(await refused(await call(who.owner, 'GET', `/classes/${classB.id}/assignments`), 404)).toEqual(NOT_FOUND);
    expect((await assignmentsOf(who.other, classB.id)).map((a) => a.id)).toEqual([assignmentB]);
  });

  it('POST: everyone but its teachers gets the 404 of no class and gives nothing; owner and co-teacher give one', async () => {
    const before = await stored();
    for (const stranger of STRANGERS) {
      const res = await call(who[stranger], 'POST', `/classes/${classA.id}/assignments`, keepReady());
      expect(await refused(res, 404), stranger).toEqual(NOT_FOUND);
    }
    expect(await stored()).toEqual(before);
    for (const teacher of TEACHERS) {
      const created = assignmentCreatedSchema.parse(
        await answered(await call(who[teacher], 'POST', `/classes/${classA.id}/assignments`, keepReady()), 201),
      );
      expect(created.assignment).toMatchObject({ kind: 'keep_ready', targetRecall: 0.9, subject: { id: wiskunde } });
      expect(created.message).toBe(CLASS_MESSAGES.ASSIGNMENT_CREATED(created.assignment.title));
      expect(created.assignment.pupils.map((p) => p.userId).sort()).toEqual([who.pupilIn.id, who.classmate.id].sort());
    }
    expect((await assignmentsOf(who.owner, classA.id)).length).toBe(3);
  });

  it('DELETE: everyone but its teachers gets the 404 of no class; another class’s assignment is none of this one', async () => {
    const [newest, second] = await assignmentsOf(who.owner, classA.id);
    const before = await stored();
    for (const stranger of STRANGERS) {
      const res = await call(who[stranger], 'DELETE', `/classes/${classA.id}/assignments/${newest!.id}`);
      expect(await refused(res, 404), stranger).toEqual(NOT_FOUND);
    }
    for (const teacher of TEACHERS) {
      // B's assignment through A's address: not A's. Through B's: not their class.
      expect(
        await refused(await call(who[teacher], 'DELETE', `/classes/${classA.id}/assignments/${assignmentB}`), 404),
      ).toEqual(refusal(404, CLASS_MESSAGES.ASSIGNMENT_NOT_FOUND));
      expect(
        await refused(await call(who[teacher], 'DELETE', `/classes/${classB.id}/assignments/${assignmentB}`), 404),
      ).toEqual(NOT_FOUND);
    }
    expect(await stored()).toEqual(before);
    expect(await answered(await call(who.co, 'DELETE', `/classes/${classA.id}/assignments/${newest!.id}`))).toEqual({
      message: CLASS_MESSAGES.ASSIGNMENT_DELETED,
    });
    expect(await answered(await call(who.owner, 'DELETE', `/classes/${classA.id}/assignments/${second!.id}`))).toEqual({
      message: CLASS_MESSAGES.ASSIGNMENT_DELETED,
    });
    expect(
      await refused(await call(who.owner, 'DELETE', `/classes/${classA.id}/assignments/${second!.id}`), 404),
    ).toEqual(refusal(404, CLASS_MESSAGES.ASSIGNMENT_NOT_FOUND));
    expect((await assignmentsOf(who.owner, classA.id)).map((a) => a.id)).toEqual([assignmentA]);
    expect((await assignmentsOf(who.other, classB.id)).map((a) => a.id)).toEqual([assignmentB]);
  });
});

describe('GET /users/me/assignments', () => {
  it('each caller sees the open assignments of their own classes only; teachers and parents none', async () => {
    const mine = await myAssignments(who.pupilIn);
    expect(mine.map((a) => [a.id, a.className, a.teacher, a.status])).toEqual([
      [assignmentA, 'H5 Wiskunde B', 'Marieke J.', 'not_started'],
    ]);
    expect((await myAssignments(who.classmate)).map((a) => a.id)).toEqual([assignmentA]);
    expect((await myAssignments(who.pupilOut)).map((a) => a.id)).toEqual([assignmentB]);
    // Waiting to be let in: none yet. The teachers are no pupils; a parent never sees the child's.
    for (const caller of ['waiting', 'owner', 'co', 'other', 'parentLinked', 'parentNot'] as const) {
      expect(await myAssignments(who[caller]), caller).toEqual([]);
    }
  });
});

// --- Parents -----------------------------------------------------------------------------------------------------

describe('GET /users/me/parents and GET /users/me/children', () => {
  it('the pupil sees their own links; nobody else sees them, the linked parent included', async () => {
    const mine = await parentsOf(who.pupilIn);
    expect(mine.map((p) => [p.email, p.status, p.parentName])).toEqual([
      [PEOPLE.parentLinked.email, 'active', 'Petra'],
      [PEOPLE.parentNot.email, 'invited', null],
    ]);
    for (const caller of STRANGERS.filter((s) => s !== 'pupilIn')) {
      expect(await parentsOf(who[caller]), caller).toEqual([]);
    }
    for (const teacher of TEACHERS) expect(await parentsOf(who[teacher])).toEqual([]);
  });

  it('the linked parent sees their child by first name and subject, no answers, no address, no classmate', async () => {
    const view = await childrenOf(who.parentLinked);
    expect(view.children.map((c) => c.name)).toEqual(['Daan']);
    const [child] = view.children;
    // Their subjects: wiskunde B, and biologie since the class licence's seat gave it.
    expect(child!.subjects.map((s) => s.id).sort()).toEqual([wiskunde, biologie].sort());
    expect(['op_schema', 'loopt_achter']).toContain(child!.subjects.find((s) => s.id === wiskunde)!.status);
    // No grades: Daan shares none with this parent (grade-shares.test.ts: when he does).
    expect(child).toMatchObject({ gradesShared: false, grades: null });
    const text = JSON.stringify({
      ...view,
      children: view.children.map(({ grades: _grades, gradesShared: _shared, ...rest }) => rest),
    });
    expect(text).not.toMatch(EMAIL);
    expect(text).not.toMatch(/answer|grade|cijfer|Lotte|Noor/i);
    expect(text).not.toContain(who.pupilIn.id);
  });

  it('the parent who did not accept, the pupils and the teachers follow nobody', async () => {
    for (const caller of [
      'parentNot',
      'pupilIn',
      'classmate',
      'waiting',
      'pupilOut',
      'owner',
      'co',
      'other',
    ] as const) {
      expect((await childrenOf(who[caller])).children, caller).toEqual([]);
    }
  });

  it('the linked parent reaches no class endpoint: dashboard, drill-down, teacher view, assignments', async () => {
    const parent = who.parentLinked;
    for (const [method, url] of [
      ['GET', `/classes/${classA.id}`],
      ['GET', `/classes/${classA.id}/dashboard`],
      ['GET', summaryUrl(classA.id, who.pupilIn.id)],
      ['GET', `/classes/${classA.id}/assignments`],
      ['GET', `/users/me/classes/${classA.id}/teacher-view`],
    ] as const) {
      expect(await refused(await call(parent, method, url), 404), url).toEqual(NOT_FOUND);
    }
    expect(await answered(await call(parent, 'GET', '/users/me/classes'))).toEqual({ classes: [] });
  });
});

describe('POST and DELETE /users/me/parents: each pupil their own links', () => {
  it('another pupil inviting the same parent makes a link of their own; the first pupil’s stay as they were', async () => {
    const before = await parentsOf(who.pupilIn);
    const answer = parentInvitedSchema.parse(
      await answered(await call(who.classmate, 'POST', '/users/me/parents', { email: PEOPLE.parentLinked.email }), 201),
    );
    expect(answer.parent).toMatchObject({ email: PEOPLE.parentLinked.email, status: 'invited' });
    expect(await parentsOf(who.pupilIn)).toEqual(before);
    expect((await parentsOf(who.classmate)).map((p) => p.id)).toEqual([answer.parent.id]);
    // The same for the pupil themselves: invited already.
    const again = await call(who.pupilIn, 'POST', '/users/me/parents', { email: PEOPLE.parentLinked.email });
    expect(await refused(again, 409)).toEqual(refusal(409, GUARDIAN_MESSAGES.ALREADY_INVITED, 'email'));
  });

  it('nobody else ends a pupil’s link or invitation, the parent included: 404, and it stays', async () => {
    const links = await parentsOf(who.pupilIn);
    const before = await stored();
    for (const caller of [...STRANGERS.filter((s) => s !== 'pupilIn'), ...TEACHERS]) {
      for (const link of links) {
        const res = await call(who[caller], 'DELETE', `/users/me/parents/${link.id}`);
        expect(await refused(res, 404), `${caller} ${link.id}`).toEqual(refusal(404, GUARDIAN_MESSAGES.NOT_FOUND));
      }
    }
    expect(await stored()).toEqual(before);
    expect((await childrenOf(who.parentLinked)).children.map((c) => c.name)).toEqual(['Daan']);
  });

  it('the pupil withdraws the invitation: the token no longer works for anyone', async () => {
    const token = tokenMailedTo(PEOPLE.parentNot.email);
    const invited = (await parentsOf(who.pupilIn)).find((p) => p.status === 'invited')!;
    expect(await answered(await call(who.pupilIn, 'DELETE', `/users/me/parents/${invited.id}`))).toEqual({
      message: GUARDIAN_MESSAGES.ENDED,
    });
    const res = await call(who.parentNot, 'POST', '/users/me/children', { token });
    expect(await refused(res, 404)).toEqual(refusal(404, GUARDIAN_MESSAGES.INVITATION_UNKNOWN));
    expect((await childrenOf(who.parentNot)).children).toEqual([]);
    expect((await parentsOf(who.pupilIn)).map((p) => p.status)).toEqual(['active']);
  });
});

describe('POST /users/me/children: an invitation’s token, once, by someone else than the pupil', () => {
  it('the pupil cannot accept their own (409); a wrong token is unknown to all (404); the first to accept follows', async () => {
    await answered(await call(who.pupilOut, 'POST', '/users/me/parents', { email: 'ouder.amrani@example.nl' }), 201);
    const token = tokenMailedTo('ouder.amrani@example.nl');
    expect(await refused(await call(who.pupilOut, 'POST', '/users/me/children', { token }), 409)).toEqual(
      refusal(409, GUARDIAN_MESSAGES.INVITATION_OWN),
    );
    const before = await stored();
    for (const caller of [...STRANGERS, ...TEACHERS]) {
      for (const wrong of [`${token}x`, token.slice(1), token.toLowerCase() === token ? 'x' : token.toLowerCase()]) {
        const res = await call(who[caller], 'POST', '/users/me/children', { token: wrong });
        expect(await refused(res, 404), caller).toEqual(refusal(404, GUARDIAN_MESSAGES.INVITATION_UNKNOWN));
      }
    }
    expect(await stored()).toEqual(before);
    expect(await answered(await call(who.parentNot, 'POST', '/users/me/children', { token }))).toEqual({
      message: GUARDIAN_MESSAGES.ACCEPTED('Noor'),
    });
    // Once only: the next one (the linked parent of another child) is refused and follows only their own.
    expect(await refused(await call(who.parentLinked, 'POST', '/users/me/children', { token }), 404)).toEqual(
      refusal(404, GUARDIAN_MESSAGES.INVITATION_UNKNOWN),
    );
    expect((await childrenOf(who.parentNot)).children.map((c) => c.name)).toEqual(['Noor']);
    expect((await childrenOf(who.parentLinked)).children.map((c) => c.name)).toEqual(['Daan']);
    expect((await parentsOf(who.pupilOut)).map((p) => [p.status, p.parentName])).toEqual([['active', 'Karin']]);
  });

  it('a teacher who accepts (their onboarding not finished) stays a teacher: their classes stay theirs', async () => {
    const roleOf = async (caller: Caller) =>
      z
        .object({ user: z.object({ educationRole: z.string() }) })
        .parse(await answered(await call(caller, 'GET', '/users/me'))).user.educationRole;
    expect(await roleOf(who.co)).toBe('teacher');
    await answered(await call(who.classmate, 'POST', '/users/me/parents', { email: PEOPLE.co.email }), 201);
    const token = tokenMailedTo(PEOPLE.co.email);
    expect(await answered(await call(who.co, 'POST', '/users/me/children', { token }))).toEqual({
      message: GUARDIAN_MESSAGES.ACCEPTED('Lotte'),
    });
    expect(await roleOf(who.co)).toBe('teacher');
    const taught = taughtClassesSchema.parse(await answered(await call(who.co, 'GET', '/classes'))).classes;
    expect(taught.map((c) => [c.id, c.role])).toEqual([[classA.id, 'co']]);
    expect((await childrenOf(who.co)).children.map((c) => c.name)).toEqual(['Lotte']);
    // Following a pupil of the class as a parent changes nothing of what the co-teacher sees of the class.
    expect((await dashboardOf(who.co, classA.id)).class.role).toBe('co');
  });

  it('once the pupil ends the link, the parent follows them no more', async () => {
    const [link] = await parentsOf(who.pupilIn);
    await answered(await call(who.pupilIn, 'DELETE', `/users/me/parents/${link!.id}`));
    expect((await childrenOf(who.parentLinked)).children).toEqual([]);
    expect(await parentsOf(who.pupilIn)).toEqual([]);
    expect(await refused(await call(who.pupilIn, 'DELETE', `/users/me/parents/${link!.id}`), 404)).toEqual(
      refusal(404, GUARDIAN_MESSAGES.NOT_FOUND),
    );
  });
});
