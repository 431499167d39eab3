import type { CardView } from '#app/modules/cards/index.ts';
import type { CardReviewResult } from '#app/modules/reviews/index.ts';
import type { SessionStep } from '../domain/review-session.ts';

/** Where a review session stands (issue 34, ADR 030): the card to show now, or its summary. */
export interface ReviewSessionView extends SessionStep {
  /** The subject of a subject's session. */
  subject: { id: number; name: string } | null;
  /** The session's cards the pupil may still open. */
  total: number;
  /** When done: the reviews given and the minutes measured since it began, and what tomorrow's plan holds. */
  summary: {
    reviews: number;
    minutes: number;
    tomorrow: { reviews: number; newCards: number; minutes: number };
  } | null;
}

/** What the session's page shows: where the session stands, the card to show, and the last rating's answer. */
export interface ReviewSessionData {
  /** Null: the pupil has no plan (no exam year). */
  session: ReviewSessionView | null;
  /** The card to show now (session.next), or why it cannot be shown. */
  card: CardView | null;
  refusal: string | null;
  /** When the server showed the card (ms): without JavaScript the seconds count from it. */
  shownAt: number;
  /** The answer to the rating just given. */
  outcome?: { review: CardReviewResult; error?: undefined } | { review?: undefined; error: string } | undefined;
}
