import { and, asc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { users } from './tables.ts';

/** The columns of a user the services read (app/modules/accounts/server/users.server.ts). */
export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerified: users.emailVerified,
  educationRole: users.educationRole,
  onboardingCompleted: users.onboardingCompleted,
  profile: users.profile,
  examYear: users.examYear,
  levels: users.levels,
};

export type UserRow = Pick<typeof users.$inferSelect, keyof typeof userColumns>;

/** Whether an account uses this e-mail address. */
export async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row !== undefined;
}

/** One user by id (the session's owner); undefined when gone. */
export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, userId));
  return row;
}

export async function updateUser(
  db: Db,
  userId: string,
  changes: Partial<Pick<UserRow, 'educationRole' | 'onboardingCompleted' | 'profile' | 'examYear' | 'levels'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning(userColumns);
  return row;
}

/** Deletes the user; sessions and credentials go with it (foreign keys cascade). */
export async function deleteUser(db: Db, userId: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}

/** What another module may know of a person it links to (a class's pupils and teachers): no e-mail address. */
export interface PersonRow {
  id: string;
  name: string;
  educationRole: string;
  examYear: number | null;
  pseudonym: string;
}

const personColumns = {
  id: users.id,
  name: users.name,
  educationRole: users.educationRole,
  examYear: users.examYear,
  pseudonym: users.pseudonym,
};

/** The people with these ids (those still there), in no particular order. */
export async function findPeople(db: Db, ids: readonly string[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(personColumns)
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/**
 * The names of these people as one short text (an MD5 over id and name): a reader that keeps what it made of
 * their names (the class dashboard) knows by it whether one changed. Null when none of them is there.
 */
export async function namesStamp(db: Db, ids: readonly string[]): Promise<string | null> {
  if (ids.length === 0) return null;
  const [row] = await db
    .select({
      stamp: sql<string | null>`md5(string_agg("users"."id" || ':' || "users"."name", ',' order by "users"."id"))`,
    })
    .from(users)
    // One array parameter, not one per id: a year group is 200 people.
    .where(sql`${users.id} = any(${sql.param([...ids])})`);
  return row?.stamp ?? null;
}

/** The person with this e-mail address (case does not matter), if any. */
export async function findPersonByEmail(db: Db, email: string): Promise<PersonRow | undefined> {
  const [row] = await db.select(personColumns).from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

/** Marks the user's row changed (its data version rises): something of theirs elsewhere changed their views. */
export async function touchUser(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The name and e-mail address of the people with these ids (the back office's staff list). */
export async function findContacts(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; name: string; email: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** What the back office's customer search and page show of an account (issue 32): no address, no phone. */
export interface CustomerRow {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  educationRole: string;
  createdAt: Date;
}

/**
 * The accounts a staff search matches (every given condition holds): `email` exactly in any case, `namePart`
 * anywhere in the name in any case, `ids` one of these. By name, then id; at most `limit`.
 */
export function findCustomers(
  db: Db,
  where: { email?: string | undefined; namePart?: string | undefined; ids?: readonly string[] | undefined },
  limit: number,
): Promise<CustomerRow[]> {
  const conditions: SQL[] = [];
  if (where.email !== undefined) conditions.push(eq(users.email, where.email.trim().toLowerCase()));
  if (where.namePart !== undefined) {
    const escaped = where.namePart.replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(ilike(users.name, `%${escaped}%`));
  }
  if (where.ids !== undefined) conditions.push(where.ids.length ? inArray(users.id, [...where.ids]) : sql`false`);
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      educationRole: users.educationRole,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
}
