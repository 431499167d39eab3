/**
 * The shop over HTTP: the cart with its stacking discount, the
 * checkout priced on the server, stock that can never be oversold, payments
 * whose webhooks are idempotent, and orders nobody else can see.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bundles } from '#app/modules/bundles/db/tables.ts';
import { products } from '#app/modules/catalog/db/tables.ts';
import { orderEvents, orders, payments } from '#app/modules/shop/db/tables.ts';
import { licenseCodes } from '#app/modules/licenses/db/tables.ts';
import { subjectAccess } from '#app/modules/cards/db/tables.ts';
import type { DemoPaymentProvider } from '#app/modules/demo-payments/server/provider.server.ts';
import { cartEnvelopeSchema } from '#app/modules/shop/schemas/cart.ts';
import { MAX_CART_LINES } from '#app/modules/shop/domain/cart.ts';
import { checkoutRedirectSchema, orderEnvelopeSchema, orderListSchema } from '#app/modules/shop/schemas/order.ts';
import { cancelStaleOrders } from '#app/modules/shop/server/orders.server.ts';
import { fulfilOrder, unlockedSubjects } from '#app/modules/licenses/server/fulfilment.server.ts';
import { signedInUser, useMails } from './accounts.ts';
import { apiBrowser, useShop } from './shop-client.ts';
import { useTestRuntime } from './test-db.ts';

const rt = useTestRuntime({ env: { TRUST_PROXY: '1' } });
const mails = useMails(rt);
const { id, nextClient, setStock, stockOf } = useShop(rt);

/** A browser: its own cookies and client address. */
function browser(cookie = '') {
  const client = apiBrowser(rt(), nextClient(), cookie);
  return {
    ...client,
    async cart() {
      return cartEnvelopeSchema.parse(await (await this.call('GET', '/cart')).json()).cart;
    },
    async add(sku: string, quantity = 1) {
      return this.call('POST', '/cart/items', { productId: id(sku), quantity });
    },
  };
}

const DETAILS = {
  email: 'Ouder@Example.nl',
  firstName: 'Sanne',
  lastName: 'de Vries',
  street: 'Oudegracht',
  houseNumber: '12',
  postcode: '3511ab',
  city: 'Utrecht',
  terms: true,
};

describe('the cart', () => {
  it('stacks the discount: 1, 2, 3 and 4 products give 0, 5, 10 and 15 % with the VAT inside', async () => {
    const b = browser();
    const skus = ['SB-HAVO-NE-2027', 'SB-HAVO-EN-2027', 'SB-HAVO-WA-2027', 'SB-HAVO-WB-2027'];
    const prices = [2795, 2795, 2895, 2895];
    const expected = [0, 5, 10, 15];
    for (const [i, sku] of skus.entries()) {
      const res = await b.add(sku);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const { cart } = cartEnvelopeSchema.parse(await res.json());
      const subtotal = prices.slice(0, i + 1).reduce((a, p) => a + p, 0);
      const discount = prices.slice(0, i + 1).reduce((a, p) => a + Math.floor((p * expected[i]!) / 100 + 0.5), 0);
      expect(cart).toMatchObject({
        itemCount: i + 1,
        subtotalCents: subtotal,
        discountPercentage: expected[i],
        discountNetCents: discount,
        totalCents: subtotal - discount,
      });
      // Shipping is free from € 35; the VAT is 9 % of the grand total, included.
      expect(cart.shippingCents).toBe(subtotal - discount >= 3500 ? 0 : 395);
      expect(cart.vatCents).toBe(cart.grandTotalCents - Math.round((cart.grandTotalCents * 100) / 109));
      expect(b.jar.get('slaagbundel.cart_count')).toBe(String(i + 1));
    }
    expect((await b.cart()).nextTierText).toBeNull();
  });

  it('ignores a price sent by the client', async () => {
    const b = browser();
    const res = await b.call('POST', '/cart/items', {
      productId: id('SB-VWO-NE-2027'),
      quantity: 1,
      priceCents: 1,
      unitPriceCents: 1,
    });
    const { cart } = cartEnvelopeSchema.parse(await res.json());
    expect(cart.lines[0]!.unitPriceCents).toBe(2995);
    expect(cart.totalCents).toBe(2995);
  });

  it('adds a bundle one of each in one go, leaving out what cannot be ordered; nothing orderable is a 409', async () => {
    const [bundle] = await rt()
      .deps.db.select({ id: bundles.id })
      .from(bundles)
      .where(eq(bundles.slug, 'voordeelpakket-vwo-nederlands-engels-wiskunde-b-natuurkunde'));
    const skus = ['SB-VWO-NE-2027', 'SB-VWO-EN-2027', 'SB-VWO-WB-2027', 'SB-VWO-NA-2027'];
    const stock = await Promise.all(skus.map(stockOf));
    try {
      await setStock('SB-VWO-NA-2027', 0);
      const b = browser();
      const first = await b.call('POST', '/cart/bundles', { bundleId: bundle!.id });
      expect(first.status).toBe(200);
      const lines = () => b.cart().then((cart) => cart.lines.map((l) => [l.productId, l.quantity]).sort());
      expect(await lines()).toEqual(
        skus
          .slice(0, 3)
          .map((sku) => [id(sku), 1])
          .sort(),
      );
      await b.call('POST', '/cart/bundles', { bundleId: bundle!.id });
      expect(await lines()).toEqual(
        skus
          .slice(0, 3)
          .map((sku) => [id(sku), 2])
          .sort(),
      );

      for (const sku of skus) await setStock(sku, 0);
      const none = await browser().call('POST', '/cart/bundles', { bundleId: bundle!.id });
      expect(none.status).toBe(409);
    } finally {
      for (const [i, sku] of skus.entries()) await setStock(sku, stock[i]!);
    }
  });

  it('changes and removes lines, and refuses what cannot be ordered with a Dutch 4xx', async () => {
    const b = browser();
    await b.add('SB-VWO-EN-2027');
    const updated = await b.call('PATCH', `/cart/items/${id('SB-VWO-EN-2027')}`, { quantity: 3 });
    expect(cartEnvelopeSchema.parse(await updated.json()).cart).toMatchObject({ itemCount: 3, discountPercentage: 10 });
    const tooMany = await b.call('PATCH', `/cart/items/${id('SB-VWO-EN-2027')}`, { quantity: 11 });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.quantity).toEqual([
      'Kies een aantal van 1 tot en met 10.',
    ]);
    const soldOut = await b.add('SB-HAVO-AK-2027');
    expect(soldOut.status).toBe(409);
    expect(await soldOut.json()).toMatchObject({ error: 'conflict', message: 'Dit product is tijdelijk uitverkocht.' });
    const notOrderable = await b.add('SB-VMBOB-EC-2027');
    expect(notOrderable.status).toBe(409);
    expect(await notOrderable.json()).toMatchObject({ message: 'Dit product is niet meer te bestellen.' });
    expect((await b.add('SB-NOPE')) /* unknown id */.status).toBe(400);
    const removed = await b.call('DELETE', `/cart/items/${id('SB-VWO-EN-2027')}`);
    expect(cartEnvelopeSchema.parse(await removed.json()).cart.itemCount).toBe(0);
    expect((await b.call('DELETE', `/cart/items/${id('SB-VWO-EN-2027')}`)).status).toBe(404);
  });

  it('refuses a class licence with a Dutch 409: sold to schools on a quote, whatever its row says', async () => {
    const licence = 'SB-KLAS-HAVO-WB-2027';
    const quoteOnly =
      'Een klaslicentie bestel je niet in de winkelwagen: scholen betalen op factuur. Vraag op de pagina van de klaslicentie een offerte aan.';
    const b = browser();
    const refused = await b.add(licence);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: 'conflict',
      message: quoteOnly,
      fieldErrors: { productId: [quoteOnly] },
    });
    // Even marked orderable with stock (an editor's slip), it never goes in a cart.
    const [row] = await rt().deps.db.select().from(products).where(eq(products.sku, licence));
    try {
      await rt().deps.db.update(products).set({ isOrderable: 'Y', totalQuantity: 50 }).where(eq(products.sku, licence));
      expect((await b.add(licence)).status).toBe(409);
    } finally {
      await rt()
        .deps.db.update(products)
        .set({ isOrderable: row!.isOrderable, totalQuantity: row!.totalQuantity })
        .where(eq(products.sku, licence));
    }
    expect((await b.cart()).itemCount).toBe(0);
  });

  it('holds at most 40 different products, also when many are added at once', async () => {
    // Five more products than fit (and fewer calls than a visitor's cart limit of 60 a minute).
    const orderable = (
      await rt()
        .deps.db.select({ sku: products.sku })
        .from(products)
        .where(and(eq(products.isOrderable, 'Y'), gt(products.totalQuantity, 0)))
    ).slice(0, MAX_CART_LINES + 5);
    expect(orderable).toHaveLength(MAX_CART_LINES + 5);
    const b = browser();
    await b.add(orderable[0]!.sku); // the cart (and its cookie) first, so every add below meets the same cart
    const answers = await Promise.all(orderable.slice(1).map((row) => b.add(row.sku)));
    const refused = answers.filter((res) => res.status === 409);
    expect(answers.filter((res) => res.status === 200)).toHaveLength(MAX_CART_LINES - 1);
    expect(refused).toHaveLength(orderable.length - MAX_CART_LINES);
    expect(await refused[0]!.json()).toMatchObject({
      message: 'Je winkelwagen is vol: er passen 40 verschillende producten in.',
    });
    expect((await b.cart()).lines).toHaveLength(MAX_CART_LINES);
    // A product already in the full cart can still be added to.
    expect((await b.add(orderable[0]!.sku)).status).toBe(200);
  });

  it('is never another browser’s: no cookie, a forged one or a copied id without its signature see an empty cart', async () => {
    const owner = browser();
    await owner.add('SB-VWO-WA-2027');
    const signed = owner.jar.get('slaagbundel.cart')!;
    const cartId = decodeURIComponent(signed).split('.')[0]!;
    for (const cookie of [
      '',
      `slaagbundel.cart=${cartId}`,
      `slaagbundel.cart=${cartId}.AAAA`,
      'slaagbundel.cart=x.y',
    ]) {
      const other = browser(cookie);
      expect((await other.cart()).lines, cookie || 'no cookie').toEqual([]);
      // A change goes to a cart of its own, never to the owner's.
      await other.add('SB-VWO-NE-2027');
    }
    expect((await owner.cart()).lines.map((l) => l.productId)).toEqual([id('SB-VWO-WA-2027')]);
  });

  it('follows the account: a visitor’s cart merges into the user’s on sign-in, and another user never sees it', async () => {
    const client = nextClient();
    const session = await signedInUser(rt(), mails, 'koper@example.nl', { 'x-forwarded-for': client });
    const user = browser(session);
    await user.add('SB-HAVO-BI-2027');
    const visitor = browser();
    await visitor.add('SB-HAVO-EC-2027');
    await visitor.add('SB-HAVO-BI-2027');
    // The visitor signs in: same browser, now with the session cookie.
    visitor.jar.set(...(session.split('=', 2) as [string, string]));
    const merged = await visitor.cart();
    expect(merged.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [id('SB-HAVO-BI-2027'), 2],
      [id('SB-HAVO-EC-2027'), 1],
    ]);
    expect(visitor.jar.has('slaagbundel.cart')).toBe(false);
    expect((await user.cart()).itemCount).toBe(3);
    const otherSession = await signedInUser(rt(), mails, 'ander@example.nl', { 'x-forwarded-for': nextClient() });
    expect((await browser(otherSession).cart()).lines).toEqual([]);
  });
});

async function placeOrder(b: ReturnType<typeof browser>, body: Record<string, unknown> = DETAILS) {
  return b.call('POST', '/orders', body);
}

describe('checkout', () => {
  it('prices the order on the server: prices, totals and lines in the body are ignored', async () => {
    const b = browser();
    await b.add('SB-VWO-WB-2027');
    await b.add('SB-VWO-NA-2027');
    const res = await placeOrder(b, {
      ...DETAILS,
      totalCents: 1,
      discountCents: 99999,
      lines: [{ productId: id('SB-VWO-WB-2027'), unitPriceCents: 1, quantity: 1 }],
    });
    expect(res.status).toBe(201);
    const { order } = orderEnvelopeSchema.parse(await res.json());
    // 2995 + 2900 = 5895, 5 % off per line: 150 + 145.
    expect(order).toMatchObject({
      status: 'pending',
      email: 'ouder@example.nl',
      subtotalCents: 5895,
      discountPercent: 5,
      discountCents: 295,
      shippingCents: 0,
      totalCents: 5600,
      vatCents: 5600 - Math.round(560000 / 109),
      billingAddress: ['Oudegracht 12', '3511 AB Utrecht'],
    });
    expect(order.number).toMatch(/^SB\d{2}-\d{6}$/);
    // The cart is empty now, and so is the header's count.
    expect(b.jar.get('slaagbundel.cart_count')).toBe('0');
    expect((await b.cart()).itemCount).toBe(0);
  });

  it('stores an address typed with characters PostgreSQL cannot hold without them, never a 500', async () => {
    const b = browser();
    await b.add('SB-VWO-WB-2027');
    const res = await placeOrder(b, {
      ...DETAILS,
      firstName: 'San\u0000ne',
      street: 'Oudegracht\ud800',
      city: 'Utr\u0000echt',
    });
    expect(res.status).toBe(201);
    const { order } = orderEnvelopeSchema.parse(await res.json());
    expect(order.name).toBe('Sanne de Vries');
    expect(order.billingAddress).toEqual(['Oudegracht\ufffd 12', '3511 AB Utrecht']);
  });

  it('answers 400 with the §5 messages and 409 for an empty cart', async () => {
    const b = browser();
    const bad = await placeOrder(b, {
      ...DETAILS,
      postcode: '12345',
      houseNumber: '12a',
      houseNumberExtension: '#1',
      terms: false,
      differentDelivery: true,
      deliveryHouseNumber: '123456',
    });
    expect(bad.status).toBe(400);
    const { fieldErrors } = (await bad.json()) as { fieldErrors: Record<string, string[]> };
    expect(fieldErrors).toMatchObject({
      postcode: ['Voer een postcode in, bijvoorbeeld: 1234 AA'],
      houseNumber: ['Huisnummer mag alleen cijfers bevatten'],
      houseNumberExtension: ['De toevoeging mag geen # bevatten'],
      terms: ['Dit veld is verplicht.'],
      deliveryHouseNumber: ['Maximaal 5 cijfers'],
      deliveryStreet: ['Dit veld is verplicht'],
    });
    const empty = await placeOrder(b);
    expect(empty.status).toBe(409);
    expect(await empty.json()).toMatchObject({ message: 'Je winkelwagen is leeg.' });
  });

  it('refuses house number 0 (or one starting with 0) in Dutch, also for the delivery address', async () => {
    const b = browser();
    await b.add('SB-HAVO-EN-2027');
    const bad = await placeOrder(b, {
      ...DETAILS,
      houseNumber: '0',
      differentDelivery: true,
      deliveryHouseNumber: '012',
    });
    expect(bad.status).toBe(400);
    const { fieldErrors } = (await bad.json()) as { fieldErrors: Record<string, string[]> };
    expect(fieldErrors).toMatchObject({
      houseNumber: ['Een huisnummer begint niet met een 0.'],
      deliveryHouseNumber: ['Een huisnummer begint niet met een 0.'],
    });
  });

  it('sells exactly the stock when (stock + 50) buyers check out at once', async () => {
    const sku = 'SB-VWO-SK-2027';
    const stock = 5;
    await setStock(sku, stock);
    const buyers = Array.from({ length: stock + 50 }, () => browser());
    for (const b of buyers) expect((await b.add(sku)).status).toBe(200);
    const results = await Promise.all(buyers.map((b) => placeOrder(b)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(stock);
    expect(statuses.filter((s) => s === 409)).toHaveLength(50);
    expect(await stockOf(sku)).toBe(0);
    const refused = await results.find((r) => r.status === 409)!.json();
    expect(refused).toMatchObject({ error: 'conflict' });
    expect((refused as { message: string }).message).toMatch(/uitverkocht/);
  });
});

describe('payment', () => {
  const demo = () => rt().deps.payments as DemoPaymentProvider;

  async function pendingOrder(b = browser(), sku = 'SB-HAVO-WB-2027') {
    await b.add(sku);
    const { order } = orderEnvelopeSchema.parse(await (await placeOrder(b)).json());
    const code = new URLSearchParams(order.accessQuery).get('code')!;
    return { b, order, code };
  }
  async function startPayment(b: ReturnType<typeof browser>, number: string, code: string) {
    const res = await b.call('POST', `/orders/${number}/payments?code=${code}`, { method: 'ideal' });
    expect(res.status).toBe(201);
    const { checkoutUrl } = checkoutRedirectSchema.parse(await res.json());
    return checkoutUrl.split('/').at(-1)!;
  }
  const webhook = (paymentId: string) =>
    rt().app.request('/api/v1/payments/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.10' },
      body: `id=${paymentId}`,
    });
  const eventsOf = async (orderNumber: string) => {
    const [order] = await rt().deps.db.select().from(orders).where(eq(orders.number, orderNumber));
    return rt().deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
  };

  it('moves the order once however often and in whatever order the webhooks arrive', async () => {
    const { b, order, code } = await pendingOrder();
    const first = await startPayment(b, order.number, code);
    // The buyer presses twice: the open payment is taken up again, not a second one made.
    expect(await startPayment(b, order.number, code)).toBe(first);
    await demo().settle(first, 'failed');
    // After a failed payment, a new one.
    const second = await startPayment(b, order.number, code);
    expect(second).not.toBe(first);
    await demo().settle(second, 'paid');
    // Delivered three times, the late "failed" in between, two at the same moment.
    const answers = await Promise.all([webhook(second), webhook(first), webhook(second)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const events = await eventsOf(order.number);
    expect(events.map((e) => `${e.fromStatus}→${e.toStatus}`)).toEqual(['null→pending', 'pending→paid']);
    const stored = await rt()
      .deps.db.select()
      .from(payments)
      .where(inArray(payments.id, [first, second]));
    expect(Object.fromEntries(stored.map((p) => [p.id, p.status]))).toEqual({ [first]: 'failed', [second]: 'paid' });
    // A paid payment is final: the provider saying otherwise later changes nothing.
    await webhook(second);
    expect(await eventsOf(order.number)).toHaveLength(2);
    const seen = orderEnvelopeSchema.parse(await (await b.call('GET', `/orders/${order.number}?code=${code}`)).json());
    expect(seen.order).toMatchObject({ status: 'paid', paymentStatus: 'paid', paymentMethod: 'iDEAL' });
    // Paying again is refused.
    const again = await b.call('POST', `/orders/${order.number}/payments?code=${code}`, { method: 'ideal' });
    expect(again.status).toBe(409);
  });

  it('leaves a pending order pending after a failed payment, and ignores unknown payments', async () => {
    const { b, order, code } = await pendingOrder();
    const paymentId = await startPayment(b, order.number, code);
    await demo().settle(paymentId, 'failed');
    expect((await webhook(paymentId)).status).toBe(200);
    expect((await eventsOf(order.number)).map((e) => e.toStatus)).toEqual(['pending']);
    expect((await webhook('tr_unknown1')).status).toBe(200);
    const json = await rt().app.request('/api/v1/payments/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: paymentId }),
    });
    expect(json.status).toBe(415);
  });

  it('mails the buyer once a link to pay the order after a failed, cancelled or expired payment', async () => {
    const { b, order, code } = await pendingOrder(browser(), 'SB-HAVO-EC-2027');
    const subject = `Je bestelling ${order.number} is nog niet betaald`;
    const first = await startPayment(b, order.number, code);
    await demo().settle(first, 'failed');
    await webhook(first);
    await webhook(first);
    const retry = mails.filter((m) => m.subject === subject);
    expect(retry).toHaveLength(1);
    expect(retry[0]!.to).toBe('ouder@example.nl');
    expect(retry[0]!.text).toContain('De betaling is mislukt.');
    expect(retry[0]!.text).toContain(`http://localhost/afrekenen/betalen${order.accessQuery}`);
    expect(retry[0]!.text).toMatch(/staat nog voor je klaar tot \w+dag \d+ \w+ \d{4} om \d\d:\d\d uur/);
    // The order still waits for a payment.
    const page = await b.call('GET', `/orders/${order.number}?code=${code}`);
    expect(orderEnvelopeSchema.parse(await page.json()).order).toMatchObject({
      status: 'pending',
      paymentStatus: 'failed',
    });
    // A second attempt that is cancelled sends no second mail.
    const second = await startPayment(b, order.number, code);
    await demo().settle(second, 'canceled');
    await webhook(second);
    expect(mails.filter((m) => m.subject === subject)).toHaveLength(1);
    // A paid order gets none.
    const paid = await pendingOrder(browser(), 'SB-HAVO-EC-2027');
    const paidPayment = await startPayment(paid.b, paid.order.number, paid.code);
    await demo().settle(paidPayment, 'paid');
    await webhook(paidPayment);
    expect(mails.filter((m) => m.subject === `Je bestelling ${paid.order.number} is nog niet betaald`)).toHaveLength(0);
  });

  it('gives a signed-in buyer access, a guest licence codes, and mails the order with its VAT lines', async () => {
    const session = await signedInUser(rt(), mails, 'leerling-koper@example.nl', { 'x-forwarded-for': nextClient() });
    const { b, order, code } = await pendingOrder(browser(session), 'SB-HAVO-NE-2027');
    const paymentId = await startPayment(b, order.number, code);
    await demo().settle(paymentId, 'paid');
    await webhook(paymentId);
    const [row] = await rt().deps.db.select().from(orders).where(eq(orders.number, order.number));
    expect(row!.fulfilmentQueuedAt).not.toBeNull();
    // The job the webhook queued (run here the way the queue runs it).
    // The confirmation links to the subject only once the access is there.
    expect((await unlockedSubjects(rt().services, row!)).ready).toBe(false);
    expect(await fulfilOrder(rt().services, row!.id)).toEqual({ codes: 0, access: 1 });
    const [fulfilled] = await rt().deps.db.select().from(orders).where(eq(orders.number, order.number));
    expect(await unlockedSubjects(rt().services, fulfilled!)).toEqual({
      ready: true,
      subjects: [
        { title: 'Nederlands havo', href: expect.stringMatching(/^\/mijnslaagbundel\/\d+\/nederlands-havo$/) },
      ],
    });
    const access = await rt().deps.db.select().from(subjectAccess).where(eq(subjectAccess.userId, row!.userId!));
    expect(access.map((a) => [a.stream, a.source])).toEqual([['full', 'order']]);
    const mail = mails.findLast((m) => m.subject === `Je bestelling ${order.number} is betaald`);
    expect(mail?.text).toMatch(/Btw 9%: €\s2,63/);
    expect(mail?.text).toMatch(/Bedrag excl. btw: €\s29,27/);

    const guest = await pendingOrder(browser(), 'SB-VWO-WB-2027');
    const guestPayment = await startPayment(guest.b, guest.order.number, guest.code);
    await demo().settle(guestPayment, 'paid');
    await webhook(guestPayment);
    const [guestRow] = await rt().deps.db.select().from(orders).where(eq(orders.number, guest.order.number));
    expect(await fulfilOrder(rt().services, guestRow!.id)).toMatchObject({ codes: 1, access: 0 });
    // A guest gets codes to redeem, no subject to link to.
    expect((await unlockedSubjects(rt().services, guestRow!)).subjects).toEqual([]);
    // Run twice (a retry): no second code.
    expect(await fulfilOrder(rt().services, guestRow!.id)).toMatchObject({ codes: 1 });
    const seen = orderEnvelopeSchema.parse(
      await (await guest.b.call('GET', `/orders/${guest.order.number}?code=${guest.code}`)).json(),
    ).order;
    expect(seen.licenseCodes).toHaveLength(1);
    expect(seen.licenseCodes[0]!.code).toMatch(/^SB-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    // The guest's mail has the code, how to redeem it, and (as the confirmation page) to pass it on to a child.
    const guestMail = mails.findLast((m) => m.subject === `Je bestelling ${guest.order.number} is betaald`);
    expect(guestMail?.text).toContain(`  ${seen.licenseCodes[0]!.code}  (`);
    expect(guestMail?.text).toContain('vul de code in bij Account > Mijn vakken en boeken.');
    expect(guestMail?.text).toContain('Bestel je voor je kind? Geef de code door, dan vult je kind hem in.');
    // A signed-in buyer gets the access itself, no code: nothing to pass on.
    expect(mail?.text).not.toContain('Geef de code door');
  });

  it('fulfils once however many deliveries arrive at once: one job, one mail, exactly the ordered codes', async () => {
    const b = browser();
    await b.add('SB-VWO-WA-2027', 3);
    const { order } = orderEnvelopeSchema.parse(await (await placeOrder(b)).json());
    const code = new URLSearchParams(order.accessQuery).get('code')!;
    const paymentId = await startPayment(b, order.number, code);
    await demo().settle(paymentId, 'paid');
    const queued: (string | null)[] = [];
    const enqueue = rt().deps.jobs.enqueue;
    rt().deps.jobs.enqueue = async (name, payload, options) => {
      const id = await enqueue(name, payload, options);
      if (name === 'fulfil-order') queued.push(id);
      return id;
    };
    try {
      const answers = await Promise.all(Array.from({ length: 40 }, () => webhook(paymentId)));
      expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
    } finally {
      rt().deps.jobs.enqueue = enqueue;
    }
    // Every delivery asked; the queue kept one job.
    expect(queued.filter((id) => id !== null)).toHaveLength(1);
    const [row] = await rt().deps.db.select().from(orders).where(eq(orders.number, order.number));
    // The job run by ten workers at once (as after a retry): the work and the mail happen once.
    const mailsBefore = mails.length;
    const runs = await Promise.all(Array.from({ length: 10 }, () => fulfilOrder(rt().services, row!.id)));
    expect(runs.every((run) => run.codes === 3)).toBe(true);
    const codes = await rt().deps.db.select().from(licenseCodes).where(eq(licenseCodes.orderId, row!.id));
    expect(codes.map((c) => c.copy).sort()).toEqual([0, 1, 2]);
    const confirmations = mails
      .slice(mailsBefore)
      .filter((m) => m.subject === `Je bestelling ${order.number} is betaald`);
    expect(confirmations).toHaveLength(1);
    // The database itself refuses a second code for a copy.
    const [first] = codes;
    await expect(
      rt()
        .deps.db.insert(licenseCodes)
        .values({ ...first!, code: 'SB-TEST-TEST-TEST', redeemedBy: null, redeemedAt: null }),
    ).rejects.toThrow();
  });

  it('cancels orders unpaid for 30 minutes and puts the stock back', async () => {
    const sku = 'SB-HAVO-EC-2027';
    const before = await stockOf(sku);
    const { order } = await pendingOrder(browser(), sku);
    expect(await stockOf(sku)).toBe(before - 1);
    await cancelStaleOrders(rt().services, new Date(Date.now() + 29 * 60_000));
    expect((await eventsOf(order.number)).map((e) => e.toStatus)).toEqual(['pending']);
    const { cancelled } = await cancelStaleOrders(rt().services, new Date(Date.now() + 31 * 60_000));
    expect(cancelled).toBeGreaterThanOrEqual(1);
    expect(await stockOf(sku)).toBeGreaterThanOrEqual(before);
    expect((await eventsOf(order.number)).map((e) => e.toStatus)).toEqual(['pending', 'cancelled']);
  });
});

describe('orders are private', () => {
  it('only the code of the confirmation link or the signed-in owner opens an order', async () => {
    const ownerSession = await signedInUser(rt(), mails, 'eigenaar@example.nl', { 'x-forwarded-for': nextClient() });
    const owner = browser(ownerSession);
    await owner.add('SB-VWO-NE-2027');
    const { order } = orderEnvelopeSchema.parse(await (await placeOrder(owner)).json());
    const code = new URLSearchParams(order.accessQuery).get('code')!;
    expect((await owner.call('GET', `/orders/${order.number}`)).status).toBe(200);
    expect((await browser().call('GET', `/orders/${order.number}?code=${code}`)).status).toBe(200);
    for (const path of [`/orders/${order.number}`, `/orders/${order.number}?code=${'x'.repeat(24)}`]) {
      const res = await browser().call('GET', path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'Deze bestelling kennen we niet.' });
    }
    const otherSession = await signedInUser(rt(), mails, 'nieuwsgierig@example.nl', {
      'x-forwarded-for': nextClient(),
    });
    const other = browser(otherSession);
    expect((await other.call('GET', `/orders/${order.number}`)).status).toBe(404);
    expect((await other.call('POST', `/orders/${order.number}/payments`, { method: 'ideal' })).status).toBe(404);
    expect(orderListSchema.parse(await (await other.call('GET', '/users/me/orders')).json()).orders).toEqual([]);
    const mine = orderListSchema.parse(await (await owner.call('GET', '/users/me/orders')).json()).orders;
    expect(mine.map((o) => o.number)).toEqual([order.number]);
  });
});
