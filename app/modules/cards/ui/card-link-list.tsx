import { Link } from 'react-router';
import { AREA_PATH } from '#app/platform/brand.ts';

export interface CardLinkItem {
  cardId: number;
  title: string;
  /** The line under the title: the subject and what the card's recall is. */
  detail: string;
}

/**
 * Cards to study on the area home (today's plan, the due queue), each opened over the home; the first
 * `shown` are listed and the rest counted, as they follow once these are done.
 */
export function CardLinkList({
  cards,
  total = cards.length,
  label,
  shown = 8,
}: {
  cards: readonly CardLinkItem[];
  /** How many there are, also beyond `cards` (an API that lists the first ones). */
  total?: number;
  label?: string;
  shown?: number;
}) {
  const listed = cards.slice(0, shown);
  const more = total - listed.length;
  return (
    <>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2" {...(label ? { 'aria-label': label } : {})}>
        {listed.map((card) => (
          <li key={card.cardId}>
            <Link
              to={`${AREA_PATH}/kaart/${card.cardId}`}
              preventScrollReset
              className="flex h-full flex-col rounded-xl border-2 border-transparent bg-white px-4 py-3 hover:border-brand focus-visible:outline-3 focus-visible:outline-focus"
            >
              <span className="font-semibold">{card.title}</span>
              <span className="text-sm text-ink-soft">{card.detail}</span>
            </Link>
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="mt-2 text-sm text-ink-soft">
          En nog {more} {more === 1 ? 'kaart' : 'kaarten'} daarna.
        </p>
      ) : null}
    </>
  );
}
