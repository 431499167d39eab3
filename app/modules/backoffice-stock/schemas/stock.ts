/** The back office's stock (issue 32, item 4): the list's query, a product's history, the adjustment and the views. */
import { rowId, storableText } from '#app/platform/schemas/fields.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { STOCK_MESSAGES as M } from '../domain/messages.ts';
import { MAX_STOCK_QUANTITY, STOCK_CHANGE_KIND_LABELS, type StockChangeKind } from '../domain/stock.ts';

/** A form's empty field is no filter. */
const blank = (value: unknown) => (value === '' ? undefined : value);

/** GET /v1/backoffice/stock and /beheer/voorraad: a search, only low stock, and the keyset (a SKU). */
export const stockQuerySchema = z.object({
  q: z
    .string({ error: M.QUERY })
    .overwrite(storableText)
    .trim()
    .max(100, { error: M.QUERY })
    .optional()
    .transform((value) => value || undefined)
    .meta({ description: 'Part of a product’s name or SKU, any case.', example: 'wiskunde' }),
  low: z
    .preprocess(blank, z.enum(['1'], { error: M.QUERY }).optional())
    .meta({ description: '1: only orderable products with at most 10 in stock.' }),
  after: z
    .preprocess(
      blank,
      z
        .string({ error: M.PAGE })
        .max(100, { error: M.PAGE })
        .regex(/^[A-Za-z0-9-]+$/, { error: M.PAGE })
        .optional(),
    )
    .meta({ description: 'Keyset: products after this SKU (the `next` of the page before).' }),
});
export type StockQuery = z.output<typeof stockQuerySchema>;

/** A product in a path. */
export const stockParamsSchema = z.object({ productId: textNumber(rowId(M.NOT_FOUND)) });

/** GET /v1/backoffice/stock/{productId}/changes: the keyset (a change's id). */
export const stockChangesQuerySchema = z.object({
  before: textNumber(rowId(M.PAGE).optional()).meta({
    description: 'Keyset: changes before this one (the `next` of the page before).',
  }),
});

const quantity = z
  .number({ error: M.QUANTITY })
  .int({ error: M.QUANTITY })
  .min(0, { error: M.QUANTITY })
  .max(MAX_STOCK_QUANTITY, { error: M.QUANTITY });
const delta = z
  .number({ error: M.DELTA })
  .int({ error: M.DELTA })
  .min(-MAX_STOCK_QUANTITY, { error: M.DELTA })
  .max(MAX_STOCK_QUANTITY, { error: M.DELTA })
  .refine((value) => value !== 0, { error: M.DELTA });

/**
 * POST /v1/backoffice/stock/{productId}/adjustments and the product's stock form: the new stock (`quantity`) or
 * the change (`delta`, e.g. 20 or -3), one of the two, and the reason (required; kept in the history and the
 * audit log).
 */
export const stockAdjustSchema = z
  .object(
    {
      quantity: quantity.optional().meta({ description: 'The new stock.', example: 40 }),
      delta: delta.optional().meta({ description: 'The change: more (positive) or fewer (negative).', example: -3 }),
      reason: z
        .string({ error: M.REASON })
        .overwrite(storableText)
        .trim()
        .min(3, { error: M.REASON })
        .max(500, { error: M.REASON })
        .meta({ example: 'Telling magazijn: 3 beschadigd.' }),
    },
    { error: M.REASON },
  )
  .superRefine((value, ctx) => {
    if ((value.quantity === undefined) === (value.delta === undefined)) {
      ctx.addIssue({ code: 'custom', message: M.ONE_OF, path: ['quantity'] });
    }
  });
export type StockAdjustInput = z.output<typeof stockAdjustSchema>;

export const stockItemSchema = z.object({
  productId: z.number(),
  sku: z.string(),
  name: z.string(),
  productType: z.string(),
  orderable: z.boolean(),
  quantity: z.number(),
  low: z.boolean().meta({ description: 'Orderable with at most 10 in stock.' }),
});
export type StockItemView = z.output<typeof stockItemSchema>;
export const stockPageSchema = z.object({ products: z.array(stockItemSchema), next: z.string().nullable() });

const kinds = Object.keys(STOCK_CHANGE_KIND_LABELS) as [StockChangeKind, ...StockChangeKind[]];
export const stockChangeSchema = z.object({
  id: z.number(),
  at: z.string(),
  kind: z.enum(kinds),
  from: z.number(),
  to: z.number(),
  delta: z.number(),
  reason: z.string().nullable(),
  staff: z.string().nullable().meta({ description: 'The staff member’s name; null: an order or the system.' }),
});
export type StockChangeView = z.output<typeof stockChangeSchema>;
export const stockChangesPageSchema = z.object({
  product: stockItemSchema,
  changes: z.array(stockChangeSchema),
  next: z.number().nullable(),
});
export type StockChangesPage = z.output<typeof stockChangesPageSchema>;
export const stockAdjustedSchema = z.object({
  product: stockItemSchema,
  change: stockChangeSchema,
  message: z.string(),
});
