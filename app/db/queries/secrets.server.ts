import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { appMeta } from '#app/db/schema/meta.ts';

/**
 * A random secret this database keeps for the app (e.g. signing session
 * cookies when AUTH_SECRET is not set): made once, then the same for every
 * server copy on this database and across restarts.
 */
export async function getOrCreateSecret(db: Db, key: string): Promise<string> {
  await db
    .insert(appMeta)
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: appMeta.key });
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
  if (!row) throw new Error(`secret ${key} could not be stored`);
  return row.value;
}
