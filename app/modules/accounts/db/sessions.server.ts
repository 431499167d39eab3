import { eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { sessions, users } from './tables.ts';
import { userColumns, type UserRow } from './users.server.ts';

function build(db: Db) {
  return db
    .select({ expiresAt: sessions.expiresAt, updatedAt: sessions.updatedAt, user: userColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_with_user');
}

/** Built once per database: this query runs on every signed-in request (ADR 009). */
const prepared = new WeakMap<Db, ReturnType<typeof build>>();

/** A session by its token (the unique index of Better Auth's sessions table) with its user, in one query. */
export async function findSessionWithUser(
  db: Db,
  token: string,
): Promise<{ expiresAt: Date; updatedAt: Date; user: UserRow } | undefined> {
  let query = prepared.get(db);
  if (!query) {
    query = build(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ token });
  return row;
}
