import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { newsletterSubscriptions as subs } from './tables.ts';

/**
 * The newsletter preference of a signed-in user (the profile page): the
 * subscription of the account's own, verified e-mail address, found and
 * changed by that address (stored trimmed and in lower case).
 */

/** The subscription's status for this address, or undefined without one. */
export async function findSubscriptionStatus(db: Db, email: string) {
  const [row] = await db.select({ id: subs.id, status: subs.status }).from(subs).where(eq(subs.email, email));
  return row?.status;
}

/**
 * Subscribes an address its owner has proven already (a verified account):
 * confirmed at once, whatever its state was, with a new unsubscribe token's
 * hash; a waiting confirmation link is dropped. Undefined when it was
 * confirmed already (nothing changed).
 */
export async function confirmSubscriptionOfVerifiedEmail(
  db: Db,
  values: { email: string; source: string; unsubscribeTokenHash: string; at: Date },
) {
  const confirmed = {
    status: 'confirmed' as const,
    source: values.source,
    confirmTokenHash: null,
    unsubscribeTokenHash: values.unsubscribeTokenHash,
    confirmationRequestedAt: values.at,
    confirmedAt: values.at,
  };
  const [row] = await db
    .insert(subs)
    .values({ email: values.email, createdAt: values.at, ...confirmed })
    .onConflictDoUpdate({ target: subs.email, set: confirmed, setWhere: ne(subs.status, 'confirmed') })
    .returning({ id: subs.id });
  return row;
}

/** Unsubscribes the address (any old confirmation link stops working); undefined when it was not subscribed. */
export async function unsubscribeEmail(db: Db, values: { email: string; at: Date }) {
  const [row] = await db
    .update(subs)
    .set({ status: 'unsubscribed', unsubscribedAt: values.at, confirmTokenHash: null })
    .where(and(eq(subs.email, values.email), ne(subs.status, 'unsubscribed')))
    .returning({ id: subs.id });
  return row;
}

/** Removes the address's subscription altogether (the account and all its data are deleted). */
export async function deleteSubscriptionOfEmail(db: Db, email: string): Promise<void> {
  await db.delete(subs).where(eq(subs.email, email));
}

/**
 * An account's address changed: its subscription goes along to the new
 * address, whatever its state. A row the new address had before gives way
 * (the account's own preference is the one the profile showed). Nothing
 * happens when the old address had no row.
 */
export async function moveSubscriptionToEmail(db: Db, from: string, to: string): Promise<boolean> {
  if (from === to) return false;
  return db.transaction(async (tx) => {
    const [own] = await tx.select({ id: subs.id }).from(subs).where(eq(subs.email, from)).for('update');
    if (!own) return false;
    await tx.delete(subs).where(eq(subs.email, to));
    await tx.update(subs).set({ email: to }).where(eq(subs.id, own.id));
    return true;
  });
}
