/**
 * Contract tests of the `mollie` payment adapter (the official
 * @mollie/api-client) against a local fake of the Mollie Payments API
 * (tests/fakes/mollie.ts): the exact request Mollie receives, the mapping of
 * its answers to the payment port, status changes read back with
 * `getPayment`, refunds (`refund`: POST /v2/payments/{id}/refunds with an
 * idempotency key), Mollie's refusals and outages, and the choice of provider
 * in the composition root.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  centsToMollieValue,
  createMolliePaymentProvider,
  MolliePaymentError,
  mollieValueToCents,
  type MollieAdapterOptions,
} from '#app/platform/integrations/payments/mollie.adapter.server.ts';
import type { CreatePaymentInput, PaymentProvider } from '#app/platform/integrations/payments/port.ts';
import { compose } from '#server/composition.ts';
import { EnvError, parseEnv } from '#server/env.ts';
import { startFakeMollie, withPlainHttpMollie, type FakeMollie, type FakeMollieStatus } from '../fakes/mollie.ts';
import { everythingOf, received, recordingLogger } from './recording.ts';
import { createTestDatabase } from './test-db.ts';

const ORDER = 'SB26-000123';
const REDIRECT = `https://www.slaagbundel.nl/afrekenen/bedankt/${ORDER}`;
const WEBHOOK = 'https://www.slaagbundel.nl/api/webhooks/mollie';

let fake: FakeMollie;
let mollie: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeMollie();
  mollie = await adapterFor(fake);
});
afterAll(async () => {
  await fake?.close();
});

/** The adapter as the server builds it, talking to `f` (see withPlainHttpMollie for the one difference). */
function adapterFor(f: FakeMollie, options: Partial<MollieAdapterOptions> = {}) {
  return withPlainHttpMollie(() =>
    createMolliePaymentProvider({ apiKey: f.apiKey, apiEndpoint: f.endpoint, ...options }),
  );
}

function order(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  return {
    amountCents: 2495,
    description: `Slaagbundel bestelling ${ORDER}`,
    redirectUrl: REDIRECT,
    webhookUrl: WEBHOOK,
    method: 'ideal',
    metadata: { orderNumber: ORDER },
    ...overrides,
  };
}

describe('creating a payment', () => {
  it('Mollie receives the amount as a euro string, the description, both URLs, the method, the order number and nl_NL, with the key as bearer token', async () => {
    const [request, ...more] = await received(fake, () => mollie.createPayment(order()));
    expect(more).toEqual([]);
    expect(request).toMatchObject({ method: 'POST', path: '/v2/payments' });
    expect(request?.body).toEqual({
      amount: { currency: 'EUR', value: '24.95' },
      description: `Slaagbundel bestelling ${ORDER}`,
      redirectUrl: REDIRECT,
      webhookUrl: WEBHOOK,
      method: 'ideal',
      metadata: { orderNumber: ORDER },
      locale: 'nl_NL',
    });
    expect(request?.headers).toMatchObject({
      authorization: `Bearer ${fake.apiKey}`,
      'content-type': 'application/json',
      accept: 'application/hal+json',
      'user-agent': expect.stringMatching(/^Node\/v\d+\.\d+\.\d+ Mollie\/\d+\.\d+\.\d+$/),
      // The SDK sends one with every POST, so its retries never create a second payment.
      'idempotency-key': expect.stringMatching(/^[A-Za-z0-9+/]{24}$/),
    });
  });

  it('maps Mollie’s answer: open, its checkout link, the amount in cents, the method and the order number', async () => {
    const payment = await mollie.createPayment(order());
    const stored = fake.payment(payment.id) as { _links: { checkout: { href: string } } };
    expect(payment).toEqual({
      id: expect.stringMatching(/^tr_[A-Za-z0-9]{10}$/),
      status: 'open',
      amountCents: 2495,
      method: 'ideal',
      checkoutUrl: stored._links.checkout.href,
      metadata: { orderNumber: ORDER },
    });
    expect(payment.checkoutUrl).toMatch(/^https:\/\/www\.mollie\.com\/checkout\//);
  });

  it.each([
    [2495, '24.95'],
    [10, '0.10'],
    [123400, '1234.00'],
    [1, '0.01'],
    [100, '1.00'],
    // Amounts where cents / 100 as a float is not exact (0.29 * 100 = 28.999…).
    [29, '0.29'],
    [57, '0.57'],
    [1015, '10.15'],
    [123456789, '1234567.89'],
  ])('%i cents are sent as "%s" and read back as the same cents', async (cents, value) => {
    const [request] = await received(fake, async () => {
      const payment = await mollie.createPayment(order({ amountCents: cents }));
      expect(payment.amountCents).toBe(cents);
      expect((await mollie.getPayment(payment.id)).amountCents).toBe(cents);
    });
    expect(request?.body).toMatchObject({ amount: { currency: 'EUR', value } });
  });

  it('converts cents and Mollie values with integers only, and refuses what is not whole cents', () => {
    for (let cents = 0; cents < 10_000; cents++) {
      expect(mollieValueToCents(centsToMollieValue(cents))).toBe(cents);
    }
    for (const bad of [-1, 24.95, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => centsToMollieValue(bad)).toThrow(RangeError);
    }
    for (const bad of ['24.9', '24', '24.950', '-1.00', '1,00', ' 1.00', '']) {
      expect(() => mollieValueToCents(bad)).toThrow(MolliePaymentError);
    }
  });

  it('an amount that is not whole cents never reaches Mollie', async () => {
    const requests = await received(fake, async () => {
      await expect(mollie.createPayment(order({ amountCents: 24.95 }))).rejects.toThrow(RangeError);
      await expect(mollie.createPayment(order({ amountCents: -100 }))).rejects.toThrow(RangeError);
    });
    expect(requests).toEqual([]);
  });

  it('without a method, none is sent (Mollie lets the buyer choose) and the method is null', async () => {
    const [request] = await received(fake, async () => {
      const payment = await mollie.createPayment(order({ method: undefined }));
      expect(payment).toMatchObject({ status: 'open', method: null, checkoutUrl: expect.any(String) });
    });
    expect(request?.body).not.toHaveProperty('method');
  });

  it('0 cents: Mollie’s 422 for the amount is thrown with its detail and field', async () => {
    const error = await mollie.createPayment(order({ amountCents: 0 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MolliePaymentError);
    expect(error).toMatchObject({
      statusCode: 422,
      field: 'amount',
      message: 'Mollie create payment: HTTP 422: The amount is lower than the minimum.',
    });
  });

  it('a method not activated at Mollie: its 422 names the method field', async () => {
    const idealOnly = await startFakeMollie({ methods: ['ideal'] });
    try {
      const adapter = await adapterFor(idealOnly);
      await expect(adapter.createPayment(order({ method: 'paypal' }))).rejects.toMatchObject({
        statusCode: 422,
        field: 'method',
      });
      await expect(adapter.createPayment(order({ method: 'ideal' }))).resolves.toMatchObject({ status: 'open' });
    } finally {
      await idealOnly.close();
    }
  });
});

describe('reading a payment (what the webhook does with the id it gets)', () => {
  it('GET /v2/payments/{id} with the bearer key, answered as the port’s payment', async () => {
    const created = await mollie.createPayment(order());
    const [request, ...more] = await received(fake, async () => {
      expect(await mollie.getPayment(created.id)).toEqual(created);
    });
    expect(more).toEqual([]);
    expect(request).toMatchObject({ method: 'GET', path: `/v2/payments/${created.id}`, body: undefined });
    expect(request?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
  });

  it.each<[FakeMollieStatus, string | null]>([
    ['paid', 'ideal'],
    ['failed', 'ideal'],
    ['canceled', null],
    ['expired', null],
    ['pending', null],
  ])(
    'after Mollie moves the payment to %s: that status, no checkout link, the same amount and order',
    async (status, method) => {
      const created = await mollie.createPayment(order({ amountCents: 1234, method: undefined }));
      fake.setStatus(created.id, status);
      expect(await mollie.getPayment(created.id)).toEqual({
        id: created.id,
        status,
        amountCents: 1234,
        method,
        checkoutUrl: null,
        metadata: { orderNumber: ORDER },
      });
    },
  );

  it('paid by credit card: the method the buyer chose at Mollie', async () => {
    const created = await mollie.createPayment(order({ method: undefined }));
    fake.setStatus(created.id, 'paid', { method: 'creditcard' });
    expect(await mollie.getPayment(created.id)).toMatchObject({ status: 'paid', method: 'creditcard' });
  });

  it('an id Mollie does not know: its 404 is thrown', async () => {
    await expect(mollie.getPayment('tr_doesNotExist1')).rejects.toMatchObject({
      name: 'MolliePaymentError',
      statusCode: 404,
      message: 'Mollie get payment: HTTP 404: No payment exists with token tr_doesNotExist1.',
    });
  });

  it('anything that is not a Mollie payment id (a webhook body is anyone’s) is refused without a request', async () => {
    const requests = await received(fake, async () => {
      for (const id of [
        '',
        'abc',
        'ord_abc123',
        'tr_',
        'tr_../../methods',
        'tr_abc?testmode=true',
        'tr_a/b',
        'tr_a%2F',
      ]) {
        await expect(mollie.getPayment(id), id).rejects.toThrow(/Not a Mollie payment id/);
      }
    });
    expect(requests).toEqual([]);
  });

  it('a status the port does not know is thrown, not passed on', async () => {
    const created = await mollie.createPayment(order());
    fake.setStatus(created.id, 'refunded' as FakeMollieStatus);
    await expect(mollie.getPayment(created.id)).rejects.toThrow(/unknown payment status .*: refunded/);
  });
});

describe('refunding a payment (an extra payment is given back)', () => {
  const refundOf = (paymentId: string, amountCents = 2495, idempotencyKey = `refund-${paymentId}`) => ({
    paymentId,
    amountCents,
    description: `Terugbetaling dubbele betaling ${ORDER}`,
    idempotencyKey,
    metadata: { orderNumber: ORDER },
  });
  async function paidPayment(amountCents = 2495) {
    const created = await mollie.createPayment(order({ amountCents }));
    fake.setStatus(created.id, 'paid');
    return created.id;
  }

  it('Mollie receives POST /v2/payments/{id}/refunds with the amount as a euro string, the description, the order number and our idempotency key', async () => {
    const paymentId = await paidPayment();
    const [request, ...more] = await received(fake, () => mollie.refund(refundOf(paymentId)));
    expect(more).toEqual([]);
    expect(request).toMatchObject({ method: 'POST', path: `/v2/payments/${paymentId}/refunds` });
    expect(request?.body).toEqual({
      amount: { currency: 'EUR', value: '24.95' },
      description: `Terugbetaling dubbele betaling ${ORDER}`,
      metadata: { orderNumber: ORDER },
    });
    expect(request?.headers).toMatchObject({
      authorization: `Bearer ${fake.apiKey}`,
      'content-type': 'application/json',
      'idempotency-key': `refund-${paymentId}`,
    });
  });

  it('maps Mollie’s refund: its id, the payment, the status and the amount in cents; the payment shows the amount refunded', async () => {
    const paymentId = await paidPayment(1015);
    const refund = await mollie.refund(refundOf(paymentId, 1015));
    expect(refund).toEqual({
      id: expect.stringMatching(/^re_[A-Za-z0-9]{10}$/),
      paymentId,
      status: 'pending',
      amountCents: 1015,
    });
    expect(fake.refunds(paymentId)).toEqual([
      expect.objectContaining({ id: refund.id, amount: { currency: 'EUR', value: '10.15' } }),
    ]);
    expect(fake.payment(paymentId)).toMatchObject({
      amountRefunded: { value: '10.15' },
      amountRemaining: { value: '0.00' },
    });
  });

  it('the same idempotency key twice, or at once: one refund at Mollie, the same answer each time', async () => {
    const paymentId = await paidPayment();
    const first = await mollie.refund(refundOf(paymentId));
    const again = await Promise.all([mollie.refund(refundOf(paymentId)), mollie.refund(refundOf(paymentId))]);
    expect(again).toEqual([first, first]);
    expect(fake.refunds(paymentId)).toHaveLength(1);
  });

  it('more than is left, or a payment that is not paid: Mollie’s 422 is thrown and nothing is refunded', async () => {
    const paymentId = await paidPayment();
    await expect(mollie.refund(refundOf(paymentId, 2496))).rejects.toMatchObject({
      name: 'MolliePaymentError',
      statusCode: 422,
      field: 'amount',
    });
    await mollie.refund(refundOf(paymentId, 2495, 'first'));
    await expect(mollie.refund(refundOf(paymentId, 1, 'second'))).rejects.toMatchObject({ statusCode: 422 });
    expect(fake.refunds(paymentId)).toHaveLength(1);

    const open = await mollie.createPayment(order());
    await expect(mollie.refund(refundOf(open.id))).rejects.toMatchObject({
      statusCode: 422,
      message: expect.stringMatching(/^Mollie create refund: HTTP 422: .*cannot be refunded/),
    });
    expect(fake.refunds(open.id)).toEqual([]);
  });

  it('an unknown payment: Mollie’s 404; anything that is not a payment id: refused without a request', async () => {
    await expect(mollie.refund(refundOf('tr_doesNotExist1'))).rejects.toMatchObject({ statusCode: 404 });
    const requests = await received(fake, async () => {
      await expect(mollie.refund(refundOf('tr_../payments'))).rejects.toThrow(/Not a Mollie payment id/);
      await expect(mollie.refund(refundOf('tr_abcdefghij', 24.95))).rejects.toThrow(RangeError);
    });
    expect(requests).toEqual([]);
  });

  it('a 5xx once: the SDK’s retry carries the same idempotency key, so Mollie makes one refund', async () => {
    const paymentId = await paidPayment();
    fake.failNext(503, 1);
    const requests = await received(fake, async () => {
      await expect(mollie.refund(refundOf(paymentId))).resolves.toMatchObject({ status: 'pending' });
    });
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => r.headers['idempotency-key'])).toEqual([`refund-${paymentId}`, `refund-${paymentId}`]);
    expect(fake.refunds(paymentId)).toHaveLength(1);
  });
});

describe('failures', () => {
  it('a wrong key: Mollie’s 401 is thrown and logged without the key anywhere', async () => {
    const wrongKey = 'test_WrongKey0123456789abcdefghijk';
    const { logger, lines } = recordingLogger('debug');
    const adapter = await adapterFor(fake, { apiKey: wrongKey, logger });
    const requests = await received(fake, async () => {
      for (const attempt of [() => adapter.createPayment(order()), () => adapter.getPayment('tr_abcdefghij')]) {
        const error = await attempt().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(MolliePaymentError);
        expect(error).toMatchObject({
          statusCode: 401,
          message: expect.stringMatching(/^Mollie (create|get) payment: HTTP 401: Missing authentication/),
        });
        expect(everythingOf(error)).not.toContain(wrongKey);
        expect(everythingOf(error)).not.toContain('WrongKey0123456789');
      }
    });
    // Mollie did get that key, as the bearer token, and refused it.
    expect(requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${wrongKey}`, `Bearer ${wrongKey}`]);
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: 'mollie call failed', operation: 'create payment', statusCode: 401 }),
      expect.objectContaining({ level: 40, msg: 'mollie call failed', operation: 'get payment', statusCode: 401 }),
    ]);
    expect(JSON.stringify(lines)).not.toContain(wrongKey);
  });

  it('a 5xx: the SDK tries three times with one idempotency key, then the error is thrown', async () => {
    fake.failNext(503, 3);
    const requests = await received(fake, async () => {
      await expect(mollie.createPayment(order())).rejects.toMatchObject({
        statusCode: 503,
        message: 'Mollie create payment: HTTP 503: The Mollie API is temporarily unavailable.',
      });
    });
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.headers['idempotency-key'])).size).toBe(1);
  });

  it('a 5xx once: the retry creates the payment (one request body, one key)', async () => {
    fake.failNext(502, 1);
    const requests = await received(fake, async () => {
      await expect(mollie.createPayment(order())).resolves.toMatchObject({ status: 'open', amountCents: 2495 });
    });
    expect(requests).toHaveLength(2);
    expect(requests[1]?.body).toEqual(requests[0]?.body);
    expect(requests[1]?.headers['idempotency-key']).toBe(requests[0]?.headers['idempotency-key']);
  });

  it('Mollie cannot be reached: thrown, without the key', async () => {
    const gone = await startFakeMollie();
    await gone.close();
    const adapter = await adapterFor(gone);
    const error = await adapter.getPayment('tr_abcdefghij').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MolliePaymentError);
    expect(error).toMatchObject({ statusCode: undefined, message: expect.stringMatching(/ECONNREFUSED/) });
    expect(everythingOf(error)).not.toContain(gone.apiKey);
  });

  it('Mollie does not answer in time: thrown after timeoutMs', async () => {
    const slow = await startFakeMollie();
    try {
      slow.setDelay(2_000);
      const adapter = await adapterFor(slow, { timeoutMs: 50 });
      await expect(adapter.createPayment(order())).rejects.toThrow('Mollie create payment: no answer within 50 ms');
    } finally {
      await slow.close();
    }
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', PUBLIC_URL: 'http://localhost' };

  it('MOLLIE_API_KEY is a test_ or live_ key or unset; MOLLIE_API_ENDPOINT is https, Mollie’s by default', () => {
    const unset = parseEnv(base);
    expect([unset.MOLLIE_API_KEY, unset.MOLLIE_API_ENDPOINT]).toEqual([undefined, 'https://api.mollie.com/v2/']);
    expect(parseEnv({ ...base, MOLLIE_API_KEY: '' }).MOLLIE_API_KEY).toBeUndefined();
    for (const key of ['test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM', 'live_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM']) {
      expect(parseEnv({ ...base, MOLLIE_API_KEY: key }).MOLLIE_API_KEY).toBe(key);
    }
    for (const bad of ['dHar4XY7LxsDOtmnkVtjNVWXLSlXsM', 'access_dHar4XY7Lx', 'test_-', 'test_with space']) {
      const error = (() => {
        try {
          parseEnv({ ...base, MOLLIE_API_KEY: bad });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(EnvError);
      expect((error as Error).message).toMatch(/MOLLIE_API_KEY: must be a Mollie API key/);
      // A mistyped key is still a secret: the message names the variable, not its value.
      expect((error as Error).message).not.toContain(bad);
    }
    expect(parseEnv({ ...base, MOLLIE_API_ENDPOINT: 'https://mollie.example.test/v2/' }).MOLLIE_API_ENDPOINT).toBe(
      'https://mollie.example.test/v2/',
    );
    expect(() => parseEnv({ ...base, MOLLIE_API_ENDPOINT: 'http://127.0.0.1:9/v2/' })).toThrow(
      /MOLLIE_API_ENDPOINT: must be an https:\/\/ URL/,
    );
  });

  it('the composition root takes payments through Mollie with MOLLIE_API_KEY, else the demo provider', async () => {
    const database = await createTestDatabase();
    const logger = pino({ level: 'silent' });
    try {
      const demo = await compose({ env: parseEnv(base), logger, database });
      await demo.close();
      expect(demo.deps.payments.kind).toBe('demo');

      // The env's key, and the fake's endpoint instead of Mollie's (env allows https only; the SDK too, see the fake).
      const env = { ...parseEnv({ ...base, MOLLIE_API_KEY: fake.apiKey }), MOLLIE_API_ENDPOINT: fake.endpoint };
      const composition = await withPlainHttpMollie(() => compose({ env, logger, database }));
      try {
        expect(composition.deps.payments.kind).toBe('mollie');
        const [request] = await received(fake, () =>
          composition.deps.payments.createPayment(order({ amountCents: 10 })),
        );
        expect(request).toMatchObject({
          path: '/v2/payments',
          headers: expect.objectContaining({ authorization: `Bearer ${fake.apiKey}` }),
          body: expect.objectContaining({ amount: { currency: 'EUR', value: '0.10' } }),
        });
      } finally {
        await composition.close();
      }
    } finally {
      await database.close();
    }
  });
});
