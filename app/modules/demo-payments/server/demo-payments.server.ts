import type { Scope } from '#app/platform/server/deps.ts';
import { handlePaymentWebhook } from '#app/modules/shop/index.server.ts';
import { DEMO_OUTCOMES, type DemoOutcome, type DemoPaymentProvider } from './provider.server.ts';

function demoProvider(s: Scope): DemoPaymentProvider | null {
  return s.payments.kind === 'demo' ? (s.payments as DemoPaymentProvider) : null;
}

/** What the demo provider's test page shows; null without the demo provider or for an unknown payment. */
export async function demoPaymentPage(s: Scope, paymentId: string) {
  const payment = await demoProvider(s)?.find(paymentId);
  if (!payment) return null;
  return {
    description: payment.description,
    amountCents: payment.amountCents,
    status: payment.status,
    // The demo provider settles a payment in one step: anything but open is final.
    final: payment.status !== 'open',
  };
}

/**
 * The test page's choice, as the real provider would act: settle the
 * payment, call our webhook (the same service the HTTP webhook calls), and
 * answer where the buyer goes back to. Null for an unknown payment.
 */
export async function settleDemoPayment(s: Scope, paymentId: string, outcome: string): Promise<string | null> {
  const provider = demoProvider(s);
  if (!provider || !(DEMO_OUTCOMES as readonly string[]).includes(outcome)) return null;
  const payment = await provider.settle(paymentId, outcome as DemoOutcome);
  if (!payment) return null;
  await handlePaymentWebhook(s, paymentId);
  return payment.redirectUrl;
}
