/**
 * "Mail me als het er weer is": a sold-out product takes an address (form page and API, one
 * schema, rate limited), the back-in-stock sweep mails it once when the stock is above zero
 * again and deletes it, and the delete link removes it before that.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '#app/modules/catalog/db/tables.ts';
import { stockNotices } from '#app/modules/stock-notices/db/tables.ts';
import {
  cancelStockNotice,
  findStockNotice,
  sendBackInStockNotices,
} from '#app/modules/stock-notices/server/stock-notices.server.ts';
import { ORIGIN, useMails } from './accounts.ts';
import { useTestRuntime } from './test-db.ts';

const SOLD_OUT = 'SB-HAVO-AK-2027';
const rt = useTestRuntime({ env: { TRUST_PROXY: '1' } });
const mails = useMails(rt);
let client = 0;

const idOf = async (sku: string) =>
  (await rt().deps.db.select({ id: products.id }).from(products).where(eq(products.sku, sku)))[0]!.id;
const setStock = (sku: string, totalQuantity: number) =>
  rt().deps.db.update(products).set({ totalQuantity }).where(eq(products.sku, sku));

function post(body: unknown, ip = `198.51.100.${(client += 1)}`) {
  return rt().app.request('/api/v1/stock-notices', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
}

describe('stock notices', () => {
  it('stores an address for a sold-out product once, and refuses one in stock or no longer sold in Dutch', async () => {
    const productId = await idOf(SOLD_OUT);
    const first = await post({ productId, email: ' Ouder@Example.nl ' });
    expect(first.status).toBe(201);
    const { token, message } = (await first.json()) as { token: string; message: string };
    expect(message).toBe(
      'Gelukt! We mailen je één keer zodra Slaagbundel Aardrijkskunde havo 2027 weer op voorraad is.',
    );
    // Asked again: the same answer, the same row.
    const again = (await (await post({ productId, email: 'ouder@example.nl' })).json()) as { token: string };
    expect(again.token).toBe(token);
    const rows = await rt().deps.db.select().from(stockNotices).where(eq(stockNotices.productId, productId));
    expect(rows.map((r) => r.email)).toEqual(['ouder@example.nl']);

    const inStock = await post({ productId: await idOf('SB-HAVO-EN-2027'), email: 'a@example.nl' });
    expect(inStock.status).toBe(409);
    expect(await inStock.json()).toMatchObject({
      message: 'Dit product is weer op voorraad: je kunt het nu bestellen.',
    });
    const old = await post({ productId: await idOf('SB-HAVO-WA-2026'), email: 'a@example.nl' });
    expect(old.status).toBe(409);
    expect((await post({ productId: 987_654, email: 'a@example.nl' })).status).toBe(404);
    const bad = await post({ productId, email: 'geen-mail' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fieldErrors: { email: ['Voer een geldig e-mailadres in.'] } });
  });

  it('mails each address once when the stock is above zero again, then forgets it', async () => {
    const productId = await idOf('SB-VWO-GS-2027');
    await post({ productId, email: 'een@example.nl' });
    const { token } = (await (await post({ productId, email: 'twee@example.nl' })).json()) as { token: string };
    // Still sold out: nothing.
    expect((await sendBackInStockNotices(rt().services)).mailed).toBe(0);
    // The second one changed their mind.
    expect(await findStockNotice(rt().services, token)).toEqual({ productName: 'Slaagbundel Geschiedenis vwo 2027' });
    expect(await cancelStockNotice(rt().services, token)).toBe(true);
    expect(await cancelStockNotice(rt().services, token)).toBe(false);

    await setStock('SB-VWO-GS-2027', 12);
    await sendBackInStockNotices(rt().services);
    await sendBackInStockNotices(rt().services);
    const sent = mails.filter((m) => m.subject === 'Slaagbundel Geschiedenis vwo 2027 is weer op voorraad');
    expect(sent.map((m) => m.to)).toEqual(['een@example.nl']);
    expect(sent[0]!.text).toMatch(
      new RegExp(`http://localhost/producten/${productId}/slaagbundel-geschiedenis-vwo-2027`),
    );
    expect(sent[0]!.text).toContain('We hebben je e-mailadres nu verwijderd');
    expect(await rt().deps.db.select().from(stockNotices).where(eq(stockNotices.productId, productId))).toEqual([]);
  });

  it('deletes addresses kept a year without the product coming back', async () => {
    const productId = await idOf(SOLD_OUT);
    await post({ productId, email: 'oud@example.nl' });
    const inAYear = new Date(Date.now() + 366 * 86_400_000);
    expect((await sendBackInStockNotices(rt().services, inAYear)).purged).toBeGreaterThanOrEqual(1);
    expect(await rt().deps.db.select().from(stockNotices).where(eq(stockNotices.productId, productId))).toEqual([]);
  });

  it('limits anonymous sign-ups per client like the other anonymous writes', async () => {
    const productId = await idOf(SOLD_OUT);
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await post({ productId, email: `x${i}@example.nl` }, '203.0.113.9')).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
