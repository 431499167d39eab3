import { Link } from 'react-router';
import { PLAN_PATH } from '#app/platform/study-paths.ts';
import type { PlannedCardView, TodayPlanView } from '#app/modules/planner/schemas/plan.ts';
import { CardLinkList } from '#app/modules/cards/ui.ts';

const percent = (recall: number) => `${Math.round(recall * 100)} %`;
const cards = (n: number) => `${n} ${n === 1 ? 'kaart' : 'kaarten'}`;

const detail = (card: PlannedCardView) =>
  card.recallNow !== null && card.recallOnExam !== null
    ? `${card.subject.name} · nu ${percent(card.recallNow)} · op je examen ${percent(card.recallOnExam)} zonder herhaling`
    : `${card.subject.name} · nieuw`;

/** One of today's lists ("Herhalen", "Nieuw"), when it has cards. */
function PlanList({
  id,
  title,
  label,
  list,
}: {
  id: string;
  title: string;
  label: string;
  list: readonly PlannedCardView[];
}) {
  if (list.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-4">
      <h3 id={id} className="font-bold">
        {title}: {cards(list.length)}
      </h3>
      <CardLinkList
        cards={list.map((card) => ({ cardId: card.cardId, title: card.title, detail: detail(card) }))}
        label={label}
      />
    </section>
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
      <PlanList id="today-reviews" title="Herhalen" label="Kaarten om te herhalen" list={reviews} />
      <PlanList id="today-new" title="Nieuw" label="Nieuwe kaarten" list={newCards} />
      {plan.notice ? <p className="mt-4 rounded-xl bg-white px-4 py-3">{plan.notice}</p> : null}
      <p className="mt-4">
        <Link to={PLAN_PATH} className="font-semibold text-brand-dark underline underline-offset-4">
          Mijn planning: examendata en minuten per dag
        </Link>
      </p>
    </section>
  );
}
