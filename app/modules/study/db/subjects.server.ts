import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { licenseCodes } from '#app/modules/shop/index.server.ts';
import { products, subjects } from '#app/modules/catalog/index.server.ts';
import { subjectAccess } from './tables.ts';
import { userSubjects } from '#app/modules/accounts/index.server.ts';

const subjectColumns = {
  id: subjects.id,
  slug: subjects.slug,
  name: subjects.name,
  levelName: subjects.levelName,
  position: subjects.position,
};

export type SubjectRow = Pick<typeof subjects.$inferSelect, keyof typeof subjectColumns>;

/** A chosen subject with the user's access to it (null: none). */
export interface UserSubjectRow extends SubjectRow {
  stream: 'full' | 'light' | null;
}

export type AccessStream = 'full' | 'light';
export type AccessSource = 'license' | 'order' | 'demo';

/** The subjects with these ids (unknown ids are left out), in their order. */
export async function findSubjects(db: Db, ids: readonly number[]): Promise<SubjectRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(subjectColumns)
    .from(subjects)
    .where(inArray(subjects.id, [...ids]))
    .orderBy(asc(subjects.position), asc(subjects.id));
}

/** Every subject of a level, in their order. */
export function listSubjectsOfLevel(db: Db, levelName: string): Promise<SubjectRow[]> {
  return db
    .select(subjectColumns)
    .from(subjects)
    .where(eq(subjects.levelName, levelName))
    .orderBy(asc(subjects.position), asc(subjects.id));
}

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

/** Adds subjects to the user's list; ones already there stay as they are. */
export async function addUserSubjects(db: Db, userId: string, subjectIds: readonly number[]): Promise<void> {
  if (subjectIds.length === 0) return;
  await db
    .insert(userSubjects)
    .values(subjectIds.map((subjectId) => ({ userId, subjectId })))
    .onConflictDoNothing();
}

/** Removes one subject from the user's list; false when it was not there. */
export async function removeUserSubject(db: Db, userId: string, subjectId: number): Promise<boolean> {
  const deleted = await db
    .delete(userSubjects)
    .where(and(eq(userSubjects.userId, userId), eq(userSubjects.subjectId, subjectId)))
    .returning({ subjectId: userSubjects.subjectId });
  return deleted.length > 0;
}

/** Makes the user's list exactly these subjects (ones kept keep their date), in one transaction. */
export async function replaceUserSubjects(db: Db, userId: string, subjectIds: readonly number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(userSubjects)
      .where(
        subjectIds.length === 0
          ? eq(userSubjects.userId, userId)
          : and(eq(userSubjects.userId, userId), notInArray(userSubjects.subjectId, [...subjectIds])),
      );
    await addUserSubjects(tx, userId, subjectIds);
  });
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

const ownedProductColumns = {
  sku: products.sku,
  name: products.name,
  slug: products.slug,
  levelSlug: products.levelSlug,
  productType: products.productType,
  subjectId: licenseCodes.subjectId,
  redeemedAt: licenseCodes.redeemedAt,
};

export interface OwnedProductRow {
  sku: string;
  name: string;
  slug: string;
  levelSlug: string;
  productType: string;
  subjectId: number;
  redeemedAt: Date;
}

const toOwned = (row: { redeemedAt: Date | null } & Omit<OwnedProductRow, 'redeemedAt'>): OwnedProductRow => ({
  ...row,
  redeemedAt: row.redeemedAt ?? new Date(0),
});

/** The products of the license codes `userId` redeemed, oldest first. */
export async function listRedeemedProducts(db: Db, userId: string): Promise<OwnedProductRow[]> {
  const rows = await db
    .select(ownedProductColumns)
    .from(licenseCodes)
    .innerJoin(products, eq(products.id, licenseCodes.productId))
    .where(eq(licenseCodes.redeemedBy, userId))
    .orderBy(asc(licenseCodes.redeemedAt), asc(licenseCodes.code));
  return rows.map(toOwned);
}

export type RedeemOutcome = { ok: true; product: OwnedProductRow } | { ok: false; reason: 'unknown' | 'used' };

/**
 * Redeems a (normalised) license code for `userId` in one transaction: marks
 * it redeemed only while it is unredeemed (a concurrent second redemption
 * finds it used), grants full access to its subject with its product, and
 * adds the subject to the user's list.
 */
export function redeemLicenseCode(db: Db, userId: string, code: string): Promise<RedeemOutcome> {
  return db.transaction(async (tx): Promise<RedeemOutcome> => {
    const [redeemed] = await tx
      .update(licenseCodes)
      .set({ redeemedBy: userId, redeemedAt: sql`now()` })
      .where(and(eq(licenseCodes.code, code), isNull(licenseCodes.redeemedAt)))
      .returning({ productId: licenseCodes.productId, subjectId: licenseCodes.subjectId });
    if (!redeemed) {
      const [known] = await tx
        .select({ code: licenseCodes.code })
        .from(licenseCodes)
        .where(eq(licenseCodes.code, code));
      return { ok: false, reason: known ? 'used' : 'unknown' };
    }
    await grantSubjectAccess(tx, {
      userId,
      subjectId: redeemed.subjectId,
      stream: 'full',
      source: 'license',
      productId: redeemed.productId,
    });
    await addUserSubjects(tx, userId, [redeemed.subjectId]);
    const [product] = await tx
      .select(ownedProductColumns)
      .from(licenseCodes)
      .innerJoin(products, eq(products.id, licenseCodes.productId))
      .where(eq(licenseCodes.code, code));
    if (!product) throw new Error(`license code ${code} lost its product`);
    return { ok: true, product: toOwned(product) };
  });
}

/** Every subject of every level, in their order (the quick scan's questions). */
export function listAllSubjects(db: Db): Promise<SubjectRow[]> {
  return db.select(subjectColumns).from(subjects).orderBy(asc(subjects.position), asc(subjects.id));
}
