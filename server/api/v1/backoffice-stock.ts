/**
 * Stock in the back office (issue 32, item 4): the products with their stock, a product's history of changes, and
 * the adjustment with a reason. Behind the session (server/api/index.ts: /v1/backoffice/*), then behind the back
 * office's guard on every call (BACKOFFICE_ACCESS), as backoffice-codes.ts.
 */
import { BACKOFFICE_REFUSAL_STATUS } from '#app/modules/backoffice/index.server.ts';
import {
  stockAdjustedSchema,
  stockAdjustSchema,
  stockChangesPageSchema,
  stockChangesQuerySchema,
  stockPageSchema,
  stockParamsSchema,
  stockQuerySchema,
} from '#app/modules/backoffice-stock/index.ts';
import {
  adjustProductStock,
  listStock,
  STOCK_REFUSAL_STATUS,
  stockChangesOf,
} from '#app/modules/backoffice-stock/index.server.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter } from '../route-spec.ts';
import { backofficeRoute, guard, refusedBy, rolesOf } from './backoffice-shared.ts';

const route = backofficeRoute;
const refused = refusedBy({ ...BACKOFFICE_REFUSAL_STATUS, ...STOCK_REFUSAL_STATUS });

const BACKOFFICE_STOCK_ROUTES = [
  route(
    {
      method: 'get',
      path: '/backoffice/stock',
      summary: 'Products with their stock',
      description:
        'The products with their stock in SKU order, 100 a page; `next` is the `after` of the next page (keyset). ' +
        '`q`: part of the name or SKU; `low=1`: only orderable products with at most 10 in stock (`low` marks ' +
        `them in every answer). ${rolesOf('listStock')}`,
      query: stockQuerySchema,
      answer: { status: 200, description: 'A page of products.', schema: stockPageSchema },
    },
    async (c) => {
      const access = await guard(c, 'listStock');
      if (!access.ok) return refused(c, access);
      return c.json(await listStock(c.var.scope, c.req.valid('query')), 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/backoffice/stock/{productId}/changes',
      summary: 'A product’s stock history',
      description:
        'The product with its stock, and its stock changes newest first, 50 a page (`next`: the `before` of the ' +
        'next page): each with when, from and to, the kind (a staff adjustment, an order, a cancelled order putting ' +
        `it back), the reason and the staff member. Unknown product: 404. ${rolesOf('listStock')}`,
      params: stockParamsSchema,
      query: stockChangesQuerySchema,
      answer: { status: 200, description: 'The product and a page of its changes.', schema: stockChangesPageSchema },
    },
    async (c) => {
      const access = await guard(c, 'listStock');
      if (!access.ok) return refused(c, access);
      const result = await stockChangesOf(c.var.scope, c.req.valid('param').productId, c.req.valid('query').before);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/stock/{productId}/adjustments',
      summary: 'Adjust a product’s stock',
      description:
        'Sets the stock (`quantity`) or changes it (`delta`), one of the two, with a required reason. Refused when ' +
        'the stock would go below 0 or above 1,000,000, or would not change (409, with the field). Written to the ' +
        'product’s history and the audit log (`stock.adjust`, with the quantity before and after) in one ' +
        'transaction; stock back from 0 mails who asked for it (once each). ' +
        rolesOf('adjustStock'),
      params: stockParamsSchema,
      body: stockAdjustSchema,
      answer: { status: 200, description: 'Adjusted.', schema: stockAdjustedSchema },
      refusals: {
        404: 'The product is unknown.',
        409: 'The stock would go below 0 or above 1,000,000, or would not change.',
      },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'adjustStock');
      if (!access.ok) return refused(c, access);
      const productId = c.req.valid('param').productId;
      const result = await adjustProductStock(c.var.scope, access.value, productId, c.req.valid('json'));
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
];

export const backofficeStockApi = () => apiRouter(BACKOFFICE_STOCK_ROUTES);
