import type { Logger } from 'pino';
import type { Db } from '#app/db/client.server.ts';
import type { ContentPort } from '#app/platform/integrations/content/port.ts';
import type { ErrorReporter } from '#app/platform/integrations/errors/port.ts';
import type { MailSender } from '#app/platform/integrations/mail/port.ts';
import type { PaymentProvider } from '#app/platform/integrations/payments/port.ts';
import type { LanguageModel } from '#app/platform/integrations/language-model/port.ts';

/** A read-through cache for public, read-only data (infrastructure, built in server/infra). */
export interface ReadThroughCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

/** Counts an action against a limit, shared by every server copy (the app's rate-limit store, server/infra). */
export interface RateLimit {
  consume(
    rule: { name: string; points: number; durationSeconds: number },
    key: string,
  ): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

/** Queues background work (ADR 007); the queue checks the payload against the job's schema. */
export interface JobEnqueuer {
  enqueue(name: string, payload: Record<string, unknown>): Promise<string | null>;
}

/**
 * Long-lived services that a module adds to the dependencies by declaration
 * merging, so that app/platform names no module: the accounts module declares
 * `auth`, its Better Auth instance (app/modules/accounts/server/auth.server.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleDeps {}

/**
 * The long-lived dependencies every service receives, built once by the
 * composition root (server/composition.ts) for the server and the tests alike.
 */
export interface Deps extends ModuleDeps {
  db: Db;
  content: ContentPort;
  errors: ErrorReporter;
  mail: MailSender;
  /** The payment provider: demo by default, Mollie by env. */
  payments: PaymentProvider;
  jobs: JobEnqueuer;
  /** The exam buddy's language model, by env; absent: the buddy answers with what it found. */
  languageModel?: LanguageModel;
  logger: Logger;
  cache: ReadThroughCache;
  /** Limits that services count themselves (per user, not per client); absent: nothing is limited (unit tests). */
  rateLimit?: RateLimit;
  settings: {
    publicUrl: string;
    /** Origin + path of the auth host (spec §6, §7): logout and no-prompt login URLs are built on it. */
    authHost?: string;
    gtmId: string | undefined;
    production: boolean;
    /** Signs the cart cookie. */
    cookieSecret: string;
  };
}

/**
 * What a service call sees: the dependencies plus a per-request memo, so that
 * the root loader and a page loader asking for the same content in one request
 * fetch it once. Loaders get it from `scopeContext`, API handlers from `c.var.scope`.
 */
export interface Scope extends Deps {
  once<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/** A fresh request scope over long-lived dependencies. */
export function createScope(deps: Deps): Scope {
  const memo = new Map<string, Promise<unknown>>();
  return {
    ...deps,
    once<T>(key: string, load: () => Promise<T>): Promise<T> {
      let value = memo.get(key) as Promise<T> | undefined;
      if (!value) {
        value = load();
        memo.set(key, value);
      }
      return value;
    },
  };
}
