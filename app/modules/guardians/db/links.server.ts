import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { preparedPerDatabase } from '#app/db/prepared.server.ts';
import { parentLinks } from './tables.ts';

export type ParentLinkRow = typeof parentLinks.$inferSelect;

export async function insertInvitation(
  db: Db,
  row: { userId: string; email: string; tokenHash: string; under16: boolean },
): Promise<ParentLinkRow> {
  const [inserted] = await db
    .insert(parentLinks)
    .values({ ...row, status: 'invited' })
    .returning();
  return inserted!;
}

/** A pupil's links that have not ended, oldest first. */
export function listOpenLinksOfPupil(db: Db, userId: string) {
  return linkStatements(db).openOfPupil.execute({ userId });
}

/** The open invitation with this token's hash. */
export async function findInvitation(db: Db, tokenHash: string): Promise<ParentLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(parentLinks)
    .where(and(eq(parentLinks.tokenHash, tokenHash), eq(parentLinks.status, 'invited')));
  return row;
}

/** Accepts an open invitation: the parent is linked, the invitation's token is gone. False when it was not open. */
export async function acceptInvitation(db: Db, id: number, parentId: string, consent: boolean): Promise<boolean> {
  const rows = await db
    .update(parentLinks)
    .set({
      status: 'active',
      parentId,
      tokenHash: null,
      acceptedAt: sql`now()`,
      consentAt: consent ? sql`now()` : null,
    })
    .where(and(eq(parentLinks.id, id), eq(parentLinks.status, 'invited')))
    .returning({ id: parentLinks.id });
  return rows.length > 0;
}

/**
 * Ends a pupil's link (an invitation or an active one): answers its parent's id ('' for an invitation nobody
 * accepted), or false when it is not the pupil's or ended already.
 */
export async function endLink(db: Db, userId: string, id: number): Promise<string | false> {
  const rows = await db
    .update(parentLinks)
    .set({ status: 'ended', endedAt: sql`now()`, tokenHash: null })
    .where(
      and(eq(parentLinks.id, id), eq(parentLinks.userId, userId), inArray(parentLinks.status, ['invited', 'active'])),
    )
    .returning({ parentId: parentLinks.parentId });
  return rows[0] ? (rows[0].parentId ?? '') : false;
}

/** The active links of a parent (their children), oldest first. */
export function listChildLinks(db: Db, parentId: string) {
  return db
    .select()
    .from(parentLinks)
    .where(and(eq(parentLinks.parentId, parentId), eq(parentLinks.status, 'active')))
    .orderBy(asc(parentLinks.acceptedAt), asc(parentLinks.id));
}

/** Whether the user follows any child. */
export async function hasChildren(db: Db, parentId: string): Promise<boolean> {
  const [row] = await linkStatements(db).followsAny.execute({ parentId });
  return row !== undefined;
}

/**
 * The area home asks on every visit whether its user follows a child, the grades page whom the pupil shares it
 * with: prepared once per database (ADR 009).
 */
const linkStatements = preparedPerDatabase((db: Db) => ({
  openOfPupil: db
    .select()
    .from(parentLinks)
    .where(and(eq(parentLinks.userId, sql.placeholder('userId')), inArray(parentLinks.status, ['invited', 'active'])))
    .orderBy(asc(parentLinks.invitedAt), asc(parentLinks.id))
    .prepare('parent_links_of_pupil'),
  followsAny: db
    .select({ id: parentLinks.id })
    .from(parentLinks)
    .where(and(eq(parentLinks.parentId, sql.placeholder('parentId')), eq(parentLinks.status, 'active')))
    .limit(1)
    .prepare('parent_follows_any'),
}));

/** Switches a parent's weekly mail on or off for all their children. */
export async function setDigest(db: Db, parentId: string, on: boolean): Promise<void> {
  await db
    .update(parentLinks)
    .set({ digest: on })
    .where(and(eq(parentLinks.parentId, parentId), eq(parentLinks.status, 'active')));
}

/** The parent of an active link (the weekly mail's switch-off link names its link). */
export async function findActiveLink(db: Db, id: number): Promise<ParentLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(parentLinks)
    .where(and(eq(parentLinks.id, id), eq(parentLinks.status, 'active')));
  return row;
}

/** The active links whose weekly mail is due: on, and not sent in the last 6 days. */
export function listDueDigests(db: Db, sentBefore: Date) {
  return db
    .select()
    .from(parentLinks)
    .where(
      and(
        eq(parentLinks.status, 'active'),
        eq(parentLinks.digest, true),
        or(isNull(parentLinks.digestSentAt), lt(parentLinks.digestSentAt, sentBefore)),
      ),
    )
    .orderBy(asc(parentLinks.parentId), asc(parentLinks.id));
}

export async function markDigestSent(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(parentLinks)
    .set({ digestSentAt: sql`now()` })
    .where(inArray(parentLinks.id, [...ids]));
}

/** An accepted link, written at once (the demo seed: the demo parent follows the demo pupil). */
export async function insertActiveLink(db: Db, row: { userId: string; parentId: string; email: string }) {
  await db.insert(parentLinks).values({ ...row, status: 'active', acceptedAt: sql`now()` });
}

/**
 * The pupil shares their grades with the parent of an accepted link, or stops: answers the parent's id, or
 * null when it is not the pupil's accepted link.
 */
export async function setLinkGradeShare(db: Db, userId: string, id: number, share: boolean): Promise<string | null> {
  const [row] = await db
    .update(parentLinks)
    .set({ sharesGrades: share })
    .where(and(eq(parentLinks.id, id), eq(parentLinks.userId, userId), eq(parentLinks.status, 'active')))
    .returning({ parentId: parentLinks.parentId });
  return row?.parentId ?? null;
}
