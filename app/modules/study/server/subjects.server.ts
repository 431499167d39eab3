/**
 * Subjects, the signed-in user's subjects, their access and license codes
 * (spec §3 User subject, §4 Subject access, §7 /v1/subjects…, /v1/users/me/subjects…).
 * Every personal function takes the session's user id: there is no way to
 * name another user.
 */
import {
  addUserSubjects,
  findSubjects,
  listRedeemedProducts,
  listSubjectsOfLevel,
  listUserSubjects,
  redeemLicenseCode,
  removeUserSubject,
  replaceUserSubjects,
  type OwnedProductRow,
  type SubjectRow,
  type UserSubjectRow,
} from '#app/modules/study/db/subjects.server.ts';
import { LEVEL_ORDER, sortByLevelOrder, type Level } from '#app/platform/levels.ts';
import {
  LICENSE_ATTEMPTS,
  normaliseLicenseCode,
  requiredSubjectSlugs,
  type ProfileOrNone,
} from '#app/modules/study/domain/subjects.ts';
import type { OwnedProductView, PrimarySubjectView, SubjectView, UserSubjectView } from '#app/modules/study/schemas/subjects.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { latestAttempts, subjectContent } from '#app/modules/study/server/study.server.ts';
import type { SubjectContentRow } from '#app/modules/study/db/study.server.ts';
import type { AttemptView } from '#app/modules/study/schemas/study.ts';

export type { OwnedProductView, PrimarySubjectView, SubjectView, UserSubjectView } from '#app/modules/study/schemas/subjects.ts';

const isLevel = (name: string): name is Level => (LEVEL_ORDER as readonly string[]).includes(name);

function toSubjectView(row: SubjectRow): SubjectView {
  // The table's check constraint allows only LEVEL_ORDER.
  if (!isLevel(row.levelName)) throw new Error(`subject ${row.id} has unknown level ${row.levelName}`);
  return { id: row.id, slug: row.slug, name: row.name, levelName: row.levelName };
}

function toUserSubjectView(
  row: UserSubjectRow,
  content: SubjectContentRow | null,
  latest: AttemptView | undefined,
): UserSubjectView {
  return {
    ...toSubjectView(row),
    stream: {
      userHasAccess: row.stream === 'full',
      isLightStream: row.stream === 'light',
      tests: (content?.tests ?? []).map((t) => ({ id: t.id, title: t.title })),
      correctionsCardId: row.stream === 'full' ? (content?.study?.correctionsCardId ?? null) : null,
    },
    latestTestAttempt: row.stream ? (latest ?? null) : null,
  };
}

function toOwnedProductView(row: OwnedProductRow): OwnedProductView {
  return { ...row, redeemedAt: row.redeemedAt.toISOString() };
}

export async function getSubject(s: Scope, id: number): Promise<SubjectView | null> {
  const [row] = await findSubjects(s.db, [id]);
  return row ? toSubjectView(row) : null;
}

/** The known subjects among `ids` (spec §7: called per id and merged), in the subjects' order. */
export async function getSubjects(s: Scope, ids: number[]): Promise<SubjectView[]> {
  return (await findSubjects(s.db, ids)).map(toSubjectView);
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

/** The user's subjects (spec §3 User subject), by LEVEL_ORDER, then in the subjects' order. */
export async function listMySubjects(s: Scope, userId: string): Promise<UserSubjectView[]> {
  const rows = await listUserSubjects(s.db, userId);
  const [contents, latest] = await Promise.all([
    Promise.all(rows.map((row) => subjectContent(s, row.id))),
    latestAttempts(
      s,
      userId,
      rows.filter((row) => row.stream).map((row) => row.id),
    ),
  ]);
  const views = rows.map((row, index) => toUserSubjectView(row, contents[index] ?? null, latest.get(row.id)));
  return sortByLevelOrder(views, (subject) => subject.levelName);
}

/** Adds subjects to the user's list (ones already there: nothing changes). Unknown ids: nothing is added. */
export async function addMySubjects(
  s: Scope,
  userId: string,
  ids: number[],
): Promise<UserSubjectView[] | { unknownIds: number[] }> {
  const known = new Set((await findSubjects(s.db, ids)).map((row) => row.id));
  const unknownIds = ids.filter((id) => !known.has(id));
  if (unknownIds.length > 0) return { unknownIds };
  await addUserSubjects(s.db, userId, ids);
  return listMySubjects(s, userId);
}

/** Removes a subject from the user's list (access to it stays); null when it was not in the list. */
export async function removeMySubject(s: Scope, userId: string, id: number): Promise<UserSubjectView[] | null> {
  if (!(await removeUserSubject(s.db, userId, id))) return null;
  return listMySubjects(s, userId);
}

/**
 * Makes the user's list exactly these subjects (the onboarding's choice, in
 * its transaction); unknown ids are left out. Sequential queries only, so it
 * can run on a transaction's one connection.
 */
export async function replaceMySubjects(s: Pick<Scope, 'db'>, userId: string, ids: number[]): Promise<void> {
  const known = (await findSubjects(s.db, ids)).map((row) => row.id);
  await replaceUserSubjects(s.db, userId, known);
}

/** replaceMySubjects, answering the new list. */
export async function setMySubjects(s: Scope, userId: string, ids: number[]): Promise<UserSubjectView[]> {
  await replaceMySubjects(s, userId, ids);
  return listMySubjects(s, userId);
}

/**
 * Redeems a license code (any case, spaces ignored): in one transaction it is
 * marked used, the user gets full access to its subject with its product, and
 * the subject joins the user's list. A code used before: 'used'.
 */
export async function redeemLicense(
  s: Scope,
  userId: string,
  code: string,
): Promise<
  | { ok: true; subjects: UserSubjectView[]; product: OwnedProductView }
  | { ok: false; reason: 'unknown' | 'used' }
  | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number }
> {
  // Counted per user, whatever the outcome: guessing codes is what this limit stops.
  const decision = await s.rateLimit?.consume(LICENSE_ATTEMPTS, userId);
  if (decision && !decision.allowed) {
    return { ok: false, reason: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds };
  }
  const outcome = await redeemLicenseCode(s.db, userId, normaliseLicenseCode(code));
  if (!outcome.ok) return outcome;
  return { ok: true, subjects: await listMySubjects(s, userId), product: toOwnedProductView(outcome.product) };
}

/** The products the user owns through redeemed license codes, oldest first. */
export async function listOwnedProducts(s: Scope, userId: string): Promise<OwnedProductView[]> {
  return (await listRedeemedProducts(s.db, userId)).map(toOwnedProductView);
}
