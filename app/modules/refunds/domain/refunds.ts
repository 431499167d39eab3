/**
 * The refund's rules (issue 32), pure: what a refund of chosen quantities of an order's lines (and its shipping)
 * costs per line, at the price the buyer paid (after the order's discount), with each line's VAT at its own rate,
 * and the credit note's numbers. Amounts are integer cents, VAT included.
 */
import { VAT_RATE_PERCENT, roundDiv, vatAmountAt } from '#app/platform/sales.ts';

export const REFUND_REASONS = ['returned', 'damaged', 'wrong_product', 'not_delivered', 'goodwill', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  returned: 'Teruggestuurd',
  damaged: 'Beschadigd ontvangen',
  wrong_product: 'Verkeerd product',
  not_delivered: 'Niet geleverd',
  goodwill: 'Coulance',
  other: 'Anders',
};

export const REFUND_STATUS_LABELS: Record<string, string> = {
  pending: 'Bezig',
  accepted: 'Terugbetaald',
  failed: 'Mislukt',
};

/** `CN26-000001`: the credit note series of a year (the invoices are the order numbers, `SB26-000123`). */
export function creditNoteNumber(year: number, sequence: number): string {
  return `CN${String(year % 100).padStart(2, '0')}-${String(sequence).padStart(6, '0')}`;
}
/** The back office's refund page of an order and its credit note page. */
export const refundPagePath = (orderNumber: string) => `/beheer/bestellingen/${orderNumber}/terugbetalen`;
export const creditNotePagePath = (number: string) => `/beheer/creditnotas/${number}`;
export const CREDIT_NOTE_NUMBER = /^CN\d{2}-\d{6,}$/;

/** An order line as it was paid. */
export interface PaidLine {
  position: number;
  name: string;
  sku: string;
  quantity: number;
  lineTotalCents: number;
  discountCents: number;
  /** Null on the lines of orders placed before the rate was stored: the standard 9 %. */
  vatRatePercent: number | null;
}

/** One line of a refund: what it gives back, negative on its credit note. */
export interface RefundLinePlan {
  position: number | null;
  description: string;
  sku: string | null;
  quantity: number;
  amountCents: number;
  vatRatePercent: number;
  vatCents: number;
}

export type RefundPlanRefusal =
  | { reason: 'nothing_chosen' }
  | { reason: 'line_unknown'; index: number }
  | { reason: 'quantity_left'; index: number; name: string; left: number }
  | { reason: 'shipping_refunded' }
  | { reason: 'payment_left'; leftCents: number };

/**
 * What refunding `quantity` more units of a line costs after `before` units were refunded: the share of the
 * line's paid amount between the two counts, so the parts add up to the paid amount to the cent, however the
 * line is refunded in parts.
 */
export function unitsAmount(line: PaidLine, before: number, quantity: number): number {
  const paid = line.lineTotalCents - line.discountCents;
  return roundDiv(paid * (before + quantity), line.quantity) - roundDiv(paid * before, line.quantity);
}

/**
 * Plans a refund: the chosen quantities (0 = none) of the order's lines and, if asked, its shipping, against what
 * earlier refunds (accepted or still pending) gave back and what is left of the payment.
 */
export function planRefund(input: {
  lines: readonly PaidLine[];
  shippingCents: number;
  /** Units refunded before, per line position. */
  refundedUnits: ReadonlyMap<number, number>;
  shippingRefunded: boolean;
  paymentLeftCents: number;
  ask: { lines: readonly { position: number; quantity: number }[]; shipping: boolean };
}):
  | { ok: true; lines: RefundLinePlan[]; amountCents: number; shippingCents: number }
  | ({ ok: false } & RefundPlanRefusal) {
  const plan: RefundLinePlan[] = [];
  const asked = new Map<number, number>();
  for (const [index, choice] of input.ask.lines.entries()) {
    if (choice.quantity === 0) continue;
    const line = input.lines.find((l) => l.position === choice.position);
    if (!line || asked.has(choice.position)) return { ok: false, reason: 'line_unknown', index };
    asked.set(choice.position, choice.quantity);
    const before = input.refundedUnits.get(line.position) ?? 0;
    const left = line.quantity - before;
    if (choice.quantity > left) return { ok: false, reason: 'quantity_left', index, name: line.name, left };
    const amountCents = unitsAmount(line, before, choice.quantity);
    const rate = line.vatRatePercent ?? VAT_RATE_PERCENT;
    plan.push({
      position: line.position,
      description: line.name,
      sku: line.sku,
      quantity: choice.quantity,
      amountCents,
      vatRatePercent: rate,
      vatCents: vatAmountAt(amountCents, rate),
    });
  }
  let shippingCents = 0;
  if (input.ask.shipping && input.shippingCents > 0) {
    if (input.shippingRefunded) return { ok: false, reason: 'shipping_refunded' };
    shippingCents = input.shippingCents;
    plan.push({
      position: null,
      description: 'Verzendkosten',
      sku: null,
      quantity: 1,
      amountCents: shippingCents,
      vatRatePercent: VAT_RATE_PERCENT,
      vatCents: vatAmountAt(shippingCents, VAT_RATE_PERCENT),
    });
  }
  plan.sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity));
  const amountCents = plan.reduce((sum, line) => sum + line.amountCents, 0);
  if (amountCents <= 0) return { ok: false, reason: 'nothing_chosen' };
  if (amountCents > input.paymentLeftCents) {
    return { ok: false, reason: 'payment_left', leftCents: Math.max(0, input.paymentLeftCents) };
  }
  return { ok: true, lines: plan, amountCents, shippingCents };
}
