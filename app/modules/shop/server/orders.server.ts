import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Scope } from '#app/platform/server/deps.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { OrderView } from '#app/modules/shop/schemas/order.ts';
import type { CheckoutDetails } from '#app/modules/shop/schemas/checkout.ts';
import { cartTotal, expectedDeliveryDate, SHIPPING_METHOD } from '#app/modules/shop/domain/cart.ts';
import { formatDutchDate } from '#app/platform/dates.ts';
import { exVat, VAT_RATE_PERCENT } from '#app/platform/sales.ts';
import { GUEST_LIMIT_MESSAGES, ORDER_MESSAGES, REFUND_DESCRIPTIONS } from '#app/modules/shop/domain/messages.ts';
import {
  guestLimitExcess,
  ORDER_STATUS_LABELS,
  orderNumber,
  orderStatusAfterPayment,
  PROCESSING_ORDER_HOURS,
  UNPAID_ORDER_MINUTES,
  type GuestLimitExcess,
  type OrderStatus,
} from '#app/modules/shop/domain/orders.ts';
import {
  extraPaymentReason,
  isPaymentStatus,
  nextPaymentStatus,
  PAYMENT_METHOD_LABELS,
  type ExtraPaymentReason,
} from '#app/modules/shop/domain/payments.ts';
import type { PaymentMethod, PaymentStatus } from '#app/platform/payments.ts';
import { CONFIRMATION_PATH, PAYMENT_PATH } from '#app/modules/shop/domain/shop.ts';
import {
  applyPaymentUpdate,
  cancelPendingOrder,
  claimExtraPaymentRefund,
  findExtraPayment,
  finishExtraPaymentRefund,
  findOrderByNumber,
  findPayment,
  insertOrder,
  insertPayment,
  listOrderLines,
  listOrderPayments,
  listQueuedExtraPayments,
  listStaleOrders,
  listUnfulfilledPaidOrders,
  listUnsettledPayments,
  listUserOrders,
  markFulfilmentQueued,
  type ExtraPaymentRow,
  type OrderRow,
} from '#app/modules/shop/db/orders.server.ts';
import { clearCart, lockCartItems } from '#app/modules/shop/db/carts.server.ts';
import { findProductsByIds, releaseStock, reserveStock } from '#app/modules/catalog/index.server.ts';
import { currentCartId, getCart } from './cart.server.ts';
import { sessionUser } from '#app/modules/accounts/index.server.ts';
import type { OrderRefusal } from './refusals.server.ts';

function formatAddress(a: {
  street: string;
  houseNumber: string;
  houseNumberExtension?: string | undefined;
  postcode: string;
  city: string;
}): string[] {
  const ext = a.houseNumberExtension ? ` ${a.houseNumberExtension}` : '';
  return [`${a.street} ${a.houseNumber}${ext}`, `${a.postcode} ${a.city}`];
}

const accessQuery = (order: OrderRow) => `?bestelling=${order.number}&code=${order.accessToken}`;

/** The API's field errors of a signed-out order over the limits: per cart line, and the cart as a whole. */
function guestLimitFieldErrors(excess: GuestLimitExcess): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const line of excess.lines) {
    errors[`items.${line.productId}.quantity`] = [GUEST_LIMIT_MESSAGES.LINE(line.name, line.quantity)];
  }
  if (excess.total !== null) errors.items = [GUEST_LIMIT_MESSAGES.TOTAL(excess.total)];
  return errors;
}

/** Thrown inside the order's transaction when a product cannot be sold as asked: the transaction rolls back. */
class OutOfStockError extends Error {
  readonly productName: string;
  constructor(productName: string) {
    super(`Out of stock: ${productName}`);
    this.productName = productName;
  }
}

/** Thrown inside the order's transaction when a signed-out cart is over the guest limits: it rolls back. */
class GuestLimitError extends Error {
  readonly excess: GuestLimitExcess;
  constructor(excess: GuestLimitExcess) {
    super('The order is over the guest limits');
    this.excess = excess;
  }
}

/** The order's amounts from the reserved products, priced by cartTotal as the cart was. */
function priceOrder(
  reserved: readonly { productId: number; sku: string; name: string; quantity: number; priceCents: number }[],
) {
  const priced = cartTotal(
    reserved.map((r) => ({
      productId: r.productId,
      quantity: r.quantity,
      unitPriceCents: r.priceCents,
      isOrderable: 'Y',
      inventory: { totalQuantity: r.quantity },
    })),
  );
  return {
    lines: reserved.map((r, i) => ({
      productId: r.productId,
      sku: r.sku,
      name: r.name,
      quantity: r.quantity,
      unitPriceCents: r.priceCents,
      lineTotalCents: priced.lines[i]!.lineTotalCents,
      discountCents: priced.lines[i]!.discountCents,
      vatRatePercent: VAT_RATE_PERCENT,
    })),
    subtotalCents: priced.subtotalCents,
    discountPercent: priced.discountPercentage,
    discountCents: priced.discountNetCents,
    shippingCents: priced.shippingCents,
    totalCents: priced.grandTotalCents,
    vatCents: priced.vatCents,
  };
}

/**
 * The order workflow: one transaction across the shop's cart and orders and the catalogue's stock. The
 * cart row is locked first (lockCartItems, the lock order of every cart write); a signed-out cart is
 * checked against the guest limits on the lines read under that lock, before any stock is reserved; every
 * product's stock is reserved by the catalogue's conditional write (reserveStock: only while enough is in
 * stock and it is orderable), in product id order, so concurrent checkouts can never sell more than there
 * is nor deadlock; the amounts are computed from the prices read in those statements; the order, its
 * lines and its first event are written and the cart is emptied. A product short of stock throws and
 * nothing is kept. Null for an empty cart.
 */
function orderFromCart(
  s: Scope,
  cartId: string,
  userId: string | null,
  details: CheckoutDetails,
): Promise<OrderRow | null> {
  return s.db.transaction(async (tx) => {
    const items = await lockCartItems(tx, cartId);
    if (items.length === 0) return null;
    const names = new Map(
      (
        await findProductsByIds(
          tx,
          items.map((item) => item.productId),
        )
      ).map((product) => [product.id, product.name]),
    );
    const wanted = items.flatMap((item) => {
      const name = names.get(item.productId);
      return name === undefined ? [] : [{ ...item, name }];
    });
    if (wanted.length === 0) return null;
    const excess = userId ? null : guestLimitExcess(wanted);
    if (excess) throw new GuestLimitError(excess);
    const reserved = [];
    for (const line of wanted) {
      const product = await reserveStock(tx, line.productId, line.quantity);
      if (!product) throw new OutOfStockError(line.name);
      reserved.push({ productId: line.productId, quantity: line.quantity, ...product });
    }
    const order = await insertOrder(tx, {
      userId,
      email: details.email,
      customer: {
        firstName: details.firstName,
        lastName: details.lastName,
        email: details.email,
        phone: details.phone,
        billing: details.billing,
        delivery: details.delivery,
      },
      shippingMethod: SHIPPING_METHOD,
      newsletter: details.newsletter,
      accessToken: randomBytes(18).toString('base64url'),
      numberFor: (id) => orderNumber(id, new Date().getFullYear()),
      ...priceOrder(reserved),
    });
    await clearCart(tx, cartId);
    return order;
  });
}

/**
 * Places the order of this request's cart: prices it on the
 * server from the catalogue (nothing the client sends about prices counts),
 * reserves the stock atomically and empties the cart (orderFromCart). A newsletter opt-in
 * gets the double opt-in mail. Refused: an empty cart, a product sold out
 * meanwhile (the transaction rolled back, nothing reserved), and a signed-out
 * buyer's cart over the guest limits (GUEST_ORDER_MAX_LINE_QUANTITY per
 * product, GUEST_ORDER_MAX_ITEMS in all; checked on the lines the transaction
 * reads, before any stock is reserved).
 */
export async function placeOrder(
  s: Scope,
  headers: Headers,
  details: CheckoutDetails,
): Promise<Result<OrderRow, OrderRefusal<'empty_cart' | 'out_of_stock' | 'guest_limit'>>> {
  const { cartId, userId } = await currentCartId(s, headers);
  if (!cartId) return refuse({ reason: 'empty_cart', message: ORDER_MESSAGES.EMPTY_CART });
  let order: OrderRow | null;
  try {
    order = await orderFromCart(s, cartId, userId, details);
  } catch (error) {
    if (error instanceof OutOfStockError) {
      return refuse({ reason: 'out_of_stock', message: ORDER_MESSAGES.OUT_OF_STOCK(error.productName) });
    }
    if (error instanceof GuestLimitError) {
      return refuse({
        reason: 'guest_limit',
        message: ORDER_MESSAGES.GUEST_LIMIT(error.excess),
        fieldErrors: guestLimitFieldErrors(error.excess),
      });
    }
    throw error;
  }
  if (!order) return refuse({ reason: 'empty_cart', message: ORDER_MESSAGES.EMPTY_CART });
  if (details.newsletter) {
    const { subscribeToNewsletter } = await import('#app/modules/newsletter/index.server.ts');
    await subscribeToNewsletter(s, { email: details.email, source: 'checkout' }).catch((error: unknown) =>
      s.errors.capture(error, { action: 'checkout-newsletter' }),
    );
  }
  return ok(order);
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The order `number` if this request may see it: with the code of its
 * confirmation link (a guest), or as its signed-in owner. Anyone else gets
 * null, the same as for an order that does not exist.
 */
export async function findViewableOrder(
  s: Scope,
  headers: Headers,
  access: { bestelling: string; code?: string | undefined },
): Promise<OrderRow | null> {
  const order = await findOrderByNumber(s.db, access.bestelling);
  if (!order) return null;
  if (access.code && sameToken(access.code, order.accessToken)) return order;
  if (order.userId) {
    const user = await sessionUser(s, headers);
    if (user?.id === order.userId) return order;
  }
  return null;
}

/** A licence code issued for one copy of an order's line (the licences module issues and keeps them). */
export interface IssuedCode {
  code: string;
  productId: number;
  redeemedAt: Date | null;
}

/**
 * The buyer's view of an order, with the licence codes issued for it (`codes`: given, or read meanwhile).
 * The order pages and the API read it through the licences module (orderWithCodes), which has the codes;
 * an order not paid yet has none.
 */
export async function orderView(
  s: Scope,
  order: OrderRow,
  codes: readonly IssuedCode[] | Promise<readonly IssuedCode[]>,
): Promise<OrderView> {
  const [lines, paymentRows, issued] = await Promise.all([
    listOrderLines(s.db, order.id),
    listOrderPayments(s.db, order.id),
    codes,
  ]);
  const latest = paymentRows[0];
  const names = new Map(lines.map((l) => [l.productId, l.name]));
  return {
    number: order.number,
    status: order.status as OrderStatus,
    statusLabel: ORDER_STATUS_LABELS[order.status as OrderStatus] ?? order.status,
    paymentStatus: latest?.status ?? null,
    paymentMethod: latest?.method ? (PAYMENT_METHOD_LABELS[latest.method as PaymentMethod] ?? latest.method) : null,
    email: order.email,
    name: `${order.customer.firstName} ${order.customer.lastName}`,
    billingAddress: formatAddress(order.customer.billing),
    deliveryAddress: formatAddress(order.customer.delivery ?? order.customer.billing),
    lines: lines.map((l) => ({
      name: l.name,
      sku: l.sku,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: l.lineTotalCents,
      discountCents: l.discountCents,
      vatRatePercent: l.vatRatePercent,
      href: l.productId ? `/producten/${l.productId}` : null,
    })),
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotalCents: order.subtotalCents,
    discountPercent: order.discountPercent,
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    vatCents: order.vatCents,
    totalExVatCents: exVat(order.totalCents),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    expectedDelivery: order.paidAt ? formatDutchDate(expectedDeliveryDate(order.paidAt)) : null,
    licenseCodes: issued.map((c) => ({
      code: c.code,
      productName: names.get(c.productId) ?? '',
      redeemed: c.redeemedAt !== null,
    })),
    accessQuery: accessQuery(order),
  };
}

/** The signed-in user's orders, newest first (the account's order history). */
export async function listOrdersOf(s: Scope, userId: string): Promise<OrderRow[]> {
  return listUserOrders(s.db, userId);
}

const absolute = (s: Scope, path: string) => new URL(path, s.settings.publicUrl).href;

/**
 * Starts a payment for a pending order at the provider and answers where to
 * send the buyer. The amount is the order's, as computed when it was placed.
 * Refused: a paid or cancelled order, and a provider that did not answer
 * (reported as a fault; the buyer may try again).
 */
/** The checkout address of the order's newest open payment with this method, if the provider still has it open. */
async function reusablePayment(s: Scope, orderId: number, method: PaymentMethod): Promise<string | null> {
  const [latest] = await listOrderPayments(s.db, orderId);
  if (!latest || latest.status !== 'open' || latest.method !== method || !latest.checkoutUrl) return null;
  try {
    const now = await s.payments.getPayment(latest.id);
    return now.status === 'open' ? latest.checkoutUrl : null;
  } catch {
    // The provider cannot say: a new payment is started as before.
    return null;
  }
}

export async function startPayment(
  s: Scope,
  order: OrderRow,
  method: PaymentMethod,
): Promise<Result<{ checkoutUrl: string }, OrderRefusal<'already_paid' | 'cancelled' | 'payment_failed'>>> {
  if (order.status === 'paid') return refuse({ reason: 'already_paid', message: ORDER_MESSAGES.ALREADY_PAID });
  if (order.status === 'cancelled') return refuse({ reason: 'cancelled', message: ORDER_MESSAGES.CANCELLED });
  // A payment of this order that is still open with the same method is taken up again (a buyer who
  // went back, or pressed twice): a second payment could be paid as well.
  const open = await reusablePayment(s, order.id, method);
  if (open) return ok({ checkoutUrl: open });
  let payment;
  try {
    payment = await s.payments.createPayment({
      amountCents: order.totalCents,
      description: `Slaagbundel bestelling ${order.number}`,
      redirectUrl: absolute(s, `${CONFIRMATION_PATH}${accessQuery(order)}`),
      webhookUrl: absolute(s, '/api/v1/payments/webhook'),
      method,
      metadata: { orderNumber: order.number },
    });
  } catch (error) {
    s.errors.capture(error, { action: 'start-payment', order: order.number });
    return refuse({ reason: 'payment_failed', message: ORDER_MESSAGES.PAYMENT_FAILED });
  }
  await insertPayment(s.db, {
    id: payment.id,
    orderId: order.id,
    provider: s.payments.kind,
    method: payment.method ?? method,
    status: payment.status,
    amountCents: payment.amountCents,
    checkoutUrl: payment.checkoutUrl,
  });
  if (!payment.checkoutUrl) return refuse({ reason: 'payment_failed', message: ORDER_MESSAGES.PAYMENT_FAILED });
  return ok({ checkoutUrl: payment.checkoutUrl });
}

/**
 * A webhook said payment `id` changed: its status is re-fetched
 * from the provider (the webhook's body is never trusted) and applied with
 * the order locked; a final payment status is never overwritten and an
 * order moves only by app/modules/shop/domain/orders.ts, so a repeated or out-of-order
 * delivery changes nothing. A newly paid order's follow-up (mail, access,
 * licence codes) is queued as a background job. A payment paid although its
 * order was paid by another payment or cancelled is an extra payment:
 * recorded, reported to the operator and refunded by a once-only job; the
 * order stays as it is. Unknown ids are ignored.
 */
export async function handlePaymentWebhook(
  s: Scope,
  paymentId: string,
): Promise<{ known: boolean; orderChanged: boolean }> {
  const stored = await findPayment(s.db, paymentId);
  if (!stored) return { known: false, orderChanged: false };
  const reported = await s.payments.getPayment(paymentId);
  if (!isPaymentStatus(reported.status)) throw new Error(`Unknown payment status ${String(reported.status)}`);
  let applied: PaymentStatus | null = null;
  const outcome = await applyPaymentUpdate(s.db, paymentId, ({ payment, order }) => {
    const paymentStatus = nextPaymentStatus(payment.status as PaymentStatus, reported.status);
    applied = paymentStatus;
    const orderStatus = orderStatusAfterPayment(order.status as OrderStatus, paymentStatus);
    return {
      paymentStatus,
      method: reported.method,
      orderStatus,
      reason: `Betaling ${paymentId} (${s.payments.kind}): ${paymentStatus}`,
      extra: extraPaymentReason(order.status as OrderStatus, payment.status as PaymentStatus, paymentStatus),
    };
  });
  if (!outcome) return { known: false, orderChanged: false };
  if (outcome.order.status === 'paid') await queueFulfilment(s, outcome.order);
  if (outcome.extra) await queueRefund(s, outcome.order, outcome.extra);
  if (outcome.paymentChanged && applied && isRetryablePayment(applied))
    await queuePaymentRetryMail(s, outcome.order, applied);
  return { known: true, orderChanged: outcome.orderChanged };
}

/** A payment that ended without paying: the order still waits for another one. */
const isRetryablePayment = (status: PaymentStatus): boolean =>
  status === 'failed' || status === 'canceled' || status === 'expired';

/**
 * When the unpaid order gives its stock back (ADR 011): UNPAID_ORDER_MINUTES after it was placed
 * and after its newest payment was started (the cancel job runs every five minutes after that).
 */
async function heldUntil(s: Scope, order: OrderRow): Promise<Date> {
  const [newest] = await listOrderPayments(s.db, order.id);
  const from = Math.max(order.createdAt.getTime(), newest?.createdAt.getTime() ?? 0);
  return new Date(from + UNPAID_ORDER_MINUTES * 60_000);
}

/**
 * A payment of a pending order failed, was cancelled or expired: the cart is gone (it became the
 * order), so the buyer gets one mail with the link to pay the order on the payment page, and
 * until when it waits. Once per order (its job key), however many attempts fail; none when the
 * order is no longer held (the cancel job applies the last payments just before cancelling).
 */
async function queuePaymentRetryMail(s: Scope, order: OrderRow, status: PaymentStatus, now = new Date()) {
  if (order.status !== 'pending') return;
  const until = await heldUntil(s, order);
  if (until <= now) return;
  const view = await orderView(s, order, []); // pending: no codes are issued before it is paid
  const { paymentRetryMail } = await import('./order-mail.server.ts');
  await s.jobs.enqueue('send-mail', paymentRetryMail(s, view, status, until), { key: `payment-retry:${order.id}` });
}

/** Raised (reported, never thrown) when a payment was paid that its order did not need: the operator's alert. */
export class ExtraPaymentError extends Error {
  override name = 'ExtraPaymentError';
}

/** The job's key: one refund job per payment, however many deliveries ask. */
const refundKey = (paymentId: string) => `refund:${paymentId}`;

/**
 * An extra payment: the delivery that recorded it alerts the operator (a warning in the log and an
 * error report, beside the `extra_payments` row); every delivery queues its refund while it is
 * queued, under one job key, so a stop between the record and the queue is mended by the next one.
 */
async function queueRefund(
  s: Scope,
  order: OrderRow,
  extra: { row: ExtraPaymentRow; created: boolean },
): Promise<void> {
  const { row } = extra;
  if (extra.created) {
    const detail = {
      event: 'extra_payment',
      order: order.number,
      payment: row.paymentId,
      amountCents: row.amountCents,
      reason: row.reason,
    };
    s.logger.warn(detail, 'extra payment: paid although the order did not need it; its refund is queued');
    s.errors.capture(
      new ExtraPaymentError(
        `Payment ${row.paymentId} of order ${order.number} was paid although the order was ${
          row.reason === 'order_paid' ? 'paid by another payment' : 'cancelled'
        }; its refund is queued`,
      ),
      detail,
    );
  }
  if (row.status === 'queued') {
    await s.jobs.enqueue('refund-extra-payment', { paymentId: row.paymentId }, { key: refundKey(row.paymentId) });
  }
}

/** A refund claimed by a run that stopped (the job expired) may be taken over after this long. */
const REFUND_CLAIM_STALE_MS = 10 * 60_000;

/**
 * Refunds an extra payment in full through the payment provider (the `refund-extra-payment` job). One
 * run takes the refund on (queued → refunding) and the others leave it alone, so concurrent runs
 * refund once; the provider's idempotency key (one per payment) makes a repeat after a stop answer the
 * refund made before. A failure is thrown for the queue to retry (the row back to queued, with the
 * error); on the `lastAttempt` the row is marked failed and logged for the operator to refund by hand.
 */
export async function refundExtraPayment(
  s: Scope,
  paymentId: string,
  { lastAttempt = false }: { lastAttempt?: boolean } = {},
): Promise<{ status: string; refundId: string | null }> {
  const claimed = await claimExtraPaymentRefund(s.db, paymentId, new Date(Date.now() - REFUND_CLAIM_STALE_MS));
  const extra = await findExtraPayment(s.db, paymentId);
  if (!claimed || !extra) return { status: extra?.status ?? 'unknown', refundId: extra?.refundId ?? null };
  const detail = { event: 'extra_payment_refund', order: extra.orderNumber, payment: paymentId };
  try {
    const refund = await s.payments.refund({
      paymentId,
      amountCents: claimed.amountCents,
      description: REFUND_DESCRIPTIONS[claimed.reason as ExtraPaymentReason](extra.orderNumber),
      idempotencyKey: `slaagbundel-refund-${paymentId}`,
      metadata: { orderNumber: extra.orderNumber },
    });
    await finishExtraPaymentRefund(s.db, paymentId, {
      status: 'refunded',
      refundId: refund.id,
      refundStatus: refund.status,
    });
    s.logger.info({ ...detail, refund: refund.id, amountCents: refund.amountCents }, 'extra payment refunded');
    return { status: 'refunded', refundId: refund.id };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finishExtraPaymentRefund(s.db, paymentId, { status: lastAttempt ? 'failed' : 'queued', error: message });
    if (lastAttempt) {
      s.logger.error({ ...detail, error: message }, 'extra payment: refund failed for good; refund it by hand');
    }
    throw error;
  }
}

/**
 * Queues a paid order's follow-up, once however many deliveries ask: the job's key is the order,
 * so the queue keeps one job per order (and the licences module's fulfilOrder runs its work once even if two ran).
 * Every delivery of a paid order asks until it is fulfilled, so a stop between the paid
 * transition and this call is mended by the provider's next delivery.
 */
async function queueFulfilment(s: Scope, order: OrderRow): Promise<void> {
  if (order.fulfilledAt) return;
  await s.jobs.enqueue('fulfil-order', { orderId: order.id }, { key: `order:${order.id}` });
  if (!order.fulfilmentQueuedAt) await markFulfilmentQueued(s.db, order.id);
}

/**
 * Queues a paid order's confirmation mail (`view`: the order with its licence codes), once per order
 * (its job key): the fulfilment workflow calls it after its commit, and again when a run that stopped
 * before this call is repeated.
 */
export async function queueOrderConfirmation(
  s: Scope,
  orderId: number,
  view: OrderView,
  resend?: { key: string; to?: string | undefined },
): Promise<void> {
  const { orderConfirmationMail } = await import('./order-mail.server.ts');
  const mail = orderConfirmationMail(s, view);
  // A resend from the back office (issue 32) is a job of its own key, to the address the staff member chose.
  const key = resend ? `order-confirmation:${orderId}:${resend.key}` : `order-confirmation:${orderId}`;
  await s.jobs.enqueue('send-mail', { ...mail, to: resend?.to ?? mail.to }, { key });
}

/**
 * The cancel workflow: one transaction across the shop's order and the catalogue's stock. The order is
 * cancelled under its row's lock (cancelPendingOrder checks everything again there) and its lines' stock
 * is put back (releaseStock), in product id order as an order reserves it. True when it was cancelled.
 */
function cancelUnpaidOrder(
  s: Scope,
  orderId: number,
  rule: { before: Date; holding: readonly string[]; reason: string },
): Promise<boolean> {
  return s.db.transaction(async (tx) => {
    const lines = await cancelPendingOrder(tx, orderId, rule);
    if (!lines) return false;
    for (const line of lines) await releaseStock(tx, line.productId, line.quantity);
    return true;
  });
}

/**
 * The `cancel-unpaid-orders` job (every 5 minutes): an order unpaid UNPAID_ORDER_MINUTES after it
 * was placed and after its newest payment was started is cancelled and its stock put back, but the
 * provider is asked first: every payment of it that is not final is re-fetched and applied as a
 * webhook would, so one that was paid meanwhile pays (and fulfils) the order instead. A payment still
 * open then was abandoned (Mollie expires an open iDEAL payment after 15 minutes) and does not hold
 * the order; one the provider is still processing (pending, authorized), or one the provider could
 * not tell us about, holds it up to PROCESSING_ORDER_HOURS. Should an abandoned payment be paid after
 * all, it is an extra payment and refunded. Also queues again the follow-up of paid orders not fulfilled
 * five minutes after they were paid, and the refunds of extra payments whose job was lost (queued for
 * more than a few minutes); their job keys keep each once.
 */
export async function cancelStaleOrders(
  s: Scope,
  now: Date = new Date(),
): Promise<{ cancelled: number; paid: number; held: number }> {
  const before = new Date(now.getTime() - UNPAID_ORDER_MINUTES * 60_000);
  const processingBefore = new Date(now.getTime() - PROCESSING_ORDER_HOURS * 3600_000);
  const counts = { cancelled: 0, paid: 0, held: 0 };
  for (const order of await listStaleOrders(s.db, before)) {
    const overdue = order.createdAt < processingBefore;
    let unknown = false;
    let paid = false;
    for (const payment of await listUnsettledPayments(s.db, order.id)) {
      try {
        paid = (await handlePaymentWebhook(s, payment.id)).orderChanged || paid;
      } catch (error) {
        unknown = true;
        s.errors.capture(error, { action: 'cancel-unpaid-orders', orderId: order.id, payment: payment.id });
      }
    }
    if (paid) {
      counts.paid += 1;
      continue;
    }
    if (unknown && !overdue) {
      counts.held += 1;
      continue;
    }
    const cancelled = await cancelUnpaidOrder(s, order.id, {
      before,
      holding: overdue ? [] : ['pending', 'authorized'],
      reason: overdue
        ? `Niet betaald binnen ${PROCESSING_ORDER_HOURS} uur`
        : `Niet betaald binnen ${UNPAID_ORDER_MINUTES} minuten`,
    });
    if (cancelled) counts.cancelled += 1;
    else counts.held += 1;
  }
  // The paid transition is the outbox of the fulfilment: an order paid a few minutes ago and not fulfilled
  // yet (its job was never queued because the process stopped right after the commit, or it failed for good)
  // is queued again, by its key, so at most once at a time.
  for (const order of await listUnfulfilledPaidOrders(s.db, new Date(now.getTime() - 5 * 60_000))) {
    await queueFulfilment(s, order);
  }
  for (const extra of await listQueuedExtraPayments(s.db, new Date(now.getTime() - 5 * 60_000))) {
    await s.jobs.enqueue('refund-extra-payment', { paymentId: extra.paymentId }, { key: refundKey(extra.paymentId) });
  }
  return counts;
}

const guestLimitMessage = (excess: GuestLimitExcess | null) => (excess ? ORDER_MESSAGES.GUEST_LIMIT(excess) : null);

/** The payment step's page data. */
export function paymentPath(order: OrderRow): string {
  return `${PAYMENT_PATH}${accessQuery(order)}`;
}

/**
 * What the checkout page shows: the cart (priced), the signed-in buyer's
 * e-mail and name to start from, the expected delivery day, and for a
 * signed-out buyer whose cart is over the guest limits the message placing
 * the order would answer, so it shows before the form is filled in.
 */
export async function checkoutPageData(s: Scope, headers: Headers, now: Date = new Date()) {
  const [{ cart, setCookies }, user] = await Promise.all([getCart(s, headers), sessionUser(s, headers)]);
  const [firstName, ...rest] = (user?.name ?? '').trim().split(/\s+/);
  return {
    cart,
    setCookies,
    defaults: user
      ? { email: user.email, firstName: firstName || undefined, lastName: rest.join(' ') || undefined }
      : {},
    deliveryText: `Verwacht: ${formatDutchDate(expectedDeliveryDate(now))} in huis, als je vandaag betaalt`,
    guestLimitMessage: guestLimitMessage(user ? null : guestLimitExcess(cart.lines)),
  };
}

/** One order of the signed-in user (the account's invoice page); null when it is not theirs or does not exist. */
export async function findMyOrder(s: Scope, userId: string, number: string): Promise<OrderRow | null> {
  const order = await findOrderByNumber(s.db, number);
  return order && order.userId === userId ? order : null;
}
