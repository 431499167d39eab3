/**
 * One cart written from several requests at once, over a real HTTP socket: a buyer double-clicks
 * "In winkelwagen" while a voordeelpakket is added in another tab. Every cart write takes the cart
 * row's lock before it touches the cart's lines, so the writes wait for each other instead of
 * deadlocking: no 500, and the cart ends with every add counted. (The deadlock needs PostgreSQL:
 * run with DATABASE_URL to see it; PGlite has one connection.) A conflict PostgreSQL still reports
 * (a deadlock, a serialization failure) answers a Dutch 409, on the API and on the cart page.
 */
import type { AddressInfo } from 'node:net';
import type { ServerType } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestContext, scopeContext, type RequestState } from '#app/context.ts';
import { bundleProducts, bundles, products } from '#app/modules/catalog/db/tables.ts';
import { CART_MESSAGES } from '#app/modules/shop/domain/messages.ts';
import { cartEnvelopeSchema } from '#app/modules/shop/schemas/cart.ts';
import * as cartPage from '#app/routes/public/cart.tsx';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { listen } from '#server/infra/http-server.ts';
import { ORIGIN } from './accounts.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

const BUNDLE = 'voordeelpakket-vwo-nederlands-engels-wiskunde-b-natuurkunde';
const SKU = 'SB-VWO-NE-2027';

let rt: TestRuntime;
let server: ServerType;
let base: string;
let bundleId: number;
let bundleIds: number[];
let productId: number;
let clients = 0;

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const [bundle] = await rt.deps.db.select({ id: bundles.id }).from(bundles).where(eq(bundles.slug, BUNDLE));
  bundleId = bundle!.id;
  bundleIds = (
    await rt.deps.db
      .select({ productId: bundleProducts.productId })
      .from(bundleProducts)
      .where(eq(bundleProducts.bundleId, bundleId))
  ).map((row) => row.productId);
  await rt.deps.db
    .update(products)
    .set({ totalQuantity: 100_000, isOrderable: 'Y' })
    .where(sql`${products.id} in ${bundleIds}`);
  const [product] = await rt.deps.db.select({ id: products.id }).from(products).where(eq(products.sku, SKU));
  productId = product!.id;
  expect(bundleIds).toContain(productId);
  server = await listen({ fetch: rt.app.fetch, hostname: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await rt?.close();
});

/** A browser on its own client address with its own cookies, posting to /api/v1 over the socket. */
function browser() {
  clients += 1;
  const client = `198.51.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
  let cookie = '';
  return {
    get cookie() {
      return cookie;
    },
    async call(method: string, path: string, body?: unknown) {
      const res = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: {
          origin: ORIGIN,
          'x-forwarded-for': client,
          ...(cookie ? { cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const set = res.headers.getSetCookie().map((line) => line.split(';')[0]!);
      // The first add sets the cart's id; later answers only the count, which the cart does not need.
      if (!cookie && set.length) cookie = set.join('; ');
      return res;
    },
  };
}

const addItem = (b: ReturnType<typeof browser>) => b.call('POST', '/cart/items', { productId, quantity: 1 });
const addBundle = (b: ReturnType<typeof browser>) => b.call('POST', '/cart/bundles', { bundleId });

describe('one cart written at once', () => {
  it('answers two item adds and two bundle adds at once without a 500, 50 times, and counts every add', async () => {
    for (let round = 0; round < 50; round += 1) {
      const b = browser();
      expect((await addItem(b)).status).toBe(200);
      const answers = await Promise.all([addItem(b), addBundle(b), addItem(b), addBundle(b)]);
      const statuses = await Promise.all(
        answers.map(async (a) => (a.status === 200 ? 200 : `${a.status} ${await a.text()}`)),
      );
      expect(statuses, `round ${round}`).toEqual([200, 200, 200, 200]);
      const { cart } = cartEnvelopeSchema.parse(await (await b.call('GET', '/cart')).json());
      // The product: the first add, two more and one from each bundle; the bundle's others: one per bundle.
      expect(Object.fromEntries(cart.lines.map((line) => [line.productId, line.quantity]))).toEqual(
        Object.fromEntries(bundleIds.map((id) => [id, id === productId ? 5 : 2])),
      );
    }
  }, 120_000);
});

describe('a conflict the database reports', () => {
  /** Makes every write of cart lines fail with this SQLSTATE, as PostgreSQL does when it breaks a deadlock. */
  async function failCartWrites(sqlstate: string) {
    await rt.deps.db.execute(
      sql.raw(`create or replace function test_cart_conflict() returns trigger language plpgsql as $$
        begin raise exception 'test conflict' using errcode = '${sqlstate}'; end $$`),
    );
    await rt.deps.db.execute(sql`
      create trigger test_cart_conflict before insert or update on cart_items
        for each row execute function test_cart_conflict()`);
  }
  const restore = () => rt.deps.db.execute(sql`drop trigger if exists test_cart_conflict on cart_items`);

  for (const [sqlstate, what] of [
    ['40P01', 'a deadlock'],
    ['40001', 'a serialization failure'],
  ] as const) {
    it(`answers ${what} (${sqlstate}) with a Dutch 409 on the API and the cart page, never a 500; nothing is half written`, async () => {
      const b = browser();
      expect((await addItem(b)).status).toBe(200);
      await failCartWrites(sqlstate);
      try {
        for (const res of [
          await addItem(b),
          await addBundle(b),
          await b.call('PATCH', `/cart/items/${productId}`, { quantity: 3 }),
        ]) {
          expect(res.status).toBe(409);
          expect(apiErrorSchema.parse(await res.json()).message).toBe(CART_MESSAGES.CONFLICT);
        }
        const forms: Record<string, string>[] = [
          { intent: 'add', productId: String(productId), quantity: '1', stay: '1' },
          { intent: 'add-bundle', bundleId: String(bundleId), stay: '1' },
          { intent: 'update', productId: String(productId), quantity: '3', stay: '1' },
        ];
        for (const form of forms) {
          const context = new RouterContextProvider();
          context.set(scopeContext, rt.services);
          context.set(requestContext, { requestId: 'test', clientAddress: '203.0.113.9' } as RequestState);
          const request = new Request(`${ORIGIN}/winkelwagen`, {
            method: 'POST',
            headers: { cookie: b.cookie, origin: ORIGIN },
            body: new URLSearchParams(form),
          });
          const answer = (await cartPage.action({ request, context, params: {} } as never)) as {
            data: { ok: boolean; message?: string };
            init: ResponseInit | null;
          };
          expect(answer.init?.status, form.intent).toBe(409);
          expect(answer.data).toMatchObject({ ok: false, message: CART_MESSAGES.CONFLICT });
        }
      } finally {
        await restore();
      }
      // Nothing was half written: the cart is as it was before.
      const { cart } = cartEnvelopeSchema.parse(await (await b.call('GET', '/cart')).json());
      expect(cart.lines.map((line) => [line.productId, line.quantity])).toEqual([[productId, 1]]);
      expect((await addItem(b)).status).toBe(200);
    });
  }
});
