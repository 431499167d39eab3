import { rowId } from '#app/platform/schemas/fields.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { CATALOG_MESSAGES } from '#app/modules/catalog/domain/messages.ts';
import { productSummarySchema } from './product-query.ts';

/** GET /api/v1/products/{id}; also the id of /producten/{id}/{slug}. */
export const productIdParamsSchema = z.object({
  id: textNumber(rowId(CATALOG_MESSAGES.UNKNOWN_PRODUCT)).meta({ description: 'The product’s id.', example: 12 }),
});

/** One product with everything its page shows (app/modules/catalog/schemas/views.ts ProductDetail). */
export const productDetailSchema = productSummarySchema.extend({
  sku: z.string().meta({ description: 'The shop’s article number.', example: 'SB-HAVO-WA-2027' }),
  subjectTitle: z.string().meta({ example: 'Wiskunde A' }),
  priceExVatCents: z
    .number()
    .int()
    .meta({ description: 'Price in euro cents without the 9 % VAT (price × 100 / 109, rounded).', example: 2289 }),
  stock: z.enum(['in-stock', 'sold-out', 'discontinued', 'on-quote']).meta({
    description:
      'Not orderable: discontinued; orderable without stock: sold-out (spec §4); a class licence, sold to schools ' +
      'on a quote and paid by invoice: on-quote (its priceCents is 0: no price, never in a cart).',
  }),
  description: z.string(),
  highlights: z.array(z.string()),
  pages: z.number().int().nullable().meta({ description: 'Number of pages of the printed book.' }),
});
