import { Link } from 'react-router';
import { AREA_PATH } from '#app/platform/brand.ts';
import type { ReviewQueueView } from '#app/modules/study/schemas/study.ts';

/** Only the first few are listed on the home; the rest follow as these are done. */
const SHOWN = 8;

const percent = (recall: number) => `${Math.round(recall * 100)} %`;

/**
 * The cards due for review now (issue 20), on the area home: how many, about how long, and the cards
 * themselves, each opened over the home. Calm on purpose: no streaks, no red numbers, no guilt.
 */
export function ReviewQueue({ queue }: { queue: ReviewQueueView }) {
  const shown = queue.cards.slice(0, SHOWN);
  const more = queue.total - shown.length;
  return (
    <section aria-labelledby="review-queue" className="mt-8 rounded-2xl bg-brand-soft p-5 sm:p-6">
      <h2 id="review-queue" className="text-xl font-bold">
        Herhalen: {queue.total} {queue.total === 1 ? 'kaart' : 'kaarten'} (±{queue.minutes} min)
      </h2>
      <p className="mt-1 text-ink-soft">
        Deze kaarten zakken weg als je ze nu niet herhaalt. Open er een, lees hem en kies hoe goed je hem wist.
      </p>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2">
        {shown.map((card) => (
          <li key={card.cardId}>
            <Link
              to={`${AREA_PATH}/kaart/${card.cardId}`}
              preventScrollReset
              className="flex h-full flex-col rounded-xl border-2 border-transparent bg-white px-4 py-3 hover:border-brand focus-visible:outline-3 focus-visible:outline-focus"
            >
              <span className="font-semibold">{card.title}</span>
              <span className="text-sm text-ink-soft">
                {card.subject.name} · nu nog {percent(card.recallNow)} kans dat je het weet
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="mt-3 text-sm text-ink-soft">
          En nog {more} {more === 1 ? 'kaart' : 'kaarten'} daarna.
        </p>
      ) : null}
    </section>
  );
}
