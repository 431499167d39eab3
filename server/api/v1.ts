import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppServices } from '../../app/context.ts';
import { LEVEL_ORDER } from '../../app/domain/levels.ts';
import { listProducts } from '../../app/services/catalog.server.ts';
import { recordConsent } from '../../app/services/consent.server.ts';
import { COOKIE_CONSENT_REQUIRED_MESSAGE, parseConsent } from '../../app/domain/cookies.ts';
import { notFound, validationError } from './errors.ts';

const productQuery = z.object({
  level: z.enum(LEVEL_ORDER, { error: 'Onbekend niveau.' }).optional(),
  subject: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,60}$/, 'Onbekend vak.')
    .optional(),
  productType: z.enum(['examenbundel', 'samenvatting', 'examenidioom'], { error: 'Onbekend producttype.' }).optional(),
  page: z.coerce
    .number({ error: 'Voer een paginanummer in.' })
    .int('Voer een paginanummer in.')
    .min(1, 'Voer een paginanummer in.')
    .max(1000)
    .default(1),
});

const consentBody = z.object({
  value: z.string({ error: COOKIE_CONSENT_REQUIRED_MESSAGE }).transform((value, ctx) => {
    const categories = parseConsent(value);
    if (categories) return { value, categories };
    ctx.addIssue({ code: 'custom', message: COOKIE_CONSENT_REQUIRED_MESSAGE });
    return z.NEVER;
  }),
});

const clientErrorBody = z.object({
  message: z.string().trim().min(1).max(1000),
  stack: z.string().max(4000).optional(),
  url: z.string().max(500).regex(/^\//, 'Moet een pad zijn.'),
  context: z.record(z.string().max(50), z.union([z.string().max(200), z.number(), z.boolean()])).optional(),
});

/** JSON API of spec §7 under /api/v1. Public catalogue reads need no user; user routes arrive with auth. */
export function createApiV1(services: AppServices) {
  const api = new Hono();

  api.get('/products', async (c) => {
    const query = productQuery.safeParse(c.req.query());
    if (!query.success) return validationError(c, query.error);
    const result = await listProducts(services, query.data);
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(result);
  });

  api.post('/consent', async (c) => {
    const body = consentBody.safeParse(await c.req.json().catch(() => ({})));
    if (!body.success) return validationError(c, body.error);
    const record = await recordConsent(services, body.data.value);
    return c.json(record, 201);
  });

  // Browser errors for the error-reporting port (spec §8: any API error is reported).
  api.post(
    '/client-errors',
    bodyLimit({ maxSize: 8 * 1024, onError: (c) => c.json({ error: 'too_large' }, 413) }),
    async (c) => {
      const body = clientErrorBody.safeParse(await c.req.json().catch(() => ({})));
      if (!body.success) return validationError(c, body.error);
      const { message, stack, url, context } = body.data;
      const error = Object.assign(new Error(message), { name: 'ClientError', ...(stack ? { stack } : {}) });
      services.errors.capture(error, { source: 'browser', url, ...context });
      return c.body(null, 202);
    },
  );

  api.all('*', (c) => notFound(c));
  return api;
}
