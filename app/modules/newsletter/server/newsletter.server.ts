import { createHash, randomBytes } from 'node:crypto';
import type { Scope } from '#app/platform/server/deps.ts';
import { BRAND } from '#app/platform/brand.ts';
import {
  CONFIRM_LINK_VALID_DAYS,
  confirmLinkExpired,
  DEFAULT_NEWSLETTER_SOURCE,
  NEWSLETTER_CONFIRM_PATH,
  NEWSLETTER_FREQUENCY,
  NEWSLETTER_PATH,
  NEWSLETTER_UNSUBSCRIBE_PATH,
  normaliseEmail,
  resendCutoff,
  tokenLink,
  unconfirmedRetentionCutoff,
  type ConfirmLinkState,
  type ConfirmOutcome,
  type UnsubscribeLinkState,
  type UnsubscribeOutcome,
} from '#app/modules/newsletter/domain/newsletter.ts';
import { absoluteUrl } from '#app/platform/seo.ts';
import type { NewsletterSignup } from '#app/modules/newsletter/schemas/newsletter.ts';
import {
  findSubscriptionByConfirmTokenHash,
  findSubscriptionByUnsubscribeTokenHash,
  insertPendingSubscription,
  markSubscriptionConfirmed,
  markSubscriptionUnsubscribed,
  refreshPendingSubscription,
  withdrawConfirmation,
  deletePendingRequestedBefore,
} from '#app/modules/newsletter/db/newsletter.server.ts';
import {
  confirmSubscriptionOfVerifiedEmail,
  moveSubscriptionToEmail,
  unsubscribeEmail,
} from '#app/modules/newsletter/db/newsletter-preference.server.ts';
import type { OutgoingMail } from '#app/platform/integrations/mail/port.ts';

/**
 * The newsletter with double opt-in. A sign-up stores the address
 * as pending and queues a mail (the `send-mail` job) with a confirmation link;
 * only the link's owner can confirm, with a button on the page it opens (a
 * GET never changes anything: mail scanners open links). Confirming queues a
 * welcome mail with the unsubscribe link. Links carry a random token; only
 * its SHA-256 is stored.
 *
 * Every sign-up gets the same answer, whatever the address's state, so
 * nobody learns whether an address is subscribed: a confirmed address is left
 * as it is and gets no mail; a pending one gets a new link, unless its last
 * mail is younger than CONFIRM_RESEND_AFTER_MINUTES (no flooding an address).
 */

/** 32 random bytes as base64url: 43 characters (NEWSLETTER_TOKEN_PATTERN). */
const newToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function subscribeToNewsletter(s: Scope, input: NewsletterSignup): Promise<{ mailed: boolean }> {
  if (input.website) {
    s.logger.info({ honeypot: true }, 'newsletter sign-up dropped');
    return { mailed: false };
  }
  const email = normaliseEmail(input.email);
  const source = input.source ?? DEFAULT_NEWSLETTER_SOURCE;
  const token = newToken();
  const confirmTokenHash = hashToken(token);
  const at = new Date();
  const row =
    (await insertPendingSubscription(s.db, { email, source, confirmTokenHash, at })) ??
    (await refreshPendingSubscription(s.db, { email, source, confirmTokenHash, at, resendAfter: resendCutoff(at) }));
  if (!row) {
    s.logger.info({ source }, 'newsletter sign-up of a confirmed address or within the resend wait: no mail');
    return { mailed: false };
  }
  try {
    await s.jobs.enqueue('send-mail', { ...confirmationMail(s, email, token) });
  } catch (error) {
    // The link was never sent: drop it, and let the next sign-up send one at once.
    await withdrawConfirmation(s.db, { id: row.id, confirmTokenHash });
    throw error;
  }
  s.logger.info({ subscription: row.id, source }, 'newsletter confirmation queued');
  return { mailed: true };
}

/** What the confirmation page shows before its button is pressed (reads only). */
export async function checkConfirmLink(s: Scope, token: string): Promise<ConfirmLinkState> {
  const row = await findSubscriptionByConfirmTokenHash(s.db, hashToken(token));
  if (!row || row.status === 'unsubscribed') return 'invalid';
  if (row.status === 'confirmed') return 'confirmed';
  return confirmLinkExpired(row.confirmationRequestedAt, new Date()) ? 'expired' : 'pending';
}

/**
 * The confirm button: pending → confirmed, and a welcome mail with the
 * unsubscribe link. Pressing it again answers 'already-confirmed' and sends
 * nothing. A link older than CONFIRM_LINK_VALID_DAYS, or one replaced by a
 * newer sign-up, confirms nothing.
 */
export async function confirmNewsletter(s: Scope, token: string): Promise<ConfirmOutcome> {
  const confirmTokenHash = hashToken(token);
  const row = await findSubscriptionByConfirmTokenHash(s.db, confirmTokenHash);
  if (!row || row.status === 'unsubscribed') return 'invalid';
  if (row.status === 'confirmed') return 'already-confirmed';
  const at = new Date();
  if (confirmLinkExpired(row.confirmationRequestedAt, at)) return 'expired';
  const unsubscribeToken = newToken();
  const confirmed = await markSubscriptionConfirmed(s.db, {
    id: row.id,
    confirmTokenHash,
    unsubscribeTokenHash: hashToken(unsubscribeToken),
    at,
  });
  // Another press a moment earlier did it (and sent the welcome mail).
  if (!confirmed) return 'already-confirmed';
  s.logger.info({ subscription: row.id }, 'newsletter subscription confirmed');
  try {
    await s.jobs.enqueue('send-mail', { ...welcomeMail(s, confirmed.email, unsubscribeToken) });
  } catch (error) {
    // Confirmed all the same: every newsletter carries its own unsubscribe link.
    s.errors.capture(error, { action: 'newsletter-welcome-mail', subscription: row.id });
  }
  return 'confirmed';
}

/** What the unsubscribe page shows before its button is pressed (reads only). */
export async function checkUnsubscribeLink(s: Scope, token: string): Promise<UnsubscribeLinkState> {
  const row = await findSubscriptionByUnsubscribeTokenHash(s.db, hashToken(token));
  if (!row) return 'invalid';
  return row.status === 'unsubscribed' ? 'unsubscribed' : 'subscribed';
}

/** The unsubscribe button: → unsubscribed; again: 'already-unsubscribed'. An unsubscribe link never expires. */
export async function unsubscribeFromNewsletter(s: Scope, token: string): Promise<UnsubscribeOutcome> {
  const unsubscribeTokenHash = hashToken(token);
  const row = await markSubscriptionUnsubscribed(s.db, { unsubscribeTokenHash, at: new Date() });
  if (row) {
    s.logger.info({ subscription: row.id }, 'newsletter subscription ended');
    return 'unsubscribed';
  }
  return (await findSubscriptionByUnsubscribeTokenHash(s.db, unsubscribeTokenHash))
    ? 'already-unsubscribed'
    : 'invalid';
}

/**
 * The newsletter preference of a signed-in user (the profile page, spec §3
 * emailPreference 'accepted'), for the account's own address, which the
 * accounts library has verified already: no double opt-in is needed. On:
 * confirmed at once, with the welcome mail and its unsubscribe link (nothing
 * happens when it was confirmed already). Off: unsubscribed. Callers pass
 * only a verified address.
 */
export async function setVerifiedNewsletterPreference(
  s: Scope,
  verifiedEmail: string,
  accepted: boolean,
): Promise<'subscribed' | 'unsubscribed' | 'unchanged'> {
  const email = normaliseEmail(verifiedEmail);
  const at = new Date();
  if (!accepted) {
    const row = await unsubscribeEmail(s.db, { email, at });
    if (row) s.logger.info({ subscription: row.id }, 'newsletter subscription ended from the profile');
    return row ? 'unsubscribed' : 'unchanged';
  }
  const unsubscribeToken = newToken();
  const row = await confirmSubscriptionOfVerifiedEmail(s.db, {
    email,
    // Where it happened, as a sign-up's source: the profile page.
    source: 'account',
    unsubscribeTokenHash: hashToken(unsubscribeToken),
    at,
  });
  if (!row) return 'unchanged';
  s.logger.info({ subscription: row.id }, 'newsletter subscription confirmed from the profile');
  try {
    await s.jobs.enqueue('send-mail', { ...welcomeMail(s, email, unsubscribeToken) });
  } catch (error) {
    // Subscribed all the same: every newsletter carries its own unsubscribe link.
    s.errors.capture(error, { action: 'newsletter-welcome-mail', subscription: row.id });
  }
  return 'subscribed';
}

const signature = `Groet,\nHet team van ${BRAND.name}\n`;

function confirmationMail(s: Scope, to: string, token: string): OutgoingMail {
  const link = tokenLink(s.settings.publicUrl, NEWSLETTER_CONFIRM_PATH, token);
  return {
    to,
    subject: `Bevestig je inschrijving voor de nieuwsbrief – ${BRAND.name}`,
    text:
      `Hoi,\n\n` +
      `Je hebt je aangemeld voor de nieuwsbrief van ${BRAND.name}. Bevestig je inschrijving via deze link:\n\n` +
      `${link}\n\n` +
      `De link werkt ${CONFIRM_LINK_VALID_DAYS} dagen. Daarna kun je je opnieuw aanmelden op ` +
      `${absoluteUrl(s.settings.publicUrl, NEWSLETTER_PATH)}.\n\n` +
      `Heb je je niet aangemeld? Dan hoef je niets te doen. Zonder bevestiging sturen we je geen nieuwsbrief.\n\n` +
      signature,
  };
}

function welcomeMail(s: Scope, to: string, unsubscribeToken: string): OutgoingMail {
  const link = tokenLink(s.settings.publicUrl, NEWSLETTER_UNSUBSCRIBE_PATH, unsubscribeToken);
  return {
    to,
    subject: `Welkom bij de nieuwsbrief van ${BRAND.name}`,
    text:
      `Hoi,\n\n` +
      `Je inschrijving is bevestigd. Vanaf nu krijg je van ons examentips, een seintje wanneer het tijd is om ` +
      `met leren te beginnen, en als eerste onze aanbiedingen.\n\n` +
      `${NEWSLETTER_FREQUENCY}\n\n` +
      `Liever geen nieuwsbrief meer? Afmelden kan altijd, met deze link:\n${link}\n\n` +
      signature,
  };
}

/**
 * Deletes sign-ups that were never confirmed and whose link has expired (the
 * `newsletter-retention` job): an address nobody confirmed is not kept.
 */
export function purgeUnconfirmedSignups(s: Scope, now: Date): Promise<number> {
  return deletePendingRequestedBefore(s.db, unconfirmedRetentionCutoff(now));
}

/**
 * An account's e-mail address changed: its newsletter subscription,
 * and so the profile's newsletter preference, follows it to the new address.
 */
export function followEmailChange(s: Pick<Scope, 'db'>, from: string, to: string): Promise<boolean> {
  return moveSubscriptionToEmail(s.db, normaliseEmail(from), normaliseEmail(to));
}
