/** The study area's own Dutch messages (its pages' composition; the cards' are STUDY_MESSAGES of cards). */
export const TRIAL_MESSAGES = {
  NO_TRIAL: 'Voor dit vak is er geen gratis proefversie.',
  STARTED: (name: string) => `Je gratis proefversie van ${name} staat klaar.`,
} as const;
