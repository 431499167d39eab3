import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { PRODUCT_LEVEL_FILTERS, PRODUCT_LIST_PARAM_ALIASES } from '#app/modules/catalog/domain/product-list.ts';
import { PRODUCT_SORTS, PRODUCT_TYPES } from '#app/modules/catalog/domain/products.ts';
import { PRODUCT_QUERY_MESSAGES } from '#app/modules/catalog/domain/messages.ts';

/** Highest page number asked for; the catalogue is far smaller. */
export const MAX_PRODUCT_PAGE = 1000;

/**
 * The product list query (spec §7 "product, limit 18, optional level, subject
 * and productType filters"), from a URL's query string: GET /api/v1/products
 * and the shop pages read it with this schema.
 */
export const productQuerySchema = z.object({
  level: z
    .enum(PRODUCT_LEVEL_FILTERS, { error: PRODUCT_QUERY_MESSAGES.LEVEL })
    .optional()
    .meta({ description: 'School level; `vmbo` for all vmbo levels together.', example: 'havo' }),
  subject: z
    .string({ error: PRODUCT_QUERY_MESSAGES.SUBJECT })
    .trim()
    .regex(/^[a-z0-9-]{1,60}$/, { error: PRODUCT_QUERY_MESSAGES.SUBJECT })
    .optional()
    .meta({ description: 'Subject slug.', example: 'wiskunde-a' }),
  productType: z
    .enum(PRODUCT_TYPES, { error: PRODUCT_QUERY_MESSAGES.PRODUCT_TYPE })
    .optional()
    .meta({ description: 'Kind of product.', example: 'examenbundel' }),
  sort: z.enum(PRODUCT_SORTS, { error: PRODUCT_QUERY_MESSAGES.SORT }).optional().meta({
    description:
      'Order: `relevance` (the default: featured, then available, exam bundles first), price up or down, or name.',
    example: 'price-asc',
  }),
  page: textNumber(
    z
      .number({ error: PRODUCT_QUERY_MESSAGES.PAGE })
      .int({ error: PRODUCT_QUERY_MESSAGES.PAGE })
      .min(1, { error: PRODUCT_QUERY_MESSAGES.PAGE })
      .max(MAX_PRODUCT_PAGE, { error: PRODUCT_QUERY_MESSAGES.PAGE }),
  )
    .default(1)
    .meta({ description: 'Page number, from 1; 18 products a page.', example: 1 }),
});

export type ProductQuery = z.infer<typeof productQuerySchema>;

/** One product as the list shows it (app/modules/catalog/schemas/views.ts ProductSummary). Prices in cents incl. 9 % VAT. */
export const productSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  href: z.string().meta({ description: 'Path of the product page.', example: '/producten/12/wiskunde-a-havo' }),
  productType: z.string(),
  level: z.string(),
  subject: z.string(),
  brand: z.string(),
  eanCode: z.string(),
  priceCents: z.number().int().meta({ description: 'Price in euro cents, VAT included.', example: 2495 }),
  isOrderable: z.enum(['Y', 'N']),
  inStock: z.boolean(),
  canOrder: z.boolean(),
  hasPreview: z.boolean(),
  image: z.string().meta({ description: 'Path of the cover image.' }),
});

/** The product list answer: a page of products and the totals (spec §9 total pages). */
export const productListSchema = z.object({
  products: z.array(productSummarySchema),
  total: z.number().int().meta({ description: 'Products matching the filters.' }),
  page: z.number().int(),
  totalPages: z.number().int().meta({ description: 'ceil(total / 18); 0 when nothing matches.' }),
});

export type ProductList = z.infer<typeof productListSchema>;

const QUERY_KEYS = ['level', 'subject', 'productType', 'sort', 'page'] as const;

/**
 * The product list query of a page's URL (/producten): the same schema as
 * the API's, but lenient. An empty value ('alle niveaus' in the filter form)
 * is no filter, and a value that does not fit is left out instead of refused,
 * so a shared or hand-edited link still shows products. The parameters'
 * other names in content links (niveau, vak, type) are read too. `ignored`
 * names the parameters that were left out.
 */
export function productQueryFromSearchParams(params: URLSearchParams): { query: ProductQuery; ignored: string[] } {
  const raw: Partial<Record<(typeof QUERY_KEYS)[number], string>> = {};
  for (const [alias, key] of Object.entries(PRODUCT_LIST_PARAM_ALIASES)) {
    const value = params.get(alias)?.trim();
    if (value) raw[key] = value;
  }
  for (const key of QUERY_KEYS) {
    const value = params.get(key)?.trim();
    if (value) raw[key] = value;
  }
  const parsed = productQuerySchema.safeParse(raw);
  if (parsed.success) return { query: parsed.data, ignored: [] };
  const ignored = QUERY_KEYS.filter((key) => parsed.error.issues.some((issue) => issue.path[0] === key));
  for (const key of ignored) delete raw[key];
  return { query: productQuerySchema.parse(raw), ignored };
}
