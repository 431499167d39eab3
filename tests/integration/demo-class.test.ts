/**
 * The demo class (issue 31 §9): seeded with the demo accounts, "H5 Wiskunde B" of "Demo College" is the demo
 * teacher's, with 28 synthetic pupils and the demo pupil in it; its dashboard shows pupils ready and behind at
 * once; and a pupil's stored summary is what mastery computes for them (the same functions, ADR 025).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getMe, users } from '#app/modules/accounts/index.server.ts';
import {
  classDashboardSchema,
  classDetailSchema,
  schoolYearOf,
  taughtClassesSchema,
} from '#app/modules/classes/index.ts';
import { pupilSummaries, subjectMastery } from '#app/modules/planner/index.server.ts';
import { subjectMasterySchema } from '#app/modules/planner/index.ts';
import { userEnvelopeSchema } from '#app/modules/accounts/schemas/user.ts';
import { DEMO_PASSWORD, DEMO_PUPIL_EMAIL, DEMO_TEACHER_EMAIL, seedDemoAccounts } from '#server/seed/demo-accounts.ts';
import { DEMO_CLASS, DEMO_SCHOOL } from '#server/seed/demo-class.ts';
import { demoPupilEmail } from '#server/seed/demo-class-pupils.ts';
import { authPost, sessionCookie } from './accounts.ts';
import { useTestRuntime } from './test-db.ts';

const rt = useTestRuntime({ env: { TRUST_PROXY: '1' } });

let client = 0;
async function sessionOf(email: string) {
  client += 1;
  const res = await authPost(
    rt(),
    '/sign-in/email',
    { email, password: DEMO_PASSWORD },
    {
      'x-forwarded-for': `198.51.100.${client}`,
    },
  );
  expect(res.status, email).toBe(200);
  return sessionCookie(res)!;
}

async function get(cookie: string, path: string) {
  const res = await rt().app.request(`/api/v1${path}`, { headers: { cookie } });
  expect(res.status, path).toBe(200);
  return res.json();
}

let teacher = '';
let classId = 0;

beforeAll(async () => {
  // The demo accounts, then the class: what `npm start` seeds after the demo data.
  await seedDemoAccounts(rt().database.db);
  teacher = await sessionOf(DEMO_TEACHER_EMAIL);
  const { classes } = taughtClassesSchema.parse(await get(teacher, '/classes'));
  classId = classes.find((c) => c.name === DEMO_CLASS)?.id ?? 0;
}, 180_000);

describe('the demo class', () => {
  it('is the demo teacher’s, this school year’s, with 29 pupils in it: 28 of its own and the demo pupil', async () => {
    const pupil = userEnvelopeSchema.parse(await get(await sessionOf(DEMO_PUPIL_EMAIL), '/users/me')).user;
    const { classes } = taughtClassesSchema.parse(await get(teacher, '/classes'));
    expect(classes.filter((c) => c.name === DEMO_CLASS)).toHaveLength(1);
    const demo = classes.find((c) => c.id === classId)!;
    expect(demo).toMatchObject({
      name: DEMO_CLASS,
      school: { name: DEMO_SCHOOL },
      level: 'havo',
      examYear: pupil.examYear,
      schoolYear: schoolYearOf(new Date()),
      archived: false,
      role: 'owner',
      pupils: 29,
      waiting: 0,
      subjects: [{ name: 'Wiskunde B', slug: 'wiskunde-b' }],
    });

    const { members } = classDetailSchema.parse(await get(teacher, `/classes/${classId}`));
    expect(members).toHaveLength(29);
    expect(members.every((m) => m.status === 'active')).toBe(true);
    expect(members.map((m) => m.userId)).toContain(pupil.id);
    // A teacher sees first names and last initials, never addresses.
    expect(members.map((m) => m.name)).toContain('Sanne L.');
    expect(JSON.stringify(members)).not.toContain('@');
  });

  it('shows a spread on its dashboard at once: some pupils ready, many behind, a few who hardly study', async () => {
    const dashboard = classDashboardSchema.parse(await get(teacher, `/classes/${classId}/dashboard`));
    expect(dashboard.subject).toMatchObject({ slug: 'wiskunde-b' });
    expect(dashboard.pupils).toHaveLength(29);
    const count = (status: string) => dashboard.pupils.filter((p) => p.status === status).length;
    // Every summary is there: nobody waits for theirs, and every pupil has access and a plan.
    expect(count('ready') + count('behind')).toBe(29);
    // The histories end today, the exam is months ahead: a few keep every topic for it, most do not (the
    // margins leave room for the time of year the test runs in).
    expect(count('ready')).toBeGreaterThanOrEqual(2);
    expect(count('behind')).toBeGreaterThanOrEqual(10);
    expect(dashboard.pupils.every((p) => p.cells.length === dashboard.topics.length)).toBe(true);
    expect(dashboard.topics.length).toBeGreaterThanOrEqual(10);
    // Behind by effort: a few (those who stopped or barely started), not the class.
    expect(dashboard.behindByEffort.length).toBeGreaterThanOrEqual(3);
    expect(dashboard.behindByEffort.length).toBeLessThanOrEqual(10);
    // Levels from "Nog niet begonnen" to "Beheerst" across the grid; some made the exam check.
    const levels = new Set(dashboard.pupils.flatMap((p) => p.cells.map((c) => c.level)));
    expect([...levels]).toEqual(expect.arrayContaining(['nieuw', 'geoefend', 'bekend', 'vaardig', 'beheerst']));
    expect(dashboard.checksPerTopic.some((t) => t.pupils >= 3)).toBe(true);
    expect(dashboard.updatedAt).not.toBeNull();
  });

  it('stores for a pupil what mastery computes for them: the same levels and recall per topic', async () => {
    const dashboard = classDashboardSchema.parse(await get(teacher, `/classes/${classId}/dashboard`));
    const subjectId = dashboard.subject!.id;
    const { db } = rt().database;
    for (const email of [demoPupilEmail(1), demoPupilEmail(2), DEMO_PUPIL_EMAIL]) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const user = (await getMe(rt().services, row!.id))!;
      const summary = (await pupilSummaries(rt().services, [user.id], subjectId)).get(user.id)!;
      // Mastery at the moment the summary was computed: the very numbers (stored as 4-byte reals).
      const computed = await subjectMastery(rt().services, user, subjectId, summary.updatedAt);
      expect(computed.ok).toBe(true);
      if (!computed.ok) continue;
      expect(summary.examDate).toBe(computed.value.examDate.date);
      expect(summary.topics.size).toBe(computed.value.topics.length);
      for (const topic of computed.value.topics) {
        const stored = summary.topics.get(topic.id);
        expect(stored, `${email}, topic ${topic.name}`).toBeDefined();
        expect(stored!.level).toBe(topic.level);
        expect(stored!.recallNow).toBeCloseTo(topic.recallNow, 5);
        expect(stored!.recallExam).toBeCloseTo(topic.recallOnExam, 5);
        expect(stored!.cardsSeen).toBe(topic.cardsSeen);
        expect(stored!.checkShare).toEqual(topic.checkShare === null ? null : expect.closeTo(topic.checkShare, 5));
      }
      // The dashboard shows the stored summary.
      const shown = dashboard.pupils.find((p) => p.userId === user.id)!;
      expect(shown.cells.map((c) => [c.topicId, c.level])).toEqual(computed.value.topics.map((t) => [t.id, t.level]));
    }
  });

  it('matches what the mastery API answers the pupil (a pupil of the class signs in with the demo password)', async () => {
    const dashboard = classDashboardSchema.parse(await get(teacher, `/classes/${classId}/dashboard`));
    const pupil = await sessionOf(demoPupilEmail(3));
    const me = userEnvelopeSchema.parse(await get(pupil, '/users/me')).user;
    const mastery = subjectMasterySchema.parse(await get(pupil, `/users/me/subjects/${dashboard.subject!.id}/mastery`));
    const shown = dashboard.pupils.find((p) => p.userId === me.id)!;
    // Computed a few seconds after the summary: recall has fallen by a hair, the levels are the same.
    expect(shown.cells.map((c) => [c.topicId, c.level])).toEqual(mastery.topics.map((t) => [t.id, t.level]));
    for (const topic of mastery.topics) {
      const cell = shown.cells.find((c) => c.topicId === topic.id)!;
      expect(cell.recallNow).toBeCloseTo(topic.recallNow, 3);
      expect(cell.recallExam).toBeCloseTo(topic.recallOnExam, 3);
    }
  });

  it('is seeded once: a restart finds it and writes nothing', async () => {
    expect(await seedDemoAccounts(rt().database.db)).toBe(0);
    const { classes } = taughtClassesSchema.parse(await get(teacher, '/classes'));
    expect(classes.filter((c) => c.name === DEMO_CLASS)).toEqual([
      expect.objectContaining({ id: classId, pupils: 29 }),
    ]);
  });
});
