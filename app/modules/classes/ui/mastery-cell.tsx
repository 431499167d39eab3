import { MASTERY_LABELS, percent, type Mastery } from '../domain/dashboard.ts';

/** Each level's colour; the level is always written out too (never colour alone). */
export const LEVEL_TONES: Readonly<Record<Mastery, string>> = {
  nieuw: 'bg-surface text-ink-soft',
  geoefend: 'bg-danger-soft text-danger',
  bekend: 'bg-accent/30 text-ink',
  vaardig: 'bg-success-soft text-success',
  beheerst: 'bg-success text-white',
};

/** A topic of one pupil: the level and the predicted recall on the exam morning, marked when below target. */
export function MasteryCell({ level, recallExam, target }: { level: Mastery; recallExam: number; target: number }) {
  const below = recallExam < target;
  return (
    <span className={`block rounded-lg px-2 py-1 text-center text-sm leading-tight ${LEVEL_TONES[level]}`}>
      <span className="block font-semibold">{MASTERY_LABELS[level]}</span>
      <span className="block tabular-nums">
        {below ? <span aria-hidden="true">▼ </span> : null}
        {percent(recallExam)}
        <span className="sr-only">{below ? ' op de examendag, onder het doel' : ' op de examendag'}</span>
      </span>
    </span>
  );
}

/** The legend of the levels, with the target. */
export function MasteryLegend({ target }: { target: number }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
      {(Object.keys(MASTERY_LABELS) as Mastery[]).map((level) => (
        <span key={level} className={`rounded-full px-3 py-1 ${LEVEL_TONES[level]}`}>
          {MASTERY_LABELS[level]}
        </span>
      ))}
      <span className="text-ink-soft">
        Het percentage is de voorspelde kans dat de leerling de kaarten nog weet op de ochtend van het examen. ▼: onder
        het doel van {percent(target)}.
      </span>
    </div>
  );
}
