import { isLevel, type Level } from '#app/platform/levels.ts';
import type { AvailableSubjectsView, PrimarySubjectView, SubjectView } from '#app/modules/catalog/schemas/subjects.ts';
import { NO_PROFILE, type Profile, isProfileLevel, type ProfileOrNone } from '#app/platform/profiles.ts';
/**
 * Subjects, the signed-in user's subjects, their access and license codes
 * (spec §3 User subject, §4 Subject access, §7 /v1/subjects…, /v1/users/me/subjects…).
 * Every personal function takes the session's user id: there is no way to
 * name another user.
 */
import { listAllSubjects, listSubjectsOfLevel, type SubjectRow } from '#app/modules/catalog/db/subjects.server.ts';
import { requiredSubjectSlugs } from '../domain/subjects.ts';
import type { Scope } from '#app/platform/server/deps.ts';

export function toSubjectView(row: SubjectRow): SubjectView {
  // The table's check constraint allows only LEVEL_ORDER.
  if (!isLevel(row.levelName)) throw new Error(`subject ${row.id} has unknown level ${row.levelName}`);
  return { id: row.id, slug: row.slug, name: row.name, levelName: row.levelName };
}

/**
 * Every subject, in the subjects' order, kept in the read-through cache (CONTENT_CACHE_SECONDS, like every
 * public reference: the table is the same for everyone and only the seed writes it) and once per request.
 */
export function allSubjects(s: Scope): Promise<SubjectRow[]> {
  return s.once('catalog:all-subjects', () => s.cache.get('catalog:all-subjects', () => listAllSubjects(s.db)));
}

/**
 * The known subjects among `ids`, in the subjects' order, from every subject (allSubjects): the pages of a
 * signed-in pupil ask for their subjects on every request.
 */
export async function subjectRows(s: Scope, ids: readonly number[]): Promise<SubjectRow[]> {
  if (ids.length === 0) return [];
  const all = await allSubjects(s);
  const wanted = new Set(ids);
  return all.filter((row) => wanted.has(row.id));
}

export async function getSubject(s: Scope, id: number): Promise<SubjectView | null> {
  const [row] = await subjectRows(s, [id]);
  return row ? toSubjectView(row) : null;
}

/** The known subjects among `ids` (spec §7: called per id and merged), in the subjects' order. */
export async function getSubjects(s: Scope, ids: number[]): Promise<SubjectView[]> {
  return (await subjectRows(s, ids)).map(toSubjectView);
}

/**
 * Every subject of a level with its required flag for the profile
 * (app/modules/study/domain/subjects.ts): required ones first, then in the subjects' order.
 */
export async function primarySubjects(s: Scope, level: Level, profile: ProfileOrNone): Promise<PrimarySubjectView[]> {
  const required = new Set(requiredSubjectSlugs(level, profile));
  const views = (await listSubjectsOfLevel(s.db, level)).map((row) => ({
    ...toSubjectView(row),
    required: required.has(row.slug),
  }));
  return [...views.filter((v) => v.required), ...views.filter((v) => !v.required)];
}

/**
 * The subjects a user can still add, per level of theirs (required ones for
 * their profile first), leaving out the ones they chose; levels with nothing
 * left are left out.
 */
export async function subjectsToAdd(
  s: Scope,
  levels: readonly Level[],
  profile: Profile | null,
  chosenIds: readonly number[],
): Promise<AvailableSubjectsView[]> {
  const chosen = new Set(chosenIds);
  const offered = await Promise.all(
    levels.map((level) => primarySubjects(s, level, isProfileLevel(level) && profile ? profile : NO_PROFILE)),
  );
  return levels
    .map((level, index) => ({ level, subjects: (offered[index] ?? []).filter((subject) => !chosen.has(subject.id)) }))
    .filter((group) => group.subjects.length > 0);
}
