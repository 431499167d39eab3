/**
 * The account pages of the logged-in area: what the profile
 * page shows, and the writes that combine more than one store (the name, the newsletter preference, deleting the account).
 * Every function takes the signed-in user (from the area guard): there is no
 * way to name another user.
 */
import { updateUserName } from '#app/modules/accounts/db/account.server.ts';
import {
  deleteSubscriptionOfEmail,
  findSubscriptionStatus,
  setVerifiedNewsletterPreference,
} from '#app/modules/newsletter/index.server.ts';
import { normaliseEmail } from '#app/modules/newsletter/index.ts';
import { examYearRange } from '#app/platform/dates.ts';
import type { ProfilePageView } from '#app/modules/accounts/schemas/account.ts';
import type { UserView } from '#app/modules/accounts/schemas/user.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import { getMe } from '#app/modules/accounts/server/users.server.ts';
import { deleteUser } from '#app/modules/accounts/db/users.server.ts';
import type { Db } from '#app/db/client.server.ts';

/** What the profile page shows: the user (read afresh, as above), the newsletter preference and the exam years. */
export async function getProfilePage(s: Scope, userId: string): Promise<ProfilePageView | null> {
  const user = await getMe(s, userId);
  if (!user) return null;
  const status = await findSubscriptionStatus(s.db, normaliseEmail(user.email));
  const { min, max } = examYearRange(new Date());
  return {
    user,
    emailPreference: status === 'confirmed' ? 'accepted' : null,
    examYears: Array.from({ length: max - min + 1 }, (_, i) => min + i),
  };
}

/** Renames the signed-in user; false when the user is gone. */
export function renameMe(s: Scope, userId: string, name: string): Promise<boolean> {
  return updateUserName(s.db, userId, name);
}

/**
 * The newsletter preference of the account's own address (spec §3
 * emailPreference 'accepted'): on subscribes it at once (the address is
 * verified), off unsubscribes it. Refused: an unverified address cannot be subscribed.
 */
export async function setMyNewsletterPreference(
  s: Scope,
  user: Pick<UserView, 'email' | 'emailVerified'>,
  accepted: boolean,
): Promise<Result<'subscribed' | 'unsubscribed' | 'unchanged', { reason: 'unverified' }>> {
  if (accepted && !user.emailVerified) return refuse('unverified');
  return ok(await setVerifiedNewsletterPreference(s, user.email, accepted));
}

/**
 * The one deletion of an account, the owner's own (deleteMyAccount) and support's on request (AVG, issue 32):
 * the user with their sessions, sign-in details, subjects and access (foreign keys cascade) and the newsletter
 * subscription of their address. Orders keep their rows (the tax duty), no longer linked to the account. Takes
 * the caller's transaction; false when the user was gone already.
 */
export async function deleteAccount(db: Db, user: Pick<UserView, 'id' | 'email'>): Promise<boolean> {
  if (!(await deleteUser(db, user.id))) return false;
  await deleteSubscriptionOfEmail(db, normaliseEmail(user.email));
  return true;
}

/**
 * Deletes the account with everything of it: the user with their sessions,
 * sign-in details, subjects and access (foreign keys cascade) and the
 * newsletter subscription of their address. Answers the Set-Cookie headers
 * that clear this browser's session cookies, or null when the user was gone
 * already.
 */
export async function deleteMyAccount(
  s: Scope,
  user: Pick<UserView, 'id' | 'email'>,
  headers: Headers,
): Promise<string[] | null> {
  if (!(await s.db.transaction((tx) => deleteAccount(tx, user)))) return null;
  s.logger.info({ user: user.id }, 'account deleted by its owner');
  if (!s.auth) return [];
  // The session went with the user; signing out still answers the headers that clear its cookies.
  const response = await s.auth.api.signOut({ headers, asResponse: true });
  return response.headers.getSetCookie();
}
