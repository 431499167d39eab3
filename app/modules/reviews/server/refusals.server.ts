import { studyRefusal, type StudyRefusal } from '#app/modules/cards/index.server.ts';

import { REVIEW_MESSAGES } from '#app/modules/reviews/domain/messages.ts';

/** Why rating a card is refused besides access to it (the cards module's refusals): with its status. */
export const REVIEW_REFUSAL_STATUS = {
  /** A worksheet or the corrections card: not part of the reviews. */
  not_reviewable: 409,
} as const satisfies Record<string, 409>;

/** The status and Dutch message of a refused review: access to the card, or not a card to review. */
export function reviewRefusal(reason: StudyRefusal | keyof typeof REVIEW_REFUSAL_STATUS) {
  return reason === 'not_reviewable'
    ? { status: REVIEW_REFUSAL_STATUS.not_reviewable, message: REVIEW_MESSAGES.NOT_REVIEWABLE }
    : studyRefusal(reason, 'card');
}
