import { randomBytes } from 'node:crypto';
import type { Db } from '#app/db/client.server.ts';
import {
  findDemoPayment,
  insertDemoPayment,
  insertDemoRefund,
  listDemoRefunds,
  settleDemoPayment,
  type DemoPaymentRow,
  type DemoRefundRow,
} from '../db/demo-payments.server.ts';
import type {
  PaymentProvider,
  PaymentStatus,
  ProviderPayment,
  ProviderRefund,
  RefundStatus,
} from '#app/platform/integrations/payments/port.ts';

/** Path of the demo provider's test payment page for a payment id (app/routes/public/payment-test.tsx). */
export const DEMO_CHECKOUT_PATH = '/afrekenen/betalen/test';

/** What the demo provider's test page lets a developer choose (Mollie's test mode offers the same). */
export const DEMO_OUTCOMES = ['paid', 'failed', 'canceled', 'expired', 'open'] as const;
export type DemoOutcome = (typeof DEMO_OUTCOMES)[number];

const FINAL: ReadonlySet<string> = new Set(['paid', 'failed', 'canceled', 'expired']);

function toProviderPayment(row: DemoPaymentRow, publicUrl: string): ProviderPayment {
  const open = !FINAL.has(row.status);
  return {
    id: row.id,
    status: row.status as PaymentStatus,
    amountCents: row.amountCents,
    method: row.method,
    checkoutUrl: open ? new URL(`${DEMO_CHECKOUT_PATH}/${row.id}`, publicUrl).href : null,
    metadata: { orderNumber: row.metadata.orderNumber },
  };
}

function toProviderRefund(row: DemoRefundRow): ProviderRefund {
  return { id: row.id, paymentId: row.paymentId, status: row.status as RefundStatus, amountCents: row.amountCents };
}

export interface DemoPaymentProvider extends PaymentProvider {
  readonly kind: 'demo';
  /**
   * The test page's choice: settles an open payment (a final one is left as
   * it is, like a real provider) and answers the payment with its redirect
   * and webhook addresses, for the page to call the webhook and send the
   * buyer back.
   */
  settle(
    id: string,
    outcome: DemoOutcome,
  ): Promise<(ProviderPayment & { redirectUrl: string; webhookUrl: string; description: string }) | null>;
  /** The refunds of a payment, oldest first (what Mollie's dashboard lists under a payment). */
  refunds(paymentId: string): Promise<ProviderRefund[]>;
  /** The payment for the test page, with what it shows. */
  find(id: string): Promise<(ProviderPayment & { redirectUrl: string; description: string }) | null>;
}

/**
 * The offline payment provider (the default; `npm start` and the tests): it
 * keeps payments in `demo_payments` and its checkout is our own test page,
 * where a developer chooses paid, failed, cancelled, expired or open.
 */
export function createDemoPaymentProvider(db: Db, publicUrl: string): DemoPaymentProvider {
  return {
    kind: 'demo',
    async createPayment(input) {
      const row = await insertDemoPayment(db, {
        id: `tr_demo${randomBytes(8).toString('hex')}`,
        status: 'open',
        amountCents: input.amountCents,
        description: input.description,
        method: input.method ?? null,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        metadata: { orderNumber: input.metadata.orderNumber },
      });
      return toProviderPayment(row, publicUrl);
    },
    async getPayment(id) {
      const row = await findDemoPayment(db, id);
      if (!row) throw new Error(`Unknown demo payment ${id}`);
      return toProviderPayment(row, publicUrl);
    },
    async refund(input) {
      // Refused like Mollie refuses (a payment not paid, more than is left): thrown, as the port says.
      const row = await insertDemoRefund(db, {
        id: `re_demo${randomBytes(8).toString('hex')}`,
        paymentId: input.paymentId,
        amountCents: input.amountCents,
        description: input.description,
        idempotencyKey: input.idempotencyKey,
      });
      if (!row) throw new Error(`Unknown demo payment ${input.paymentId}`);
      return toProviderRefund(row);
    },
    async refunds(paymentId) {
      const rows = await listDemoRefunds(db, paymentId);
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map(toProviderRefund);
    },
    async find(id) {
      const row = await findDemoPayment(db, id);
      return row
        ? { ...toProviderPayment(row, publicUrl), redirectUrl: row.redirectUrl, description: row.description }
        : null;
    },
    async settle(id, outcome) {
      const current = await findDemoPayment(db, id);
      if (!current) return null;
      const row = FINAL.has(current.status) ? current : await settleDemoPayment(db, id, outcome);
      if (!row) return null;
      return {
        ...toProviderPayment(row, publicUrl),
        redirectUrl: row.redirectUrl,
        webhookUrl: row.webhookUrl,
        description: row.description,
      };
    },
  };
}
