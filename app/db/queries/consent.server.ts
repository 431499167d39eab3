import type { Db } from '../client.server.ts';
import { consentRecords } from '../schema/index.ts';

export async function insertConsentRecord(db: Db, record: { value: string; categories: string }) {
  const [row] = await db.insert(consentRecords).values(record).returning();
  return row!;
}
