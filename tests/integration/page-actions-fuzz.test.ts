/**
 * Page form posts and JSON writes with bodies no browser of ours sends,
 * against the real app: the React Router build (loaded through Vite, as
 * `npm run dev` does) on the real composition and a seeded database.
 *
 * Every page route with an action is taken from the route manifest of the
 * build, so a new action is covered without touching this file. Each gets,
 * signed out and signed in: text/plain, JSON, multipart without a boundary,
 * unreadable multipart, an empty form, an oversized form and random bytes as
 * a form. No answer is a 5xx; the page guard's refusals have their status and
 * Dutch message (server/page-guard.ts). The JSON API gets wrong JSON types
 * (booleans, hex and numeric strings, arrays, nulls) where numbers and
 * booleans belong: a 400 with the field's Dutch message, nothing coerced.
 */
import fc from 'fast-check';
import type { ServerBuild } from 'react-router';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#app/db/client.server.ts';
import { products } from '#app/modules/catalog/db/tables.ts';
import { cards } from '#app/modules/cards/db/tables.ts';
import { chatbots, idiomLists } from '#app/modules/buddy/db/tables.ts';
import { tests } from '#app/modules/checks/db/tables.ts';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { DEFAULT_MAX_BODY_BYTES, PAGE_MAX_BODY_BYTES } from '#server/api/limits.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from '#server/seed/demo-accounts.ts';
import { sessionCookie } from './accounts.ts';
import { subjectIdOf } from './study-content.ts';
import { createSsrTestApp, type SsrTestApp } from './test-db.ts';
import { CHECKOUT_DETAILS } from './shop-client.ts';

const ORIGIN = 'http://localhost';
let database: Database;
let app: SsrTestApp['app'];
let close: () => Promise<void>;
let actionPaths: string[] = [];
let pupil = '';
let client = 0;

/** Each request from its own client address, so that the per-client rate limits stay out of the way. */
const nextClient = () => {
  client += 1;
  return `198.18.${Math.floor(client / 250)}.${(client % 250) + 1}`;
};

/** A route pattern with real values for its parameters (optional ones left out). */
function concrete(pattern: string, values: Record<string, string>): string {
  const path = pattern
    .split('/')
    .map((segment) => (segment.endsWith('?') ? segment.slice(0, -1) : segment))
    .filter(
      (segment, i) => !(segment.startsWith(':') && pattern.split('/')[i]?.endsWith('?') && !values[segment.slice(1)]),
    )
    .map((segment) => (segment === '*' ? 'x' : segment.startsWith(':') ? (values[segment.slice(1)] ?? '1') : segment))
    .join('/');
  return path.replace(/\/+/g, '/') || '/';
}

/** The full path of every route whose module exports an action, from the build's route manifest. */
function routesWithAction(build: ServerBuild): string[] {
  const fullPath = (id: string): string => {
    const route = build.routes[id]!;
    const own = route.path ?? '';
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return own.startsWith('/') ? own : `${parent.replace(/\/$/, '')}/${own}`;
  };
  return Object.values(build.routes)
    .filter((route) => route && typeof route.module.action === 'function')
    .map((route) => fullPath(route!.id));
}

beforeAll(async () => {
  const ssr = await createSsrTestApp({ seed: true, env: { TRUST_PROXY: '1' } });
  ({ app, database, close } = ssr);

  const { db } = database;
  const subjectId = await subjectIdOf(db, 'wiskunde-b');
  const first = async (rows: Promise<{ id: number }[]>) => String((await rows)[0]?.id ?? 1);
  const values = {
    subjectId: String(subjectId),
    testId: await first(db.select({ id: tests.id }).from(tests).where(eq(tests.subjectId, subjectId))),
    subjectModalId: await first(db.select({ id: cards.id }).from(cards).where(eq(cards.subjectId, subjectId))),
    buddyId: await first(db.select({ id: chatbots.id }).from(chatbots).where(eq(chatbots.subjectId, subjectId))),
    idiomId: await first(db.select({ id: idiomLists.id }).from(idiomLists).where(eq(idiomLists.subjectId, subjectId))),
    id: await first(db.select({ id: products.id }).from(products)),
    // The subject's own address, so that its pages' actions run instead of a redirect to it.
    slug: 'wiskunde-b-havo',
  };
  actionPaths = [...new Set(routesWithAction(ssr.build).map((pattern) => concrete(pattern, values)))].sort();

  // The demo pupil: onboarded, with subjects and access, so the area's actions run.
  await seedDemoAccounts(db);
  const signIn = await app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': nextClient() },
    body: JSON.stringify({ email: 'leerling@slaagbundel.test', password: DEMO_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  pupil = sessionCookie(signIn)!;
}, 180_000);

afterAll(() => close?.());

function post(path: string, body: BodyInit | null, headers: Record<string, string>, cookie: string) {
  return app.request(path, {
    method: 'POST',
    headers: { origin: ORIGIN, 'x-forwarded-for': nextClient(), ...(cookie ? { cookie } : {}), ...headers },
    ...(body === null ? {} : { body }),
  });
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The status of a plain visit when it is a redirect (3xx), else undefined. */
async function redirectOf(path: string, cookie: string): Promise<number | undefined> {
  const res = await app.request(path, { headers: { 'x-forwarded-for': nextClient(), ...(cookie ? { cookie } : {}) } });
  await res.arrayBuffer();
  return res.status >= 300 && res.status < 400 ? res.status : undefined;
}

/** Bodies no form of ours sends, with the page guard's answer (undefined: the action's own, never a 5xx). */
const BODIES: {
  name: string;
  headers: Record<string, string>;
  body: (path: string) => BodyInit | null;
  status?: number;
}[] = [
  {
    name: 'text/plain',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: () => 'intent=add',
    status: 415,
  },
  {
    name: 'JSON',
    headers: { 'content-type': 'application/json' },
    body: () => '{"intent":"add","productId":true}',
    status: 415,
  },
  {
    name: 'multipart without a boundary',
    headers: { 'content-type': 'multipart/form-data' },
    body: () => '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    status: 400,
  },
  {
    name: 'unreadable multipart',
    headers: { 'content-type': 'multipart/form-data; boundary=grens' },
    body: () => 'geen grens te zien\r\n\r\n',
    status: 400,
  },
  {
    name: 'an oversized form',
    headers: FORM,
    // Over the page's own limit (a file upload's is larger than the 16 kB of every other form).
    body: (path) => `tekst=${'x'.repeat((PAGE_MAX_BODY_BYTES[path] ?? DEFAULT_MAX_BODY_BYTES) + 24 * 1024)}`,
    status: 413,
  },
  { name: 'an empty form', headers: FORM, body: () => null },
  { name: 'an empty form body', headers: FORM, body: () => '' },
];

const MESSAGE_OF: Record<number, string> = {
  415: MESSAGES.FORM_UNREADABLE,
  400: MESSAGES.FORM_UNREADABLE,
  413: MESSAGES.FORM_TOO_LARGE,
};

describe('form posts with a non-form body to every page action', () => {
  it('finds the page actions in the route manifest', () => {
    // The pages a visitor posts to most; the manifest holds more, and every one is posted to below.
    expect(actionPaths).toEqual(expect.arrayContaining(['/', '/contact', '/winkelwagen', '/afrekenen']));
    expect(actionPaths.length).toBeGreaterThanOrEqual(15);
  });

  describe.each([
    ['signed out', () => ''],
    ['signed in', () => pupil],
  ])('%s', (_who, cookie) => {
    it.each(BODIES.map((b) => [b.name, b] as const))(
      '%s: the guard’s status or the action’s answer, never a 5xx',
      async (_name, { headers, body, status }) => {
        const failures: string[] = [];
        for (const path of actionPaths) {
          // A page that sends this visitor elsewhere (the area's guard: to the login, away from the login or
          // the finished onboarding) does so for a refused post too: no action runs, and there is nothing to show.
          const redirect = await redirectOf(path, cookie());
          const res = await post(path, body(path), headers, cookie());
          const text = await res.text();
          const expected = redirect ?? status;
          if (res.status >= 500) failures.push(`${path}: ${res.status}`);
          else if (expected !== undefined && res.status !== expected)
            failures.push(`${path}: ${res.status}, not ${expected}`);
          else if (redirect === undefined && status !== undefined && !text.includes(MESSAGE_OF[status]!))
            failures.push(`${path}: ${status} without its Dutch message`);
        }
        expect(failures).toEqual([]);
      },
      120_000,
    );

    it('random bytes as a form or as multipart: never a 5xx', { timeout: 180_000 }, async () => {
      const failures: string[] = [];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...actionPaths),
          fc.uint8Array({ maxLength: 600 }),
          fc.constantFrom(FORM['content-type'], 'multipart/form-data; boundary=grens', 'multipart/form-data'),
          async (path, bytes, type) => {
            const res = await post(path, bytes, { 'content-type': type }, cookie());
            await res.arrayBuffer();
            if (res.status >= 500) failures.push(`${path} (${type}): ${res.status}`);
          },
        ),
        { numRuns: Math.max(40, actionPaths.length * 2), seed: 20_260_512 },
      );
      expect(failures).toEqual([]);
    });
  });
});

/** JSON writes with wrong JSON types where numbers and booleans belong. */
const WRONG_NUMBERS = [true, false, '5', '0x5', '1e1', ' 5 ', '', [5], null, {}, 2.5];
const WRONG_BOOLEANS = ['true', 'on', 1, 0, [true], null, {}];

interface JsonWrite {
  method: string;
  path: () => string;
  body: (wrong: unknown) => Record<string, unknown>;
  field: string;
  wrong: unknown[];
  signedIn?: boolean;
}

let productId = 0;
const WRITES: JsonWrite[] = [
  {
    method: 'POST',
    path: () => '/cart/items',
    body: (v) => ({ productId: v, quantity: 1 }),
    field: 'productId',
    wrong: WRONG_NUMBERS,
  },
  {
    method: 'POST',
    path: () => '/cart/items',
    body: (v) => ({ productId, quantity: v }),
    field: 'quantity',
    wrong: WRONG_NUMBERS.filter((v) => v !== null),
  },
  {
    method: 'POST',
    path: () => '/cart/bundles',
    body: (v) => ({ bundleId: v }),
    field: 'bundleId',
    wrong: WRONG_NUMBERS,
  },
  {
    method: 'PATCH',
    path: () => `/cart/items/${productId}`,
    body: (v) => ({ quantity: v }),
    field: 'quantity',
    wrong: WRONG_NUMBERS,
  },
  {
    method: 'POST',
    path: () => '/users/me/subjects',
    body: (v) => ({ ids: [v] }),
    field: 'ids.0',
    wrong: WRONG_NUMBERS.filter((v) => !Array.isArray(v)),
    signedIn: true,
  },
  {
    method: 'PATCH',
    path: () => '/users/me',
    body: (v) => ({ examYear: v }),
    field: 'examYear',
    wrong: WRONG_NUMBERS.filter((v) => v !== null),
    signedIn: true,
  },
  {
    method: 'PATCH',
    path: () => '/users/me',
    body: (v) => ({ onboardingCompleted: v }),
    field: 'onboardingCompleted',
    wrong: WRONG_BOOLEANS,
    signedIn: true,
  },
  {
    method: 'POST',
    path: () => '/orders',
    body: (v) => ({
      ...CHECKOUT_DETAILS,
      paymentMethod: 'ideal',
      terms: v,
    }),
    field: 'terms',
    wrong: [...WRONG_BOOLEANS, false],
  },
  {
    method: 'POST',
    path: () => '/orders',
    body: (v) => ({
      ...CHECKOUT_DETAILS,
      paymentMethod: 'ideal',
      newsletter: v,
    }),
    field: 'newsletter',
    wrong: WRONG_BOOLEANS.filter((v) => v !== null),
  },
];

describe('JSON writes with wrong JSON types', () => {
  beforeAll(async () => {
    const [product] = await database.db.select({ id: products.id }).from(products).limit(1);
    productId = product!.id;
  });

  it.each(WRITES.map((w) => [`${w.method} ${w.path()} ${w.field}`, w] as const))(
    '%s: 400 with the field’s Dutch message, never coerced',
    async (_name, write) => {
      const failures: string[] = [];
      for (const wrong of write.wrong) {
        const res = await app.request(`/api/v1${write.path()}`, {
          method: write.method,
          headers: {
            'content-type': 'application/json',
            origin: ORIGIN,
            'x-forwarded-for': nextClient(),
            ...(write.signedIn ? { cookie: pupil } : {}),
          },
          body: JSON.stringify(write.body(wrong)),
        });
        const answer = apiErrorSchema.safeParse(await res.json());
        const messages = answer.data?.fieldErrors?.[write.field] ?? [];
        if (res.status !== 400) failures.push(`${JSON.stringify(wrong)}: ${res.status}`);
        else if (messages.length === 0) failures.push(`${JSON.stringify(wrong)}: no message for ${write.field}`);
        else if (messages.some((m) => /invalid|expected|received/i.test(m)))
          failures.push(`${JSON.stringify(wrong)}: ${messages.join(' ')}`);
      }
      expect(failures).toEqual([]);
    },
  );

  it('put nothing in a cart: no wrong value was read as a product or a quantity', async () => {
    const res = await app.request('/api/v1/cart/items', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': nextClient() },
      body: JSON.stringify({ productId: String(productId), quantity: '0x2' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('set-cookie') ?? '').not.toContain('cart_count=1');
  });
});
