/**
 * A subject's study content uploaded in the back office (issue 35, item 3; ADR 034), through the API as the pages
 * use it: a file with an error is refused in Dutch with its line; fixed, it is kept as a draft; its preview renders
 * it as the study area would, without touching the live tables; publishing imports it for that one subject with
 * the audit entries, and the shop's product page offers the subject online only from then on. A re-publish keeps
 * a pupil's learned mark and review history of every card whose key stays (a removed card's go with it), and this
 * copy's read-through cache shows the new content at once. Support may do none of it; the content service's
 * `studySubject` entry becomes a draft the same way.
 */
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, BACKOFFICE_MESSAGES } from '#app/modules/backoffice/index.ts';
import type { StaffActor } from '#app/modules/backoffice/index.server.ts';
import {
  STUDY_CONTENT_MESSAGES as M,
  studyContentAnswerSchema,
  studyContentListSchema,
  studyContentPreviewSchema,
} from '#app/modules/backoffice-study-content/index.ts';
import { publishStudyContent } from '#app/modules/backoffice-study-content/index.server.ts';
import { products } from '#app/modules/catalog/db/tables.ts';
import { cards, studySubjects, userCards } from '#app/modules/cards/db/tables.ts';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { getCard, subjectContent } from '#app/modules/cards/index.server.ts';
import { cardMemory, cardReviews } from '#app/modules/reviews/db/tables.ts';
import { reviewLogSchema } from '#app/modules/reviews/index.ts';
import { getProductOffer } from '#app/modules/shop/index.server.ts';
import { findOnlineContent } from '#app/modules/study/index.server.ts';
import { contentEntries } from '#app/db/schema/content.ts';
import { createScope } from '#app/platform/server/deps.ts';
import { createTtlCache } from '#server/infra/ttl-cache.ts';
import { type Caller, newUser, recordMails } from './accounts.ts';
import { mulberry32 } from './fuzz.ts';
import { answered, apiClient, refused } from './http.ts';
import { newStaff, type Staff } from './staff.ts';
import { subjectIdOf } from './study-content.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

/** A real, correct study file of a subject that has none yet: havo geschiedenis. */
const SOURCE = readFileSync('tests/support/study/havo-geschiedenis.json', 'utf8');
type StudyFile = {
  subject: { slug: string; level: string };
  cards: { key: string; title: string; body: string; topics: string[] }[];
  [key: string]: unknown;
};
const fileOf = () => JSON.parse(SOURCE) as StudyFile;
const textOf = (file: StudyFile) => JSON.stringify(file, null, 2);
/** The 1-based line of `text` that first contains `needle` at or after line `after`. */
const lineOf = (text: string, needle: string, after = 1) =>
  text.split('\n').findIndex((line, i) => i + 1 >= after && line.includes(needle)) + 1;

let rt: TestRuntime;
const call = apiClient(() => rt);
let content: Staff;
let admin: Staff;
let support: Staff;
let customer: Caller;
let pupil: Caller;
let geschiedenis = 0;
let productId = 0;

const upload = (who: Caller | null, text: string) => call(who, 'POST', '/backoffice/study-content/drafts', { text });
const draftOf = async (who: Caller, text: string) =>
  studyContentAnswerSchema.parse(await answered(await upload(who, text), 201)).draft;
const preview = async (who: Caller, id: number) =>
  studyContentPreviewSchema.parse(await answered(await call(who, 'GET', `/backoffice/study-content/drafts/${id}`)));
const publish = (who: Caller | null, id: number) => call(who, 'POST', `/backoffice/study-content/drafts/${id}/publish`);
const cardIds = async () =>
  new Map(
    (
      await rt.database.db.select({ id: cards.id, key: cards.key }).from(cards).where(eq(cards.subjectId, geschiedenis))
    ).map((row) => [row.key, row.id]),
  );
const auditOf = async (who: Caller) =>
  auditPageSchema.parse(await answered(await call(who, 'GET', '/backoffice/audit?objectId=havo-geschiedenis'))).entries;
const onlineText = async () => (await getProductOffer(rt.services, productId))!.online;

beforeAll(async () => {
  // As deployed: the content every pupil shares is kept for CONTENT_CACHE_SECONDS (the tests' default is 0), so
  // what a publish changes shows at once only because the publish forgets it (forgetSubjectContent).
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1', CONTENT_CACHE_SECONDS: '3600' } });
  const mails = recordMails(rt);
  content = await newStaff(rt, mails, 'chris.inhoud@example.nl', 'content', '192.0.2.81');
  admin = await newStaff(rt, mails, 'beheer.inhoud@example.nl', 'admin', '192.0.2.82');
  support = await newStaff(rt, mails, 'support.inhoud@example.nl', 'support', '192.0.2.83');
  customer = await newUser(rt, mails, 'klant.inhoud@example.nl');
  pupil = await newUser(rt, mails, 'sanne.geschiedenis@example.nl');
  geschiedenis = await subjectIdOf(rt.database.db, 'geschiedenis');
  const [product] = await rt.database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.sku, 'SB-HAVO-GS-2027'));
  productId = product!.id;
}, 60_000);
afterAll(() => rt.close());

describe('an upload', () => {
  it('with an error is refused with the error in Dutch on its line, and nothing is kept', async () => {
    const file = fileOf();
    file.cards[10]!.topics = ['oudhied'];
    const text = textOf(file);
    const answer = await refused(await upload(content, text), 400);
    const line = lineOf(text, '"oudhied"');
    expect(answer.message).toBe(M.INVALID(1));
    expect(answer.fieldErrors?.text).toEqual([
      `Regel ${line}, cards[10].topics[0]: Kaart "landbouwrevolutie" noemt het onderwerp "oudhied", maar dat staat niet in parentTopics.`,
    ]);
    const list = studyContentListSchema.parse(await answered(await call(content, 'GET', '/backoffice/study-content')));
    expect(list.drafts).toEqual([]);
  });

  it('that is no JSON names the line and column; one of a subject outside the catalogue names the subject’s line', async () => {
    const broken = SOURCE.replace('"light": true,\n', '"light": true\n');
    const notJson = await refused(await upload(content, broken), 400);
    expect(notJson.fieldErrors?.text).toEqual([
      expect.stringMatching(
        /^Regel \d+: Dit is geen geldige JSON \(kolom \d+\)\. Hier staat """, maar hier hoort een komma/,
      ),
    ]);
    const file = fileOf();
    file.subject = { slug: 'sterrenkunde', level: 'havo' };
    const text = textOf(file);
    const elsewhere = await refused(await upload(content, text), 400);
    expect(elsewhere.fieldErrors?.text).toEqual([
      `Regel ${lineOf(text, '"subject"')}, subject: ${M.SUBJECT_UNKNOWN('sterrenkunde', 'havo')}`,
    ]);
    const empty = await refused(await upload(content, '  '), 400);
    expect(empty.fieldErrors?.text).toEqual([M.TEXT]);
  });

  it('fixed is kept as a draft of a new subject, and its preview renders it without touching the live tables', async () => {
    const draft = await draftOf(content, SOURCE);
    expect(draft).toMatchObject({
      subject: { id: geschiedenis, slug: 'geschiedenis', level: 'havo', name: 'Geschiedenis havo' },
      status: 'draft',
      origin: 'upload',
      newSubject: true,
      counts: { parentTopics: 2, topics: 7, cards: 58, tests: 2, questions: 30, idioms: 14 },
      uploadedBy: expect.any(String),
      publishedAt: null,
    });
    const view = await preview(admin, draft.id);
    expect(view.changes).toEqual({
      newSubject: true,
      cards: { kept: 0, added: 58, removed: [] },
      tests: { kept: 0, added: 2, removed: [] },
    });
    expect(view.chapters.map((c) => [c.name, c.topics.length])).toEqual([
      ['De tien tijdvakken', 4],
      ['Historisch denken', 3],
    ]);
    const first = view.cards[0]!;
    expect(first).toMatchObject({ title: 'Tijdvak 1: tijd van jagers en boeren (tot 3000 v.Chr.)', section: 'uitleg' });
    expect(first.topics).toEqual(['Prehistorie en oudheid (tijdvak 1–2)']);
    expect(first.bodyHtml).toContain('<strong>prehistorie</strong>');
    expect(view.cards.find((c) => c.key === 'oefenen-volgorde')!.answerHtml).toContain('<strong>1517</strong>');
    expect(view.cards.find((c) => c.key === 'overzicht-tijdvakken')!.bodyHtml).toContain('<table>');
    const question = view.tests[0]!.questions[0]!;
    expect(question.options.filter((o) => o.correct)).toHaveLength(1);
    expect(question.explanationHtml).toContain('Mesopotamië');
    expect(view.tests[1]!.questions.at(-1)).toMatchObject({ kind: 'open', maxPoints: 2, options: [] });
    // Nothing is live: the subject still has no study content, and the product page promises nothing online.
    expect(await rt.database.db.select().from(studySubjects).where(eq(studySubjects.subjectId, geschiedenis))).toEqual(
      [],
    );
    expect(await cardIds()).toEqual(new Map());
    expect(await findOnlineContent(rt.services, 'geschiedenis', 'havo')).toBeNull();
  });

  it('may not be sent, seen or published by support (403), a customer (404) or anyone signed out (401)', async () => {
    const [draft] = studyContentListSchema.parse(
      await answered(await call(content, 'GET', '/backoffice/study-content')),
    ).drafts;
    for (const res of [
      await upload(support, SOURCE),
      await call(support, 'GET', '/backoffice/study-content'),
      await call(support, 'GET', `/backoffice/study-content/drafts/${draft!.id}`),
      await publish(support, draft!.id),
      await call(support, 'POST', `/backoffice/study-content/drafts/${draft!.id}/discard`),
    ]) {
      expect((await refused(res, 403)).message).toBe(BACKOFFICE_MESSAGES.FORBIDDEN);
    }
    await refused(await upload(customer, SOURCE), 404);
    await refused(await publish(customer, draft!.id), 404);
    await refused(await upload(null, SOURCE), 401);
    expect((await preview(content, draft!.id)).draft.status).toBe('draft');
  });
});

describe('publishing', () => {
  it('offers the subject online on its product page only once it is published, audited', async () => {
    expect(await onlineText()).toMatchObject({ title: 'Geen online oefenmateriaal', available: false });
    const [draft] = studyContentListSchema.parse(
      await answered(await call(content, 'GET', '/backoffice/study-content')),
    ).drafts;
    const published = studyContentAnswerSchema.parse(await answered(await publish(content, draft!.id)));
    expect(published.message).toBe(M.PUBLISHED);
    expect(published.draft).toMatchObject({ status: 'published', publishedBy: expect.any(String) });
    // 58 cards, of which 1 is a sheet to print: 57 to learn.
    expect(await findOnlineContent(rt.services, 'geschiedenis', 'havo')).toMatchObject({
      subject: { id: geschiedenis },
      cards: 57,
      tests: 2,
      idioms: 14,
      buddy: true,
    });
    expect(await onlineText()).toEqual({
      title: 'Online in Mijn Slaagbundel',
      text: 'Met de code in je boek oefen je ook online: 57 leerkaarten, 2 examenchecks, 14 examenwoorden en de examenbuddy voor Geschiedenis havo.',
      available: true,
    });
    // Published once: a second publish of the same draft is refused.
    expect((await refused(await publish(admin, draft!.id), 409)).message).toBe(M.NOT_DRAFT);
    expect((await preview(content, draft!.id)).changes).toBeNull();
    const entries = await auditOf(admin);
    expect(entries.map((e) => [e.action, e.objectType])).toEqual([
      ['study-content.publish', 'study-content'],
      ['study-content.upload', 'study-content'],
    ]);
    expect(entries[0]).toMatchObject({
      actorUserId: content.id,
      actorRole: 'content',
      before: null,
      after: { draftId: draft!.id, cards: 58, tests: 2, cardsKept: 0, cardsAdded: 58, cardsRemoved: [] },
    });
    expect(entries[1]).toMatchObject({ after: { draftId: draft!.id, newSubject: true, cards: 58 } });
  });

  it('again keeps the learned mark and the review history of a card whose key stays; a removed card’s go with it', async () => {
    await grantSubjectAccess(rt.database.db, {
      userId: pupil.id,
      subjectId: geschiedenis,
      stream: 'full',
      source: 'demo',
    });
    const before = await cardIds();
    const kept = before.get('landbouwrevolutie')!;
    const removed = before.get('examen-representatief')!;
    for (const id of [kept, removed]) {
      await answered(await call(pupil, 'POST', `/users/me/cards/${id}/learn`));
      await answered(await call(pupil, 'POST', `/users/me/cards/${id}/reviews`, { rating: 'good' }), 201);
    }
    await answered(await call(pupil, 'POST', `/users/me/cards/${kept}/reviews`, { rating: 'hard' }), 201);
    const logBefore = reviewLogSchema.parse(await answered(await call(pupil, 'GET', '/users/me/reviews'))).reviews;
    expect(logBefore.map((r) => [r.cardId, r.rating])).toEqual([
      [kept, 'good'],
      [removed, 'good'],
      [kept, 'hard'],
    ]);

    // A new version: the kept card's text is improved, one card is removed and one added.
    const file = fileOf();
    const card = file.cards.find((c) => c.key === 'landbouwrevolutie')!;
    card.body = `${card.body}\n\nDe landbouw verspreidde zich daarna langzaam over Europa; in Nederland kwamen de eerste boeren rond 5300 v.Chr.`;
    file.cards = file.cards.filter((c) => c.key !== 'examen-representatief');
    file.cards.push({
      ...file.cards.find((c) => c.key === 'examen-anachronisme')!,
      key: 'examen-standplaats',
      title: 'Examenvraag: twee historici over de Opstand',
      topics: ['tijd-en-standplaats', 'vroegmoderne-tijd'],
      body: 'Een Nederlandse historicus uit 1900 noemt Willem van Oranje een vrijheidsheld; een Spaanse historicus uit dezelfde tijd noemt hem een oproerkraaier. Verklaar dit verschil met het begrip standplaatsgebondenheid.',
      answer:
        'Beide historici kijken vanuit hun eigen land naar de Opstand: voor Nederland begon daarmee de eigen staat, voor Spanje was het een opstand tegen de wettige koning. Hun **standplaats** (nationaliteit) kleurt hun oordeel.',
    } as StudyFile['cards'][number]);
    const draft = await draftOf(admin, textOf(file));
    expect(draft.newSubject).toBe(false);
    const changes = (await preview(content, draft.id)).changes!;
    expect(changes).toEqual({
      newSubject: false,
      cards: {
        kept: 57,
        added: 1,
        removed: [{ key: 'examen-representatief', title: 'Examenvraag: is dit dagboek representatief?' }],
      },
      tests: { kept: 2, added: 0, removed: [] },
    });

    // Publishing through a scope with this copy's read-through cache on: what it kept of the subject before is
    // forgotten at once.
    const cache = createTtlCache(60_000);
    const cached = () => createScope({ ...rt.deps, cache });
    const keptBefore = await subjectContent(cached(), geschiedenis);
    expect(keptBefore!.cards.map((c) => c.key)).toContain('examen-representatief');
    expect((await findOnlineContent(cached(), 'geschiedenis', 'havo'))!.cards).toBe(57);
    const textOfKept = async () => {
      const card = await getCard(cached(), pupil.id, kept);
      return card.ok ? card.value.bodyHtml : '';
    };
    expect(await textOfKept()).not.toContain('rond 5300 v.Chr.');
    const actor: StaffActor = { userId: admin.id, role: 'admin', email: 'beheer.inhoud@example.nl', name: 'Beheer' };
    const published = await publishStudyContent(cached(), actor, draft.id);
    expect(published.ok).toBe(true);
    const keptAfter = await subjectContent(cached(), geschiedenis);
    expect(keptAfter!.cards.map((c) => c.key)).not.toContain('examen-representatief');
    expect(keptAfter!.cards.map((c) => c.key)).toContain('examen-standplaats');
    // The card's text, kept from the read before, is the new one at once.
    expect(await textOfKept()).toContain('rond 5300 v.Chr.');
    expect((await findOnlineContent(cached(), 'geschiedenis', 'havo'))!.cards).toBe(57);

    const after = await cardIds();
    expect(after.get('landbouwrevolutie')).toBe(kept);
    expect(after.has('examen-representatief')).toBe(false);
    expect(after.get('examen-standplaats')).toEqual(expect.any(Number));
    expect([...before].filter(([key]) => after.has(key)).every(([key, id]) => after.get(key) === id)).toBe(true);
    // The kept card: still learned, its memory and its whole review log there; the removed card's are gone.
    const { db } = rt.database;
    expect(
      (await db.select().from(userCards).where(eq(userCards.userId, pupil.id))).map((row) => [
        row.cardId,
        row.learnedAt !== null,
      ]),
    ).toEqual([[kept, true]]);
    expect(
      (await db.select().from(cardMemory).where(eq(cardMemory.userId, pupil.id))).map((m) => [m.cardId, m.reps]),
    ).toEqual([[kept, 2]]);
    expect(
      (
        await db
          .select({ cardId: cardReviews.cardId })
          .from(cardReviews)
          .where(and(eq(cardReviews.userId, pupil.id), eq(cardReviews.cardId, kept)))
      ).length,
    ).toBe(2);
    const logAfter = reviewLogSchema.parse(await answered(await call(pupil, 'GET', '/users/me/reviews'))).reviews;
    expect(logAfter).toEqual(logBefore.filter((r) => r.cardId === kept));
    // The pupil's card shows the new text, still learned.
    const shown = (await answered(await call(pupil, 'GET', `/card/${kept}`))) as {
      bodyHtml: string;
      userHasLearned: boolean;
    };
    expect(shown.bodyHtml).toContain('rond 5300 v.Chr.');
    expect(shown.userHasLearned).toBe(true);
    const [entry] = await auditOf(admin);
    expect(entry).toMatchObject({
      action: 'study-content.publish',
      actorRole: 'admin',
      before: { cards: 58, tests: 2 },
      after: { cards: 58, cardsKept: 57, cardsAdded: 1, cardsRemoved: ['examen-representatief'], testsRemoved: [] },
    });
  });

  it('a discarded draft is audited and never published', async () => {
    const draft = await draftOf(content, SOURCE);
    const discarded = studyContentAnswerSchema.parse(
      await answered(await call(content, 'POST', `/backoffice/study-content/drafts/${draft.id}/discard`)),
    );
    expect(discarded).toMatchObject({
      message: M.DISCARDED,
      draft: { status: 'discarded', discardedAt: expect.any(String) },
    });
    expect((await refused(await publish(admin, draft.id), 409)).message).toBe(M.NOT_DRAFT);
    expect((await auditOf(admin))[0]).toMatchObject({
      action: 'study-content.discard',
      after: { draftId: draft.id, status: 'discarded' },
    });
    expect((await refused(await publish(admin, 987_654), 404)).message).toBe(M.NOT_FOUND);
    await refused(await call(admin, 'GET', '/backoffice/study-content/drafts/abc'), 400);
  });

  it('takes a body of up to 2 MB for this write only, and refuses more with 413', async () => {
    expect(SOURCE.length).toBeGreaterThan(16 * 1024);
    const tooLarge = await upload(content, `${SOURCE}${' '.repeat(2 * 1024 * 1024)}`);
    expect(tooLarge.status).toBe(413);
    const other = await call(admin, 'POST', '/backoffice/exam-data/n-terms', { note: 'x'.repeat(20 * 1024) });
    expect(other.status).toBe(413);
  });
});

describe('the content service', () => {
  it('holds a subject’s study file as a studySubject entry: checked like an upload and kept as a draft', async () => {
    const serviceFile = fileOf();
    serviceFile.subject = { slug: 'geschiedenis', level: 'vwo' };
    const now = new Date();
    await rt.database.db.insert(contentEntries).values([
      {
        id: 'study-vwo-geschiedenis',
        contentType: 'studySubject',
        fields: { slug: 'geschiedenis', level: 'vwo', content: serviceFile },
        createdAt: now,
        updatedAt: now,
      },
      {
        id: 'study-vwo-biologie',
        contentType: 'studySubject',
        fields: {
          slug: 'biologie',
          level: 'vwo',
          content: { ...serviceFile, subject: { slug: 'biologie', level: 'vwo' }, cards: [] },
        },
        createdAt: now,
        updatedAt: now,
      },
    ]);
    const take = (subject: string, level: string) =>
      call(content, 'POST', '/backoffice/study-content/drafts/from-content-service', { subject, level });
    const draft = studyContentAnswerSchema.parse(await answered(await take('geschiedenis', 'vwo'), 201)).draft;
    expect(draft).toMatchObject({
      origin: 'content-service',
      status: 'draft',
      newSubject: true,
      subject: { level: 'vwo' },
    });
    const invalid = await refused(await take('biologie', 'vwo'), 400);
    // The lines are those of the entry's file as JSON with two spaces' indent (the page shows that text).
    expect(invalid.fieldErrors?.text).toEqual([
      expect.stringMatching(/^Regel \d+, cards: Minstens 40 kaarten nodig \(nu 0\)\.$/),
    ]);
    expect((await refused(await take('aardrijkskunde', 'havo'), 404)).message).toBe(
      M.NOT_IN_SERVICE('Aardrijkskunde havo'),
    );
    expect((await refused(await take('Geschiedenis!', 'havo'), 400)).fieldErrors?.subject).toEqual([M.SUBJECT]);
  });
});

/** How many random changes of the study file the last test sends. */
const MUTATIONS = 60;
const JUNK = ['a', '0', ' ', '"', ',', ':', '{', '}', '[', ']', '\\', '\u0000', 'é', '🙂', '\n', '$', '<b>'];

/** SOURCE with one change: a character put in, a span taken out, a line doubled, or a string value emptied. */
function mutated(text: string, random: () => number): string {
  const at = Math.floor(random() * text.length);
  const kind = Math.floor(random() * 4);
  if (kind === 0) return `${text.slice(0, at)}${JUNK[Math.floor(random() * JUNK.length)]}${text.slice(at)}`;
  if (kind === 1) return `${text.slice(0, at)}${text.slice(at + 1 + Math.floor(random() * 40))}`;
  if (kind === 2) {
    const lines = text.split('\n');
    const line = Math.floor(random() * lines.length);
    return [...lines.slice(0, line + 1), lines[line], ...lines.slice(line + 1)].join('\n');
  }
  const strings = [...text.matchAll(/: "([^"\\]*)"/g)];
  const target = strings[Math.floor(random() * strings.length)]!;
  const start = target.index + 3;
  return `${text.slice(0, start)}${text.slice(start + target[1]!.length)}`;
}

describe('bad input', () => {
  it('a NUL character in a text is refused on its line (the database cannot store it), never a 500', async () => {
    const file = fileOf();
    file.cards[0]!.body = `${file.cards[0]!.body}\u0000`;
    const text = textOf(file);
    const answer = await refused(await upload(content, text), 400);
    expect(answer.fieldErrors?.text).toEqual([`Regel ${lineOf(text, '"body"')}, cards[0].body: ${M.NUL}`]);
  });

  it(`${MUTATIONS} files changed at random: each kept (and then published) or refused with its lines, never a 500`, async () => {
    const random = mulberry32(35_003);
    const statuses = new Map<number, number>();
    for (let run = 0; run < MUTATIONS; run++) {
      const text = mutated(SOURCE, random);
      const res = await upload(content, text);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 201) {
        const { draft } = studyContentAnswerSchema.parse(await res.json());
        await answered(await publish(content, draft.id));
        continue;
      }
      const answer = await refused(res, 400);
      expect(answer.fieldErrors?.text?.length, text.slice(0, 200)).toBeGreaterThan(0);
      for (const line of answer.fieldErrors!.text!) expect(line).toMatch(/^Regel \d+(, [^:]+)?: \S/);
    }
    expect([...statuses.keys()].sort()).toEqual([201, 400]);
  });
});
