import { LICENSE_ATTEMPTS } from '#app/modules/licenses/index.ts';
import { STUDY_CONTENT_MAX_BODY_BYTES, STUDY_CONTENT_PATHS } from '#app/modules/backoffice-study-content/index.ts';
/**
 * Every number of the API's abuse protection, in one place. The write guard
 * (./guard.ts) applies the defaults to every write (any method but GET, HEAD
 * and OPTIONS); a route that needs other numbers says so in its spec with
 * `limits: { … }` (./route-spec.ts spreads `writeLimits({ … })` into its
 * createRoute), which also documents them in the OpenAPI document as
 * `x-rate-limit` and `x-max-body-bytes`.
 */
import type { RateLimitRule } from '#server/infra/rate-limit.ts';

/** Body size a write may send unless its route says otherwise (API writes and page form posts). */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/**
 * Requests per client (IP address, IPv6 per /64) and window. Anonymous writes
 * are counted per client; when accounts arrive, signed-in writes can be
 * counted per user with their own rules.
 */
export const RATE_LIMITS = {
  /**
   * Any write without a rule of its own. Counted per address, and a class of 30 pupils behind one school
   * address shares it: room for each to save a few things a minute.
   */
  write: { name: 'write', points: 120, durationSeconds: 60 },
  /** A visitor chooses cookies once; a few retries and other tabs fit easily. */
  consent: { name: 'consent', points: 10, durationSeconds: 60 },
  /** A person writes a few messages at most: POST /api/v1/contact and posts to /contact share it (PAGE_WRITE_RULES). */
  contact: { name: 'contact', points: 5, durationSeconds: 600 },
  /** A person signs up once, maybe a second address: POST /api/v1/newsletter and posts to /nieuwsbrief share it. */
  newsletter: { name: 'newsletter', points: 5, durationSeconds: 600 },
  /**
   * Form posts to pages (server/page-guard.ts): signing in, the onboarding, the profile, the cart. A class of
   * 30 behind one school address signs in and steps through the onboarding in the same minute.
   */
  pageWrite: { name: 'page-write', points: 300, durationSeconds: 60 },
  /** The browser sends at most 10 distinct reports a page load (app/platform/report-error.ts). */
  clientErrors: { name: 'client-errors', points: 30, durationSeconds: 60 },
  /** "Mail me als het er weer is": a person asks for a few sold-out products; page posts share it. */
  stockNotice: { name: 'stock-notice', points: 10, durationSeconds: 600 },
  /** Changing a cart: a person clicks quickly through quantities; page posts to /winkelwagen share it. */
  cart: { name: 'cart', points: 60, durationSeconds: 60 },
  /** Placing orders: a buyer retries a few times at most; posts to /afrekenen share it. */
  checkout: { name: 'checkout', points: 10, durationSeconds: 600 },
  /** A payment provider's webhooks come from its few servers, many at once in a busy hour. */
  webhook: { name: 'webhook', points: 600, durationSeconds: 60 },
  /**
   * The study area's small writes (a card learned, a card visited, an exam check saved): a pupil clicks
   * through cards quickly, and a whole class may share one school IP address.
   */
  study: { name: 'study', points: 600, durationSeconds: 60 },
  /** Questions to the exam buddy: a person types a few a minute; a class shares an address. */
  buddy: { name: 'buddy', points: 120, durationSeconds: 60 },
  /**
   * The accounts library's writes (/api/auth/*: sign-in, sign-up, resets), per client: room for a class of 30
   * behind one school address signing in and out; guessing is bounded per account by AUTH_LIMITS (ADR 015).
   */
  accounts: { name: 'accounts', points: 300, durationSeconds: 60 },
  /** Redeeming licence codes, per signed-in user (app/modules/study/server/subjects.server.ts redeemLicense). */
  license: LICENSE_ATTEMPTS,
} as const satisfies Record<string, RateLimitRule>;

/**
 * Pages whose form is a write the API also offers: a post to the page counts
 * against the same rule as the API call (same name, same client), on top of
 * pageWrite, so the page is no way around the API's limit.
 */
export const PAGE_WRITE_RULES: Readonly<Record<string, RateLimitRule>> = {
  '/contact': RATE_LIMITS.contact,
  '/nieuwsbrief': RATE_LIMITS.newsletter,
  '/winkelwagen': RATE_LIMITS.cart,
  '/afrekenen': RATE_LIMITS.checkout,
  '/producten/voorraadmelding': RATE_LIMITS.stockNotice,
};

/**
 * Pages whose form may send more than DEFAULT_MAX_BODY_BYTES (server/page-guard.ts), by path: the back office's
 * upload of a subject's study content (a file of about 150 kB today), as its API endpoint allows.
 */
export const PAGE_MAX_BODY_BYTES: Readonly<Record<string, number>> = {
  [STUDY_CONTENT_PATHS.upload]: STUDY_CONTENT_MAX_BODY_BYTES,
};

export interface WriteLimits {
  rateLimit: RateLimitRule;
  maxBodyBytes: number;
  /** The body's media type; JSON unless a route says otherwise (a provider's webhook posts a form). */
  mediaType?: 'application/json' | 'application/x-www-form-urlencoded';
}

export const DEFAULT_WRITE_LIMITS: WriteLimits = { rateLimit: RATE_LIMITS.write, maxBodyBytes: DEFAULT_MAX_BODY_BYTES };

/** The OpenAPI extension keys a route's own limits live under (read back by the guard). */
export const RATE_LIMIT_KEY = 'x-rate-limit';
export const MAX_BODY_KEY = 'x-max-body-bytes';
export const MEDIA_TYPE_KEY = 'x-media-type';

export interface RateLimitExtension {
  name: string;
  requests: number;
  windowSeconds: number;
  per: 'client';
}

/** A route's own limits, spread into its createRoute config: `...writeLimits({ rateLimit: RATE_LIMITS.consent })` (route-spec.ts). */
export function writeLimits(limits: Partial<WriteLimits>) {
  const { rateLimit, maxBodyBytes, mediaType } = { ...DEFAULT_WRITE_LIMITS, ...limits };
  const extension: RateLimitExtension = {
    name: rateLimit.name,
    requests: rateLimit.points,
    windowSeconds: rateLimit.durationSeconds,
    per: 'client',
  };
  return {
    [RATE_LIMIT_KEY]: extension,
    [MAX_BODY_KEY]: maxBodyBytes,
    ...(mediaType ? { [MEDIA_TYPE_KEY]: mediaType } : {}),
  } as {
    'x-rate-limit': RateLimitExtension;
    'x-max-body-bytes': number;
    'x-media-type'?: WriteLimits['mediaType'];
  };
}

/** Reads a route config's limits back; defaults for whatever it does not say. */
export function limitsOfRoute(config: Record<string, unknown>): WriteLimits {
  const rate = config[RATE_LIMIT_KEY] as RateLimitExtension | undefined;
  const maxBody = config[MAX_BODY_KEY];
  const mediaType = config[MEDIA_TYPE_KEY] as WriteLimits['mediaType'] | undefined;
  return {
    ...(mediaType ? { mediaType } : {}),
    rateLimit: rate
      ? { name: rate.name, points: rate.requests, durationSeconds: rate.windowSeconds }
      : DEFAULT_WRITE_LIMITS.rateLimit,
    maxBodyBytes: typeof maxBody === 'number' ? maxBody : DEFAULT_WRITE_LIMITS.maxBodyBytes,
  };
}
