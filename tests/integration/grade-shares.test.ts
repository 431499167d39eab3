/**
 * Grade shares (issue 31, parts 5 and 6) through the API: a pupil's grades page (SE grades, past exams, the
 * simulation) stays private unless the pupil shares it — with a class (PUT /users/me/classes/{id}/grade-share)
 * or with a linked parent (PUT /users/me/parents/{id}/grade-share).
 *
 * The pupil Daan is in three classes: A (shared with, later not), B (another teacher's, never shared with) and
 * Z (archived after a share). What each one sees: A's teacher and co-teacher see the grades Daan saved in his
 * drill-down, exactly as Daan's own grades page shows them and as "what my teacher sees" shows Daan; B's
 * teacher sees none, a teacher of a class Daan is not in and a classmate see no drill-down at all; stopping,
 * or being taken out of the class, hides them again; an archived class shows none and refuses the switch. A
 * linked parent with the share sees them on GET /users/me/children, one without sees none, an invited parent
 * who did not accept sees no child; the weekly mail never holds grades. Nobody sets another's share (404).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/modules/accounts/db/tables.ts';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { classes, classMembers } from '#app/modules/classes/db/tables.ts';
import {
  CLASS_MESSAGES,
  classCreatedSchema,
  joinedClassesSchema,
  pupilDetailSchema,
  schoolYearOf,
  type TaughtClassView,
} from '#app/modules/classes/index.ts';
import { gradesViewSchema, type GradesView } from '#app/modules/grades/index.ts';
import { childrenSchema, GUARDIAN_MESSAGES, parentLinksSchema } from '#app/modules/guardians/index.ts';
import { parentLinks, sendParentDigests } from '#app/modules/guardians/index.server.ts';
import { API_MESSAGES } from '#app/platform/schemas/api-error.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { z } from '#app/platform/schemas/z.ts';
import { type Caller, type Mail, newUser, recordMails } from './accounts.ts';
import { answered, apiClient, refused, type Who } from './http.ts';
import { subjectIdOf } from './study-content.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
const call = apiClient(() => rt);
let mails: Mail[];

const SCHOOL_YEAR = schoolYearOf(new Date());
/** No row has this id. */
const NO_CLASS = 2_000_000_000;

const PEOPLE = {
  teacherA: { email: 'marieke.jansen@example.nl', name: 'Marieke Jansen' },
  coA: { email: 'pieter.deboer@example.nl', name: 'Pieter de Boer' },
  teacherB: { email: 'femke.visser@example.nl', name: 'Femke Visser' },
  teacherC: { email: 'bas.mulder@example.nl', name: 'Bas Mulder' },
  pupil: { email: 'daan.vandenberg@example.nl', name: 'Daan van den Berg' },
  classmate: { email: 'lotte.bakker@example.nl', name: 'Lotte Bakker' },
  waiting: { email: 'sem.dejong@example.nl', name: 'Sem de Jong' },
  parent: { email: 'petra.vandenberg@example.nl', name: 'Petra van den Berg' },
  parent2: { email: 'joost.vandenberg@example.nl', name: 'Joost van den Berg' },
  invited: { email: 'karin.smit@example.nl', name: 'Karin Smit' },
} as const;
type Person = keyof typeof PEOPLE;
const who = {} as Record<Person, Caller>;

/** A: teacherA's with the co-teacher (shared with); B: teacherB's (never shared); C: without Daan; Z: archived. */
let classA: TaughtClassView;
let classB: TaughtClassView;
let classC: TaughtClassView;
let classZ: TaughtClassView;
/** Daan's links: to the parent (shared with later), the second parent (never), the one who did not accept. */
let linkParent: number;
let linkParent2: number;
let linkInvited: number;

/** Daan's SE grades: havo's five CE subjects, economie 6,8, and the rest of a diploma. */
const DAANS_GRADES = {
  grades: [
    ...['nederlands', 'engels', 'wiskunde-a', 'geschiedenis'].map((subject) => ({ subject, se: '6,0' })),
    { subject: 'economie', se: '6,8' },
    { subject: 'maatschappijleer', se: 7 },
    { subject: 'ckv', se: 7 },
    { subject: 'profielwerkstuk', se: '7.0' },
    { subject: 'lo', assessment: 'voldoende' },
  ],
};

const NOT_FOUND = { status: 404, error: 'not_found', message: CLASS_MESSAGES.NOT_FOUND };
const LINK_NOT_FOUND = { status: 404, error: 'not_found', message: GUARDIAN_MESSAGES.NOT_FOUND };
const EMAIL = /[\w.+-]+@[\w-]+\.[\w.]+/;
const shareAnswer = z.object({ share: z.boolean(), message: z.string() });

const summaryUrl = (classId: number, userId: string) =>
  `/classes/${classId}/members/${encodeURIComponent(userId)}/summary`;
const detailOf = async (caller: Caller, classId: number, pupil = who.pupil) =>
  pupilDetailSchema.parse(await answered(await call(caller, 'GET', summaryUrl(classId, pupil.id))));
const teacherViewOf = async (caller: Caller, classId: number) =>
  pupilDetailSchema.parse(await answered(await call(caller, 'GET', `/users/me/classes/${classId}/teacher-view`)));
const ownGrades = async (caller: Caller) =>
  gradesViewSchema.parse(await answered(await call(caller, 'GET', '/users/me/grades')));
const joinedOf = async (caller: Caller) =>
  joinedClassesSchema.parse(await answered(await call(caller, 'GET', '/users/me/classes'))).classes;
const childrenOf = async (caller: Caller) =>
  childrenSchema.parse(await answered(await call(caller, 'GET', '/users/me/children'))).children;
const linksOf = async (caller: Caller) =>
  parentLinksSchema.parse(await answered(await call(caller, 'GET', '/users/me/parents'))).parents;
const shareClass = (caller: Who, classId: number | string, body: unknown) =>
  call(caller, 'PUT', `/users/me/classes/${classId}/grade-share`, body);
const shareLink = (caller: Who, linkId: number | string, body: unknown) =>
  call(caller, 'PUT', `/users/me/parents/${linkId}/grade-share`, body);

/** What is stored of every share: class members' and parent links'. */
async function storedShares() {
  const { db } = rt.database;
  const members = await db
    .select({ c: classMembers.classId, u: classMembers.userId, s: classMembers.sharesGrades })
    .from(classMembers);
  const links = await db.select({ id: parentLinks.id, s: parentLinks.sharesGrades }).from(parentLinks);
  return {
    members: members.map((r) => `${r.c}:${r.u}:${r.s}`).sort(),
    links: links.map((r) => `${r.id}:${r.s}`).sort(),
  };
}

/** The grades page as Daan sees it, in the parts a viewer must see alike (its computed time aside). */
function essentials(view: GradesView) {
  return {
    level: view.level,
    subjects: view.subjects.map((s) => [s.key, s.seTenths, s.assessment, s.needed, s.prediction?.tenths ?? null]),
    pastExams: view.pastExams,
    missing: view.missing,
    outcome: view.outcome,
  };
}

/** The token of the newest invitation mailed to `to`. */
function tokenMailedTo(to: string): string {
  const mail = mails.filter((m) => m.to === to).at(-1);
  const token = /\/ouder\/uitnodiging\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${to}`);
  return token;
}

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const { db } = rt.database;
  mails = recordMails(rt);
  for (const person of Object.keys(PEOPLE) as Person[]) {
    who[person] = await newUser(rt, mails, PEOPLE[person].email);
    await db.update(users).set({ name: PEOPLE[person].name }).where(eq(users.id, who[person].id));
  }
  for (const teacher of [who.teacherA, who.coA, who.teacherB, who.teacherC]) {
    expect((await call(teacher, 'PATCH', '/users/me', { educationRole: 'teacher' })).status).toBe(200);
  }
  const examYear = examYearRange(new Date()).min;
  const wiskunde = await subjectIdOf(db, 'wiskunde-b');
  const economie = await subjectIdOf(db, 'economie');

  // Daan: havo, studies wiskunde B, entered his SE grades and a past exam of economie.
  const daan = who.pupil;
  expect((await call(daan, 'PATCH', '/users/me', { examYear, onboardingCompleted: true })).status).toBe(200);
  expect((await call(daan, 'PATCH', '/users/me/levels', { levels: ['havo'] })).status).toBe(200);
  await grantSubjectAccess(db, { userId: daan.id, subjectId: wiskunde, stream: 'full', source: 'demo' });
  await answered(await call(daan, 'POST', '/users/me/subjects', { ids: [wiskunde] }));
  await answered(await call(daan, 'PUT', '/users/me/grades', DAANS_GRADES));
  const year = (await ownGrades(daan)).pastExamChoices.years[0]!;
  const exam = { subject: 'economie', year, tijdvak: 1, score: 52, maxScore: 78, nTerm: '1,1' };
  await answered(await call(daan, 'POST', '/users/me/grades/past-exams', exam), 201);

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
  classA = await newClass(who.teacherA, 'H5 Wiskunde B', [wiskunde]);
  classB = await newClass(who.teacherB, 'H5 Economie', [economie]);
  classC = await newClass(who.teacherC, 'H4 Wiskunde B', [wiskunde]);
  classZ = await newClass(who.teacherA, 'H5 Wiskunde B (vorig jaar)', [wiskunde]);
  await answered(await call(who.teacherA, 'POST', `/classes/${classA.id}/teachers`, { email: PEOPLE.coA.email }));
  for (const own of [classA, classB, classZ]) {
    await answered(await call(daan, 'POST', '/users/me/classes/join', { code: own.joinCode }), 201);
  }
  await answered(await call(who.classmate, 'POST', '/users/me/classes/join', { code: classA.joinCode }), 201);
  await db.insert(classMembers).values({ classId: classA.id, userId: who.waiting.id, status: 'pending' });

  // Daan's parents: two who accepted, one who did not.
  for (const person of ['parent', 'parent2', 'invited'] as const) {
    await answered(await call(daan, 'POST', '/users/me/parents', { email: PEOPLE[person].email }), 201);
    if (person !== 'invited') {
      const token = tokenMailedTo(PEOPLE[person].email);
      await answered(await call(who[person], 'POST', '/users/me/children', { token }));
    }
  }
  const links = await linksOf(daan);
  const idOf = (email: string) => links.find((link) => link.email === email)!.id;
  linkParent = idOf(PEOPLE.parent.email);
  linkParent2 = idOf(PEOPLE.parent2.email);
  linkInvited = idOf(PEOPLE.invited.email);
}, 180_000);

afterAll(async () => {
  await rt?.close();
});

// --- Classes ----------------------------------------------------------------------------------------------

describe('grades and a class', () => {
  it('before any share: each teacher sees no grades, and Daan sees the same', async () => {
    for (const [teacher, classId] of [
      [who.teacherA, classA.id],
      [who.coA, classA.id],
      [who.teacherB, classB.id],
    ] as const) {
      const detail = await detailOf(teacher, classId);
      expect(detail).toMatchObject({ gradesShared: false, grades: null });
    }
    expect(await teacherViewOf(who.pupil, classA.id)).toEqual(await detailOf(who.teacherA, classA.id));
    expect((await joinedOf(who.pupil)).map((c) => [c.id, c.sharesGrades])).toEqual(
      expect.arrayContaining([
        [classA.id, false],
        [classB.id, false],
        [classZ.id, false],
      ]),
    );
  });

  it('nobody sets the share of a membership that is not theirs: 404 (or 401, 400), and nothing changes', async () => {
    const before = await storedShares();
    // Its teachers are no pupils of it; a waiting pupil is not in it yet; Daan is not in C; no such class.
    for (const [caller, classId] of [
      [who.teacherA, classA.id],
      [who.coA, classA.id],
      [who.teacherB, classA.id],
      [who.waiting, classA.id],
      [who.parent, classA.id],
      [who.pupil, classC.id],
      [who.classmate, classB.id],
      [who.pupil, NO_CLASS],
    ] as const) {
      expect(await refused(await shareClass(caller, classId, { share: true }), 404)).toEqual(NOT_FOUND);
    }
    for (const cookie of [null, { cookie: 'slaagbundel.session_token=forged.value' }]) {
      expect(await refused(await shareClass(cookie, classA.id, { share: true }), 401)).toEqual({
        status: 401,
        error: 'unauthorized',
        message: API_MESSAGES.UNAUTHORIZED,
      });
    }
    // A body that is no object, or a share that is no boolean: 400 with the Dutch message.
    for (const [body, field] of [
      [[], ''],
      [null, ''],
      [{ share: 'ja' }, 'share'],
      [{ share: 1 }, 'share'],
      [{}, 'share'],
    ] as const) {
      const error = await refused(await shareClass(who.pupil, classA.id, body), 400);
      expect(error.fieldErrors?.[field]).toEqual([CLASS_MESSAGES.GRADE_SHARE]);
    }
    expect(await refused(await shareClass(who.pupil, 'abc', { share: true }), 400)).toMatchObject({
      fieldErrors: { id: [CLASS_MESSAGES.NOT_FOUND] },
    });
    expect(await storedShares()).toEqual(before);
  });

  it('shared with A: its teachers see the grades Daan saved, as his own grades page shows them; B and C see none', async () => {
    const res = await shareClass(who.pupil, classA.id, { share: true });
    expect(shareAnswer.parse(await answered(res))).toEqual({
      share: true,
      message: CLASS_MESSAGES.GRADES_SHARED('H5 Wiskunde B'),
    });
    const own = await ownGrades(who.pupil);
    for (const teacher of [who.teacherA, who.coA]) {
      const detail = await detailOf(teacher, classA.id);
      expect(detail.gradesShared).toBe(true);
      const grades = detail.grades!;
      expect(grades).not.toBeNull();
      // The SE grade Daan saved, and the past exam he entered (9 · 52 / 78 + 1,1 = 7,1).
      expect(grades.subjects.find((s) => s.key === 'economie')).toMatchObject({ seTenths: 68 });
      expect(grades.pastExams).toEqual([expect.objectContaining({ subject: 'economie', gradeTenths: 71 })]);
      expect(essentials(grades)).toEqual(essentials(own));
      expect(JSON.stringify(detail)).not.toMatch(EMAIL);
    }
    // "What my teacher sees" is exactly the teacher's view, grades included.
    const mine = await teacherViewOf(who.pupil, classA.id);
    expect(mine.grades).not.toBeNull();
    expect(mine).toEqual(await detailOf(who.teacherA, classA.id));
    // B: Daan is in it, but shares nothing with it.
    expect(await detailOf(who.teacherB, classB.id)).toMatchObject({ gradesShared: false, grades: null });
    expect(await teacherViewOf(who.pupil, classB.id)).toMatchObject({ gradesShared: false, grades: null });
    // Teachers of other classes, a classmate and a parent get no drill-down of Daan in A at all.
    for (const stranger of [who.teacherB, who.teacherC, who.classmate, who.parent, who.waiting]) {
      expect(await refused(await call(stranger, 'GET', summaryUrl(classA.id, who.pupil.id)), 404)).toEqual(NOT_FOUND);
    }
    // The classmate's own drill-down holds none of Daan's grades (she shares none).
    expect(await detailOf(who.teacherA, classA.id, who.classmate)).toMatchObject({ gradesShared: false, grades: null });
    expect((await joinedOf(who.pupil)).map((c) => [c.id, c.sharesGrades])).toEqual(
      expect.arrayContaining([
        [classA.id, true],
        [classB.id, false],
      ]),
    );
  });

  it('stopping hides them again', async () => {
    expect(shareAnswer.parse(await answered(await shareClass(who.pupil, classA.id, { share: false })))).toEqual({
      share: false,
      message: CLASS_MESSAGES.GRADES_UNSHARED('H5 Wiskunde B'),
    });
    expect(await detailOf(who.teacherA, classA.id)).toMatchObject({ gradesShared: false, grades: null });
    expect(await teacherViewOf(who.pupil, classA.id)).toMatchObject({ gradesShared: false, grades: null });
  });

  it('taking Daan out of the class ends the share: let back in, he chooses anew', async () => {
    await answered(await shareClass(who.pupil, classA.id, { share: true }));
    expect((await detailOf(who.teacherA, classA.id)).grades).not.toBeNull();
    await answered(await call(who.teacherA, 'DELETE', `/classes/${classA.id}/members/${who.pupil.id}`));
    expect(await refused(await shareClass(who.pupil, classA.id, { share: true }), 404)).toEqual(NOT_FOUND);
    await answered(
      await call(who.teacherA, 'PATCH', `/classes/${classA.id}/members/${who.pupil.id}`, { status: 'active' }),
    );
    expect(await detailOf(who.teacherA, classA.id)).toMatchObject({ gradesShared: false, grades: null });
    await answered(await shareClass(who.pupil, classA.id, { share: true }));
    expect((await detailOf(who.coA, classA.id)).grades).not.toBeNull();
  });

  it('an archived class shows no grades, whatever was shared, and refuses the switch (409)', async () => {
    await answered(await shareClass(who.pupil, classZ.id, { share: true }));
    expect((await detailOf(who.teacherA, classZ.id)).grades).not.toBeNull();
    // 1 August: the class's school year is over.
    await rt.database.db
      .update(classes)
      .set({ schoolYear: SCHOOL_YEAR - 1 })
      .where(eq(classes.id, classZ.id));
    const detail = await detailOf(who.teacherA, classZ.id);
    expect(detail).toMatchObject({ class: { archived: true }, gradesShared: false, grades: null });
    expect(await teacherViewOf(who.pupil, classZ.id)).toEqual(detail);
    for (const share of [true, false]) {
      expect(await refused(await shareClass(who.pupil, classZ.id, { share }), 409)).toEqual({
        status: 409,
        error: 'conflict',
        message: CLASS_MESSAGES.ARCHIVED,
      });
    }
    expect((await joinedOf(who.pupil)).find((c) => c.id === classZ.id)).toMatchObject({
      archived: true,
      sharesGrades: false,
    });
  });
});

// --- Parents ----------------------------------------------------------------------------------------------

describe('grades and a parent', () => {
  it('before any share: the linked parents see Daan without grades; the invited one sees no child', async () => {
    for (const parent of [who.parent, who.parent2]) {
      const [child] = await childrenOf(parent);
      expect(child).toMatchObject({ name: 'Daan', gradesShared: false, grades: null });
    }
    expect(await childrenOf(who.invited)).toEqual([]);
    expect((await linksOf(who.pupil)).map((l) => [l.id, l.sharesGrades])).toEqual([
      [linkParent, false],
      [linkParent2, false],
      [linkInvited, false],
    ]);
  });

  it('nobody sets the share of a link that is not theirs (404); an invitation nobody accepted: 409', async () => {
    const before = await storedShares();
    for (const caller of [who.parent, who.parent2, who.invited, who.classmate, who.teacherA]) {
      for (const linkId of [linkParent, linkParent2, linkInvited]) {
        expect(await refused(await shareLink(caller, linkId, { share: true }), 404)).toEqual(LINK_NOT_FOUND);
      }
    }
    expect(await refused(await shareLink(who.pupil, NO_CLASS, { share: true }), 404)).toEqual(LINK_NOT_FOUND);
    expect(await refused(await shareLink(who.pupil, linkInvited, { share: true }), 409)).toEqual({
      status: 409,
      error: 'conflict',
      message: GUARDIAN_MESSAGES.NOT_ACCEPTED,
    });
    for (const body of [[], { share: 'ja' }, {}]) {
      const error = await refused(await shareLink(who.pupil, linkParent, body), 400);
      expect(Object.values(error.fieldErrors ?? {}).flat()).toEqual([GUARDIAN_MESSAGES.GRADE_SHARE]);
    }
    expect(await refused(await shareLink(null, linkParent, { share: true }), 401)).toMatchObject({ status: 401 });
    expect(await storedShares()).toEqual(before);
  });

  it('shared with one parent: that parent sees the grades Daan saved, the other parent none', async () => {
    expect(shareAnswer.parse(await answered(await shareLink(who.pupil, linkParent, { share: true })))).toEqual({
      share: true,
      message: GUARDIAN_MESSAGES.GRADES_SHARED('Petra'),
    });
    const [child] = await childrenOf(who.parent);
    expect(child!.gradesShared).toBe(true);
    expect(child!.grades!.subjects.find((s) => s.key === 'economie')).toMatchObject({ seTenths: 68 });
    expect(essentials(child!.grades!)).toEqual(essentials(await ownGrades(who.pupil)));
    expect(JSON.stringify(child)).not.toMatch(EMAIL);
    expect(await childrenOf(who.parent2)).toEqual([expect.objectContaining({ gradesShared: false, grades: null })]);
    expect(await childrenOf(who.invited)).toEqual([]);
    expect((await linksOf(who.pupil)).map((l) => [l.id, l.sharesGrades])).toEqual([
      [linkParent, true],
      [linkParent2, false],
      [linkInvited, false],
    ]);
  });

  it('the weekly mail holds no grades, shared or not', async () => {
    const before = mails.length;
    expect(await sendParentDigests(rt.services)).toEqual({ mailed: 2 });
    const digests = mails.slice(before);
    expect(digests.map((m) => m.to).sort()).toEqual([PEOPLE.parent.email, PEOPLE.parent2.email].sort());
    for (const digest of digests) {
      expect(digest.text).toContain('Daan');
      expect(digest.text).not.toMatch(/cijfer|6,8|7,1|geslaagd|gezakt/i);
    }
  });

  it('stopping hides them again; ending the link ends everything', async () => {
    expect(shareAnswer.parse(await answered(await shareLink(who.pupil, linkParent, { share: false })))).toEqual({
      share: false,
      message: GUARDIAN_MESSAGES.GRADES_UNSHARED('Petra'),
    });
    expect(await childrenOf(who.parent)).toEqual([expect.objectContaining({ gradesShared: false, grades: null })]);
    await answered(await shareLink(who.pupil, linkParent, { share: true }));
    expect((await childrenOf(who.parent))[0]!.grades).not.toBeNull();
    await answered(await call(who.pupil, 'DELETE', `/users/me/parents/${linkParent}`));
    expect(await childrenOf(who.parent)).toEqual([]);
    expect(await refused(await shareLink(who.pupil, linkParent, { share: true }), 404)).toEqual(LINK_NOT_FOUND);
  });
});
