/**
 * Why redeeming a licence code is refused (ADR 014), each reason with the HTTP status the API
 * (POST /api/v1/users/me/licenses) and the "Mijn vakken en boeken" page answer it with. The Dutch
 * messages are LICENSE_MESSAGES (app/modules/licenses/domain/messages.ts); the page tells a code the
 * user activated before apart (`yours`), the API answers every used code alike.
 */

export const LICENSE_REFUSAL_STATUS = {
  /** A code we do not know, also without its separators. */
  unknown: 400,
  /** A class licence (issue 31): a teacher activates it on a class, not a pupil on their account. */
  class_code: 400,
  /** A code redeemed before (`yours`: by this user). */
  used: 409,
  /** A code the back office revoked (issue 32): it no longer works. */
  revoked: 409,
  /** Too many tries (LICENSE_ATTEMPTS): guessing codes is what the limit stops. */
  rate_limited: 429,
} as const satisfies Record<string, 400 | 409 | 429>;

export type LicenseRefusal =
  | { reason: 'unknown' }
  | { reason: 'class_code' }
  | { reason: 'used'; yours: boolean }
  | { reason: 'revoked' }
  | { reason: 'rate_limited'; retryAfterSeconds: number };
