/**
 * What the accounts' mails say (plain text, Dutch, je-vorm): the greeting
 * with the first name, and the mail to an address that signs up again while
 * it has an account. Pure: the links come in; the auth setup sends them
 * through the `send-mail` job.
 */
import { BRAND } from '#app/platform/brand.ts';

/**
 * The first name of a full name as typed ('Sanne de Vries' → 'Sanne'): the
 * first word. Empty when there is none.
 */
export function firstName(fullName: string | null | undefined): string {
  return (fullName ?? '').trim().split(/\s+/u)[0] ?? '';
}

/** A mail's first line: 'Hoi Sanne,' (the first name), or 'Hoi,' without one. */
export function mailGreeting(fullName: string | null | undefined): string {
  const first = firstName(fullName);
  return first ? `Hoi ${first},` : 'Hoi,';
}

/** The close of every accounts mail. */
export const MAIL_SIGNATURE = `\n\nGroet,\nHet team van ${BRAND.name}\n`;

/**
 * Someone signed up with an address that already has an account. The page
 * answered "check je mail" as for a new address (no account enumeration);
 * this mail tells the owner how to get in: sign in, or set a new password.
 * An account whose address was never confirmed gets a fresh confirmation link instead.
 */
export function existingAccountMail(input: {
  name: string;
  email: string;
  signInUrl: string;
  resetUrl: string;
  /** A fresh confirmation link when the address was never confirmed; absent when it was. */
  verifyUrl?: string | undefined;
}): { to: string; subject: string; text: string } {
  const intro =
    `${mailGreeting(input.name)}\n\nIemand (waarschijnlijk jij) wilde net een account aanmaken bij ${BRAND.name} ` +
    `met dit e-mailadres (${input.email}). Je hebt hier al een account, dus we hebben geen nieuw account gemaakt.\n\n`;
  const way = input.verifyUrl
    ? `Je e-mailadres is alleen nog niet bevestigd. Bevestig het via deze link (hij werkt 24 uur), ` +
      `dan ben je meteen ingelogd:\n\n${input.verifyUrl}\n\n` +
      `Weet je je wachtwoord niet meer? Stel dan eerst een nieuw wachtwoord in:\n\n${input.resetUrl}`
    : `Log in met je e-mailadres en wachtwoord:\n\n${input.signInUrl}\n\n` +
      `Weet je je wachtwoord niet meer? Stel dan een nieuw wachtwoord in:\n\n${input.resetUrl}`;
  return {
    to: input.email,
    subject: `Je hebt al een account – ${BRAND.name}`,
    text:
      intro +
      way +
      `\n\nHeb je dit niet zelf gedaan? Dan kun je deze e-mail negeren; er verandert niets aan je account.` +
      MAIL_SIGNATURE,
  };
}
