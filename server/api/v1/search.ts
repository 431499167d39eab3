import { searchQuerySchema, searchResultsSchema } from '#app/modules/content/index.ts';
import { searchSite } from '#app/modules/content/index.server.ts';
import { apiRouter, routeTable } from '../route-spec.ts';

const route = routeTable({ tags: ['Zoeken'] });

/** Public, the same for everyone: browsers and CDNs may keep it a minute. */
const CACHE_CONTROL = 'public, max-age=60';

const SEARCH_ROUTES = [
  route(
    {
      method: 'get',
      path: '/search',
      summary: 'Search products and articles',
      description:
        'The site search of /zoeken and the instant search in the header: products and articles, ' +
        'Dutch full-text search plus trigram similarity for typos in titles, each group best match first, ' +
        '10 a page. A query under 2 or over 100 characters answers 400 with a Dutch field error.',
      query: searchQuerySchema,
      answer: {
        status: 200,
        description: 'The results, grouped, with the matched words flagged.',
        headers: { 'Cache-Control': { description: CACHE_CONTROL, schema: { type: 'string' } } },
        schema: searchResultsSchema,
      },
    },
    async (c) => {
      const results = await searchSite(c.var.scope, c.req.valid('query'));
      c.header('Cache-Control', CACHE_CONTROL);
      return c.json(results, 200);
    },
  ),
];

export const searchApi = () => apiRouter(SEARCH_ROUTES);
