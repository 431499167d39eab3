/**
 * The payment port's `refund`, one contract for both adapters: the demo
 * provider (over its own tables) and Mollie (the official client against the
 * local fake of tests/fakes/mollie.ts). A paid payment is refunded; the same
 * idempotency key answers the same refund, also at once; more than is left,
 * or a payment that is not paid, is refused and refunds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#app/db/client.server.ts';
import { createMolliePaymentProvider } from '#app/platform/integrations/payments/mollie.adapter.server.ts';
import type { PaymentProvider, RefundInput } from '#app/platform/integrations/payments/port.ts';
import { createDemoPaymentProvider } from '#app/modules/demo-payments/server/provider.server.ts';
import { startFakeMollie, withPlainHttpMollie, type FakeMollie } from '../fakes/mollie.ts';
import { createTestDatabase } from './test-db.ts';

const ORDER = 'SB26-000777';

interface Subject {
  provider: PaymentProvider;
  /** Makes the payment paid, as the buyer does at the provider's checkout. */
  pay(paymentId: string): Promise<void>;
  /** The refunds the provider holds for a payment. */
  refundsAt(paymentId: string): Promise<{ id: string }[]>;
}

let database: Database;
let fake: FakeMollie;
const subjects: Record<'demo' | 'mollie', Subject> = {} as never;

beforeAll(async () => {
  database = await createTestDatabase();
  const demo = createDemoPaymentProvider(database.db, 'http://localhost');
  subjects.demo = {
    provider: demo,
    pay: async (id) => void (await demo.settle(id, 'paid')),
    refundsAt: (id) => demo.refunds(id),
  };
  fake = await startFakeMollie();
  const mollie = await withPlainHttpMollie(() =>
    createMolliePaymentProvider({ apiKey: fake.apiKey, apiEndpoint: fake.endpoint }),
  );
  subjects.mollie = {
    provider: mollie,
    pay: async (id) => fake.setStatus(id, 'paid'),
    refundsAt: async (id) => fake.refunds(id) as { id: string }[],
  };
});
afterAll(async () => {
  await fake?.close();
  await database?.close();
});

describe.each(['demo', 'mollie'] as const)('the %s provider’s refund', (name) => {
  const subject = () => subjects[name];
  async function payment(amountCents: number, paid = true) {
    const created = await subject().provider.createPayment({
      amountCents,
      description: `Slaagbundel bestelling ${ORDER}`,
      redirectUrl: 'https://www.slaagbundel.nl/afrekenen/bevestiging',
      webhookUrl: 'https://www.slaagbundel.nl/api/v1/payments/webhook',
      method: 'ideal',
      metadata: { orderNumber: ORDER },
    });
    if (paid) await subject().pay(created.id);
    return created.id;
  }
  const refundOf = (paymentId: string, amountCents: number, idempotencyKey = `refund-${paymentId}`): RefundInput => ({
    paymentId,
    amountCents,
    description: `Terugbetaling dubbele betaling bestelling ${ORDER}`,
    idempotencyKey,
    metadata: { orderNumber: ORDER },
  });

  it('refunds a paid payment: an accepted refund of the amount, for that payment', async () => {
    const paymentId = await payment(3595);
    const refund = await subject().provider.refund(refundOf(paymentId, 3595));
    expect(refund).toEqual({
      id: expect.stringMatching(/^re_[A-Za-z0-9]+$/),
      paymentId,
      status: expect.stringMatching(/^(queued|pending|processing|refunded)$/),
      amountCents: 3595,
    });
    expect(await subject().refundsAt(paymentId)).toEqual([expect.objectContaining({ id: refund.id })]);
  });

  it('answers the refund made before for a key used before, also when asked at once', async () => {
    const paymentId = await payment(2795);
    const answers = await Promise.all([1, 2, 3].map(() => subject().provider.refund(refundOf(paymentId, 2795))));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(await subject().provider.refund(refundOf(paymentId, 2795))).toEqual(answers[0]);
    expect(await subject().refundsAt(paymentId)).toHaveLength(1);
  });

  it('refuses more than is left, and a payment that is not paid; nothing is refunded', async () => {
    const paymentId = await payment(1000);
    await expect(subject().provider.refund(refundOf(paymentId, 1001))).rejects.toThrow();
    await subject().provider.refund(refundOf(paymentId, 600, 'part-1'));
    await expect(subject().provider.refund(refundOf(paymentId, 401, 'part-2'))).rejects.toThrow();
    await subject().provider.refund(refundOf(paymentId, 400, 'part-3'));
    expect(await subject().refundsAt(paymentId)).toHaveLength(2);

    const open = await payment(1000, false);
    await expect(subject().provider.refund(refundOf(open, 1000))).rejects.toThrow();
    expect(await subject().refundsAt(open)).toEqual([]);
  });
});
