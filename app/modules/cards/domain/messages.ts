/**
 * The cards module's Dutch messages: the refusals of access to a subject's
 * content (server/refusals.server.ts: the routes and the API answer them with
 * these), the field messages of its schemas, and the notices of the user's
 * subjects (spec §8, verbatim). The others are additions. The checks, reviews
 * and buddy modules keep theirs in their own domain/messages.ts.
 */

/** The refusals of a subject's content and the cards' field messages (spec §3 Card, Topic; §7). */
export const STUDY_MESSAGES = {
  UNKNOWN_SUBJECT: 'Dit vak bestaat niet (meer).',
  UNKNOWN_CARD: 'Deze leerkaart bestaat niet (meer).',
  NO_ACCESS: 'Je hebt (nog) geen toegang tot dit vak. Activeer de code uit je Slaagbundel of bestel de bundel.',
  LIGHT_ONLY: 'Dit hoort bij de volledige Slaagbundel. Met je proefversie zie je een deel van de lesstof.',
  FILTER: 'Kies een van de filters uit de lijst.',
  TOPIC: 'Kies een onderwerp uit de lijst.',
} as const;

/** The user's subjects (spec §3 User subject, §7 /v1/users/me/subjects, §8 notices: verbatim). */
export const MY_SUBJECT_MESSAGES = {
  /** Spec §8. */
  ADDED: 'Je hebt een vak toegevoegd.',
  /** Spec §8. */
  REMOVED: 'Je hebt een vak verwijderd.',
  NOT_YOURS: 'Dit vak staat niet in je lijst.',
  CHOOSE_SUBJECTS: 'Kies minimaal één vak.',
  TOO_MANY_SUBJECTS: 'Kies maximaal 50 vakken tegelijk.',
  DUPLICATE_SUBJECTS: 'Kies elk vak maar één keer.',
} as const;
