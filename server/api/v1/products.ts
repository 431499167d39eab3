import { API_ERROR_CODES, apiErrorBody } from '#app/platform/schemas/api-error.ts';
import {
  CATALOG_MESSAGES,
  productDetailSchema,
  productIdParamsSchema,
  productListSchema,
  productQuerySchema,
} from '#app/modules/catalog/index.ts';
import { BUNDLE_MESSAGES, bundleIdParamsSchema, bundleListSchema, bundleSchema } from '#app/modules/bundles/index.ts';
import { getProduct, listProducts } from '#app/modules/catalog/index.server.ts';
import { getBundle, listBundles } from '#app/modules/bundles/index.server.ts';
import { READ_ERRORS } from '../errors.ts';
import { apiRouter, routeTable } from '../route-spec.ts';

const route = routeTable({ tags: ['Producten'] });

/** Public, the same for everyone: browsers and CDNs may keep it a minute. */
const CACHE_CONTROL = 'public, max-age=60';
const cacheHeader = { 'Cache-Control': { description: CACHE_CONTROL, schema: { type: 'string' } } } as const;

const notFound = (message: string) => apiErrorBody(404, API_ERROR_CODES.notFound, message);

const PRODUCT_ROUTES = [
  route(
    {
      method: 'get',
      path: '/products',
      summary: 'List products',
      description:
        'Products, 18 a page, optionally filtered by level, subject and product type (spec §7), ' +
        'by relevance or sorted by price or name.',
      query: productQuerySchema,
      answer: {
        status: 200,
        description: 'A page of products with the totals.',
        headers: cacheHeader,
        schema: productListSchema,
      },
    },
    async (c) => {
      const result = await listProducts(c.var.scope, c.req.valid('query'));
      c.header('Cache-Control', CACHE_CONTROL);
      return c.json(result, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/products/{id}',
      summary: 'One product',
      description:
        'A product with everything its page shows: price with and without VAT, stock state (spec §4), ' +
        'description and highlights. Unknown: 404.',
      params: productIdParamsSchema,
      answer: { status: 200, description: 'The product.', headers: cacheHeader, schema: productDetailSchema },
      errors: [...READ_ERRORS, 404],
    },
    async (c) => {
      const product = await getProduct(c.var.scope, c.req.valid('param').id);
      if (!product) return c.json(notFound(CATALOG_MESSAGES.UNKNOWN_PRODUCT), 404);
      c.header('Cache-Control', CACHE_CONTROL);
      return c.json(product, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/bundles',
      summary: 'List bundles',
      description:
        'Every bundle (voordeelpakket) with its products and its price: the products’ total minus the ' +
        'stacking discount for that number of products (spec §9).',
      answer: { status: 200, description: 'The bundles, by level.', headers: cacheHeader, schema: bundleListSchema },
      errors: [500, 503],
    },
    async (c) => {
      const bundles = await listBundles(c.var.scope);
      c.header('Cache-Control', CACHE_CONTROL);
      return c.json({ bundles }, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/bundles/{id}',
      summary: 'One bundle',
      description:
        'A bundle (voordeelpakket) with its products, its price and whether all of it can be ordered now. ' +
        'Unknown: 404.',
      params: bundleIdParamsSchema,
      answer: { status: 200, description: 'The bundle.', headers: cacheHeader, schema: bundleSchema },
      errors: [...READ_ERRORS, 404],
    },
    async (c) => {
      const bundle = await getBundle(c.var.scope, c.req.valid('param').id);
      if (!bundle) return c.json(notFound(BUNDLE_MESSAGES.UNKNOWN_BUNDLE), 404);
      c.header('Cache-Control', CACHE_CONTROL);
      return c.json(bundle, 200);
    },
  ),
];

export const productsApi = () => apiRouter(PRODUCT_ROUTES);
