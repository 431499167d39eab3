/**
 * Classes (issue 31) through the API: GET/POST /v1/classes, GET /v1/classes/{id}, POST /v1/classes/{id}/code,
 * POST /v1/classes/{id}/teachers, PATCH/DELETE /v1/classes/{id}/members/{userId}, GET /v1/users/me/classes,
 * POST /v1/users/me/classes/join and DELETE /v1/users/me/classes/{id}.
 *
 * Who may do what, endpoint by endpoint: anonymous (401), a pupil of the class, a pupil outside it, a teacher
 * of another class, a co-teacher (added by the owner) and the owner. A class the caller does not teach answers
 * the same 404 as a class that does not exist; teacher views show first names and last initials, never an
 * e-mail address. Then the join code's 14 free days (after them a joiner waits for a teacher), a new code,
 * removed pupils and leaving; the 1 August rollover (archived: read-only, its history kept); the validation of
 * a new class; and the per-user limits of joining and of adding colleagues.
 *
 * One runtime for the file; each caller has a client address of their own (TRUST_PROXY), so the write rule's
 * rate limit is never reached. Generated requests: api-classes-fuzz.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/modules/accounts/db/tables.ts';
import { subjects } from '#app/modules/catalog/db/tables.ts';
import { classes } from '#app/modules/classes/db/tables.ts';
import { DAY_MS } from '#app/platform/dates.ts';
import {
  CLASS_MESSAGES,
  classCreatedSchema,
  classDetailSchema,
  classMessageSchema,
  joinAnswerSchema,
  joinedClassesSchema,
  schoolYearOf,
  taughtClassesSchema,
  type TaughtClassView,
} from '#app/modules/classes/index.ts';
import { CLASS_JOIN_ATTEMPTS, CO_TEACHER_ATTEMPTS, classAccess } from '#app/modules/classes/index.server.ts';
import { API_MESSAGES } from '#app/platform/schemas/api-error.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { z } from '#app/platform/schemas/z.ts';
import { type Caller, newUser, recordMails } from './accounts.ts';
import { answered, apiClient, refused } from './http.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
const call = apiClient(() => rt);

/** The school year of today (2026 for 2026–2027), as the service reckons it. */
const SCHOOL_YEAR = schoolYearOf(new Date());
/** No row has this id. */
const NO_CLASS = 2_000_000_000;

/** Each caller's address, full name and what a teacher sees of it (first name and last initial). */
const PEOPLE = {
  owner: { email: 'marieke.jansen@example.nl', name: 'Marieke Jansen', shown: 'Marieke J.' },
  co: { email: 'pieter.deboer@example.nl', name: 'Pieter de Boer', shown: 'Pieter B.' },
  other: { email: 'femke.visser@example.nl', name: 'Femke Visser', shown: 'Femke V.' },
  pupilIn: { email: 'daan.vandenberg@example.nl', name: 'Daan van den Berg', shown: 'Daan B.' },
  pupilOut: { email: 'noor.elamrani@example.nl', name: 'Noor El Amrani', shown: 'Noor A.' },
  lotte: { email: 'lotte.bakker@example.nl', name: 'Lotte Bakker', shown: 'Lotte B.' },
  sem: { email: 'sem.dejong@example.nl', name: 'Sem de Jong', shown: 'Sem J.' },
  emma: { email: 'emma.smit@example.nl', name: 'Emma Smit', shown: 'Emma S.' },
  milan: { email: 'milan.mulder@example.nl', name: 'Milan Mulder', shown: 'Milan M.' },
} as const;
type Person = keyof typeof PEOPLE;
const PUPIL_EMAILS = Object.entries(PEOPLE)
  .filter(([person]) => !['owner', 'co', 'other'].includes(person))
  .map(([, person]) => person.email);

const who = {} as Record<Person, Caller>;
/** The owner's class with a co-teacher and one pupil (`pupilIn`); the other teacher's class with `pupilOut`. */
let classA: TaughtClassView;
let classB: TaughtClassView;
/** Subject ids of the seeded catalogue, per level. */
let havo: number[] = [];
let vwo: number[] = [];

// --- Calls ---------------------------------------------------------------------------------------------

const newClassBody = (overrides: Record<string, unknown> = {}) => ({
  schoolName: 'Demo College',
  name: 'H5 Wiskunde',
  level: 'havo',
  examYear: SCHOOL_YEAR + 1,
  schoolYear: SCHOOL_YEAR,
  subjectIds: havo.slice(0, 2),
  ...overrides,
});

async function createClass(caller: Caller, overrides: Record<string, unknown> = {}) {
  const created = classCreatedSchema.parse(
    await answered(await call(caller, 'POST', '/classes', newClassBody(overrides)), 201),
  );
  return created.class;
}

const detailOf = async (caller: Caller, classId: number) =>
  classDetailSchema.parse(await answered(await call(caller, 'GET', `/classes/${classId}`)));
const taughtOf = async (caller: Caller) =>
  taughtClassesSchema.parse(await answered(await call(caller, 'GET', '/classes'))).classes;
const joinedOf = async (caller: Caller) =>
  joinedClassesSchema.parse(await answered(await call(caller, 'GET', '/users/me/classes'))).classes;
const join = (caller: Caller | null, code: string) => call(caller, 'POST', '/users/me/classes/join', { code });
const joined = async (caller: Caller, code: string) =>
  joinAnswerSchema.parse(await answered(await join(caller, code), 201));
const memberUrl = (classId: number, userId: string) => `/classes/${classId}/members/${encodeURIComponent(userId)}`;
const approve = (caller: Caller | null, classId: number, userId: string) =>
  call(caller, 'PATCH', memberUrl(classId, userId), { status: 'active' });
const remove = (caller: Caller | null, classId: number, userId: string) =>
  call(caller, 'DELETE', memberUrl(classId, userId));
const renew = (caller: Caller | null, classId: number) => call(caller, 'POST', `/classes/${classId}/code`);
const addTeacher = (caller: Caller | null, classId: number, email: string) =>
  call(caller, 'POST', `/classes/${classId}/teachers`, { email });
const leave = (caller: Caller | null, classId: number) => call(caller, 'DELETE', `/users/me/classes/${classId}`);
const message = async (res: Response, status = 200) => classMessageSchema.parse(await answered(res, status)).message;

/** The one answer for a class the caller may not see, whether it exists or not. */
const NOT_FOUND = { status: 404, error: 'not_found', message: CLASS_MESSAGES.NOT_FOUND };
/** A refusal of the classes module with its status, code and message (and the field, for a field's). */
function refusal(status: number, text: string, field?: string) {
  const error = { 400: 'validation_failed', 403: 'forbidden', 404: 'not_found', 409: 'conflict' }[status];
  return { status, error, message: text, ...(field ? { fieldErrors: { [field]: [text] } } : {}) };
}

/** The members of a class as its teacher sees them: name → status. */
const statusesIn = (detail: { members: { name: string; status: string }[] }) =>
  Object.fromEntries(detail.members.map((member) => [member.name, member.status]));

/** Moves the class's code back `days` days, as if it had been made then. */
async function backdateCode(classId: number, days: number) {
  const [row] = await rt.database.db.select({ at: classes.codeOpenedAt }).from(classes).where(eq(classes.id, classId));
  await rt.database.db
    .update(classes)
    .set({ codeOpenedAt: new Date(row!.at.getTime() - days * DAY_MS) })
    .where(eq(classes.id, classId));
}

/** What a pupil types: the code in lower case, with spaces and hyphens where they like. */
const typed = (code: string) => {
  const plain = code.replace('-', '').toLowerCase();
  return ` ${plain.slice(0, 2)} ${plain.slice(2, 5)}-${plain.slice(5)} `;
};

/** An ISO time about `days` days from now (within a minute). */
function expectAbout(iso: string, days: number) {
  expect(Math.abs(Date.parse(iso) - (Date.now() + days * DAY_MS))).toBeLessThan(60_000);
}

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const { db } = rt.database;
  const mails = recordMails(rt);
  for (const person of Object.keys(PEOPLE) as Person[]) {
    who[person] = await newUser(rt, mails, PEOPLE[person].email);
    await db.update(users).set({ name: PEOPLE[person].name }).where(eq(users.id, who[person].id));
  }
  for (const teacher of [who.owner, who.co, who.other]) {
    expect((await call(teacher, 'PATCH', '/users/me', { educationRole: 'teacher' })).status).toBe(200);
  }
  const all = await db.select({ id: subjects.id, level: subjects.levelName }).from(subjects).orderBy(subjects.id);
  havo = all.filter((subject) => subject.level === 'havo').map((subject) => subject.id);
  vwo = all.filter((subject) => subject.level === 'vwo').map((subject) => subject.id);
  expect(havo.length).toBeGreaterThanOrEqual(6);
  expect(vwo.length).toBeGreaterThanOrEqual(1);

  classA = await createClass(who.owner, { name: 'H5 Wiskunde B' });
  expect(await message(await addTeacher(who.owner, classA.id, PEOPLE.co.email))).toBe(
    CLASS_MESSAGES.CO_TEACHER_ADDED(PEOPLE.co.shown),
  );
  expect((await joined(who.pupilIn, classA.joinCode)).class.status).toBe('active');
  classB = await createClass(who.other, { name: 'V6 Biologie', level: 'vwo', subjectIds: [vwo[0]!] });
  expect((await joined(who.pupilOut, classB.joinCode)).class.status).toBe('active');
}, 120_000);

afterAll(async () => {
  await rt?.close();
});

// --- Who may do what -------------------------------------------------------------------------------------

describe('who may do what', () => {
  const ENDPOINTS: [string, string, unknown][] = [
    ['GET', '/classes', undefined],
    ['POST', '/classes', 'new class'],
    ['GET', '/classes/{A}', undefined],
    ['POST', '/classes/{A}/code', undefined],
    ['POST', '/classes/{A}/teachers', { email: PEOPLE.other.email }],
    ['PATCH', '/classes/{A}/members/{pupilIn}', { status: 'active' }],
    ['DELETE', '/classes/{A}/members/{pupilIn}', undefined],
    ['GET', '/users/me/classes', undefined],
    ['POST', '/users/me/classes/join', 'code of A'],
    ['DELETE', '/users/me/classes/{A}', undefined],
  ];

  it.each(ENDPOINTS)('%s %s: anonymous or with a forged session cookie, 401; nothing changed', async (method, path) => {
    const before = await detailOf(who.owner, classA.id);
    const url = path.replace('{A}', String(classA.id)).replace('{pupilIn}', who.pupilIn.id);
    const body = ENDPOINTS.find((e) => e[1] === path)![2];
    const sent = body === 'new class' ? newClassBody() : body === 'code of A' ? { code: classA.joinCode } : body;
    for (const cookie of [undefined, 'slaagbundel.session_token=forged.value']) {
      const error = await refused(await call(cookie, method, url, sent), 401);
      expect(error).toEqual({ status: 401, error: 'unauthorized', message: API_MESSAGES.UNAUTHORIZED });
    }
    expect(await detailOf(who.owner, classA.id)).toEqual(before);
    expect(await taughtOf(who.owner)).toHaveLength(1);
  });

  it('GET /classes: a teacher lists the classes they own or share, a pupil is refused (403)', async () => {
    const [owned] = await taughtOf(who.owner);
    expect(owned).toMatchObject({
      id: classA.id,
      name: 'H5 Wiskunde B',
      role: 'owner',
      joinCode: classA.joinCode,
      pupils: 1,
      waiting: 0,
      archived: false,
      teachers: [
        { name: PEOPLE.owner.shown, role: 'owner' },
        { name: PEOPLE.co.shown, role: 'co' },
      ],
    });
    expect(await taughtOf(who.co)).toEqual([{ ...owned, role: 'co' }]);
    // The other teacher sees their own class only.
    expect((await taughtOf(who.other)).map((c) => [c.id, c.role])).toEqual([[classB.id, 'owner']]);
    for (const pupil of [who.pupilIn, who.pupilOut]) {
      expect(await refused(await call(pupil, 'GET', '/classes'), 403)).toEqual(
        refusal(403, CLASS_MESSAGES.TEACHERS_ONLY),
      );
    }
  });

  it('POST /classes: a pupil is refused (403) and makes nothing; a teacher makes a class they own', async () => {
    for (const pupil of [who.pupilIn, who.pupilOut]) {
      expect(await refused(await call(pupil, 'POST', '/classes', newClassBody()), 403)).toEqual(
        refusal(403, CLASS_MESSAGES.TEACHERS_ONLY),
      );
    }
    const res = await call(who.co, 'POST', '/classes', newClassBody({ name: 'H4 Economie', subjectIds: [havo[2]] }));
    const created = classCreatedSchema.parse(await answered(res, 201));
    expect(created.message).toBe(CLASS_MESSAGES.CREATED('H4 Economie'));
    expect(created.class).toMatchObject({
      name: 'H4 Economie',
      level: 'havo',
      examYear: SCHOOL_YEAR + 1,
      schoolYear: SCHOOL_YEAR,
      archived: false,
      role: 'owner',
      school: { name: 'Demo College', brin: null },
      subjects: [{ id: havo[2] }],
      teachers: [{ name: PEOPLE.co.shown, role: 'owner' }],
      pupils: 0,
      waiting: 0,
    });
    // Eight characters without 0/O, 1/I/L, shown as two groups of four; 14 free days from now.
    expect(created.class.joinCode).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expectAbout(created.class.joinsFreelyUntil, 14);
    // It is the co-teacher's own: listed for them (owner of it, co of A), not for A's owner or anyone else.
    expect((await taughtOf(who.co)).map((c) => [c.id, c.role]).sort()).toEqual(
      [
        [classA.id, 'co'],
        [created.class.id, 'owner'],
      ].sort(),
    );
    expect((await taughtOf(who.owner)).map((c) => c.id)).toEqual([classA.id]);
    expect(await refused(await call(who.owner, 'GET', `/classes/${created.class.id}`), 404)).toEqual(NOT_FOUND);
  });

  it('GET /classes/{id}: owner and co-teacher see the pupils; a pupil in it, one outside it and another teacher get the 404 of no class', async () => {
    const mine = await detailOf(who.owner, classA.id);
    expect(mine.class).toMatchObject({ id: classA.id, role: 'owner', pupils: 1 });
    expect(mine.members).toEqual([
      {
        userId: who.pupilIn.id,
        name: PEOPLE.pupilIn.shown,
        status: 'active',
        joinedAt: expect.any(String),
        seat: false,
      },
    ]);
    const shared = await detailOf(who.co, classA.id);
    expect(shared).toEqual({ ...mine, class: { ...mine.class, role: 'co' } });

    const none = await refused(await call(who.owner, 'GET', `/classes/${NO_CLASS}`), 404);
    expect(none).toEqual(NOT_FOUND);
    for (const stranger of [who.pupilIn, who.pupilOut, who.other]) {
      expect(await refused(await call(stranger, 'GET', `/classes/${classA.id}`), 404)).toEqual(none);
    }
    // The other teacher's own class is theirs alone.
    for (const stranger of [who.owner, who.co, who.pupilOut]) {
      expect(await refused(await call(stranger, 'GET', `/classes/${classB.id}`), 404)).toEqual(none);
    }
  });

  it('teacher views show first names and last initials, never an e-mail address; a pupil sees no member list', async () => {
    const texts = [
      JSON.stringify(await answered(await call(who.owner, 'GET', '/classes'))),
      JSON.stringify(await answered(await call(who.owner, 'GET', `/classes/${classA.id}`))),
      JSON.stringify(await answered(await call(who.co, 'GET', `/classes/${classA.id}`))),
      JSON.stringify(await answered(await call(who.other, 'GET', `/classes/${classB.id}`))),
    ];
    for (const text of texts) {
      for (const email of PUPIL_EMAILS) expect(text).not.toContain(email);
      for (const person of Object.values(PEOPLE)) {
        expect(text).not.toContain(person.email);
        // The last name is not shown whole ("Jansen", "van den Berg", "El Amrani").
        expect(text).not.toContain(person.name);
      }
      expect(text).not.toMatch(/@example\.nl/);
    }
    expect(texts[1]).toContain(`"name":"${PEOPLE.pupilIn.shown}"`);
    expect(texts[3]).toContain(`"name":"${PEOPLE.pupilOut.shown}"`);

    // The pupil's own view: the class and its teachers' short names, not who else is in it, nor the code.
    const [mine] = await joinedOf(who.pupilIn);
    expect(mine).toMatchObject({
      id: classA.id,
      name: 'H5 Wiskunde B',
      status: 'active',
      archived: false,
      teachers: [
        { name: PEOPLE.owner.shown, role: 'owner' },
        { name: PEOPLE.co.shown, role: 'co' },
      ],
    });
    const pupilText = JSON.stringify(await answered(await call(who.pupilIn, 'GET', '/users/me/classes')));
    expect(pupilText).not.toMatch(/@example\.nl|"members"|"joinCode"|"userId"/);
    expect(pupilText).not.toContain(classA.joinCode);
  });

  it('POST /classes/{id}/code: the owner and the co-teacher give a new code; pupils and another teacher get 404, the code stays', async () => {
    for (const stranger of [who.pupilIn, who.pupilOut, who.other]) {
      expect(await refused(await renew(stranger, classA.id), 404)).toEqual(NOT_FOUND);
    }
    expect((await detailOf(who.owner, classA.id)).class.joinCode).toBe(classA.joinCode);
    expect(await refused(await renew(who.owner, NO_CLASS), 404)).toEqual(NOT_FOUND);

    let code = classA.joinCode;
    for (const teacher of [who.co, who.owner]) {
      const answer = z
        .object({ joinCode: z.string(), message: z.string() })
        .parse(await answered(await renew(teacher, classA.id)));
      expect(answer.message).toBe(CLASS_MESSAGES.CODE_RENEWED);
      expect(answer.joinCode).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
      expect(answer.joinCode).not.toBe(code);
      code = answer.joinCode;
      expect((await detailOf(who.owner, classA.id)).class.joinCode).toBe(code);
    }
    classA = { ...classA, joinCode: code };
  });

  it('POST /classes/{id}/teachers: only the owner shares a class (a co-teacher 403); pupils and another teacher get 404', async () => {
    for (const stranger of [who.pupilIn, who.pupilOut, who.other]) {
      expect(await refused(await addTeacher(stranger, classA.id, PEOPLE.other.email), 404)).toEqual(NOT_FOUND);
    }
    expect(await refused(await addTeacher(who.co, classA.id, PEOPLE.other.email), 403)).toEqual(
      refusal(403, CLASS_MESSAGES.OWNER_ONLY),
    );
    // No teacher account: a pupil's address, or nobody's.
    for (const email of [PEOPLE.pupilIn.email, 'niemand@example.nl']) {
      expect(await refused(await addTeacher(who.owner, classA.id, email), 400)).toEqual(
        refusal(400, CLASS_MESSAGES.NO_TEACHER, 'email'),
      );
    }
    // The co-teacher again (the address in capitals), or the owner themselves: they share it already.
    for (const email of [PEOPLE.co.email.toUpperCase(), PEOPLE.owner.email]) {
      expect(await refused(await addTeacher(who.owner, classA.id, email), 409)).toEqual(
        refusal(409, CLASS_MESSAGES.ALREADY_TEACHER, 'email'),
      );
    }
    // Nobody got in: the other teacher still cannot see the class, the teachers are the same two.
    expect(await refused(await call(who.other, 'GET', `/classes/${classA.id}`), 404)).toEqual(NOT_FOUND);
    expect((await detailOf(who.owner, classA.id)).class.teachers).toEqual([
      { name: PEOPLE.owner.shown, role: 'owner' },
      { name: PEOPLE.co.shown, role: 'co' },
    ]);
  });

  it('PATCH and DELETE /classes/{id}/members/{userId}: owner and co-teacher let in and take out; pupils and another teacher get 404', async () => {
    const pupil = who.pupilIn.id;
    const statusOf = async () => statusesIn(await detailOf(who.owner, classA.id))[PEOPLE.pupilIn.shown];
    for (const stranger of [who.pupilIn, who.pupilOut, who.other]) {
      expect(await refused(await remove(stranger, classA.id, pupil), 404)).toEqual(NOT_FOUND);
      expect(await refused(await approve(stranger, classA.id, pupil), 404)).toEqual(NOT_FOUND);
    }
    expect(await statusOf()).toBe('active');
    expect(await classAccess(rt.services, pupil, classA.id)).toBe('member');

    for (const teacher of [who.co, who.owner]) {
      expect(await message(await remove(teacher, classA.id, pupil))).toBe(
        CLASS_MESSAGES.MEMBER_REMOVED(PEOPLE.pupilIn.shown),
      );
      expect(await statusOf()).toBe('removed');
      expect(await classAccess(rt.services, pupil, classA.id)).toBe('none');
      // Out of their list, and out of the count of pupils.
      expect(await joinedOf(who.pupilIn)).toEqual([]);
      expect((await detailOf(who.owner, classA.id)).class.pupils).toBe(0);
      // Taken out already: no member to take out.
      expect(await refused(await remove(teacher, classA.id, pupil), 404)).toEqual(
        refusal(404, CLASS_MESSAGES.MEMBER_NOT_FOUND),
      );
      // A teacher lets a removed pupil back in.
      expect(await message(await approve(teacher, classA.id, pupil))).toBe(
        CLASS_MESSAGES.APPROVED(PEOPLE.pupilIn.shown),
      );
      expect(await statusOf()).toBe('active');
      expect(await classAccess(rt.services, pupil, classA.id)).toBe('member');
      expect(await refused(await approve(teacher, classA.id, pupil), 409)).toEqual(
        refusal(409, CLASS_MESSAGES.NOT_PENDING),
      );
    }
    // Nobody of the class: a pupil of another class, a teacher, an id of nobody, one no id can be (a NUL).
    for (const userId of [who.pupilOut.id, who.co.id, 'niemand', `${who.pupilIn.id}\u0000`]) {
      expect(await refused(await approve(who.owner, classA.id, userId), 404)).toEqual(
        refusal(404, CLASS_MESSAGES.MEMBER_NOT_FOUND),
      );
      expect(await refused(await remove(who.owner, classA.id, userId), 404)).toEqual(
        refusal(404, CLASS_MESSAGES.MEMBER_NOT_FOUND),
      );
    }
    expect(await refused(await approve(who.owner, NO_CLASS, pupil), 404)).toEqual(NOT_FOUND);
    expect(statusesIn(await detailOf(who.other, classB.id))).toEqual({ [PEOPLE.pupilOut.shown]: 'active' });
  });

  it('GET /users/me/classes: each pupil lists their own classes; a teacher, none', async () => {
    expect((await joinedOf(who.pupilIn)).map((c) => c.id)).toEqual([classA.id]);
    expect((await joinedOf(who.pupilOut)).map((c) => c.id)).toEqual([classB.id]);
    for (const teacher of [who.owner, who.co, who.other]) expect(await joinedOf(teacher)).toEqual([]);
  });

  it('POST /users/me/classes/join: a teacher is refused (403), a pupil in the class already 409', async () => {
    for (const teacher of [who.owner, who.co, who.other]) {
      expect(await refused(await join(teacher, classA.joinCode), 403)).toEqual(
        refusal(403, CLASS_MESSAGES.PUPILS_ONLY),
      );
    }
    expect(await refused(await join(who.pupilIn, classA.joinCode), 409)).toEqual(
      refusal(409, CLASS_MESSAGES.ALREADY_MEMBER, 'code'),
    );
    expect((await detailOf(who.owner, classA.id)).members).toHaveLength(1);
  });

  it('DELETE /users/me/classes/{id}: only a pupil of the class leaves it; anyone else 404', async () => {
    const notAMember = refusal(404, CLASS_MESSAGES.NOT_A_MEMBER);
    for (const caller of [who.pupilOut, who.owner, who.co, who.other]) {
      expect(await refused(await leave(caller, classA.id), 404)).toEqual(notAMember);
    }
    expect(await refused(await leave(who.pupilIn, NO_CLASS), 404)).toEqual(notAMember);
    expect(await refused(await leave(who.pupilIn, classB.id), 404)).toEqual(notAMember);
    expect(statusesIn(await detailOf(who.owner, classA.id))).toEqual({ [PEOPLE.pupilIn.shown]: 'active' });
    expect(statusesIn(await detailOf(who.other, classB.id))).toEqual({ [PEOPLE.pupilOut.shown]: 'active' });
  });

  it('a second teacher can neither read nor change the first one’s class', async () => {
    const before = await detailOf(who.owner, classA.id);
    const none = await refused(await call(who.other, 'GET', `/classes/${NO_CLASS}`), 404);
    const attempts = [
      call(who.other, 'GET', `/classes/${classA.id}`),
      renew(who.other, classA.id),
      addTeacher(who.other, classA.id, PEOPLE.other.email),
      approve(who.other, classA.id, who.pupilIn.id),
      remove(who.other, classA.id, who.pupilIn.id),
    ];
    for (const res of attempts) expect(await refused(await res, 404)).toEqual(none);
    expect((await taughtOf(who.other)).map((c) => c.id)).toEqual([classB.id]);
    expect(await classAccess(rt.services, who.other.id, classA.id)).toBe('none');
    expect(await detailOf(who.owner, classA.id)).toEqual(before);
  });
});

// --- The join code -------------------------------------------------------------------------------------

describe('the join code: 14 free days, then a teacher lets pupils in', () => {
  let lock: TaughtClassView;

  beforeAll(async () => {
    lock = await createClass(who.owner, { name: 'H5 Economie', subjectIds: [havo[3]] });
  });

  it('within 14 days a pupil is in at once, whatever case, spaces or hyphens they type; twice is 409', async () => {
    const first = await joined(who.lotte, lock.joinCode);
    expect(first.message).toBe(CLASS_MESSAGES.JOINED('H5 Economie'));
    expect(first.class).toMatchObject({ id: lock.id, name: 'H5 Economie', status: 'active', archived: false });
    expectAbout(first.class.joinedAt, 0);

    const second = await joined(who.sem, typed(lock.joinCode));
    expect(second.class.status).toBe('active');
    expect(await classAccess(rt.services, who.sem.id, lock.id)).toBe('member');

    expect(await refused(await join(who.lotte, lock.joinCode.toLowerCase()), 409)).toEqual(
      refusal(409, CLASS_MESSAGES.ALREADY_MEMBER, 'code'),
    );
    const detail = await detailOf(who.owner, lock.id);
    expect(statusesIn(detail)).toEqual({ [PEOPLE.lotte.shown]: 'active', [PEOPLE.sem.shown]: 'active' });
    expect(detail.class).toMatchObject({ pupils: 2, waiting: 0 });
  });

  it('after 14 days a joiner waits (pending): not in the class until a teacher lets them in', async () => {
    await backdateCode(lock.id, 15);
    expect(Date.parse((await detailOf(who.owner, lock.id)).class.joinsFreelyUntil)).toBeLessThan(Date.now());

    const waiting = await joined(who.emma, typed(lock.joinCode));
    expect(waiting.class).toMatchObject({ id: lock.id, status: 'pending' });
    expect(waiting.message).toBe(CLASS_MESSAGES.PENDING('H5 Economie'));
    expect(waiting.message).toMatch(/ouder dan 14 dagen.*docent laat je eerst toe/);
    // Waiting is not being in the class: classAccess says none; the pupil's list says pending.
    expect(await classAccess(rt.services, who.emma.id, lock.id)).toBe('none');
    expect((await joinedOf(who.emma)).map((c) => [c.id, c.status])).toEqual([[lock.id, 'pending']]);
    expect(await refused(await join(who.emma, lock.joinCode), 409)).toEqual(
      refusal(409, CLASS_MESSAGES.ALREADY_PENDING, 'code'),
    );
    // A waiting pupil cannot see the members either.
    expect(await refused(await call(who.emma, 'GET', `/classes/${lock.id}`), 404)).toEqual(NOT_FOUND);

    // The teachers see them waiting.
    const detail = await detailOf(who.owner, lock.id);
    expect(statusesIn(detail)).toEqual({
      [PEOPLE.lotte.shown]: 'active',
      [PEOPLE.sem.shown]: 'active',
      [PEOPLE.emma.shown]: 'pending',
    });
    expect(detail.class).toMatchObject({ pupils: 2, waiting: 1 });
    expect((await taughtOf(who.owner)).find((c) => c.id === lock.id)).toMatchObject({ pupils: 2, waiting: 1 });

    // The owner lets them in: active, in the class.
    expect(await message(await approve(who.owner, lock.id, who.emma.id))).toBe(
      CLASS_MESSAGES.APPROVED(PEOPLE.emma.shown),
    );
    expect((await joinedOf(who.emma)).map((c) => [c.id, c.status])).toEqual([[lock.id, 'active']]);
    expect(await classAccess(rt.services, who.emma.id, lock.id)).toBe('member');
    expect((await detailOf(who.owner, lock.id)).class).toMatchObject({ pupils: 3, waiting: 0 });
    expect(await refused(await approve(who.owner, lock.id, who.emma.id), 409)).toEqual(
      refusal(409, CLASS_MESSAGES.NOT_PENDING),
    );
  });

  it('a new code: the old one is unknown (400), the new one lets pupils in freely again', async () => {
    const old = lock.joinCode;
    const renewed = z.object({ joinCode: z.string() }).parse(await answered(await renew(who.owner, lock.id)));
    expect(renewed.joinCode).not.toBe(old);
    expectAbout((await detailOf(who.owner, lock.id)).class.joinsFreelyUntil, 14);

    for (const code of [old, typed(old)]) {
      expect(await refused(await join(who.milan, code), 400)).toEqual(
        refusal(400, CLASS_MESSAGES.UNKNOWN_CODE, 'code'),
      );
    }
    expect(await joinedOf(who.milan)).toEqual([]);
    const milan = await joined(who.milan, typed(renewed.joinCode));
    expect(milan.class.status).toBe('active');
    expect(milan.message).toBe(CLASS_MESSAGES.JOINED('H5 Economie'));
    lock = { ...lock, joinCode: renewed.joinCode };
  });

  it('a removed pupil cannot join again (409) until a teacher lets them back in', async () => {
    expect(await message(await remove(who.owner, lock.id, who.milan.id))).toBe(
      CLASS_MESSAGES.MEMBER_REMOVED(PEOPLE.milan.shown),
    );
    expect(await joinedOf(who.milan)).toEqual([]);
    expect(await classAccess(rt.services, who.milan.id, lock.id)).toBe('none');
    expect(await refused(await join(who.milan, lock.joinCode), 409)).toEqual(
      refusal(409, CLASS_MESSAGES.REMOVED, 'code'),
    );
    // Removed is not a member who can leave.
    expect(await refused(await leave(who.milan, lock.id), 404)).toEqual(refusal(404, CLASS_MESSAGES.NOT_A_MEMBER));
    expect(statusesIn(await detailOf(who.owner, lock.id))[PEOPLE.milan.shown]).toBe('removed');
    // Only the owner's class: the co-teacher of A is no teacher of this one.
    expect(await refused(await approve(who.co, lock.id, who.milan.id), 404)).toEqual(NOT_FOUND);
    expect(await message(await approve(who.owner, lock.id, who.milan.id))).toBe(
      CLASS_MESSAGES.APPROVED(PEOPLE.milan.shown),
    );
    expect((await joinedOf(who.milan)).map((c) => [c.id, c.status])).toEqual([[lock.id, 'active']]);
  });

  it('leaving: the class leaves the pupil’s list; leaving again 404; a waiting pupil can stop waiting', async () => {
    expect(await message(await leave(who.sem, lock.id))).toBe(CLASS_MESSAGES.LEFT('H5 Economie'));
    expect(await joinedOf(who.sem)).toEqual([]);
    expect(await classAccess(rt.services, who.sem.id, lock.id)).toBe('none');
    expect(statusesIn(await detailOf(who.owner, lock.id))).not.toHaveProperty(PEOPLE.sem.shown);
    expect(await refused(await leave(who.sem, lock.id), 404)).toEqual(refusal(404, CLASS_MESSAGES.NOT_A_MEMBER));
    // Leaving is not being removed: with the (new, free) code they are in again.
    expect((await joined(who.sem, lock.joinCode)).class.status).toBe('active');

    // A pupil waiting for approval leaves: no longer waiting.
    await backdateCode(lock.id, 20);
    expect((await joined(who.pupilOut, lock.joinCode)).class.status).toBe('pending');
    expect((await detailOf(who.owner, lock.id)).class.waiting).toBe(1);
    expect(await message(await leave(who.pupilOut, lock.id))).toBe(CLASS_MESSAGES.LEFT('H5 Economie'));
    expect((await joinedOf(who.pupilOut)).map((c) => c.id)).toEqual([classB.id]);
    expect((await detailOf(who.owner, lock.id)).class.waiting).toBe(0);
  });
});

// --- 1 August ----------------------------------------------------------------------------------------------

describe('1 August: last school year’s class is archived, read-only, its history kept', () => {
  let old: TaughtClassView;

  beforeAll(async () => {
    old = await createClass(who.owner, { name: 'H4 Geschiedenis', subjectIds: [havo[4]] });
    expect((await addTeacher(who.owner, old.id, PEOPLE.co.email)).status).toBe(200);
    await joined(who.lotte, old.joinCode);
    await backdateCode(old.id, 15);
    expect((await joined(who.emma, old.joinCode)).class.status).toBe('pending');
    // The school year is over: as if the class was made a year ago.
    await rt.database.db
      .update(classes)
      .set({ schoolYear: SCHOOL_YEAR - 1 })
      .where(eq(classes.id, old.id));
  });

  it('every read still answers, marked archived, with its members', async () => {
    const detail = await detailOf(who.owner, old.id);
    expect(detail.class).toMatchObject({ archived: true, schoolYear: SCHOOL_YEAR - 1, pupils: 1, waiting: 1 });
    expect(statusesIn(detail)).toEqual({ [PEOPLE.lotte.shown]: 'active', [PEOPLE.emma.shown]: 'pending' });
    expect(await detailOf(who.co, old.id)).toEqual({ ...detail, class: { ...detail.class, role: 'co' } });
    const listed = (await taughtOf(who.owner)).find((c) => c.id === old.id);
    expect(listed).toMatchObject({ archived: true, joinCode: old.joinCode });
    expect((await joinedOf(who.lotte)).find((c) => c.id === old.id)).toMatchObject({
      archived: true,
      status: 'active',
    });
    expect(await classAccess(rt.services, who.lotte.id, old.id)).toBe('member');
    // Still nobody else's.
    expect(await refused(await call(who.other, 'GET', `/classes/${old.id}`), 404)).toEqual(NOT_FOUND);
  });

  it('every write answers 409 with the archived message, and changes nothing', async () => {
    const before = await detailOf(who.owner, old.id);
    const archived = refusal(409, CLASS_MESSAGES.ARCHIVED);
    // Joining with its code (also the formatted code in lower case).
    for (const code of [old.joinCode, typed(old.joinCode)]) {
      expect(await refused(await join(who.milan, code), 409)).toEqual(refusal(409, CLASS_MESSAGES.ARCHIVED, 'code'));
    }
    for (const teacher of [who.owner, who.co]) {
      expect(await refused(await approve(teacher, old.id, who.emma.id), 409)).toEqual(archived);
      expect(await refused(await remove(teacher, old.id, who.lotte.id), 409)).toEqual(archived);
      expect(await refused(await renew(teacher, old.id), 409)).toEqual(archived);
      expect(await refused(await addTeacher(teacher, old.id, PEOPLE.other.email), 409)).toEqual(archived);
    }
    for (const pupil of [who.lotte, who.emma]) {
      expect(await refused(await leave(pupil, old.id), 409)).toEqual(archived);
    }
    // A stranger still learns nothing: 404 before the archive is looked at.
    expect(await refused(await renew(who.other, old.id), 404)).toEqual(NOT_FOUND);
    expect(await detailOf(who.owner, old.id)).toEqual(before);
    expect(await joinedOf(who.milan)).not.toContainEqual(expect.objectContaining({ id: old.id }));
    expect(await classAccess(rt.services, who.emma.id, old.id)).toBe('none');
  });

  it('a class cannot be made for a school year that is over', async () => {
    const error = await refused(
      await call(who.owner, 'POST', '/classes', newClassBody({ schoolYear: SCHOOL_YEAR - 1 })),
      400,
    );
    expect(error).toMatchObject({
      error: 'validation_failed',
      fieldErrors: { schoolYear: [CLASS_MESSAGES.SCHOOL_YEAR] },
    });
  });
});

// --- A new class ------------------------------------------------------------------------------------------

describe('POST /classes: what a new class takes', () => {
  const countOf = async () => (await taughtOf(who.owner)).length;

  it('subjects of another level, unknown or too many: 400 on subjectIds, and no class is made', async () => {
    const before = await countOf();
    const subjectsError = refusal(400, CLASS_MESSAGES.SUBJECTS, 'subjectIds');
    // The service's refusals: a vwo subject in a havo class, a havo one in a vwo class, an id of no subject.
    for (const body of [
      newClassBody({ subjectIds: [havo[0], vwo[0]] }),
      newClassBody({ level: 'vwo', subjectIds: [havo[0]] }),
      newClassBody({ subjectIds: [2_000_000_000] }),
    ]) {
      expect(await refused(await call(who.owner, 'POST', '/classes', body), 400)).toEqual(subjectsError);
    }
    // The schema's: none, six, the same twice, not ids.
    for (const subjectIds of [[], havo.slice(0, 6), [havo[0], havo[0]], ['1'], [0], 'alle']) {
      const error = await refused(await call(who.owner, 'POST', '/classes', newClassBody({ subjectIds })), 400);
      expect(error.error).toBe('validation_failed');
      expect(error.message).toBe(API_MESSAGES.VALIDATION_FAILED);
      expect(Object.keys(error.fieldErrors ?? {}).map((key) => key.split('.')[0])).toEqual(
        expect.arrayContaining(['subjectIds']),
      );
      for (const messages of Object.values(error.fieldErrors!)) {
        for (const text of messages) expect(text).toBe(CLASS_MESSAGES.SUBJECTS);
      }
    }
    // Five of the level is the most.
    const five = await createClass(who.owner, { name: 'H5 Vijf', subjectIds: havo.slice(0, 5) });
    expect(five.subjects.map((subject) => subject.id).sort((a, b) => a - b)).toEqual(havo.slice(0, 5));
    expect(await countOf()).toBe(before + 1);
  });

  it('a BRIN code is 2 digits and 2 letters or digits: else 400 on brin; one school per code', async () => {
    for (const brin of ['1234X', 'AB12', '12A', '12 AB', 'é2AB', 12]) {
      const error = await refused(await call(who.owner, 'POST', '/classes', newClassBody({ brin })), 400);
      expect(error).toEqual({
        status: 400,
        error: 'validation_failed',
        message: API_MESSAGES.VALIDATION_FAILED,
        fieldErrors: { brin: [CLASS_MESSAGES.BRIN] },
      });
    }
    // Lower case and spaces around are fine; empty is no code.
    const first = await createClass(who.owner, { name: 'H5 Brin', schoolName: 'Het Baken', brin: ' 12ab ' });
    expect(first.school).toEqual({ name: 'Het Baken', brin: '12AB' });
    const noCode = await createClass(who.owner, { name: 'H5 Zonder', schoolName: 'Het Baken', brin: '' });
    expect(noCode.school).toEqual({ name: 'Het Baken', brin: null });
    // Another teacher's class with the same code is of the same school, by its first name.
    const same = await createClass(who.other, {
      name: 'V5 Brin',
      schoolName: 'Baken Lyceum',
      brin: '12AB',
      level: 'vwo',
      subjectIds: [vwo[0]],
    });
    expect(same.school).toEqual({ name: 'Het Baken', brin: '12AB' });
  });

  it('every other field: 400 with its Dutch message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', MESSAGES.REQUIRED],
      [{ name: 'x'.repeat(61) }, 'name', CLASS_MESSAGES.NAME],
      [{ schoolName: 'X' }, 'schoolName', CLASS_MESSAGES.SCHOOL_NAME],
      [{ schoolName: 'x'.repeat(101) }, 'schoolName', CLASS_MESSAGES.SCHOOL_NAME],
      [{ level: 'mavo' }, 'level', CLASS_MESSAGES.LEVEL],
      [{ examYear: SCHOOL_YEAR }, 'examYear', CLASS_MESSAGES.EXAM_YEAR],
      [{ examYear: SCHOOL_YEAR + 5 }, 'examYear', CLASS_MESSAGES.EXAM_YEAR],
      [{ examYear: String(SCHOOL_YEAR + 1) }, 'examYear', CLASS_MESSAGES.EXAM_YEAR],
      [{ schoolYear: SCHOOL_YEAR + 2 }, 'schoolYear', CLASS_MESSAGES.SCHOOL_YEAR],
    ];
    for (const [overrides, field, text] of cases) {
      const error = await refused(await call(who.owner, 'POST', '/classes', newClassBody(overrides)), 400);
      expect(error, JSON.stringify(overrides)).toEqual({
        status: 400,
        error: 'validation_failed',
        message: API_MESSAGES.VALIDATION_FAILED,
        fieldErrors: { [field]: [text] },
      });
    }
    // The bounds themselves are fine: four years ahead, and next school year.
    const next = await createClass(who.owner, {
      name: 'H4 Volgend jaar',
      examYear: SCHOOL_YEAR + 4,
      schoolYear: SCHOOL_YEAR + 1,
    });
    expect(next).toMatchObject({ examYear: SCHOOL_YEAR + 4, schoolYear: SCHOOL_YEAR + 1, archived: false });
  });

  it('a pupil cannot make a class (403), also with a body that is right in every field', async () => {
    const before = await countOf();
    const error = await refused(await call(who.lotte, 'POST', '/classes', newClassBody()), 403);
    expect(error).toEqual(refusal(403, CLASS_MESSAGES.TEACHERS_ONLY));
    expect(await countOf()).toBe(before);
  });
});

// --- Limits -----------------------------------------------------------------------------------------------

describe('the per-user limits', () => {
  it(`joining: ${CLASS_JOIN_ATTEMPTS.points} codes a pupil in ${CLASS_JOIN_ATTEMPTS.durationSeconds / 60} minutes, then 429 with Retry-After`, async () => {
    const pupil = who.pupilOut;
    await rt.deps.rateLimit!.reset(CLASS_JOIN_ATTEMPTS, pupil.id);
    // A code that is no code of 8 characters is refused before it is counted.
    for (let i = 0; i < 3; i += 1) await refused(await join(pupil, 'abc'), 400);
    for (let i = 0; i < CLASS_JOIN_ATTEMPTS.points; i += 1) {
      expect(await refused(await join(pupil, `ZZZZ-ZZ${String(20 + i)}`), 400)).toEqual(
        refusal(400, CLASS_MESSAGES.UNKNOWN_CODE, 'code'),
      );
    }
    // Also with a good code, and from another address: counted per pupil.
    const res = await join({ ...pupil, client: '203.0.113.77' }, classA.joinCode);
    const error = await refused(res, 429);
    expect(error).toMatchObject({ status: 429, error: 'rate_limited' });
    expect(error.message).toMatch(/^Te veel pogingen\. Probeer het over \d+ minuten opnieuw\.$/);
    expect(error.fieldErrors).toEqual({ code: [error.message] });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await joinedOf(pupil)).map((c) => c.id)).toEqual([classB.id]);
    // Another pupil is not held up.
    expect(await refused(await join(who.lotte, 'ZZZZ-ZZZZ'), 400)).toEqual(
      refusal(400, CLASS_MESSAGES.UNKNOWN_CODE, 'code'),
    );
    await rt.deps.rateLimit!.reset(CLASS_JOIN_ATTEMPTS, pupil.id);
  });

  it(`adding colleagues: ${CO_TEACHER_ATTEMPTS.points} addresses an owner in ${CO_TEACHER_ATTEMPTS.durationSeconds / 60} minutes, then 429`, async () => {
    const teacher = who.other;
    await rt.deps.rateLimit!.reset(CO_TEACHER_ATTEMPTS, teacher.id);
    for (let i = 0; i < CO_TEACHER_ATTEMPTS.points; i += 1) {
      expect(await refused(await addTeacher(teacher, classB.id, `collega${i}@example.nl`), 400)).toEqual(
        refusal(400, CLASS_MESSAGES.NO_TEACHER, 'email'),
      );
    }
    const res = await addTeacher(teacher, classB.id, PEOPLE.owner.email);
    const error = await refused(res, 429);
    expect(error).toMatchObject({ status: 429, error: 'rate_limited', fieldErrors: { email: [error.message] } });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner of A was not added.
    expect(await refused(await call(who.owner, 'GET', `/classes/${classB.id}`), 404)).toEqual(NOT_FOUND);
    await rt.deps.rateLimit!.reset(CO_TEACHER_ATTEMPTS, teacher.id);
  });
});
