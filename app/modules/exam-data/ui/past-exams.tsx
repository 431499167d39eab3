/**
 * A subject's past exams (issue 35): per year and tijdvak the exam, its correctievoorschrift and its normering on
 * Examenblad, as staff published them. Nothing when there are none.
 */
import type { PastExamRecord } from '../domain/reference.ts';

const TIJDVAK = { 1: 'tijdvak 1', 2: 'tijdvak 2 (herkansing)', 3: 'tijdvak 3' } as const;

export function PastExamLinks({ exams, subjectName }: { exams: readonly PastExamRecord[]; subjectName: string }) {
  if (exams.length === 0) return null;
  const link = 'font-semibold underline underline-offset-4';
  return (
    <section aria-labelledby="oude-examens">
      <h2 id="oude-examens" className="mb-1 text-xl font-bold">
        Oude examens
      </h2>
      <p className="mb-3 max-w-3xl text-sm text-ink-soft">
        Oefen met echte examens van {subjectName}. De links gaan naar Examenblad, de site van het College voor Toetsen
        en Examens. Vul je score daarna in bij Mijn cijfers: dan telt hij mee in je verwachte cijfer.
      </p>
      <ul className="grid gap-2">
        {exams.map((exam) => (
          <li key={`${exam.year}:${exam.tijdvak}`} className="rounded-xl bg-surface px-4 py-3">
            <span className="font-bold">
              {exam.year}, {TIJDVAK[exam.tijdvak]}:
            </span>{' '}
            <a href={exam.examUrl} className={link} rel="noopener">
              examen
            </a>
            {' · '}
            <a href={exam.correctionUrl} className={link} rel="noopener">
              correctievoorschrift
            </a>
            {' · '}
            <a href={exam.normingUrl} className={link} rel="noopener">
              normering
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
