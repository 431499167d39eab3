/** The refund's write (form, action and API alike) and the views of refunds and credit notes (issue 32). */
import { storableText } from '#app/platform/schemas/fields.ts';
import { z } from '#app/platform/schemas/z.ts';
import { REFUND_MESSAGES } from '../domain/messages.ts';
import { CREDIT_NOTE_NUMBER, REFUND_REASONS } from '../domain/refunds.ts';

const cents = (description: string) =>
  z
    .number()
    .int()
    .meta({ description: `${description} In euro cents, VAT included.` });

/**
 * POST /v1/backoffice/orders/{number}/refunds and "Terugbetalen": the quantity to give back of each order line
 * (by its position; 0 or left out: none), the shipping costs or not, a reason and a note.
 */
export const refundOrderSchema = z.object(
  {
    lines: z
      .array(
        z.object(
          {
            position: z
              .number({ error: REFUND_MESSAGES.LINE_UNKNOWN })
              .int({ error: REFUND_MESSAGES.LINE_UNKNOWN })
              .min(0, { error: REFUND_MESSAGES.LINE_UNKNOWN })
              .max(1000, { error: REFUND_MESSAGES.LINE_UNKNOWN }),
            quantity: z
              .number({ error: REFUND_MESSAGES.QUANTITY })
              .int({ error: REFUND_MESSAGES.QUANTITY })
              .min(0, { error: REFUND_MESSAGES.QUANTITY })
              .max(1000, { error: REFUND_MESSAGES.QUANTITY })
              .default(0),
          },
          { error: REFUND_MESSAGES.LINES },
        ),
        { error: REFUND_MESSAGES.LINES },
      )
      .max(100, { error: REFUND_MESSAGES.LINES })
      .default([])
      .meta({ example: [{ position: 0, quantity: 1 }] }),
    shipping: z.boolean({ error: REFUND_MESSAGES.NOTHING_CHOSEN }).default(false),
    reason: z.enum(REFUND_REASONS, { error: REFUND_MESSAGES.REASON }).meta({ example: 'returned' }),
    note: z
      .string({ error: REFUND_MESSAGES.NOTE })
      .overwrite(storableText)
      .trim()
      .max(500, { error: REFUND_MESSAGES.NOTE })
      .default(''),
  },
  { error: REFUND_MESSAGES.REASON },
);
export type RefundOrderInput = z.output<typeof refundOrderSchema>;

export const creditNoteParamsSchema = z.object({
  number: z
    .string({ error: REFUND_MESSAGES.NUMBER })
    .regex(CREDIT_NOTE_NUMBER, { error: REFUND_MESSAGES.NUMBER })
    .max(20, { error: REFUND_MESSAGES.NUMBER })
    .meta({ example: 'CN26-000001' }),
});

export const creditNoteSchema = z
  .object({
    number: z.string().meta({ example: 'CN26-000001' }),
    invoiceNumber: z
      .string()
      .meta({ description: 'The invoice it corrects: the order number.', example: 'SB26-000123' }),
    issuedAt: z.string().meta({ description: 'ISO 8601.' }),
    customer: z.object({ name: z.string(), email: z.string(), address: z.array(z.string()) }),
    lines: z.array(
      z.object({
        description: z.string(),
        sku: z.string().nullable(),
        quantity: z.number().int().meta({ description: 'Negative.' }),
        amountCents: cents('Negative.'),
        vatRatePercent: z.number().int(),
        vatCents: cents('Negative; the VAT in the amount.'),
      }),
    ),
    totalCents: cents('Negative.'),
    vatCents: cents('Negative.'),
    vatByRate: z.array(z.object({ rate: z.number().int(), baseCents: cents('Without VAT.'), vatCents: cents('VAT.') })),
  })
  .meta({ id: 'CreditNote' });
export type CreditNoteView = z.output<typeof creditNoteSchema>;

export const refundSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['pending', 'accepted', 'failed']),
    amountCents: cents('Given back.'),
    reason: z.enum(REFUND_REASONS),
    note: z.string(),
    lines: z.array(z.object({ position: z.number().int(), quantity: z.number().int(), amountCents: cents('') })),
    shippingCents: cents('The shipping costs given back.'),
    staffUserId: z.string().nullable(),
    providerRefundId: z.string().nullable(),
    creditNoteNumber: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Refund' });
export type RefundView = z.output<typeof refundSchema>;

/** An order's lines with what is left to refund, its refunds and their credit notes. */
export const orderRefundsSchema = z
  .object({
    orderNumber: z.string(),
    status: z.string(),
    paidCents: cents('What the paid payment was.'),
    leftCents: cents('What is left of it after refunds (pending ones counted).'),
    shippingCents: cents('The order’s shipping costs.'),
    shippingRefunded: z.boolean(),
    lines: z.array(
      z.object({
        position: z.number().int(),
        name: z.string(),
        sku: z.string(),
        quantity: z.number().int(),
        refunded: z.number().int(),
        paidCents: cents('What the line cost after the discount.'),
        vatRatePercent: z.number().int(),
      }),
    ),
    refunds: z.array(refundSchema),
  })
  .meta({ id: 'OrderRefunds' });
export type OrderRefundsView = z.output<typeof orderRefundsSchema>;

export const refundDoneSchema = z.object({ refund: refundSchema, creditNote: creditNoteSchema, message: z.string() });
export const creditNoteEnvelopeSchema = z.object({ creditNote: creditNoteSchema });
