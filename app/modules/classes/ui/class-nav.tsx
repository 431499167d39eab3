import { Link, NavLink } from 'react-router';
import { AREA_PATHS } from '#app/platform/area-paths.ts';
import { levelLabel } from '#app/platform/levels.ts';
import { schoolYearLabel } from '../domain/classes.ts';
import { CLASS_MESSAGES } from '../domain/messages.ts';
import type { TaughtClassView } from '../schemas/classes.ts';

export const classPath = (
  classId: number,
  part: '' | 'leden' | 'opdrachten' | 'export.csv' | 'wat-ziet-mijn-docent' = '',
) => `${AREA_PATHS.classes}/${classId}${part ? `/${part}` : ''}`;
export const pupilPath = (classId: number, userId: string) =>
  `${AREA_PATHS.classes}/${classId}/leerlingen/${encodeURIComponent(userId)}`;

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-t-xl border-b-4 px-4 py-2 font-semibold focus-visible:outline-3 focus-visible:outline-focus ${
    isActive ? 'border-brand text-brand-dark' : 'border-transparent text-ink-soft hover:text-ink'
  }`;

/** A teacher's class: its name and facts, and its two pages (the overview, the pupils and the code). */
export function ClassHeader({ c }: { c: TaughtClassView }) {
  return (
    <>
      <p className="text-sm">
        <Link to={AREA_PATHS.classes} className="underline">
          Mijn klassen
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-brand-dark md:text-4xl">{c.name}</h1>
      <p className="mt-2 text-lg text-ink-soft">
        {levelLabel(c.level)} · examen {c.examYear} · {c.school.name} · {schoolYearLabel(c.schoolYear)}
      </p>
      {c.archived ? (
        <p role="note" className="mt-4 rounded-xl bg-surface px-4 py-3 font-semibold">
          {CLASS_MESSAGES.ARCHIVED}
        </p>
      ) : null}
      <nav aria-label="Klas" className="mt-6 flex gap-2 overflow-x-auto border-b-2 border-ink/10">
        <NavLink to={classPath(c.id)} end className={tabClass}>
          Overzicht
        </NavLink>
        <NavLink to={classPath(c.id, 'opdrachten')} className={tabClass}>
          Opdrachten
        </NavLink>
        <NavLink to={classPath(c.id, 'leden')} className={tabClass}>
          Leerlingen en klascode{c.waiting > 0 ? ` (${c.waiting} wacht)` : ''}
        </NavLink>
      </nav>
    </>
  );
}
