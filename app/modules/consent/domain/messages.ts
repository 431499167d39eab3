/**
 * The consent module's Dutch messages, in one place: the cookie notice's
 * hint (spec §4, §5) and the refusal of a visitor id that is not ours (an
 * addition: the spec names no message).
 */
export const CONSENT_MESSAGES = {
  /** No cookie category chosen (spec §4, §5): the notice's hint and the field error. */
  CATEGORY_REQUIRED: 'Maak een keuze.',
  VISITOR_ID_INVALID: 'Ongeldige bezoekerscode.',
} as const;
