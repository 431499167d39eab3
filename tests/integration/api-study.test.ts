/**
 * The study area's calls (spec §3 Card, Topic, Test, §4 learned
 * toggle, visits, saving results, subject access, §7): on generated content
 * (tests/support/study-fixture.ts) so every count is known — wiskunde-b havo
 * with full access, biologie havo with a light stream, economie havo without
 * access. Each call's answer for the owner, its refusals (403 without access,
 * 404 for another user's attempt) and the number of queries per request.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { attemptResultSchema, testListSchema, testSchema, type TestView } from '#app/modules/checks/schemas/checks.ts';
import {
  buddyAnswerSchema,
  chatbotListSchema,
  idiomListSchema,
  idiomListsSchema,
} from '#app/modules/buddy/schemas/buddy-idioms.ts';
import { cardListSchema, cardSchema, cardStateSchema } from '#app/modules/cards/schemas/study.ts';
import { studySubjectSchema } from '#app/modules/study/schemas/subject.ts';
import { userSubjectsSchema } from '#app/modules/checks/schemas/subjects.ts';
import { addMySubjects } from '#app/modules/checks/server/subjects.server.ts';
import { type Caller, newUser, recordMails } from './accounts.ts';
import { answered, apiClient, refused } from './http.ts';
import { createGeneratedStudyRuntime, subjectIdOf } from './study-content.ts';
import type { TestRuntime } from './test-db.ts';

let rt: TestRuntime;
let sanne: Caller;
let daan: Caller;
const ids = { full: 0, light: 0, none: 0 };

const call = apiClient(() => rt);
const ok = async <T>(res: Response, schema: { parse(v: unknown): T }): Promise<T> => schema.parse(await answered(res));

beforeAll(async () => {
  // The demo content with generated study files instead of the real ones: known counts.
  rt = await createGeneratedStudyRuntime({
    slugs: ['wiskunde-b', 'biologie', 'economie'],
    cards: 60,
    env: { TRUST_PROXY: '1' },
  });
  const mails = recordMails(rt);
  sanne = await newUser(rt, mails, 'sanne.studie@example.nl');
  daan = await newUser(rt, mails, 'daan.studie@example.nl');
  ids.full = await subjectIdOf(rt.database.db, 'wiskunde-b');
  ids.light = await subjectIdOf(rt.database.db, 'biologie');
  ids.none = await subjectIdOf(rt.database.db, 'economie');
  for (const caller of [sanne, daan]) {
    await addMySubjects(rt.services, caller.id, [ids.full, ids.light, ids.none]);
    await grantSubjectAccess(rt.database.db, {
      userId: caller.id,
      subjectId: ids.full,
      stream: 'full',
      source: 'demo',
    });
    await grantSubjectAccess(rt.database.db, {
      userId: caller.id,
      subjectId: ids.light,
      stream: 'light',
      source: 'demo',
    });
  }
});

afterAll(async () => {
  await rt?.close();
});

describe('GET /v1/subject/{id} (spec §7)', () => {
  it('answers the stream, the checks and what the content offers', async () => {
    const subject = await ok(await call(sanne, 'GET', `/subject/${ids.full}`), studySubjectSchema);
    expect(subject.stream).toMatchObject({ userHasAccess: true, isLightStream: false });
    expect(subject.stream.tests.map((t) => t.title)).toEqual(['Examencheck 1', 'Examencheck 2']);
    expect(subject.stream.correctionsCardId).toBeTypeOf('number');
    // 60 cards, one a sheet to print and one the corrections card: 58 to learn.
    expect(subject.counts).toEqual({ cards: 58, tests: 2, idioms: 12, topics: 9 });
    expect(subject.chatbotId).toBeTypeOf('number');
  });

  it('also answers without access, with nothing to open', async () => {
    const subject = await ok(await call(sanne, 'GET', `/subject/${ids.none}`), studySubjectSchema);
    expect(subject.stream).toMatchObject({ userHasAccess: false, isLightStream: false, correctionsCardId: null });
    expect(subject.aboutHtml).toContain('examen');
  });

  it('is 404 for an unknown subject and 400 for a malformed id', async () => {
    await refused(await call(sanne, 'GET', '/subject/999999'), 404);
    const error = await refused(await call(sanne, 'GET', '/subject/abc'), 400);
    expect(error.fieldErrors?.id).toBeDefined();
  });
});

describe('GET /v1/subject/{id}/cards (spec §7)', () => {
  const cardsOf = async (caller: Caller, query = '', id = ids.full) =>
    ok(await call(caller, 'GET', `/subject/${id}/cards${query}`), cardListSchema);

  it('answers every card in order with the available topics and their progress', async () => {
    const list = await cardsOf(daan);
    expect(list.cards).toHaveLength(60);
    expect(list.cards[0]!.title).toMatch(/^Kaart 1 /);
    expect(list.availableTopics).toHaveLength(9);
    expect(list.parentTopics.map((p) => p.name)).toEqual(['Hoofdstuk 1', 'Hoofdstuk 2', 'Hoofdstuk 3']);
    const total = list.availableTopics.reduce((n, t) => n + t.totalLearnableCards, 0);
    expect(total).toBe(58);
    expect(list.lockedCards).toBe(0);
    // Only the list: no card's text.
    expect(JSON.stringify(list)).not.toContain('bodyHtml');
  });

  it('filters: values widen, filters narrow; topics and their chapters together', async () => {
    const all = (await cardsOf(daan)).cards;
    const uitleg = await cardsOf(daan, '?sections[]=uitleg');
    expect(uitleg.cards.length).toBe(all.filter((c) => c.section === 'uitleg').length);
    const two = await cardsOf(daan, '?sections[]=uitleg&sections[]=oefenen&difficulty[]=moeilijk');
    expect(two.cards.length).toBe(
      all.filter((c) => ['uitleg', 'oefenen'].includes(c.section) && c.difficulty === 'moeilijk').length,
    );
    expect(two.cards.length).toBeGreaterThan(0);
    const list = await cardsOf(daan);
    const chapter = list.parentTopics[1]!;
    const topicsOfChapter = list.availableTopics.filter((t) => t.parentId === chapter.id).map((t) => t.id);
    const byChapter = await cardsOf(daan, `?parentTopicIds[]=${chapter.id}`);
    expect(byChapter.cards.length).toBe(all.filter((c) => c.topics.some((t) => topicsOfChapter.includes(t.id))).length);
    const byTopic = await cardsOf(daan, `?topicIds[]=${topicsOfChapter[0]}&examTypes[]=CE`);
    expect(byTopic.cards.every((c) => c.examType === 'CE' && c.topics[0]!.id === topicsOfChapter[0])).toBe(true);
  });

  it('answers 400 with Dutch field errors for unknown filter values', async () => {
    const error = await refused(await call(daan, 'GET', `/subject/${ids.full}/cards?sections[]=nope`), 400);
    expect(error.fieldErrors?.['sections[].0']?.[0]).toBe('Kies een van de filters uit de lijst.');
    await refused(await call(daan, 'GET', `/subject/${ids.full}/cards?topicIds[]=-1`), 400);
    await refused(await call(daan, 'GET', `/subject/${ids.full}/cards?hideLearned=ja`), 400);
  });

  it('a light stream sees only the light cards; no access: 403', async () => {
    const light = await cardsOf(daan, '', ids.light);
    expect(light.cards.length).toBe(15);
    expect(light.cards.every((c) => c.light)).toBe(true);
    expect(light.lockedCards).toBe(45);
    const error = await refused(await call(daan, 'GET', `/subject/${ids.none}/cards`), 403);
    expect(error.error).toBe('forbidden');
    expect(error.message).toMatch(/geen toegang/);
  });

  it('uses a fixed number of queries, however many cards (no N+1)', async () => {
    const raw = rt.database.raw as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const original = raw.query.bind(raw);
    let count = 0;
    raw.query = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? '');
      if (!text.includes('pgboss')) count += 1;
      return original(...args);
    };
    try {
      await cardsOf(daan);
      const first = count;
      count = 0;
      await cardsOf(daan, '?sections[]=uitleg&hideLearned=true');
      expect(count).toBe(first);
      // The session, the access and the pupil's state; the content itself is cached between requests in
      // production (CONTENT_CACHE_SECONDS), and at most 8 queries when it is read.
      expect(first).toBeLessThanOrEqual(11);
    } finally {
      raw.query = original;
    }
  });
});

describe('cards: open, visit, learn (spec §4)', () => {
  /** Sanne's recorded visits of a card and of its topics. */
  async function visitsOf(cardId: number) {
    const result = await rt.database.db.execute(
      `select (select count(*)::int from user_cards uc join users u on u.id = uc.user_id
                where u.email = 'sanne.studie@example.nl' and uc.card_id = ${cardId} and uc.visited_at is not null) as card,
              (select count(*)::int from user_topic_visits tv join users u on u.id = tv.user_id
                 join card_topics ct on ct.topic_id = tv.topic_id
                where u.email = 'sanne.studie@example.nl' and ct.card_id = ${cardId}) as topics` as never,
    );
    const [row] = (result as unknown as { rows: { card: number; topics: number }[] }).rows;
    return { card: Number(row!.card), topics: Number(row!.topics) };
  }

  it('GET /v1/card/{id} answers the text with the formulas rendered; a locked card is 403', async () => {
    const { cards } = await ok(await call(sanne, 'GET', `/subject/${ids.full}/cards`), cardListSchema);
    const card = await ok(await call(sanne, 'GET', `/card/${cards[0]!.id}`), cardSchema);
    expect(card.bodyHtml).toContain('class="katex"');
    expect(card.bodyHtml).toContain('<math');
    const light = await ok(await call(sanne, 'GET', `/subject/${ids.light}/cards`), cardListSchema);
    const full = await ok(await call(sanne, 'GET', `/subject/${ids.full}/cards`), cardListSchema);
    // The same generated content in both subjects: card 2 is not light, so it is locked in biologie.
    expect(light.cards.some((c) => c.title === full.cards[1]!.title)).toBe(false);
    const lockedId = full.cards[1]!.id + (light.cards[0]!.id - full.cards[0]!.id);
    expect((await refused(await call(sanne, 'GET', `/card/${lockedId}`), 403)).message).toMatch(
      /volledige Slaagbundel/,
    );
    // Visiting it is refused the same, and records nothing (the visit and its check are one statement).
    expect((await refused(await call(sanne, 'POST', `/users/me/cards/${lockedId}/visit`), 403)).message).toMatch(
      /volledige Slaagbundel/,
    );
    expect(await visitsOf(lockedId)).toEqual({ card: 0, topics: 0 });
    await refused(await call(sanne, 'GET', '/card/99999999'), 404);
    await refused(await call(sanne, 'POST', '/users/me/cards/99999999/visit'), 404);
  });

  it('visiting clears the new flag of the card and of its topics', async () => {
    const before = await ok(await call(sanne, 'GET', `/subject/${ids.full}/cards`), cardListSchema);
    const fresh = before.cards.find((c) => c.newContent)!;
    expect(before.availableTopics.find((t) => t.id === fresh.topics[0]!.id)?.newContent).toBe(true);
    // A card with nothing new of its own whose every topic is one of the fresh card's: opening it would clear
    // those topics' flags.
    const newTopics = new Set(before.availableTopics.filter((t) => t.newContent).map((t) => t.id));
    const freshTopics = new Set(fresh.topics.map((t) => t.id));
    const sibling = before.cards.find(
      (c) =>
        c.id !== fresh.id &&
        !c.newContent &&
        c.topics.some((t) => freshTopics.has(t.id)) &&
        c.topics.every((t) => freshTopics.has(t.id) || !newTopics.has(t.id)),
    );
    expect(sibling).toBeDefined();
    // The card alone (the card modal's read) says the same as the list, before the visit and after; and whether
    // opening it clears a flag (the modal posts its visit only then).
    const card = await ok(await call(sanne, 'GET', `/card/${fresh.id}`), cardSchema);
    expect(card).toMatchObject({ newContent: true, clearsNew: true });
    expect(await ok(await call(sanne, 'GET', `/card/${sibling!.id}`), cardSchema)).toMatchObject({
      newContent: false,
      clearsNew: true,
    });
    const state = await ok(await call(sanne, 'POST', `/users/me/cards/${fresh.id}/visit`), cardStateSchema);
    expect(state.newContent).toBe(false);
    expect(state.topics[0]!.newContent).toBe(false);
    const after = await ok(await call(sanne, 'GET', `/subject/${ids.full}/cards`), cardListSchema);
    expect(after.cards.find((c) => c.id === fresh.id)?.newContent).toBe(false);
    expect(await ok(await call(sanne, 'GET', `/card/${fresh.id}`), cardSchema)).toMatchObject({
      newContent: false,
      clearsNew: false,
    });
    // The visit cleared the topics' flags too: opening the other card now clears nothing.
    expect((await ok(await call(sanne, 'GET', `/card/${sibling!.id}`), cardSchema)).clearsNew).toBe(false);
    // Another pupil still sees it as new.
    const other = await ok(await call(daan, 'GET', `/subject/${ids.full}/cards`), cardListSchema);
    expect(other.cards.find((c) => c.id === fresh.id)?.newContent).toBe(true);
    expect(await ok(await call(daan, 'GET', `/card/${fresh.id}`), cardSchema)).toMatchObject({
      newContent: true,
      clearsNew: true,
    });
  });

  it('opening a card with nothing new on it records no visit', async () => {
    const list = await ok(await call(sanne, 'GET', `/subject/${ids.full}/cards`), cardListSchema);
    const newTopics = new Set(list.availableTopics.filter((t) => t.newContent).map((t) => t.id));
    const candidates = list.cards.filter((c) => !c.newContent && c.topics.every((t) => !newTopics.has(t.id)));
    let seen: (typeof candidates)[number] | undefined;
    for (const card of candidates) {
      if ((await visitsOf(card.id)).card !== 0) continue;
      seen = card;
      break;
    }
    expect(seen).toBeDefined();
    // The card's answer says so: the card modal posts no visit for it.
    expect((await ok(await call(sanne, 'GET', `/card/${seen!.id}`), cardSchema)).clearsNew).toBe(false);
    const before = await visitsOf(seen!.id);
    const state = await ok(await call(sanne, 'POST', `/users/me/cards/${seen!.id}/visit`), cardStateSchema);
    expect(state.newContent).toBe(false);
    expect(state.topics.every((t) => !t.newContent)).toBe(true);
    // Nothing was new, so nothing is written: the card has no visit, its topics no more than before.
    expect(await visitsOf(seen!.id)).toEqual(before);
  });

  it('a card’s answer, kept compressed for pupils with the same marks, is each pupil’s own', async () => {
    const { cards } = await ok(await call(daan, 'GET', `/subject/${ids.full}/cards`), cardListSchema);
    const card = cards.filter((c) => !c.isDownload && !c.userHasLearned && c.section === 'oefenen').at(-1)!;
    const path = `/card/${card.id}`;
    const compressed = async (who: Caller, encoding: 'br' | 'gzip') => {
      const res = await call(who, 'GET', path, undefined, { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      const bytes = Buffer.from(await res.arrayBuffer());
      const plain = encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes);
      return { bytes, card: cardSchema.parse(JSON.parse(plain.toString())) };
    };
    const plainOf = async (who: Caller) => ok(await call(who, 'GET', path), cardSchema);
    // Both have opened it: nothing on it is new to either.
    for (const who of [sanne, daan])
      await ok(await call(who, 'POST', `/users/me/cards/${card.id}/visit`), cardStateSchema);

    expect((await compressed(daan, 'br')).card).toEqual(await plainOf(daan));
    await ok(await call(sanne, 'POST', `/users/me/cards/${card.id}/learn`), cardStateSchema);
    // Sanne's mark is hers alone, whichever of them asked first and in whichever encoding.
    expect((await compressed(sanne, 'br')).card.userHasLearned).toBe(true);
    expect((await compressed(daan, 'br')).card.userHasLearned).toBe(false);
    expect((await compressed(sanne, 'gzip')).card).toEqual(await plainOf(sanne));
    expect((await compressed(daan, 'gzip')).card).toEqual(await plainOf(daan));
    await ok(await call(sanne, 'DELETE', `/users/me/cards/${card.id}/learn`), cardStateSchema);
    const hers = await compressed(sanne, 'br');
    expect(hers.card).toEqual(await plainOf(sanne));
    expect(hers.card.userHasLearned).toBe(false);
    // With the same marks, the same answer: the bytes kept for Sanne are Daan's too.
    expect(await plainOf(daan)).toEqual(hers.card);
    expect((await compressed(daan, 'br')).bytes.equals(hers.bytes)).toBe(true);
  });

  it('learn and unlearn set the mark and the topic counts, idempotent and in order', async () => {
    const { cards, availableTopics } = await ok(await call(sanne, 'GET', `/subject/${ids.full}/cards`), cardListSchema);
    const card = cards.find((c) => !c.isDownload && !c.userHasLearned && c.section === 'oefenen')!;
    const topic = availableTopics.find((t) => t.id === card.topics[0]!.id)!;
    const learned = await ok(await call(sanne, 'POST', `/users/me/cards/${card.id}/learn`), cardStateSchema);
    expect(learned.userHasLearned).toBe(true);
    expect((await ok(await call(sanne, 'GET', `/card/${card.id}`), cardSchema)).userHasLearned).toBe(true);
    expect(learned.topics[0]!.learnedCards).toBe(topic.learnedCards + 1);
    // Again: still learned, counted once.
    const again = await ok(await call(sanne, 'POST', `/users/me/cards/${card.id}/learn`), cardStateSchema);
    expect(again.topics[0]!.learnedCards).toBe(topic.learnedCards + 1);
    // Fast clicks in order end in the last state.
    for (const method of ['DELETE', 'POST', 'DELETE', 'POST', 'DELETE']) {
      await ok(await call(sanne, method, `/users/me/cards/${card.id}/learn`), cardStateSchema);
    }
    const list = await ok(await call(sanne, 'GET', `/subject/${ids.full}/cards`), cardListSchema);
    expect(list.cards.find((c) => c.id === card.id)?.userHasLearned).toBe(false);
    expect(list.availableTopics.find((t) => t.id === topic.id)?.learnedCards).toBe(topic.learnedCards);
    expect((await ok(await call(sanne, 'GET', `/card/${card.id}`), cardSchema)).userHasLearned).toBe(false);
  });

  it('hideLearned leaves out learned cards; a sheet to print is never learned', async () => {
    const { cards } = await ok(await call(sanne, 'GET', `/subject/${ids.full}/cards`), cardListSchema);
    const card = cards.find((c) => !c.isDownload && !c.userHasLearned)!;
    await ok(await call(sanne, 'POST', `/users/me/cards/${card.id}/learn`), cardStateSchema);
    const hidden = await ok(await call(sanne, 'GET', `/subject/${ids.full}/cards?hideLearned=true`), cardListSchema);
    expect(hidden.cards.some((c) => c.id === card.id)).toBe(false);
    const sheet = cards.find((c) => c.isDownload)!;
    const state = await ok(await call(sanne, 'POST', `/users/me/cards/${sheet.id}/learn`), cardStateSchema);
    expect(state.userHasLearned).toBe(false);
  });

  it('another user’s learned marks are their own', async () => {
    const mine = await ok(await call(sanne, 'GET', `/subject/${ids.full}/cards`), cardListSchema);
    const theirs = await ok(await call(daan, 'GET', `/subject/${ids.full}/cards`), cardListSchema);
    expect(mine.cards.some((c) => c.userHasLearned)).toBe(true);
    expect(theirs.cards.some((c) => c.userHasLearned)).toBe(false);
  });

  it('no access: learning or visiting a card is 403 and changes nothing', async () => {
    const none = await ok(await call(sanne, 'GET', `/subject/${ids.full}/cards`), cardListSchema);
    const offset = none.cards[0]!.id;
    // Economie's cards were imported after biologie's: find one by asking the database through the API's ids.
    const list = await rt.database.db.execute(
      `select id from cards where subject_id = ${ids.none} order by position limit 1` as never,
    );
    const cardId = Number((list as unknown as { rows: { id: number }[] }).rows[0]!.id);
    expect(cardId).not.toBe(offset);
    await refused(await call(sanne, 'POST', `/users/me/cards/${cardId}/learn`), 403);
    await refused(await call(sanne, 'POST', `/users/me/cards/${cardId}/visit`), 403);
    expect(await visitsOf(cardId)).toEqual({ card: 0, topics: 0 });
    await refused(await call(sanne, 'GET', `/card/${cardId}`), 403);
  });
});

describe('exam checks (spec §3 Test, §4, §7)', () => {
  let test: TestView;

  beforeAll(async () => {
    const { tests } = await ok(await call(sanne, 'GET', `/subject/${ids.full}/tests`), testListSchema);
    expect(tests).toHaveLength(2);
    test = await ok(await call(sanne, 'GET', `/test/${tests[1]!.id}`), testSchema);
  });

  const rightAnswers = (t: TestView) =>
    t.questions.map((q) =>
      q.kind === 'choice'
        ? { questionId: q.id, kind: 'choice' as const, optionId: 'a' }
        : { questionId: q.id, kind: 'open' as const, text: 'x = 3', points: q.maxPoints },
    );

  it('GET /v1/test/{id} never tells which option is right', async () => {
    expect(test.questions).toHaveLength(15);
    expect(JSON.stringify(test)).not.toMatch(/correct/i);
    expect(test.maxScore).toBe(10 * 1 + 5 * 2);
  });

  it('all right: grade 10,0; everything per topic 100 %; saved as the latest attempt everywhere', async () => {
    const result = await ok(
      await call(sanne, 'POST', `/test/${test.id}`, { answers: rightAnswers(test) }),
      attemptResultSchema,
    );
    expect(result.attempt.results.grade).toBe(10);
    expect(result.attempt.score).toBe(20);
    expect(result.attempt.results.perTopic.every((t) => t.percentage === 100)).toBe(true);
    expect(result.answers.filter((a) => a.kind === 'choice').every((a) => a.correctOptionId === 'a')).toBe(true);
    const latest = await ok(await call(sanne, 'GET', `/test/${test.id}/latest-attempt`), attemptResultSchema);
    expect(latest.attempt.id).toBe(result.attempt.id);
    const { tests } = await ok(await call(sanne, 'GET', `/subject/${ids.full}/tests`), testListSchema);
    expect(tests.find((t) => t.id === test.id)?.latestAttempt?.id).toBe(result.attempt.id);
    const subject = await ok(await call(sanne, 'GET', `/subject/${ids.full}`), studySubjectSchema);
    expect(subject.latestTestAttempt?.id).toBe(result.attempt.id);
    const mine = await ok(await call(sanne, 'GET', '/users/me/subjects'), userSubjectsSchema);
    expect(mine.subjects.find((s) => s.id === ids.full)?.latestTestAttempt?.results.grade).toBe(10);
  });

  it('grades with the CE formula, one decimal, and marks thin topics uncertain', async () => {
    // Only the first four multiple-choice questions right, open questions 0: 4 of 20 → 9·4/20+1 = 2,8.
    let right = 0;
    const answers = test.questions.map((q) => {
      if (q.kind === 'open') return { questionId: q.id, kind: 'open' as const, text: '', points: 0 };
      right += 1;
      return { questionId: q.id, kind: 'choice' as const, optionId: right <= 4 ? 'a' : 'b' };
    });
    const result = await ok(await call(sanne, 'POST', `/test/${test.id}`, { answers }), attemptResultSchema);
    expect(result.attempt.score).toBe(4);
    expect(result.attempt.results.grade).toBe(2.8);
    // Five topics, three questions each: none uncertain.
    expect(result.attempt.results.perTopic).toHaveLength(5);
    expect(result.attempt.results.perTopic.every((t) => !t.isUncertain)).toBe(true);
    // Left out: 0 points. Self-scored points above the maximum count as the maximum.
    const partial = await ok(
      await call(sanne, 'POST', `/test/${test.id}`, {
        answers: [{ questionId: test.questions[0]!.id, kind: 'open', text: 'mijn antwoord', points: 9 }],
      }),
      attemptResultSchema,
    );
    expect(partial.attempt.score).toBe(2);
    expect(partial.attempt.results.grade).toBe(1.9);
  });

  it('refuses answers to another check’s question, of the wrong kind, twice, or malformed; saves nothing', async () => {
    const before = await ok(await call(sanne, 'GET', `/test/${test.id}/latest-attempt`), attemptResultSchema);
    const bad = [
      { answers: [{ questionId: 99999999, kind: 'choice', optionId: 'a' }] },
      { answers: [{ questionId: test.questions[0]!.id, kind: 'choice', optionId: 'a' }] },
      { answers: [{ questionId: test.questions[1]!.id, kind: 'choice', optionId: 'f' }] },
      { answers: [rightAnswers(test)[1], rightAnswers(test)[1]] },
      { answers: [] },
      { answers: 'alles goed' },
      {},
    ];
    for (const body of bad) {
      const error = await refused(await call(sanne, 'POST', `/test/${test.id}`, body), 400);
      expect(error.fieldErrors).toBeDefined();
    }
    const after = await ok(await call(sanne, 'GET', `/test/${test.id}/latest-attempt`), attemptResultSchema);
    expect(after.attempt.id).toBe(before.attempt.id);
  });

  it('another user never sees the first one’s attempt', async () => {
    await refused(await call(daan, 'GET', `/test/${test.id}/latest-attempt`), 404);
    const { tests } = await ok(await call(daan, 'GET', `/subject/${ids.full}/tests`), testListSchema);
    expect(tests.every((t) => t.latestAttempt === null)).toBe(true);
  });

  it('a light stream may take only the light check; no access: 403', async () => {
    const { tests } = await ok(await call(sanne, 'GET', `/subject/${ids.light}/tests`), testListSchema);
    expect(tests.map((t) => t.locked)).toEqual([false, true]);
    await ok(await call(sanne, 'GET', `/test/${tests[0]!.id}`), testSchema);
    await refused(await call(sanne, 'GET', `/test/${tests[1]!.id}`), 403);
    await refused(await call(sanne, 'POST', `/test/${tests[1]!.id}`, { answers: rightAnswers(test).slice(0, 1) }), 403);
    await refused(await call(sanne, 'GET', `/subject/${ids.none}/tests`), 403);
  });
});

describe('exam buddy and idioms (spec §3 Chatbot, Idiom; §7)', () => {
  it('lists the buddies and idiom lists of the user’s subjects with isActive', async () => {
    const { chatbots } = await ok(await call(sanne, 'GET', '/users/me/chatbots'), chatbotListSchema);
    expect(chatbots.map((c) => c.isActive)).toEqual([true, true, false]);
    const { idioms } = await ok(await call(sanne, 'GET', '/users/me/idioms'), idiomListsSchema);
    expect(idioms.map((l) => [l.entryCount, l.isActive])).toEqual([
      [12, true],
      [12, true],
      [12, false],
    ]);
  });

  it('an idiom list is searchable; without access 403', async () => {
    const { idioms } = await ok(await call(sanne, 'GET', '/users/me/idioms'), idiomListsSchema);
    const list = await ok(
      await call(sanne, 'GET', `/users/me/idioms/${idioms[0]!.id}?q=${encodeURIComponent('toon')}`),
      idiomListSchema,
    );
    expect(list.entries.map((e) => e.term)).toEqual(['Toon aan']);
    expect(list.entryCount).toBe(12);
    await refused(await call(sanne, 'GET', `/users/me/idioms/${idioms[2]!.id}`), 403);
  });

  it('the buddy answers from the subject’s own material, citing it, and says how', async () => {
    const { chatbots } = await ok(await call(sanne, 'GET', '/users/me/chatbots'), chatbotListSchema);
    const answer = await ok(
      await call(sanne, 'POST', `/users/me/chatbots/${chatbots[0]!.id}/questions`, {
        question: 'Wat betekent toon aan?',
      }),
      buddyAnswerSchema,
    );
    expect(answer.mode).toBe('retrieval');
    expect(answer.sources[0]).toMatchObject({ kind: 'idiom', title: 'Toon aan' });
    // Each source says where it is: an idiom in the subject's list, found by its term.
    expect(answer.sources[0]!.path).toMatch(/^\/mijnslaagbundel\/\d+\/[^/]+\/\d+\/idioom\?q=Toon%20aan$/);
    expect(answer.answer).toContain('Toon aan');
    const none = await ok(
      await call(sanne, 'POST', `/users/me/chatbots/${chatbots[0]!.id}/questions`, {
        question: 'kwantumzwaartekracht',
      }),
      buddyAnswerSchema,
    );
    expect(none.sources).toEqual([]);
    expect(none.answer).toMatch(/niets/);
    await refused(
      await call(sanne, 'POST', `/users/me/chatbots/${chatbots[2]!.id}/questions`, { question: 'toon aan' }),
      403,
    );
    const empty = await refused(
      await call(sanne, 'POST', `/users/me/chatbots/${chatbots[0]!.id}/questions`, { question: ' ' }),
      400,
    );
    expect(empty.fieldErrors?.question?.[0]).toBe('Typ je vraag.');
  });
});
