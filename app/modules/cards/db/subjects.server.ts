import { sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { subjectAccess } from './tables.ts';

export type AccessStream = 'full' | 'light';
export type AccessSource = 'license' | 'order' | 'demo';

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
