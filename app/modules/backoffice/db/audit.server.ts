import { and, asc, desc, eq, gt, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { auditLog } from './tables.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = Omit<typeof auditLog.$inferInsert, 'id'>;

/**
 * One lock for every writer of the audit log, held to the end of the transaction: the next writer reads the
 * head only once this one committed (or rolled back), so the chain never forks.
 */
const AUDIT_LOCK = 7_320_032;

/** Takes the log's lock and reads the newest entry's hash ('' for the first entry). */
export async function lockAuditHead(db: Db): Promise<string> {
  await db.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`);
  const [head] = await db.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return head?.hash ?? '';
}

export async function insertAuditRow(db: Db, row: NewAuditRow): Promise<AuditRow> {
  const [inserted] = await db.insert(auditLog).values(row).returning();
  return inserted!;
}

/** The entries after `afterId` in the chain's order, `limit` at a time (the verify walk). */
export function auditRowsAfter(db: Db, afterId: number, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id)).limit(limit);
}

export interface AuditFilter {
  actorUserId?: string | undefined;
  action?: string | undefined;
  objectType?: string | undefined;
  objectId?: string | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
  /** Keyset: entries older than this id. */
  beforeId?: number | undefined;
}

/** The newest entries first that match the filter, `limit` of them (keyset pages by id). */
export function findAuditRows(db: Db, filter: AuditFilter, limit: number): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (filter.actorUserId) where.push(eq(auditLog.actorUserId, filter.actorUserId));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.objectType) where.push(eq(auditLog.objectType, filter.objectType));
  if (filter.objectId) where.push(eq(auditLog.objectId, filter.objectId));
  if (filter.from) where.push(gte(auditLog.at, filter.from));
  if (filter.until) where.push(lte(auditLog.at, filter.until));
  if (filter.beforeId !== undefined) where.push(lt(auditLog.id, filter.beforeId));
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
