/**
 * The study API under fuzzing ("Every study endpoint is in the
 * OpenAPI; bad input on each answers 4xx, never 5xx"). Every endpoint of
 * server/api/v1/study.ts gets RUNS generated requests: path ids (huge,
 * negative, fractions, words, unicode, empty, encoded slashes and dots),
 * query strings (repeated, unknown and garbage keys, garbage and very long
 * values), JSON bodies for the writes (answers of every wrong kind among real
 * ones, buddy questions of every shape) and bodies that are no JSON at all —
 * with a share of real ids and valid input, so the services run too (then
 * 200 is fine). None may answer 5xx; every refusal is the one error shape
 * with a Dutch message, and none shows a stack trace.
 *
 * One runtime for the file, on the generated content of api-study.test.ts
 * (full access, a light stream, no access). Each request comes from its own
 * client address (TRUST_PROXY), so the rate limits never get in the way.
 */
import fc from 'fast-check';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { cards, topics } from '#app/modules/cards/db/tables.ts';
import { chatbots, idiomLists } from '#app/modules/buddy/db/tables.ts';
import { testQuestions, tests } from '#app/modules/checks/db/tables.ts';
import { subjects } from '#app/modules/catalog/db/tables.ts';
import { API_MESSAGES, apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { MAX_BUDDY_QUESTION } from '#app/modules/buddy/schemas/buddy-idioms.ts';
import { MAX_OPEN_ANSWER } from '#app/modules/checks/schemas/checks.ts';
import { STUDY_MESSAGES } from '#app/modules/cards/index.ts';
import { CHECK_MESSAGES } from '#app/modules/checks/index.ts';
import { BUDDY_MESSAGES } from '#app/modules/buddy/index.ts';
import { REVIEW_MESSAGES } from '#app/modules/reviews/index.ts';
import { addMySubjects } from '#app/modules/checks/server/subjects.server.ts';
import { newUser, ORIGIN, recordMails } from './accounts.ts';
import { dutchMessages, fuzzClient, NOT_JSON_TYPES, sendSent, type Sent } from './fuzz.ts';
import { createGeneratedStudyRuntime } from './study-content.ts';
import type { TestRuntime } from './test-db.ts';

/** Generated requests per endpoint. */
const RUNS = 500;

let rt: TestRuntime;
let cookie: string;

/** Real ids of the seeded content, mixed into the generated ones. */
const real = {
  subjects: [] as number[],
  topics: [] as number[],
  cards: [] as number[],
  tests: [] as number[],
  questions: [] as { id: number; testId: number; kind: string }[],
  chatbots: [] as number[],
  idiomLists: [] as number[],
};

type Method = 'GET' | 'POST' | 'DELETE';

interface Endpoint {
  method: Method;
  /** As documented, under /v1. */
  path: string;
  /** The real ids for `{id}`. */
  ids?: () => readonly number[];
  /** Known query keys and some valid values of each. */
  query?: () => Record<string, readonly string[]>;
  /** What the write takes: no body, the answers of a check, or a question to the buddy. */
  body?: 'none' | 'answers' | 'question' | 'review';
}

const ENDPOINTS: readonly Endpoint[] = [
  { method: 'GET', path: '/subject/{id}', ids: () => real.subjects },
  {
    method: 'GET',
    path: '/subject/{id}/cards',
    ids: () => real.subjects,
    query: () => ({
      'sections[]': ['uitleg', 'oefenen', 'examenvragen'],
      'topicIds[]': real.topics.map(String),
      'parentTopicIds[]': real.topics.map(String),
      'difficulty[]': ['makkelijk', 'gemiddeld', 'moeilijk'],
      'examTypes[]': ['CE', 'SE'],
      hideLearned: ['true', 'false'],
    }),
  },
  { method: 'GET', path: '/subject/{id}/tests', ids: () => real.subjects },
  { method: 'GET', path: '/card/{id}', ids: () => real.cards },
  { method: 'POST', path: '/users/me/cards/{id}/visit', ids: () => real.cards, body: 'none' },
  { method: 'POST', path: '/users/me/cards/{id}/learn', ids: () => real.cards, body: 'none' },
  { method: 'DELETE', path: '/users/me/cards/{id}/learn', ids: () => real.cards, body: 'none' },
  { method: 'POST', path: '/users/me/cards/{id}/reviews', ids: () => real.cards, body: 'review' },
  { method: 'GET', path: '/users/me/reviews/due' },
  { method: 'GET', path: '/test/{id}', ids: () => real.tests },
  { method: 'POST', path: '/test/{id}', ids: () => real.tests, body: 'answers' },
  { method: 'GET', path: '/test/{id}/latest-attempt', ids: () => real.tests },
  { method: 'GET', path: '/users/me/chatbots' },
  { method: 'GET', path: '/users/me/chatbots/{id}', ids: () => real.chatbots },
  { method: 'POST', path: '/users/me/chatbots/{id}/questions', ids: () => real.chatbots, body: 'question' },
  { method: 'GET', path: '/users/me/idioms' },
  {
    method: 'GET',
    path: '/users/me/idioms/{id}',
    ids: () => real.idiomLists,
    query: () => ({ q: ['toon', 'Toon aan', 'begrip 3', 'examen lijn', ''] }),
  },
];

// What may be said: the API's and the study area's Dutch messages, nothing else.

const DUTCH = new Set([
  ...dutchMessages(API_MESSAGES, STUDY_MESSAGES, CHECK_MESSAGES, BUDDY_MESSAGES, REVIEW_MESSAGES),
  `Je antwoord is te lang: maximaal ${MAX_OPEN_ANSWER} tekens.`,
]);
const isDutch = (message: string) => DUTCH.has(message) || /^Je hebt dit te vaak geprobeerd\. /.test(message);
/** A stack frame or an error's name in a body: "    at handler (file.ts:1:2)", "TypeError: …". */
const STACK_TRACE = /\bat \S+ \(|\bat (file:|node:|\/)|\.[cm]?[jt]s:\d+:\d+|\b\w*Error:/;

// Arbitraries.

/** One character of a nasty string: any code point, and the ones that break things (NUL, lone surrogates). */
const nastyChar = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('\u0000', '\ud800', '\udfff', '\ufffe', '\uffff', '\u202e', '\\', "'", '"', '%'),
  },
);
const nastyString = (maxLength: number, minLength = 0) => fc.string({ unit: nastyChar, minLength, maxLength });
/** A string around `length` characters: the limits' edges. */
const longString = (min: number, max: number) =>
  fc
    .tuple(fc.string({ minLength: 1, maxLength: 3 }), fc.integer({ min, max }))
    .map(([s, n]) => s.repeat(n).slice(0, n));
/** Any JSON, strings with every kind of character. */
const junkJson = fc.jsonValue({ maxDepth: 3, stringUnit: nastyChar });
const junkNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 2, 1e308, -1e308, Number.MIN_VALUE),
);

/** `encodeURIComponent` for any string (a lone surrogate would throw). */
const encode = (value: string) => encodeURIComponent(value.toWellFormed());

/** Path segments left as they are: encoded slashes and dots, bad percent-encoding, NUL. */
const RAW_SEGMENTS = [
  '%2F',
  '1%2F2',
  '%2F..%2F..%2F',
  '%5C',
  '.',
  '..',
  '%2e',
  '%2e%2e',
  '%',
  '%zz',
  '1%',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%FF%FE',
  '%00',
  '1%00',
  '%0A',
  '%20',
  '%231',
  '%3F1',
  '1;2',
  '~',
  '*',
  ':id',
  '{id}',
];

/** Things an id is not: out of range, fractions, words, other digits, SQL, unicode. */
const junkId = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '-0',
    '-1',
    '00',
    '+1',
    ' 1',
    '1 ',
    '1.5',
    '1e3',
    '1e999',
    '0x1F',
    '0b11',
    'NaN',
    'Infinity',
    '-Infinity',
    '2147483647',
    '2147483648',
    '9007199254740993',
    '9'.repeat(400),
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '[1]',
    '1,2',
    "1'; drop table cards; --",
    '1 or 1=1',
    '1/2',
    '١٢',
    '１２',
    '𝟙𝟚',
    'Ⅻ',
  ),
  junkNumber.map(String),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  nastyString(40),
  longString(100, 3000),
);

/** The `{id}` segment: a real id now and then, else anything. */
const idSegment = (ids: readonly number[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids).map(String) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 6, arbitrary: junkId.map(encode) },
  );

/** Keys no endpoint knows, or knows in another spelling. */
const ODD_KEYS = [
  'sections',
  'sections[0]',
  'sections[][]',
  'topicIds',
  'hideLearned[]',
  'q[]',
  'Q',
  'id',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '',
  '[]',
  '=',
];
/** Raw bits of a query: empty pairs, bad percent-encoding, encoded brackets. */
const RAW_QUERY_PARTS = ['', '&', '&&', '=', '==x', '%', '%zz=1', 'q=%zz', 'q=a+b', 'q', '&sections%5B%5D=uitleg'];

/** A query string: known keys with valid or garbage values, repeated; unknown keys; very long values. */
function queryString(known: Record<string, readonly string[]>) {
  const keys = Object.keys(known);
  const values = [...new Set(Object.values(known).flat())];
  const key = fc.oneof(
    ...(keys.length ? [{ weight: 5, arbitrary: fc.constantFrom(...keys) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...ODD_KEYS) },
    { weight: 1, arbitrary: nastyString(12) },
  );
  const value = fc.oneof(
    ...(values.length ? [{ weight: 4, arbitrary: fc.constantFrom(...values) }] : []),
    { weight: 3, arbitrary: junkId },
    { weight: 1, arbitrary: longString(90, 12_000) },
  );
  const pair = fc.tuple(key, value).map(([k, v]) => `${encode(k)}=${encode(v)}`);
  return fc
    .tuple(fc.array(pair, { maxLength: 8 }), fc.option(fc.constantFrom(...RAW_QUERY_PARTS), { freq: 4 }))
    .map(([pairs, raw]) => [...pairs, ...(raw === null ? [] : [raw])].join('&'));
}

/** A request's body: none, JSON, or text that is no JSON (or not declared as JSON). */
type Body =
  { kind: 'none' } | { kind: 'json'; value: unknown; type: string } | { kind: 'raw'; text: string; type?: string };

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'Application/JSON'];
const json = (value: fc.Arbitrary<unknown>): fc.Arbitrary<Body> =>
  fc.record({
    kind: fc.constant('json' as const),
    value,
    type: fc.oneof({ weight: 8, arbitrary: fc.constant(JSON_TYPES[0]!) }, fc.constantFrom(...JSON_TYPES)),
  });

/** No JSON: broken JSON declared as JSON, or a body of another media type (or of none). */
const rawBody: fc.Arbitrary<Body> = fc.record(
  {
    kind: fc.constant('raw' as const),
    text: fc.oneof(
      fc.constantFrom(
        '',
        '{',
        '[',
        '{"answers":',
        '{"question":"a"',
        'null',
        'undefined',
        "{'a':1}",
        '\ufeff{}',
        'a=1',
      ),
      nastyString(60),
      longString(16 * 1024, 20 * 1024),
    ),
    type: fc.constantFrom('application/json', ...NOT_JSON_TYPES),
  },
  { requiredKeys: ['kind', 'text'] },
);

/** A write without a body (visit, learn): mostly none, sometimes something anyway. */
const noBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  { weight: 1, arbitrary: json(junkJson) },
  { weight: 1, arbitrary: rawBody },
);

/** Something like an answer: real question ids and kinds among wrong ones, points of any size, nested junk. */
function answerLike(questionIds: readonly number[]) {
  return fc.record(
    {
      questionId: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...questionIds) },
        { weight: 2, arbitrary: junkNumber },
        { weight: 1, arbitrary: fc.oneof(junkId, junkJson) },
      ),
      kind: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('choice', 'open') }, { weight: 1, arbitrary: junkJson }),
      optionId: fc.oneof(fc.constantFrom('a', 'b', 'c', 'd', 'f', 'g', 'A', '', 'ab', null), junkJson),
      text: fc.oneof(
        { weight: 3, arbitrary: nastyString(60) },
        { weight: 1, arbitrary: longString(MAX_OPEN_ANSWER - 2, MAX_OPEN_ANSWER + 2) },
        { weight: 1, arbitrary: junkJson },
      ),
      points: fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: -3, max: 12 }) },
        { weight: 2, arbitrary: junkNumber },
        { weight: 1, arbitrary: junkJson },
      ),
      extra: junkJson,
    },
    { requiredKeys: [] },
  );
}

/** A valid hand-in of one check: some of its questions, each of its own kind. */
function validSubmission() {
  return fc.constantFrom(...real.tests).chain((testId) =>
    fc
      .subarray(
        real.questions.filter((q) => q.testId === testId),
        { minLength: 1 },
      )
      .chain((questions) =>
        fc.tuple(
          ...questions.map((q) =>
            q.kind === 'choice'
              ? fc.record({
                  questionId: fc.constant(q.id),
                  kind: fc.constant('choice'),
                  optionId: fc.constantFrom('a', 'b', 'c', null),
                })
              : fc.record({
                  questionId: fc.constant(q.id),
                  kind: fc.constant('open'),
                  text: nastyString(80),
                  points: fc.integer({ min: 0, max: 10 }),
                }),
          ),
        ),
      )
      .map((answers) => ({
        id: String(testId),
        body: { kind: 'json', value: { answers }, type: JSON_TYPES[0]! } as Body,
      })),
  );
}

/** Bodies of POST /test/{id}: answer-like arrays (mostly refused), answers of the wrong type, any JSON, no JSON. */
function answersBody(): fc.Arbitrary<Body> {
  const questionIds = real.questions.map((q) => q.id);
  return fc.oneof(
    { weight: 5, arbitrary: json(fc.record({ answers: fc.array(answerLike(questionIds), { maxLength: 70 }) })) },
    { weight: 2, arbitrary: json(fc.record({ answers: junkJson }, { requiredKeys: [] })) },
    { weight: 2, arbitrary: json(junkJson) },
    { weight: 1, arbitrary: rawBody },
  );
}

/** Bodies of a question to the buddy: a question of every shape and length, any JSON, no JSON. */
function questionBody(): fc.Arbitrary<Body> {
  const question = fc.oneof(
    { weight: 4, arbitrary: nastyString(80) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        '\t\n',
        'Wat betekent toon aan?',
        'toon & aan | !(x)',
        "'",
        "toon' aan",
        '\\',
        ':*',
        'a:* & b',
        '<script>alert(1)</script>',
        '\u0000',
        'toon\u0000aan',
        '\ud800',
        'ß 🙂 ÀÉÎ',
      ),
    },
    { weight: 1, arbitrary: longString(MAX_BUDDY_QUESTION - 2, MAX_BUDDY_QUESTION + 2) },
    { weight: 2, arbitrary: junkJson },
  );
  return fc.oneof(
    { weight: 6, arbitrary: json(fc.record({ question, extra: junkJson }, { requiredKeys: [] })) },
    { weight: 2, arbitrary: json(junkJson) },
    { weight: 1, arbitrary: rawBody },
  );
}

/** A review of a card (issue 20): a rating and the seconds spent, right, wrong or odd. */
function reviewBody(): fc.Arbitrary<Body> {
  const rating = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('again', 'hard', 'good', 'easy') },
    { weight: 1, arbitrary: fc.constantFrom('Goed', 'GOOD', '3', '', ' good') },
    { weight: 2, arbitrary: junkJson },
  );
  const secondsSpent = fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 3600 }) },
    { weight: 1, arbitrary: fc.constantFrom(-1, 3601, 1.5, 1e308, Number.MAX_SAFE_INTEGER) },
    { weight: 1, arbitrary: junkJson },
  );
  return fc.oneof(
    { weight: 6, arbitrary: json(fc.record({ rating, secondsSpent, extra: junkJson }, { requiredKeys: [] })) },
    { weight: 2, arbitrary: json(junkJson) },
    { weight: 1, arbitrary: rawBody },
  );
}

/** Mostly the signed-in pupil; now and then nobody, or a forged session cookie (401). */
const who = fc.oneof(
  { weight: 18, arbitrary: fc.constant<'pupil' | string | null>('pupil') },
  { weight: 1, arbitrary: fc.constant(null) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'slaagbundel.session_token=x',
      'slaagbundel.session_token=',
      'slaagbundel.session_token=%zz.%',
    ),
  },
);
/** A write's Origin: our own, mostly; another site (403) or none (a server, curl) now and then. */
const origin = fc.oneof(
  { weight: 18, arbitrary: fc.constant<string | null>(ORIGIN) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant('https://slaagbundel.example.com') },
);

interface FuzzRequest {
  id: string;
  query: string;
  body: Body;
  who: string | null;
  origin: string | null;
}

function requests(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  const id = endpoint.ids ? idSegment(endpoint.ids()) : fc.constant('');
  const body =
    endpoint.body === 'answers'
      ? answersBody()
      : endpoint.body === 'question'
        ? questionBody()
        : endpoint.body === 'review'
          ? reviewBody()
          : endpoint.body === 'none'
            ? noBody
            : fc.constant<Body>({ kind: 'none' });
  const generated = fc.record({ id, query: queryString(endpoint.query?.() ?? {}), body, who, origin });
  if (endpoint.body !== 'answers') return generated;
  // A share of valid hand-ins, so answers are scored and saved too.
  const valid = fc
    .tuple(validSubmission(), fc.constant(''), fc.constant('pupil'), fc.constant(ORIGIN))
    .map(([{ id, body }, query, who, origin]): FuzzRequest => ({ id, body, query, who, origin }));
  return fc.oneof({ weight: 9, arbitrary: generated }, { weight: 1, arbitrary: valid });
}

async function send(endpoint: Endpoint, request: FuzzRequest) {
  const url = `/api/v1${endpoint.path.replace('{id}', request.id)}${request.query ? `?${request.query}` : ''}`;
  const headers: Record<string, string> = { 'x-forwarded-for': fuzzClient() };
  if (request.who) headers.cookie = request.who === 'pupil' ? cookie : request.who;
  if (endpoint.method !== 'GET' && request.origin) headers.origin = request.origin;
  const body = request.body;
  const sent: Sent =
    body.kind === 'none'
      ? { kind: 'none', type: null }
      : body.kind === 'raw'
        ? { ...body, type: body.type ?? null }
        : body;
  const { res, text } = await sendSent(rt, endpoint.method, url, sent, headers);
  return { url, res, text };
}

/** Never 5xx; a refusal is the one error shape, its status repeated, Dutch, without a stack trace. */
function expectNoServerError(method: Method, url: string, res: Response, text: string) {
  const label = `${method} ${url.slice(0, 300)} → ${res.status} ${text.slice(0, 500)}`;
  expect(res.status, label).toBeLessThan(500);
  if (res.status < 400) return;
  expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
  const error = apiErrorSchema.parse(JSON.parse(text));
  expect(error.status, label).toBe(res.status);
  expect(isDutch(error.message), label).toBe(true);
  for (const messages of Object.values(error.fieldErrors ?? {})) {
    for (const message of messages) expect(isDutch(message), label).toBe(true);
  }
  expect(text, label).not.toMatch(STACK_TRACE);
}

beforeAll(async () => {
  // The demo content with generated study files instead of the real ones (as api-study.test.ts).
  const slugs = ['wiskunde-b', 'biologie', 'economie'];
  rt = await createGeneratedStudyRuntime({ slugs, cards: 40, env: { TRUST_PROXY: '1' } });
  const db = rt.database.db;
  const user = await newUser(rt, recordMails(rt), 'fuzz.studie@example.nl');
  cookie = user.cookie;

  // Full access to wiskunde-b, a light stream in biologie, none in economie; and a subject without content.
  const study = await db
    .select({ id: subjects.id, slug: subjects.slug })
    .from(subjects)
    .where(and(inArray(subjects.slug, slugs), eq(subjects.levelName, 'havo')))
    .orderBy(asc(subjects.id));
  const idOf = (slug: string) => study.find((s) => s.slug === slug)!.id;
  const [other] = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.levelName, 'vwo')).limit(1);
  real.subjects = [...study.map((s) => s.id), ...(other ? [other.id] : [])];
  await addMySubjects(
    rt.services,
    user.id,
    study.map((s) => s.id),
  );
  await grantSubjectAccess(db, { userId: user.id, subjectId: idOf('wiskunde-b'), stream: 'full', source: 'demo' });
  await grantSubjectAccess(db, { userId: user.id, subjectId: idOf('biologie'), stream: 'light', source: 'demo' });

  const studyIds = study.map((s) => s.id);
  real.topics = (await db.select({ id: topics.id }).from(topics).where(inArray(topics.subjectId, studyIds))).map(
    (r) => r.id,
  );
  real.cards = (await db.select({ id: cards.id }).from(cards).where(inArray(cards.subjectId, studyIds))).map(
    (r) => r.id,
  );
  real.tests = (await db.select({ id: tests.id }).from(tests).where(inArray(tests.subjectId, studyIds))).map(
    (r) => r.id,
  );
  real.questions = await db
    .select({ id: testQuestions.id, testId: testQuestions.testId, kind: testQuestions.kind })
    .from(testQuestions)
    .where(inArray(testQuestions.testId, real.tests));
  real.chatbots = (await db.select({ id: chatbots.id }).from(chatbots).where(isNotNull(chatbots.subjectId))).map(
    (r) => r.id,
  );
  real.idiomLists = (
    await db.select({ id: idiomLists.id }).from(idiomLists).where(inArray(idiomLists.subjectId, studyIds))
  ).map((r) => r.id);
  expect(real.subjects.length).toBeGreaterThanOrEqual(3);
  expect(real.tests).toHaveLength(6);
  expect(real.chatbots.length).toBeGreaterThanOrEqual(3);
  expect(real.idiomLists).toHaveLength(3);
});

afterAll(async () => {
  await rt?.close();
});

describe('the study API in the OpenAPI document', () => {
  it('documents every study endpoint with its method, tag and error shape, and no other', async () => {
    const res = await rt.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const document = (await res.json()) as {
      paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>>;
    };
    for (const endpoint of ENDPOINTS) {
      const key = `${endpoint.method} ${endpoint.path}`;
      const operation = document.paths[`/v1${endpoint.path}`]?.[endpoint.method.toLowerCase()];
      expect(operation, key).toBeDefined();
      expect(operation!.tags, key).toContain('Studeren');
      expect(operation!.responses['400'], key).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      });
    }
    // The fuzzing below covers them all: a new study endpoint must be added to ENDPOINTS.
    const documented = Object.entries(document.paths).flatMap(([p, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.tags?.includes('Studeren'))
        .map(([method]) => `${method.toUpperCase()} ${p.replace(/^\/v1/, '')}`),
    );
    expect(documented.sort()).toEqual(ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort());
  });
});

describe(`bad input on every study endpoint answers 4xx, never 5xx (${RUNS} generated requests each)`, () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} /v1${endpoint.path}`, { timeout: 120_000 }, async () => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requests(endpoint), async (request) => {
          const { url, res, text } = await send(endpoint, request);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          expectNoServerError(endpoint.method, url, res, text);
        }),
        { numRuns: RUNS },
      );
      // Nothing was reported as an unexpected failure, and the service path ran, not only the validation.
      expect(rt.reported).toEqual([]);
      expect([...statuses.keys()].some((s) => s >= 400)).toBe(true);
      const succeeded = (statuses.get(200) ?? 0) + (statuses.get(201) ?? 0);
      expect(succeeded, JSON.stringify([...statuses])).toBeGreaterThan(0);
    });
  }
});
