import { eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { preparedPerDatabase } from '#app/db/prepared.server.ts';
import { sessions, userDataVersions, users } from './tables.ts';
import { userColumns, type UserRow } from './users.server.ts';

/** Prepared once per database: this query runs on every signed-in request (ADR 009). */
const sessionQuery = preparedPerDatabase((db) =>
  db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      updatedAt: sessions.updatedAt,
      twoFactorAt: sessions.twoFactorAt,
      twoFactorEnabled: users.twoFactorEnabled,
      user: userColumns,
      dataVersion: sql<number>`coalesce(${userDataVersions.version}, 0)`.mapWith(Number),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userDataVersions, eq(userDataVersions.userId, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_with_user'),
);

/**
 * A session by its token (the unique index of Better Auth's sessions table) with its user, the user's data
 * version (ADR 019) and what the back office's guard asks of a sign-in (ADR 026: its age, its second factor),
 * in one query.
 */
export async function findSessionWithUser(
  db: Db,
  token: string,
): Promise<
  | {
      sessionId: string;
      createdAt: Date;
      expiresAt: Date;
      updatedAt: Date;
      twoFactorAt: Date | null;
      twoFactorEnabled: boolean;
      user: UserRow;
      dataVersion: number;
    }
  | undefined
> {
  const [row] = await sessionQuery(db).execute({ token });
  return row;
}

const versionQuery = preparedPerDatabase((db) =>
  db
    .select({ version: userDataVersions.version })
    .from(userDataVersions)
    .where(eq(userDataVersions.userId, sql.placeholder('userId')))
    .prepare('user_data_version'),
);

/** A user's data version (ADR 019): 0 while nothing of theirs changed since the versions began. */
export async function readDataVersion(db: Db, userId: string): Promise<number> {
  const [row] = await versionQuery(db).execute({ userId });
  return row?.version ?? 0;
}

/** A session by its token with what a second-factor check needs (the back office's guard, ADR 026). */
export async function findSignIn(db: Db, token: string) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      twoFactorAt: sessions.twoFactorAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, token));
  return row;
}
