/** The back office's orders (issue 32): the list's filters, its rows, an order's page, and the staff's actions. */
import { PAYMENT_METHODS } from '#app/platform/payments.ts';
import { email, storableText } from '#app/platform/schemas/fields.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { ORDER_STATUSES } from '#app/modules/shop/index.ts';
import { STAFF_ORDER_MESSAGES } from '../domain/messages.ts';

const day = z
  .string({ error: STAFF_ORDER_MESSAGES.QUERY })
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
    error: STAFF_ORDER_MESSAGES.QUERY,
  });
/** A form's empty select or field is no filter. */
const blank = (value: unknown) => (value === '' ? undefined : value);

/** GET /v1/backoffice/orders and /beheer/bestellingen: the filters and the keyset (`before`: an order's id). */
export const orderQuerySchema = z.object({
  q: z
    .string({ error: STAFF_ORDER_MESSAGES.QUERY })
    .overwrite(storableText)
    .trim()
    .max(254, { error: STAFF_ORDER_MESSAGES.QUERY })
    .optional()
    .transform((value) => (value ? value : undefined))
    .meta({ description: 'An order number (SB26-000123) or the buyer’s e-mail address; exact, any case.' }),
  status: z.preprocess(blank, z.enum(ORDER_STATUSES, { error: STAFF_ORDER_MESSAGES.QUERY }).optional()),
  method: z.preprocess(blank, z.enum(PAYMENT_METHODS, { error: STAFF_ORDER_MESSAGES.QUERY }).optional()),
  from: z.preprocess(blank, day.optional()).meta({ description: 'Placed on or after this day (Amsterdam).' }),
  until: z.preprocess(blank, day.optional()).meta({ description: 'Placed on or before this day (Amsterdam).' }),
  flagged: z
    .preprocess(blank, z.enum(['1'], { error: STAFF_ORDER_MESSAGES.QUERY }).optional())
    .meta({ description: '1: only orders with a double payment nobody marked handled.' }),
  before: textNumber(
    z
      .number({ error: STAFF_ORDER_MESSAGES.QUERY })
      .int({ error: STAFF_ORDER_MESSAGES.QUERY })
      .min(1, { error: STAFF_ORDER_MESSAGES.QUERY })
      .max(2_147_483_647, { error: STAFF_ORDER_MESSAGES.QUERY })
      .optional(),
  ).meta({ description: 'Keyset: orders placed before this one (the `next` of the page before).' }),
});
export type OrderQuery = z.output<typeof orderQuerySchema>;

const cents = z.number().int();
export const staffOrderRowSchema = z.object({
  number: z.string(),
  email: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  totalCents: cents,
  method: z.string().nullable(),
  flagged: z.boolean().meta({ description: 'A double payment waits for a staff member.' }),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export const staffOrderListSchema = z.object({ orders: z.array(staffOrderRowSchema), next: z.number().nullable() });
export type StaffOrderRow = z.output<typeof staffOrderRowSchema>;

export const TIMELINE_KINDS = ['order', 'status', 'payment', 'double_payment', 'fulfilment', 'mail', 'staff'] as const;
export const staffOrderSchema = z
  .object({
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    statusLabel: z.string(),
    email: z.string(),
    name: z.string(),
    guest: z.boolean().meta({ description: 'Ordered without an account.' }),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    subtotalCents: cents,
    discountCents: cents,
    shippingCents: cents,
    totalCents: cents,
    vatCents: cents,
    lines: z.array(
      z.object({
        position: z.number().int(),
        sku: z.string(),
        name: z.string(),
        quantity: z.number().int(),
        lineTotalCents: cents,
        discountCents: cents,
      }),
    ),
    payments: z.array(
      z.object({
        id: z.string(),
        provider: z.string(),
        method: z.string().nullable(),
        status: z.string(),
        amountCents: cents,
        createdAt: z.string(),
        updatedAt: z.string(),
      }),
    ),
    doublePayments: z.array(
      z.object({
        paymentId: z.string(),
        amountCents: cents,
        reason: z.string(),
        refundStatus: z.string().meta({ description: 'queued, refunding, refunded or failed.' }),
        lastError: z.string().nullable(),
        handledAt: z.string().nullable(),
        handledNote: z.string().nullable(),
      }),
    ),
    licenseCodes: z.array(z.object({ code: z.string(), productName: z.string(), redeemed: z.boolean() })),
    timeline: z.array(z.object({ at: z.string(), kind: z.enum(TIMELINE_KINDS), text: z.string() })),
    mayCancel: z.boolean(),
  })
  .meta({ id: 'StaffOrder' });
export type StaffOrderView = z.output<typeof staffOrderSchema>;
export const staffOrderEnvelopeSchema = z.object({ order: staffOrderSchema });
export const staffOrderChangedSchema = z.object({ order: staffOrderSchema, message: z.string() });

export const orderNumberParamsSchema = z.object({
  number: z
    .string({ error: STAFF_ORDER_MESSAGES.NOT_FOUND })
    .trim()
    .regex(/^SB\d{2}-\d{6,9}$/i, { error: STAFF_ORDER_MESSAGES.NOT_FOUND }),
});

const reasonText = (message: string) =>
  z.string({ error: message }).overwrite(storableText).trim().min(3, { error: message }).max(500, { error: message });

/** "Bevestiging opnieuw sturen": to the order's address, or to another one the buyer gave support. */
export const resendOrderMailSchema = z.object({
  to: z
    .preprocess(
      blank,
      email(STAFF_ORDER_MESSAGES.EMAIL)
        .pipe(z.string().max(254, { error: STAFF_ORDER_MESSAGES.EMAIL }))
        .optional(),
    )
    .meta({ description: 'Another address than the order’s; empty: the order’s own.' }),
});
/** "Bestelling annuleren": an unpaid order, with the reason. */
export const cancelOrderSchema = z.object({ reason: reasonText(STAFF_ORDER_MESSAGES.REASON) });
/** "Afgehandeld": a double payment whose refund ended, with what was done. */
export const doublePaymentHandledSchema = z.object({
  paymentId: z
    .string({ error: STAFF_ORDER_MESSAGES.PAYMENT })
    .trim()
    .min(1, { error: STAFF_ORDER_MESSAGES.PAYMENT })
    .max(100, { error: STAFF_ORDER_MESSAGES.PAYMENT }),
  note: reasonText(STAFF_ORDER_MESSAGES.NOTE),
});

/** GET /v1/backoffice/dashboard and `/beheer`: the day at a glance. */
export const dashboardSchema = z
  .object({
    day: z.string().meta({ description: 'Today in Amsterdam, YYYY-MM-DD.' }),
    orders: z.object({
      placed: z.number().int(),
      paid: z.number().int(),
      revenueCents: cents.meta({ description: 'The totals of the orders paid today, VAT included.' }),
      pending: z.number().int().meta({ description: 'Orders waiting for a payment now.' }),
      failedPayments: z.number().int().meta({ description: 'Payments that failed, were cancelled or expired today.' }),
      openPayments: z.number().int(),
    }),
    doublePayments: z.object({ open: z.number().int(), failed: z.number().int() }),
    jobs: z
      .array(
        z.object({
          name: z.string(),
          failed: z.number().int(),
          retrying: z.number().int(),
          lastAt: z.string().nullable(),
          lastError: z.string().nullable(),
        }),
      )
      .nullable()
      .meta({ description: 'Failing background jobs per queue (24 hours); null before the queue ever started.' }),
    mails: z.object({
      failed: z.number().int(),
      newest: z.array(z.object({ at: z.string(), to: z.string(), subject: z.string(), error: z.string().nullable() })),
    }),
  })
  .meta({ id: 'BackofficeDashboard' });
export type DashboardView = z.output<typeof dashboardSchema>;

/** GET /v1/backoffice/credit-notes.csv: the period, both days included (Amsterdam). */
export const creditNoteExportQuerySchema = z.object({
  from: day.meta({ description: 'The first day, YYYY-MM-DD.', example: '2026-01-01' }),
  until: day.meta({ description: 'The last day, YYYY-MM-DD.', example: '2026-12-31' }),
});
export type CreditNoteExportQuery = z.output<typeof creditNoteExportQuerySchema>;
