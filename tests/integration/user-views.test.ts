/**
 * A user's data version (ADR 019): every table that holds a user's own data raises it when a change commits
 * (migration 0020), and the session read returns it; the views kept of a user (a teacher's class dashboard, a
 * staff member's role, ADR 038) stand only while it does. A pupil's own answers are computed for every request:
 * what a pupil or another server copy changes is in the very next answer, and one pupil's answer is never
 * another's; a deleted account leaves no version behind.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/modules/accounts/db/tables.ts';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { todayPlanSchema } from '#app/modules/planner/schemas/plan.ts';
import { cardListSchema } from '#app/modules/cards/schemas/study.ts';
import { addMySubjects } from '#app/modules/checks/server/subjects.server.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { type Caller, newUser, recordMails } from './accounts.ts';
import { answered, apiClient } from './http.ts';
import { subjectIdOf } from './study-content.ts';
import { createApp } from '#server/create-app.ts';
import { createTestRuntime, dataVersionOf, rowsOf, type TestRuntime } from './test-db.ts';

/**
 * The tables with a `user_id` that do not raise the version, each for its reason. Every other one must: a
 * new table of a user's data without the trigger would leave their views stale.
 */
const WITHOUT_VERSION: Record<string, string> = {
  user_data_versions: 'the version itself',
  sessions: 'read on every request, never part of a view',
  accounts: 'sign-in credentials (Better Auth), never part of a view',
  carts: 'the cart is read on every request, never part of a view',
  orders: 'orders are read on every request; what an order unlocks is subject_access, which raises it',
  pupil_topic_summaries: 'derived from the pupil’s own data; read only by teachers’ and parents’ pages, never kept',
  pupil_subject_summaries: 'derived, like pupil_topic_summaries',
  class_seats: 'read only by the class pages; what a seat gives is subject_access, which raises it',
  teacher_mail_settings: 'the teacher’s weekly mail switch; read only by "Mijn klassen", never kept',
  two_factors: 'the TOTP secret (Better Auth), never part of a view',
};

let rt: TestRuntime;
let pupil: Caller;
let other: Caller;
let wiskunde = 0;
let learnable: number[] = [];

const call = apiClient(() => rt);

const todayOf = async (caller: Caller) =>
  todayPlanSchema.parse(await answered(await call(caller, 'GET', '/users/me/plan/today')));
const cardsOf = async (caller: Caller) =>
  cardListSchema.parse(await answered(await call(caller, 'GET', `/subject/${wiskunde}/cards`)));

const rows = <T>(query: SQL) => rowsOf<T>(rt.database.db, query);
const versionOf = (userId: string) => dataVersionOf(rt.database.db, userId);

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const { db } = rt.database;
  wiskunde = await subjectIdOf(db, 'wiskunde-b');
  const mails = recordMails(rt);
  pupil = await newUser(rt, mails, 'lotte.views@example.nl');
  other = await newUser(rt, mails, 'bram.views@example.nl');
  for (const caller of [pupil, other]) {
    expect((await call(caller, 'PATCH', '/users/me', { examYear: examYearRange(new Date()).min })).status).toBe(200);
    await addMySubjects(rt.services, caller.id, [wiskunde]);
    await grantSubjectAccess(db, { userId: caller.id, subjectId: wiskunde, stream: 'full', source: 'demo' });
  }
  const list = await cardsOf(pupil);
  learnable = list.cards.filter((card) => card.learnable).map((card) => card.id);
});

afterAll(async () => {
  await rt?.close();
});

describe('the data version (migration 0020)', () => {
  it('every table with a user’s data raises it, but those named with their reason', async () => {
    const tables = await rows<{ table_name: string; triggered: boolean }>(sql`
      select c.table_name,
             exists (select 1 from pg_trigger t
                     join pg_class k on k.oid = t.tgrelid
                     join pg_proc p on p.oid = t.tgfoid
                     where k.relname = c.table_name and p.proname = 'bump_user_data_version') as triggered
      from information_schema.columns c
      where c.table_schema = 'public' and c.column_name = 'user_id'
      order by c.table_name`);
    const missing = tables.filter((t) => !t.triggered && !(t.table_name in WITHOUT_VERSION)).map((t) => t.table_name);
    expect(missing, 'tables of a user’s data without the data-version trigger').toEqual([]);
    // The exceptions still exist (a renamed table would otherwise hide here), and none of them has it.
    for (const name of Object.keys(WITHOUT_VERSION)) {
      expect(tables.find((t) => t.table_name === name)?.triggered, name).toBe(false);
    }
    // The user's own row (name, exam year, levels, the onboarding) raises it too.
    const own = await rows<{ n: number }>(sql`
      select count(*)::int as n from pg_trigger t join pg_class k on k.oid = t.tgrelid
      join pg_proc p on p.oid = t.tgfoid
      where k.relname = 'users' and p.proname = 'bump_user_data_version'`);
    expect(own[0]?.n).toBe(1);
  });

  it('rises once a change commits, and only for its owner', async () => {
    const before = [await versionOf(pupil.id), await versionOf(other.id)];
    expect((await call(pupil, 'POST', `/users/me/cards/${learnable[0]}/learn`)).status).toBe(200);
    expect(await versionOf(pupil.id)).toBeGreaterThan(before[0]!);
    expect(await versionOf(other.id)).toBe(before[1]);
    // A transaction that is rolled back changes nothing.
    const rolledBack = await versionOf(pupil.id);
    await rt.database.db
      .transaction(async (tx) => {
        await tx.update(users).set({ examYear: 2030 }).where(eq(users.id, pupil.id));
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await versionOf(pupil.id)).toBe(rolledBack);
  });

  it('moves once for each user a transaction changed, however many of their rows (migration 0022)', async () => {
    // A review writes two rows of its pupil, the card's memory and its log entry: one move.
    const card = learnable.at(-1)!;
    const start = await versionOf(other.id);
    expect((await call(other, 'POST', `/users/me/cards/${card}/reviews`, { rating: 'good' })).status).toBe(201);
    expect(await versionOf(other.id)).toBe(start + 1);
    // One transaction writing the pupil's row twice and the other user's once (the same values: a write is a
    // change to the trigger): each moves once, when it commits.
    const before = [await versionOf(pupil.id), await versionOf(other.id)];
    await rt.database.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ examYear: sql`${users.examYear}` })
        .where(eq(users.id, pupil.id));
      await tx
        .update(users)
        .set({ name: sql`${users.name}` })
        .where(eq(users.id, pupil.id));
      await tx
        .update(users)
        .set({ name: sql`${users.name}` })
        .where(eq(users.id, other.id));
    });
    expect([await versionOf(pupil.id), await versionOf(other.id)]).toEqual([before[0]! + 1, before[1]! + 1]);
    // The user's next transaction moves it again.
    expect((await call(other, 'POST', `/users/me/cards/${card}/reviews`, { rating: 'easy' })).status).toBe(201);
    expect(await versionOf(other.id)).toBe(before[1]! + 2);
  });
});

describe('what a GET answers', () => {
  it('a review is in the very next answer of today’s plan and of the cards', async () => {
    // A card today's plan offers to read.
    const before = await todayOf(pupil);
    const card = before.newCards[0]!.cardId;
    expect(learnable).toContain(card);
    // Asked again with nothing changed: the same answer.
    expect(await todayOf(pupil)).toEqual(before);
    expect((await call(pupil, 'POST', `/users/me/cards/${card}/reviews`, { rating: 'good' })).status).toBe(201);
    const after = await todayOf(pupil);
    expect(after.newCards.map((c) => c.cardId)).not.toContain(card);
    expect(after).not.toEqual(before);
  });

  it('a change made elsewhere (another server copy, a job, by hand) is in the next answer', async () => {
    const card = learnable[2]!;
    const flagged = async () => (await cardsOf(pupil)).cards.find((c) => c.id === card)!.userHasLearned;
    expect(await flagged()).toBe(false);
    await rt.database.db.execute(sql`insert into user_cards (user_id, card_id, learned_at)
      values (${pupil.id}, ${card}, now())
      on conflict (user_id, card_id) do update set learned_at = now()`);
    expect(await flagged()).toBe(true);
    const budget = (await todayOf(pupil)).budgetMinutes;
    const { dailyMinutes } = (await answered(await call(pupil, 'GET', '/users/me/plan'))) as { dailyMinutes: number };
    await rt.database.db.execute(sql`insert into study_plan_settings (user_id, daily_minutes)
      values (${pupil.id}, ${dailyMinutes + 7})
      on conflict (user_id) do update set daily_minutes = excluded.daily_minutes`);
    expect((await todayOf(pupil)).budgetMinutes).toBe(budget + 7);
  });

  it('one pupil’s view is never another’s', async () => {
    const mine = await cardsOf(pupil);
    const theirs = await cardsOf(other);
    expect(mine.cards.some((c) => c.userHasLearned)).toBe(true);
    expect(theirs.cards.some((c) => c.userHasLearned)).toBe(false);
  });

  it('reviews of one pupil at once all count, and the next answer has them all', async () => {
    const batch = learnable.slice(3, 11);
    const answers = await Promise.all(
      batch.map((card) => call(pupil, 'POST', `/users/me/cards/${card}/reviews`, { rating: 'good' })),
    );
    expect(answers.map((res) => res.status)).toEqual(batch.map(() => 201));
    const today = await todayOf(pupil);
    for (const card of batch) expect(today.newCards.map((c) => c.cardId)).not.toContain(card);
  });

  it('a deleted account leaves no version behind', async () => {
    const mails = recordMails(rt);
    const gone = await newUser(rt, mails, 'weg.views@example.nl');
    await addMySubjects(rt.services, gone.id, [wiskunde]);
    expect(await versionOf(gone.id)).toBeGreaterThan(0);
    await rt.database.db.delete(users).where(eq(users.id, gone.id));
    expect(await versionOf(gone.id)).toBe(0);
  });
});

describe('a study page and its data for a client navigation', () => {
  /** The server with a stand-in for React Router that counts what it renders. */
  function pages(respond: (request: Request) => Response = () => dataAnswer()) {
    const rendered: string[] = [];
    const app = createApp({
      deps: rt.deps,
      ping: async () => {},
      production: false,
      api: { auth: rt.auth },
      ssr: async (request) => {
        rendered.push(new URL(request.url).pathname);
        return respond(request);
      },
    });
    const get = (path: string, caller: Caller | null) =>
      app.request(path, {
        headers: {
          'x-forwarded-for': caller?.client ?? '198.51.100.250',
          ...(caller ? { cookie: caller.cookie } : {}),
        },
      });
    return { get, rendered };
  }
  const dataAnswer = (status = 200, headers: Record<string, string> = {}) =>
    new Response(`[{"rendered":${Date.now()}}]`, {
      status,
      headers: { 'Content-Type': 'text/x-script', 'Cache-Control': 'private, no-store', ...headers },
    });
  const learn = `/mijnslaagbundel/${0}/wiskunde-b-havo/leren-en-oefenen.data?_routes=subject-learn___nl`;

  it('is rendered for every request, never kept (ADR 038), and never stored by a browser', async () => {
    const { get, rendered } = pages();
    const paths = [
      [learn, pupil],
      ['/mijnslaagbundel/0/wiskunde-b-havo/resultaten', pupil],
      [learn, null],
      ['/mijnslaagbundel/account/bestellingen.data', pupil],
    ] as const;
    for (const [path, caller] of paths) {
      const before = rendered.length;
      const first = await get(path, caller);
      expect(first.headers.get('cache-control'), path).toBe('private, no-store');
      await get(path, caller);
      expect(rendered.length - before, path).toBe(2);
    }
  });
});
