import { type SubjectRow, subjectColumns, subjects } from '#app/modules/catalog/index.server.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { subjectAccess } from './tables.ts';
import { userSubjects } from '#app/modules/accounts/index.server.ts';

/** A chosen subject with the user's access to it (null: none). */
export interface UserSubjectRow extends SubjectRow {
  stream: 'full' | 'light' | null;
}

export type AccessStream = 'full' | 'light';
export type AccessSource = 'license' | 'order' | 'demo';

/** The subjects `userId` chose, each with the user's access stream, in the subjects' order. */
export async function listUserSubjects(db: Db, userId: string): Promise<UserSubjectRow[]> {
  const rows = await db
    .select({ ...subjectColumns, stream: subjectAccess.stream })
    .from(userSubjects)
    .innerJoin(subjects, eq(subjects.id, userSubjects.subjectId))
    .leftJoin(
      subjectAccess,
      and(eq(subjectAccess.userId, userSubjects.userId), eq(subjectAccess.subjectId, userSubjects.subjectId)),
    )
    .where(eq(userSubjects.userId, userId))
    .orderBy(asc(subjects.position), asc(subjects.id));
  return rows.map((row) => ({ ...row, stream: row.stream === 'full' || row.stream === 'light' ? row.stream : null }));
}

/**
 * Grants access to a subject. Full beats light: a light grant never replaces
 * a full one (it changes nothing then); a full grant replaces anything.
 */
export async function grantSubjectAccess(
  db: Db,
  grant: { userId: string; subjectId: number; stream: AccessStream; source: AccessSource; productId?: number | null },
): Promise<void> {
  await db
    .insert(subjectAccess)
    .values({ ...grant, productId: grant.productId ?? null })
    .onConflictDoUpdate({
      target: [subjectAccess.userId, subjectAccess.subjectId],
      set: {
        stream: sql`excluded.stream`,
        source: sql`excluded.source`,
        productId: sql`excluded.product_id`,
        grantedAt: sql`now()`,
      },
      setWhere: sql`excluded.stream = 'full' or ${subjectAccess.stream} = 'light'`,
    });
}
