/**
 * The authorization suite of the JSON API, driven by the generated OpenAPI
 * document so that a new route cannot slip past it:
 *
 * - every operation that declares `security: session` answers 401 to an
 *   anonymous caller (and to a forged cookie); an operation without a case
 *   here fails the test, so each new personal route must be added;
 * - the operations WITHOUT session security are exactly an allow-list of
 *   public routes, so a personal route that forgets its security fails too;
 * - a second user can neither read nor change the first user's data, and the
 *   owner succeeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLicenseCode } from '#server/seed/demo-data.ts';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { ownedProductsSchema, LICENSE_MESSAGES } from '#app/modules/licenses/index.ts';
import { primarySubjectsSchema } from '#app/modules/catalog/schemas/subjects.ts';
import { userSubjectsSchema } from '#app/modules/checks/schemas/subjects.ts';
import { MY_SUBJECT_MESSAGES } from '#app/modules/cards/index.ts';
import { userEnvelopeSchema } from '#app/modules/accounts/schemas/user.ts';
import { type Caller, recordMails, signedInCaller } from './accounts.ts';
import { apiClient } from './http.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

interface Operation {
  security?: Record<string, string[]>[];
}

/** Our operations anyone may call: public reads, anonymous writes with their own limits, the auth host. */
const PUBLIC_OPERATIONS = [
  'GET /v1/products',
  'GET /v1/products/{id}',
  'GET /v1/bundles',
  'GET /v1/bundles/{id}',
  'GET /v1/search',
  'POST /v1/consent',
  'POST /v1/client-errors',
  'POST /v1/contact',
  'POST /v1/newsletter',
  // A sold-out product's "mail me when it is back": an address and a product, nothing to read back.
  'POST /v1/stock-notices',
  // The shop: the cart is the browser's own (signed cookie) or the account's; an order is opened
  // by the code of its confirmation link or by its signed-in owner (tests/integration/shop.test.ts).
  'GET /v1/cart',
  'POST /v1/cart/items',
  'PATCH /v1/cart/items/{productId}',
  'DELETE /v1/cart/items/{productId}',
  'POST /v1/cart/bundles',
  'POST /v1/orders',
  'GET /v1/orders/{number}',
  'POST /v1/orders/{number}/payments',
  'POST /v1/payments/webhook',
  'POST /auth/authorize',
  'GET /auth/login',
  'GET /auth/logout',
];

/**
 * The accounts library's endpoints (Better Auth under /api/auth), when the
 * document describes them: open by nature (signing in is how a session
 * starts); where one needs a session, the library checks it (auth.test.ts).
 */
const ACCOUNTS_LIBRARY_OPERATIONS = [
  'POST /auth/sign-up/email',
  'POST /auth/sign-in/email',
  'POST /auth/sign-out',
  'GET /auth/get-session',
  'GET /auth/verify-email',
  'POST /auth/send-verification-email',
  'POST /auth/request-password-reset',
  'GET /auth/reset-password/{token}',
  'POST /auth/reset-password',
  'POST /auth/change-password',
  'POST /auth/change-email',
  // The second step of a sign-in with two-factor on: the code with the short-lived cookie (no session yet).
  'POST /auth/two-factor/verify-totp',
];

/**
 * One concrete call per operation that needs a session: its path with
 * parameters filled in and a valid body, so that only the session decides.
 * A secured operation missing here fails the suite.
 */
const SECURED_CASES: Record<string, { path: string; body?: unknown }> = {
  'GET /v1/users/me': { path: '/users/me' },
  'PATCH /v1/users/me': { path: '/users/me', body: { educationRole: 'teacher' } },
  'DELETE /v1/users/me': { path: '/users/me' },
  'PATCH /v1/users/me/levels': { path: '/users/me/levels', body: { levels: ['havo'] } },
  'GET /v1/users/me/grades': { path: '/users/me/grades' },
  'PUT /v1/users/me/grades': { path: '/users/me/grades', body: { grades: [{ subject: 'lo', assessment: 'goed' }] } },
  'POST /v1/users/me/grades/past-exams': {
    path: '/users/me/grades/past-exams',
    body: { subject: 'wiskunde-b', year: 2024, tijdvak: 1, score: 50, maxScore: 80, nTerm: '1,1' },
  },
  'DELETE /v1/users/me/grades/past-exams/{id}': { path: '/users/me/grades/past-exams/1' },
  'GET /v1/users/me/grades/ce': { path: '/users/me/grades/ce' },
  'PUT /v1/users/me/grades/ce': { path: '/users/me/grades/ce', body: { subject: 'wiskunde-b', ce: '6,4' } },
  'GET /v1/users/me/exam-date-notices': { path: '/users/me/exam-date-notices' },
  'DELETE /v1/users/me/exam-date-notices/{subjectId}': { path: '/users/me/exam-date-notices/1' },
  'GET /v1/subjects/{id}': { path: '/subjects/1' },
  'GET /v1/subjects/{level}/{profile}': { path: '/subjects/havo/NT' },
  'GET /v1/users/me/subjects': { path: '/users/me/subjects' },
  'POST /v1/users/me/subjects': { path: '/users/me/subjects', body: { ids: [1] } },
  'DELETE /v1/users/me/subjects/{id}': { path: '/users/me/subjects/1' },
  'POST /v1/users/me/subjects/{id}/trial': { path: '/users/me/subjects/1/trial' },
  'POST /v1/users/me/licenses': { path: '/users/me/licenses', body: { code: demoLicenseCode('SB-HAVO-NE-2027', 1) } },
  'GET /v1/users/me/products': { path: '/users/me/products' },
  'GET /v1/users/me/orders': { path: '/users/me/orders' },
  // The study area.
  'GET /v1/subject/{id}': { path: '/subject/1' },
  'GET /v1/subject/{id}/cards': { path: '/subject/1/cards' },
  'GET /v1/subject/{id}/tests': { path: '/subject/1/tests' },
  'GET /v1/card/{id}': { path: '/card/1' },
  'POST /v1/users/me/cards/{id}/visit': { path: '/users/me/cards/1/visit' },
  'POST /v1/users/me/cards/{id}/learn': { path: '/users/me/cards/1/learn' },
  'DELETE /v1/users/me/cards/{id}/learn': { path: '/users/me/cards/1/learn' },
  'POST /v1/users/me/cards/{id}/reviews': { path: '/users/me/cards/1/reviews', body: { rating: 'good' } },
  'GET /v1/users/me/reviews/due': { path: '/users/me/reviews/due' },
  // The study plan (issue 20; its own suite: api-plan.test.ts).
  'GET /v1/users/me/plan': { path: '/users/me/plan' },
  'PUT /v1/users/me/plan': { path: '/users/me/plan', body: { dailyMinutes: 20 } },
  'GET /v1/users/me/plan/today': { path: '/users/me/plan/today' },
  'GET /v1/users/me/plan/next': { path: '/users/me/plan/next' },
  'GET /v1/users/me/subjects/{id}/mastery': { path: '/users/me/subjects/1/mastery' },
  'DELETE /v1/users/me/subjects/{id}/plan': { path: '/users/me/subjects/1/plan' },
  'GET /v1/users/me/reviews': { path: '/users/me/reviews' },
  'GET /v1/test/{id}': { path: '/test/1' },
  'POST /v1/test/{id}': { path: '/test/1', body: { answers: [{ questionId: 1, kind: 'choice', optionId: 'a' }] } },
  'GET /v1/test/{id}/latest-attempt': { path: '/test/1/latest-attempt' },
  'GET /v1/users/me/chatbots': { path: '/users/me/chatbots' },
  'GET /v1/users/me/chatbots/{id}': { path: '/users/me/chatbots/1' },
  'POST /v1/users/me/chatbots/{id}/questions': {
    path: '/users/me/chatbots/1/questions',
    body: { question: 'toon aan' },
  },
  'GET /v1/users/me/idioms': { path: '/users/me/idioms' },
  'GET /v1/users/me/idioms/{id}': { path: '/users/me/idioms/1' },
  // Classes and parents (issue 31).
  'GET /v1/classes': { path: '/classes' },
  'POST /v1/classes': {
    path: '/classes',
    body: { schoolName: 'Demo College', name: 'H5', level: 'havo', examYear: 2028, schoolYear: 2026, subjectIds: [1] },
  },
  'GET /v1/classes/{id}': { path: '/classes/1' },
  'POST /v1/classes/{id}/code': { path: '/classes/1/code' },
  'POST /v1/classes/{id}/teachers': { path: '/classes/1/teachers', body: { email: 'collega@example.nl' } },
  'POST /v1/classes/{id}/licenses': { path: '/classes/1/licenses', body: { code: 'SB27-KLAS-HAVO-WB-0001' } },
  'DELETE /v1/classes/{id}/members/{userId}/seat': { path: '/classes/1/members/u1/seat' },
  'PATCH /v1/classes/{id}/members/{userId}': { path: '/classes/1/members/u1', body: { status: 'active' } },
  'DELETE /v1/classes/{id}/members/{userId}': { path: '/classes/1/members/u1' },
  'GET /v1/classes/{id}/dashboard': { path: '/classes/1/dashboard' },
  'GET /v1/classes/{id}/members/{userId}/summary': { path: '/classes/1/members/u1/summary' },
  'GET /v1/users/me/classes/{id}/teacher-view': { path: '/users/me/classes/1/teacher-view' },
  'GET /v1/classes/{id}/assignments': { path: '/classes/1/assignments' },
  'POST /v1/classes/{id}/assignments': {
    path: '/classes/1/assignments',
    body: { subjectId: 1, kind: 'keep_ready', topicId: 1 },
  },
  'DELETE /v1/classes/{id}/assignments/{assignmentId}': { path: '/classes/1/assignments/1' },
  'GET /v1/users/me/assignments': { path: '/users/me/assignments' },
  'GET /v1/users/me/classes': { path: '/users/me/classes' },
  'POST /v1/users/me/classes/join': { path: '/users/me/classes/join', body: { code: 'AB3K-7MQP' } },
  'DELETE /v1/users/me/classes/{id}': { path: '/users/me/classes/1' },
  'PUT /v1/users/me/classes/{id}/grade-share': { path: '/users/me/classes/1/grade-share', body: { share: true } },
  'GET /v1/users/me/parents': { path: '/users/me/parents' },
  'POST /v1/users/me/parents': { path: '/users/me/parents', body: { email: 'ouder@example.nl' } },
  'DELETE /v1/users/me/parents/{id}': { path: '/users/me/parents/1' },
  'PUT /v1/users/me/parents/{id}/grade-share': { path: '/users/me/parents/1/grade-share', body: { share: true } },
  'GET /v1/users/me/children': { path: '/users/me/children' },
  'POST /v1/users/me/children': { path: '/users/me/children', body: { token: 'abc' } },
  // The accounts library's own (paths under /api/auth).
  'POST /auth/change-password': {
    path: '/auth/change-password',
    body: { currentPassword: 'Slaag2026!', newPassword: 'Nieuw-wachtwoord1' },
  },
  'POST /auth/change-email': { path: '/auth/change-email', body: { newEmail: 'nieuw-adres@example.nl' } },
  'POST /auth/two-factor/enable': { path: '/auth/two-factor/enable', body: { password: 'Slaag2026!' } },
  // The back office: the role matrix (staff, a customer, a teacher, anonymous) is tests/integration/backoffice.test.ts.
  'GET /v1/backoffice/staff': { path: '/backoffice/staff' },
  'POST /v1/backoffice/staff/invitations': {
    path: '/backoffice/staff/invitations',
    body: { email: 'medewerker@example.nl', role: 'support' },
  },
  'POST /v1/backoffice/invitations/accept': { path: '/backoffice/invitations/accept', body: { token: 'abc' } },
  'POST /v1/backoffice/staff/{userId}/role': { path: '/backoffice/staff/u1/role', body: { role: 'finance' } },
  'POST /v1/backoffice/staff/{userId}/disable': { path: '/backoffice/staff/u1/disable' },
  'GET /v1/backoffice/audit': { path: '/backoffice/audit' },
  'GET /v1/backoffice/audit/verify': { path: '/backoffice/audit/verify' },
  'GET /v1/backoffice/dashboard': { path: '/backoffice/dashboard' },
  'GET /v1/backoffice/orders': { path: '/backoffice/orders' },
  'GET /v1/backoffice/orders.csv': { path: '/backoffice/orders.csv' },
  'GET /v1/backoffice/credit-notes.csv': { path: '/backoffice/credit-notes.csv?from=2026-01-01&until=2026-12-31' },
  'GET /v1/backoffice/orders/{number}': { path: '/backoffice/orders/SB26-000001' },
  'POST /v1/backoffice/orders/{number}/resend-confirmation': {
    path: '/backoffice/orders/SB26-000001/resend-confirmation',
    body: {},
  },
  'POST /v1/backoffice/orders/{number}/cancel': {
    path: '/backoffice/orders/SB26-000001/cancel',
    body: { reason: 'Dubbel besteld' },
  },
  'POST /v1/backoffice/orders/{number}/double-payments/handled': {
    path: '/backoffice/orders/SB26-000001/double-payments/handled',
    body: { paymentId: 'tr_1', note: 'Teruggestort' },
  },
  'GET /v1/backoffice/orders/{number}/refunds': { path: '/backoffice/orders/SB26-000001/refunds' },
  'POST /v1/backoffice/orders/{number}/refunds': {
    path: '/backoffice/orders/SB26-000001/refunds',
    body: { lines: [{ position: 0, quantity: 1 }], reason: 'returned' },
  },
  'GET /v1/backoffice/credit-notes/{number}': { path: '/backoffice/credit-notes/CN26-000001' },
  'GET /v1/backoffice/license-codes': { path: '/backoffice/license-codes?q=SB-1234' },
  'GET /v1/backoffice/license-codes.csv': { path: '/backoffice/license-codes.csv?q=SB-1234' },
  'GET /v1/backoffice/license-codes/{code}': { path: '/backoffice/license-codes/SB-AAAA-BBBB-CCCC' },
  'POST /v1/backoffice/license-codes/{code}/revoke': {
    path: '/backoffice/license-codes/SB-AAAA-BBBB-CCCC/revoke',
    body: { reason: 'Test' },
  },
  'POST /v1/backoffice/license-codes/{code}/reissue': {
    path: '/backoffice/license-codes/SB-AAAA-BBBB-CCCC/reissue',
    body: { reason: 'Test' },
  },
  'GET /v1/backoffice/license-code-batches': { path: '/backoffice/license-code-batches' },
  'POST /v1/backoffice/license-code-batches': {
    path: '/backoffice/license-code-batches',
    body: { label: 'Test', productId: 1, kind: 'print', count: 1 },
  },
  'GET /v1/backoffice/license-code-batches/{id}/codes.csv': { path: '/backoffice/license-code-batches/1/codes.csv' },
  'GET /v1/backoffice/stock': { path: '/backoffice/stock?low=1' },
  'GET /v1/backoffice/stock/{productId}/changes': { path: '/backoffice/stock/1/changes' },
  'POST /v1/backoffice/stock/{productId}/adjustments': {
    path: '/backoffice/stock/1/adjustments',
    body: { delta: 5, reason: 'Telling magazijn' },
  },
  'GET /v1/backoffice/customers': { path: '/backoffice/customers?q=klant@example.nl' },
  'GET /v1/backoffice/customers/{userId}': { path: '/backoffice/customers/user-1' },
  'POST /v1/backoffice/customers/{userId}/verification-mail': {
    path: '/backoffice/customers/user-1/verification-mail',
    body: {},
  },
  'POST /v1/backoffice/customers/{userId}/password-reset': {
    path: '/backoffice/customers/user-1/password-reset',
    body: {},
  },
  'GET /v1/backoffice/customers/{userId}/export': { path: '/backoffice/customers/user-1/export' },
  'POST /v1/backoffice/customers/{userId}/delete': {
    path: '/backoffice/customers/user-1/delete',
    body: { reason: 'Verzoek van de klant.', email: 'klant@example.nl' },
  },
  'GET /v1/backoffice/calibration': { path: '/backoffice/calibration' },
  'POST /v1/backoffice/calibration/runs': { path: '/backoffice/calibration/runs' },
  'GET /v1/backoffice/exam-data': { path: '/backoffice/exam-data' },
  'GET /v1/backoffice/exam-data/changes/{id}': { path: '/backoffice/exam-data/changes/1' },
  'POST /v1/backoffice/exam-data/timetables': { path: '/backoffice/exam-data/timetables', body: {} },
  'POST /v1/backoffice/exam-data/n-terms': { path: '/backoffice/exam-data/n-terms', body: {} },
  'POST /v1/backoffice/exam-data/past-exams': { path: '/backoffice/exam-data/past-exams', body: {} },
  'POST /v1/backoffice/exam-data/changes/{id}/approve': { path: '/backoffice/exam-data/changes/1/approve' },
  'POST /v1/backoffice/exam-data/changes/{id}/reject': {
    path: '/backoffice/exam-data/changes/1/reject',
    body: { reason: 'Geen bron.' },
  },
  'GET /v1/backoffice/study-content': { path: '/backoffice/study-content' },
  'GET /v1/backoffice/study-content/drafts/{id}': { path: '/backoffice/study-content/drafts/1' },
  'POST /v1/backoffice/study-content/drafts': { path: '/backoffice/study-content/drafts', body: { text: '{}' } },
  'POST /v1/backoffice/study-content/drafts/from-content-service': {
    path: '/backoffice/study-content/drafts/from-content-service',
    body: { subject: 'geschiedenis', level: 'havo' },
  },
  'POST /v1/backoffice/study-content/drafts/{id}/publish': { path: '/backoffice/study-content/drafts/1/publish' },
  'POST /v1/backoffice/study-content/drafts/{id}/discard': { path: '/backoffice/study-content/drafts/1/discard' },
};

let rt: TestRuntime;
let operations: [key: string, operation: Operation][];
let clients = 0;
const nextClient = () => `203.0.113.${(clients += 1)}`;

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const document = (await (await rt.app.request('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
});
afterAll(() => rt.close());

const call = apiClient(() => rt);

const isSecured = (operation: Operation) => operation.security?.some((scheme) => 'session' in scheme) ?? false;

describe('the OpenAPI document', () => {
  it('marks only the public allow-list as callable without a session', () => {
    const open = operations.filter(([, operation]) => !isSecured(operation)).map(([key]) => key);
    const allowed = [...PUBLIC_OPERATIONS, ...ACCOUNTS_LIBRARY_OPERATIONS];
    expect(
      open.filter((key) => !allowed.includes(key)),
      'open operations outside the allow-list',
    ).toEqual([]);
    expect(
      PUBLIC_OPERATIONS.filter((key) => !open.includes(key)),
      'public operations gone or secured',
    ).toEqual([]);
  });

  it('has a case in this suite for every operation that needs a session', () => {
    const secured = operations.filter(([, operation]) => isSecured(operation)).map(([key]) => key);
    expect(secured.length).toBeGreaterThanOrEqual(Object.keys(SECURED_CASES).length);
    expect(
      secured.filter((key) => !(key in SECURED_CASES)),
      'secured routes without a case',
    ).toEqual([]);
    expect(
      Object.keys(SECURED_CASES).filter((key) => !secured.includes(key)),
      'cases without a route',
    ).toEqual([]);
  });
});

describe('without a session', () => {
  it('every secured operation answers 401 in the one error shape, for no cookie and a forged one', async () => {
    const secured = operations.filter(([, operation]) => isSecured(operation));
    expect(secured.length).toBeGreaterThan(0);
    for (const [key] of secured) {
      const { path, body } = SECURED_CASES[key]!;
      const method = key.split(' ', 1)[0]!;
      for (const cookie of [undefined, 'slaagbundel.session_token=forged.value']) {
        const res = await call({ cookie, client: nextClient() }, method, path, body);
        expect(res.status, `${key} ${cookie ?? 'anonymous'}`).toBe(401);
        const error = apiErrorSchema.parse(await res.json());
        expect(error).toMatchObject({ status: 401, error: 'unauthorized' });
        expect(error.message).toMatch(/ingelogd/);
      }
    }
  });
});

describe('another user', () => {
  let anna: Caller;
  let bram: Caller;
  let wiskundeB = 0;
  let biologie = 0;
  const code = demoLicenseCode('SB-HAVO-WB-2027', 1);

  const as = (who: 'anna' | 'bram', method: string, path: string, body?: unknown) =>
    call(who === 'anna' ? anna : bram, method, path, body);
  const subjectsOf = async (who: 'anna' | 'bram') =>
    userSubjectsSchema.parse(await (await as(who, 'GET', '/users/me/subjects')).json()).subjects;
  const productsOf = async (who: 'anna' | 'bram') =>
    ownedProductsSchema.parse(await (await as(who, 'GET', '/users/me/products')).json()).products;
  const me = async (who: 'anna' | 'bram') =>
    userEnvelopeSchema.parse(await (await as(who, 'GET', '/users/me')).json()).user;

  beforeAll(async () => {
    const mails = recordMails(rt);
    anna = await signedInCaller(rt, mails, 'anna@example.nl', nextClient());
    bram = await signedInCaller(rt, mails, 'bram@example.nl', nextClient());
    const havo = primarySubjectsSchema.parse(await (await as('anna', 'GET', '/subjects/havo/NT')).json()).subjects;
    wiskundeB = havo.find((s) => s.slug === 'wiskunde-b-havo')!.id;
    biologie = havo.find((s) => s.slug === 'biologie-havo')!.id;
    // The owner succeeds: Anna chooses Biologie and redeems the Wiskunde B code.
    expect((await as('anna', 'POST', '/users/me/subjects', { ids: [biologie] })).status).toBe(200);
    expect((await as('anna', 'POST', '/users/me/licenses', { code })).status).toBe(200);
    expect((await as('anna', 'PATCH', '/users/me', { profile: 'NT' })).status).toBe(200);
  });

  it('does not see the first user’s subjects or products', async () => {
    expect((await subjectsOf('anna')).map((s) => [s.slug, s.stream.userHasAccess])).toEqual([
      ['wiskunde-b-havo', true],
      ['biologie-havo', false],
    ]);
    expect((await productsOf('anna')).map((p) => p.sku)).toEqual(['SB-HAVO-WB-2027']);
    expect(await subjectsOf('bram')).toEqual([]);
    expect(await productsOf('bram')).toEqual([]);
    expect((await me('bram')).email).toBe('bram@example.nl');
  });

  it('deleting the first user’s subject id touches only their own list (404)', async () => {
    const res = await as('bram', 'DELETE', `/users/me/subjects/${biologie}`);
    expect(res.status).toBe(404);
    expect(apiErrorSchema.parse(await res.json()).message).toBe(MY_SUBJECT_MESSAGES.NOT_YOURS);
    expect((await subjectsOf('anna')).map((s) => s.slug)).toEqual(['wiskunde-b-havo', 'biologie-havo']);
  });

  it('adding the same subject gives the second user the subject, without the first user’s access', async () => {
    const res = await as('bram', 'POST', '/users/me/subjects', { ids: [wiskundeB] });
    expect(res.status).toBe(200);
    expect((await subjectsOf('bram')).map((s) => [s.slug, s.stream.userHasAccess])).toEqual([
      ['wiskunde-b-havo', false],
    ]);
    expect((await subjectsOf('anna')).map((s) => s.slug)).toEqual(['wiskunde-b-havo', 'biologie-havo']);
  });

  it('cannot redeem a code the first user used', async () => {
    const res = await as('bram', 'POST', '/users/me/licenses', { code });
    expect(res.status).toBe(409);
    expect(apiErrorSchema.parse(await res.json()).fieldErrors?.code).toEqual([LICENSE_MESSAGES.USED]);
    expect(await productsOf('bram')).toEqual([]);
    expect((await productsOf('anna')).map((p) => p.sku)).toEqual(['SB-HAVO-WB-2027']);
  });

  it('changing their own user leaves the first user as they were', async () => {
    expect((await as('bram', 'PATCH', '/users/me', { educationRole: 'teacher', profile: null })).status).toBe(200);
    expect((await as('bram', 'PATCH', '/users/me/levels', { levels: ['vwo'] })).status).toBe(200);
    expect(await me('anna')).toMatchObject({
      email: 'anna@example.nl',
      educationRole: 'pupil',
      profile: 'NT',
      levels: [],
    });
  });

  it('cannot read or change the first user’s study: no access to the subject is 403, attempts stay private', async () => {
    // Anna (full access to Wiskunde B by her code) learns a card and hands in a check.
    const subject = await (await as('anna', 'GET', `/subject/${wiskundeB}/cards`)).json();
    const card = (subject as { cards: { id: number; learnable: boolean }[] }).cards.find((c) => c.learnable)!;
    expect((await as('anna', 'POST', `/users/me/cards/${card.id}/learn`)).status).toBe(200);
    expect((await as('anna', 'POST', `/users/me/cards/${card.id}/reviews`, { rating: 'again' })).status).toBe(201);
    const { tests } = (await (await as('anna', 'GET', `/subject/${wiskundeB}/tests`)).json()) as {
      tests: { id: number }[];
    };
    const test = (await (await as('anna', 'GET', `/test/${tests[0]!.id}`)).json()) as {
      questions: { id: number; kind: string }[];
    };
    const answers = test.questions.map((q) =>
      q.kind === 'choice'
        ? { questionId: q.id, kind: 'choice', optionId: 'a' }
        : { questionId: q.id, kind: 'open', text: '', points: 1 },
    );
    expect((await as('anna', 'POST', `/test/${tests[0]!.id}`, { answers })).status).toBe(200);
    // Bram has Wiskunde B in his list, without access: nothing of it, and nothing of Anna's.
    for (const [method, path] of [
      ['GET', `/subject/${wiskundeB}/cards`],
      ['GET', `/subject/${wiskundeB}/tests`],
      ['GET', `/card/${card.id}`],
      ['POST', `/users/me/cards/${card.id}/learn`],
      ['DELETE', `/users/me/cards/${card.id}/learn`],
      ['POST', `/users/me/cards/${card.id}/visit`],
      ['GET', `/test/${tests[0]!.id}`],
      ['GET', `/test/${tests[0]!.id}/latest-attempt`],
    ] as const) {
      const res = await as('bram', method, path);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(apiErrorSchema.parse(await res.json()).error).toBe('forbidden');
    }
    expect((await as('bram', 'POST', `/test/${tests[0]!.id}`, { answers })).status).toBe(403);
    expect((await as('bram', 'POST', `/users/me/cards/${card.id}/reviews`, { rating: 'easy' })).status).toBe(403);
    // Bram's review queue has nothing of Anna's reviews.
    expect(await (await as('bram', 'GET', '/users/me/reviews/due')).json()).toEqual({
      cards: [],
      total: 0,
      minutes: 0,
    });
    const subjectView = (await (await as('bram', 'GET', `/subject/${wiskundeB}`)).json()) as {
      latestTestAttempt: unknown;
      stream: { userHasAccess: boolean };
    };
    expect(subjectView).toMatchObject({ latestTestAttempt: null, stream: { userHasAccess: false } });
    // Anna's mark and attempt are as she left them.
    const after = (await (await as('anna', 'GET', `/subject/${wiskundeB}/cards`)).json()) as {
      cards: { id: number; userHasLearned: boolean }[];
    };
    expect(after.cards.find((c) => c.id === card.id)?.userHasLearned).toBe(true);
    expect((await as('anna', 'GET', `/test/${tests[0]!.id}/latest-attempt`)).status).toBe(200);
  });

  it('a trial the second user starts is their own: the first user’s full access stays', async () => {
    expect((await as('bram', 'POST', `/users/me/subjects/${wiskundeB}/trial`)).status).toBe(200);
    expect((await subjectsOf('bram')).map((s) => [s.slug, s.stream.isLightStream])).toEqual([
      ['wiskunde-b-havo', true],
    ]);
    expect((await subjectsOf('anna')).map((s) => [s.slug, s.stream.userHasAccess])).toEqual([
      ['wiskunde-b-havo', true],
      ['biologie-havo', false],
    ]);
  });

  it('deleting their own account leaves the first user working', async () => {
    expect((await as('bram', 'DELETE', '/users/me')).status).toBe(204);
    expect((await as('bram', 'GET', '/users/me/subjects')).status).toBe(401);
    expect((await me('anna')).email).toBe('anna@example.nl');
    expect((await subjectsOf('anna')).map((s) => s.slug)).toEqual(['wiskunde-b-havo', 'biologie-havo']);
    expect((await productsOf('anna')).map((p) => p.sku)).toEqual(['SB-HAVO-WB-2027']);
  });
});
