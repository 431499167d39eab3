import { createRoute } from '@hono/zod-openapi';
import { API_ERROR_CODES, apiErrorBody } from '#app/platform/schemas/api-error.ts';
import {
  bundleIdParamsSchema,
  bundleListSchema,
  bundleSchema,
  CATALOG_MESSAGES,
  productDetailSchema,
  productIdParamsSchema,
  productListSchema,
  productQuerySchema,
} from '#app/modules/catalog/index.ts';
import { getBundle, getProduct, listBundles, listProducts } from '#app/modules/catalog/index.server.ts';
import { errorResponses, READ_ERRORS } from '../errors.ts';
import { createApiRouter } from '../router.ts';

/** Public, the same for everyone: browsers and CDNs may keep it a minute. */
const CACHE_CONTROL = 'public, max-age=60';
const cacheHeader = { 'Cache-Control': { description: CACHE_CONTROL, schema: { type: 'string' as const } } };
const TAGS = ['Producten'];

export const listProductsRoute = createRoute({
  method: 'get',
  path: '/products',
  tags: TAGS,
  summary: 'List products',
  description:
    'Products, 18 a page, optionally filtered by level, subject and product type (spec §7), ' +
    'by relevance or sorted by price or name.',
  request: { query: productQuerySchema },
  responses: {
    200: {
      description: 'A page of products with the totals.',
      headers: cacheHeader,
      content: { 'application/json': { schema: productListSchema } },
    },
    ...errorResponses(...READ_ERRORS),
  },
});

export const getProductRoute = createRoute({
  method: 'get',
  path: '/products/{id}',
  tags: TAGS,
  summary: 'One product',
  description:
    'A product with everything its page shows: price with and without VAT, stock state (spec §4), ' +
    'description and highlights. Unknown: 404.',
  request: { params: productIdParamsSchema },
  responses: {
    200: {
      description: 'The product.',
      headers: cacheHeader,
      content: { 'application/json': { schema: productDetailSchema } },
    },
    ...errorResponses(...READ_ERRORS, 404),
  },
});

export const listBundlesRoute = createRoute({
  method: 'get',
  path: '/bundles',
  tags: TAGS,
  summary: 'List bundles',
  description:
    'Every bundle (voordeelpakket) with its products and its price: the products’ total minus the ' +
    'stacking discount for that number of products (spec §9).',
  responses: {
    200: {
      description: 'The bundles, by level.',
      headers: cacheHeader,
      content: { 'application/json': { schema: bundleListSchema } },
    },
    ...errorResponses(500, 503),
  },
});

export const getBundleRoute = createRoute({
  method: 'get',
  path: '/bundles/{id}',
  tags: TAGS,
  summary: 'One bundle',
  description:
    'A bundle (voordeelpakket) with its products, its price and whether all of it can be ordered now. Unknown: 404.',
  request: { params: bundleIdParamsSchema },
  responses: {
    200: {
      description: 'The bundle.',
      headers: cacheHeader,
      content: { 'application/json': { schema: bundleSchema } },
    },
    ...errorResponses(...READ_ERRORS, 404),
  },
});

const notFound = (message: string) => apiErrorBody(404, API_ERROR_CODES.notFound, message);

export function productsApi() {
  return createApiRouter()
    .openapi(listProductsRoute, async (c) => {
      const result = await listProducts(c.var.scope, c.req.valid('query'));
      c.header('Cache-Control', CACHE_CONTROL);
      return c.json(result, 200);
    })
    .openapi(getProductRoute, async (c) => {
      const product = await getProduct(c.var.scope, c.req.valid('param').id);
      if (!product) return c.json(notFound(CATALOG_MESSAGES.UNKNOWN_PRODUCT), 404);
      c.header('Cache-Control', CACHE_CONTROL);
      return c.json(product, 200);
    })
    .openapi(listBundlesRoute, async (c) => {
      const bundles = await listBundles(c.var.scope);
      c.header('Cache-Control', CACHE_CONTROL);
      return c.json({ bundles }, 200);
    })
    .openapi(getBundleRoute, async (c) => {
      const bundle = await getBundle(c.var.scope, c.req.valid('param').id);
      if (!bundle) return c.json(notFound(CATALOG_MESSAGES.UNKNOWN_BUNDLE), 404);
      c.header('Cache-Control', CACHE_CONTROL);
      return c.json(bundle, 200);
    });
}
