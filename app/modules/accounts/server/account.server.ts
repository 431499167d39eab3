/**
 * The account pages of the logged-in area (issue 7 item 6): what "Mijn vakken
 * en boeken" and the profile page show, and the writes that combine more than
 * one store (the name, the newsletter preference, deleting the account).
 * Every function takes the signed-in user (from the area guard): there is no
 * way to name another user.
 */
import { findProductsOfType, updateUserName } from '#app/modules/accounts/db/account.server.ts';
import { deleteSubscriptionOfEmail, findSubscriptionStatus } from '#app/modules/newsletter/index.server.ts';
import { findProductsBySkus } from '#app/modules/catalog/index.server.ts';
import { LEVEL_ORDER, type Level } from '#app/platform/levels.ts';
import { normaliseEmail } from '#app/modules/newsletter/index.ts';
import { hasAccess } from '#app/modules/study/index.ts';
import { isProfileLevel, NO_PROFILE } from '#app/platform/profiles.ts';
import { examYearRange } from '#app/modules/accounts/domain/user.ts';
import type { ProfilePageView, SubjectsPageView } from '#app/modules/accounts/schemas/account.ts';
import type { UserView } from '#app/modules/accounts/schemas/user.ts';
import { toProductSummary } from '#app/modules/catalog/index.server.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { setVerifiedNewsletterPreference } from '#app/modules/newsletter/index.server.ts';
import { listMySubjects } from '#app/modules/study/index.server.ts';
import { listOwnedProducts } from '#app/modules/shop/index.server.ts';
import { primarySubjects } from '#app/modules/catalog/index.server.ts';
import { deleteMe, getMe } from '#app/modules/accounts/server/users.server.ts';

/** The product type a subject's book is sold as. */
const BOOK_PRODUCT_TYPE = 'examenbundel';

const isLevel = (name: string): name is Level => (LEVEL_ORDER as readonly string[]).includes(name);
const pairKey = (level: string, slug: string) => `${level} ${slug}`;

/**
 * "Mijn vakken en boeken": the user's subjects, each with its book in the
 * shop (for buying access), the subjects of the user's levels not chosen yet
 * (required ones for their profile first), and the products they own.
 */
export async function getSubjectsPage(s: Scope, userId: string): Promise<SubjectsPageView | null> {
  // Read afresh: after a form post without JavaScript this loader runs in the same request as the action.
  const [user, subjects] = await Promise.all([getMe(s, userId), listMySubjects(s, userId)]);
  if (!user) return null;
  const levels = user.levels.filter(isLevel);
  const chosen = new Set(subjects.map((subject) => subject.id));
  const [offered, books, owned] = await Promise.all([
    Promise.all(
      levels.map((level) =>
        primarySubjects(s, level, isProfileLevel(level) && user.profile ? user.profile : NO_PROFILE),
      ),
    ),
    findProductsOfType(
      s.db,
      BOOK_PRODUCT_TYPE,
      [...new Set(subjects.map((subject) => subject.levelName))],
      [...new Set(subjects.map((subject) => subject.slug))],
    ),
    listOwnedProducts(s, user.id),
  ]);
  const bookHref = new Map(books.map((row) => [pairKey(row.levelSlug, row.subjectSlug), toProductSummary(row).href]));
  const ownedRows = await findProductsBySkus(
    s.db,
    owned.map((product) => product.sku),
  );
  const ownedHref = new Map(ownedRows.map((row) => [row.sku, toProductSummary(row).href]));
  return {
    subjects: subjects.map((subject) => ({
      ...subject,
      // Someone with full access has the book already.
      shopHref: hasAccess(subject) ? null : (bookHref.get(pairKey(subject.levelName, subject.slug)) ?? null),
    })),
    available: levels
      .map((level, index) => ({ level, subjects: (offered[index] ?? []).filter((subject) => !chosen.has(subject.id)) }))
      .filter((group) => group.subjects.length > 0),
    owned: owned.map((product) => ({ ...product, href: ownedHref.get(product.sku) ?? null })),
    needsLevel: levels.length === 0,
  };
}

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
 * verified), off unsubscribes it. An unverified address cannot be subscribed.
 */
export async function setMyNewsletterPreference(
  s: Scope,
  user: Pick<UserView, 'email' | 'emailVerified'>,
  accepted: boolean,
): Promise<'subscribed' | 'unsubscribed' | 'unchanged' | 'unverified'> {
  if (accepted && !user.emailVerified) return 'unverified';
  return setVerifiedNewsletterPreference(s, user.email, accepted);
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
  if (!(await deleteMe(s, user.id))) return null;
  await deleteSubscriptionOfEmail(s.db, normaliseEmail(user.email));
  s.logger.info({ user: user.id }, 'account deleted by its owner');
  if (!s.auth) return [];
  // The session went with the user; signing out still answers the headers that clear its cookies.
  const response = await s.auth.api.signOut({ headers, asResponse: true });
  return response.headers.getSetCookie();
}
