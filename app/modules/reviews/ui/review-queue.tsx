import type { ReviewQueueView } from '#app/modules/reviews/schemas/review.ts';
import { CardLinkList } from '#app/modules/cards/ui.ts';

const percent = (recall: number) => `${Math.round(recall * 100)} %`;

/**
 * The cards due for review now (issue 20), on the area home of a pupil without a plan (no exam year):
 * how many, about how long, and the cards themselves, each opened over the home. Calm on purpose: no
 * streaks, no red numbers, no guilt.
 */
export function ReviewQueue({ queue }: { queue: ReviewQueueView }) {
  return (
    <section aria-labelledby="review-queue" className="mt-8 rounded-2xl bg-brand-soft p-5 sm:p-6">
      <h2 id="review-queue" className="text-xl font-bold">
        Herhalen: {queue.total} {queue.total === 1 ? 'kaart' : 'kaarten'} (±{queue.minutes} min)
      </h2>
      <p className="mt-1 text-ink-soft">
        Deze kaarten zakken weg als je ze nu niet herhaalt. Open er een, lees hem en kies hoe goed je hem wist.
      </p>
      <CardLinkList
        cards={queue.cards.map((card) => ({
          cardId: card.cardId,
          title: card.title,
          detail: `${card.subject.name} · nu nog ${percent(card.recallNow)} kans dat je het weet`,
        }))}
        total={queue.total}
      />
    </section>
  );
}
