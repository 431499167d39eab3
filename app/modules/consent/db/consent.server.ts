import { lt, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { consentRecords } from './tables.ts';

/**
 * Records a visitor's choice once: a new (visitor, choice) pair is inserted;
 * a repeat only moves `confirmed_at` forward. `inserted` tells which happened
 * (`xmax = 0` holds only for a row this statement inserted).
 */
export async function upsertConsentRecord(
  db: Db,
  record: { visitorId: string; categories: string; value: string; at: Date },
) {
  const [row] = await db
    .insert(consentRecords)
    .values({
      visitorId: record.visitorId,
      categories: record.categories,
      value: record.value,
      createdAt: record.at,
      confirmedAt: record.at,
    })
    .onConflictDoUpdate({
      target: [consentRecords.visitorId, consentRecords.categories],
      set: { confirmedAt: sql`greatest(${consentRecords.confirmedAt}, excluded.confirmed_at)` },
    })
    .returning({
      categories: consentRecords.categories,
      value: consentRecords.value,
      createdAt: consentRecords.createdAt,
      confirmedAt: consentRecords.confirmedAt,
      inserted: sql<boolean>`(xmax = 0)`,
    });
  return row!;
}

/** Deletes records last confirmed before `cutoff`; returns how many. */
export async function deleteConsentRecordsConfirmedBefore(db: Db, cutoff: Date): Promise<number> {
  const deleted = await db
    .delete(consentRecords)
    .where(lt(consentRecords.confirmedAt, cutoff))
    .returning({ id: consentRecords.id });
  return deleted.length;
}
