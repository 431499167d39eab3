import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { newsletterSubscriptions as subs } from './tables.ts';

export type NewsletterSubscriptionRow = typeof subs.$inferSelect;

/** What callers need of a row they changed. */
const SUMMARY = {
  id: subs.id,
  email: subs.email,
  status: subs.status,
  confirmationRequestedAt: subs.confirmationRequestedAt,
};

/**
 * A new address: inserted as pending with its confirmation token's hash.
 * Undefined when the address already has a row (also when another request
 * inserted it a moment ago): then refreshPendingSubscription decides.
 */
export async function insertPendingSubscription(
  db: Db,
  values: { email: string; source: string; confirmTokenHash: string; at: Date },
) {
  const [row] = await db
    .insert(subs)
    .values({
      email: values.email,
      source: values.source,
      status: 'pending',
      confirmTokenHash: values.confirmTokenHash,
      createdAt: values.at,
      confirmationRequestedAt: values.at,
    })
    .onConflictDoNothing({ target: subs.email })
    .returning(SUMMARY);
  return row;
}

/**
 * An existing address signs up again: pending (again) with a new confirmation
 * token, unless it is confirmed, or pending with a confirmation mail sent
 * after `resendAfter` (that mail's link stays valid). One statement, so two
 * requests at once cannot both refresh. Undefined when nothing changed.
 */
export async function refreshPendingSubscription(
  db: Db,
  values: { email: string; source: string; confirmTokenHash: string; at: Date; resendAfter: Date },
) {
  const [row] = await db
    .update(subs)
    .set({
      status: 'pending',
      source: values.source,
      confirmTokenHash: values.confirmTokenHash,
      confirmationRequestedAt: values.at,
    })
    .where(
      and(
        eq(subs.email, values.email),
        ne(subs.status, 'confirmed'),
        or(ne(subs.status, 'pending'), lt(subs.confirmationRequestedAt, values.resendAfter)),
      ),
    )
    .returning(SUMMARY);
  return row;
}

export async function findSubscriptionByConfirmTokenHash(db: Db, hash: string) {
  const [row] = await db.select().from(subs).where(eq(subs.confirmTokenHash, hash));
  return row;
}

export async function findSubscriptionByUnsubscribeTokenHash(db: Db, hash: string) {
  const [row] = await db.select().from(subs).where(eq(subs.unsubscribeTokenHash, hash));
  return row;
}

/**
 * Confirms a pending subscription whose confirmation token is still this one,
 * storing the unsubscribe token's hash. Undefined when it was no longer
 * pending with that token (confirmed by a request a moment earlier).
 */
export async function markSubscriptionConfirmed(
  db: Db,
  values: { id: string; confirmTokenHash: string; unsubscribeTokenHash: string; at: Date },
) {
  const [row] = await db
    .update(subs)
    .set({ status: 'confirmed', confirmedAt: values.at, unsubscribeTokenHash: values.unsubscribeTokenHash })
    .where(and(eq(subs.id, values.id), eq(subs.status, 'pending'), eq(subs.confirmTokenHash, values.confirmTokenHash)))
    .returning(SUMMARY);
  return row;
}

/**
 * Unsubscribes the subscription of this unsubscribe token; its confirmation
 * token is dropped, so an old confirmation mail cannot subscribe it again.
 * Undefined when it was already unsubscribed.
 */
export async function markSubscriptionUnsubscribed(db: Db, values: { unsubscribeTokenHash: string; at: Date }) {
  const [row] = await db
    .update(subs)
    .set({ status: 'unsubscribed', unsubscribedAt: values.at, confirmTokenHash: null })
    .where(and(eq(subs.unsubscribeTokenHash, values.unsubscribeTokenHash), ne(subs.status, 'unsubscribed')))
    .returning(SUMMARY);
  return row;
}

/**
 * The confirmation mail of this token could not be queued: the token is
 * dropped and the address may be sent a new link at once.
 */
export async function withdrawConfirmation(db: Db, values: { id: string; confirmTokenHash: string }) {
  await db
    .update(subs)
    .set({ confirmTokenHash: null, confirmationRequestedAt: new Date(0) })
    .where(and(eq(subs.id, values.id), eq(subs.confirmTokenHash, values.confirmTokenHash)));
}

/** Deletes the sign-ups still pending whose confirmation was asked before `before`; answers how many. */
export async function deletePendingRequestedBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(subs)
    .where(and(eq(subs.status, 'pending'), lt(subs.confirmationRequestedAt, before)))
    .returning({ id: subs.id });
  return rows.length;
}
