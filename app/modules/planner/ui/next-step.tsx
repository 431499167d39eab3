import { Link } from 'react-router';
import type { NextStepView } from '#app/modules/planner/schemas/plan.ts';

/**
 * "Wat nu?" (issue 20): the one step that gains the most exam points a minute, with its reason, on the
 * area home and a subject's page. One suggestion, calm: no counters, no pressure.
 */
export function NextStep({ next, showSubject = false }: { next: NextStepView; showSubject?: boolean }) {
  const { best } = next;
  return (
    <section aria-labelledby="next-step" className="mt-6 rounded-2xl border-2 border-brand/30 bg-white p-5">
      <h2 id="next-step" className="text-sm font-semibold tracking-wide text-brand-dark uppercase">
        Wat nu?
      </h2>
      {best.kind === 'done' ? (
        <p className="mt-1 text-lg font-bold">{best.text}</p>
      ) : (
        <p className="mt-1 text-lg font-bold">
          <Link
            to={best.href}
            preventScrollReset={/\/(kaart\/|herhalen)/.test(best.href)}
            className="underline decoration-2 underline-offset-4 hover:text-brand-dark focus-visible:outline-3 focus-visible:outline-focus"
          >
            {best.text}
          </Link>
          {showSubject && best.subject ? (
            <span className="font-normal text-ink-soft"> · {best.subject.name}</span>
          ) : null}
        </p>
      )}
      <p className="mt-1 text-ink-soft">{best.reason}</p>
    </section>
  );
}
