import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Scope } from '#app/platform/server/deps.ts';

export { ORDER_MESSAGES } from '#app/modules/shop/domain/orders.ts';
import type { OrderView } from '#app/modules/shop/schemas/order.ts';
import type { CheckoutDetails } from '#app/modules/shop/schemas/checkout.ts';
import { priceCart } from '#app/modules/shop/domain/cart.ts';
import { formatDutchDate } from '#app/platform/dates.ts';
import { exVat, vatAmount } from '#app/platform/money.ts';
import {
  ORDER_MESSAGES,
  ORDER_STATUS_LABELS,
  orderNumber,
  orderStatusAfterPayment,
  UNPAID_ORDER_HOURS,
  type OrderStatus,
} from '#app/modules/shop/domain/orders.ts';
import { isPaymentStatus, nextPaymentStatus, PAYMENT_METHOD_LABELS } from '#app/modules/shop/domain/payments.ts';
import type { PaymentMethod, PaymentStatus } from '#app/platform/payments.ts';
import { CONFIRMATION_PATH, PAYMENT_PATH } from '#app/modules/shop/domain/shop.ts';
import { expectedDeliveryDate, SHIPPING_METHOD, shippingCents } from '#app/modules/shop/domain/shipping.ts';
import {
  applyPaymentUpdate,
  cancelUnpaidOrders,
  findOrder,
  findOrderByNumber,
  findPayment,
  insertOrderFromCart,
  insertOrderLicenseCodes,
  insertPayment,
  listOrderLicenseCodes,
  listOrderLines,
  listOrderPayments,
  listUserOrders,
  markFulfilmentQueued,
  OutOfStockError,
  subjectOfProduct,
  type OrderRow,
} from '#app/modules/shop/db/orders.server.ts';
import { grantSubjectAccess } from '#app/modules/study/index.server.ts';
import { currentCartId, getCart } from './cart.server.ts';
import { sessionUser } from '#app/modules/accounts/index.server.ts';

/** Why an order could not be placed or paid; pages and the API answer it with its status and Dutch message. */
export class OrderError extends Error {
  readonly status: 404 | 409 | 502;
  constructor(status: 404 | 409 | 502, message: string) {
    super(message);
    this.status = status;
  }
}

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

/**
 * Places the order of this request's cart: prices it on the
 * server from the catalogue (nothing the client sends about prices counts),
 * reserves the stock atomically and empties the cart. A newsletter opt-in
 * gets the double opt-in mail.
 */
export async function placeOrder(s: Scope, headers: Headers, details: CheckoutDetails): Promise<OrderRow> {
  const { cartId, userId } = await currentCartId(s, headers);
  if (!cartId) throw new OrderError(409, ORDER_MESSAGES.EMPTY_CART);
  let order: OrderRow | null;
  try {
    order = await insertOrderFromCart(s.db, {
      userId,
      cartId,
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
      price(reserved) {
        const priced = priceCart(
          reserved.map((r) => ({
            productId: r.productId,
            quantity: r.quantity,
            unitPriceCents: r.priceCents,
            isOrderable: 'Y',
            inventory: { totalQuantity: r.quantity },
          })),
        );
        const shipping = shippingCents(priced.totalCents, priced.itemCount);
        const total = priced.totalCents + shipping;
        return {
          lines: reserved.map((r, i) => ({
            productId: r.productId,
            sku: r.sku,
            name: r.name,
            quantity: r.quantity,
            unitPriceCents: r.priceCents,
            lineTotalCents: priced.lines[i]!.lineTotalCents,
            discountCents: priced.lines[i]!.discountCents,
          })),
          subtotalCents: priced.subtotalCents,
          discountPercent: priced.discountPercentage,
          discountCents: priced.discountNetCents,
          shippingCents: shipping,
          totalCents: total,
          vatCents: vatAmount(total),
        };
      },
    });
  } catch (error) {
    if (error instanceof OutOfStockError) throw new OrderError(409, ORDER_MESSAGES.OUT_OF_STOCK(error.productName));
    throw error;
  }
  if (!order) throw new OrderError(409, ORDER_MESSAGES.EMPTY_CART);
  if (details.newsletter) {
    const { subscribeToNewsletter } = await import('#app/modules/newsletter/index.server.ts');
    await subscribeToNewsletter(s, { email: details.email, source: 'checkout' }).catch((error: unknown) =>
      s.errors.capture(error, { action: 'checkout-newsletter' }),
    );
  }
  return order;
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

/** The buyer's view of an order. */
export async function orderView(s: Scope, order: OrderRow): Promise<OrderView> {
  const [lines, paymentRows, codes] = await Promise.all([
    listOrderLines(s.db, order.id),
    listOrderPayments(s.db, order.id),
    listOrderLicenseCodes(s.db, order.id),
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
    licenseCodes: codes.map((c) => ({
      code: c.code,
      productName: names.get(c.productId) ?? '',
      redeemed: c.redeemedAt !== null,
    })),
    accessQuery: accessQuery(order),
  };
}

/** The signed-in user's orders, newest first (the account's order history). */
export async function listMyOrders(s: Scope, userId: string): Promise<OrderView[]> {
  const rows = await listUserOrders(s.db, userId);
  return Promise.all(rows.map((row) => orderView(s, row)));
}

const absolute = (s: Scope, path: string) => new URL(path, s.settings.publicUrl).href;

/**
 * Starts a payment for a pending order at the provider and answers where to
 * send the buyer. The amount is the order's, as computed when it was placed.
 */
export async function startPayment(s: Scope, order: OrderRow, method: PaymentMethod): Promise<{ checkoutUrl: string }> {
  if (order.status === 'paid') throw new OrderError(409, ORDER_MESSAGES.ALREADY_PAID);
  if (order.status === 'cancelled') throw new OrderError(409, ORDER_MESSAGES.CANCELLED);
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
    throw new OrderError(502, ORDER_MESSAGES.PAYMENT_FAILED);
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
  if (!payment.checkoutUrl) throw new OrderError(502, ORDER_MESSAGES.PAYMENT_FAILED);
  return { checkoutUrl: payment.checkoutUrl };
}

/**
 * A webhook said payment `id` changed: its status is re-fetched
 * from the provider (the webhook's body is never trusted) and applied with
 * the order locked; a final payment status is never overwritten and an
 * order moves only by app/modules/shop/domain/orders.ts, so a repeated or out-of-order
 * delivery changes nothing. A newly paid order's follow-up (mail, access,
 * licence codes) is queued as a background job. Unknown ids are ignored.
 */
export async function handlePaymentWebhook(
  s: Scope,
  paymentId: string,
): Promise<{ known: boolean; orderChanged: boolean }> {
  const stored = await findPayment(s.db, paymentId);
  if (!stored) return { known: false, orderChanged: false };
  const reported = await s.payments.getPayment(paymentId);
  if (!isPaymentStatus(reported.status)) throw new Error(`Unknown payment status ${String(reported.status)}`);
  const outcome = await applyPaymentUpdate(s.db, paymentId, ({ payment, order }) => {
    const paymentStatus = nextPaymentStatus(payment.status as PaymentStatus, reported.status);
    const orderStatus = orderStatusAfterPayment(order.status as OrderStatus, paymentStatus);
    return {
      paymentStatus,
      method: reported.method,
      orderStatus,
      reason: `Betaling ${paymentId} (${s.payments.kind}): ${paymentStatus}`,
    };
  });
  if (!outcome) return { known: false, orderChanged: false };
  if (outcome.order.status === 'paid') await queueFulfilment(s, outcome.order);
  return { known: true, orderChanged: outcome.orderChanged };
}

/**
 * Queues a paid order's follow-up once: enqueue first, then mark, so a stop
 * between the two repeats the job (the job is idempotent) and never loses it.
 */
async function queueFulfilment(s: Scope, order: OrderRow): Promise<void> {
  if (order.fulfilmentQueuedAt) return;
  await s.jobs.enqueue('fulfil-order', { orderId: order.id });
  await markFulfilmentQueued(s.db, order.id);
}

function licenseCode(): string {
  // 12 characters from an alphabet without look-alikes (0/O, 1/I/L): 'SB-7KQ4-MX9P-2HTD'.
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  const bytes = randomBytes(12);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
  return `SB-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

/**
 * A paid order's follow-up (the `fulfil-order` job; idempotent): a signed-in
 * buyer gets full access to the subject of each exam bundle at once; every
 * further copy (and every copy for a guest) becomes a licence code to redeem
 * on the account's mijn-vakken-boeken page. Then the confirmation mail with
 * the order, its VAT lines and the codes.
 */
export async function fulfilOrder(s: Scope, orderId: number): Promise<{ codes: number; access: number }> {
  const order = await findOrder(s.db, orderId);
  if (!order || order.status !== 'paid') return { codes: 0, access: 0 };
  const lines = await listOrderLines(s.db, order.id);
  let existing = await listOrderLicenseCodes(s.db, order.id);
  let access = 0;
  if (existing.length === 0) {
    const codes: { code: string; productId: number; subjectId: number; orderId: number }[] = [];
    for (const line of lines) {
      if (line.productId === null) continue;
      const subject = await subjectOfProduct(s.db, line.productId);
      if (!subject || subject.productType !== 'examenbundel') continue;
      let copies = line.quantity;
      if (order.userId) {
        await grantSubjectAccess(s.db, {
          userId: order.userId,
          subjectId: subject.subjectId,
          stream: 'full',
          source: 'order',
          productId: line.productId,
        });
        access += 1;
        copies -= 1;
      }
      for (let i = 0; i < copies; i++) {
        codes.push({ code: licenseCode(), productId: line.productId, subjectId: subject.subjectId, orderId: order.id });
      }
    }
    await insertOrderLicenseCodes(s.db, codes);
    existing = await listOrderLicenseCodes(s.db, order.id);
  }
  const view = await orderView(s, order);
  const { orderConfirmationMail } = await import('./order-mail.server.ts');
  await s.jobs.enqueue('send-mail', orderConfirmationMail(s, view));
  return { codes: existing.length, access };
}

/** Cancels orders unpaid for UNPAID_ORDER_HOURS and puts their stock back (the `cancel-unpaid-orders` job). */
export async function cancelStaleOrders(s: Scope, now: Date = new Date()): Promise<{ cancelled: number }> {
  const before = new Date(now.getTime() - UNPAID_ORDER_HOURS * 3600_000);
  const cancelled = await cancelUnpaidOrders(s.db, before, `Niet betaald binnen ${UNPAID_ORDER_HOURS} uur`);
  return { cancelled };
}

/** The payment step's page data. */
export function paymentPath(order: OrderRow): string {
  return `${PAYMENT_PATH}${accessQuery(order)}`;
}

/**
 * What the checkout page shows: the cart (priced), the signed-in buyer's
 * e-mail and name to start from, and the expected delivery day.
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
  };
}

/** One order of the signed-in user (the account's invoice page); null when it is not theirs or does not exist. */
export async function getMyOrder(s: Scope, userId: string, number: string): Promise<OrderView | null> {
  const order = await findOrderByNumber(s.db, number);
  if (!order || order.userId !== userId) return null;
  return orderView(s, order);
}
