/**
 * One cart written from several requests at once, over a real HTTP socket: a buyer double-clicks
 * "In winkelwagen" while a voordeelpakket is added in another tab. Every cart write takes the cart
 * row's lock before it touches the cart's lines, so the writes wait for each other instead of
 * deadlocking: no 500, and the cart ends with every add counted. (The deadlock needs PostgreSQL:
 * run with DATABASE_URL to see it; PGlite has one connection.) A conflict PostgreSQL still reports
 * (a deadlock, a serialization failure) answers a Dutch 409, on the API and on the cart page. Placing
 * an order from the cart takes the same lock first, so an add at that moment lands in the order or
 * stays in the emptied cart, and is never deleted with the ordered lines.
 */
import type { AddressInfo } from 'node:net';
import type { ServerType } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestContext, scopeContext, type RequestState } from '#app/context.ts';
import { bundleProducts, bundles } from '#app/modules/bundles/db/tables.ts';
import { products } from '#app/modules/catalog/db/tables.ts';
import { CART_MESSAGES } from '#app/modules/shop/domain/messages.ts';
import { cartEnvelopeSchema } from '#app/modules/shop/schemas/cart.ts';
import { orderEnvelopeSchema } from '#app/modules/shop/schemas/order.ts';
import * as cartPage from '#app/routes/public/cart.tsx';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { listen } from '#server/infra/http-server.ts';
import { ORIGIN } from './accounts.ts';
import { CHECKOUT_DETAILS } from './shop-client.ts';
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

describe('an add while the cart is ordered', () => {
  /** Each product's quantity in a list of lines, by product id. */
  const quantities = (lines: readonly { productId: number; quantity: number }[]) =>
    Object.fromEntries(lines.map((line) => [line.productId, line.quantity]));

  /**
   * Places an order from a cart holding one of the product while the same browser adds `added` (one), and
   * answers what the order holds and what the cart holds after both: every product counted once, in one
   * of the two. `delayMs`: how long the add waits after the order was sent.
   */
  async function raceOrderAndAdd(added: number, delayMs: number) {
    const b = browser();
    expect((await addItem(b)).status).toBe(200);
    const placing = b.call('POST', '/orders', CHECKOUT_DETAILS);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const adding = b.call('POST', '/cart/items', { productId: added, quantity: 1 });
    const [placed, add] = await Promise.all([placing, adding]);
    expect(placed.status, await placed.clone().text()).toBe(201);
    expect(add.status, await add.clone().text()).toBe(200);
    const skus = new Map(
      (await rt.deps.db.select({ id: products.id, sku: products.sku }).from(products)).map((p) => [p.sku, p.id]),
    );
    const { order } = orderEnvelopeSchema.parse(await placed.json());
    const { cart } = cartEnvelopeSchema.parse(await (await b.call('GET', '/cart')).json());
    return {
      ordered: quantities(order.lines.map((line) => ({ productId: skus.get(line.sku)!, quantity: line.quantity }))),
      inCart: quantities(cart.lines),
    };
  }

  /** Every add kept: each product's adds are in the order or in the cart, none in neither. */
  function expectEveryAddKept(
    result: { ordered: Record<number, number>; inCart: Record<number, number> },
    added: number,
  ) {
    const wanted: Record<number, number> = { [productId]: 1 };
    wanted[added] = (wanted[added] ?? 0) + 1;
    const kept: Record<number, number> = {};
    for (const [id, quantity] of [...Object.entries(result.ordered), ...Object.entries(result.inCart)]) {
      kept[Number(id)] = (kept[Number(id)] ?? 0) + quantity;
    }
    expect(kept, JSON.stringify(result)).toEqual(wanted);
  }

  it('keeps an add that arrives while the order is being written: in the order or in the cart, never lost', async () => {
    // The order is written slowly after it read the cart's lines, so the add arrives in between.
    await rt.deps.db.execute(
      sql.raw(`create or replace function test_slow_order() returns trigger language plpgsql as $$
        begin perform pg_sleep(0.3); return null; end $$`),
    );
    await rt.deps.db.execute(sql`
      create trigger test_slow_order after insert on order_lines
        for each statement execute function test_slow_order()`);
    const other = bundleIds.find((id) => id !== productId)!;
    try {
      // Another product (a new line) and the same product (the line the order holds, one more).
      for (const added of [other, productId, other, productId]) {
        expectEveryAddKept(await raceOrderAndAdd(added, 100), added);
      }
    } finally {
      await rt.deps.db.execute(sql`drop trigger if exists test_slow_order on order_lines`);
    }
  }, 60_000);

  it('keeps every add racing an order placement, 30 times at once', async () => {
    const other = bundleIds.find((id) => id !== productId)!;
    for (let round = 0; round < 30; round += 1) {
      const added = round % 2 === 0 ? other : productId;
      expectEveryAddKept(await raceOrderAndAdd(added, 0), added);
    }
  }, 120_000);
});
