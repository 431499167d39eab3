import { createRoute } from '@hono/zod-openapi';
import { searchQuerySchema, searchResultsSchema } from '#app/modules/content/index.ts';
import { searchSite } from '#app/modules/content/index.server.ts';
import { errorResponses, READ_ERRORS } from '../errors.ts';
import { createApiRouter } from '../router.ts';

/** Public, the same for everyone: browsers and CDNs may keep it a minute. */
const CACHE_CONTROL = 'public, max-age=60';

export const searchRoute = createRoute({
  method: 'get',
  path: '/search',
  tags: ['Zoeken'],
  summary: 'Search products and articles',
  description:
    'The site search of /zoeken and the instant search in the header: products and articles, ' +
    'Dutch full-text search plus trigram similarity for typos in titles, each group best match first, ' +
    '10 a page. A query under 2 or over 100 characters answers 400 with a Dutch field error.',
  request: { query: searchQuerySchema },
  responses: {
    200: {
      description: 'The results, grouped, with the matched words flagged.',
      headers: { 'Cache-Control': { description: CACHE_CONTROL, schema: { type: 'string' } } },
      content: { 'application/json': { schema: searchResultsSchema } },
    },
    ...errorResponses(...READ_ERRORS),
  },
});

export function searchApi() {
  return createApiRouter().openapi(searchRoute, async (c) => {
    const results = await searchSite(c.var.scope, c.req.valid('query'));
    c.header('Cache-Control', CACHE_CONTROL);
    return c.json(results, 200);
  });
}
