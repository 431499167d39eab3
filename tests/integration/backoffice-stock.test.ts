/**
 * Stock in the back office (issue 32, item 4), through the API as staff use it: an adjustment with its reason
 * appears in the product's history (who, from → to, why) and in the audit log with before and after; a change
 * below zero is refused in Dutch and changes nothing; orders and their cancellation are in the history too; low
 * stock is listed; stock back from 0 mails each "mail me als het er weer is" request once, however often the
 * stock comes back; concurrent adjustments (on PostgreSQL: really concurrent) each count, with one history row.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/modules/accounts/db/tables.ts';
import { auditPageSchema } from '#app/modules/backoffice/index.ts';
import { products, stockChanges } from '#app/modules/catalog/db/tables.ts';
import { releaseStock, reserveStock } from '#app/modules/catalog/index.server.ts';
import {
  belowZeroMessage,
  STOCK_MESSAGES,
  stockAdjustedSchema,
  stockChangesPageSchema,
  stockPageSchema,
} from '#app/modules/backoffice-stock/index.ts';
import { adjustProductStock } from '#app/modules/backoffice-stock/index.server.ts';
import { stockNotices } from '#app/modules/stock-notices/db/tables.ts';
import { requestStockNotice, sendBackInStockNotices } from '#app/modules/stock-notices/index.server.ts';
import { seedDemoStaff } from '#server/seed/demo-staff.ts';
import { DEMO_STOCK_CHANGES, seedDemoStock } from '#server/seed/demo-stock.ts';
import { PASSWORD, recordMails, type Mail } from './accounts.ts';
import { answered, apiClient, refused } from './http.ts';
import { newStaff, type Staff } from './staff.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
let mails: Mail[];
const call = apiClient(() => rt);
let finance: Staff;
let admin: Staff;
/** The names of the jobs queued from now on (the mails among them are in `mails`). */
const queued: string[] = [];

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  mails = recordMails(rt);
  finance = await newStaff(rt, mails, 'voorraad-financien@example.nl', 'finance', '192.0.2.61');
  admin = await newStaff(rt, mails, 'voorraad-beheer@example.nl', 'admin', '192.0.2.62');
  await rt.database.db.update(users).set({ name: 'Fenna Financiën' }).where(eq(users.id, finance.id));
  const enqueue = rt.deps.jobs.enqueue.bind(rt.deps.jobs);
  rt.deps.jobs.enqueue = async (name, payload, options) => {
    queued.push(name);
    return enqueue(name, payload, options);
  };
}, 60_000);
afterAll(() => rt.close());

const idOf = async (sku: string) =>
  (await rt.database.db.select({ id: products.id }).from(products).where(eq(products.sku, sku)))[0]!.id;
const stockOf = async (id: number) =>
  (await rt.database.db.select({ q: products.totalQuantity }).from(products).where(eq(products.id, id)))[0]!.q;
const adjust = (productId: number, body: unknown, who: Staff = finance) =>
  call(who, 'POST', `/backoffice/stock/${productId}/adjustments`, body);
const history = async (productId: number, query = '') =>
  stockChangesPageSchema.parse(
    await answered(await call(finance, 'GET', `/backoffice/stock/${productId}/changes${query}`)),
  );

describe('adjusting stock', () => {
  it('shows the adjustment with its reason and staff member in the history, and in the audit log', async () => {
    const productId = await idOf('SB-VMBOB-NE-2027');
    const start = await stockOf(productId);
    const answer = stockAdjustedSchema.parse(
      await answered(await adjust(productId, { delta: -3, reason: ' Telling magazijn: 3 beschadigd. ' })),
    );
    expect(answer.message).toBe(STOCK_MESSAGES.ADJUSTED);
    expect(answer.product.quantity).toBe(start - 3);
    expect(answer.change).toMatchObject({
      kind: 'adjustment',
      from: start,
      to: start - 3,
      delta: -3,
      reason: 'Telling magazijn: 3 beschadigd.',
      staff: 'Fenna Financiën',
    });
    // A new quantity instead of a change.
    await answered(await adjust(productId, { quantity: 40, reason: 'Nieuwe druk binnen' }));
    const page = await history(productId);
    expect(page.product).toMatchObject({ productId, sku: 'SB-VMBOB-NE-2027', quantity: 40, low: false });
    expect(page.changes.map((c) => [c.from, c.to, c.reason, c.staff])).toEqual([
      [start - 3, 40, 'Nieuwe druk binnen', 'Fenna Financiën'],
      [start, start - 3, 'Telling magazijn: 3 beschadigd.', 'Fenna Financiën'],
    ]);

    const audit = auditPageSchema.parse(
      await answered(await call(admin, 'GET', `/backoffice/audit?action=stock.adjust&objectId=${productId}`)),
    );
    expect(audit.entries.map((e) => [e.actorUserId, e.objectType, e.before, e.after])).toEqual([
      [finance.id, 'product', { quantity: start - 3 }, { quantity: 40, reason: 'Nieuwe druk binnen' }],
      [finance.id, 'product', { quantity: start }, { quantity: start - 3, reason: 'Telling magazijn: 3 beschadigd.' }],
    ]);
  });

  it('refuses stock below zero in Dutch and changes nothing; a reason is required', async () => {
    const productId = await idOf('SB-VMBOB-EN-2027');
    const start = await stockOf(productId);
    const below = await refused(await adjust(productId, { delta: -(start + 1), reason: 'Te veel eraf' }), 409);
    expect(below.message).toBe(belowZeroMessage(start));
    expect(below.message).toMatch(/^De voorraad kan niet onder 0 komen/);
    expect(below.fieldErrors).toEqual({ delta: [below.message] });
    const noReason = await refused(await adjust(productId, { quantity: 5, reason: 'x' }), 400);
    expect(noReason.fieldErrors?.reason).toEqual([STOCK_MESSAGES.REASON]);
    const both = await refused(await adjust(productId, { quantity: 5, delta: 2, reason: 'Allebei' }), 400);
    expect(both.fieldErrors?.quantity).toEqual([STOCK_MESSAGES.ONE_OF]);
    expect((await refused(await adjust(productId, { quantity: start, reason: 'Gelijk' }), 409)).message).toBe(
      STOCK_MESSAGES.UNCHANGED,
    );
    expect((await refused(await adjust(999_999, { delta: 1, reason: 'Onbekend' }), 404)).message).toBe(
      STOCK_MESSAGES.NOT_FOUND,
    );
    expect(await stockOf(productId)).toBe(start);
    expect((await history(productId)).changes).toEqual([]);
    const audit = auditPageSchema.parse(
      await answered(await call(admin, 'GET', `/backoffice/audit?action=stock.adjust&objectId=${productId}`)),
    );
    expect(audit.entries).toEqual([]);
    // Support may read the stock, not change it.
    const support = await newStaff(rt, mails, 'voorraad-support@example.nl', 'support', '192.0.2.63');
    await answered(await call(support, 'GET', `/backoffice/stock/${productId}/changes`));
    await refused(await adjust(productId, { delta: 1, reason: 'Mag niet' }, support), 403);
  });

  it('keeps orders and their cancellation in the history, without a staff member', async () => {
    const productId = await idOf('SB-VMBOB-WI-2027');
    const start = await stockOf(productId);
    await rt.database.db.transaction(async (tx) => {
      expect(await reserveStock(tx, productId, 2)).toBeTruthy();
    });
    await rt.database.db.transaction((tx) => releaseStock(tx, productId, 2));
    const { changes } = await history(productId);
    expect(changes.map((c) => [c.kind, c.from, c.to, c.staff, c.reason])).toEqual([
      ['release', start - 2, start, null, null],
      ['order', start, start - 2, null, null],
    ]);
  });

  it('lists low stock, and finds products by name or SKU', async () => {
    const low = stockPageSchema.parse(await answered(await call(finance, 'GET', '/backoffice/stock?low=1')));
    expect(low.products.length).toBeGreaterThan(0);
    expect(low.products.every((p) => p.low && p.orderable && p.quantity <= 10)).toBe(true);
    expect(low.products.map((p) => p.sku)).toContain('SB-HAVO-AK-2027');
    const found = stockPageSchema.parse(
      await answered(await call(finance, 'GET', `/backoffice/stock?q=${encodeURIComponent('aardrijkskunde havo')}`)),
    );
    expect(found.products.map((p) => p.sku)).toContain('SB-HAVO-AK-2027');
    const bySku = stockPageSchema.parse(await answered(await call(finance, 'GET', '/backoffice/stock?q=sb-havo-ak')));
    expect(bySku.products.every((p) => p.sku.startsWith('SB-HAVO-AK'))).toBe(true);
    const all = stockPageSchema.parse(await answered(await call(finance, 'GET', '/backoffice/stock')));
    expect(all.products.length).toBeGreaterThan(low.products.length);
    const bad = await refused(await call(finance, 'GET', '/backoffice/stock?low=ja'), 400);
    expect(bad.fieldErrors?.low).toEqual([STOCK_MESSAGES.QUERY]);
  });
});

describe('stock back from zero', () => {
  it('queues the back-in-stock sweep at once and mails each request once, however often stock comes back', async () => {
    const sku = 'SB-VMBOK-BI-2027';
    const productId = await idOf(sku);
    expect(await stockOf(productId)).toBe(0);
    for (const email of ['wacht-een@example.nl', 'wacht-twee@example.nl']) {
      expect((await requestStockNotice(rt.services, { productId, email })).ok).toBe(true);
    }
    const subject = (await rt.database.db.select().from(products).where(eq(products.id, productId)))[0]!.name;
    const sent = () => mails.filter((m) => m.subject === `${subject} is weer op voorraad`).map((m) => m.to);

    queued.length = 0;
    await answered(await adjust(productId, { quantity: 5, reason: 'Herdruk binnen' }));
    expect(queued).toContain('back-in-stock');
    // Two sweeps at once (the job and its 5-minute run): one mail each.
    await Promise.all([sendBackInStockNotices(rt.services), sendBackInStockNotices(rt.services)]);
    expect(sent().sort()).toEqual(['wacht-een@example.nl', 'wacht-twee@example.nl']);

    // Sold out and back again: the requests were mailed and are gone, nobody is mailed twice.
    await answered(await adjust(productId, { quantity: 0, reason: 'Alles verkocht' }));
    queued.length = 0;
    await answered(await adjust(productId, { delta: 3, reason: 'Retouren terug op voorraad' }));
    expect(queued).toContain('back-in-stock');
    await sendBackInStockNotices(rt.services);
    expect(sent().sort()).toEqual(['wacht-een@example.nl', 'wacht-twee@example.nl']);
    expect(await rt.database.db.select().from(stockNotices).where(eq(stockNotices.productId, productId))).toEqual([]);

    // Up from above zero: no sweep queued.
    queued.length = 0;
    await answered(await adjust(productId, { delta: 1, reason: 'Nog een gevonden' }));
    expect(queued).not.toContain('back-in-stock');
  });
});

describe('concurrent adjustments', () => {
  it('each counts once, with one history row each', async () => {
    const productId = await idOf('SB-VMBOB-NASK1-2027');
    const start = await stockOf(productId);
    const actor = { userId: finance.id, role: 'finance' as const, email: 'f@example.nl', name: 'F' };
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        adjustProductStock(rt.services, actor, productId, {
          delta: i % 3 === 0 ? -1 : 2,
          reason: `Gelijktijdig ${i}`,
        }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await stockOf(productId)).toBe(start + 4 * -1 + 8 * 2);
    const rows = await rt.database.db
      .select()
      .from(stockChanges)
      .where(eq(stockChanges.productId, productId))
      .orderBy(stockChanges.id);
    expect(rows).toHaveLength(12);
    // A chain: each change starts where the one before ended.
    expect(rows[0]!.fromQuantity).toBe(start);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.fromQuantity).toBe(rows[i - 1]!.toQuantity);
    expect(rows.at(-1)!.toQuantity).toBe(start + 12);
  });
});

describe('the demo data', () => {
  it('seeds a history by the demo finance member once, with a product low in stock', async () => {
    const { secret } = await rt.deps.auth!.$context;
    await seedDemoStaff(rt.database.db, secret, PASSWORD);
    expect(await seedDemoStock(rt.database.db)).toBe(3);
    expect(await seedDemoStock(rt.database.db)).toBe(0);
    const page = await history(await idOf(DEMO_STOCK_CHANGES[0]!.sku));
    expect(page.product).toMatchObject({ quantity: 4, low: true });
    expect(page.changes.map((c) => [c.staff, c.reason])).toEqual([
      ['Fleur Financiën', DEMO_STOCK_CHANGES[0]!.changes[1]!.reason],
      ['Fleur Financiën', DEMO_STOCK_CHANGES[0]!.changes[0]!.reason],
    ]);
  });
});
