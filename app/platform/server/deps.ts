import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '#app/db/client.server.ts';
import type { ContentPort } from '#app/platform/integrations/content/port.ts';
import type { ErrorReporter } from '#app/platform/integrations/errors/port.ts';
import type { MailSender } from '#app/platform/integrations/mail/port.ts';
import type { PaymentProvider } from '#app/platform/integrations/payments/port.ts';
import type { LanguageModel } from '#app/platform/integrations/language-model/port.ts';
import { started } from '#app/platform/server/caches/started.ts';

/** A read-through cache for public, read-only data (infrastructure, built in server/infra). */
export interface ReadThroughCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets one key on this copy (other copies see a change when their entry expires). */
  delete(key: string): void;
  clear(): void;
}

/**
 * Views of one user's data kept while their data version stands (ADR 019, docs/caches.md; built in
 * app/platform/server/caches/user-views.server.ts, read through its `userView`).
 * `version`: the user's data version as the database gave it with the session.
 */
export interface UserViews {
  /** A user's data version as the database has it now, when the session read did not give it. */
  readVersion(db: Db, userId: string): Promise<number>;
  get<T>(userId: string, version: number, key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

export interface RateLimitRule {
  /** Counter namespace, e.g. 'consent'; one rule per name. */
  name: string;
  /** Requests allowed per window. */
  points: number;
  durationSeconds: number;
  /**
   * While the shared store is down, refuse (503) instead of counting in this process: for what
   * guessing and mail bombing aim at (signing in, registering, password resets), ADR 015.
   */
  failClosed?: boolean;
}

/** Counts an action against a limit, shared by every server copy (the app's rate-limit store, server/infra). */
export interface RateLimit {
  /** `unavailable`: the store is down and the rule fails closed. */
  consume(
    rule: RateLimitRule,
    key: string,
  ): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number; unavailable?: boolean }>;
  /** Gives one point back: an attempt that turned out not to count (a sign-in that succeeded). */
  refund(rule: RateLimitRule, key: string): Promise<void>;
  /** Clears a key's counter: its owner unlocked it (a password reset). */
  reset(rule: RateLimitRule, key: string): Promise<void>;
}

/** How a job is queued (all optional). */
export interface EnqueueChoices {
  /** Once only, ever: the job's id is derived from its name and this key (jobKeyId). */
  key?: string;
  /** On a job whose queue is `stately`: at most one job per key waits, and one runs (a refresh of one pupil). */
  singletonKey?: string;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}

/** Queues background work (ADR 007); the queue checks the payload against the job's schema. */
export interface JobEnqueuer {
  /**
   * Resolves with the job's id, or null when a job with `options.key`'s id was queued before:
   * the key makes a job once-only (jobKey), e.g. one fulfilment per order however often it is asked for.
   */
  enqueue(name: string, payload: Record<string, unknown>, options?: EnqueueChoices): Promise<string | null>;
}

/**
 * The job id that a once-only job's key stands for: a UUID (version-5 layout) derived from the job's
 * name and key, so every copy of the server that queues "fulfil order 42" queues the same job id,
 * and the queue keeps only the first.
 */
export function jobKeyId(name: string, key: string): string {
  const hash = createHash('sha1').update(`slaagbundel-job:${name}:${key}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
  /**
   * Views of a user's data (ADR 019): in a request scope only where they may be used (a GET or HEAD, which
   * changes nothing before it reads); absent: every view is computed (jobs, writes, unit tests).
   */
  userViews?: UserViews;
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

/**
 * A fresh request scope over long-lived dependencies. `userViews`: whether this request may use the views
 * kept of a user's data (ADR 019): only a request that reads before it could change anything.
 */
export function createScope(deps: Deps, { userViews = false } = {}): Scope {
  const memo = new Map<string, Promise<unknown>>();
  return {
    ...deps,
    userViews: userViews ? deps.userViews : undefined,
    once<T>(key: string, load: () => Promise<T>): Promise<T> {
      let value = memo.get(key) as Promise<T> | undefined;
      if (!value) {
        value = started(load);
        memo.set(key, value);
      }
      return value;
    },
  };
}
