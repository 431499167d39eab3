/** The back office's customers (issue 32, item 5). */
export const CUSTOMER_MESSAGES = {
  QUERY: 'Zoek op een e-mailadres, een deel van de naam (minstens 2 tekens) of een bestelnummer.',
  USER_ID: 'Deze klant bestaat niet.',
  NOT_FOUND: 'Deze klant bestaat niet (meer).',
  VERIFIED_ALREADY: 'Het e-mailadres van deze klant is al bevestigd; er gaat geen bevestigingsmail.',
  STAFF_ACCOUNT: 'Dit is het account van een medewerker. Dat verwijder je niet als klant.',
  REASON:
    'Schrijf in 3 tot 500 tekens waarom het account wordt verwijderd (bijvoorbeeld: verzoek van de klant per e-mail).',
  EMAIL_MISMATCH: 'Typ het e-mailadres van deze klant precies over om het verwijderen te bevestigen.',
  MAIL_LIMITED: 'Er zijn net te veel mails gevraagd. Probeer het over een paar minuten opnieuw.',
  MAIL_UNAVAILABLE: 'De mail kon nu niet worden verstuurd. Probeer het later opnieuw.',
  VERIFICATION_SENT: (to: string) => `De bevestigingsmail gaat opnieuw naar ${to}.`,
  RESET_SENT: (to: string) =>
    `De klant krijgt een mail op ${to} met een link om zelf een nieuw wachtwoord te kiezen (de link werkt een uur).`,
  DELETED: 'Het account is verwijderd. Bestellingen en facturen blijven bewaard voor de belastingplicht.',
} as const;

/** How the back office names a customer's role. */
export const CUSTOMER_ROLE_LABELS = { pupil: 'Leerling', parent: 'Ouder', teacher: 'Docent' } as const;

/** Where study access came from (subject_access.source). */
export const ACCESS_SOURCE_LABELS: Record<string, string> = {
  order: 'Bestelling',
  license: 'Licentiecode',
  class: 'Klaslicentie',
  demo: 'Demo',
};

/** The study access streams. */
export const ACCESS_STREAM_LABELS: Record<string, string> = { full: 'Volledig', light: 'Light' };
