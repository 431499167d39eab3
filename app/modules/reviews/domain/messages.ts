/** The reviews module's Dutch messages: rating a card (spec §7; additions). */
export const REVIEW_MESSAGES = {
  NOT_REVIEWABLE: 'Een werkblad of de kaart met verbeteringen herhaal je niet: die staan niet in je planning.',
  RATING: 'Kies hoe goed je het wist: Opnieuw, Moeilijk, Goed of Makkelijk.',
  SECONDS_SPENT: 'De tijd aan de kaart is een heel aantal seconden, van 0 tot 3600.',
} as const;
