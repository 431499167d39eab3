/**
 * The demo class (issue 31 §9, README): the school "Demo College" with the class "H5 Wiskunde B" (havo,
 * the demo pupil's exam year, this school year, havo Wiskunde B), owned by the demo teacher, with 28
 * synthetic pupils (demo-class-pupils.ts) and the demo pupil, so that the class dashboard shows a whole
 * class at once after `npm start`: some pupils on schedule, many behind, a few who hardly study. The
 * classes bench seeds its 200-pupil year group the same way (`seedClass`).
 *
 * Everything is made as the product makes it, through the modules' use cases on request scopes over the
 * database (seed-scope.ts): the teacher creates the class (`createClass`), each pupil picks a daily budget
 * (`savePlanSettings`), reviews cards (`reviewCardForUser`, each review at its moment in the pupil's sixteen
 * weeks, the pupil's whole history in one transaction), some make the first exam check (`submitTest`), and
 * joins with the class's code (`joinClass`). Then every member's summary is computed at once
 * (`refreshPupilSummary`), as the queued refresh would a few seconds later. Pupils study side by side (four
 * at once: PostgreSQL's pool runs them in parallel, PGlite in turn).
 *
 * Idempotent like the demo accounts, and safe for two server copies starting at once: this school year's
 * class is claimed in `app_meta` first (the copy that claims it seeds; the other goes on), and marked done
 * at the end. A pupil is done once they are in the class, so a seed cut short (a crash, a restart) goes on
 * where it stopped once its claim is ten minutes old. The use cases run outside one transaction for it all, as
 * they do in a request: they read in parallel, which a transaction's single connection does not allow.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { appMeta } from '#app/db/schema/meta.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import { accounts, addUserSubjects, getMe, users } from '#app/modules/accounts/index.server.ts';
import { subjects } from '#app/modules/catalog/index.server.ts';
import {
  grantSubjectAccess,
  listLearnableCardIds,
  subjectContent,
  subjectOfCard,
} from '#app/modules/cards/index.server.ts';
import { submitTest, testQuestions, tests } from '#app/modules/checks/index.server.ts';
import { assignmentCreateSchema, classCreateSchema, joinCodeSchema, schoolYearOf } from '#app/modules/classes/index.ts';
import {
  createAssignment,
  createClass,
  getTaughtClass,
  joinClass,
  listMyTaughtClasses,
} from '#app/modules/classes/index.server.ts';
import { refreshPupilSummary, savePlanSettings } from '#app/modules/planner/index.server.ts';
import { reviewCardForUser } from '#app/modules/reviews/index.server.ts';
import { examYearRange } from '#app/platform/dates.ts';
import type { Level } from '#app/platform/levels.ts';
import { mulberry32 } from '#app/platform/random.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { hashPassword } from '#app/platform/server/password-hash.server.ts';
import { demoPupilEmail, demoPupils, studyHistory, type DemoPupil } from './demo-class-pupils.ts';
import { seedScopes, type SeedScopes } from './seed-scope.ts';

export const DEMO_SCHOOL = 'Demo College';
export const DEMO_CLASS = 'H5 Wiskunde B';
/** The subject of the class: havo Wiskunde B, the demo pupil's subject with a history. */
export const DEMO_CLASS_SUBJECT = { slug: 'wiskunde-b', level: 'havo' } as const satisfies ClassSeed['subject'];
/** The seed of the pupils' own seeds: the same class on every fresh start. */
const DEMO_CLASS_SEED = 20_261_129;
/** Pupils studied at once (each on its own connection of PostgreSQL's pool). */
const PUPILS_AT_ONCE = 4;
/** A claim this old is of a seed that stopped: the next start goes on with it. */
const STALE_CLAIM_MS = 10 * 60_000;

export interface DemoClassReport {
  classId: number;
  /** False when this school year's class was seeded before (or another copy is seeding it): nothing written. */
  created: boolean;
  /** Pupils who studied and joined in this run (28 on a fresh database), and their reviews and checks. */
  pupils: number;
  reviews: number;
  checks: number;
}

/**
 * Claims this school year's demo class for this run: true when it is ours to seed (new, or a stopped run's
 * claim taken over), false when it is done or another copy is at it.
 */
async function claim(db: Db, key: string): Promise<boolean> {
  const [mine] = await db
    .insert(appMeta)
    .values({ key, value: 'seeding' })
    .onConflictDoNothing({ target: appMeta.key })
    .returning({ key: appMeta.key });
  if (mine) return true;
  const [taken] = await db
    .update(appMeta)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(appMeta.key, key),
        eq(appMeta.value, 'seeding'),
        lt(appMeta.updatedAt, new Date(Date.now() - STALE_CLAIM_MS)),
      ),
    )
    .returning({ key: appMeta.key });
  return taken !== undefined;
}

/** The pupils' accounts: made when missing (verified, studying the class's level with an NT profile), else found. */
async function pupilAccounts(db: Db, spec: ClassSeed, examYear: number) {
  const emails = spec.pupils.map(spec.email);
  const made = await db
    .insert(users)
    .values(
      spec.pupils.map((pupil) => ({
        id: randomUUID(),
        email: spec.email(pupil),
        name: pupil.name,
        emailVerified: true,
        educationRole: 'pupil',
        onboardingCompleted: true,
        profile: 'NT',
        examYear,
        levels: [spec.subject.level],
      })),
    )
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  const idOf = new Map(
    (await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))).map(
      (user) => [user.email, user.id],
    ),
  );
  return {
    made: made.map((user) => user.id),
    pupils: spec.pupils.map((pupil) => ({ pupil, id: idOf.get(spec.email(pupil))! })),
  };
}

/**
 * The new accounts' credentials, the way a sign-up stores them. One hash for all (the same password): scrypt at
 * full strength takes a few hundred milliseconds, on libuv's threads while the pupils study.
 */
async function pupilPasswords(db: Db, userIds: readonly string[], hash: Promise<string>): Promise<void> {
  if (userIds.length === 0) return;
  const password = await hash;
  await db
    .insert(accounts)
    .values(userIds.map((id) => ({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password })));
}

/** The subject's first exam check, answered as well as the pupil does (their own seed again). */
async function makeCheck(s: Scope, user: UserView, pupil: DemoPupil, subjectId: number): Promise<number> {
  const share = pupil.profile.check;
  if (share === null) return 0;
  const [check] = await s.db
    .select({ id: tests.id })
    .from(tests)
    .where(eq(tests.subjectId, subjectId))
    .orderBy(asc(tests.position), asc(tests.id))
    .limit(1);
  if (!check) return 0;
  const questions = await s.db
    .select({
      id: testQuestions.id,
      kind: testQuestions.kind,
      options: testQuestions.options,
      maxPoints: testQuestions.maxPoints,
    })
    .from(testQuestions)
    .where(eq(testQuestions.testId, check.id))
    .orderBy(asc(testQuestions.position));
  const random = mulberry32(pupil.profile.seed + 1);
  const right = () => random() < share;
  const submitted = await submitTest(s, user.id, check.id, {
    answers: questions.map((q) => {
      if (q.kind === 'choice') {
        const options = q.options ?? [];
        const wrong = options.filter((o) => !o.correct);
        const chosen = right() ? options.find((o) => o.correct) : wrong[Math.floor(random() * wrong.length)];
        return { questionId: q.id, kind: 'choice' as const, optionId: chosen?.id ?? null };
      }
      let points = 0;
      for (let point = 0; point < q.maxPoints; point++) if (right()) points += 1;
      return { questionId: q.id, kind: 'open' as const, text: 'Uitgewerkt op papier.', points };
    }),
  });
  if (!submitted.ok) throw new Error(`${user.email} could not hand in check ${check.id}: ${submitted.reason}`);
  return 1;
}

/**
 * A pupil's study of the class's subject, then their join: the subject in their list, full access, their
 * daily budget, their review history, perhaps the exam check, and the class.
 */
async function studyAndJoin(
  scope: SeedScopes,
  pupil: DemoPupil,
  user: UserView,
  context: { subjectId: number; cardIds: readonly number[]; code: string; now: Date },
): Promise<{ reviews: number; checks: number }> {
  const { subjectId, cardIds, code, now } = context;
  const s = scope();
  await addUserSubjects(s.db, user.id, [subjectId]);
  await grantSubjectAccess(s.db, { userId: user.id, subjectId, stream: 'full', source: 'demo' });
  if (pupil.profile.dailyMinutes !== null) {
    const saved = await savePlanSettings(s, user, { dailyMinutes: pupil.profile.dailyMinutes }, now);
    if (!saved.ok) throw new Error(`${user.email}'s plan: ${saved.message}`);
  }
  // The history in one transaction: one commit instead of one a review, and a run cut short leaves none. A
  // review reads one query at a time there (the subject's content is cached before the pupils start).
  const history = studyHistory(pupil.profile, cardIds, now);
  await s.db.transaction(async (tx) => {
    const inTx = scope(tx);
    for (const { cardId, rating, secondsSpent, at } of history) {
      const done = await reviewCardForUser(inTx, user.id, cardId, { rating, secondsSpent }, at);
      if (!done.ok) throw new Error(`${user.email} could not review card ${cardId}: ${done.reason}`);
    }
  });
  const checks = await makeCheck(s, user, pupil, subjectId);
  await join(scope(), user, code, now);
  return { reviews: history.length, checks };
}

/** A pupil joins with the class's code (again: nothing changes). */
async function join(s: Scope, user: UserView, code: string, now: Date): Promise<void> {
  const joined = await joinClass(s, user, code, now);
  if (!joined.ok && joined.reason !== 'already_member') {
    throw new Error(`${user.email} could not join the class: ${joined.message}`);
  }
}

/** Runs `work` on every item, at most `atOnce` at a time. */
async function eachAtOnce<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}

/** A class the seed makes: its school and name, its subject, its pupils and the key of its claim. */
export interface ClassSeed {
  school: string;
  name: string;
  subject: { slug: string; level: Level };
  pupils: readonly DemoPupil[];
  /** A pupil's address (of a fake domain). */
  email: (pupil: DemoPupil) => string;
  /** What `app_meta` calls it, with the school year added: claimed while it is seeded, done after. */
  key: string;
}

/** The demo class (README). */
export const DEMO_CLASS_SEED_SPEC: ClassSeed = {
  school: DEMO_SCHOOL,
  name: DEMO_CLASS,
  subject: DEMO_CLASS_SUBJECT,
  pupils: demoPupils(DEMO_CLASS_SEED),
  email: (pupil) => demoPupilEmail(pupil.number),
  key: 'demo_class',
};

export interface ClassSeedPeople {
  /** The teacher who owns the class. */
  teacherEmail: string;
  /** An existing pupil who joins it too (the demo pupil), and whose exam year the class takes; none: this year's. */
  pupilEmail?: string;
  /** The new pupils' password. */
  password: string;
  now?: Date;
}

/**
 * Seeds a class of the teacher's, this school year's, when it is not there yet (see the module's comment); needs
 * the demo data and the accounts of the teacher and the pupil first. Answers null when the teacher or the
 * subject is missing.
 */
export async function seedClass(
  db: Db,
  spec: ClassSeed,
  { teacherEmail, pupilEmail, password, now = new Date() }: ClassSeedPeople,
): Promise<DemoClassReport | null> {
  const scope = seedScopes(db);
  const schoolYear = schoolYearOf(now);
  const [[teacherRow], [demoPupilRow], [subject]] = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.email, teacherEmail)),
    pupilEmail ? db.select({ id: users.id }).from(users).where(eq(users.email, pupilEmail)) : [],
    db
      .select({ id: subjects.id })
      .from(subjects)
      .where(and(eq(subjects.slug, spec.subject.slug), eq(subjects.levelName, spec.subject.level))),
  ]);
  const teacher = teacherRow && (await getMe(scope(), teacherRow.id));
  if (!teacher || teacher.educationRole !== 'teacher' || !subject) return null;
  const taught = await listMyTaughtClasses(scope(), teacher, now);
  const existing = taught.ok
    ? taught.value.find((c) => c.name === spec.name && c.school.name === spec.school && c.schoolYear === schoolYear)
    : undefined;
  const key = `${spec.key}:${schoolYear}`;
  if (!(await claim(db, key))) {
    return existing ? { classId: existing.id, created: false, pupils: 0, reviews: 0, checks: 0 } : null;
  }
  try {
    const report = await fill(db, scope, spec, {
      teacher,
      teacherEmail,
      subjectId: subject.id,
      existing: existing?.id,
      demoPupilId: demoPupilRow?.id,
      password,
      now,
    });
    await db
      .update(appMeta)
      .set({ value: `done ${report.classId}`, updatedAt: sql`now()` })
      .where(eq(appMeta.key, key));
    return report;
  } catch (error) {
    // The next start goes on where this one stopped (a crash leaves the claim: ten minutes, then the same).
    await db.delete(appMeta).where(and(eq(appMeta.key, key), eq(appMeta.value, 'seeding')));
    throw error;
  }
}

/** What `fill` makes: the class of this teacher (`existing` when it is there already) in this subject. */
interface ClassToFill {
  teacher: UserView;
  teacherEmail: string;
  subjectId: number;
  existing: number | undefined;
  demoPupilId: string | undefined;
  password: string;
  now: Date;
}

/** Makes the claimed class, or goes on with it: its pupils who are not in it yet study and join; all are summed up. */
async function fill(db: Db, scope: SeedScopes, spec: ClassSeed, job: ClassToFill): Promise<DemoClassReport> {
  const { teacher, teacherEmail, subjectId, existing, demoPupilId, password, now } = job;
  const schoolYear = schoolYearOf(now);
  // The pupil's exam year, unless it has passed (a database kept since an earlier school year).
  const demoPupil = demoPupilId ? await getMe(scope(), demoPupilId) : null;
  const examYear = Math.max(demoPupil?.examYear ?? 0, examYearRange(now).min);
  let classId = existing;
  if (classId === undefined) {
    const made = await createClass(
      scope(),
      teacher,
      classCreateSchema.parse({
        schoolName: spec.school,
        name: spec.name,
        level: spec.subject.level,
        examYear,
        schoolYear,
        subjectIds: [subjectId],
      }),
      now,
    );
    if (!made.ok) throw new Error(`the class ${spec.name} was refused: ${made.message}`);
    classId = made.value.id;
  }
  const found = await getTaughtClass(scope(), teacher, classId, now);
  if (!found.ok) throw new Error(`the class ${classId} is not ${teacherEmail}'s`);
  const code = joinCodeSchema.parse({ code: found.value.class.joinCode }).code;
  const inClass = new Set(found.value.members.filter((m) => m.status === 'active').map((m) => m.userId));

  const hash = hashPassword(password);
  hash.catch(() => {}); // awaited below; a failure before then must not go unheard as an unhandled rejection
  const cardIds = await listLearnableCardIds(db, subjectId);
  // The content every review reads, in the seed's cache before the pupils' transactions start.
  await Promise.all([subjectContent(scope(), subjectId), subjectOfCard(scope(), cardIds[0] ?? 0)]);
  const { made, pupils } = await pupilAccounts(db, spec, examYear);
  const context = { subjectId, cardIds, code, now };
  const report: DemoClassReport = { classId, created: true, pupils: 0, reviews: 0, checks: 0 };
  await eachAtOnce(
    pupils.filter(({ id }) => !inClass.has(id)),
    PUPILS_AT_ONCE,
    async ({ pupil, id }) => {
      const user = await getMe(scope(), id);
      if (!user) return;
      const done = await studyAndJoin(scope, pupil, user, context);
      report.pupils += 1;
      report.reviews += done.reviews;
      report.checks += done.checks;
    },
  );
  await pupilPasswords(db, made, hash);
  if (demoPupil && !inClass.has(demoPupil.id)) await join(scope(), demoPupil, code, now);

  // What the queued refresh would compute a few seconds later, at once: the dashboard is whole at the start.
  const members = [...pupils.map((p) => p.id), ...(demoPupil ? [demoPupil.id] : [])];
  await eachAtOnce(members, PUPILS_AT_ONCE, async (id) => {
    await refreshPupilSummary(scope(), id, subjectId, now);
  });
  // The teacher's two assignments (README): keep Differentiëren ready for the exam, and a chapter's cards in
  // three weeks. Given after the summaries, so each pupil's status is judged at once.
  if (existing === undefined) await seedAssignments(scope, teacher, classId, subjectId, now);
  if (scope.reported.length > 0) {
    throw new Error(`the class ${spec.name} was seeded with errors`, { cause: new AggregateError(scope.reported) });
  }
  return report;
}

async function seedAssignments(scope: SeedScopes, teacher: UserView, classId: number, subjectId: number, now: Date) {
  const content = await subjectContent(scope(), subjectId);
  const topics = content?.topics ?? [];
  const keep = topics.find((t) => t.name === 'Differentiëren') ?? topics.find((t) => t.parentId !== null);
  const chapter = topics.filter((t) => t.parentId === null).at(-1);
  const due = new Date(now.getTime() + 21 * 86_400_000).toISOString().slice(0, 10);
  const wanted = [
    keep && { subjectId, kind: 'keep_ready' as const, topicId: keep.id, targetRecall: 0.75 },
    chapter && { subjectId, kind: 'cards' as const, topicId: chapter.id, dueOn: due },
  ];
  for (const input of wanted) {
    if (!input) continue;
    const made = await createAssignment(scope(), teacher, classId, assignmentCreateSchema.parse(input), now);
    if (!made.ok) throw new Error(`the demo assignment was refused: ${made.message}`);
  }
}

/** The demo class (README), when this school year's is not there yet: see seedClass. */
export const seedDemoClass = (db: Db, people: ClassSeedPeople) => seedClass(db, DEMO_CLASS_SEED_SPEC, people);
