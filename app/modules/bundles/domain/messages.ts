/** The bundles module's Dutch messages (an addition: the spec names none). */

/** A bundle that a path names but does not exist. */
export const BUNDLE_MESSAGES = {
  UNKNOWN_BUNDLE: 'Dit voordeelpakket bestaat niet.',
} as const;
