import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { subjectAccess } from './tables.ts';

export type AccessStream = 'full' | 'light';
export type AccessSource = 'license' | 'order' | 'demo' | 'class' | 'trial';

/** Access that has not ended: every read of access has this in its condition (issue 31: a class seat ends). */
export const LIVE_ACCESS = sql`(${subjectAccess.expiresAt} is null or ${subjectAccess.expiresAt} > now())`;

/**
 * Grants access to a subject. Full beats light: a light grant never replaces a full one (it changes nothing
 * then). Access for good beats access that ends: a class seat's full access (`expiresAt`, issue 31) never
 * shortens or replaces a book's or an order's, while a book or an order replaces a seat's for good. Access that
 * has ended is replaced by any grant.
 */
export async function grantSubjectAccess(
  db: Db,
  grant: {
    userId: string;
    subjectId: number;
    stream: AccessStream;
    source: AccessSource;
    productId?: number | null;
    expiresAt?: Date | null;
  },
): Promise<void> {
  const existing = subjectAccess;
  await db
    .insert(subjectAccess)
    .values({ ...grant, productId: grant.productId ?? null, expiresAt: grant.expiresAt ?? null })
    .onConflictDoUpdate({
      target: [subjectAccess.userId, subjectAccess.subjectId],
      set: {
        stream: sql`excluded.stream`,
        source: sql`excluded.source`,
        productId: sql`excluded.product_id`,
        grantedAt: sql`now()`,
        expiresAt: sql`case when excluded.expires_at is null then null
          when ${existing.expiresAt} > excluded.expires_at and ${existing.stream} = 'full' then ${existing.expiresAt}
          else excluded.expires_at end`,
      },
      setWhere: sql`(${existing.expiresAt} is not null and ${existing.expiresAt} <= now())
        or (excluded.stream = 'full' and excluded.expires_at is null)
        or (excluded.stream = 'full' and (${existing.stream} = 'light' or ${existing.expiresAt} is not null))
        or (excluded.stream = 'light' and ${existing.stream} = 'light' and ${existing.expiresAt} is null)`,
    });
}

/** Ends a class seat's access to a subject (its seat was freed); access from a book, order or demo stays. */
export async function revokeClassAccess(db: Db, userId: string, subjectId: number): Promise<void> {
  await db
    .delete(subjectAccess)
    .where(
      and(eq(subjectAccess.userId, userId), eq(subjectAccess.subjectId, subjectId), eq(subjectAccess.source, 'class')),
    );
}

/**
 * Ends the access a licence code gave (the back office revoked the code, issue 32): the user's row for the
 * subject only while it came from a code of this product. Access from an order, a class seat or a demo stays.
 * Answers whether a row was removed (then the caller grants what the user still holds from elsewhere).
 */
export async function revokeLicenseAccess(
  db: Db,
  userId: string,
  subjectId: number,
  productId: number,
): Promise<boolean> {
  const removed = await db
    .delete(subjectAccess)
    .where(
      and(
        eq(subjectAccess.userId, userId),
        eq(subjectAccess.subjectId, subjectId),
        eq(subjectAccess.source, 'license'),
        eq(subjectAccess.productId, productId),
      ),
    )
    .returning({ userId: subjectAccess.userId });
  return removed.length > 0;
}
