/**
 * The licence codes' Dutch messages: why a code is refused and what redeeming one answers (spec §4
 * Subject access). The API and the "Mijn vakken en boeken" page answer with these; the statuses are in
 * app/modules/licenses/server/refusals.server.ts. Free of Zod, so the browser can read them.
 */

/** License codes and the products they unlock (spec §4 Subject access). */
export const LICENSE_MESSAGES = {
  UNKNOWN: 'Deze code kennen we niet. Controleer de code achter in je boek.',
  USED: 'Deze code is al gebruikt.',
  REVOKED: 'Deze code is ingetrokken en werkt niet meer. Kreeg je een nieuwe code per e-mail? Gebruik die.',
  CLASS_CODE:
    'Dit is een klaslicentie. Je docent activeert die op de klas; daarna krijg je toegang als je lid wordt met de klascode.',
  CLASS_CODE_SUBJECT: 'Deze klaslicentie is voor een vak dat niet bij deze klas hoort.',
  CLASS_CODE_EXAM_YEAR: 'Deze klaslicentie is voor een ander examenjaar dan deze klas.',
  NOT_A_CLASS_CODE: 'Dit is geen klaslicentie maar een code voor één leerling. Die activeert de leerling zelf.',
  ALREADY_YOURS: 'Deze code is al geactiveerd op jouw account. Je vindt het boek hieronder bij Mijn boeken.',
  REDEEMED: (productName: string): string => `Gelukt! Je hebt nu toegang tot ${productName}.`,
} as const;

/** A code's status as the back office shows it. */
export const CODE_STATUS_LABELS = { active: 'Niet gebruikt', redeemed: 'Geactiveerd', revoked: 'Ingetrokken' } as const;

/** What happened to a code (its history), as the back office shows it. */
export const CODE_EVENT_LABELS = {
  issued: 'Uitgegeven',
  redeemed: 'Geactiveerd',
  revoked: 'Ingetrokken',
  reissued: 'Vervangen door een nieuwe code',
  batch_created: 'Gemaakt in een reeks',
  mailed: 'Gemaild',
} as const;

/** The back office's licence codes (issue 32): search, revoke, reissue, batches. */
export const CODE_ADMIN_MESSAGES = {
  QUERY: 'Zoek op een code, een bestelnummer of een e-mailadres (hoogstens 254 tekens).',
  NOT_FOUND: 'Deze code kennen we niet.',
  REASON: 'Vul een reden in (3 tot 500 tekens).',
  REVOKED_ALREADY: 'Deze code is al ingetrokken.',
  CLASS_LICENCE_REDEEMED:
    'Deze klaslicentie is al op een klas geactiveerd. Intrekken zou de plaatsen van alle leerlingen van de klas wegnemen; regel dit met de school en de docent.',
  REVOKED: 'De code is ingetrokken; de toegang die hij gaf is weggenomen.',
  REISSUED: (code: string, mailed: boolean): string =>
    mailed
      ? `De code is ingetrokken en vervangen door ${code}. De nieuwe code is gemaild.`
      : `De code is ingetrokken en vervangen door ${code}. Er is geen e-mailadres bekend: geef de nieuwe code zelf door.`,
  LABEL: 'Geef de reeks een naam (1 tot 100 tekens).',
  PRODUCT: 'Kies een product.',
  PRODUCT_UNKNOWN: 'Dit product kennen we niet.',
  KIND: 'Kies drukwerk of klaslicenties.',
  COUNT: 'Kies een aantal van 1 tot 5.000 codes.',
  SEATS: 'Kies voor klaslicenties een aantal plaatsen van 1 tot 1.000.',
  EXAM_YEAR: 'Kies een examenjaar van 2020 tot 2100, of laat het leeg.',
  BATCH_NOT_FOUND: 'Deze reeks kennen we niet.',
  BATCH_CREATED: (count: number, label: string): string => `${count} codes gemaakt in de reeks ‘${label}’.`,
} as const;
