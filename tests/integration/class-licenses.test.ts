/**
 * Class licences (issue 31): a teacher redeems a class licence code on a class, and the pupils in it get a
 * seat each while seats last — full access to the subject until 31 July of the school year. Proven through
 * the API: the seats in the order pupils were let in, a later joiner with no seat left, a freed seat going to
 * them, the refusals (unknown, a code for one pupil, another subject, used, a pupil redeeming a class code),
 * two pupils let in at once for the last seat, and access that ends: a seat's access is gone after its end,
 * while a book's access (for good) is never shortened by a seat.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/modules/accounts/db/tables.ts';
import { products, subjects } from '#app/modules/catalog/db/tables.ts';
import { subjectAccess } from '#app/modules/cards/db/tables.ts';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { classes } from '#app/modules/classes/db/tables.ts';
import {
  CLASS_MESSAGES,
  classCreatedSchema,
  classDetailSchema,
  schoolYearOf,
  type TaughtClassView,
} from '#app/modules/classes/index.ts';
import { insertClassLicenseCodes } from '#app/modules/licenses/index.server.ts';
import { licenseCodes } from '#app/modules/licenses/db/tables.ts';
import { LICENSE_MESSAGES } from '#app/modules/licenses/index.ts';
import { userSubjectsSchema } from '#app/modules/checks/index.ts';
import { DAY_MS } from '#app/platform/dates.ts';
import { type Caller, newUser, recordMails } from './accounts.ts';
import { answered, apiClient, refused } from './http.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
const call = apiClient(() => rt);
const SCHOOL_YEAR = schoolYearOf(new Date());

const who = {} as Record<'teacher' | 'ada' | 'bas' | 'cor' | 'dirk' | 'eva' | 'fay', Caller>;
let subjectId: number;
let otherSubjectId: number;
let productId: number;
let klas: TaughtClassView;

const detail = async (classId = klas.id) =>
  classDetailSchema.parse(await answered(await call(who.teacher, 'GET', `/classes/${classId}`)));
const redeem = (code: string, classId = klas.id, caller = who.teacher) =>
  call(caller, 'POST', `/classes/${classId}/licenses`, { code });
/** The pupil's stream to the subject as the API answers it: full, light or none. */
async function streamOf(caller: Caller, id = subjectId): Promise<'full' | 'light' | 'none'> {
  const { subjects: mine } = userSubjectsSchema.parse(await answered(await call(caller, 'GET', '/users/me/subjects')));
  const stream = mine.find((s) => s.id === id)?.stream;
  return stream?.userHasAccess ? 'full' : stream?.isLightStream ? 'light' : 'none';
}
const joinWith = async (caller: Caller, code: string) =>
  answered(await call(caller, 'POST', '/users/me/classes/join', { code }), 201);

async function newClass(name: string): Promise<TaughtClassView> {
  const body = {
    schoolName: 'Demo College',
    name,
    level: 'havo',
    examYear: SCHOOL_YEAR + 1,
    schoolYear: SCHOOL_YEAR,
    subjectIds: [subjectId],
  };
  return classCreatedSchema.parse(await answered(await call(who.teacher, 'POST', '/classes', body), 201)).class;
}

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const { db } = rt.database;
  const mails = recordMails(rt);
  for (const name of Object.keys({
    teacher: 0,
    ada: 0,
    bas: 0,
    cor: 0,
    dirk: 0,
    eva: 0,
    fay: 0,
  }) as (keyof typeof who)[]) {
    who[name] = await newUser(rt, mails, `${name}@example.nl`);
    await db
      .update(users)
      .set({ name: `${name[0]!.toUpperCase()}${name.slice(1)} Jansen` })
      .where(eq(users.id, who[name].id));
  }
  expect((await call(who.teacher, 'PATCH', '/users/me', { educationRole: 'teacher' })).status).toBe(200);
  const havo = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(eq(subjects.levelName, 'havo'))
    .orderBy(subjects.id);
  subjectId = havo[0]!.id;
  otherSubjectId = havo[1]!.id;
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  productId = product!.id;
  await insertClassLicenseCodes(db, [
    { code: 'SB-KLAS-TEST-2', productId, subjectId, seats: 2, examYear: SCHOOL_YEAR + 1 },
    { code: 'SB-KLAS-OTHER', productId, subjectId: otherSubjectId, seats: 5, examYear: null },
    { code: 'SB-KLAS-YEAR', productId, subjectId, seats: 5, examYear: SCHOOL_YEAR + 3 },
    { code: 'SB-KLAS-RACE-1', productId, subjectId, seats: 1, examYear: null },
  ]);
  klas = await newClass('H5 Licentie');
}, 120_000);

afterAll(async () => {
  await rt?.close();
});

describe('a class licence', () => {
  it('gives the pupils in the class a seat each, in the order they were let in, while seats last', async () => {
    await joinWith(who.ada, klas.joinCode);
    await joinWith(who.bas, klas.joinCode);
    await joinWith(who.cor, klas.joinCode);
    expect(await streamOf(who.ada)).toBe('none');
    const answer = (await answered(await redeem('sb-klas-test-2'))) as { message: string; used: number; seats: number };
    expect(answer).toMatchObject({ used: 2, seats: 2 });
    expect(answer.message).toContain('2 van 2 plaatsen');
    expect([await streamOf(who.ada), await streamOf(who.bas), await streamOf(who.cor)]).toEqual([
      'full',
      'full',
      'none',
    ]);
    const { licenses, members } = await detail();
    expect(licenses).toEqual([{ code: 'SB-KLAS-TEST-2', subject: expect.any(String), seats: 2, used: 2 }]);
    expect(
      members
        .filter((m) => m.seat)
        .map((m) => m.name)
        .sort(),
    ).toEqual(['Ada J.', 'Bas J.']);
    // The seat's access ends on 31 July of the school year (23:59:59 in Amsterdam).
    const [row] = await rt.database.db
      .select({ expiresAt: subjectAccess.expiresAt, source: subjectAccess.source })
      .from(subjectAccess)
      .where(and(eq(subjectAccess.userId, who.ada.id), eq(subjectAccess.subjectId, subjectId)));
    expect(row?.source).toBe('class');
    expect(row?.expiresAt?.toISOString()).toBe(`${SCHOOL_YEAR + 1}-07-31T21:59:59.999Z`);
  });

  it('frees the seat of a pupil taken out, which goes to the pupil who had none', async () => {
    expect(
      (await refused(await call(who.teacher, 'DELETE', `/classes/${klas.id}/members/${who.bas.id}/seat`), 409)).message,
    ).toBe(CLASS_MESSAGES.SEAT_IN_USE);
    await answered(await call(who.teacher, 'DELETE', `/classes/${klas.id}/members/${who.bas.id}`));
    // Taken out, Bas keeps the seat until the teacher frees it.
    expect(await streamOf(who.bas)).toBe('full');
    const freed = await answered(await call(who.teacher, 'DELETE', `/classes/${klas.id}/members/${who.bas.id}/seat`));
    expect(freed).toEqual({ message: CLASS_MESSAGES.SEAT_FREED('Bas J.') });
    expect([await streamOf(who.bas), await streamOf(who.cor)]).toEqual(['none', 'full']);
    expect((await detail()).licenses[0]!.used).toBe(2);
    await refused(await call(who.teacher, 'DELETE', `/classes/${klas.id}/members/${who.bas.id}/seat`), 404);
  });

  it('gives a pupil let in later no seat when all are taken', async () => {
    await joinWith(who.dirk, klas.joinCode);
    expect(await streamOf(who.dirk)).toBe('none');
  });

  it('refuses a code it does not know, a code for one pupil, another subject or exam year, and a used one', async () => {
    const expectRefusal = async (code: string, status: number, text: string) =>
      expect(await refused(await redeem(code), status)).toMatchObject({ message: text, fieldErrors: { code: [text] } });
    await expectRefusal('SB-KLAS-NOPE', 400, CLASS_MESSAGES.LICENSE_UNKNOWN);
    await expectRefusal('SB-KLAS-OTHER', 400, CLASS_MESSAGES.LICENSE_SUBJECT);
    await expectRefusal('SB-KLAS-YEAR', 400, CLASS_MESSAGES.LICENSE_EXAM_YEAR);
    await expectRefusal('SB-KLAS-TEST-2', 409, CLASS_MESSAGES.LICENSE_USED);
    // A book's code (one pupil, no seats).
    await rt.database.db.insert(licenseCodes).values({ code: 'SB-BOEK-0001', productId, subjectId });
    await expectRefusal('SB-BOEK-0001', 400, CLASS_MESSAGES.NOT_A_CLASS_CODE);
  });

  it('is not a pupil’s to redeem on their account', async () => {
    const error = await refused(await call(who.eva, 'POST', '/users/me/licenses', { code: 'SB-KLAS-RACE-1' }), 400);
    expect(error.fieldErrors).toEqual({ code: [LICENSE_MESSAGES.CLASS_CODE] });
  });

  it('is nobody’s but the class’s teachers to redeem', async () => {
    expect((await refused(await redeem('SB-KLAS-RACE-1', klas.id, who.ada), 404)).message).toBe(
      CLASS_MESSAGES.NOT_FOUND,
    );
  });

  it('gives its last seat to one of two pupils let in at the same moment', async () => {
    const race = await newClass('H5 Race');
    await answered(await redeem('SB-KLAS-RACE-1', race.id));
    await rt.database.db
      .update(classes)
      .set({ codeOpenedAt: new Date(Date.now() - 20 * DAY_MS) })
      .where(eq(classes.id, race.id));
    await joinWith(who.eva, race.joinCode);
    await joinWith(who.fay, race.joinCode);
    const approvals = await Promise.all(
      [who.eva, who.fay].map((pupil) =>
        call(who.teacher, 'PATCH', `/classes/${race.id}/members/${pupil.id}`, { status: 'active' }),
      ),
    );
    expect(approvals.map((res) => res.status)).toEqual([200, 200]);
    const { licenses, members } = await detail(race.id);
    expect(licenses[0]!.used).toBe(1);
    expect(members.filter((m) => m.seat)).toHaveLength(1);
    const streams = [await streamOf(who.eva), await streamOf(who.fay)].sort();
    expect(streams).toEqual(['full', 'none']);
  });
});

describe('access that ends', () => {
  it('is gone once its end has passed', async () => {
    await rt.database.db
      .update(subjectAccess)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(subjectAccess.userId, who.ada.id), eq(subjectAccess.subjectId, subjectId)));
    expect(await streamOf(who.ada)).toBe('none');
  });

  it('never shortens access for good, and access for good replaces a seat’s', async () => {
    const { db } = rt.database;
    const end = new Date(Date.now() + 30 * DAY_MS);
    await grantSubjectAccess(db, {
      userId: who.eva.id,
      subjectId: otherSubjectId,
      stream: 'full',
      source: 'license',
      productId,
    });
    await grantSubjectAccess(db, {
      userId: who.eva.id,
      subjectId: otherSubjectId,
      stream: 'full',
      source: 'class',
      expiresAt: end,
    });
    const access = () =>
      db
        .select({ source: subjectAccess.source, expiresAt: subjectAccess.expiresAt })
        .from(subjectAccess)
        .where(and(eq(subjectAccess.userId, who.eva.id), eq(subjectAccess.subjectId, otherSubjectId)));
    expect(await access()).toEqual([{ source: 'license', expiresAt: null }]);
    await grantSubjectAccess(db, {
      userId: who.fay.id,
      subjectId: otherSubjectId,
      stream: 'full',
      source: 'class',
      expiresAt: end,
    });
    await grantSubjectAccess(db, {
      userId: who.fay.id,
      subjectId: otherSubjectId,
      stream: 'full',
      source: 'order',
      productId,
    });
    const [fay] = await db
      .select({ source: subjectAccess.source, expiresAt: subjectAccess.expiresAt })
      .from(subjectAccess)
      .where(and(eq(subjectAccess.userId, who.fay.id), eq(subjectAccess.subjectId, otherSubjectId)));
    expect(fay).toEqual({ source: 'order', expiresAt: null });
  });
});
