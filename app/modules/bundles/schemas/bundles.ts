import { productSummarySchema, type ProductSummary } from '#app/modules/catalog/index.ts';
import { rowId } from '#app/platform/schemas/fields.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { BUNDLE_MESSAGES } from '#app/modules/bundles/domain/messages.ts';

/** GET /api/v1/bundles/{id}; also the id of /producten/voordeelpakketten/{id}/{slug}. */
export const bundleIdParamsSchema = z.object({
  id: textNumber(rowId(BUNDLE_MESSAGES.UNKNOWN_BUNDLE)).meta({ description: 'The bundle’s id.', example: 2 }),
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

/** A bundle (voordeelpakket): its products and what it costs with the stacking discount. */
export interface BundleSummary {
  id: number;
  slug: string;
  name: string;
  href: string;
  level: string;
  description: string;
  products: ProductSummary[];
  /** The products' prices added up. */
  normalCents: number;
  discountPercent: number;
  discountCents: number;
  /** What the bundle costs. */
  priceCents: number;
  /** Every product can be ordered now (spec §4). */
  fullyOrderable: boolean;
}
