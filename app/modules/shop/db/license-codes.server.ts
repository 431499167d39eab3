import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { licenseCodes } from './tables.ts';

/** A license code as its redeemer owns it: the product and the subject it unlocks. */
export interface RedeemedCodeRow {
  code: string;
  productId: number;
  subjectId: number;
  redeemedAt: Date;
}

const redeemedColumns = {
  code: licenseCodes.code,
  productId: licenseCodes.productId,
  subjectId: licenseCodes.subjectId,
  redeemedAt: licenseCodes.redeemedAt,
};

const toRedeemed = (row: Omit<RedeemedCodeRow, 'redeemedAt'> & { redeemedAt: Date | null }): RedeemedCodeRow => ({
  ...row,
  redeemedAt: row.redeemedAt ?? new Date(0),
});

/** The license codes `userId` redeemed, oldest first. */
export async function listRedeemedCodes(db: Db, userId: string): Promise<RedeemedCodeRow[]> {
  const rows = await db
    .select(redeemedColumns)
    .from(licenseCodes)
    .where(eq(licenseCodes.redeemedBy, userId))
    .orderBy(asc(licenseCodes.redeemedAt), asc(licenseCodes.code));
  return rows.map(toRedeemed);
}

export type ClaimOutcome = { ok: true; code: RedeemedCodeRow } | { ok: false; reason: 'unknown' | 'used' };

/**
 * Marks a (normalised) license code redeemed by `userId`, only while it is unredeemed: of two redemptions
 * at the same moment, the second finds it used. The redemption workflow (shop/server/licenses.server.ts)
 * runs this and the access it gives in one transaction.
 */
export async function claimLicenseCode(db: Db, userId: string, code: string): Promise<ClaimOutcome> {
  const [claimed] = await db
    .update(licenseCodes)
    .set({ redeemedBy: userId, redeemedAt: sql`now()` })
    .where(and(eq(licenseCodes.code, code), isNull(licenseCodes.redeemedAt)))
    .returning(redeemedColumns);
  if (claimed) return { ok: true, code: toRedeemed(claimed) };
  const [known] = await db.select({ code: licenseCodes.code }).from(licenseCodes).where(eq(licenseCodes.code, code));
  return { ok: false, reason: known ? 'used' : 'unknown' };
}

/** Licence codes issued for an order. */
export function listOrderLicenseCodes(db: Db, orderId: number) {
  return db
    .select({ code: licenseCodes.code, productId: licenseCodes.productId, redeemedAt: licenseCodes.redeemedAt })
    .from(licenseCodes)
    .where(eq(licenseCodes.orderId, orderId))
    .orderBy(asc(licenseCodes.createdAt), asc(licenseCodes.code));
}

export async function insertOrderLicenseCodes(
  db: Db,
  rows: { code: string; productId: number; subjectId: number; orderId: number; copy: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(licenseCodes).values(rows).onConflictDoNothing();
}
