/**
 * Redeeming the licence code in the back of a book, and the books the user owns through the codes they
 * redeemed (spec §4 Subject access, §7 /v1/users/me/licenses, /v1/users/me/products). Every function
 * takes the session's user id: there is no way to name another user.
 */
import type { Db } from '#app/db/client.server.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import { addUserSubjects } from '#app/modules/accounts/index.server.ts';
import { findProductsByIds, findProductsBySkus, toProductSummary } from '#app/modules/catalog/index.server.ts';
import { grantSubjectAccess } from '#app/modules/cards/index.server.ts';
import { listMySubjects } from '#app/modules/checks/index.server.ts';
import type { UserSubjectView } from '#app/modules/checks/index.ts';
import {
  claimLicenseCode,
  findRedeemer,
  findStoredCode,
  listRedeemedCodes,
  type RedeemedCodeRow,
} from '#app/modules/licenses/db/license-codes.server.ts';
import { LICENSE_ATTEMPTS } from '#app/modules/licenses/domain/license-codes.ts';
import {
  canonicalLicenseCode,
  compactLicenseCode,
  type OwnedProductItemView,
  type OwnedProductView,
} from '#app/modules/licenses/schemas/licenses.ts';
import type { LicenseRefusal } from './refusals.server.ts';

/** The redeemed codes as the products they unlocked (the catalog's), in the codes' order. */
async function ownedProducts(db: Db, codes: readonly RedeemedCodeRow[]): Promise<OwnedProductView[]> {
  const products = new Map(
    (await findProductsByIds(db, [...new Set(codes.map((code) => code.productId))])).map((row) => [row.id, row]),
  );
  return codes.flatMap((code) => {
    const product = products.get(code.productId);
    if (!product) return [];
    const { sku, name, slug, levelSlug, productType } = product;
    return [
      { sku, name, slug, levelSlug, productType, subjectId: code.subjectId, redeemedAt: code.redeemedAt.toISOString() },
    ];
  });
}

type RedeemOutcome =
  { ok: true; product: OwnedProductView } | { ok: false; reason: 'unknown' | 'used' | 'class_code' | 'revoked' };

/**
 * The redemption workflow, one transaction across three modules' public writes: this module marks the code
 * used (only while unused), study grants full access to its subject with its product, and accounts adds the
 * subject to the user's list. A failure of any leaves none of them.
 */
function redeemLicenseCode(s: Scope, userId: string, code: string): Promise<RedeemOutcome> {
  return s.db.transaction(async (tx): Promise<RedeemOutcome> => {
    const claimed = await claimLicenseCode(tx, userId, code);
    if (!claimed.ok) return claimed;
    const { productId, subjectId } = claimed.code;
    await grantSubjectAccess(tx, { userId, subjectId, stream: 'full', source: 'license', productId });
    await addUserSubjects(tx, userId, [subjectId]);
    const [product] = await ownedProducts(tx, [claimed.code]);
    if (!product) throw new Error(`license code ${code} lost its product`);
    return { ok: true, product };
  });
}

/**
 * Redeems a license code (case, spaces, hyphens and the 'SB' in front do not
 * matter: canonicalLicenseCode): in one transaction it is marked used, the
 * user gets full access to its subject with its product, and the subject
 * joins the user's list. Refused: a code we do not know ('unknown'), a code
 * used before ('used'; `yours` when this user activated it), too many tries ('rate_limited'); their
 * statuses: LICENSE_REFUSAL_STATUS.
 */
export async function redeemLicense(
  s: Scope,
  userId: string,
  code: string,
): Promise<Result<{ subjects: UserSubjectView[]; product: OwnedProductView }, LicenseRefusal>> {
  // Counted per user, whatever the outcome: guessing codes is what this limit stops.
  const decision = await s.rateLimit?.consume(LICENSE_ATTEMPTS, userId);
  if (decision && !decision.allowed) {
    return refuse({ reason: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds });
  }
  let canonical = canonicalLicenseCode(code);
  let outcome = await redeemLicenseCode(s, userId, canonical);
  if (!outcome.ok && outcome.reason === 'unknown') {
    // Not stored as it is: the same code with its separators elsewhere (or none).
    const stored = await findStoredCode(s.db, compactLicenseCode(canonical));
    if (stored && stored !== canonical) {
      canonical = stored;
      outcome = await redeemLicenseCode(s, userId, canonical);
    }
  }
  if (!outcome.ok && outcome.reason === 'used') {
    return refuse({ reason: 'used', yours: (await findRedeemer(s.db, canonical)) === userId });
  }
  if (!outcome.ok && outcome.reason === 'class_code') return refuse({ reason: 'class_code' });
  if (!outcome.ok && outcome.reason === 'revoked') return refuse({ reason: 'revoked' });
  if (!outcome.ok) return refuse({ reason: 'unknown' });
  return ok({ subjects: await listMySubjects(s, userId), product: outcome.product });
}

/** The products the user owns through redeemed license codes, oldest first. */
export async function listOwnedProducts(s: Scope, userId: string): Promise<OwnedProductView[]> {
  return ownedProducts(s.db, await listRedeemedCodes(s.db, userId));
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
