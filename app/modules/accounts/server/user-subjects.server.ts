/**
 * Subjects, the signed-in user's subjects, their access and license codes
 * (spec §3 User subject, §4 Subject access, §7 /v1/subjects…, /v1/users/me/subjects…).
 * Every personal function takes the session's user id: there is no way to
 * name another user.
 */
import { replaceUserSubjects } from '#app/modules/accounts/db/user-subjects.server.ts';
import { findSubjects } from '#app/modules/catalog/index.server.ts';
import type { Scope } from '#app/platform/server/deps.ts';

/**
 * Makes the user's list exactly these subjects (the onboarding's choice, in
 * its transaction); unknown ids are left out. Sequential queries only, so it
 * can run on a transaction's one connection.
 */
export async function replaceMySubjects(s: Pick<Scope, 'db'>, userId: string, ids: number[]): Promise<void> {
  const known = (await findSubjects(s.db, ids)).map((row) => row.id);
  await replaceUserSubjects(s.db, userId, known);
}
