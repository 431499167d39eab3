import { addUserSubjects } from '#app/modules/accounts/index.server.ts';
import { grantSubjectAccess } from '#app/modules/study/index.server.ts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { licenseCodes } from './tables.ts';
import { products } from '#app/modules/catalog/index.server.ts';

export interface OwnedProductRow {
  sku: string;
  name: string;
  slug: string;
  levelSlug: string;
  productType: string;
  subjectId: number;
  redeemedAt: Date;
}

/** The products of the license codes `userId` redeemed, oldest first. */
export async function listRedeemedProducts(db: Db, userId: string): Promise<OwnedProductRow[]> {
  const rows = await db
    .select(ownedProductColumns)
    .from(licenseCodes)
    .innerJoin(products, eq(products.id, licenseCodes.productId))
    .where(eq(licenseCodes.redeemedBy, userId))
    .orderBy(asc(licenseCodes.redeemedAt), asc(licenseCodes.code));
  return rows.map(toOwned);
}

export type RedeemOutcome = { ok: true; product: OwnedProductRow } | { ok: false; reason: 'unknown' | 'used' };

/**
 * Redeems a (normalised) license code for `userId` in one transaction: marks
 * it redeemed only while it is unredeemed (a concurrent second redemption
 * finds it used), grants full access to its subject with its product, and
 * adds the subject to the user's list.
 */
export function redeemLicenseCode(db: Db, userId: string, code: string): Promise<RedeemOutcome> {
  return db.transaction(async (tx): Promise<RedeemOutcome> => {
    const [redeemed] = await tx
      .update(licenseCodes)
      .set({ redeemedBy: userId, redeemedAt: sql`now()` })
      .where(and(eq(licenseCodes.code, code), isNull(licenseCodes.redeemedAt)))
      .returning({ productId: licenseCodes.productId, subjectId: licenseCodes.subjectId });
    if (!redeemed) {
      const [known] = await tx
        .select({ code: licenseCodes.code })
        .from(licenseCodes)
        .where(eq(licenseCodes.code, code));
      return { ok: false, reason: known ? 'used' : 'unknown' };
    }
    await grantSubjectAccess(tx, {
      userId,
      subjectId: redeemed.subjectId,
      stream: 'full',
      source: 'license',
      productId: redeemed.productId,
    });
    await addUserSubjects(tx, userId, [redeemed.subjectId]);
    const [product] = await tx
      .select(ownedProductColumns)
      .from(licenseCodes)
      .innerJoin(products, eq(products.id, licenseCodes.productId))
      .where(eq(licenseCodes.code, code));
    if (!product) throw new Error(`license code ${code} lost its product`);
    return { ok: true, product: toOwned(product) };
  });
}

const ownedProductColumns = {
  sku: products.sku,
  name: products.name,
  slug: products.slug,
  levelSlug: products.levelSlug,
  productType: products.productType,
  subjectId: licenseCodes.subjectId,
  redeemedAt: licenseCodes.redeemedAt,
};

const toOwned = (row: { redeemedAt: Date | null } & Omit<OwnedProductRow, 'redeemedAt'>): OwnedProductRow => ({
  ...row,
  redeemedAt: row.redeemedAt ?? new Date(0),
});
