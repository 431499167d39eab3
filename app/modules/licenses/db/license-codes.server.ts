import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { licenseCodeEvents, licenseCodes } from './tables.ts';

/** One change of a code for its history (license_code_events); every write of a code writes one. */
export interface CodeEvent {
  code: string;
  kind: 'issued' | 'redeemed' | 'revoked' | 'reissued' | 'batch_created' | 'mailed';
  staffUserId?: string | null;
  details?: Record<string, unknown>;
}

/** Writes events to codes' histories, in the caller's transaction. */
export async function insertCodeEvents(db: Db, events: readonly CodeEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += 1000) {
    await db.insert(licenseCodeEvents).values(
      events.slice(i, i + 1000).map((e) => ({
        code: e.code,
        kind: e.kind,
        staffUserId: e.staffUserId ?? null,
        details: e.details ?? {},
      })),
    );
  }
}

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
    .where(and(eq(licenseCodes.redeemedBy, userId), isNull(licenseCodes.revokedAt)))
    .orderBy(asc(licenseCodes.redeemedAt), asc(licenseCodes.code));
  return rows.map(toRedeemed);
}

export type ClaimOutcome =
  { ok: true; code: RedeemedCodeRow } | { ok: false; reason: 'unknown' | 'used' | 'class_code' | 'revoked' };

/**
 * Marks a (normalised) license code redeemed by `userId`, only while it is unredeemed: of two redemptions
 * at the same moment, the second finds it used. The redemption workflow (licenses/server/redeem.server.ts)
 * runs this and the access it gives in one transaction.
 */
export async function claimLicenseCode(db: Db, userId: string, code: string): Promise<ClaimOutcome> {
  const [claimed] = await db
    .update(licenseCodes)
    .set({ redeemedBy: userId, redeemedAt: sql`now()` })
    .where(
      and(
        eq(licenseCodes.code, code),
        isNull(licenseCodes.redeemedAt),
        isNull(licenseCodes.seats),
        isNull(licenseCodes.revokedAt),
      ),
    )
    .returning(redeemedColumns);
  if (claimed) {
    await insertCodeEvents(db, [{ code, kind: 'redeemed', details: { userId } }]);
    return { ok: true, code: toRedeemed(claimed) };
  }
  const [known] = await db
    .select({ code: licenseCodes.code, seats: licenseCodes.seats, revokedAt: licenseCodes.revokedAt })
    .from(licenseCodes)
    .where(eq(licenseCodes.code, code));
  if (!known) return { ok: false, reason: 'unknown' };
  if (known.revokedAt) return { ok: false, reason: 'revoked' };
  return { ok: false, reason: known.seats !== null ? 'class_code' : 'used' };
}

/** A class licence code as stored (issue 31): its subject, product, seats and exam year, and whether it is used. */
export async function findClassLicenseCode(db: Db, code: string) {
  const [row] = await db
    .select({
      code: licenseCodes.code,
      productId: licenseCodes.productId,
      subjectId: licenseCodes.subjectId,
      seats: licenseCodes.seats,
      examYear: licenseCodes.examYear,
      redeemedAt: licenseCodes.redeemedAt,
      revokedAt: licenseCodes.revokedAt,
    })
    .from(licenseCodes)
    .where(eq(licenseCodes.code, code));
  return row;
}

/** Marks a class licence code redeemed by the teacher, only while it is unredeemed; false when it was taken. */
export async function claimClassLicenseCode(db: Db, userId: string, code: string): Promise<boolean> {
  const rows = await db
    .update(licenseCodes)
    .set({ redeemedBy: userId, redeemedAt: sql`now()` })
    .where(
      and(
        eq(licenseCodes.code, code),
        isNull(licenseCodes.redeemedAt),
        isNotNull(licenseCodes.seats),
        isNull(licenseCodes.revokedAt),
      ),
    )
    .returning({ code: licenseCodes.code });
  if (rows.length > 0)
    await insertCodeEvents(db, [{ code, kind: 'redeemed', details: { userId, classLicence: true } }]);
  return rows.length > 0;
}

/** Stores class licence codes (the demo seed; the back office makes them later); a code that exists stays. */
export async function insertClassLicenseCodes(
  db: Db,
  rows: { code: string; productId: number; subjectId: number; seats: number; examYear: number | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  const made = await db.insert(licenseCodes).values(rows).onConflictDoNothing().returning({ code: licenseCodes.code });
  await insertCodeEvents(
    db,
    made.map(({ code }) => ({ code, kind: 'issued' as const })),
  );
}

/**
 * The stored code a typed one stands for when it is not stored as it is: the same letters and digits
 * with other separators (`compact`: the code without them; a code typed without its hyphens). A scan,
 * so only after the code was not found as it is.
 */
export async function findStoredCode(db: Db, compact: string): Promise<string | null> {
  const [row] = await db
    .select({ code: licenseCodes.code })
    .from(licenseCodes)
    .where(sql`regexp_replace(upper(${licenseCodes.code}), '[^A-Z0-9]', '', 'g') = ${compact}`)
    .orderBy(licenseCodes.code)
    .limit(1);
  return row?.code ?? null;
}

/** Who redeemed a stored code; null when nobody did, or the code is unknown. */
export async function findRedeemer(db: Db, code: string): Promise<string | null> {
  const [row] = await db
    .select({ redeemedBy: licenseCodes.redeemedBy })
    .from(licenseCodes)
    .where(eq(licenseCodes.code, code));
  return row?.redeemedBy ?? null;
}

/** Licence codes issued for an order. */
export function listOrderLicenseCodes(db: Db, orderId: number) {
  return db
    .select({ code: licenseCodes.code, productId: licenseCodes.productId, redeemedAt: licenseCodes.redeemedAt })
    .from(licenseCodes)
    .where(and(eq(licenseCodes.orderId, orderId), isNull(licenseCodes.revokedAt)))
    .orderBy(asc(licenseCodes.createdAt), asc(licenseCodes.code));
}

/** Stores the codes a paid order's fulfilment issued, in its transaction; a copy that has its code keeps it. */
export async function insertOrderLicenseCodes(
  db: Db,
  rows: { code: string; productId: number; subjectId: number; orderId: number; copy: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  const made = await db
    .insert(licenseCodes)
    .values(rows)
    .onConflictDoNothing()
    .returning({ code: licenseCodes.code, orderId: licenseCodes.orderId, copy: licenseCodes.copy });
  await insertCodeEvents(
    db,
    made.map(({ code, orderId, copy }) => ({ code, kind: 'issued' as const, details: { orderId, copy } })),
  );
}
