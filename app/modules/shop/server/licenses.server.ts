import type { OwnedProductItemView, OwnedProductView } from '#app/modules/shop/schemas/licenses.ts';
import { findProductsBySkus, toProductSummary } from '#app/modules/catalog/index.server.ts';
import { listMySubjects } from '#app/modules/study/index.server.ts';
/**
 * Subjects, the signed-in user's subjects, their access and license codes
 * (spec §3 User subject, §4 Subject access, §7 /v1/subjects…, /v1/users/me/subjects…).
 * Every personal function takes the session's user id: there is no way to
 * name another user.
 */
import {
  listRedeemedProducts,
  redeemLicenseCode,
  type OwnedProductRow,
} from '#app/modules/shop/db/license-codes.server.ts';
import { LICENSE_ATTEMPTS, normaliseLicenseCode } from '../domain/license-codes.ts';
import type { UserSubjectView } from '#app/modules/study/index.ts';
import type { Scope } from '#app/platform/server/deps.ts';

function toOwnedProductView(row: OwnedProductRow): OwnedProductView {
  return { ...row, redeemedAt: row.redeemedAt.toISOString() };
}

/**
 * Redeems a license code (any case, spaces ignored): in one transaction it is
 * marked used, the user gets full access to its subject with its product, and
 * the subject joins the user's list. A code used before: 'used'.
 */
export async function redeemLicense(
  s: Scope,
  userId: string,
  code: string,
): Promise<
  | { ok: true; subjects: UserSubjectView[]; product: OwnedProductView }
  | { ok: false; reason: 'unknown' | 'used' }
  | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number }
> {
  // Counted per user, whatever the outcome: guessing codes is what this limit stops.
  const decision = await s.rateLimit?.consume(LICENSE_ATTEMPTS, userId);
  if (decision && !decision.allowed) {
    return { ok: false, reason: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds };
  }
  const outcome = await redeemLicenseCode(s.db, userId, normaliseLicenseCode(code));
  if (!outcome.ok) return outcome;
  return { ok: true, subjects: await listMySubjects(s, userId), product: toOwnedProductView(outcome.product) };
}

/** The products the user owns through redeemed license codes, oldest first. */
export async function listOwnedProducts(s: Scope, userId: string): Promise<OwnedProductView[]> {
  return (await listRedeemedProducts(s.db, userId)).map(toOwnedProductView);
}

/** The products the user owns through redeemed license codes, each with its shop page while it is still sold. */
export async function listOwnedProductsWithLinks(s: Scope, userId: string): Promise<OwnedProductItemView[]> {
  const owned = await listOwnedProducts(s, userId);
  const rows = await findProductsBySkus(
    s.db,
    owned.map((product) => product.sku),
  );
  const href = new Map(rows.map((row) => [row.sku, toProductSummary(row).href]));
  return owned.map((product) => ({ ...product, href: href.get(product.sku) ?? null }));
}
