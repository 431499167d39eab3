import { z } from '#app/platform/schemas/z.ts';
import { CHECKOUT_MESSAGES } from '#app/modules/shop/domain/messages.ts';

const cents = (description: string) =>
  z
    .number()
    .int()
    .meta({ description: `${description} In euro cents.` });

/** An order as its buyer sees it (confirmation, payment step, order history, invoice). Cents incl. 9 % VAT. */
export const orderSchema = z
  .object({
    number: z.string().meta({ example: 'SB26-000042' }),
    status: z.enum(['pending', 'paid', 'cancelled']).meta({
      description: 'pending: waiting for a payment (stock reserved); paid; cancelled: not paid within 24 hours.',
    }),
    statusLabel: z.string().meta({ example: 'Betaald' }),
    paymentStatus: z.string().nullable().meta({ description: "The latest payment's status at the provider." }),
    paymentMethod: z.string().nullable().meta({ example: 'iDEAL' }),
    email: z.string(),
    name: z.string(),
    billingAddress: z.array(z.string()),
    deliveryAddress: z.array(z.string()),
    lines: z.array(
      z.object({
        name: z.string(),
        sku: z.string(),
        quantity: z.number().int(),
        unitPriceCents: cents('Price of one when ordered, VAT included.'),
        lineTotalCents: cents('unitPrice × quantity.'),
        discountCents: cents('Stacking discount on this line.'),
        vatRatePercent: z
          .number()
          .int()
          .nullable()
          .meta({ description: "The line's VAT rate; null on orders placed before it was stored per line (9 %)." }),
        href: z.string().nullable(),
      }),
    ),
    itemCount: z.number().int(),
    subtotalCents: cents('Before the discount.'),
    discountPercent: z.number().int(),
    discountCents: cents('The stacking discount.'),
    shippingCents: cents('Shipping.'),
    totalCents: cents('What was (or is to be) paid, VAT included.'),
    vatCents: cents('The 9 % VAT in the total.'),
    totalExVatCents: cents('The total without VAT.'),
    createdAt: z.string().meta({ description: 'ISO 8601.' }),
    paidAt: z.string().nullable(),
    expectedDelivery: z.string().nullable().meta({ example: 'dinsdag 24 november' }),
    licenseCodes: z.array(z.object({ code: z.string(), productName: z.string(), redeemed: z.boolean() })),
    accessQuery: z.string().meta({ description: 'The query that opens the order for a guest (keep it private).' }),
  })
  .meta({ id: 'Order' });

export type OrderView = z.output<typeof orderSchema>;

export const orderEnvelopeSchema = z.object({ order: orderSchema });
export const orderListSchema = z.object({ orders: z.array(orderSchema) });
export const checkoutRedirectSchema = z.object({
  checkoutUrl: z.string().meta({ description: "The provider's payment page: send the buyer there." }),
});
export const orderNumberParamsSchema = z.object({
  number: z
    .string()
    .regex(/^SB\d{2}-\d{6,}$/, { error: CHECKOUT_MESSAGES.ORDER })
    .meta({ example: 'SB26-000042' }),
});
export const orderCodeQuerySchema = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z0-9_-]{10,64}$/, { error: CHECKOUT_MESSAGES.ORDER })
    .optional()
    .meta({ description: 'The code of the confirmation link; the signed-in owner needs none.' }),
});
/** A payment provider's webhook body: only the payment's id (Mollie posts `id=tr_…` form-encoded). */
export const paymentWebhookSchema = z.object({
  id: z
    .string({ error: CHECKOUT_MESSAGES.PAYMENT })
    .regex(/^tr_[A-Za-z0-9_-]{1,64}$/, { error: CHECKOUT_MESSAGES.PAYMENT })
    .meta({ example: 'tr_WDqYK6vllg' }),
});
