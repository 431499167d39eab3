/**
 * The shop as a browser uses it in integration tests: checkout details and an API client with its own cookies;
 * the products' ids and stock as stored.
 */
import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { products } from '#app/modules/catalog/db/tables.ts';
import { ORIGIN } from './accounts.ts';
import type { TestRuntime } from './test-db.ts';

/** A parent's valid checkout details (POST /api/v1/orders). */
export const CHECKOUT_DETAILS = {
  email: 'ouder@example.nl',
  firstName: 'Sanne',
  lastName: 'de Vries',
  street: 'Oudegracht',
  houseNumber: '12',
  postcode: '3511 AB',
  city: 'Utrecht',
  terms: true,
};

/**
 * A browser calling /api/v1: its own cookie jar (cookies set are kept, Max-Age=0 removes them) and
 * client address (X-Forwarded-For; the runtime trusts one proxy). `cookie` starts the jar (`name=value`).
 */
export function apiBrowser(rt: TestRuntime, client: string, cookie = '') {
  const jar = new Map<string, string>(cookie ? [cookie.split('=', 2) as [string, string]] : []);
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    jar,
    cookieHeader,
    async call(method: string, path: string, body?: unknown, type = 'application/json') {
      const res = await rt.app.request(`/api/v1${path}`, {
        method,
        headers: {
          origin: ORIGIN,
          'x-forwarded-for': client,
          ...(jar.size ? { cookie: cookieHeader() } : {}),
          ...(body === undefined ? {} : { 'content-type': type }),
        },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, value] = pair!.split('=', 2) as [string, string];
        if (/Max-Age=0/.test(line)) jar.delete(name);
        else jar.set(name, value);
      }
      return res;
    },
  };
}

/** The seeded products' ids by SKU. */
export async function productIds(rt: TestRuntime): Promise<Map<string, number>> {
  const rows = await rt.deps.db.select({ id: products.id, sku: products.sku }).from(products);
  return new Map(rows.map((row) => [row.sku, row.id]));
}

/** A product's stock as stored, and setting it (orderable unless said otherwise), on the runtime a test file makes. */
export function stockControls(runtime: () => TestRuntime) {
  return {
    async setStock(sku: string, totalQuantity: number, isOrderable = 'Y') {
      await runtime().deps.db.update(products).set({ totalQuantity, isOrderable }).where(eq(products.sku, sku));
    },
    async stockOf(sku: string) {
      const [row] = await runtime()
        .deps.db.select({ q: products.totalQuantity })
        .from(products)
        .where(eq(products.sku, sku));
      return row!.q;
    },
  };
}

/**
 * The shop of the test file's runtime (useTestRuntime) as its tests use it: the seeded products' ids by SKU
 * (`id`, read in a beforeAll), their stock, and a client address of its own for each browser (`nextClient`).
 */
export function useShop(rt: () => TestRuntime) {
  let ids = new Map<string, number>();
  let clients = 0;
  beforeAll(async () => {
    ids = await productIds(rt());
  });
  return {
    id: (sku: string) => ids.get(sku)!,
    nextClient: () => `198.51.100.${(clients += 1) % 250}`,
    ...stockControls(rt),
  };
}
