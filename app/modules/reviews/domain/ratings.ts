/**
 * The four ratings of a review (issue 20), as the pupil sees them and the API names them: the card modal
 * (in the browser), the review's schema and the scheduler (memory.ts) read them here.
 */

/** The four ratings, in the order shown, with the key that gives each (1–4). */
export const REVIEW_RATINGS = [
  { value: 'again', grade: 1, key: '1', label: 'Opnieuw', hint: 'Ik wist het niet' },
  { value: 'hard', grade: 2, key: '2', label: 'Moeilijk', hint: 'Met moeite' },
  { value: 'good', grade: 3, key: '3', label: 'Goed', hint: 'Ik wist het' },
  { value: 'easy', grade: 4, key: '4', label: 'Makkelijk', hint: 'Zonder nadenken' },
] as const;

export type ReviewRating = (typeof REVIEW_RATINGS)[number]['value'];
export const REVIEW_RATING_VALUES = REVIEW_RATINGS.map((r) => r.value) as [ReviewRating, ...ReviewRating[]];

/** The rating a key gives ('1'–'4'), or undefined. */
export const ratingForKey = (key: string): ReviewRating | undefined => REVIEW_RATINGS.find((r) => r.key === key)?.value;
