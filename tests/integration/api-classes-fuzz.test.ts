/**
 * The classes API (issue 31) under generated requests: every endpoint with a body or path parameters gets RUNS
 * of them — junk bodies, bodies that are no JSON or of another media type, junk ids in the path, callers of
 * every kind (the owner, a co-teacher, another teacher, pupils in and outside a class, nobody, a forged
 * session) — with a share of good ones, so that every branch of the service runs. Each answer is checked
 * against a model of the classes (who teaches, who is in, which code opens which class, the per-user limits):
 * the exact status it earns, never 5xx; a success in its schema and as the model says; every refusal in the
 * one error shape, with a Dutch message and no stack trace.
 *
 * One runtime for the file. Each request comes from a client address of its own (TRUST_PROXY), so the write
 * rule's rate limit never gets in the way; the per-user limits of joining (CLASS_JOIN_ATTEMPTS) and of adding
 * colleagues (CO_TEACHER_ATTEMPTS) are part of the model: the request after the tenth counted one answers 429,
 * after which the test clears the counter (the limiter's own reset) and counts again.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/modules/accounts/db/tables.ts';
import { subjects } from '#app/modules/catalog/db/tables.ts';
import { classes, classMembers, classTeachers, schools } from '#app/modules/classes/db/tables.ts';
import { normaliseJoinCode } from '#app/modules/classes/domain/classes.ts';
import {
  CLASS_MESSAGES,
  classCreatedSchema,
  classCreateSchema,
  classDetailSchema,
  classMessageSchema,
  coTeacherSchema,
  joinAnswerSchema,
  schoolYearOf,
} from '#app/modules/classes/index.ts';
import { CLASS_JOIN_ATTEMPTS, CO_TEACHER_ATTEMPTS } from '#app/modules/classes/index.server.ts';
import { DAY_MS } from '#app/platform/dates.ts';
import { LEVEL_ORDER } from '#app/platform/levels.ts';
import { API_MESSAGES, apiErrorSchema, type ApiErrorBody } from '#app/platform/schemas/api-error.ts';
import { fieldErrorsFromZod } from '#app/platform/schemas/errors.ts';
import { MAX_ROW_ID, storableText } from '#app/platform/schemas/fields.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { z } from '#app/platform/schemas/z.ts';
import { type Caller, newUser, ORIGIN, recordMails } from './accounts.ts';
import {
  bodyOf,
  chance,
  dutchMessages,
  fieldValue,
  fuzzClient,
  generateBody,
  junk,
  mulberry32,
  pick,
  sendSent,
  type BodyMix,
  type Random,
  type Sent,
} from './fuzz.ts';
import { answered, apiClient } from './http.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

/** Generated requests per endpoint. */
const RUNS = 600;
/** A least count chosen at 1,000 requests an endpoint, scaled to RUNS. */
const scaled = (n: number) => Math.ceil((n * RUNS) / 1000);
const SCHOOL_YEAR = schoolYearOf(new Date());
const FORGED = 'slaagbundel.session_token=forged.value';
const FOREIGN = 'https://example.com';

let rt: TestRuntime;
const call = apiClient(() => rt);

// --- The model ------------------------------------------------------------------------------------------

type Status = 'pending' | 'active' | 'removed';
interface ClassModel {
  id: number;
  /** Normalised, as stored. */
  code: string;
  /** Whether the code still lets pupils in freely. */
  free: boolean;
  archived: boolean;
  teachers: Map<string, 'owner' | 'co'>;
  members: Map<string, Status>;
}
const model = new Map<number, ClassModel>();
/** Every account by its e-mail address (lower case): its id and role. */
const accounts = new Map<string, { id: string; role: 'pupil' | 'teacher' }>();
/** Schools by BRIN code: the name of the first. */
const schoolByBrin = new Map<string, string>();
/** Every subject's level. */
const levelOf = new Map<number, string>();
const subjectsOf = new Map<string, number[]>();
/** Counted tries of the per-user limits, by user id. */
const tries = { join: new Map<string, number>(), teacher: new Map<string, number>() };

type CallerName = 'owner' | 'co' | 'stranger' | 'member' | 'outsider';
type Who = CallerName | 'anonymous' | 'forged';
const callers = {} as Record<CallerName, Caller & { role: 'pupil' | 'teacher' }>;
/** The e-mail address of a teacher without a session, whom the owners add as a colleague. */
const COLLEAGUE = 'collega.fuzz@example.nl';
/** Ids of users without a session: the stored pupils, the colleague. */
const storedIds: string[] = [];

/**
 * The classes made for the fuzz: A (the owner's, shared with the co-teacher), Z (archived), P (its code past its
 * 14 free days), S (another teacher's).
 */
const core: number[] = [];

const roleIn = (userId: string, classId: number) => model.get(classId)?.teachers.get(userId);
const memberIn = (userId: string, classId: number) => model.get(classId)?.members.get(userId);

// --- What may be said -----------------------------------------------------------------------------------

/** The member decision's own message (memberDecisionSchema). */
const DECISION = 'Een leerling toelaten: status "active".';
const DUTCH = new Set([...dutchMessages(API_MESSAGES, CLASS_MESSAGES, MESSAGES), DECISION]);
const RATE_LIMITED = /^Te veel pogingen\. Probeer het over \d+ minuten opnieuw\.$/;
const isDutch = (text: string) => DUTCH.has(text) || RATE_LIMITED.test(text);
/** A stack frame or an error's name in a body. */
const STACK_TRACE = /\bat \S+ \(|\bat (file:|node:|\/)|\.[cm]?[jt]s:\d+:\d+|\b\w*Error:/;

// --- Expected answers -----------------------------------------------------------------------------------

interface Expected {
  status: number;
  error?: string;
  message?: string;
  /** The exact field errors of a refusal. */
  fieldErrors?: Record<string, string[]>;
  /** Fields that must have an error (any Dutch one). */
  fields?: string[];
  /** Checks a success and brings the model up to date. */
  accept?: (answer: unknown, label: string) => void;
  /** After a 429: the counter to clear. */
  limit?: { rule: typeof CLASS_JOIN_ATTEMPTS | typeof CO_TEACHER_ATTEMPTS; userId: string; tries: Map<string, number> };
}

const refusal = (status: number, message: string, field?: string): Expected => ({
  status,
  error: { 400: 'validation_failed', 403: 'forbidden', 404: 'not_found', 409: 'conflict' }[status],
  message,
  fieldErrors: field ? { [field]: [message] } : undefined,
});
const NOT_FOUND = refusal(404, CLASS_MESSAGES.NOT_FOUND);
const ARCHIVED = refusal(409, CLASS_MESSAGES.ARCHIVED);
const invalid = (fieldErrors: Record<string, string[]>): Expected => ({
  status: 400,
  error: 'validation_failed',
  message: API_MESSAGES.VALIDATION_FAILED,
  fieldErrors,
});
const invalidFields = (fields: string[]): Expected => ({
  status: 400,
  error: 'validation_failed',
  message: API_MESSAGES.VALIDATION_FAILED,
  fields,
});

/** A request of one endpoint: who sends it, from which origin, its path (below /api/v1) and body. */
interface Request {
  who: Who;
  origin: string | null;
  path: string;
  sent: Sent;
  /** What the path's ids are, as the route reads them (undefined: no such parameter). */
  classId?: string;
  userId?: string;
}

/** The per-user limit: the request after `points` counted ones is refused; a counted one adds one. */
function limited(
  rule: typeof CLASS_JOIN_ATTEMPTS | typeof CO_TEACHER_ATTEMPTS,
  counts: Map<string, number>,
  userId: string,
): Expected | null {
  const used = counts.get(userId) ?? 0;
  if (used >= rule.points) return { status: 429, error: 'rate_limited', limit: { rule, userId, tries: counts } };
  counts.set(userId, used + 1);
  return null;
}

/**
 * What a request earns before its use case: the write guard (another site 403, another media type 415, too
 * large 413), the session (401), the path's parameters (400), the body (400: no JSON, or the schema's `body`
 * check). Else `{ value }`: on to the use case, with the body as read.
 */
function beforeUseCase(
  method: string,
  request: Request,
  bytes: number,
  body?: (value: unknown) => Expected | null,
): Expected | { value: unknown } {
  const read = bodyOf(request.sent, bytes);
  if (method !== 'GET') {
    if (request.origin === FOREIGN)
      return { status: 403, error: 'forbidden_origin', message: API_MESSAGES.FORBIDDEN_ORIGIN };
    if ('refusal' in read && read.refusal.status !== 400) return { status: read.refusal.status };
  }
  if (request.who === 'anonymous' || request.who === 'forged') {
    return { status: 401, error: 'unauthorized', message: API_MESSAGES.UNAUTHORIZED };
  }
  const params: Record<string, string[]> = {};
  if (request.classId !== undefined && classIdOf(request.classId) === null) params.id = [CLASS_MESSAGES.NOT_FOUND];
  if (request.userId !== undefined && codePoints(request.userId) > 64)
    params.userId = [CLASS_MESSAGES.MEMBER_NOT_FOUND];
  if (Object.keys(params).length) return invalid(params);
  if (!body) return { value: undefined };
  if ('refusal' in read) return { status: 400, error: 'invalid_json', message: API_MESSAGES.INVALID_JSON };
  return body(read.value) ?? { value: read.value };
}

/** The class id a path segment (as decoded) names: 1 to 10 digits, from 1 to MAX_ROW_ID; else null. */
function classIdOf(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ROW_ID ? id : null;
}

/** A text's length as Zod's bounds count it: in code points (an emoji is one). */
const codePoints = (text: string) => [...text].length;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// --- Generators -----------------------------------------------------------------------------------------

const { junkString, junkValue } = junk({
  lengths: [0, 1, 2, 8, 9, 20, 21, 65, 300],
  alphabet: ['a', 'Z', '7', '0', '-', ' ', '.', '@', '%', '/', '\u0000', 'é', 'ß', '🙂', '\u202e', "'", '"', '\\'],
  numbers: [0, -1, 1, 1.5, 2 ** 31, MAX_ROW_ID, MAX_ROW_ID + 1, SCHOOL_YEAR, 1e308, -0],
  words: ['active', 'pending', 'havo', 'vwo', 'true', 'null', '', ' ', COLLEAGUE, 'ABCD-EFGH'],
  keys: ['code', 'email', 'status', 'name', 'schoolName', 'brin', 'level', 'examYear', 'schoolYear', 'subjectIds'],
});

function pickWho(random: Random, weights: Partial<Record<Who, number>>): Who {
  const entries = Object.entries(weights) as [Who, number][];
  let roll = random() * entries.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [name, weight] of entries) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return entries.at(-1)![0];
}
/** Our own site mostly; another site, or no Origin at all (a server, curl), now and then. */
const pickOrigin = (random: Random) => (chance(random, 0.03) ? FOREIGN : chance(random, 0.03) ? null : ORIGIN);

/** A class id as text: a real one (sometimes with leading zeros), a plain id of no class, or junk. */
function classIdText(random: Random): string {
  const roll = random();
  const real = [...model.keys()];
  if (roll < 0.6) {
    const id = String(chance(random, 0.6) ? pick(random, core) : pick(random, real));
    return chance(random, 0.08) ? `00${id}` : id;
  }
  if (roll < 0.75)
    return String(pick(random, [MAX_ROW_ID, 2_000_000_000, 999_999, 1 + Math.floor(random() * MAX_ROW_ID)]));
  const text = pick(random, [
    '0',
    '-0',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    ' 1',
    '1 ',
    '+1',
    String(MAX_ROW_ID + 1),
    '9'.repeat(11),
    '9'.repeat(400),
    'abc',
    'null',
    'undefined',
    'NaN',
    '１２',
    '١٢',
    '%',
    '\u0000',
    `${core[0]}\u0000`,
    "1'; drop table classes; --",
    `${core[0]},${core[1]}`,
    junkString(random),
  ]);
  // An empty segment, '.' and '..' are another route (the URL's own): not this endpoint's.
  return text === '' || text === '.' || text === '..' ? 'x' : text;
}

/** A user id as text: a member's, a caller's or a teacher's, nobody's, or junk. */
function userIdText(random: Random, classId: string): string {
  const roll = random();
  const own = model.get(Number(classId));
  if (roll < 0.55) {
    const members = own ? [...own.members.keys()] : [];
    const anyone = [...storedIds, ...Object.values(callers).map((c) => c.id)];
    return members.length && chance(random, 0.7) ? pick(random, members) : pick(random, anyone);
  }
  if (roll < 0.7)
    return pick(random, [randomUUID(), 'niemand', 'x'.repeat(64), 'x'.repeat(65), `${callers.member.id}\u0000`]);
  const text = pick(random, [
    junkString(random),
    '\u0000',
    '%',
    '../x',
    'é'.repeat(64),
    '🙂'.repeat(33),
    '1'.repeat(200),
  ]);
  return text === '' || text === '.' || text === '..' ? 'x' : text;
}

/** A segment as a client sends it (a lone surrogate as U+FFFD, as the browser would). */
const segment = (text: string) => encodeURIComponent(text.toWellFormed());

/** Bodies of a write that takes none: mostly none, sometimes one anyway (the route does not read it). */
const NO_BODY: BodyMix = {
  object: (random) => ({ [pick(random, ['x', 'code', 'status'])]: junkValue(random) }),
  values: [junkValue, () => 'x'.repeat(20_000)],
  notJson: ['{"a":', 'x'.repeat(20_000)],
  asText: ['x', 'status=active'],
  shares: [0.05, 0.1, 0.15, 0.2],
};

// --- The endpoints --------------------------------------------------------------------------------------

interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  name: string;
  generate: (random: Random) => Request;
  expected: (request: Request, bytes: number) => Expected;
}

/** A caller's user id and role, for one who is signed in. */
const signedIn = (who: Who) => callers[who as CallerName];

// POST /classes -----------------------------------------------------------------------------------------

const createBodies: BodyMix = {
  object: (random) => {
    const level = fieldValue(
      random,
      { good: LEVEL_ORDER, bad: ['mavo', 'HAVO', ' havo', ''], junk: junkValue },
      [0.85, 0.93, 0.98],
    );
    const own = subjectsOf.get(typeof level === 'string' ? level : 'havo') ?? subjectsOf.get('havo')!;
    const other = pick(random, [...subjectsOf.values()]);
    const some = (ids: readonly number[], n: number) => Array.from({ length: n }, () => pick(random, ids));
    const distinct = (ids: number[]) => [...new Set(ids)];
    const body: Record<string, unknown> = {
      schoolName: fieldValue(
        random,
        {
          good: ['Demo College', 'Het Baken', '  Lyceum  ', 'ab'],
          bad: ['', ' ', 'x', 'x'.repeat(101), '\u0000\u0000'],
          junk: junkValue,
        },
        [0.85, 0.93, 0.98],
      ),
      brin: fieldValue(
        random,
        {
          good: ['12AB', '34cd', ' 56EF ', '', '99ZZ'],
          bad: ['1234X', 'AB12', '12A', '12 AB', 'é2AB'],
          junk: junkValue,
        },
        [0.5, 0.58, 0.62],
      ),
      name: fieldValue(
        random,
        { good: ['H5 Wiskunde', 'V6', ' x '], bad: ['', '  ', 'x'.repeat(61)], junk: junkValue },
        [0.85, 0.93, 0.98],
      ),
      level,
      examYear: fieldValue(
        random,
        {
          good: [1, 2, 3, 4].map((n) => SCHOOL_YEAR + n),
          bad: [SCHOOL_YEAR, SCHOOL_YEAR + 5, 2027.5, String(SCHOOL_YEAR + 1)],
          junk: junkValue,
        },
        [0.85, 0.93, 0.98],
      ),
      schoolYear: fieldValue(
        random,
        {
          good: [SCHOOL_YEAR, SCHOOL_YEAR + 1],
          bad: [SCHOOL_YEAR - 1, SCHOOL_YEAR + 2, String(SCHOOL_YEAR)],
          junk: junkValue,
        },
        [0.85, 0.93, 0.98],
      ),
      subjectIds: fieldValue(
        random,
        {
          good: [
            distinct(some(own, 1)),
            distinct(some(own, 3)),
            distinct(some(own, 5)),
            distinct([...some(own, 2), ...some(other, 1)]),
          ],
          bad: [[], some(own, 6), [own[0], own[0]], [0], [-1], [1.5], ['1'], [MAX_ROW_ID + 1], [2_000_000_000]],
          junk: junkValue,
        },
        [0.85, 0.93, 0.98],
      ),
    };
    if (chance(random, 0.04)) body[pick(random, ['id', 'joinCode', 'role', 'x'])] = junkValue(random);
    return body;
  },
  values: [junkValue, () => [], () => null, () => 'H5', () => 2027, () => ({ name: 'x'.repeat(20_000) })],
  notJson: ['{"name":', '{"schoolName":"Demo College",}'],
  asText: ['{"name":"H5"}', 'name=H5'],
  shares: [0.8, 0.88, 0.94, 0.97],
};

const createClass: Endpoint = {
  method: 'POST',
  name: 'POST /classes',
  generate: (random) => ({
    who: pickWho(random, { owner: 70, stranger: 8, co: 5, member: 6, outsider: 4, anonymous: 4, forged: 3 }),
    origin: pickOrigin(random),
    path: '/classes',
    sent: generateBody(random, createBodies),
  }),
  expected: (request, bytes) => {
    const before = beforeUseCase('POST', request, bytes, (value) => {
      const parsed = classCreateSchema.safeParse(value);
      return parsed.success ? null : invalid(fieldErrorsFromZod(parsed.error));
    });
    if (!('value' in before)) return before;
    const input = classCreateSchema.parse(before.value);
    const caller = signedIn(request.who);
    if (caller.role !== 'teacher') return refusal(403, CLASS_MESSAGES.TEACHERS_ONLY);
    if (input.subjectIds.some((id) => levelOf.get(id) !== input.level)) {
      return refusal(400, CLASS_MESSAGES.SUBJECTS, 'subjectIds');
    }
    const schoolName = (input.brin && schoolByBrin.get(input.brin)) ?? input.schoolName;
    return {
      status: 201,
      accept: (answer, label) => {
        const created = classCreatedSchema.parse(answer);
        expect(created.message, label).toBe(CLASS_MESSAGES.CREATED(input.name));
        expect(created.class, label).toMatchObject({
          name: input.name,
          level: input.level,
          examYear: input.examYear,
          schoolYear: input.schoolYear,
          archived: false,
          role: 'owner',
          school: { name: schoolName, brin: input.brin ?? null },
          pupils: 0,
          waiting: 0,
        });
        expect(
          created.class.subjects.map((s) => s.id).sort((a, b) => a - b),
          label,
        ).toEqual([...input.subjectIds].sort((a, b) => a - b));
        if (input.brin && !schoolByBrin.has(input.brin)) schoolByBrin.set(input.brin, input.schoolName);
        model.set(created.class.id, {
          id: created.class.id,
          code: normaliseJoinCode(created.class.joinCode),
          free: true,
          archived: false,
          teachers: new Map([[caller.id, 'owner']]),
          members: new Map(),
        });
      },
    };
  },
};

// GET /classes/{id} ---------------------------------------------------------------------------------------

const getClass: Endpoint = {
  method: 'GET',
  name: 'GET /classes/{id}',
  generate: (random) => {
    const classId = classIdText(random);
    return {
      who: pickWho(random, { owner: 55, co: 15, stranger: 10, member: 8, outsider: 5, anonymous: 4, forged: 3 }),
      origin: ORIGIN,
      path: `/classes/${segment(classId)}`,
      sent: { kind: 'none', type: null },
      classId,
    };
  },
  expected: (request, bytes) => {
    const before = beforeUseCase('GET', request, bytes);
    if (!('value' in before)) return before;
    const id = classIdOf(request.classId!)!;
    const caller = signedIn(request.who);
    const role = roleIn(caller.id, id);
    if (!role) return NOT_FOUND;
    const own = model.get(id)!;
    return {
      status: 200,
      accept: (answer, label) => {
        const detail = classDetailSchema.parse(answer);
        expect(detail.class, label).toMatchObject({ id, role, archived: own.archived, joinCode: expect.any(String) });
        expect(normaliseJoinCode(detail.class.joinCode), label).toBe(own.code);
        expect(Object.fromEntries(detail.members.map((m) => [m.userId, m.status])), label).toEqual(
          Object.fromEntries(own.members),
        );
        expect(JSON.stringify(answer), label).not.toContain('@example.nl');
      },
    };
  },
};

// POST /users/me/classes/join and DELETE /users/me/classes/{id} -------------------------------------------

/** A code as a pupil might type it: as stored, as shown, in lower case with spaces and hyphens. */
function typedCode(random: Random, code: string): string {
  const shown = `${code.slice(0, 4)}-${code.slice(4)}`;
  return pick(random, [
    code,
    shown,
    shown.toLowerCase(),
    ` ${code.slice(0, 2)} ${code.slice(2, 6)}-${code.slice(6)} `.toLowerCase(),
  ]);
}

const joinBodies = (random: Random): BodyMix => ({
  object: () => {
    const real = [...model.values()];
    const own = model.get(pick(random, core))!;
    const good = [typedCode(random, own.code), typedCode(random, pick(random, real).code)];
    const bad = [
      'ZZZZ-ZZZ2',
      'zzzz zzz3',
      '12345678',
      'ABC',
      '',
      ' ',
      '-',
      'ABCD-EFGH-J',
      'x'.repeat(21),
      `${own.code}  `.repeat(2),
    ];
    const body: Record<string, unknown> = {
      code: fieldValue(random, { good, bad, junk: junkValue }, [0.6, 0.85, 0.97]),
    };
    if (chance(random, 0.05)) body[pick(random, ['classId', 'x', 'status'])] = junkValue(random);
    return body;
  },
  values: [junkValue, () => [], () => null, () => own0Code()],
  notJson: ['{"code":', "{'code':'ABCD-EFGH'}"],
  asText: ['{"code":"ABCD-EFGH"}', 'code=ABCD-EFGH'],
  shares: [0.85, 0.9, 0.95, 0.98],
});
const own0Code = () => model.get(core[0]!)!.code;

/** What the join form's schema makes of `code`: the normalised code, or null (400 on `code`). */
function joinCodeOf(value: unknown): string | null {
  if (!isObject(value) || typeof value.code !== 'string') return null;
  const text = storableText(value.code).trim();
  if (text.length < 1 || codePoints(text) > 20) return null;
  const code = normaliseJoinCode(text);
  return code.length === 8 ? code : null;
}

const joinClass: Endpoint = {
  method: 'POST',
  name: 'POST /users/me/classes/join',
  generate: (random) => ({
    who: pickWho(random, { member: 42, outsider: 42, owner: 5, co: 3, anonymous: 4, forged: 4 }),
    origin: pickOrigin(random),
    path: '/users/me/classes/join',
    sent: generateBody(random, joinBodies(random)),
  }),
  expected: (request, bytes) => {
    const before = beforeUseCase('POST', request, bytes, (value) =>
      joinCodeOf(value) === null ? invalidFields(isObject(value) ? ['code'] : ['']) : null,
    );
    if (!('value' in before)) return before;
    const code = joinCodeOf(before.value)!;
    const caller = signedIn(request.who);
    if (caller.role !== 'pupil') return refusal(403, CLASS_MESSAGES.PUPILS_ONLY);
    const limit = limited(CLASS_JOIN_ATTEMPTS, tries.join, caller.id);
    if (limit) return { ...limit, fields: ['code'] };
    const own = [...model.values()].find((c) => c.code === code);
    if (!own) return refusal(400, CLASS_MESSAGES.UNKNOWN_CODE, 'code');
    if (own.archived) return refusal(409, CLASS_MESSAGES.ARCHIVED, 'code');
    const status = own.members.get(caller.id);
    if (status) {
      const text = {
        pending: CLASS_MESSAGES.ALREADY_PENDING,
        removed: CLASS_MESSAGES.REMOVED,
        active: CLASS_MESSAGES.ALREADY_MEMBER,
      }[status];
      return refusal(409, text, 'code');
    }
    const joined = own.free ? 'active' : 'pending';
    return {
      status: 201,
      accept: (answer, label) => {
        const view = joinAnswerSchema.parse(answer);
        expect(view.class, label).toMatchObject({ id: own.id, status: joined, archived: false });
        expect(view.message, label).toMatch(joined === 'active' ? /^Je zit nu in / : /^Je hebt je aangemeld voor /);
        own.members.set(caller.id, joined);
      },
    };
  },
};

const leaveClass: Endpoint = {
  method: 'DELETE',
  name: 'DELETE /users/me/classes/{id}',
  generate: (random) => {
    const classId = classIdText(random);
    return {
      who: pickWho(random, { member: 42, outsider: 42, owner: 5, co: 3, anonymous: 4, forged: 4 }),
      origin: pickOrigin(random),
      path: `/users/me/classes/${segment(classId)}`,
      sent: generateBody(random, NO_BODY),
      classId,
    };
  },
  expected: (request, bytes) => {
    const before = beforeUseCase('DELETE', request, bytes);
    if (!('value' in before)) return before;
    const id = classIdOf(request.classId!)!;
    const caller = signedIn(request.who);
    const status = memberIn(caller.id, id);
    if (status !== 'active' && status !== 'pending') return refusal(404, CLASS_MESSAGES.NOT_A_MEMBER);
    if (model.get(id)!.archived) return ARCHIVED;
    return {
      status: 200,
      accept: (answer, label) => {
        expect(classMessageSchema.parse(answer).message, label).toMatch(/^Je hebt .* verlaten\.$/);
        model.get(id)!.members.delete(caller.id);
      },
    };
  },
};

// PATCH and DELETE /classes/{id}/members/{userId} ---------------------------------------------------------

const decisionBodies: BodyMix = {
  object: (random) => {
    const body: Record<string, unknown> = {
      status: fieldValue(
        random,
        { good: ['active'], bad: ['pending', 'removed', 'Active', ' active', ''], junk: junkValue },
        [0.75, 0.88, 0.97],
      ),
    };
    if (chance(random, 0.05)) body[pick(random, ['userId', 'x'])] = junkValue(random);
    return body;
  },
  values: [junkValue, () => [], () => null, () => 'active'],
  notJson: ['{"status":', '{"status":"active"'],
  asText: ['{"status":"active"}', 'status=active'],
  shares: [0.85, 0.9, 0.95, 0.98],
};

function memberRequest(method: 'PATCH' | 'DELETE', random: Random): Request {
  const classId = classIdText(random);
  const userId = userIdText(random, classId);
  return {
    who: pickWho(random, { owner: 60, co: 15, stranger: 8, member: 6, outsider: 3, anonymous: 4, forged: 4 }),
    origin: pickOrigin(random),
    path: `/classes/${segment(classId)}/members/${segment(userId)}`,
    sent: generateBody(random, method === 'PATCH' ? decisionBodies : NO_BODY),
    classId,
    userId: userId.toWellFormed(),
  };
}

/** The class a teacher may change: 404 when they do not teach it, 409 when it is archived; else the class. */
function writable(caller: Caller, id: number): Expected | ClassModel {
  if (!roleIn(caller.id, id)) return NOT_FOUND;
  const own = model.get(id)!;
  return own.archived ? ARCHIVED : own;
}

const approveMember: Endpoint = {
  method: 'PATCH',
  name: 'PATCH /classes/{id}/members/{userId}',
  generate: (random) => memberRequest('PATCH', random),
  expected: (request, bytes) => {
    const before = beforeUseCase('PATCH', request, bytes, (value) =>
      isObject(value) && value.status === 'active' ? null : invalidFields(isObject(value) ? ['status'] : ['']),
    );
    if (!('value' in before)) return before;
    const own = writable(signedIn(request.who), classIdOf(request.classId!)!);
    if ('status' in own) return own;
    const pupil = request.userId!;
    const status = own.members.get(pupil);
    if (!status) return refusal(404, CLASS_MESSAGES.MEMBER_NOT_FOUND);
    if (status === 'active') return refusal(409, CLASS_MESSAGES.NOT_PENDING);
    return {
      status: 200,
      accept: (answer, label) => {
        expect(classMessageSchema.parse(answer).message, label).toMatch(/^\S+( \S\.)? zit nu in de klas\.$/);
        own.members.set(pupil, 'active');
      },
    };
  },
};

const removeMember: Endpoint = {
  method: 'DELETE',
  name: 'DELETE /classes/{id}/members/{userId}',
  generate: (random) => memberRequest('DELETE', random),
  expected: (request, bytes) => {
    const before = beforeUseCase('DELETE', request, bytes);
    if (!('value' in before)) return before;
    const own = writable(signedIn(request.who), classIdOf(request.classId!)!);
    if ('status' in own) return own;
    const pupil = request.userId!;
    const status = own.members.get(pupil);
    if (status !== 'active' && status !== 'pending') return refusal(404, CLASS_MESSAGES.MEMBER_NOT_FOUND);
    return {
      status: 200,
      accept: (answer, label) => {
        expect(classMessageSchema.parse(answer).message, label).toMatch(/^\S+( \S\.)? is uit de klas gehaald\.$/);
        own.members.set(pupil, 'removed');
      },
    };
  },
};

// POST /classes/{id}/teachers and POST /classes/{id}/code ---------------------------------------------------

const teacherBodies: BodyMix = {
  object: (random) => {
    const known = [COLLEAGUE, COLLEAGUE.toUpperCase(), ` ${COLLEAGUE} `, ...[...accounts.keys()].slice(0, 8)];
    const body: Record<string, unknown> = {
      email: fieldValue(
        random,
        {
          good: [...known, 'niemand@example.nl', `${randomUUID()}@example.nl`],
          bad: ['', ' ', 'geen-email', 'a@', '@example.nl', `${'x'.repeat(250)}@example.nl`, 'a b@example.nl'],
          junk: junkValue,
        },
        [0.7, 0.88, 0.97],
      ),
    };
    if (chance(random, 0.05)) body[pick(random, ['role', 'x'])] = junkValue(random);
    return body;
  },
  values: [junkValue, () => [], () => null, () => COLLEAGUE],
  notJson: ['{"email":', `{"email":"${COLLEAGUE}"`],
  asText: [`{"email":"${COLLEAGUE}"}`, `email=${COLLEAGUE}`],
  shares: [0.85, 0.9, 0.95, 0.98],
};

const addTeacher: Endpoint = {
  method: 'POST',
  name: 'POST /classes/{id}/teachers',
  generate: (random) => {
    const classId = classIdText(random);
    return {
      who: pickWho(random, { owner: 65, stranger: 12, co: 10, member: 3, outsider: 2, anonymous: 4, forged: 4 }),
      origin: pickOrigin(random),
      path: `/classes/${segment(classId)}/teachers`,
      sent: generateBody(random, teacherBodies),
      classId,
    };
  },
  expected: (request, bytes) => {
    const before = beforeUseCase('POST', request, bytes, (value) => {
      const parsed = coTeacherSchema.safeParse(value);
      return parsed.success ? null : invalid(fieldErrorsFromZod(parsed.error));
    });
    if (!('value' in before)) return before;
    const email = coTeacherSchema.parse(before.value).email;
    const caller = signedIn(request.who);
    const own = writable(caller, classIdOf(request.classId!)!);
    if ('status' in own) return own;
    if (own.teachers.get(caller.id) !== 'owner') return refusal(403, CLASS_MESSAGES.OWNER_ONLY);
    const limit = limited(CO_TEACHER_ATTEMPTS, tries.teacher, caller.id);
    if (limit) return { ...limit, fields: ['email'] };
    const colleague = accounts.get(email.toLowerCase());
    if (!colleague || colleague.role !== 'teacher') return refusal(400, CLASS_MESSAGES.NO_TEACHER, 'email');
    if (own.teachers.has(colleague.id)) return refusal(409, CLASS_MESSAGES.ALREADY_TEACHER, 'email');
    return {
      status: 200,
      accept: (answer, label) => {
        expect(classMessageSchema.parse(answer).message, label).toMatch(/ beheert de klas nu samen met jou\.$/);
        own.teachers.set(colleague.id, 'co');
      },
    };
  },
};

const renewCode: Endpoint = {
  method: 'POST',
  name: 'POST /classes/{id}/code',
  generate: (random) => {
    const classId = classIdText(random);
    return {
      who: pickWho(random, { owner: 60, co: 15, stranger: 10, member: 4, outsider: 3, anonymous: 4, forged: 4 }),
      origin: pickOrigin(random),
      path: `/classes/${segment(classId)}/code`,
      sent: generateBody(random, NO_BODY),
      classId,
    };
  },
  expected: (request, bytes) => {
    const before = beforeUseCase('POST', request, bytes);
    if (!('value' in before)) return before;
    const own = writable(signedIn(request.who), classIdOf(request.classId!)!);
    if ('status' in own) return own;
    return {
      status: 200,
      accept: (answer, label) => {
        const renewed = z.object({ joinCode: z.string(), message: z.string() }).parse(answer);
        expect(renewed.message, label).toBe(CLASS_MESSAGES.CODE_RENEWED);
        const code = normaliseJoinCode(renewed.joinCode);
        expect(code, label).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
        expect(code, label).not.toBe(own.code);
        own.code = code;
        own.free = true;
      },
    };
  },
};

// --- Sending ----------------------------------------------------------------------------------------------

/** Sends one generated request and checks its answer against the model; answers its status. */
async function sendOne(endpoint: Endpoint, request: Request, run: number): Promise<number> {
  const headers: Record<string, string> = { 'x-forwarded-for': fuzzClient() };
  if (request.who === 'forged') headers.cookie = FORGED;
  else if (request.who !== 'anonymous') headers.cookie = callers[request.who].cookie;
  if (endpoint.method !== 'GET' && request.origin) headers.origin = request.origin;
  const url = `/api/v1${request.path}`;
  const { res, text, bytes, label: said } = await sendSent(rt, endpoint.method, url, request.sent, headers);
  const want = endpoint.expected(request, bytes);
  const label = `#${run} ${request.who} ${endpoint.method} ${url.slice(0, 160)} ${said}`;
  expect(res.status, label).toBeLessThan(500);
  expect(res.status, label).toBe(want.status);
  expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
  const answer: unknown = JSON.parse(text);
  if (res.ok) {
    want.accept!(answer, label);
    return res.status;
  }
  expectRefusal(apiErrorSchema.parse(answer), want, res, text, label);
  if (want.limit) {
    expect(Number(res.headers.get('retry-after')), label).toBeGreaterThan(0);
    await rt.deps.rateLimit!.reset(want.limit.rule, want.limit.userId);
    want.limit.tries.set(want.limit.userId, 0);
  }
  return res.status;
}

/** The one error shape: its status repeated, a Dutch message (and Dutch field errors), no stack trace. */
function expectRefusal(error: ApiErrorBody, want: Expected, res: Response, text: string, label: string) {
  expect(error.status, label).toBe(res.status);
  expect(isDutch(error.message), label).toBe(true);
  expect(text, label).not.toMatch(STACK_TRACE);
  if (want.error) expect(error.error, label).toBe(want.error);
  if (want.message) expect(error.message, label).toBe(want.message);
  if (want.fieldErrors) expect(error.fieldErrors, label).toEqual(want.fieldErrors);
  if (want.fields) {
    for (const field of want.fields)
      expect(error.fieldErrors?.[field]?.length, `${label}: ${field}`).toBeGreaterThan(0);
  }
  for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
    for (const message of messages) expect(isDutch(message), `${label}: ${field}: ${message}`).toBe(true);
  }
}

/** `runs` requests of each endpoint, taking turns, from `seed`: how often each endpoint answered each status. */
async function fuzz(endpoints: readonly Endpoint[], seed: number, runs = RUNS) {
  const random = mulberry32(seed);
  const statuses = new Map(endpoints.map((endpoint) => [endpoint.name, new Map<number, number>()]));
  const reported = rt.reported.length;
  for (let run = 0; run < runs * endpoints.length; run += 1) {
    const endpoint = endpoints[run % endpoints.length]!;
    const status = await sendOne(endpoint, endpoint.generate(random), run);
    const seen = statuses.get(endpoint.name)!;
    seen.set(status, (seen.get(status) ?? 0) + 1);
  }
  expect(rt.reported.slice(reported)).toEqual([]);
  return statuses;
}

/** The statuses seen, sorted; and that every status of `expected` was seen. */
function expectSeen(seen: Map<number, number>, expected: number[], successes: number) {
  const label = JSON.stringify([...seen].sort((a, b) => a[0] - b[0]));
  expect(
    [...seen.keys()].sort((a, b) => a - b),
    label,
  ).toEqual(expect.arrayContaining(expected));
  const ok = [...seen].filter(([status]) => status < 300).reduce((sum, [, count]) => sum + count, 0);
  expect(ok, label).toBeGreaterThanOrEqual(successes);
}

// --- Setup ------------------------------------------------------------------------------------------------

/** Brings the model up to date with what is stored: classes, their teachers and members. */
async function loadModel() {
  const { db } = rt.database;
  const now = Date.now();
  for (const row of await db.select().from(classes).orderBy(classes.id)) {
    model.set(row.id, {
      id: row.id,
      code: row.joinCode,
      free: now - row.codeOpenedAt.getTime() < 14 * DAY_MS,
      archived: row.schoolYear < SCHOOL_YEAR,
      teachers: new Map(),
      members: new Map(),
    });
  }
  for (const row of await db.select().from(classTeachers)) {
    model.get(row.classId)!.teachers.set(row.userId, row.role as 'owner' | 'co');
  }
  for (const row of await db.select().from(classMembers)) {
    model.get(row.classId)!.members.set(row.userId, row.status as Status);
  }
  for (const row of await db.select().from(schools))
    if (row.brin && !schoolByBrin.has(row.brin)) schoolByBrin.set(row.brin, row.name);
}

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const { db } = rt.database;
  const mails = recordMails(rt);
  const roles: Record<CallerName, 'pupil' | 'teacher'> = {
    owner: 'teacher',
    co: 'teacher',
    stranger: 'teacher',
    member: 'pupil',
    outsider: 'pupil',
  };
  for (const [name, role] of Object.entries(roles) as [CallerName, 'pupil' | 'teacher'][]) {
    const email = `${name}.klas.fuzz@example.nl`;
    callers[name] = { ...(await newUser(rt, mails, email)), role };
    if (role === 'teacher')
      expect((await call(callers[name], 'PATCH', '/users/me', { educationRole: 'teacher' })).status).toBe(200);
    accounts.set(email, { id: callers[name].id, role });
  }
  // Users without a session: the colleague (a teacher) and pupils who are members of the classes.
  const stored = async (email: string, role: 'pupil' | 'teacher') => {
    const id = randomUUID();
    await db.insert(users).values({ id, name: 'Sanne de Vries', email, educationRole: role });
    accounts.set(email, { id, role });
    storedIds.push(id);
    return id;
  };
  await stored(COLLEAGUE, 'teacher');
  const pupils: string[] = [];
  for (let i = 0; i < 10; i += 1) pupils.push(await stored(`leerling${i}.fuzz@example.nl`, 'pupil'));

  for (const row of await db.select({ id: subjects.id, level: subjects.levelName }).from(subjects)) {
    levelOf.set(row.id, row.level);
    subjectsOf.set(row.level, [...(subjectsOf.get(row.level) ?? []), row.id]);
  }
  const havo = subjectsOf.get('havo')!;
  const newClass = async (caller: Caller, name: string) =>
    classCreatedSchema.parse(
      await answered(
        await call(caller, 'POST', '/classes', {
          schoolName: 'Fuzz College',
          brin: '11FZ',
          name,
          level: 'havo',
          examYear: SCHOOL_YEAR + 1,
          schoolYear: SCHOOL_YEAR,
          subjectIds: havo.slice(0, 2),
        }),
        201,
      ),
    ).class;
  // A: the owner's, shared with the co-teacher; Z: archived; P: its code older than 14 days; S: another teacher's.
  const a = await newClass(callers.owner, 'A');
  const archived = await newClass(callers.owner, 'Z');
  const late = await newClass(callers.owner, 'P');
  const other = await newClass(callers.stranger, 'S');
  expect(
    (await call(callers.owner, 'POST', `/classes/${a.id}/teachers`, { email: 'co.klas.fuzz@example.nl' })).status,
  ).toBe(200);
  expect((await call(callers.member, 'POST', '/users/me/classes/join', { code: a.joinCode })).status).toBe(201);
  const members: [number, string, Status][] = [
    ...pupils
      .slice(0, 8)
      .map((id, i): [number, string, Status] => [a.id, id, (['pending', 'active', 'removed'] as const)[i % 3]!]),
    [archived.id, pupils[0]!, 'active'],
    [archived.id, pupils[1]!, 'pending'],
    [archived.id, callers.outsider.id, 'active'],
    [late.id, pupils[2]!, 'pending'],
    [other.id, pupils[8]!, 'active'],
    [other.id, pupils[9]!, 'removed'],
  ];
  await db.insert(classMembers).values(members.map(([classId, userId, status]) => ({ classId, userId, status })));
  await db
    .update(classes)
    .set({ schoolYear: SCHOOL_YEAR - 1 })
    .where(eq(classes.id, archived.id));
  await db
    .update(classes)
    .set({ codeOpenedAt: new Date(Date.now() - 15 * DAY_MS) })
    .where(eq(classes.id, late.id));
  await loadModel();
  core.push(a.id, archived.id, late.id, other.id);
  for (const caller of Object.values(callers)) {
    await rt.deps.rateLimit!.reset(CLASS_JOIN_ATTEMPTS, caller.id);
    await rt.deps.rateLimit!.reset(CO_TEACHER_ATTEMPTS, caller.id);
  }
}, 120_000);

afterAll(async () => {
  await rt?.close();
});

// --- The fuzz ---------------------------------------------------------------------------------------------

describe(`the classes API under ${RUNS} generated requests per endpoint: the answer the model says, never 5xx`, () => {
  it('POST /classes', { timeout: 120_000 }, async () => {
    const statuses = await fuzz([createClass], 31_001);
    expectSeen(statuses.get(createClass.name)!, [201, 400, 401, 403, 413, 415], RUNS / 10);
  });

  it('GET /classes/{id}', { timeout: 120_000 }, async () => {
    const statuses = await fuzz([getClass], 31_002);
    expectSeen(statuses.get(getClass.name)!, [200, 400, 401, 404], RUNS / 5);
  });

  it('POST /users/me/classes/join and DELETE /users/me/classes/{id}, taking turns', { timeout: 180_000 }, async () => {
    const statuses = await fuzz([joinClass, leaveClass], 31_003);
    expectSeen(statuses.get(joinClass.name)!, [201, 400, 401, 403, 409, 415, 429], scaled(10));
    expectSeen(statuses.get(leaveClass.name)!, [200, 400, 401, 404, 409, 415], scaled(10));
  });

  it('PATCH and DELETE /classes/{id}/members/{userId}, taking turns', { timeout: 180_000 }, async () => {
    const statuses = await fuzz([approveMember, removeMember], 31_004);
    expectSeen(statuses.get(approveMember.name)!, [200, 400, 401, 404, 409, 415], scaled(20));
    expectSeen(statuses.get(removeMember.name)!, [200, 400, 401, 404, 409, 415], scaled(20));
  });

  it('POST /classes/{id}/teachers', { timeout: 120_000 }, async () => {
    const statuses = await fuzz([addTeacher], 31_005);
    expectSeen(statuses.get(addTeacher.name)!, [200, 400, 401, 403, 404, 409, 415, 429], scaled(5));
  });

  it('POST /classes/{id}/code', { timeout: 120_000 }, async () => {
    const statuses = await fuzz([renewCode], 31_006);
    expectSeen(statuses.get(renewCode.name)!, [200, 400, 401, 403, 404, 409, 413, 415], RUNS / 5);
  });

  it('what is stored is what the model says', async () => {
    const { db } = rt.database;
    for (const row of await db.select().from(classes)) {
      const own = model.get(row.id);
      expect(own, `class ${row.id}`).toBeDefined();
      expect(row.joinCode).toBe(own!.code);
    }
    const members = await db.select().from(classMembers);
    expect(members.length).toBe([...model.values()].reduce((sum, c) => sum + c.members.size, 0));
    for (const row of members) expect(model.get(row.classId)!.members.get(row.userId)).toBe(row.status);
    const teachers = await db.select().from(classTeachers);
    expect(teachers.length).toBe([...model.values()].reduce((sum, c) => sum + c.teachers.size, 0));
    for (const row of teachers) expect(model.get(row.classId)!.teachers.get(row.userId)).toBe(row.role);
  });
});
