import { createRoute, type z } from '@hono/zod-openapi';
import { API_ERROR_CODES, apiErrorBody, apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { stockNoticeReceiptSchema, stockNoticeSchema } from '#app/modules/shop/index.ts';
import { requestStockNotice, STOCK_NOTICE_REFUSAL_STATUS } from '#app/modules/shop/index.server.ts';
import { errorResponses, WRITE_ERRORS } from '../errors.ts';
import { RATE_LIMITS, writeLimits } from '../limits.ts';
import { createApiRouter } from '../router.ts';

const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': { schema } });

export const stockNoticeRoute = createRoute({
  method: 'post',
  path: '/stock-notices',
  tags: ['Producten'],
  summary: 'Ask for one mail when a sold-out product is back in stock',
  description:
    'The form of a sold-out product page ("Mail me als het er weer is"; its page posts to ' +
    '/producten/voorraadmelding count against the same limit). The address is stored for that product only, ' +
    'mailed once when the product can be ordered again (a job every 5 minutes) and then deleted; ' +
    'kept a year at most. The answer is the same whether the address was stored before; its token deletes it ' +
    '(/producten/voorraadmelding?afmelden={token}). 404 for an unknown product, 409 for one in stock or no ' +
    'longer sold; invalid fields answer 400 with Dutch field errors.',
  ...writeLimits({ rateLimit: RATE_LIMITS.stockNotice }),
  request: { body: { required: true, content: json(stockNoticeSchema) } },
  responses: {
    201: { description: 'Stored (or stored before).', content: json(stockNoticeReceiptSchema) },
    404: { description: 'Unknown product.', content: json(apiErrorSchema) },
    409: { description: 'The product can be ordered now, or is no longer sold.', content: json(apiErrorSchema) },
    ...errorResponses(...WRITE_ERRORS),
  },
});

export function stockNoticesApi() {
  return createApiRouter().openapi(stockNoticeRoute, async (c) => {
    const result = await requestStockNotice(c.var.scope, c.req.valid('json'));
    c.header('Cache-Control', 'private, no-store');
    if (!result.ok) {
      const status = STOCK_NOTICE_REFUSAL_STATUS[result.reason];
      const code = status === 404 ? API_ERROR_CODES.notFound : API_ERROR_CODES.conflict;
      return c.json(apiErrorBody(status, code, result.message), status);
    }
    return c.json(result.value, 201);
  });
}
