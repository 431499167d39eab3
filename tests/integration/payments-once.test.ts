/**
 * Payments exactly once, as buyer and operator notice it: a second payment
 * paid anyway is recorded, reported and refunded once (the order stays paid
 * by the first); unpaid orders give their stock back 30 minutes after the
 * last payment attempt, but only after the provider has been asked; and a
 * signed-out order has a cap per product and in all.
 */
import { eq } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestContext, scopeContext, type RequestState } from '#app/context.ts';
import { demoPayments } from '#app/modules/demo-payments/db/tables.ts';
import { extraPayments, orderEvents, orders } from '#app/modules/shop/db/tables.ts';
import {
  GUEST_ORDER_MAX_ITEMS,
  GUEST_ORDER_MAX_LINE_QUANTITY,
  UNPAID_ORDER_MINUTES,
} from '#app/modules/shop/domain/orders.ts';
import type { DemoPaymentProvider } from '#app/modules/demo-payments/server/provider.server.ts';
import { checkoutRedirectSchema, orderEnvelopeSchema } from '#app/modules/shop/schemas/order.ts';
import { cancelStaleOrders, ExtraPaymentError, refundExtraPayment } from '#app/modules/shop/server/orders.server.ts';
import { fulfilOrder } from '#app/modules/licenses/server/fulfilment.server.ts';
import * as checkoutPage from '#app/routes/public/checkout.tsx';
import { ORIGIN, signedInUser, useMails } from './accounts.ts';
import { apiBrowser, CHECKOUT_DETAILS, useShop } from './shop-client.ts';
import { useTestRuntime } from './test-db.ts';

const rt = useTestRuntime({ env: { TRUST_PROXY: '1' } });
const mails = useMails(rt);
const { id, nextClient, setStock, stockOf } = useShop(rt);
const demo = () => rt().deps.payments as DemoPaymentProvider;
const MINUTE = 60_000;
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

/** A browser: its own cookies and client address. */
function browser(cookie = '') {
  const client = apiBrowser(rt(), nextClient(), cookie);
  return {
    ...client,
    async add(sku: string, quantity = 1) {
      const res = await this.call('POST', '/cart/items', { productId: id(sku), quantity });
      expect(res.status).toBe(200);
      return res;
    },
  };
}
type Browser = ReturnType<typeof browser>;

const DETAILS = CHECKOUT_DETAILS;

async function pendingOrder(b: Browser = browser(), sku = 'SB-HAVO-WB-2027', quantity = 1) {
  await b.add(sku, quantity);
  const res = await b.call('POST', '/orders', DETAILS);
  expect(res.status).toBe(201);
  const { order } = orderEnvelopeSchema.parse(await res.json());
  const code = new URLSearchParams(order.accessQuery).get('code')!;
  return { b, order, code };
}
async function startPayment(b: Browser, number: string, code: string, method = 'ideal') {
  const res = await b.call('POST', `/orders/${number}/payments?code=${code}`, { method });
  expect(res.status).toBe(201);
  const { checkoutUrl } = checkoutRedirectSchema.parse(await res.json());
  return checkoutUrl.split('/').at(-1)!;
}
const webhook = async (paymentId: string): Promise<Response> =>
  rt().app.request('/api/v1/payments/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.10' },
    body: `id=${paymentId}`,
  });
/** The order as its buyer sees it (the confirmation link's code). */
async function seen(b: Browser, number: string, code: string) {
  const res = await b.call('GET', `/orders/${number}?code=${code}`);
  expect(res.status).toBe(200);
  return orderEnvelopeSchema.parse(await res.json()).order;
}
async function orderRow(number: string) {
  const [row] = await rt().deps.db.select().from(orders).where(eq(orders.number, number));
  return row!;
}
async function transitions(number: string) {
  const row = await orderRow(number);
  const events = await rt().deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id));
  return events.map((e) => `${e.fromStatus}→${e.toStatus}`);
}
async function extraOf(paymentId: string) {
  const [row] = await rt().deps.db.select().from(extraPayments).where(eq(extraPayments.paymentId, paymentId));
  return row;
}

/** Records the jobs queued while `run` runs: [name, payload, the id (null: dropped as a repeat of its key)]. */
async function queuedWhile<T>(run: () => Promise<T>) {
  const queued: { name: string; payload: Record<string, unknown>; id: string | null }[] = [];
  const enqueue = rt().deps.jobs.enqueue;
  rt().deps.jobs.enqueue = async (name, payload, options) => {
    const jobId = await enqueue(name, payload, options);
    queued.push({ name, payload, id: jobId });
    return jobId;
  };
  try {
    return { result: await run(), queued };
  } finally {
    rt().deps.jobs.enqueue = enqueue;
  }
}

beforeAll(async () => {
  for (const sku of ['SB-HAVO-WB-2027', 'SB-HAVO-NE-2027', 'SB-HAVO-EN-2027', 'SB-VWO-NE-2027', 'SB-VWO-EN-2027']) {
    await setStock(sku, 200);
  }
});

describe('a second payment that is paid anyway', () => {
  it('is recorded, reported and refunded once however many deliveries and runs; the order stays paid by the first', async () => {
    const { b, order, code } = await pendingOrder();
    // The buyer starts iDEAL, goes back and starts a credit card payment too, then pays both.
    const first = await startPayment(b, order.number, code, 'ideal');
    const second = await startPayment(b, order.number, code, 'creditcard');
    expect(second).not.toBe(first);
    await demo().settle(first, 'paid');
    expect((await webhook(first)).status).toBe(200);
    await demo().settle(second, 'paid');
    const reportedBefore = rt().reported.length;

    const { queued } = await queuedWhile(async () => {
      const answers = await Promise.all(Array.from({ length: 40 }, () => webhook(second)));
      expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
    });
    // One refund job, whatever the number of deliveries; the operator is alerted once.
    const refundJobs = queued.filter((job) => job.name === 'refund-extra-payment');
    expect(refundJobs.length).toBeGreaterThanOrEqual(1);
    expect(refundJobs.filter((job) => job.id !== null)).toEqual([
      expect.objectContaining({ payload: { paymentId: second } }),
    ]);
    const alerts = rt()
      .reported.slice(reportedBefore)
      .filter((e) => e instanceof ExtraPaymentError);
    expect(alerts).toHaveLength(1);
    expect((alerts[0] as Error).message).toContain(order.number);
    expect(await extraOf(second)).toMatchObject({
      status: 'queued',
      reason: 'order_paid',
      amountCents: order.totalCents,
    });

    // The job run by ten workers at once (as after a retry): one refund at the provider, of the second payment only.
    const runs = await Promise.all(Array.from({ length: 10 }, () => refundExtraPayment(rt().services, second)));
    const refunds = await demo().refunds(second);
    expect(refunds).toEqual([expect.objectContaining({ paymentId: second, amountCents: order.totalCents })]);
    expect(runs.filter((run) => run.status === 'refunded').map((run) => run.refundId)).toContain(refunds[0]!.id);
    expect(await demo().refunds(first)).toEqual([]);
    expect(await extraOf(second)).toMatchObject({ status: 'refunded', refundId: refunds[0]!.id, attempts: 1 });
    // Run again later (a repeated job): nothing more.
    await refundExtraPayment(rt().services, second);
    expect(await demo().refunds(second)).toHaveLength(1);
    // Late deliveries queue nothing more.
    const { queued: afterwards } = await queuedWhile(() => webhook(second));
    expect(afterwards.filter((job) => job.name === 'refund-extra-payment')).toEqual([]);

    // The buyer's order: paid once, by the first payment.
    expect(await seen(b, order.number, code)).toMatchObject({ status: 'paid' });
    expect(await transitions(order.number)).toEqual(['null→pending', 'pending→paid']);
    const row = await orderRow(order.number);
    expect(await fulfilOrder(rt().services, row.id)).toMatchObject({ codes: 1 });
  });

  it('paid after its order was cancelled: the order stays cancelled and the payment is refunded', async () => {
    const sku = 'SB-HAVO-NE-2027';
    const { b, order, code } = await pendingOrder(browser(), sku);
    const paymentId = await startPayment(b, order.number, code);
    const stock = await stockOf(sku);
    await cancelStaleOrders(rt().services, later(UNPAID_ORDER_MINUTES + 1));
    expect(await seen(b, order.number, code)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(sku)).toBe(stock + 1);

    // The buyer still pays at the provider's page they had open.
    await demo().settle(paymentId, 'paid');
    const { queued } = await queuedWhile(() => webhook(paymentId));
    expect(queued.filter((job) => job.name === 'refund-extra-payment' && job.id !== null)).toHaveLength(1);
    expect(await extraOf(paymentId)).toMatchObject({ status: 'queued', reason: 'order_cancelled' });
    expect(await refundExtraPayment(rt().services, paymentId)).toMatchObject({ status: 'refunded' });
    expect(await demo().refunds(paymentId)).toEqual([expect.objectContaining({ amountCents: order.totalCents })]);
    expect(await seen(b, order.number, code)).toMatchObject({ status: 'cancelled' });
    // Its stock was put back once and stays back.
    expect(await stockOf(sku)).toBe(stock + 1);
  });

  it('a refund the provider refuses is retried, then marked failed for the operator', async () => {
    const { b, order, code } = await pendingOrder();
    const first = await startPayment(b, order.number, code, 'ideal');
    const second = await startPayment(b, order.number, code, 'paypal');
    await demo().settle(first, 'paid');
    await webhook(first);
    await demo().settle(second, 'paid');
    await webhook(second);
    // Someone refunded it by hand at the provider already: the provider refuses a second refund.
    await demo().refund({
      paymentId: second,
      amountCents: order.totalCents,
      description: 'Handmatig',
      idempotencyKey: `by-hand-${second}`,
      metadata: { orderNumber: order.number },
    });
    await expect(refundExtraPayment(rt().services, second)).rejects.toThrow(/more than/);
    expect(await extraOf(second)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.stringMatching(/more than/),
    });
    await expect(refundExtraPayment(rt().services, second, { lastAttempt: true })).rejects.toThrow();
    expect(await extraOf(second)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await demo().refunds(second)).toHaveLength(1);
  });
});

describe('a paid order is fulfilled once, and its mail sent once, even when the process stops halfway', () => {
  it('paid, but the follow-up never queued (a stop right after the commit): the sweep queues it, once', async () => {
    const { order } = await pendingOrder(browser(), 'SB-VWO-NE-2027');
    const row = await orderRow(order.number);
    // The paid transition committed ten minutes ago, and the process stopped before it queued the follow-up.
    await rt()
      .deps.db.update(orders)
      .set({ status: 'paid', paidAt: new Date(Date.now() - 10 * MINUTE) })
      .where(eq(orders.id, row.id));
    const follow = (jobs: { name: string; payload: Record<string, unknown>; id: string | null }[]) =>
      jobs.find((job) => job.name === 'fulfil-order' && job.payload.orderId === row.id);
    const { queued } = await queuedWhile(() => cancelStaleOrders(rt().services));
    expect(follow(queued)?.id).toBeTruthy();
    // The next sweep before it ran: its key keeps it once.
    const { queued: again } = await queuedWhile(() => cancelStaleOrders(rt().services));
    expect(follow(again)?.id ?? null).toBeNull();
    expect(await fulfilOrder(rt().services, row.id)).toMatchObject({ codes: 1 });
    expect((await orderRow(order.number)).fulfilledAt).not.toBeNull();
    // Fulfilled: the sweep leaves it alone from now on.
    const { queued: after } = await queuedWhile(() => cancelStaleOrders(rt().services));
    expect(follow(after)).toBeUndefined();
  });

  it('fulfilled, but the mail never queued (a stop between the commit and the mail): the retried job sends it, once', async () => {
    const { b, order, code } = await pendingOrder(browser(), 'SB-VWO-EN-2027');
    const paymentId = await startPayment(b, order.number, code);
    await demo().settle(paymentId, 'paid');
    await webhook(paymentId);
    const row = await orderRow(order.number);
    // A run that committed the codes and stopped before its mail.
    await rt().deps.db.update(orders).set({ fulfilledAt: new Date() }).where(eq(orders.id, row.id));
    const before = mails.filter((m) => m.to === DETAILS.email).length;
    // The queue runs the job again (it was never completed), twice even: one mail.
    await fulfilOrder(rt().services, row.id);
    await fulfilOrder(rt().services, row.id);
    const sent = mails.filter((m) => m.to === DETAILS.email).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(order.number);
  });
});

describe('unpaid orders', () => {
  it('an order whose payment stays open is cancelled 30 minutes after the payment was started, and its stock is back', async () => {
    const sku = 'SB-VWO-NE-2027';
    const { b, order, code } = await pendingOrder(browser(), sku, 2);
    const paymentId = await startPayment(b, order.number, code);
    const stock = await stockOf(sku);
    await cancelStaleOrders(rt().services, later(UNPAID_ORDER_MINUTES - 1));
    expect(await seen(b, order.number, code)).toMatchObject({ status: 'pending' });
    await cancelStaleOrders(rt().services, later(UNPAID_ORDER_MINUTES + 1));
    expect(await seen(b, order.number, code)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(sku)).toBe(stock + 2);
    expect(await transitions(order.number)).toEqual(['null→pending', 'pending→cancelled']);
    // Paying it now is refused with the Dutch message.
    const again = await b.call('POST', `/orders/${order.number}/payments?code=${code}`, { method: 'ideal' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      message: 'Deze bestelling is geannuleerd omdat er niet op tijd is betaald.',
    });
    // The provider was asked before: its payment is still open there.
    expect((await demo().getPayment(paymentId)).status).toBe('open');
  });

  it('an order without any payment is cancelled 30 minutes after it was placed', async () => {
    const sku = 'SB-VWO-EN-2027';
    const { b, order, code } = await pendingOrder(browser(), sku);
    const stock = await stockOf(sku);
    await cancelStaleOrders(rt().services, later(UNPAID_ORDER_MINUTES - 1));
    expect(await seen(b, order.number, code)).toMatchObject({ status: 'pending' });
    await cancelStaleOrders(rt().services, later(UNPAID_ORDER_MINUTES + 1));
    expect(await seen(b, order.number, code)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(sku)).toBe(stock + 1);
  });

  it('an open payment that was paid at the provider (its webhook lost) is found: the order is paid and fulfilled, not cancelled', async () => {
    const sku = 'SB-HAVO-EN-2027';
    const { b, order, code } = await pendingOrder(browser(), sku);
    const paymentId = await startPayment(b, order.number, code);
    // Paid at the provider; the webhook never arrived.
    await demo().settle(paymentId, 'paid');
    expect(await seen(b, order.number, code)).toMatchObject({ status: 'pending' });
    const stock = await stockOf(sku);
    const { result, queued } = await queuedWhile(() =>
      cancelStaleOrders(rt().services, later(UNPAID_ORDER_MINUTES + 1)),
    );
    expect(result.paid).toBeGreaterThanOrEqual(1);
    expect(await seen(b, order.number, code)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    expect(await stockOf(sku)).toBe(stock);
    const row = await orderRow(order.number);
    expect(queued).toContainEqual(expect.objectContaining({ name: 'fulfil-order', payload: { orderId: row.id } }));
    expect(await fulfilOrder(rt().services, row.id)).toMatchObject({ codes: 1 });
  });

  it('a new payment attempt gives the buyer 30 minutes again', async () => {
    const { b, order, code } = await pendingOrder();
    // Placed an hour ago; the buyer starts paying now.
    await rt()
      .deps.db.update(orders)
      .set({ createdAt: new Date(Date.now() - 60 * MINUTE) })
      .where(eq(orders.number, order.number));
    await startPayment(b, order.number, code);
    await cancelStaleOrders(rt().services, later(UNPAID_ORDER_MINUTES - 5));
    expect(await seen(b, order.number, code)).toMatchObject({ status: 'pending' });
    await cancelStaleOrders(rt().services, later(UNPAID_ORDER_MINUTES + 1));
    expect(await seen(b, order.number, code)).toMatchObject({ status: 'cancelled' });
  });

  it('a payment the provider is still processing, or cannot tell about, holds the order up to 24 hours', async () => {
    const processing = await pendingOrder();
    const processingId = await startPayment(processing.b, processing.order.number, processing.code);
    // What a bank that is still processing looks like at the provider.
    await rt().deps.db.update(demoPayments).set({ status: 'pending' }).where(eq(demoPayments.id, processingId));
    const unknown = await pendingOrder();
    const unknownId = await startPayment(unknown.b, unknown.order.number, unknown.code);
    const getPayment = rt().deps.payments.getPayment;
    rt().deps.payments.getPayment = async (paymentId) => {
      if (paymentId === unknownId) throw new Error('The provider does not answer');
      return getPayment.call(rt().deps.payments, paymentId);
    };
    try {
      await cancelStaleOrders(rt().services, later(UNPAID_ORDER_MINUTES + 1));
      expect(await seen(processing.b, processing.order.number, processing.code)).toMatchObject({
        status: 'pending',
        paymentStatus: 'pending',
      });
      expect(await seen(unknown.b, unknown.order.number, unknown.code)).toMatchObject({ status: 'pending' });
      expect(rt().reported).toContainEqual(expect.objectContaining({ message: 'The provider does not answer' }));
      await cancelStaleOrders(rt().services, later(25 * 60));
    } finally {
      rt().deps.payments.getPayment = getPayment;
    }
    expect(await seen(processing.b, processing.order.number, processing.code)).toMatchObject({ status: 'cancelled' });
    expect(await seen(unknown.b, unknown.order.number, unknown.code)).toMatchObject({ status: 'cancelled' });
  });
});

describe('a signed-out order has a cap', () => {
  const fieldErrorsOf = async (res: Response) =>
    ((await res.json()) as { fieldErrors?: Record<string, string[]> }).fieldErrors;

  it(`at most ${GUEST_ORDER_MAX_LINE_QUANTITY} of a product: more is a 409 with a Dutch message and field errors, nothing reserved`, async () => {
    const sku = 'SB-HAVO-WB-2027';
    const b = browser();
    await b.add(sku, GUEST_ORDER_MAX_LINE_QUANTITY + 1);
    const stock = await stockOf(sku);
    const res = await b.call('POST', '/orders', DETAILS);
    expect(res.status).toBe(409);
    const body = (await res.clone().json()) as { error: string; message: string };
    expect(body.error).toBe('conflict');
    expect(body.message).toMatch(
      /^Zonder account bestel je maximaal 5 exemplaren per product en 20 producten per bestelling\./,
    );
    expect(body.message).toMatch(/Pas je winkelwagen aan, of log in om meer te bestellen\.$/);
    expect(await fieldErrorsOf(res)).toEqual({
      [`items.${id(sku)}.quantity`]: [expect.stringMatching(/: je hebt er 6, zonder account kan het maximaal 5\.$/)],
    });
    expect(await stockOf(sku)).toBe(stock);
    // The cart is kept; lowered to the cap, the order is placed.
    const lowered = await b.call('PATCH', `/cart/items/${id(sku)}`, { quantity: GUEST_ORDER_MAX_LINE_QUANTITY });
    expect(lowered.status).toBe(200);
    expect((await b.call('POST', '/orders', DETAILS)).status).toBe(201);
    expect(await stockOf(sku)).toBe(stock - GUEST_ORDER_MAX_LINE_QUANTITY);
  });

  it(`at most ${GUEST_ORDER_MAX_ITEMS} items in all`, async () => {
    const skus = ['SB-HAVO-WB-2027', 'SB-HAVO-NE-2027', 'SB-HAVO-EN-2027', 'SB-VWO-NE-2027', 'SB-VWO-EN-2027'];
    const b = browser();
    for (const sku of skus) await b.add(sku, 5);
    const res = await b.call('POST', '/orders', DETAILS);
    expect(res.status).toBe(409);
    expect(await fieldErrorsOf(res)).toEqual({
      items: ['Je winkelwagen heeft 25 producten, zonder account kan het maximaal 20.'],
    });
    // One product fewer: 20 in all.
    expect((await b.call('DELETE', `/cart/items/${id(skus[0]!)}`)).status).toBe(200);
    expect((await b.call('POST', '/orders', DETAILS)).status).toBe(201);
  });

  it('a signed-in buyer may order more (the cart’s own limit of 10 per product)', async () => {
    const session = await signedInUser(rt(), mails, 'docent@example.nl', { 'x-forwarded-for': nextClient() });
    const b = browser(session);
    await b.add('SB-VWO-EN-2027', 10);
    await b.add('SB-VWO-NE-2027', 10);
    await b.add('SB-HAVO-EN-2027', 10);
    const res = await b.call('POST', '/orders', DETAILS);
    expect(res.status).toBe(201);
    expect(orderEnvelopeSchema.parse(await res.json()).order.itemCount).toBe(30);
  });

  it('the checkout page says so before the form is sent, and above the form when it is, with what was typed kept', async () => {
    const b = browser();
    await b.add('SB-HAVO-NE-2027', GUEST_ORDER_MAX_LINE_QUANTITY + 2);
    const shown = async (cookie: string) => {
      const context = new RouterContextProvider();
      context.set(scopeContext, rt().services);
      const request = new Request(`${ORIGIN}/afrekenen`, { headers: { cookie } });
      const page = (await checkoutPage.loader({ request, context, params: {} } as never)) as {
        data: { guestLimitMessage: string | null };
      };
      return page.data.guestLimitMessage;
    };
    expect(await shown(b.cookieHeader())).toMatch(
      /^Zonder account bestel je maximaal 5 exemplaren per product .*: je hebt er 7, zonder account kan het maximaal 5\./,
    );
    const within = browser();
    await within.add('SB-HAVO-NE-2027', GUEST_ORDER_MAX_LINE_QUANTITY);
    expect(await shown(within.cookieHeader())).toBeNull();

    const form = new FormData();
    for (const [key, value] of Object.entries({ ...DETAILS, terms: 'on' })) form.append(key, String(value));
    const request = new Request(`${ORIGIN}/afrekenen`, {
      method: 'POST',
      body: form,
      headers: { cookie: b.cookieHeader(), origin: ORIGIN },
    });
    const context = new RouterContextProvider();
    context.set(scopeContext, rt().services);
    context.set(requestContext, { requestId: 'test', clientAddress: '203.0.113.9' } as RequestState);
    const answer = (await checkoutPage.action({ request, context, params: {} } as never)) as {
      data: {
        result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
      };
      init?: ResponseInit;
    };
    expect(answer.init?.status).toBe(409);
    const formErrors = answer.data.result.error?.[''];
    expect(formErrors).toHaveLength(1);
    expect(formErrors![0]).toMatch(
      /^Zonder account bestel je maximaal 5 exemplaren per product en 20 producten per bestelling\. .*: je hebt er 7, zonder account kan het maximaal 5\. Pas je winkelwagen aan, of log in om meer te bestellen\.$/,
    );
    expect(answer.data.result.initialValue).toMatchObject({ email: DETAILS.email, city: DETAILS.city });
  });
});
