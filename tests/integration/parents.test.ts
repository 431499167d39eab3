/**
 * Parents (issue 31) through the API: a pupil invites a parent by e-mail (the mail's link works once), the
 * parent accepts with their own account (consenting first for a pupil under 16), sees the child's subjects with
 * "op schema" / "loopt achter" and a reason, never answers; the pupil ends the link whenever they like. Who may
 * do what: anonymous, a parent who is linked and one who is not, the pupil themselves. The weekly mail goes to
 * each linked parent once a week, with a switch-off link that works without signing in.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/modules/accounts/db/tables.ts';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import {
  childrenSchema,
  GUARDIAN_MESSAGES,
  parentInvitedSchema,
  parentLinksSchema,
} from '#app/modules/guardians/index.ts';
import { digestOff, sendParentDigests } from '#app/modules/guardians/index.server.ts';
import { refreshPupilSummary } from '#app/modules/planner/index.server.ts';
import { seedDemoReviews } from '#app/modules/reviews/server/demo-reviews.server.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { type Caller, type Mail, newUser, recordMails } from './accounts.ts';
import { answered, apiClient, refused } from './http.ts';
import { subjectIdOf } from './study-content.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
const call = apiClient(() => rt);
let mails: Mail[];
let pupil: Caller;
let young: Caller;
let parent: Caller;
let stranger: Caller;
let subjectId: number;

/** The token of the newest invitation mailed to `to`. */
function tokenMailedTo(to: string): string {
  const mail = mails.filter((m) => m.to === to).at(-1);
  const token = /\/ouder\/uitnodiging\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${to}`);
  return token;
}
const children = async (caller: Caller) =>
  childrenSchema.parse(await answered(await call(caller, 'GET', '/users/me/children')));
const invite = (caller: Caller | null, body: unknown) => call(caller, 'POST', '/users/me/parents', body);
const accept = (caller: Caller | null, body: unknown) => call(caller, 'POST', '/users/me/children', body);

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const { db } = rt.database;
  mails = recordMails(rt);
  pupil = await newUser(rt, mails, 'sanne.leerling@example.nl');
  young = await newUser(rt, mails, 'daan.jong@example.nl');
  parent = await newUser(rt, mails, 'ouder.visser@example.nl');
  stranger = await newUser(rt, mails, 'iemand.anders@example.nl');
  await db.update(users).set({ name: 'Sanne Visser' }).where(eq(users.id, pupil.id));
  await db.update(users).set({ name: 'Daan Visser' }).where(eq(users.id, young.id));
  await db.update(users).set({ name: 'Petra Visser' }).where(eq(users.id, parent.id));
  subjectId = await subjectIdOf(db, 'wiskunde-b');
  const examYear = examYearRange(new Date()).min;
  expect((await call(pupil, 'PATCH', '/users/me', { examYear, onboardingCompleted: true })).status).toBe(200);
  await grantSubjectAccess(db, { userId: pupil.id, subjectId, stream: 'full', source: 'demo' });
  await answered(await call(pupil, 'POST', '/users/me/subjects', { ids: [subjectId] }));
  await seedDemoReviews(db, pupil.id, subjectId);
  await refreshPupilSummary(rt.services, pupil.id, subjectId);
}, 120_000);

afterAll(async () => {
  await rt?.close();
});

describe('a pupil invites a parent', () => {
  it('by e-mail: the parent gets a link, the pupil sees the invitation', async () => {
    const answer = parentInvitedSchema.parse(
      await answered(await invite(pupil, { email: ' Ouder.Visser@example.nl ' }), 201),
    );
    expect(answer.message).toBe(GUARDIAN_MESSAGES.INVITED('ouder.visser@example.nl'));
    const mail = mails.at(-1)!;
    expect(mail).toMatchObject({ to: 'ouder.visser@example.nl', subject: 'Sanne nodigt je uit op Slaagbundel' });
    expect(mail.text).toContain('Antwoorden en cijfers zie je niet');
    const { parents } = parentLinksSchema.parse(await answered(await call(pupil, 'GET', '/users/me/parents')));
    expect(parents).toEqual([
      expect.objectContaining({ email: 'ouder.visser@example.nl', status: 'invited', parentName: null }),
    ]);
  });

  it('refuses the pupil’s own address and a second invitation to the same parent', async () => {
    expect((await refused(await invite(pupil, { email: 'sanne.leerling@example.nl' }), 400)).fieldErrors).toEqual({
      email: [GUARDIAN_MESSAGES.OWN_EMAIL],
    });
    expect((await refused(await invite(pupil, { email: 'ouder.visser@example.nl' }), 409)).fieldErrors).toEqual({
      email: [GUARDIAN_MESSAGES.ALREADY_INVITED],
    });
    expect((await refused(await invite(pupil, { email: 'geen-adres' }), 400)).fieldErrors).toEqual({
      email: [GUARDIAN_MESSAGES.EMAIL],
    });
    await refused(await invite(null, { email: 'a@example.nl' }), 401);
  });
});

describe('the parent', () => {
  it('sees nothing before accepting, and the pupil cannot accept their own invitation', async () => {
    expect((await children(parent)).children).toEqual([]);
    await refused(await call(null, 'GET', '/users/me/children'), 401);
    const token = tokenMailedTo('ouder.visser@example.nl');
    expect((await refused(await accept(pupil, { token }), 409)).message).toBe(GUARDIAN_MESSAGES.INVITATION_OWN);
  });

  it('accepts, and sees the child’s subjects with their status and a reason, no answers', async () => {
    const token = tokenMailedTo('ouder.visser@example.nl');
    expect(await answered(await accept(parent, { token }))).toEqual({ message: GUARDIAN_MESSAGES.ACCEPTED('Sanne') });
    // The link works once.
    expect((await refused(await accept(stranger, { token }), 404)).message).toBe(GUARDIAN_MESSAGES.INVITATION_UNKNOWN);
    const view = await children(parent);
    expect(view.digest).toBe(true);
    expect(view.children).toHaveLength(1);
    const [child] = view.children;
    expect(child!.name).toBe('Sanne');
    const wiskunde = child!.subjects.find((s) => s.id === subjectId)!;
    expect(['op_schema', 'loopt_achter']).toContain(wiskunde.status);
    expect(wiskunde.reason.length).toBeGreaterThan(20);
    expect(wiskunde.examDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // No grades: Sanne shares none with this parent (grade-shares.test.ts: when she does).
    expect(child).toMatchObject({ gradesShared: false, grades: null });
    const rest = view.children.map(({ grades: _grades, gradesShared: _shared, ...other }) => other);
    expect(JSON.stringify({ ...view, children: rest })).not.toMatch(/answer|grade|cijfer|sanne\.leerling/i);
    // Someone else follows nobody.
    expect((await children(stranger)).children).toEqual([]);
    const { parents } = parentLinksSchema.parse(await answered(await call(pupil, 'GET', '/users/me/parents')));
    expect(parents[0]).toMatchObject({ status: 'active', parentName: 'Petra' });
  });

  it('of a pupil under 16 confirms their consent first', async () => {
    await answered(await invite(young, { email: 'ouder.visser@example.nl', under16: true }), 201);
    const token = tokenMailedTo('ouder.visser@example.nl');
    const refusal = await refused(await accept(parent, { token }), 400);
    expect(refusal.fieldErrors).toEqual({ consent: [GUARDIAN_MESSAGES.CONSENT] });
    await answered(await accept(parent, { token, consent: true }));
    expect((await children(parent)).children.map((c) => c.name).sort()).toEqual(['Daan', 'Sanne']);
  });
});

describe('the weekly mail', () => {
  it('goes to each linked parent once a week, with a link that switches it off', async () => {
    const before = mails.length;
    expect(await sendParentDigests(rt.services)).toEqual({ mailed: 1 });
    const digest = mails.at(-1)!;
    expect(mails.length).toBe(before + 1);
    expect(digest.to).toBe('ouder.visser@example.nl');
    expect(digest.text).toContain('Sanne');
    expect(digest.text).toContain('Daan');
    expect(digest.text).toMatch(/Wiskunde B: (Op schema|Loopt achter)\./);
    // Not twice in the same week.
    expect(await sendParentDigests(rt.services)).toEqual({ mailed: 0 });
    const token = /\/ouder\/weekmail-uit\/(\S+)/.exec(digest.text)![1]!;
    expect(await digestOff(rt.services, `${token}x`)).toMatchObject({ ok: false, reason: 'digest_unknown' });
    expect(await digestOff(rt.services, token)).toEqual({ ok: true, value: { message: GUARDIAN_MESSAGES.DIGEST_OFF } });
    expect((await children(parent)).digest).toBe(false);
    expect(await sendParentDigests(rt.services, new Date(Date.now() + 8 * 86_400_000))).toEqual({ mailed: 0 });
  });
});

describe('the pupil', () => {
  it('ends the link at any time; the parent then sees nothing of them', async () => {
    const { parents } = parentLinksSchema.parse(await answered(await call(pupil, 'GET', '/users/me/parents')));
    // Nobody else can end it.
    await refused(await call(parent, 'DELETE', `/users/me/parents/${parents[0]!.id}`), 404);
    expect(await answered(await call(pupil, 'DELETE', `/users/me/parents/${parents[0]!.id}`))).toEqual({
      message: GUARDIAN_MESSAGES.ENDED,
    });
    expect((await children(parent)).children.map((c) => c.name)).toEqual(['Daan']);
    await refused(await call(pupil, 'DELETE', `/users/me/parents/${parents[0]!.id}`), 404);
  });
});
