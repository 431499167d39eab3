/**
 * The classes API's later endpoints and the parents' API (issue 31) under generated requests: the dashboard,
 * a pupil's drill-down, "what my teacher sees", class licences and freeing a seat, the class's assignments
 * (list, give, delete), the pupil's own assignments, a pupil's parents (list, invite, end), a parent's children
 * (list, accept) and the pupil's grade shares (with a class, with a parent) each get RUNS of them — junk bodies, bodies that are no JSON or of another media
 * type, junk ids in the path, junk queries, callers of every kind (the owner, a co-teacher, another teacher,
 * pupils in and outside a class, a linked parent and one who is not, nobody, a forged session) — with a share
 * of good ones, so that every branch of the services runs. Each answer is checked against a model (who teaches
 * and who is in each class, its subjects, licences and seats, the codes, the assignments, the parent links and
 * their tokens, the per-user limits): the exact status it earns, never 5xx; a success in its schema and as the
 * model says; every refusal in the one error shape, with a Dutch message (its fields' too) and no stack trace.
 *
 * One runtime for the file. Each request comes from a client address of its own (TRUST_PROXY), so the write
 * rule's rate limit never gets in the way; the per-user limits of redeeming a class licence (LICENSE_ATTEMPTS)
 * and of inviting parents (PARENT_INVITES) are part of the model: the request after the last counted one
 * answers 429, after which the test clears the counter (the limiter's own reset) and counts again. The limits
 * count in this process (RATE_LIMIT_STORE=memory: the same rules; their database store is the subject of
 * api-rate-limit.test.ts) and the subjects' content is cached as in production, so that the 14,000 requests
 * spend their time in the API.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/modules/accounts/db/tables.ts';
import { subjectContent } from '#app/modules/cards/index.server.ts';
import { products, subjects } from '#app/modules/catalog/db/tables.ts';
import { subjectChecks } from '#app/modules/checks/index.server.ts';
import {
  assignments,
  classes,
  classLicenses,
  classMembers,
  classSeats,
  classTeachers,
} from '#app/modules/classes/db/tables.ts';
import {
  assignmentCreatedSchema,
  assignmentCreateSchema,
  CLASS_MESSAGES,
  classAssignmentsSchema,
  classCreatedSchema,
  classDashboardSchema,
  classDetailSchema,
  classLicenseCodeSchema,
  classMessageSchema,
  displayName,
  gradeShareSchema,
  myAssignmentsSchema,
  pupilDetailSchema,
  schoolYearOf,
  CLASS_LIMITS,
} from '#app/modules/classes/index.ts';
import { myClassesSharingGrades } from '#app/modules/classes/index.server.ts';
import {
  acceptInvitationSchema,
  childrenSchema,
  GUARDIAN_MESSAGES,
  parentGradeShareSchema,
  parentInvitedSchema,
  parentInviteSchema,
  parentLinkIdParamsSchema,
  parentLinksSchema,
} from '#app/modules/guardians/index.ts';
import { PARENT_INVITES, parentLinks } from '#app/modules/guardians/index.server.ts';
import { LICENSE_ATTEMPTS } from '#app/modules/licenses/index.ts';
import { licenseCodes } from '#app/modules/licenses/db/tables.ts';
import { insertClassLicenseCodes } from '#app/modules/licenses/index.server.ts';
import { MAX_LICENSE_CODE_LENGTH } from '#app/modules/licenses/domain/license-codes.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { API_MESSAGES, apiErrorSchema, type ApiErrorBody } from '#app/platform/schemas/api-error.ts';
import { fieldErrorsFromZod } from '#app/platform/schemas/errors.ts';
import { MAX_ROW_ID } from '#app/platform/schemas/fields.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import type { z } from '#app/platform/schemas/z.ts';
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
import { subjectIdOf } from './study-content.ts';
import { createTestRuntime, queueJobsInMemory, type QueuedJob, type TestRuntime } from './test-db.ts';

/** Generated requests per endpoint. */
const RUNS = 600;
/** A least count chosen at 1,000 requests an endpoint, scaled to RUNS. */
const scaled = (n: number) => Math.ceil((n * RUNS) / 1000);
const SCHOOL_YEAR = schoolYearOf(new Date());
const FORGED = 'slaagbundel.session_token=forged.value';
const FOREIGN = 'https://example.com';

let rt: TestRuntime;
const call = apiClient(() => rt);
/** The jobs the services queue once the callers are made: the invitations' mails among them. */
let queued: QueuedJob[];

// --- The model ------------------------------------------------------------------------------------------

type Status = 'pending' | 'active' | 'removed';
interface LicenseModel {
  code: string;
  seats: number;
  /** Who holds one of its seats (not freed). */
  holders: Set<string>;
}
interface ClassModel {
  id: number;
  name: string;
  archived: boolean;
  examYear: number;
  /** In the order the class's views list them: the dashboard's default is the first. */
  subjects: number[];
  teachers: Map<string, 'owner' | 'co'>;
  members: Map<string, Status>;
  /** In the order seats are given (oldest first). */
  licenses: LicenseModel[];
  /** Its assignments by id: their due day (null: keep ready). */
  assignments: Map<number, string | null>;
  /** The pupils who share their grades with it (as stored: an archived class shows none). */
  shares: Set<string>;
}
const model = new Map<number, ClassModel>();
/** Every stored licence code: a class licence has seats (null: a book's code). */
const codes = new Map<
  string,
  { seats: number | null; subjectId: number; examYear: number | null; redeemed: boolean }
>();
/** A code's letters and digits → the stored code (each is one code's: checked in the set-up). */
const compactCodes = new Map<string, string>();
/** The codes the bodies are made of: the fuzz's own class licences, and any stored code. */
let fuzzCodes: string[] = [];
let storedCodes: string[] = [];

interface LinkModel {
  id: number;
  pupil: string;
  email: string;
  status: 'invited' | 'active' | 'ended';
  parent: string | null;
  token: string;
  under16: boolean;
  /** The pupil shares their grades with this link's parent. */
  shares: boolean;
  /** The order parents accepted in: a parent's children are listed by it. */
  accepted: number;
}
const links: LinkModel[] = [];
let acceptedCount = 0;

/** Every user's full name, by id. */
const names = new Map<string, string>();
/** Each subject's topics and exam checks; and its name. */
const topicsOf = new Map<number, number[]>();
const checksOf = new Map<number, number[]>();
const subjectNames = new Map<number, string>();
/** The pupils with an exam level (havo): their grades page exists, so a share shows it. */
const withLevel = new Set<string>();
/** Counted tries of the per-user limits, by user id. */
const tries = { license: new Map<string, number>(), invite: new Map<string, number>() };

type CallerName = 'owner' | 'co' | 'stranger' | 'member' | 'outsider' | 'parent' | 'loner';
type Who = CallerName | 'anonymous' | 'forged';
const callers = {} as Record<CallerName, Caller & { email: string }>;
/** Pupils without a session, in the classes. */
const storedIds: string[] = [];
/** A (the owner's, shared with the co-teacher), Z (archived), S (another teacher's). */
const core: number[] = [];
/** Subjects of no class here. */
let otherSubjects: number[] = [];

const roleIn = (userId: string, classId: number) => model.get(classId)?.teachers.get(userId);
const activeIn = (own: ClassModel) => [...own.members].filter(([, s]) => s === 'active').map(([id]) => id);
const firstName = (name: string) => name.trim().split(/\s+/, 1)[0] || 'je kind';

// --- What may be said -----------------------------------------------------------------------------------

const DUTCH = new Set([
  ...dutchMessages(API_MESSAGES, CLASS_MESSAGES, GUARDIAN_MESSAGES, MESSAGES),
  MESSAGES.maxChars(MAX_LICENSE_CODE_LENGTH),
  // parentInviteSchema's under16.
  'Kies ja of nee.',
]);
const RATE_LIMITED = /^Te veel (pogingen|uitnodigingen)\. Probeer het over \d+ minuten opnieuw\.$/;
const isDutch = (text: string) => DUTCH.has(text) || RATE_LIMITED.test(text);
/** A stack frame or an error's name in a body. */
const STACK_TRACE = /\bat \S+ \(|\bat (file:|node:|\/)|\.[cm]?[jt]s:\d+:\d+|\b\w*Error:/;
/** An e-mail address. */
const EMAIL = /[\w.+-]+@[\w-]+\.[\w.]+/;

// --- Expected answers -----------------------------------------------------------------------------------

type Rule = typeof LICENSE_ATTEMPTS | typeof PARENT_INVITES;
interface Expected {
  status: number;
  error?: string;
  message?: string;
  /** The exact field errors of a refusal. */
  fieldErrors?: Record<string, string[]> | undefined;
  /** Fields that must have an error (any Dutch one). */
  fields?: string[];
  /** Checks a success and brings the model up to date. */
  accept?: (answer: unknown, label: string) => void | Promise<void>;
  /** After a 429: the counter to clear. */
  limit?: { rule: Rule; userId: string; tries: Map<string, number> };
}

const CODES: Record<number, string> = { 400: 'validation_failed', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
const refusal = (status: number, message: string, field?: string): Expected => ({
  status,
  error: CODES[status],
  message,
  fieldErrors: field ? { [field]: [message] } : undefined,
});
const NOT_FOUND = refusal(404, CLASS_MESSAGES.NOT_FOUND);
const MEMBER_NOT_FOUND = refusal(404, CLASS_MESSAGES.MEMBER_NOT_FOUND);
const ARCHIVED = refusal(409, CLASS_MESSAGES.ARCHIVED);
const invalid = (fieldErrors: Record<string, string[]>): Expected => ({
  status: 400,
  error: 'validation_failed',
  message: API_MESSAGES.VALIDATION_FAILED,
  fieldErrors,
});

/** A request of one endpoint: who sends it, from which origin, its path (below /api/v1), query and body. */
interface Request {
  who: Who;
  origin: string | null;
  path: string;
  sent: Sent;
  /** The path's ids as the route reads them (undefined: no such parameter). */
  classId?: string;
  userId?: string;
  assignmentId?: string;
  linkId?: string;
  /** The query's values of `subject`, as read (undefined: none). */
  subject?: string[];
}

/** The per-user limit: the request after `points` counted ones is refused; a counted one adds one. */
function limited(rule: Rule, counts: Map<string, number>, userId: string): Expected | null {
  const used = counts.get(userId) ?? 0;
  if (used >= rule.points) return { status: 429, error: 'rate_limited', limit: { rule, userId, tries: counts } };
  counts.set(userId, used + 1);
  return null;
}

/** The class id a path segment (as decoded) names: 1 to 10 digits, from 1 to MAX_ROW_ID; else null. */
function rowIdOf(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ROW_ID ? id : null;
}
/** A text's length as Zod's bounds count it: in code points. */
const codePoints = (text: string) => [...text].length;

/**
 * What a request earns before its use case: the write guard (another site 403, another media type 415, too
 * large 413), the session (401), the query (400), the path's parameters (400), the body (400: no JSON, or the
 * schema's `body` check). Else `{ value }`: on to the use case, with the body as read.
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
  if (request.subject !== undefined) {
    const [only, ...more] = request.subject;
    if (more.length > 0 || rowIdOf(only!) === null) return invalid({ subject: [CLASS_MESSAGES.SUBJECT_NOT_IN_CLASS] });
  }
  const params: Record<string, string[]> = {};
  if (request.classId !== undefined && rowIdOf(request.classId) === null) params.id = [CLASS_MESSAGES.NOT_FOUND];
  if (request.userId !== undefined && codePoints(request.userId) > 64)
    params.userId = [CLASS_MESSAGES.MEMBER_NOT_FOUND];
  if (request.assignmentId !== undefined && rowIdOf(request.assignmentId) === null)
    params.assignmentId = [CLASS_MESSAGES.ASSIGNMENT_NOT_FOUND];
  if (request.linkId !== undefined) {
    const parsed = parentLinkIdParamsSchema.safeParse({ id: request.linkId });
    if (!parsed.success) Object.assign(params, fieldErrorsFromZod(parsed.error));
  }
  if (Object.keys(params).length) return invalid(params);
  if (!body) return { value: undefined };
  if ('refusal' in read) return { status: 400, error: 'invalid_json', message: API_MESSAGES.INVALID_JSON };
  return body(read.value) ?? { value: read.value };
}

/** The body check of a schema: its Zod errors, as the API's validation hook answers them. */
const schemaCheck =
  (schema: z.ZodType) =>
  (value: unknown): Expected | null => {
    const parsed = schema.safeParse(value);
    return parsed.success ? null : invalid(fieldErrorsFromZod(parsed.error));
  };

// --- Generators -----------------------------------------------------------------------------------------

const { junkString, junkValue } = junk({
  lengths: [0, 1, 2, 8, 9, 20, 40, 41, 64, 65, 300],
  alphabet: ['a', 'Z', '7', '0', '-', ' ', '.', '@', '%', '/', '\u0000', 'é', 'ß', '🙂', '\u202e', "'", '"', '\\'],
  numbers: [0, -1, 1, 1.5, 0.5, 0.75, 0.95, 2 ** 31, MAX_ROW_ID, MAX_ROW_ID + 1, SCHOOL_YEAR, 1e308, -0],
  words: ['cards', 'check', 'keep_ready', 'true', 'null', '', ' ', 'SB-KLAS-FUZZ-1', 'ouder@example.nl', '2027-01-15'],
  keys: ['code', 'email', 'under16', 'token', 'consent', 'subjectId', 'kind', 'topicId', 'testId', 'dueOn'],
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

/** A number in a path as text: a real one (sometimes with leading zeros), a plain id of nothing, or junk. */
function idText(random: Random, real: readonly number[]): string {
  const roll = random();
  if (roll < 0.65 && real.length) {
    const id = String(pick(random, real));
    return chance(random, 0.06) ? `00${id}` : id;
  }
  if (roll < 0.78)
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
    'NaN',
    '１２',
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
/** A class id as text: mostly the core classes. */
const classIdText = (random: Random) => idText(random, chance(random, 0.7) ? core : [...model.keys()]);

/** A user id as text: a member's, a caller's, nobody's, or junk. */
function userIdText(random: Random, classId: string, members: (own: ClassModel) => string[]): string {
  const roll = random();
  const own = model.get(Number(classId));
  if (roll < 0.6) {
    const mine = own ? members(own) : [];
    const anyone = [...storedIds, ...Object.values(callers).map((c) => c.id)];
    return mine.length && chance(random, 0.7) ? pick(random, mine) : pick(random, anyone);
  }
  if (roll < 0.72)
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

/** A query string that the endpoint does not read: none mostly, else junk of every kind. */
function junkQuery(random: Random): string {
  if (chance(random, 0.7)) return '';
  return pick(random, [
    '?',
    '?x=1',
    '?subject=abc',
    `?${encodeURIComponent(junkString(random))}=${encodeURIComponent(junkString(random))}`,
    '?a=%ZZ&b',
    `?userId=${callers.member.id}`,
    '?&&=',
  ]);
}

/**
 * The dashboard's query: no `subject` (the class's first), one (the class's, another's, junk), or more than
 * one; other keys beside it. Answers the query string and the values of `subject` as the route reads them.
 */
function dashboardQuery(random: Random, classId: string): { query: string; subject?: string[] } {
  const own = model.get(Number(classId));
  const value = () => {
    const roll = random();
    if (roll < 0.5 && own) return String(pick(random, own.subjects));
    if (roll < 0.7) return String(pick(random, [...otherSubjects, ...(model.get(core[2]!)?.subjects ?? [])]));
    return pick(random, [
      '',
      '0',
      '-1',
      '1.5',
      ' 1',
      'abc',
      '１２',
      String(MAX_ROW_ID + 1),
      '9'.repeat(11),
      junkString(random),
    ]);
  };
  const pairs: [string, string][] = [];
  const roll = random();
  if (roll < 0.65) pairs.push(['subject', value()]);
  else if (roll < 0.72) pairs.push(['subject', value()], ['subject', value()]);
  if (chance(random, 0.15)) pairs.push([pick(random, ['x', 'Subject', 'subject[]', 'subjects']), value()]);
  const shuffled = chance(random, 0.5) ? pairs : [...pairs].reverse();
  const query = shuffled.map(([k, v]) => `${k}=${encodeURIComponent(v.toWellFormed())}`).join('&');
  const subject = shuffled.filter(([k]) => k === 'subject').map(([, v]) => v.toWellFormed());
  return { query: query ? `?${query}` : pick(random, ['', '?']), ...(subject.length ? { subject } : {}) };
}

/** Bodies of a write that takes none: mostly none, sometimes one anyway (the route does not read it). */
const NO_BODY: BodyMix = {
  object: (random) => ({ [pick(random, ['x', 'code', 'token'])]: junkValue(random) }),
  values: [junkValue, () => 'x'.repeat(20_000)],
  notJson: ['{"a":', 'x'.repeat(20_000)],
  asText: ['x', 'code=1'],
  shares: [0.05, 0.1, 0.15, 0.2],
};

// --- The endpoints --------------------------------------------------------------------------------------

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  name: string;
  generate: (random: Random) => Request;
  expected: (request: Request, bytes: number) => Expected;
}

/** A caller's session, for one who is signed in. */
const signedIn = (who: Who) => callers[who as CallerName];
const NO_SENT: Sent = { kind: 'none', type: null };

// GET /classes/{id}/dashboard?subject= -------------------------------------------------------------------

const dashboard: Endpoint = {
  method: 'GET',
  name: 'GET /classes/{id}/dashboard',
  generate: (random) => {
    const classId = classIdText(random);
    const { query, subject } = dashboardQuery(random, classId);
    return {
      who: pickWho(random, {
        owner: 45,
        co: 15,
        stranger: 8,
        member: 8,
        outsider: 4,
        parent: 5,
        loner: 3,
        anonymous: 6,
        forged: 6,
      }),
      origin: ORIGIN,
      path: `/classes/${segment(classId)}/dashboard${query}`,
      sent: NO_SENT,
      classId,
      ...(subject ? { subject } : {}),
    };
  },
  expected: (request, bytes) => {
    const before = beforeUseCase('GET', request, bytes);
    if (!('value' in before)) return before;
    const id = rowIdOf(request.classId!)!;
    const caller = signedIn(request.who);
    const role = roleIn(caller.id, id);
    if (!role) return NOT_FOUND;
    const own = model.get(id)!;
    const asked = request.subject ? Number(request.subject[0]) : undefined;
    if (asked !== undefined && !own.subjects.includes(asked)) return refusal(404, CLASS_MESSAGES.SUBJECT_NOT_IN_CLASS);
    return {
      status: 200,
      accept: (answer, label) => {
        const view = classDashboardSchema.parse(answer);
        expect(view.class, label).toMatchObject({ id, role, archived: own.archived });
        expect(view.subject?.id, label).toBe(asked ?? own.subjects[0]);
        expect(view.pupils.map((p) => p.userId).sort(), label).toEqual(activeIn(own).sort());
        expect(JSON.stringify(answer), label).not.toMatch(EMAIL);
      },
    };
  },
};

// GET /classes/{id}/members/{userId}/summary and GET /users/me/classes/{id}/teacher-view --------------------

/** What the drill-down of `pupil` in class `id` answers `viewer` (both ids read, the class's as a number). */
function drillDown(viewer: string, id: number, pupil: string): Expected {
  const own = model.get(id);
  const role = roleIn(viewer, id) ?? (own?.members.get(viewer) === 'active' ? 'member' : 'none');
  const teacher = role === 'owner' || role === 'co';
  const self = viewer === pupil && role === 'member';
  if (!own || (!teacher && !self)) return NOT_FOUND;
  if (own.members.get(pupil) !== 'active' || own.teachers.has(pupil)) return MEMBER_NOT_FOUND;
  return {
    status: 200,
    accept: (answer, label) => {
      const detail = pupilDetailSchema.parse(answer);
      expect(detail.class, label).toMatchObject({ id, archived: own.archived });
      expect(detail.pupil, label).toEqual({ userId: pupil, name: displayName(names.get(pupil)!) });
      expect(detail.subjects.map((s) => s.subject.id).sort(), label).toEqual([...own.subjects].sort());
      // The grades page only when the pupil shares it with this class, never of an archived one.
      const shared = !own.archived && own.shares.has(pupil);
      expect(detail.gradesShared, label).toBe(shared);
      expect(detail.grades !== null, label).toBe(shared && withLevel.has(pupil));
      expect(JSON.stringify(answer), label).not.toMatch(EMAIL);
    },
  };
}

const summary: Endpoint = {
  method: 'GET',
  name: 'GET /classes/{id}/members/{userId}/summary',
  generate: (random) => {
    const classId = classIdText(random);
    const userId = userIdText(random, classId, (own) => [...own.members.keys()]);
    return {
      who: pickWho(random, {
        owner: 45,
        co: 15,
        stranger: 8,
        member: 10,
        outsider: 4,
        parent: 5,
        loner: 3,
        anonymous: 5,
        forged: 5,
      }),
      origin: ORIGIN,
      path: `/classes/${segment(classId)}/members/${segment(userId)}/summary${junkQuery(random)}`,
      sent: NO_SENT,
      classId,
      userId: userId.toWellFormed(),
    };
  },
  expected: (request, bytes) => {
    const before = beforeUseCase('GET', request, bytes);
    if (!('value' in before)) return before;
    return drillDown(signedIn(request.who).id, rowIdOf(request.classId!)!, request.userId!);
  },
};

const teacherView: Endpoint = {
  method: 'GET',
  name: 'GET /users/me/classes/{id}/teacher-view',
  generate: (random) => {
    const classId = classIdText(random);
    return {
      who: pickWho(random, {
        member: 35,
        outsider: 15,
        owner: 10,
        co: 8,
        stranger: 5,
        parent: 8,
        loner: 5,
        anonymous: 7,
        forged: 7,
      }),
      origin: ORIGIN,
      path: `/users/me/classes/${segment(classId)}/teacher-view${junkQuery(random)}`,
      sent: NO_SENT,
      classId,
    };
  },
  expected: (request, bytes) => {
    const before = beforeUseCase('GET', request, bytes);
    if (!('value' in before)) return before;
    const me = signedIn(request.who).id;
    return drillDown(me, rowIdOf(request.classId!)!, me);
  },
};

// POST /classes/{id}/licenses and DELETE /classes/{id}/members/{userId}/seat ------------------------------

/**
 * What giving seats leaves of each of the class's licences: its holders, and as many of the pupils in the
 * class without one of its seats as it has seats free. Answers the number each licence will have in use.
 */
function seatsAfterGrant(own: ClassModel): number[] {
  const active = activeIn(own);
  return own.licenses.map((license) => {
    const without = active.filter((id) => !license.holders.has(id)).length;
    return license.holders.size + Math.min(without, license.seats - license.holders.size);
  });
}

/** The class's licences and seats as stored, after a success: each licence in use as `counts` says. */
async function reloadSeats(own: ClassModel, counts: number[], label: string) {
  const { db } = rt.database;
  const rows = await db
    .select({ id: classLicenses.id, code: classLicenses.code, seats: classLicenses.seats })
    .from(classLicenses)
    .where(eq(classLicenses.classId, own.id))
    .orderBy(asc(classLicenses.redeemedAt), asc(classLicenses.id));
  const held = await db
    .select({ license: classSeats.classLicenseId, userId: classSeats.userId })
    .from(classSeats)
    .where(isNull(classSeats.freedAt));
  const before = new Map(own.licenses.map((l) => [l.code, l.holders]));
  own.licenses = rows.map((row) => ({
    code: row.code,
    seats: row.seats,
    holders: new Set(held.filter((h) => h.license === row.id).map((h) => h.userId)),
  }));
  expect(
    own.licenses.map((l) => l.holders.size),
    label,
  ).toEqual(counts);
  const active = new Set(activeIn(own));
  for (const license of own.licenses) {
    // Whoever holds a seat now held it before, or is in the class.
    const had = before.get(license.code) ?? new Set<string>();
    for (const id of license.holders) expect(had.has(id) || active.has(id), `${label}: ${id}`).toBe(true);
  }
}

/** The stored code a typed one (as the schema made it) stands for: itself, or the one of its letters and digits. */
function storedCode(typed: string): string | undefined {
  if (codes.has(typed)) return typed;
  return compactCodes.get(typed.toUpperCase().replace(/[^A-Z0-9]/g, ''));
}

/** A code as a teacher might type it: as stored, in lower case, with spaces, without separators or its SB. */
function typedLicense(random: Random, code: string): string {
  return pick(random, [
    code,
    code.toLowerCase(),
    ` ${code.replaceAll('-', ' ')} `,
    code.replaceAll('-', ''),
    code.replace(/^SB-/, ''),
    code.replaceAll('-', '_'),
  ]);
}

const licenseBodies = (random: Random): BodyMix => ({
  object: () => {
    const body: Record<string, unknown> = {
      code: fieldValue(
        random,
        {
          good: [typedLicense(random, pick(random, fuzzCodes)), typedLicense(random, pick(random, storedCodes))],
          bad: ['', ' ', '-', 'SB-KLAS-NOPE', 'x'.repeat(MAX_LICENSE_CODE_LENGTH + 1), 'SB-KLAS-FUZZ-99', '\u0000'],
          junk: junkValue,
        },
        [0.7, 0.9, 0.98],
      ),
    };
    if (chance(random, 0.05)) body[pick(random, ['classId', 'x', 'seats'])] = junkValue(random);
    return body;
  },
  values: [junkValue, () => [], () => null, () => 'SB-KLAS-FUZZ-1', () => ({ code: 'x'.repeat(20_000) })],
  notJson: ['{"code":', "{'code':'SB-KLAS-FUZZ-1'}"],
  asText: ['{"code":"SB-KLAS-FUZZ-1"}', 'code=SB-KLAS-FUZZ-1'],
  shares: [0.85, 0.9, 0.95, 0.98],
});

const redeem: Endpoint = {
  method: 'POST',
  name: 'POST /classes/{id}/licenses',
  generate: (random) => {
    const classId = classIdText(random);
    return {
      who: pickWho(random, {
        owner: 55,
        co: 15,
        stranger: 8,
        member: 4,
        outsider: 3,
        parent: 3,
        loner: 2,
        anonymous: 5,
        forged: 5,
      }),
      origin: pickOrigin(random),
      path: `/classes/${segment(classId)}/licenses`,
      sent: generateBody(random, licenseBodies(random)),
      classId,
    };
  },
  expected: (request, bytes) => {
    const before = beforeUseCase('POST', request, bytes, schemaCheck(classLicenseCodeSchema));
    if (!('value' in before)) return before;
    const typed = classLicenseCodeSchema.parse(before.value).code;
    const caller = signedIn(request.who);
    const id = rowIdOf(request.classId!)!;
    if (!roleIn(caller.id, id)) return NOT_FOUND;
    const own = model.get(id)!;
    if (own.archived) return ARCHIVED;
    const limit = limited(LICENSE_ATTEMPTS, tries.license, caller.id);
    if (limit) return { ...limit, fieldErrors: undefined, fields: ['code'] };
    const stored = storedCode(typed);
    const code = stored === undefined ? undefined : codes.get(stored);
    if (!code) return refusal(400, CLASS_MESSAGES.LICENSE_UNKNOWN, 'code');
    if (code.seats === null) return refusal(400, CLASS_MESSAGES.NOT_A_CLASS_CODE, 'code');
    if (code.redeemed) return refusal(409, CLASS_MESSAGES.LICENSE_USED, 'code');
    if (!own.subjects.includes(code.subjectId)) return refusal(400, CLASS_MESSAGES.LICENSE_SUBJECT, 'code');
    if (code.examYear !== null && code.examYear !== own.examYear)
      return refusal(400, CLASS_MESSAGES.LICENSE_EXAM_YEAR, 'code');
    const seats = code.seats;
    return {
      status: 200,
      accept: async (answer, label) => {
        own.licenses.push({ code: stored!, seats, holders: new Set() });
        const counts = seatsAfterGrant(own);
        const used = counts.at(-1)!;
        expect(answer, label).toEqual({
          message: CLASS_MESSAGES.LICENSE_REDEEMED(subjectNames.get(code.subjectId)!, used, seats),
          used,
          seats,
        });
        code.redeemed = true;
        await reloadSeats(own, counts, label);
      },
    };
  },
};

const freeSeat: Endpoint = {
  method: 'DELETE',
  name: 'DELETE /classes/{id}/members/{userId}/seat',
  generate: (random) => {
    const classId = classIdText(random);
    // Mostly pupils taken out (who may hold a seat), else any member.
    const userId = userIdText(random, classId, (own) =>
      chance(random, 0.7)
        ? [...own.members].filter(([, s]) => s === 'removed').map(([id]) => id)
        : [...own.members.keys()],
    );
    return {
      who: pickWho(random, {
        owner: 55,
        co: 15,
        stranger: 8,
        member: 4,
        outsider: 3,
        parent: 3,
        loner: 2,
        anonymous: 5,
        forged: 5,
      }),
      origin: pickOrigin(random),
      path: `/classes/${segment(classId)}/members/${segment(userId)}/seat`,
      sent: generateBody(random, NO_BODY),
      classId,
      userId: userId.toWellFormed(),
    };
  },
  expected: (request, bytes) => {
    const before = beforeUseCase('DELETE', request, bytes);
    if (!('value' in before)) return before;
    const caller = signedIn(request.who);
    const id = rowIdOf(request.classId!)!;
    if (!roleIn(caller.id, id)) return NOT_FOUND;
    const own = model.get(id)!;
    if (own.archived) return ARCHIVED;
    const pupil = request.userId!;
    const status = own.members.get(pupil);
    if (!status) return MEMBER_NOT_FOUND;
    if (status !== 'removed') return refusal(409, CLASS_MESSAGES.SEAT_IN_USE);
    if (!own.licenses.some((license) => license.holders.has(pupil))) return refusal(404, CLASS_MESSAGES.NO_SEAT);
    return {
      status: 200,
      accept: async (answer, label) => {
        expect(classMessageSchema.parse(answer), label).toEqual({
          message: CLASS_MESSAGES.SEAT_FREED(displayName(names.get(pupil)!)),
        });
        for (const license of own.licenses) license.holders.delete(pupil);
        await reloadSeats(own, seatsAfterGrant(own), label);
      },
    };
  },
};

// The class's assignments: GET, POST and DELETE ---------------------------------------------------------

/** The class's assignments as its teachers list them: newest first. */
const assignmentIds = (own: ClassModel) => [...own.assignments.keys()].sort((a, b) => b - a);

const listAssignments: Endpoint = {
  method: 'GET',
  name: 'GET /classes/{id}/assignments',
  generate: (random) => {
    const classId = classIdText(random);
    return {
      who: pickWho(random, {
        owner: 45,
        co: 15,
        stranger: 8,
        member: 8,
        outsider: 4,
        parent: 5,
        loner: 3,
        anonymous: 6,
        forged: 6,
      }),
      origin: ORIGIN,
      path: `/classes/${segment(classId)}/assignments${junkQuery(random)}`,
      sent: NO_SENT,
      classId,
    };
  },
  expected: (request, bytes) => {
    const before = beforeUseCase('GET', request, bytes);
    if (!('value' in before)) return before;
    const id = rowIdOf(request.classId!)!;
    if (!roleIn(signedIn(request.who).id, id)) return NOT_FOUND;
    const own = model.get(id)!;
    return {
      status: 200,
      accept: (answer, label) => {
        const list = classAssignmentsSchema.parse(answer).assignments;
        expect(
          list.map((a) => a.id),
          label,
        ).toEqual(assignmentIds(own));
        const active = activeIn(own).sort();
        for (const item of list) expect(item.pupils.map((p) => p.userId).sort(), label).toEqual(active);
        expect(JSON.stringify(answer), label).not.toMatch(EMAIL);
      },
    };
  },
};

const today = new Date();
const dayFrom = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);

const assignmentBodies = (random: Random, classId: string): BodyMix => ({
  object: () => {
    const own = model.get(Number(classId)) ?? model.get(pick(random, core))!;
    const subject = chance(random, 0.85) ? pick(random, own.subjects) : pick(random, [...topicsOf.keys()]);
    const topics = topicsOf.get(subject) ?? [];
    const checks = checksOf.get(subject) ?? [];
    // Now and then a topic or check of another subject.
    const topic =
      topics.length && chance(random, 0.85) ? pick(random, topics) : pick(random, [...topicsOf.values()].flat());
    const check =
      checks.length && chance(random, 0.85) ? pick(random, checks) : pick(random, [...checksOf.values()].flat());
    const rowBad = [0, -1, 1.5, '1', MAX_ROW_ID + 1, null, true, 2_000_000_000];
    const kind = fieldValue(
      random,
      { good: ['cards', 'check', 'keep_ready'], bad: ['Cards', 'toets', '', ' check'], junk: junkValue },
      [0.92, 0.97, 0.99],
    );
    // Each kind's own fields mostly there, the others mostly left out.
    const needs = (yes: boolean) => (yes ? ([0.85, 0.93, 0.96] as const) : ([0.1, 0.14, 0.16] as const));
    const body: Record<string, unknown> = {
      subjectId: fieldValue(
        random,
        { good: [subject], bad: [...rowBad, pick(random, otherSubjects)], junk: junkValue },
        [0.9, 0.97, 0.99],
      ),
      kind,
      topicId: fieldValue(random, { good: [topic], bad: rowBad, junk: junkValue }, needs(kind !== 'check')),
      testId: fieldValue(random, { good: [check], bad: rowBad, junk: junkValue }, needs(kind === 'check')),
      dueOn: fieldValue(
        random,
        {
          good: [dayFrom(0), dayFrom(1), dayFrom(30), dayFrom(380)],
          bad: [
            dayFrom(-1),
            dayFrom(420),
            '2027-02-30',
            '15-01-2027',
            '',
            '2027-1-5',
            `${dayFrom(3)}T00:00:00Z`,
            20270115,
          ],
          junk: junkValue,
        },
        needs(kind !== 'keep_ready'),
      ),
      targetRecall: fieldValue(
        random,
        { good: [0.5, 0.75, 0.9, 0.95], bad: [0.49, 0.96, 1, 75, '0.8', null], junk: junkValue },
        kind === 'keep_ready' ? [0.5, 0.58, 0.6] : [0.05, 0.08, 0.1],
      ),
    };
    if (chance(random, 0.04)) body[pick(random, ['classId', 'x', 'title', 'status'])] = junkValue(random);
    return body;
  },
  values: [junkValue, () => [], () => null, () => 'keep_ready', () => ({ kind: 'x'.repeat(20_000) })],
  notJson: ['{"kind":', '{"kind":"cards",}'],
  asText: ['{"kind":"cards"}', 'kind=cards'],
  shares: [0.85, 0.9, 0.95, 0.98],
});

const giveAssignment: Endpoint = {
  method: 'POST',
  name: 'POST /classes/{id}/assignments',
  generate: (random) => {
    const classId = classIdText(random);
    return {
      who: pickWho(random, {
        owner: 55,
        co: 15,
        stranger: 8,
        member: 4,
        outsider: 3,
        parent: 3,
        loner: 2,
        anonymous: 5,
        forged: 5,
      }),
      origin: pickOrigin(random),
      path: `/classes/${segment(classId)}/assignments`,
      sent: generateBody(random, assignmentBodies(random, classId)),
      classId,
    };
  },
  expected: (request, bytes) => {
    const before = beforeUseCase('POST', request, bytes, schemaCheck(assignmentCreateSchema));
    if (!('value' in before)) return before;
    const input = assignmentCreateSchema.parse(before.value);
    const caller = signedIn(request.who);
    const id = rowIdOf(request.classId!)!;
    if (!roleIn(caller.id, id)) return NOT_FOUND;
    const own = model.get(id)!;
    if (own.archived) return ARCHIVED;
    if (!own.subjects.includes(input.subjectId)) return refusal(400, CLASS_MESSAGES.ASSIGNMENT_SUBJECT, 'subjectId');
    if (input.kind === 'check') {
      if (!checksOf.get(input.subjectId)!.includes(input.testId!))
        return refusal(400, CLASS_MESSAGES.ASSIGNMENT_CHECK, 'testId');
    } else if (!topicsOf.get(input.subjectId)!.includes(input.topicId!)) {
      return refusal(400, CLASS_MESSAGES.ASSIGNMENT_TOPIC, 'topicId');
    }
    const dueOn = input.kind === 'keep_ready' ? null : input.dueOn!;
    return {
      status: 201,
      accept: (answer, label) => {
        const { assignment, message } = assignmentCreatedSchema.parse(answer);
        expect(assignment, label).toMatchObject({
          kind: input.kind,
          subject: { id: input.subjectId },
          dueOn,
          targetRecall: input.kind === 'keep_ready' ? (input.targetRecall ?? CLASS_LIMITS.keepReadyTarget) : null,
          teacher: displayName(names.get(caller.id)!),
        });
        expect(message, label).toBe(CLASS_MESSAGES.ASSIGNMENT_CREATED(assignment.title));
        const active = activeIn(own);
        expect(assignment.pupils.map((p) => p.userId).sort(), label).toEqual(active.sort());
        expect(assignment.counts.not_started, label).toBe(active.length);
        expect(JSON.stringify(answer), label).not.toMatch(EMAIL);
        own.assignments.set(assignment.id, dueOn);
      },
    };
  },
};

const deleteAssignment: Endpoint = {
  method: 'DELETE',
  name: 'DELETE /classes/{id}/assignments/{assignmentId}',
  generate: (random) => {
    const classId = classIdText(random);
    const own = model.get(Number(classId));
    const all = [...model.values()].flatMap((c) => [...c.assignments.keys()]);
    const assignmentId = idText(
      random,
      own?.assignments.size && chance(random, 0.75) ? [...own.assignments.keys()] : all,
    );
    return {
      who: pickWho(random, {
        owner: 55,
        co: 15,
        stranger: 8,
        member: 4,
        outsider: 3,
        parent: 3,
        loner: 2,
        anonymous: 5,
        forged: 5,
      }),
      origin: pickOrigin(random),
      path: `/classes/${segment(classId)}/assignments/${segment(assignmentId)}`,
      sent: generateBody(random, NO_BODY),
      classId,
      assignmentId: assignmentId.toWellFormed(),
    };
  },
  expected: (request, bytes) => {
    const before = beforeUseCase('DELETE', request, bytes);
    if (!('value' in before)) return before;
    const id = rowIdOf(request.classId!)!;
    if (!roleIn(signedIn(request.who).id, id)) return NOT_FOUND;
    const own = model.get(id)!;
    if (own.archived) return ARCHIVED;
    const assignmentId = rowIdOf(request.assignmentId!)!;
    if (!own.assignments.has(assignmentId)) return refusal(404, CLASS_MESSAGES.ASSIGNMENT_NOT_FOUND);
    return {
      status: 200,
      accept: (answer, label) => {
        expect(answer, label).toEqual({ message: CLASS_MESSAGES.ASSIGNMENT_DELETED });
        own.assignments.delete(assignmentId);
      },
    };
  },
};

// GET /users/me/assignments -------------------------------------------------------------------------------

const mine: Endpoint = {
  method: 'GET',
  name: 'GET /users/me/assignments',
  generate: (random) => ({
    who: pickWho(random, { member: 40, outsider: 25, owner: 8, co: 4, parent: 8, loner: 5, anonymous: 5, forged: 5 }),
    origin: ORIGIN,
    path: `/users/me/assignments${junkQuery(random)}`,
    sent: NO_SENT,
  }),
  expected: (request, bytes) => {
    const before = beforeUseCase('GET', request, bytes);
    if (!('value' in before)) return before;
    const me = signedIn(request.who).id;
    // The open ones (nobody here made a check or read a card: none is done) of the classes the caller is in,
    // soonest due first, keep-ready ones last.
    const open = [...model.values()]
      .filter((own) => !own.archived && own.members.get(me) === 'active')
      .flatMap((own) => [...own.assignments].map(([id, dueOn]) => ({ id, dueOn })))
      .sort((a, b) =>
        a.dueOn === b.dueOn ? a.id - b.id : a.dueOn === null ? 1 : b.dueOn === null ? -1 : a.dueOn < b.dueOn ? -1 : 1,
      );
    return {
      status: 200,
      accept: (answer, label) => {
        const list = myAssignmentsSchema.parse(answer).assignments;
        expect(
          list.map((a) => a.id),
          label,
        ).toEqual(open.map((a) => a.id));
        for (const item of list) expect(item.status, label).toBe('not_started');
      },
    };
  },
};

// The parents: GET, POST and DELETE /users/me/parents -----------------------------------------------------

/** The caller's open links, oldest first. */
const openLinksOf = (pupil: string) =>
  links.filter((link) => link.pupil === pupil && link.status !== 'ended').sort((a, b) => a.id - b.id);

const listParents: Endpoint = {
  method: 'GET',
  name: 'GET /users/me/parents',
  generate: (random) => ({
    who: pickWho(random, {
      member: 35,
      outsider: 20,
      parent: 10,
      loner: 10,
      owner: 10,
      co: 5,
      anonymous: 5,
      forged: 5,
    }),
    origin: ORIGIN,
    path: `/users/me/parents${junkQuery(random)}`,
    sent: NO_SENT,
  }),
  expected: (request, bytes) => {
    const before = beforeUseCase('GET', request, bytes);
    if (!('value' in before)) return before;
    const open = openLinksOf(signedIn(request.who).id);
    return {
      status: 200,
      accept: (answer, label) => {
        const { parents } = parentLinksSchema.parse(answer);
        expect(
          parents.map((p) => [p.id, p.email, p.status, p.parentName]),
          label,
        ).toEqual(
          open.map((link) => [
            link.id,
            link.email,
            link.status,
            link.parent === null ? null : firstName(names.get(link.parent)!),
          ]),
        );
        expect(
          parents.map((p) => p.sharesGrades),
          label,
        ).toEqual(open.map((link) => link.status === 'active' && link.shares));
      },
    };
  },
};

/** The addresses pupils invite: a few parents (some with an account), the callers' own. */
const PARENT_ADDRESSES = Array.from({ length: 10 }, (_, i) => `ouder${i}.fuzz@example.nl`);

const inviteBodies = (random: Random): BodyMix => ({
  object: () => {
    const address = pick(random, [...PARENT_ADDRESSES, ...Object.values(callers).map((c) => c.email)]);
    const body: Record<string, unknown> = {
      email: fieldValue(
        random,
        {
          good: [address, address.toUpperCase(), ` ${address} `, `${randomUUID()}@example.nl`],
          bad: [
            '',
            ' ',
            'geen-email',
            'a@',
            '@example.nl',
            `${'x'.repeat(250)}@example.nl`,
            'a b@example.nl',
            '\u0000',
          ],
          junk: junkValue,
        },
        [0.8, 0.92, 0.98],
      ),
      under16: fieldValue(
        random,
        { good: [true, false], bad: ['ja', 1, null, 'true'], junk: junkValue },
        [0.4, 0.46, 0.48],
      ),
    };
    if (chance(random, 0.05)) body[pick(random, ['pupil', 'x', 'status'])] = junkValue(random);
    return body;
  },
  values: [junkValue, () => [], () => null, () => PARENT_ADDRESSES[0]!, () => ({ email: 'x'.repeat(20_000) })],
  notJson: ['{"email":', `{"email":"${PARENT_ADDRESSES[0]}"`],
  asText: [`{"email":"${PARENT_ADDRESSES[0]}"}`, `email=${PARENT_ADDRESSES[0]}`],
  shares: [0.85, 0.9, 0.95, 0.98],
});

/** The token in the newest invitation mailed to `to`. */
function tokenMailedTo(to: string): string {
  const mail = queued.filter((job) => job.name === 'send-mail' && (job.payload as { to: string }).to === to).at(-1)
    ?.payload as { text: string } | undefined;
  const token = /\/ouder\/uitnodiging\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${to}`);
  return token;
}

const inviteParent: Endpoint = {
  method: 'POST',
  name: 'POST /users/me/parents',
  generate: (random) => ({
    who: pickWho(random, { member: 40, outsider: 30, parent: 5, owner: 8, loner: 5, anonymous: 5, forged: 5 }),
    origin: pickOrigin(random),
    path: '/users/me/parents',
    sent: generateBody(random, inviteBodies(random)),
  }),
  expected: (request, bytes) => {
    const before = beforeUseCase('POST', request, bytes, schemaCheck(parentInviteSchema));
    if (!('value' in before)) return before;
    const input = parentInviteSchema.parse(before.value);
    const caller = signedIn(request.who);
    const email = input.email.trim().toLowerCase();
    if (email === caller.email.toLowerCase()) return refusal(400, GUARDIAN_MESSAGES.OWN_EMAIL, 'email');
    const open = openLinksOf(caller.id);
    if (open.some((link) => link.email === email)) return refusal(409, GUARDIAN_MESSAGES.ALREADY_INVITED, 'email');
    if (open.length >= 4) return refusal(409, GUARDIAN_MESSAGES.TOO_MANY);
    const limit = limited(PARENT_INVITES, tries.invite, caller.id);
    if (limit) return { ...limit, fields: ['email'] };
    return {
      status: 201,
      accept: (answer, label) => {
        const { parent, message } = parentInvitedSchema.parse(answer);
        expect(parent, label).toMatchObject({ email, status: 'invited', parentName: null });
        expect(message, label).toBe(GUARDIAN_MESSAGES.INVITED(email));
        links.push({
          id: parent.id,
          pupil: caller.id,
          email,
          status: 'invited',
          parent: null,
          token: tokenMailedTo(email),
          under16: input.under16 === true,
          shares: false,
          accepted: 0,
        });
      },
    };
  },
};

const endLink: Endpoint = {
  method: 'DELETE',
  name: 'DELETE /users/me/parents/{id}',
  generate: (random) => {
    const who = pickWho(random, { member: 40, outsider: 30, parent: 8, owner: 5, loner: 5, anonymous: 5, forged: 5 });
    const own = who in callers ? openLinksOf(callers[who as CallerName].id).map((l) => l.id) : [];
    const linkId = idText(random, own.length && chance(random, 0.7) ? own : links.map((l) => l.id));
    return {
      who,
      origin: pickOrigin(random),
      path: `/users/me/parents/${segment(linkId)}`,
      sent: generateBody(random, NO_BODY),
      linkId: linkId.toWellFormed(),
    };
  },
  expected: (request, bytes) => {
    const before = beforeUseCase('DELETE', request, bytes);
    if (!('value' in before)) return before;
    const id = Number(request.linkId);
    const link = openLinksOf(signedIn(request.who).id).find((l) => l.id === id);
    if (!link) return refusal(404, GUARDIAN_MESSAGES.NOT_FOUND);
    return {
      status: 200,
      accept: (answer, label) => {
        expect(answer, label).toEqual({ message: GUARDIAN_MESSAGES.ENDED });
        link.status = 'ended';
      },
    };
  },
};

// The children: GET and POST /users/me/children ------------------------------------------------------------

const listChildren: Endpoint = {
  method: 'GET',
  name: 'GET /users/me/children',
  generate: (random) => ({
    who: pickWho(random, { parent: 30, loner: 20, member: 12, outsider: 8, owner: 10, co: 5, anonymous: 7, forged: 7 }),
    origin: ORIGIN,
    path: `/users/me/children${junkQuery(random)}`,
    sent: NO_SENT,
  }),
  expected: (request, bytes) => {
    const before = beforeUseCase('GET', request, bytes);
    if (!('value' in before)) return before;
    const me = signedIn(request.who).id;
    const followed = links
      .filter((link) => link.parent === me && link.status === 'active')
      .sort((a, b) => a.accepted - b.accepted);
    return {
      status: 200,
      accept: (answer, label) => {
        const view = childrenSchema.parse(answer);
        expect(
          view.children.map((c) => c.name),
          label,
        ).toEqual(followed.map((link) => firstName(names.get(link.pupil)!)));
        // A child's grades page only when the child shares it with this parent.
        expect(
          view.children.map((c) => [c.gradesShared, c.grades !== null]),
          label,
        ).toEqual(followed.map((link) => [link.shares, link.shares && withLevel.has(link.pupil)]));
        expect(view.digest, label).toBe(followed.length > 0);
        expect(JSON.stringify(answer), label).not.toMatch(EMAIL);
      },
    };
  },
};

const acceptBodies = (random: Random): BodyMix => ({
  object: () => {
    const invited = links.filter((link) => link.status === 'invited');
    const token =
      invited.length && chance(random, 0.7)
        ? pick(random, invited).token
        : links.length
          ? pick(random, links).token
          : 'x';
    const body: Record<string, unknown> = {
      token: fieldValue(
        random,
        {
          good: [token],
          bad: ['', `${token}x`, token.slice(1), token.toUpperCase(), ` ${token}`, 'x'.repeat(65), '\u0000'],
          junk: junkValue,
        },
        [0.75, 0.92, 0.98],
      ),
      consent: fieldValue(
        random,
        { good: [true, false], bad: ['on', 1, null, 'ja'], junk: junkValue },
        [0.5, 0.56, 0.58],
      ),
    };
    if (chance(random, 0.05)) body[pick(random, ['pupil', 'x', 'email'])] = junkValue(random);
    return body;
  },
  values: [junkValue, () => [], () => null, () => 'token', () => ({ token: 'x'.repeat(20_000) })],
  notJson: ['{"token":', '{"token":"x",}'],
  asText: ['{"token":"x"}', 'token=x'],
  shares: [0.85, 0.9, 0.95, 0.98],
});

const acceptInvitation: Endpoint = {
  method: 'POST',
  name: 'POST /users/me/children',
  generate: (random) => ({
    who: pickWho(random, { parent: 25, loner: 25, owner: 10, co: 5, member: 12, outsider: 8, anonymous: 5, forged: 5 }),
    origin: pickOrigin(random),
    path: '/users/me/children',
    sent: generateBody(random, acceptBodies(random)),
  }),
  expected: (request, bytes) => {
    const before = beforeUseCase('POST', request, bytes, schemaCheck(acceptInvitationSchema));
    if (!('value' in before)) return before;
    const { token, consent } = acceptInvitationSchema.parse(before.value);
    const caller = signedIn(request.who);
    const link = links.find((l) => l.status === 'invited' && l.token === token);
    if (!link) return refusal(404, GUARDIAN_MESSAGES.INVITATION_UNKNOWN);
    if (link.pupil === caller.id) return refusal(409, GUARDIAN_MESSAGES.INVITATION_OWN);
    if (link.under16 && !consent) return refusal(400, GUARDIAN_MESSAGES.CONSENT, 'consent');
    return {
      status: 200,
      accept: (answer, label) => {
        expect(answer, label).toEqual({ message: GUARDIAN_MESSAGES.ACCEPTED(firstName(names.get(link.pupil)!)) });
        link.status = 'active';
        link.parent = caller.id;
        acceptedCount += 1;
        link.accepted = acceptedCount;
      },
    };
  },
};

// The grade shares: PUT /users/me/classes/{id}/grade-share and PUT /users/me/parents/{id}/grade-share -------

/** A share's bodies: `share` true or false mostly, else the wrong type or junk; no body, no JSON, text. */
const shareBodies = (random: Random): BodyMix => ({
  object: () => {
    const body: Record<string, unknown> = {
      share: fieldValue(
        random,
        { good: [true, false], bad: ['true', 'ja', 'on', 1, 0, null, [], {}], junk: junkValue },
        [0.8, 0.94, 0.98],
      ),
    };
    // A key of no field is left alone (the schema reads `share` only).
    if (chance(random, 0.05)) body[pick(random, ['classId', 'x', 'userId'])] = junkValue(random);
    return body;
  },
  values: [junkValue, () => [], () => null, () => true, () => 'share', () => ({ share: 'x'.repeat(20_000) })],
  notJson: ['{"share":', '{"share":tru}'],
  asText: ['{"share":true}', 'share=true'],
  shares: [0.85, 0.9, 0.95, 0.98],
});

const shareWithClass: Endpoint = {
  method: 'PUT',
  name: 'PUT /users/me/classes/{id}/grade-share',
  generate: (random) => {
    const classId = classIdText(random);
    return {
      who: pickWho(random, {
        member: 40,
        outsider: 20,
        owner: 8,
        co: 5,
        stranger: 5,
        parent: 5,
        loner: 5,
        anonymous: 6,
        forged: 6,
      }),
      origin: pickOrigin(random),
      path: `/users/me/classes/${segment(classId)}/grade-share`,
      sent: generateBody(random, shareBodies(random)),
      classId,
    };
  },
  expected: (request, bytes) => {
    const before = beforeUseCase('PUT', request, bytes, schemaCheck(gradeShareSchema));
    if (!('value' in before)) return before;
    const { share } = gradeShareSchema.parse(before.value);
    const me = signedIn(request.who).id;
    const own = model.get(rowIdOf(request.classId!)!);
    // Only a pupil in the class: its teachers, a waiting or removed pupil and strangers get its not found.
    if (!own || own.teachers.has(me) || own.members.get(me) !== 'active') return NOT_FOUND;
    if (own.archived) return ARCHIVED;
    return {
      status: 200,
      accept: (answer, label) => {
        expect(answer, label).toEqual({
          share,
          message: share ? CLASS_MESSAGES.GRADES_SHARED(own.name) : CLASS_MESSAGES.GRADES_UNSHARED(own.name),
        });
        if (share) own.shares.add(me);
        else own.shares.delete(me);
      },
    };
  },
};

const shareWithParent: Endpoint = {
  method: 'PUT',
  name: 'PUT /users/me/parents/{id}/grade-share',
  generate: (random) => {
    const who = pickWho(random, { member: 40, outsider: 25, parent: 8, owner: 5, loner: 5, anonymous: 6, forged: 6 });
    const own = who in callers ? openLinksOf(callers[who as CallerName].id).map((l) => l.id) : [];
    const linkId = idText(random, own.length && chance(random, 0.75) ? own : links.map((l) => l.id));
    return {
      who,
      origin: pickOrigin(random),
      path: `/users/me/parents/${segment(linkId)}/grade-share`,
      sent: generateBody(random, shareBodies(random)),
      linkId: linkId.toWellFormed(),
    };
  },
  expected: (request, bytes) => {
    const before = beforeUseCase('PUT', request, bytes, schemaCheck(parentGradeShareSchema));
    if (!('value' in before)) return before;
    const { share } = parentGradeShareSchema.parse(before.value);
    const id = Number(request.linkId);
    const link = openLinksOf(signedIn(request.who).id).find((l) => l.id === id);
    if (!link) return refusal(404, GUARDIAN_MESSAGES.NOT_FOUND);
    // An invitation nobody accepted yet: the pupil shares once they know who follows them.
    if (link.status !== 'active') return refusal(409, GUARDIAN_MESSAGES.NOT_ACCEPTED);
    const name = firstName(names.get(link.parent!)!);
    return {
      status: 200,
      accept: (answer, label) => {
        expect(answer, label).toEqual({
          share,
          message: share ? GUARDIAN_MESSAGES.GRADES_SHARED(name) : GUARDIAN_MESSAGES.GRADES_UNSHARED(name),
        });
        link.shares = share;
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
    await want.accept!(answer, label);
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
  expect(isDutch(error.message), `${label}: ${error.message}`).toBe(true);
  expect(text, label).not.toMatch(STACK_TRACE);
  if (want.error) expect(error.error, label).toBe(want.error);
  if (want.message) expect(error.message, label).toBe(want.message);
  if (want.fieldErrors) expect(error.fieldErrors, label).toEqual(want.fieldErrors);
  if (want.fields) {
    for (const field of want.fields) expect(error.fieldErrors?.[field], `${label}: ${field}`).toEqual([error.message]);
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
    // The jobs queued in memory: only the newest invitations' mails are read.
    if (queued.length > 200) queued.splice(0, queued.length - 50);
  }
  expect(rt.reported.slice(reported)).toEqual([]);
  return statuses;
}

/** That every status of `expected` was seen, and at least `successes` successes. */
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

/** Brings the model up to date with what is stored: classes, teachers, members, licences and seats, codes. */
async function loadModel() {
  const { db } = rt.database;
  for (const row of await db.select().from(classes).orderBy(classes.id)) {
    model.set(row.id, {
      id: row.id,
      name: row.name,
      archived: row.schoolYear < SCHOOL_YEAR,
      examYear: row.examYear,
      subjects: [],
      teachers: new Map(),
      members: new Map(),
      licenses: [],
      assignments: new Map(),
      shares: new Set(),
    });
  }
  for (const row of await db.select().from(classTeachers)) {
    model.get(row.classId)!.teachers.set(row.userId, row.role as 'owner' | 'co');
  }
  for (const row of await db.select().from(classMembers)) {
    model.get(row.classId)!.members.set(row.userId, row.status as Status);
    if (row.sharesGrades) model.get(row.classId)!.shares.add(row.userId);
  }
  const held = await db
    .select({ license: classSeats.classLicenseId, userId: classSeats.userId })
    .from(classSeats)
    .where(isNull(classSeats.freedAt));
  const licenseRows = await db
    .select()
    .from(classLicenses)
    .orderBy(asc(classLicenses.redeemedAt), asc(classLicenses.id));
  for (const row of licenseRows) {
    model.get(row.classId)!.licenses.push({
      code: row.code,
      seats: row.seats,
      holders: new Set(held.filter((h) => h.license === row.id).map((h) => h.userId)),
    });
  }
  for (const row of await db.select().from(assignments)) model.get(row.classId)!.assignments.set(row.id, row.dueOn);
  // The subjects in the order the class's views list them.
  for (const [id, own] of model) {
    const teacher = [...own.teachers].find(([, role]) => role === 'owner')![0];
    const caller = Object.values(callers).find((c) => c.id === teacher)!;
    own.subjects = classDetailSchema
      .parse(await answered(await call(caller, 'GET', `/classes/${id}`)))
      .class.subjects.map((s) => s.id);
  }
  for (const row of await db.select().from(licenseCodes)) {
    codes.set(row.code, {
      seats: row.seats,
      subjectId: row.subjectId,
      examYear: row.examYear,
      redeemed: row.redeemedAt !== null,
    });
    const compact = row.code.toUpperCase().replace(/[^A-Z0-9]/g, '');
    expect(compactCodes.has(compact), `two codes of the letters ${compact}`).toBe(false);
    compactCodes.set(compact, row.code);
  }
  storedCodes = [...codes.keys()].sort();
  fuzzCodes = storedCodes.filter((code) => code.startsWith('SB-KLAS-FUZZ-'));
  for (const row of await db.select({ id: users.id, name: users.name }).from(users)) names.set(row.id, row.name);
}

beforeAll(async () => {
  rt = await createTestRuntime({
    env: { TRUST_PROXY: '1', CONTENT_CACHE_SECONDS: '3600', RATE_LIMIT_STORE: 'memory' },
  });
  const { db } = rt.database;
  const mails = recordMails(rt);
  const roles: Record<CallerName, 'pupil' | 'teacher'> = {
    owner: 'teacher',
    co: 'teacher',
    stranger: 'teacher',
    member: 'pupil',
    outsider: 'pupil',
    parent: 'pupil',
    loner: 'pupil',
  };
  const fullNames: Record<CallerName, string> = {
    owner: 'Marieke Jansen',
    co: 'Pieter de Boer',
    stranger: 'Femke Visser',
    member: 'Daan van den Berg',
    outsider: 'Noor El Amrani',
    parent: 'Petra van den Berg',
    loner: 'Karin Smit',
  };
  for (const [name, role] of Object.entries(roles) as [CallerName, 'pupil' | 'teacher'][]) {
    const email = `${name}.meer.fuzz@example.nl`;
    callers[name] = { ...(await newUser(rt, mails, email)), email };
    await db.update(users).set({ name: fullNames[name] }).where(eq(users.id, callers[name].id));
    if (role === 'teacher')
      expect((await call(callers[name], 'PATCH', '/users/me', { educationRole: 'teacher' })).status).toBe(200);
  }
  // The member has an exam level: a grades page, which a share shows (the others have none: a share shows null).
  expect((await call(callers.member, 'PATCH', '/users/me/levels', { levels: ['havo'] })).status).toBe(200);
  withLevel.add(callers.member.id);
  // From here the services' jobs are kept in memory: the invitations' mails are read from them.
  queued = queueJobsInMemory(rt);

  const wiskunde = await subjectIdOf(db, 'wiskunde-b');
  const biologie = await subjectIdOf(db, 'biologie');
  const economie = await subjectIdOf(db, 'economie');
  otherSubjects = [await subjectIdOf(db, 'wiskunde-b', 'vwo'), await subjectIdOf(db, 'nederlands', 'havo')];
  for (const subject of [wiskunde, biologie, economie, ...otherSubjects]) {
    topicsOf.set(
      subject,
      ((await subjectContent(rt.services, subject))?.topics ?? []).map((t) => t.id),
    );
    checksOf.set(
      subject,
      (await subjectChecks(rt.services, subject)).map((c) => c.id),
    );
  }
  for (const row of await db.select({ id: subjects.id, name: subjects.name }).from(subjects))
    subjectNames.set(row.id, row.name);

  const examYear = examYearRange(new Date()).min;
  const newClass = async (caller: Caller, name: string, subjectIds: number[]) =>
    classCreatedSchema.parse(
      await answered(
        await call(caller, 'POST', '/classes', {
          schoolName: 'Fuzz College',
          name,
          level: 'havo',
          examYear,
          schoolYear: SCHOOL_YEAR,
          subjectIds,
        }),
        201,
      ),
    ).class;
  // A: the owner's, shared with the co-teacher; Z: archived; S: another teacher's.
  const a = await newClass(callers.owner, 'A', [wiskunde, biologie]);
  const archived = await newClass(callers.owner, 'Z', [wiskunde]);
  const other = await newClass(callers.stranger, 'S', [economie]);
  await answered(await call(callers.owner, 'POST', `/classes/${a.id}/teachers`, { email: callers.co.email }));
  await answered(await call(callers.member, 'POST', '/users/me/classes/join', { code: a.joinCode }), 201);
  await answered(await call(callers.member, 'POST', '/users/me/classes/join', { code: archived.joinCode }), 201);
  await answered(await call(callers.outsider, 'POST', '/users/me/classes/join', { code: other.joinCode }), 201);
  const pupilNames = ['Bram Vos', 'Iris Kok', 'Finn Bos', 'Sara Mol', 'Luuk Dijk', 'Eva Post', 'Tim Hoek', 'Mila Wit'];
  for (let i = 0; i < 14; i += 1) {
    const id = randomUUID();
    await db
      .insert(users)
      .values({ id, name: pupilNames[i % pupilNames.length]!, email: `leerling${i}.meer@example.nl` });
    storedIds.push(id);
  }
  const p = storedIds;
  // Pupils in A: each in the class when its first licence is redeemed (a seat each), then some taken out.
  await db
    .insert(classMembers)
    .values([
      ...p.slice(0, 10).map((userId) => ({ classId: a.id, userId, status: 'active' })),
      ...[0, 1, 2].map((i) => ({ classId: archived.id, userId: p[i]!, status: 'active' })),
      ...[10, 11].map((i) => ({ classId: other.id, userId: p[i]!, status: 'active' })),
    ]);

  // Class licence codes: of each class's subject and others, for this exam year or another, few or many seats.
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  const fuzzCodes = Array.from({ length: 48 }, (_, i) => ({
    code: `SB-KLAS-FUZZ-${i}`,
    productId: product!.id,
    subjectId: [wiskunde, biologie, economie, otherSubjects[0]!][i % 4]!,
    seats: [1, 3, 20][i % 3]!,
    examYear: [null, examYear, examYear + 1][Math.floor(i / 4) % 3]!,
  }));
  await insertClassLicenseCodes(db, [
    ...fuzzCodes,
    { code: 'SB-SEED-A', productId: product!.id, subjectId: wiskunde, seats: 30, examYear: null },
    { code: 'SB-SEED-Z', productId: product!.id, subjectId: wiskunde, seats: 30, examYear: null },
    { code: 'SB-SEED-S', productId: product!.id, subjectId: economie, seats: 30, examYear: null },
  ]);
  await answered(await call(callers.owner, 'POST', `/classes/${a.id}/licenses`, { code: 'SB-SEED-A' }));
  await answered(await call(callers.owner, 'POST', `/classes/${archived.id}/licenses`, { code: 'SB-SEED-Z' }));
  await answered(await call(callers.stranger, 'POST', `/classes/${other.id}/licenses`, { code: 'SB-SEED-S' }));
  // Taken out while holding a seat: A's p0–p5, Z's p2, S's p11.
  for (const [classId, userId] of [...p.slice(0, 6).map((id) => [a.id, id] as const), [other.id, p[11]!] as const]) {
    await answered(
      await call(
        classId === a.id ? callers.owner : callers.stranger,
        'DELETE',
        `/classes/${classId}/members/${userId}`,
      ),
    );
  }
  await db.insert(classMembers).values([
    { classId: a.id, userId: p[12]!, status: 'pending' },
    { classId: a.id, userId: p[13]!, status: 'pending' },
  ]);
  // An assignment of each class, the archived one's given before its school year ended.
  const dueOn = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  for (const [caller, classId, subjectId] of [
    [callers.owner, a.id, wiskunde],
    [callers.owner, archived.id, wiskunde],
    [callers.stranger, other.id, economie],
  ] as const) {
    await answered(
      await call(caller, 'POST', `/classes/${classId}/assignments`, {
        subjectId,
        kind: 'cards',
        topicId: topicsOf.get(subjectId)![0],
        dueOn,
      }),
      201,
    );
  }
  await db
    .update(classes)
    .set({ schoolYear: SCHOOL_YEAR - 1 })
    .where(eq(classes.id, archived.id));
  core.push(a.id, archived.id, other.id);
  await loadModel();
  // A seat for each of the ten pupils and the member.
  expect(model.get(a.id)!.licenses[0]!.holders.size).toBe(11);
  for (const caller of Object.values(callers)) {
    await rt.deps.rateLimit!.reset(LICENSE_ATTEMPTS, caller.id);
    await rt.deps.rateLimit!.reset(PARENT_INVITES, caller.id);
  }
}, 180_000);

afterAll(async () => {
  await rt?.close();
});

// --- The fuzz ---------------------------------------------------------------------------------------------

describe(`the later classes endpoints and the parents’ under ${RUNS} generated requests each: the answer the model says, never 5xx`, () => {
  it('GET /classes/{id}/dashboard', { timeout: 120_000 }, async () => {
    const statuses = await fuzz([dashboard], 31_101);
    expectSeen(statuses.get(dashboard.name)!, [200, 400, 401, 404], RUNS / 10);
  });

  it(
    'GET /classes/{id}/members/{userId}/summary and GET /users/me/classes/{id}/teacher-view',
    { timeout: 180_000 },
    async () => {
      const statuses = await fuzz([summary, teacherView], 31_102);
      expectSeen(statuses.get(summary.name)!, [200, 400, 401, 404], RUNS / 20);
      expectSeen(statuses.get(teacherView.name)!, [200, 400, 401, 404], RUNS / 20);
    },
  );

  it(
    'POST /classes/{id}/licenses and DELETE /classes/{id}/members/{userId}/seat, taking turns',
    { timeout: 180_000 },
    async () => {
      const statuses = await fuzz([redeem, freeSeat], 31_103);
      expectSeen(statuses.get(redeem.name)!, [200, 400, 401, 403, 404, 409, 413, 415, 429], scaled(5));
      expectSeen(statuses.get(freeSeat.name)!, [200, 400, 401, 403, 404, 409, 413, 415], scaled(5));
    },
  );

  it(
    'GET, POST and DELETE of a class’s assignments, and GET /users/me/assignments, taking turns',
    { timeout: 240_000 },
    async () => {
      const statuses = await fuzz([giveAssignment, listAssignments, mine, deleteAssignment], 31_104);
      expectSeen(statuses.get(giveAssignment.name)!, [201, 400, 401, 403, 404, 409, 413, 415], scaled(30));
      expectSeen(statuses.get(listAssignments.name)!, [200, 400, 401, 404], RUNS / 5);
      expectSeen(statuses.get(mine.name)!, [200, 401], RUNS / 2);
      expectSeen(statuses.get(deleteAssignment.name)!, [200, 400, 401, 403, 404, 409, 413, 415], scaled(20));
    },
  );

  it(
    'the parents and children: GET, POST and DELETE /users/me/parents, GET and POST /users/me/children, taking turns',
    { timeout: 240_000 },
    async () => {
      const statuses = await fuzz([inviteParent, acceptInvitation, endLink, listParents, listChildren], 31_105);
      expectSeen(statuses.get(inviteParent.name)!, [201, 400, 401, 403, 409, 413, 415, 429], scaled(30));
      expectSeen(statuses.get(acceptInvitation.name)!, [200, 400, 401, 403, 404, 409, 413, 415], scaled(20));
      expectSeen(statuses.get(endLink.name)!, [200, 400, 401, 403, 404, 413, 415], scaled(20));
      expectSeen(statuses.get(listParents.name)!, [200, 401], RUNS / 2);
      expectSeen(statuses.get(listChildren.name)!, [200, 401], RUNS / 2);
    },
  );

  it(
    'the grade shares: PUT …/classes/{id}/grade-share and PUT …/parents/{id}/grade-share, with the drill-down, ' +
      '"what my teacher sees", the parents and the children read between them',
    { timeout: 300_000 },
    async () => {
      // The two writes come three times in each round of twelve, the reads and the links they need once: the
      // writes get their RUNS each; the reads (each computes a pupil's whole grades page when shared), fuzzed
      // RUNS times in the blocks above, a third of that here to check what the shares show.
      const statuses = await fuzz(
        [
          shareWithClass,
          shareWithParent,
          summary,
          shareWithClass,
          shareWithParent,
          teacherView,
          inviteParent,
          acceptInvitation,
          shareWithClass,
          shareWithParent,
          listParents,
          listChildren,
        ],
        31_106,
        Math.ceil(RUNS / 3),
      );
      expectSeen(statuses.get(shareWithClass.name)!, [200, 400, 401, 403, 404, 409, 413, 415], scaled(50));
      expectSeen(statuses.get(shareWithParent.name)!, [200, 400, 401, 403, 404, 409, 413, 415], scaled(30));
      // Each pupil's grades page says which classes see it ("Wie ziet je cijfers?"): the active, unarchived
      // classes the model says they share with, and no other (a waiting pupil, a teacher, an archived class).
      for (const [who, caller] of Object.entries(callers)) {
        const sharing = [...model.values()]
          .filter((c) => !c.archived && c.members.get(caller.id) === 'active' && c.shares.has(caller.id))
          .map((c) => c.name);
        expect((await myClassesSharingGrades(rt.services, caller.id)).toSorted(), who).toEqual(sharing.toSorted());
      }
      // And one share made now shows at once, by its class's name.
      const own = [...model.values()].find((c) => !c.archived && c.members.get(callers.member.id) === 'active')!;
      await answered(
        await call(callers.member, 'PUT', `/users/me/classes/${own.id}/grade-share`, { share: true }),
        200,
      );
      own.shares.add(callers.member.id);
      expect(await myClassesSharingGrades(rt.services, callers.member.id)).toContain(own.name);
    },
  );

  it('what is stored is what the model says', async () => {
    const { db } = rt.database;
    const rows = await db.select().from(assignments);
    expect(rows.map((r) => r.id).sort((x, y) => x - y)).toEqual(
      [...model.values()].flatMap((c) => [...c.assignments.keys()]).sort((x, y) => x - y),
    );
    for (const row of await db.select().from(licenseCodes))
      expect(row.redeemedAt !== null, row.code).toBe(codes.get(row.code)!.redeemed);
    const held = await db
      .select({ classId: classLicenses.classId, code: classLicenses.code, userId: classSeats.userId })
      .from(classSeats)
      .innerJoin(classLicenses, eq(classLicenses.id, classSeats.classLicenseId))
      .where(isNull(classSeats.freedAt));
    for (const own of model.values()) {
      for (const license of own.licenses) {
        const stored = held.filter((h) => h.classId === own.id && h.code === license.code).map((h) => h.userId);
        expect(stored.sort(), license.code).toEqual([...license.holders].sort());
      }
    }
    const stored = await db.select().from(parentLinks).orderBy(parentLinks.id);
    expect(stored.map((r) => [r.id, r.userId, r.status, r.parentId, r.sharesGrades])).toEqual(
      [...links].sort((x, y) => x.id - y.id).map((l) => [l.id, l.pupil, l.status, l.parent, l.shares]),
    );
    const members = await db.select().from(classMembers);
    expect(
      members
        .filter((r) => r.sharesGrades)
        .map((r) => `${r.classId}:${r.userId}`)
        .sort(),
    ).toEqual([...model.values()].flatMap((c) => [...c.shares].map((u) => `${c.id}:${u}`)).sort());
  });
});
