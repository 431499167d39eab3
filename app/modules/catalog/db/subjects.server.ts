import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { subjects } from './tables.ts';

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
