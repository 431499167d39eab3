import { API_ERROR_CODES, apiErrorBody } from '#app/platform/schemas/api-error.ts';
import { stockNoticeReceiptSchema, stockNoticeSchema } from '#app/modules/stock-notices/index.ts';
import { requestStockNotice, STOCK_NOTICE_REFUSAL_STATUS } from '#app/modules/stock-notices/index.server.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter, routeTable } from '../route-spec.ts';

const route = routeTable({ tags: ['Producten'] });

const STOCK_NOTICE_ROUTES = [
  route(
    {
      method: 'post',
      path: '/stock-notices',
      summary: 'Ask for one mail when a sold-out product is back in stock',
      description:
        'The form of a sold-out product page ("Mail me als het er weer is"; its page posts to ' +
        '/producten/voorraadmelding count against the same limit). The address is stored for that product only, ' +
        'mailed once when the product can be ordered again (a job every 5 minutes) and then deleted; ' +
        'kept a year at most. The answer is the same whether the address was stored before; its token deletes it ' +
        '(/producten/voorraadmelding?afmelden={token}). 404 for an unknown product, 409 for one in stock or no ' +
        'longer sold; invalid fields answer 400 with Dutch field errors.',
      body: stockNoticeSchema,
      answer: { status: 201, description: 'Stored (or stored before).', schema: stockNoticeReceiptSchema },
      refusals: { 404: 'Unknown product.', 409: 'The product can be ordered now, or is no longer sold.' },
      limits: { rateLimit: RATE_LIMITS.stockNotice },
    },
    async (c) => {
      const result = await requestStockNotice(c.var.scope, c.req.valid('json'));
      c.header('Cache-Control', 'private, no-store');
      if (!result.ok) {
        const status = STOCK_NOTICE_REFUSAL_STATUS[result.reason];
        const code = status === 404 ? API_ERROR_CODES.notFound : API_ERROR_CODES.conflict;
        return c.json(apiErrorBody(status, code, result.message), status);
      }
      return c.json(result.value, 201);
    },
  ),
];

export const stockNoticesApi = () => apiRouter(STOCK_NOTICE_ROUTES);
