/**
 * The exam reference data kept by staff (issue 35), through the API as the back office uses it: a content member
 * proposes the CvTE timetable of the pupils' exam year with its source; validation refuses bad data in Dutch per
 * field and never takes a default; the one who proposed it cannot approve it; the change's effect names the pupils
 * whose exam date moves (not the one who entered their own date); a second member approves it, and the plan aims
 * at the new date with its source at once, the pupil gets a notice, an amendment becomes version 2 (version 1
 * superseded), and the audit log holds every step. N-terms and past exams go through the same steps.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '#app/modules/backoffice/index.ts';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { addMySubjects } from '#app/modules/checks/server/subjects.server.ts';
import { examDataVersions } from '#app/modules/exam-data/db/tables.ts';
import {
  EXAM_DATA_MESSAGES as M,
  examDataChangeSchema,
  examDataListSchema,
  examDataVersionSchema,
} from '#app/modules/exam-data/index.ts';
import { planSettingsViewSchema } from '#app/modules/planner/index.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { z } from '#app/platform/schemas/z.ts';
import { type Caller, newUser, recordMails } from './accounts.ts';
import { answered, apiClient, refused } from './http.ts';
import { newStaff, type Staff } from './staff.ts';
import { subjectIdOf } from './study-content.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
const call = apiClient(() => rt);
let anna: Staff;
let bram: Staff;
let admin: Staff;
let support: Staff;
/** A pupil with Wiskunde B havo, planning to the timetable; one who entered her own date. */
let pupil: Caller;
let ownDate: Caller;
let wiskundeB = 0;
const Y = examYearRange(new Date()).min;
const OWN_DATE = `${Y}-05-20`;

const timetable = (over: Record<string, unknown> = {}) => ({
  examYear: Y,
  reference: `Regeling rooster centrale examens vo ${Y} (CvTE-25.00123)`,
  publishedOn: `${Y - 2}-09-15`,
  source: 'https://zoek.officielebekendmakingen.nl/stcrt-2025-12345.html',
  firstPeriod: { from: `${Y}-05-07`, to: `${Y}-05-25` },
  secondPeriod: { from: `${Y}-06-14`, to: `${Y}-06-18` },
  flexibleDigital: null,
  exams: [{ subject: 'wiskunde-b', level: 'havo', date: `${Y}-05-12`, start: '13:30', end: '16:30' }],
  note: 'Het rooster van het CvTE overgenomen.',
  ...over,
});
const proposedSchema = z.object({ change: examDataVersionSchema, message: z.string() });
const propose = async (who: Staff, path: string, body: unknown) =>
  proposedSchema.parse(await answered(await call(who, 'POST', `/backoffice/exam-data/${path}`, body), 201)).change;
const changeOf = async (who: Staff, id: number) =>
  examDataChangeSchema.parse(await answered(await call(who, 'GET', `/backoffice/exam-data/changes/${id}`)));
const approve = (who: Staff, id: number) => call(who, 'POST', `/backoffice/exam-data/changes/${id}/approve`, {});
const planOf = async (who: Caller) =>
  planSettingsViewSchema.parse(await answered(await call(who, 'GET', '/users/me/plan')));
const examDateIn = async (who: Caller) =>
  (await planOf(who)).subjects.find((s) => s.subject.id === wiskundeB)!.examDate;

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const mails = recordMails(rt);
  anna = await newStaff(rt, mails, 'anna.content@example.nl', 'content', '192.0.2.71');
  bram = await newStaff(rt, mails, 'bram.content@example.nl', 'content', '192.0.2.72');
  admin = await newStaff(rt, mails, 'beheer.examens@example.nl', 'admin', '192.0.2.73');
  support = await newStaff(rt, mails, 'support.examens@example.nl', 'support', '192.0.2.74');
  wiskundeB = await subjectIdOf(rt.database.db, 'wiskunde-b');
  pupil = await newUser(rt, mails, 'sanne.rooster@example.nl');
  ownDate = await newUser(rt, mails, 'fenna.rooster@example.nl');
  for (const who of [pupil, ownDate]) {
    expect((await call(who, 'PATCH', '/users/me', { examYear: Y })).status).toBe(200);
    await addMySubjects(rt.services, who.id, [wiskundeB]);
    await grantSubjectAccess(rt.database.db, { userId: who.id, subjectId: wiskundeB, stream: 'full', source: 'demo' });
  }
  const saved = await call(ownDate, 'PUT', '/users/me/plan', {
    dailyMinutes: 20,
    examDates: [{ subjectId: wiskundeB, date: OWN_DATE }],
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
}, 90_000);
afterAll(() => rt?.close());

describe('who may keep exam data', () => {
  it('is content and admin only', async () => {
    await refused(await call(support, 'GET', '/backoffice/exam-data'), 403);
    await refused(await call(support, 'POST', '/backoffice/exam-data/timetables', timetable()), 403);
    await refused(await call(pupil, 'GET', '/backoffice/exam-data'), 404);
    examDataListSchema.parse(await answered(await call(anna, 'GET', '/backoffice/exam-data')));
  });
});

describe('validation: Dutch messages per field, no silent defaults', () => {
  it('refuses a timetable with a foreign source, an exam outside the tijdvak and periods out of order', async () => {
    const error = await refused(
      await call(
        anna,
        'POST',
        '/backoffice/exam-data/timetables',
        timetable({
          reference: 'Rooster zonder kenmerk',
          source: 'https://example.com/rooster',
          secondPeriod: { from: `${Y}-05-20`, to: `${Y}-05-19` },
          exams: [{ subject: 'wiskunde-b', level: 'havo', date: `${Y}-06-01`, start: '13:30', end: '12:00' }],
        }),
      ),
      400,
    );
    expect(error.fieldErrors).toMatchObject({
      reference: [M.REFERENCE],
      source: [M.SOURCE],
      'secondPeriod.to': [M.PERIOD_ORDER],
      'secondPeriod.from': [M.SECOND_AFTER_FIRST],
      'exams.0.date': [M.EXAM_DATE_OUTSIDE],
      'exams.0.end': [M.TIME_ORDER],
    });
  });

  it('refuses a subject not offered at that level, by its row', async () => {
    const error = await refused(
      await call(
        anna,
        'POST',
        '/backoffice/exam-data/timetables',
        timetable({
          exams: [{ subject: 'wiskunde-b', level: 'vmbo-b', date: `${Y}-05-12`, start: '09:00', end: '11:00' }],
        }),
      ),
      400,
    );
    expect(Object.keys(error.fieldErrors ?? {})).toEqual(['exams.0.subject']);
    expect(error.message).toMatch(/wordt niet op vmbo basis aangeboden/);
  });

  it('refuses N-terms outside 0,0–3,0 or between tenths, and one left out', async () => {
    const nTerm = {
      subject: 'wiskunde-b',
      level: 'havo',
      year: 2024,
      tijdvak: 1,
      maxScore: 78,
      source: 'https://www.examenblad.nl/2024/havo/wiskunde-b/normering',
      note: 'Normering van het CvTE.',
    };
    for (const n of [3.1, -0.1, 1.05, '1,1']) {
      const error = await refused(await call(anna, 'POST', '/backoffice/exam-data/n-terms', { ...nTerm, n }), 400);
      expect(error.fieldErrors?.n).toEqual([M.N_TERM]);
    }
    const missing = await refused(await call(anna, 'POST', '/backoffice/exam-data/n-terms', nTerm), 400);
    expect(missing.fieldErrors?.n).toEqual([M.N_TERM]);
    expect(
      (await rt.database.db.select().from(examDataVersions).where(eq(examDataVersions.kind, 'n-term'))).length,
    ).toBe(0);
  });

  it('refuses a past exam whose documents are not on Examenblad', async () => {
    const error = await refused(
      await call(anna, 'POST', '/backoffice/exam-data/past-exams', {
        subject: 'wiskunde-b',
        level: 'havo',
        year: 2024,
        tijdvak: 1,
        examUrl: 'https://www.examenblad.nl/2024/havo/wiskunde-b/opgaven',
        correctionUrl: 'https://zoek.officielebekendmakingen.nl/cv.pdf',
        normingUrl: 'http://www.examenblad.nl/2024/havo/wiskunde-b/normering',
        note: 'Oud examen.',
      }),
      400,
    );
    expect(error.fieldErrors).toMatchObject({ correctionUrl: [M.PAST_EXAM_URL], normingUrl: [M.PAST_EXAM_URL] });
  });
});

describe('a timetable from proposal to the pupils’ plans', () => {
  let first = 0;

  it('plans aim at the estimate before the timetable is published', async () => {
    const date = await examDateIn(pupil);
    expect(date.source).toBe('estimate');
    expect(date.date).not.toBe(`${Y}-05-12`);
  });

  it('waits for a second person: the proposer cannot approve, and a second proposal waits behind it', async () => {
    const change = await propose(anna, 'timetables', timetable());
    first = change.id;
    expect(change).toMatchObject({ status: 'pending', version: 1, title: `Examenrooster ${Y}` });
    const own = await refused(await approve(anna, first), 403);
    expect(own.message).toBe(M.OWN_CHANGE);
    const again = await refused(await call(bram, 'POST', '/backoffice/exam-data/timetables', timetable()), 409);
    expect(again.message).toBe(M.PENDING_EXISTS);
    expect((await examDateIn(pupil)).source).toBe('estimate');
  });

  it('shows its effect before approval: the pupils whose date moves, not one with her own date', async () => {
    const view = await changeOf(bram, first);
    expect(view.mayDecide).toBe(true);
    expect((await changeOf(anna, first)).mayDecide).toBe(false);
    const move = view.effect.moves.find((m) => m.subject === 'wiskunde-b' && m.level === 'havo');
    expect(move).toMatchObject({ to: `${Y}-05-12`, name: 'Wiskunde B havo' });
    expect(move!.pupils).toBeGreaterThanOrEqual(1);
    expect(view.effect.summary).toMatch(/^Verplaatst de examendatum van [\d.]+ leerling(en)? in \d+ vak/);
    const moved = await rt.services.db
      .select()
      .from(examDataVersions)
      .where(and(eq(examDataVersions.kind, 'timetable'), eq(examDataVersions.key, String(Y))));
    expect(moved.map((row) => row.status)).toEqual(['pending']);
  });

  it('once approved, plans use the new date with its source, and the pupil gets a notice', async () => {
    const published = (await answered(await approve(bram, first))) as { moved: number };
    expect(published.moved).toBeGreaterThanOrEqual(1);
    const date = await examDateIn(pupil);
    expect(date).toMatchObject({ date: `${Y}-05-12`, source: 'timetable' });
    expect(date.note).toContain(`Examenrooster CvTE ${Y} (CvTE-25.00123)`);
    expect(await examDateIn(ownDate)).toMatchObject({ date: OWN_DATE, source: 'pupil' });
    const notices = z
      .array(z.object({ subjectId: z.number(), from: z.string(), to: z.string(), sourceName: z.string() }))
      .parse(await answered(await call(pupil, 'GET', '/users/me/exam-date-notices')));
    expect(notices).toEqual([
      expect.objectContaining({
        subjectId: wiskundeB,
        to: `${Y}-05-12`,
        sourceName: `Examenrooster CvTE ${Y} (CvTE-25.00123)`,
      }),
    ]);
    expect(await answered(await call(ownDate, 'GET', '/users/me/exam-date-notices'))).toEqual([]);
    // Another pupil cannot close it; she can, once.
    await refused(await call(ownDate, 'DELETE', `/users/me/exam-date-notices/${wiskundeB}`), 404);
    expect((await call(pupil, 'DELETE', `/users/me/exam-date-notices/${wiskundeB}`)).status).toBe(204);
    expect(await answered(await call(pupil, 'GET', '/users/me/exam-date-notices'))).toEqual([]);
  });

  it('an amendment is version 2; version 1 is superseded, and the plan moves again', async () => {
    const amended = await propose(
      bram,
      'timetables',
      timetable({
        reference: `Regeling rooster centrale examens vo ${Y} (CvTE-25.00123, gewijzigd bij CvTE-26.00042)`,
        exams: [{ subject: 'wiskunde-b', level: 'havo', date: `${Y}-05-13`, start: '09:00', end: '12:00' }],
        note: 'Wijzigingsregeling: wiskunde B havo een dag later.',
      }),
    );
    expect(amended.version).toBe(2);
    const view = await changeOf(admin, amended.id);
    expect(view.published?.version).toBe(1);
    expect(view.effect.moves.find((m) => m.subject === 'wiskunde-b' && m.level === 'havo')).toMatchObject({
      from: `${Y}-05-12`,
      to: `${Y}-05-13`,
    });
    await answered(await approve(admin, amended.id));
    const rows = await rt.services.db
      .select({ version: examDataVersions.version, status: examDataVersions.status })
      .from(examDataVersions)
      .where(and(eq(examDataVersions.kind, 'timetable'), eq(examDataVersions.key, String(Y))));
    expect(rows.sort((a, b) => a.version - b.version)).toEqual([
      { version: 1, status: 'superseded' },
      { version: 2, status: 'published' },
    ]);
    expect((await examDateIn(pupil)).date).toBe(`${Y}-05-13`);
    const notices = (await answered(await call(pupil, 'GET', '/users/me/exam-date-notices'))) as { from: string }[];
    expect(notices.map((n) => n.from)).toEqual([`${Y}-05-12`]);
  });

  it('refuses publishing a version equal to the published one', async () => {
    const error = await refused(
      await call(
        anna,
        'POST',
        '/backoffice/exam-data/timetables',
        timetable({
          reference: `Regeling rooster centrale examens vo ${Y} (CvTE-25.00123, gewijzigd bij CvTE-26.00042)`,
          exams: [{ subject: 'wiskunde-b', level: 'havo', date: `${Y}-05-13`, start: '09:00', end: '12:00' }],
          note: 'Nog een keer.',
        }),
      ),
      409,
    );
    expect(error.message).toBe(M.UNCHANGED);
  });

  it('keeps every step in the audit log', async () => {
    const audit = auditPageSchema.parse(await answered(await call(admin, 'GET', `/backoffice/audit?objectId=${Y}`)));
    const steps = audit.entries
      .filter((e) => e.objectType === 'exam-data:timetable')
      .map((e) => [e.action, e.actorUserId, (e.after as { version?: number } | null)?.version]);
    expect(steps).toEqual([
      ['exam-data.publish', admin.id, 2],
      ['exam-data.propose', bram.id, 2],
      ['exam-data.publish', bram.id, 1],
      ['exam-data.propose', anna.id, 1],
    ]);
  });
});

describe('N-terms and past exams', () => {
  it('an N-term is rejected with a reason, or withdrawn by its proposer; nothing is published', async () => {
    const body = {
      subject: 'wiskunde-b',
      level: 'havo',
      year: 2024,
      tijdvak: 1,
      n: 1.1,
      maxScore: 78,
      source: 'https://www.examenblad.nl/2024/havo/wiskunde-b/normering',
      note: 'Normering van het CvTE.',
    };
    const change = await propose(anna, 'n-terms', body);
    expect(change.title).toBe('N-term Wiskunde B havo 2024, tijdvak 1');
    const noReason = await refused(
      await call(bram, 'POST', `/backoffice/exam-data/changes/${change.id}/reject`, {}),
      400,
    );
    expect(noReason.fieldErrors?.reason).toEqual([M.REJECT_REASON]);
    await answered(
      await call(bram, 'POST', `/backoffice/exam-data/changes/${change.id}/reject`, { reason: 'Verkeerd jaar.' }),
    );
    await refused(await approve(bram, change.id), 409);
    const next = await propose(anna, 'n-terms', { ...body, n: 1.2 });
    await answered(
      await call(anna, 'POST', `/backoffice/exam-data/changes/${next.id}/reject`, { reason: 'Ingetrokken.' }),
    );
    const list = examDataListSchema.parse(await answered(await call(anna, 'GET', '/backoffice/exam-data')));
    expect(list.records.filter((r) => r.kind === 'n-term')).toEqual([]);
  });

  it('a past exam is published after a second person approves it', async () => {
    const change = await propose(anna, 'past-exams', {
      subject: 'wiskunde-b',
      level: 'havo',
      year: 2024,
      tijdvak: 1,
      examUrl: 'https://www.examenblad.nl/2024/havo/wiskunde-b/opgaven',
      correctionUrl: 'https://www.examenblad.nl/2024/havo/wiskunde-b/correctievoorschrift',
      normingUrl: 'https://www.examenblad.nl/2024/havo/wiskunde-b/normering',
      note: 'Oud examen 2024.',
    });
    await answered(await approve(bram, change.id));
    const list = examDataListSchema.parse(await answered(await call(anna, 'GET', '/backoffice/exam-data')));
    expect(list.records.find((r) => r.kind === 'past-exam')?.published?.version).toBe(1);
  });
});
