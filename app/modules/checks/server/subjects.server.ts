import type { MySubjectView, UserSubjectView } from '#app/modules/checks/schemas/subjects.ts';
import {
  findProductsOfType,
  toProductSummary,
  toSubjectView,
  findSubjects,
} from '#app/modules/catalog/index.server.ts';
import { hasAccess } from '#app/modules/cards/index.ts';
import { replaceMySubjects, addUserSubjects, removeUserSubject } from '#app/modules/accounts/index.server.ts';
/**
 * Subjects, the signed-in user's subjects, their access and license codes
 * (spec §3 User subject, §4 Subject access, §7 /v1/subjects…, /v1/users/me/subjects…).
 * Every personal function takes the session's user id: there is no way to
 * name another user.
 */
import { listUserSubjects, type UserSubjectRow } from '#app/modules/cards/index.server.ts';
import { sortByLevelOrder } from '#app/platform/levels.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { latestAttempts } from '#app/modules/checks/server/checks.server.ts';
import { subjectContent } from '#app/modules/cards/index.server.ts';
import type { SubjectContentRow } from '#app/modules/cards/index.server.ts';
import type { AttemptView } from '#app/modules/checks/schemas/attempts.ts';
import { subjectChecks } from '#app/modules/checks/server/check-state.server.ts';
import type { SubjectTestRow } from '#app/modules/checks/db/checks.server.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { MySubjectRefusal } from './refusals.server.ts';

function toUserSubjectView(
  row: UserSubjectRow,
  content: SubjectContentRow | null,
  checks: readonly SubjectTestRow[],
  latest: AttemptView | undefined,
): UserSubjectView {
  return {
    ...toSubjectView(row),
    stream: {
      userHasAccess: row.stream === 'full',
      isLightStream: row.stream === 'light',
      tests: checks.map((t) => ({ id: t.id, title: t.title })),
      correctionsCardId: row.stream === 'full' ? (content?.study?.correctionsCardId ?? null) : null,
    },
    latestTestAttempt: row.stream ? (latest ?? null) : null,
  };
}

/** The user's subjects (spec §3 User subject), by LEVEL_ORDER, then in the subjects' order. */
export async function listMySubjects(s: Scope, userId: string): Promise<UserSubjectView[]> {
  const rows = await listUserSubjects(s, userId);
  const [contents, checks, latest] = await Promise.all([
    Promise.all(rows.map((row) => subjectContent(s, row.id))),
    Promise.all(rows.map((row) => subjectChecks(s, row.id))),
    latestAttempts(
      s,
      userId,
      rows.filter((row) => row.stream).map((row) => row.id),
    ),
  ]);
  const views = rows.map((row, index) =>
    toUserSubjectView(row, contents[index] ?? null, checks[index] ?? [], latest.get(row.id)),
  );
  return sortByLevelOrder(views, (subject) => subject.levelName);
}

/** Adds subjects to the user's list (ones already there: nothing changes). Unknown ids: nothing is added. */
export async function addMySubjects(
  s: Scope,
  userId: string,
  ids: number[],
): Promise<Result<UserSubjectView[], MySubjectRefusal>> {
  const known = new Set((await findSubjects(s.db, ids)).map((row) => row.id));
  const unknownIds = ids.filter((id) => !known.has(id));
  if (unknownIds.length > 0) return refuse({ reason: 'unknown_subjects', unknownIds });
  await addUserSubjects(s.db, userId, ids);
  return ok(await listMySubjects(s, userId));
}

/** Removes a subject from the user's list (access to it stays); refused when it was not in the list. */
export async function removeMySubject(
  s: Scope,
  userId: string,
  id: number,
): Promise<Result<UserSubjectView[], MySubjectRefusal>> {
  if (!(await removeUserSubject(s.db, userId, id))) return refuse('not_in_list');
  return ok(await listMySubjects(s, userId));
}

/** replaceMySubjects, answering the new list. */
export async function setMySubjects(s: Scope, userId: string, ids: number[]): Promise<UserSubjectView[]> {
  await replaceMySubjects(s, userId, ids);
  return listMySubjects(s, userId);
}

/** The product type a subject's book is sold as. */
const BOOK_PRODUCT_TYPE = 'examenbundel';
const pairKey = (level: string, slug: string) => `${level} ${slug}`;

/**
 * "Mijn vakken en boeken": the user's subjects, each with its book in the shop
 * for buying access (none once they have full access: they have the book).
 */
export async function listMySubjectsWithBooks(s: Scope, userId: string): Promise<MySubjectView[]> {
  const subjects = await listMySubjects(s, userId);
  const books = await findProductsOfType(
    s.db,
    BOOK_PRODUCT_TYPE,
    [...new Set(subjects.map((subject) => subject.levelName))],
    [...new Set(subjects.map((subject) => subject.slug))],
  );
  const bookHref = new Map(books.map((row) => [pairKey(row.levelSlug, row.subjectSlug), toProductSummary(row).href]));
  return subjects.map((subject) => ({
    ...subject,
    shopHref: hasAccess(subject) ? null : (bookHref.get(pairKey(subject.levelName, subject.slug)) ?? null),
  }));
}
