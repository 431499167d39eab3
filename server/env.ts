import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

const variables = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('.data/pglite'),
  /** Connections each server copy keeps to PostgreSQL at most (docs/deploy.md: copies × this ≤ the pooler's clients). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * `on`: hot queries are named prepared statements, parsed once per connection (ADR 009). `off`: sent unnamed,
   * as every other query: for a pooler in transaction mode that does not track them (PgBouncer before 1.21, or
   * without max_prepared_statements), where a named statement meets a connection that never prepared it.
   */
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  /**
   * 1: this process applies the migrations, and the demo data (SEED_DEMO), when it starts. 0: a release step did
   * (`npm run db:migrate`), or the cluster's primary did before it started this copy; the copy only checks that
   * the database is not behind its build, and refuses to start when it is (docs/deploy.md).
   */
  MIGRATE: flag,
  /**
   * Server copies on this host (`node:cluster`, ADR 029): unset, one per core. On embedded PGlite (no
   * DATABASE_URL) always one: its database lives in one process.
   */
  WEB_CONCURRENCY: z
    .literal('')
    .transform(() => undefined)
    .or(z.coerce.number().int().min(1).max(64))
    .optional(),
  SEED_DEMO: flag,
  /** Unset: this machine on the port that is served, http://localhost:PORT (a browser's form posts must come from it). */
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SENTRY_DSN: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/, 'must look like GTM-XXXXXXX')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CONTENT_CACHE_SECONDS: z.coerce.number().int().min(0).default(30),
  /** How long a view of a user's data is kept while their data does not change (ADR 019); 0: never kept. */
  USER_VIEW_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /** Each cache's memory at most, per server copy, in MiB (docs/caches.md): public pages, public content, user views. */
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(16),
  CONTENT_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(48),
  USER_VIEW_MB: z.coerce.number().int().min(1).max(4096).default(8),
  /** The kept shared JSON answers (a card's, server/infra/shared-json.ts), in MiB; 0: none kept. */
  SHARED_JSON_MB: z.coerce.number().int().min(0).max(4096).default(8),
  CDN_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Where rate-limit counters live: `shared` (Redis when REDIS_URL is set, else the database; every server copy
   * sees the same numbers) or `memory` (this process only: for one server copy, and for a bench, which does not
   * measure the limit; ADR 015).
   */
  RATE_LIMIT_STORE: z.enum(['shared', 'memory']).default('shared'),
  /** Outgoing mail by SMTP (nodemailer); unset keeps every mail in the database outbox (/dev/mail). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Sender of every mail. */
  MAIL_FROM: z.string().min(3).default('Slaagbundel <klantenservice@slaagbundel.nl>'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** A client's request line and headers must arrive within this, else 408 and the connection closes. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  /** The whole request, body included, must arrive within this (at least the headers' timeout). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  /** An idle keep-alive connection closes after this. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
  /**
   * Background jobs (ADR 007): 1 runs workers, schedules and queue maintenance
   * in this copy; 0 only enqueues. Default on, except under NODE_ENV=test.
   */
  JOBS: flag,
  /**
   * Proxies in front of the server (load balancer, CDN) that append to
   * X-Forwarded-For. 0: the client is the socket's address. N: the client is
   * the N-th address from the right of X-Forwarded-For (entries further left
   * are written by the client and are never trusted). Keys the API's rate limits.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Signs session cookies and tokens (at least 32 characters). Unset: a random secret made once and kept
   * in the database (app_meta), the same for every copy on that database.
   */
  AUTH_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The auth host of spec §6/§7 that builds the logout and no-prompt login URLs. Unset: this
   * server's own, PUBLIC_URL + /api/auth.
   */
  AUTH_HOST: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Content from Contentful's Content Delivery API (spec §7); unset reads the content entries in the database. */
  CONTENTFUL_SPACE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a Contentful space id')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Content Delivery API token of that space (a Preview API token with CONTENTFUL_HOST=preview.contentful.com). */
  CONTENTFUL_ACCESS_TOKEN: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CONTENTFUL_ENVIRONMENT: z.string().min(1).default('master'),
  /** The SDK would silently ignore a host with a scheme or a path and call its default host instead: refused here. */
  CONTENTFUL_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]+(:\d+)?$/, 'must be a host name, optionally with :port, without https://')
    .default('cdn.contentful.com'),
  /**
   * Payments through Mollie (ADR 010) with this API key (`test_…` or `live_…`); unset uses the demo
   * provider and its own test payment page.
   */
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(test|live)_[A-Za-z0-9]+$/, 'must be a Mollie API key (test_… or live_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Root of the Mollie API. The SDK speaks HTTPS only; the tests point it at a local fake themselves. */
  MOLLIE_API_ENDPOINT: z
    .url({ protocol: /^https$/, error: 'must be an https:// URL (the Mollie client speaks HTTPS only)' })
    .default('https://api.mollie.com/v2/'),
  /**
   * The exam buddy's language model: with this key (or with LLM_BASE_URL) it writes its answers from the passages
   * it found, through an OpenAI-compatible Chat Completions API; both unset, it answers with the passages themselves.
   */
  LLM_API_KEY: z
    .string()
    .regex(/^[\x21-\x7e]+$/, 'must be an API key (printable characters, no spaces)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Root of that API (another provider, a self-hosted model, which may need no key); setting it turns the language
   * model on. Unset: OpenAI's, https://api.openai.com/v1, when LLM_API_KEY is set.
   */
  LLM_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The model the buddy asks. */
  LLM_MODEL: z.string().regex(/^\S+$/, 'must be a model name without spaces').default('gpt-4o-mini'),
});

/** Every environment variable the server reads, with its default (README "Configuration"). */
export const envSchema = variables
  .superRefine((env, ctx) => {
    if (env.CONTENTFUL_SPACE_ID && !env.CONTENTFUL_ACCESS_TOKEN) {
      ctx.addIssue({
        code: 'custom',
        path: ['CONTENTFUL_ACCESS_TOKEN'],
        message: 'is required when CONTENTFUL_SPACE_ID is set',
      });
    }
  })
  .transform((env) => ({ ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}` }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses the environment; throws an EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
}

const LOCAL_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Why PUBLIC_URL cannot be this server's address: it names this machine (localhost, 127.x.x.x,
 * [::1]) on another port than the one served, so a browser's form posts from the served address
 * carry an Origin the page guard refuses as another site's (403). Null when it can be: the same
 * port, or another host (a proxy in front, whose port is its own). Logged as a warning at start.
 */
export function publicUrlMismatch(publicUrl: string, servedPort: number): string | null {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return null;
  }
  if (!LOCAL_HOSTS.test(url.hostname)) return null;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (port === servedPort) return null;
  return (
    `PUBLIC_URL (${publicUrl}) names port ${port} of this machine, but the server listens on port ${servedPort}: ` +
    `form posts from http://localhost:${servedPort} are refused as another site's. Set PUBLIC_URL to the address ` +
    `browsers use, or leave it unset.`
  );
}

/** Demo data is seeded on the embedded default or with SEED_DEMO=1; SEED_DEMO=0 turns it off. */
export function shouldSeedDemo(env: Env): boolean {
  if (env.SEED_DEMO !== undefined) return env.SEED_DEMO;
  return env.DATABASE_URL === undefined;
}

/** Whether this process applies the migrations and the demo seed at start (MIGRATE, default on). */
export function shouldMigrate(env: Env): boolean {
  return env.MIGRATE ?? true;
}

/** Whether this copy runs background-job workers (JOBS); tests opt in with JOBS=1. */
export function shouldRunJobs(env: Env): boolean {
  return env.JOBS ?? env.NODE_ENV !== 'test';
}
