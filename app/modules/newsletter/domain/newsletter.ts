import { absoluteUrl } from '#app/platform/seo.ts';

/**
 * The newsletter with double opt-in: an address is only mailed
 * newsletters after its owner clicked the confirmation link we sent it. Pure
 * rules: the pages, the life of a confirmation link and where a sign-up
 * happened.
 */
export const NEWSLETTER_PATH = '/nieuwsbrief';

export const NEWSLETTER_CONFIRM_PATH = '/nieuwsbrief/bevestigen';
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/nieuwsbrief/afmelden';

/** pending (signed up, not confirmed) → confirmed → unsubscribed; a new sign-up makes any of them pending again, except confirmed. */
export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** A confirmation link works this many days after it was sent. */
export const CONFIRM_LINK_VALID_DAYS = 7;

/**
 * While a confirmation mail younger than this is waiting, a repeated sign-up
 * sends no new one (and keeps that mail's link valid): nobody can flood an
 * address with our mails by signing it up again and again.
 */
export const CONFIRM_RESEND_AFTER_MINUTES = 5;

/** Where a sign-up happened: 'page' (/nieuwsbrief), 'footer', 'article:<slug>', …; lower case, at most 120 characters. */
export const NEWSLETTER_SOURCE_MAX = 120;
export const NEWSLETTER_SOURCE_PATTERN = /^[a-z0-9-]+(:[a-z0-9][a-z0-9/_.-]*)?$/;
export const DEFAULT_NEWSLETTER_SOURCE = 'page';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a confirmation link sent at `requestedAt` no longer works at `now`. */
export function confirmLinkExpired(requestedAt: Date, now: Date): boolean {
  return now.getTime() - requestedAt.getTime() > CONFIRM_LINK_VALID_DAYS * DAY_MS;
}

/**
 * Sign-ups whose confirmation was asked before this moment are no longer
 * waiting for anything: their link has expired, so nobody consented. They are
 * deleted (data minimisation); signing up again starts afresh.
 */
export function unconfirmedRetentionCutoff(now: Date): Date {
  return new Date(now.getTime() - CONFIRM_LINK_VALID_DAYS * DAY_MS);
}

/** The moment before which a waiting confirmation mail may be replaced by a new one. */
export function resendCutoff(now: Date): Date {
  return new Date(now.getTime() - CONFIRM_RESEND_AFTER_MINUTES * 60 * 1000);
}

/** One address, one subscription: addresses are compared and stored trimmed and in lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The link in a mail: `${publicUrl}${path}?token=…`. */
export function tokenLink(publicUrl: string, path: string, token: string): string {
  return `${absoluteUrl(publicUrl, path)}?token=${encodeURIComponent(token)}`;
}

/** How often the newsletter comes, as the page and the welcome mail say it. */
export const NEWSLETTER_FREQUENCY =
  'Gemiddeld twee keer per maand. In de weken voor de centrale examens één keer per week, met de tips die je dan nodig hebt.';

/** What a confirmation link is worth: a button to confirm (pending), done already, too old, or not ours. */
export type ConfirmLinkState = 'pending' | 'confirmed' | 'expired' | 'invalid';
/** What pressing the confirm button did. */
export type ConfirmOutcome = 'confirmed' | 'already-confirmed' | 'expired' | 'invalid';
/** What an unsubscribe link is worth: a button to unsubscribe, done already, or not ours. */
export type UnsubscribeLinkState = 'subscribed' | 'unsubscribed' | 'invalid';
/** What pressing the unsubscribe button did. */
export type UnsubscribeOutcome = 'unsubscribed' | 'already-unsubscribed' | 'invalid';
