/**
 * The sign-in, forgotten-password and registration pages while the rate-limit store is down
 * (ADR 015): their forms answer as the API does, a 503 with Retry-After and the Dutch outage
 * message, shown on the page with what was typed kept (never the password). Through the real app:
 * the React Router build (loaded through Vite, as `npm run dev` does) on the real composition, with
 * a Redis that does not answer; a plain form post (no JavaScript) and the enhanced form's data
 * request alike.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#app/db/client.server.ts';
import { users } from '#app/modules/accounts/db/tables.ts';
import { AREA_PATHS } from '#app/platform/area-paths.ts';
import { AUTH_LIMIT_MESSAGES } from '#app/modules/accounts/domain/messages.ts';
import { PASSWORD } from './accounts.ts';
import { createSsrTestApp, type SsrTestApp } from './test-db.ts';

const ORIGIN = 'http://localhost';
const EMAIL = 'storing@example.nl';
let database: Database;
let app: SsrTestApp['app'];
let close: () => Promise<void>;
let client = 0;

beforeAll(async () => {
  // A Redis that does not answer (nothing listens on port 1): the limits' store is down.
  const env = { TRUST_PROXY: '1', REDIS_URL: 'redis://127.0.0.1:1' };
  ({ app, database, close } = await createSsrTestApp({ seed: false, env }));
}, 180_000);

afterAll(() => close?.());

function post(path: string, form: Record<string, string>) {
  client += 1;
  return app.request(path, {
    method: 'POST',
    headers: {
      origin: ORIGIN,
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': `192.0.2.${client}`,
    },
    body: new URLSearchParams(form),
  });
}

const FORMS = [
  { page: 'sign-in', path: AREA_PATHS.login, form: { email: EMAIL, password: PASSWORD } },
  { page: 'forgotten password', path: AREA_PATHS.forgotPassword, form: { email: EMAIL } },
  {
    page: 'registration',
    path: AREA_PATHS.register,
    form: { name: 'Storing Test', email: EMAIL, password: PASSWORD, terms: 'on' },
  },
] as const;

describe('while the rate-limit store is down', () => {
  for (const { page, path, form } of FORMS) {
    it(`the ${page} form answers 503 with Retry-After and the Dutch outage message, keeping what was typed`, async () => {
      const res = await post(path, form);
      const html = await res.text();
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(html).toContain(AUTH_LIMIT_MESSAGES.UNAVAILABLE);
      expect(html).toContain(`value="${EMAIL}"`);
      if ('name' in form) expect(html).toContain(`value="${form.name}"`);
      expect(html).not.toContain(PASSWORD);

      // The enhanced form (JavaScript) posts to the page's data address: the same answer.
      const data = await post(`${path}.data`, form);
      const body = await data.text();
      expect(data.status).toBe(503);
      expect(Number(data.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(body).toContain(AUTH_LIMIT_MESSAGES.UNAVAILABLE);
    });
  }

  it('makes no account while the limits cannot count', async () => {
    expect(await database.db.select().from(users).where(eq(users.email, EMAIL))).toEqual([]);
  });
});
