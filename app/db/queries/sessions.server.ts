import { eq } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { sessions } from '#app/db/schema/index.ts';

/** The owner and times of a session, by its token (the unique index of Better Auth's sessions table). */
export async function findSessionByToken(
  db: Db,
  token: string,
): Promise<{ userId: string; expiresAt: Date; updatedAt: Date } | undefined> {
  const [row] = await db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, updatedAt: sessions.updatedAt })
    .from(sessions)
    .where(eq(sessions.token, token));
  return row;
}
