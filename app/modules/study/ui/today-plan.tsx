import { Link } from 'react-router';
import { AREA_PATH } from '#app/platform/brand.ts';
import { PLAN_PATH } from '#app/modules/study/domain/study-paths.ts';
import type { PlannedCardView, TodayPlanView } from '#app/modules/study/schemas/plan.ts';

/** Only the first few of each list are shown; the rest follow as these are done. */
const SHOWN = 8;

const percent = (recall: number) => `${Math.round(recall * 100)} %`;
const cards = (n: number) => `${n} ${n === 1 ? 'kaart' : 'kaarten'}`;

function CardList({ list, label }: { list: readonly PlannedCardView[]; label: string }) {
  const shown = list.slice(0, SHOWN);
  const more = list.length - shown.length;
  return (
    <>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2" aria-label={label}>
        {shown.map((card) => (
          <li key={card.cardId}>
            <Link
              to={`${AREA_PATH}/kaart/${card.cardId}`}
              preventScrollReset
              className="flex h-full flex-col rounded-xl border-2 border-transparent bg-white px-4 py-3 hover:border-brand focus-visible:outline-3 focus-visible:outline-focus"
            >
              <span className="font-semibold">{card.title}</span>
              <span className="text-sm text-ink-soft">
                {card.subject.name}
                {card.recallNow !== null && card.recallOnExam !== null
                  ? ` · nu ${percent(card.recallNow)} · op je examen ${percent(card.recallOnExam)} zonder herhaling`
                  : ' · nieuw'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="mt-2 text-sm text-ink-soft">En nog {cards(more)} daarna.</p> : null}
    </>
  );
}

/**
 * Today's plan (issue 20) on the area home: the reviews and new cards that fit what is left of the
 * pupil's minutes, aimed at their exam mornings, each opened over the home. Calm on purpose: no streaks,
 * no red numbers; what does not fit is said plainly, with what would fit it.
 */
export function TodayPlan({ plan }: { plan: TodayPlanView }) {
  const { reviews, newCards } = plan;
  const empty = reviews.length === 0 && newCards.length === 0;
  return (
    <section aria-labelledby="today-plan" className="mt-8 rounded-2xl bg-brand-soft p-5 sm:p-6">
      <h2 id="today-plan" className="text-xl font-bold">
        Vandaag{empty ? '' : ` (±${plan.minutes} min)`}
      </h2>
      <p className="mt-1 text-ink-soft">
        {plan.reviewedToday > 0
          ? `Je deed vandaag al ${cards(plan.reviewedToday)} (±${plan.spentMinutes} min van je ${plan.budgetMinutes}). `
          : ''}
        {empty
          ? plan.reviewedToday > 0
            ? 'Klaar voor vandaag: morgen staat er weer wat klaar.'
            : 'Er staat vandaag niets klaar. Kies een vak hieronder om nieuwe kaarten te lezen.'
          : 'Gericht op je examens: open een kaart, lees hem en kies hoe goed je hem wist.'}
      </p>
      {reviews.length > 0 ? (
        <section aria-labelledby="today-reviews" className="mt-4">
          <h3 id="today-reviews" className="font-bold">
            Herhalen: {cards(reviews.length)}
          </h3>
          <CardList list={reviews} label="Kaarten om te herhalen" />
        </section>
      ) : null}
      {newCards.length > 0 ? (
        <section aria-labelledby="today-new" className="mt-4">
          <h3 id="today-new" className="font-bold">
            Nieuw: {cards(newCards.length)}
          </h3>
          <CardList list={newCards} label="Nieuwe kaarten" />
        </section>
      ) : null}
      {plan.notice ? <p className="mt-4 rounded-xl bg-white px-4 py-3">{plan.notice}</p> : null}
      <p className="mt-4">
        <Link to={PLAN_PATH} className="font-semibold text-brand-dark underline underline-offset-4">
          Mijn planning: examendata en minuten per dag
        </Link>
      </p>
    </section>
  );
}
