/**
 * The composition root: the one place where adapters are chosen by env and
 * long-lived dependencies are built. The server (server/app.ts) and the
 * integration tests (tests/integration/test-db.ts) both build their
 * dependencies here, so a test runs the same wiring as production.
 */
import type { Logger } from 'pino';
import type { Database } from '#app/db/client.server.ts';
import { rateLimitCounterStore } from '#app/db/queries/rate-limits.server.ts';
import { getOrCreateSecret } from '#app/db/queries/secrets.server.ts';
import { createAuth, readDataVersion, type Auth } from '#app/modules/accounts/index.server.ts';
import { createLocalContentAdapter } from '#app/platform/integrations/content/local.adapter.server.ts';
import type { ContentPort } from '#app/platform/integrations/content/port.ts';
import { createLogErrorReporter } from '#app/platform/integrations/errors/log.adapter.server.ts';
import type { ErrorReporter } from '#app/platform/integrations/errors/port.ts';
import { createOutboxMailSender } from '#app/platform/integrations/mail/outbox.adapter.server.ts';
import type { MailSender } from '#app/platform/integrations/mail/port.ts';
import { createDemoPaymentProvider } from '#app/modules/demo-payments/index.server.ts';
import type { PaymentProvider } from '#app/platform/integrations/payments/port.ts';
import type { LanguageModel } from '#app/platform/integrations/language-model/port.ts';
import { createUserViews } from '#app/platform/server/caches/user-views.server.ts';
import { jobKeyId, type Deps } from '#app/platform/server/deps.ts';
import type { ApiOptions } from './api/index.ts';
import { shouldRunJobs, type Env } from './env.ts';
import {
  createDatabaseRateLimiter,
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from './infra/rate-limit.ts';
import { createTtlCache } from './infra/ttl-cache.ts';
import { createJobQueue, type JobQueue } from './jobs/queue.ts';

export interface Composition {
  deps: Deps;
  /** What the HTTP API needs beyond services (pass to createApp's `api`): rate-limit counters, TRUST_PROXY, accounts. */
  api: ApiOptions & { rateLimiter: RateLimiter; auth: Auth };
  /** Background jobs (ADR 007): `jobs.enqueue(name, payload)`. */
  jobs: JobQueue;
  close(): Promise<void>;
}

async function chooseMailSender(env: Env, database: Database): Promise<MailSender> {
  if (!env.SMTP_URL) return createOutboxMailSender(database.db);
  const { createSmtpMailSender } = await import('#app/platform/integrations/mail/smtp.adapter.server.ts');
  return createSmtpMailSender({ url: env.SMTP_URL, from: env.MAIL_FROM });
}

async function chooseContent(env: Env, database: Database, logger: Logger): Promise<ContentPort> {
  if (!env.CONTENTFUL_SPACE_ID) return createLocalContentAdapter(database.db);
  const { createContentfulContentAdapter } =
    await import('#app/platform/integrations/content/contentful.adapter.server.ts');
  return createContentfulContentAdapter({
    space: env.CONTENTFUL_SPACE_ID,
    // Required with a space (server/env.ts).
    accessToken: env.CONTENTFUL_ACCESS_TOKEN ?? '',
    environment: env.CONTENTFUL_ENVIRONMENT,
    host: env.CONTENTFUL_HOST,
    logger,
  });
}

/** The payment provider: the demo provider with its own test page, unless MOLLIE_API_KEY is set. */
async function choosePayments(env: Env, database: Database, logger: Logger): Promise<PaymentProvider> {
  if (!env.MOLLIE_API_KEY) return createDemoPaymentProvider(database.db, env.PUBLIC_URL);
  const { createMolliePaymentProvider } = await import('#app/platform/integrations/payments/mollie.adapter.server.ts');
  return createMolliePaymentProvider({ apiKey: env.MOLLIE_API_KEY, apiEndpoint: env.MOLLIE_API_ENDPOINT, logger });
}

/**
 * The exam buddy's language model: OpenAI's with LLM_API_KEY, the one at LLM_BASE_URL (with or without a key: a
 * self-hosted model asks for none), and none when both are unset (the buddy answers with what it found).
 */
async function chooseLanguageModel(env: Env, logger: Logger): Promise<LanguageModel | undefined> {
  if (!env.LLM_API_KEY && !env.LLM_BASE_URL) return undefined;
  const { createOpenAiLanguageModel } =
    await import('#app/platform/integrations/language-model/openai.adapter.server.ts');
  return createOpenAiLanguageModel({
    apiKey: env.LLM_API_KEY,
    baseUrl: env.LLM_BASE_URL,
    model: env.LLM_MODEL,
    logger,
  });
}

async function chooseErrorReporter(env: Env, logger: Logger): Promise<ErrorReporter> {
  if (!env.SENTRY_DSN) return createLogErrorReporter(logger);
  const { createSentryErrorReporter } = await import('#app/platform/integrations/errors/sentry.adapter.server.ts');
  return createSentryErrorReporter({ dsn: env.SENTRY_DSN, environment: env.NODE_ENV, logger });
}

export async function compose({
  env,
  logger,
  database,
}: {
  env: Env;
  logger: Logger;
  database: Database;
}): Promise<Composition> {
  const reporter = await chooseErrorReporter(env, logger);
  // Every reported error is also judged by the database's health: a lost connection, wherever it
  // surfaced (a loader, the API, a job), turns the next requests into a 503 until a ping answers.
  const errors: ErrorReporter = {
    capture: (error, context) => {
      if (database.health.report(error)) return; // an outage is logged once below, not per request
      reporter.capture(error, context);
    },
    flush: reporter.flush,
  };
  database.health.onChange((available, error) => {
    if (available) logger.warn({ database: database.kind }, 'database reachable again');
    else logger.error({ err: error, database: database.kind }, 'database unreachable; answering 503 until it is back');
  });
  const deps: Deps = {
    db: database.db,
    content: await chooseContent(env, database, logger),
    errors,
    mail: await chooseMailSender(env, database),
    payments: await choosePayments(env, database, logger),
    // Bound to the queue below: services enqueue, the queue validates and stores the job.
    jobs: {
      enqueue: (name, payload, options) =>
        jobs.enqueue(name as never, payload as never, {
          ...(options?.key ? { id: jobKeyId(name, options.key) } : {}),
          ...(options?.singletonKey ? { singletonKey: options.singletonKey } : {}),
          ...(options?.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        }),
    },
    languageModel: await chooseLanguageModel(env, logger),
    logger,
    cache: createTtlCache(env.CONTENT_CACHE_SECONDS * 1000, { maxBytes: env.CONTENT_CACHE_MB * 1024 * 1024 }),
    // This copy's views of a user's data, kept while the user's data version stands (ADR 019, docs/caches.md):
    // a teacher's class dashboard and a staff member's role.
    userViews: createUserViews(env.USER_VIEW_SECONDS * 1000, {
      readVersion: readDataVersion,
      freeze: env.NODE_ENV !== 'production',
      maxBytes: env.USER_VIEW_MB * 1024 * 1024,
    }),
    // Reference data the plan reads (issue 20): the CvTE exam timetable from the content folder, as the seed reads
    // the other content files; an invalid file stops the start here.
    settings: {
      publicUrl: env.PUBLIC_URL,
      authHost: env.AUTH_HOST ?? `${env.PUBLIC_URL.replace(/\/+$/, '')}/api/auth`,
      gtmId: env.GTM_ID,
      production: env.NODE_ENV === 'production',
      cookieSecret: env.AUTH_SECRET ?? (await getOrCreateSecret(database.db, 'cookie_secret')),
    },
  };
  // Rate-limit counters are shared by every server copy: Redis when configured, else the database; or kept in
  // this process when RATE_LIMIT_STORE=memory (one server copy, or a bench).
  const rateLimiter =
    env.RATE_LIMIT_STORE === 'memory'
      ? createMemoryRateLimiter({ logger })
      : env.REDIS_URL
        ? await createRedisRateLimiter(env.REDIS_URL, { logger })
        : createDatabaseRateLimiter(rateLimitCounterStore(database.db), { logger });

  // Accounts: sign-in attempts count in the same store as every other rate limit.
  const auth = createAuth({
    db: database.db,
    secret: env.AUTH_SECRET ?? (await getOrCreateSecret(database.db, 'auth_secret')),
    publicUrl: env.PUBLIC_URL,
    jobs: deps.jobs,
    rateLimit: rateLimiter,
  });
  // Pages read the session through their services (the area's guard, the login forms).
  deps.auth = auth;
  deps.rateLimit = rateLimiter;

  // --- Background jobs (ADR 007) ---------------------------------------------
  // A working copy (JOBS, default on) starts pg-boss in the background so the
  // server does not wait for it; a failed start is reported and only jobs are
  // off. Otherwise the queue starts on the first enqueue. Stopped first on close.
  const jobs = createJobQueue({
    raw: database.raw,
    deps,
    work: shouldRunJobs(env),
    stopTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  });
  if (jobs.working) {
    jobs.start().then(
      () => {
        logger.info('background jobs started');
        // Search reads articles from the database: copy Contentful's now, not at the next 10-minute run. Not
        // deduplicated across copies (a singletonKey does nothing on a standard queue); a second run is harmless.
        if (deps.content.kind === 'contentful') {
          jobs
            .enqueue('sync-search-content', {})
            .catch((error: unknown) => errors.capture(error, { source: 'startup', job: 'sync-search-content' }));
        }
      },
      () => {}, // reported by the queue
    );
  }
  // ---------------------------------------------------------------------------

  return {
    deps,
    api: { rateLimiter, trustProxyHops: env.TRUST_PROXY, auth },
    jobs,
    async close() {
      await jobs.stop();
      await rateLimiter.close();
      await errors.flush();
    },
  };
}
