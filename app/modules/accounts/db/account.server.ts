import { eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { users } from './tables.ts';

/** The account pages' own reads and writes (app/modules/accounts/server/account.server.ts); the owner is always a parameter. */

/** Renames the user; false when the user is gone. */
export async function updateUserName(db: Db, userId: string, name: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}
