import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { products, subjects } from './tables.ts';

export const subjectColumns = {
  id: subjects.id,
  slug: subjects.slug,
  name: subjects.name,
  levelName: subjects.levelName,
  position: subjects.position,
};

export type SubjectRow = Pick<typeof subjects.$inferSelect, keyof typeof subjectColumns>;

/** The subjects with these ids (unknown ids are left out), in their order. */
export async function findSubjects(db: Db, ids: readonly number[]): Promise<SubjectRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(subjectColumns)
    .from(subjects)
    .where(inArray(subjects.id, [...ids]))
    .orderBy(asc(subjects.position), asc(subjects.id));
}

/** The subject of a school subject (its slug) at a level; undefined when there is none. */
export async function findSubjectBySlug(db: Db, slug: string, levelName: string): Promise<SubjectRow | undefined> {
  const [row] = await db
    .select(subjectColumns)
    .from(subjects)
    .where(and(eq(subjects.slug, slug), eq(subjects.levelName, levelName)));
  return row;
}

/** Every subject of a level, in their order. */
export function listSubjectsOfLevel(db: Db, levelName: string): Promise<SubjectRow[]> {
  return db
    .select(subjectColumns)
    .from(subjects)
    .where(eq(subjects.levelName, levelName))
    .orderBy(asc(subjects.position), asc(subjects.id));
}

/** Every subject of every level, in their order (the quick scan's questions). */
export function listAllSubjects(db: Db): Promise<SubjectRow[]> {
  return db.select(subjectColumns).from(subjects).orderBy(asc(subjects.position), asc(subjects.id));
}

/**
 * The study subject each of these products is for (the subject of its school subject at its level), with
 * the product's type; a product without one (no such subject at its level) or an unknown id is left out.
 * One query, for any number of products (a paid order's lines, the subjects it opens).
 */
export function findProductSubjects(db: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      productId: products.id,
      productType: products.productType,
      subjectId: subjects.id,
      subjectName: subjects.name,
      subjectSlug: subjects.slug,
      level: subjects.levelName,
    })
    .from(products)
    .innerJoin(subjects, and(eq(subjects.slug, products.subjectSlug), eq(subjects.levelName, products.levelSlug)))
    .where(inArray(products.id, [...productIds]));
}
