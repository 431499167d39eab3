/**
 * The licence codes' Dutch messages: why a code is refused and what redeeming one answers (spec §4
 * Subject access). The API and the "Mijn vakken en boeken" page answer with these; the statuses are in
 * app/modules/licenses/server/refusals.server.ts. Free of Zod, so the browser can read them.
 */

/** License codes and the products they unlock (spec §4 Subject access). */
export const LICENSE_MESSAGES = {
  UNKNOWN: 'Deze code kennen we niet. Controleer de code achter in je boek.',
  USED: 'Deze code is al gebruikt.',
  CLASS_CODE:
    'Dit is een klaslicentie. Je docent activeert die op de klas; daarna krijg je toegang als je lid wordt met de klascode.',
  CLASS_CODE_SUBJECT: 'Deze klaslicentie is voor een vak dat niet bij deze klas hoort.',
  CLASS_CODE_EXAM_YEAR: 'Deze klaslicentie is voor een ander examenjaar dan deze klas.',
  NOT_A_CLASS_CODE: 'Dit is geen klaslicentie maar een code voor één leerling. Die activeert de leerling zelf.',
  ALREADY_YOURS: 'Deze code is al geactiveerd op jouw account. Je vindt het boek hieronder bij Mijn boeken.',
  REDEEMED: (productName: string): string => `Gelukt! Je hebt nu toegang tot ${productName}.`,
} as const;
