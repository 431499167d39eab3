import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { CATALOG_MESSAGES } from '#app/modules/catalog/domain/messages.ts';
import { productSummarySchema } from './product-query.ts';

/** Highest id a path may name (PostgreSQL's integer). */
const MAX_ID = 2_147_483_647;

/** An id in a path: text, a plain decimal integer. */
const idSchema = (message: string, description: string, example: number) =>
  textNumber(
    z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_ID, { error: message }),
  ).meta({ description, example });

/** GET /api/v1/products/{id}; also the id of /producten/{id}/{slug}. */
export const productIdParamsSchema = z.object({
  id: idSchema(CATALOG_MESSAGES.UNKNOWN_PRODUCT, 'The product’s id.', 12),
});

/** GET /api/v1/bundles/{id}; also the id of /producten/voordeelpakketten/{id}/{slug}. */
export const bundleIdParamsSchema = z.object({
  id: idSchema(CATALOG_MESSAGES.UNKNOWN_BUNDLE, 'The bundle’s id.', 2),
});

/** One product with everything its page shows (app/modules/catalog/schemas/views.ts ProductDetail). */
export const productDetailSchema = productSummarySchema.extend({
  sku: z.string().meta({ description: 'The shop’s article number.', example: 'SB-HAVO-WA-2027' }),
  subjectTitle: z.string().meta({ example: 'Wiskunde A' }),
  priceExVatCents: z
    .number()
    .int()
    .meta({ description: 'Price in euro cents without the 9 % VAT (price × 100 / 109, rounded).', example: 2289 }),
  stock: z
    .enum(['in-stock', 'sold-out', 'discontinued'])
    .meta({ description: 'Not orderable: discontinued; orderable without stock: sold-out (spec §4).' }),
  description: z.string(),
  highlights: z.array(z.string()),
  pages: z.number().int().nullable().meta({ description: 'Number of pages of the printed book.' }),
});

/** A bundle (voordeelpakket) with its products and its price with the stacking discount. */
export const bundleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  href: z
    .string()
    .meta({ description: 'Path of the bundle page.', example: '/producten/voordeelpakketten/1/voordeelpakket-havo' }),
  level: z.string(),
  description: z.string(),
  products: z.array(productSummarySchema),
  normalCents: z.number().int().meta({ description: 'The products’ prices added up, in cents incl. VAT.' }),
  discountPercent: z.number().int().meta({ description: 'Stacking discount for this number of products (spec §9).' }),
  discountCents: z.number().int(),
  priceCents: z.number().int().meta({ description: 'What the bundle costs: normal total minus the discount.' }),
  fullyOrderable: z.boolean().meta({ description: 'Every product can be ordered now (spec §4).' }),
});

export const bundleListSchema = z.object({ bundles: z.array(bundleSchema) });
