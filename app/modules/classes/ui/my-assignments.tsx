import { Link } from 'react-router';
import { formatExamDate } from '#app/modules/planner/index.ts';
import { ASSIGNMENT_STATUS_LABELS } from '../domain/assignments.ts';
import type { MyAssignmentView } from '../schemas/assignments.ts';

/** The pupil's open assignments in "Vandaag" (issue 31): what, from whom, by when, and a link to do it. */
export function MyAssignments({ assignments }: { assignments: readonly MyAssignmentView[] }) {
  if (assignments.length === 0) return null;
  return (
    <section aria-labelledby="assignments-title" className="mt-8 rounded-2xl border-2 border-brand/30 bg-white p-5">
      <h2 id="assignments-title" className="text-xl font-bold">
        Opdrachten van je docent
      </h2>
      <ul className="mt-3 grid gap-3">
        {assignments.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-surface p-3">
            <span>
              <Link to={a.href} className="font-semibold underline">
                {a.title}
              </Link>
              <span className="block text-sm text-ink-soft">
                {a.teacher ? `Van ${a.teacher}, ` : ''}
                {a.className}
                {a.dueOn ? ` · klaar op ${formatExamDate(a.dueOn)}` : ' · tot je examen'}
              </span>
            </span>
            <span
              className={`rounded-full px-3 py-1 text-sm font-semibold ${
                a.status === 'reopened' ? 'bg-danger-soft text-danger' : 'bg-white text-ink'
              }`}
            >
              {a.status === 'reopened'
                ? 'Weer open: je kans op de examendag zakte'
                : ASSIGNMENT_STATUS_LABELS[a.status]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
