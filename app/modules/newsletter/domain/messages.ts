import { BRAND, CONTACT_INBOX } from '#app/platform/brand.ts';
import { CONFIRM_LINK_VALID_DAYS } from './newsletter.ts';

/**
 * The newsletter module's Dutch messages, in one place: what the newsletter
 * pages, the sign-up forms and POST /api/v1/newsletter say (additions: the
 * spec has no newsletter texts). Free of Zod, so a form that loads no schema
 * can show them. One answer to every sign-up (PENDING), whatever the
 * address's state, so nobody can find out whether an address is subscribed.
 */
export const NEWSLETTER_MESSAGES = {
  PENDING:
    'Bijna klaar! We hebben je een e-mail gestuurd. Klik op de link in die e-mail om je inschrijving te bevestigen.',
  CONFIRMED: `Gelukt! Je bent ingeschreven voor de nieuwsbrief van ${BRAND.name}.`,
  ALREADY_CONFIRMED: 'Je inschrijving was al bevestigd. Je ontvangt onze nieuwsbrief.',
  CONFIRM_EXPIRED: `Deze bevestigingslink is verlopen: hij werkt ${CONFIRM_LINK_VALID_DAYS} dagen. Meld je opnieuw aan, dan sturen we je een nieuwe link.`,
  CONFIRM_INVALID:
    'Deze bevestigingslink klopt niet (meer). Gebruik de link uit de nieuwste e-mail die we je stuurden, of meld je opnieuw aan.',
  UNSUBSCRIBED: 'Je bent afgemeld. Je ontvangt onze nieuwsbrief niet meer.',
  ALREADY_UNSUBSCRIBED: 'Je was al afgemeld. Je ontvangt onze nieuwsbrief niet meer.',
  UNSUBSCRIBE_INVALID: `Deze afmeldlink klopt niet. Gebruik de link onderaan de nieuwste nieuwsbrief, of mail ons op ${CONTACT_INBOX}, dan melden we je af.`,
  /** A token that is missing or not of our form. */
  TOKEN_INVALID: 'Deze link is niet compleet. Kopieer de hele link uit de e-mail.',
  /** Only a program sends a wrong `source`; our forms never do. */
  SOURCE_INVALID: 'Onbekende plek van aanmelding.',
} as const;
