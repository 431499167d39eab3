import { createRoute } from '@hono/zod-openapi';
import { productListSchema, productQuerySchema } from '#app/schemas/product-query.ts';
import { listProducts } from '#app/services/catalog.server.ts';
import { errorResponses, READ_ERRORS } from '../errors.ts';
import { createApiRouter } from '../router.ts';

/** Public, the same for everyone: browsers and CDNs may keep it a minute. */
const CACHE_CONTROL = 'public, max-age=60';

export const listProductsRoute = createRoute({
  method: 'get',
  path: '/products',
  tags: ['Producten'],
  summary: 'List products',
  description: 'Products, 18 a page, optionally filtered by level, subject and product type (spec §7).',
  request: { query: productQuerySchema },
  responses: {
    200: {
      description: 'A page of products with the totals.',
      headers: { 'Cache-Control': { description: CACHE_CONTROL, schema: { type: 'string' } } },
      content: { 'application/json': { schema: productListSchema } },
    },
    ...errorResponses(...READ_ERRORS),
  },
});

export function productsApi() {
  return createApiRouter().openapi(listProductsRoute, async (c) => {
    const result = await listProducts(c.var.scope, c.req.valid('query'));
    c.header('Cache-Control', CACHE_CONTROL);
    return c.json(result, 200);
  });
}
