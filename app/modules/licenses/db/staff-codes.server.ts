/**
 * The back office's reads and writes of licence codes (issue 32): search, one code with its history, revoke,
 * a reissued code, batches. Only this module's tables; the back office's workflows pass their transaction.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { insertCodeEvents, type CodeEvent } from './license-codes.server.ts';
import { licenseCodeBatches, licenseCodeEvents, licenseCodes } from './tables.ts';

export type LicenseCodeRow = typeof licenseCodes.$inferSelect;
export type LicenseCodeBatchRow = typeof licenseCodeBatches.$inferSelect;

/** What a search matches: any of these codes, orders or redeemers; nothing given: every code. */
export interface CodeFilter {
  codes?: readonly string[];
  orderIds?: readonly number[];
  redeemedBy?: readonly string[];
  batchId?: number;
}

function whereOf(filter: CodeFilter): SQL | undefined {
  if (filter.batchId !== undefined) return eq(licenseCodes.batchId, filter.batchId);
  const any: SQL[] = [];
  if (filter.codes?.length) any.push(inArray(licenseCodes.code, [...filter.codes]));
  if (filter.orderIds?.length) any.push(inArray(licenseCodes.orderId, [...filter.orderIds]));
  if (filter.redeemedBy?.length) any.push(inArray(licenseCodes.redeemedBy, [...filter.redeemedBy]));
  const given = filter.codes !== undefined || filter.orderIds !== undefined || filter.redeemedBy !== undefined;
  if (given && any.length === 0) return sql`false`;
  return any.length > 0 ? or(...any) : undefined;
}

/** The codes a filter matches in code order, `limit` from after the keyset `after`. */
export function findCodes(db: Db, filter: CodeFilter, after: string | undefined, limit: number) {
  const where = [whereOf(filter), after ? gt(licenseCodes.code, after) : undefined].filter(Boolean) as SQL[];
  return db
    .select()
    .from(licenseCodes)
    .where(and(...where))
    .orderBy(asc(licenseCodes.code))
    .limit(limit);
}

export async function findCode(db: Db, code: string): Promise<LicenseCodeRow | undefined> {
  const [row] = await db.select().from(licenseCodes).where(eq(licenseCodes.code, code));
  return row;
}

/** The code row locked to the end of the transaction (two staff members acting at once queue). */
export async function lockCode(tx: Db, code: string): Promise<LicenseCodeRow | undefined> {
  const [row] = await tx.select().from(licenseCodes).where(eq(licenseCodes.code, code)).for('update');
  return row;
}

/** The code that replaced this one (a reissue), if any. */
export async function findReplacement(db: Db, code: string): Promise<string | null> {
  const [row] = await db.select({ code: licenseCodes.code }).from(licenseCodes).where(eq(licenseCodes.replaces, code));
  return row?.code ?? null;
}

/** A code's history, oldest first. */
export function listCodeEvents(db: Db, code: string) {
  return db
    .select()
    .from(licenseCodeEvents)
    .where(eq(licenseCodeEvents.code, code))
    .orderBy(asc(licenseCodeEvents.at), asc(licenseCodeEvents.id));
}

/** Marks the code revoked with its reason, only while it is not; false when it was. */
export async function markCodeRevoked(tx: Db, code: string, reason: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(licenseCodes)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(licenseCodes.code, code), isNull(licenseCodes.revokedAt)))
    .returning({ code: licenseCodes.code });
  return rows.length > 0;
}

/** The products of the person codes `userId` redeemed for the subject that still stand (not revoked). */
export async function liveCodeProducts(db: Db, userId: string, subjectId: number): Promise<number[]> {
  const rows = await db
    .select({ productId: licenseCodes.productId })
    .from(licenseCodes)
    .where(
      and(
        eq(licenseCodes.redeemedBy, userId),
        eq(licenseCodes.subjectId, subjectId),
        isNull(licenseCodes.seats),
        isNull(licenseCodes.revokedAt),
        isNotNull(licenseCodes.redeemedAt),
      ),
    )
    .orderBy(desc(licenseCodes.redeemedAt));
  return rows.map((row) => row.productId);
}

export type NewCode = Pick<LicenseCodeRow, 'code' | 'productId' | 'subjectId'> &
  Partial<Pick<LicenseCodeRow, 'orderId' | 'copy' | 'seats' | 'examYear' | 'replaces' | 'batchId'>>;

/** Stores new codes (a reissue, a batch) with their first event, in the caller's transaction. */
export async function insertCodes(tx: Db, rows: readonly NewCode[], event: Omit<CodeEvent, 'code'>): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(licenseCodes).values(rows.slice(i, i + 1000));
  }
  await insertCodeEvents(
    tx,
    rows.map((row) => ({ ...event, code: row.code })),
  );
}

/** Whether any of these codes exists already (a generated batch draws again). */
export async function existingCodes(db: Db, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: licenseCodes.code })
    .from(licenseCodes)
    .where(inArray(licenseCodes.code, [...codes]));
  return new Set(rows.map((row) => row.code));
}

export async function insertBatch(tx: Db, row: Omit<typeof licenseCodeBatches.$inferInsert, 'id' | 'createdAt'>) {
  const [inserted] = await tx.insert(licenseCodeBatches).values(row).returning();
  return inserted!;
}

export async function findBatch(db: Db, id: number): Promise<LicenseCodeBatchRow | undefined> {
  const [row] = await db.select().from(licenseCodeBatches).where(eq(licenseCodeBatches.id, id));
  return row;
}

/** The batches, newest first, each with how many of its codes were redeemed and revoked. */
export function listBatches(db: Db, limit = 100) {
  return db
    .select({
      batch: licenseCodeBatches,
      redeemed: count(licenseCodes.redeemedAt),
      revoked: count(licenseCodes.revokedAt),
    })
    .from(licenseCodeBatches)
    .leftJoin(licenseCodes, eq(licenseCodes.batchId, licenseCodeBatches.id))
    .groupBy(licenseCodeBatches.id)
    .orderBy(desc(licenseCodeBatches.id))
    .limit(limit);
}
