import { Link } from 'react-router';
import type { Route } from './+types/exam-data';
import { scopeContext } from '#app/context.ts';
import { mayUse } from '#app/modules/backoffice/index.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import {
  EXAM_DATA_KIND_LABELS,
  EXAM_DATA_KINDS,
  referenceCode,
  type ExamDataListView,
  type ExamTimetable,
  type NTermRecord,
} from '#app/modules/exam-data/index.ts';
import { EXAM_DATA_PATHS, longDate } from '#app/modules/backoffice-exam-data/index.ts';
import { listExamData } from '#app/modules/backoffice-exam-data/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { buttonClass } from '#app/ui/primitives/button.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Examengegevens') },
  { name: 'robots', content: 'noindex' },
];

/**
 * `/beheer/examengegevens` (BACKOFFICE_ACCESS.listExamData): the CvTE timetables, the N-terms and the past exams,
 * each with its published version and a change waiting for approval.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const [list, access] = await Promise.all([listExamData(scope), staffAccess(scope, request.headers, 'listExamData')]);
  return { ...list, mayPropose: access.ok && mayUse(access.value.role, 'proposeExamData') };
}

type Row = ExamDataListView['records'][number];
const HEADINGS = { timetable: 'Examenroosters', 'n-term': 'N-termen', 'past-exam': 'Oude examens' } as const;

function describe(record: Row): string {
  const payload = record.published?.payload ?? record.pending?.payload;
  if (!payload) return '';
  if (record.kind === 'timetable') {
    const t = payload as unknown as ExamTimetable;
    return `${referenceCode(t.reference)} · eerste tijdvak vanaf ${longDate(t.firstPeriod.from)} · ${t.exams.length} examens`;
  }
  if (record.kind === 'n-term') {
    const n = payload as unknown as NTermRecord;
    return `N = ${n.n.toLocaleString('nl-NL', { minimumFractionDigits: 1 })} · maximaal ${n.maxScore} punten`;
  }
  return 'examen, correctievoorschrift en normering';
}

export default function ExamDataPage({ loaderData }: Route.ComponentProps) {
  const { records, mayPropose } = loaderData;
  const waiting = records.filter((record) => record.pending);
  return (
    <section className="max-w-5xl">
      <h1 className="text-3xl font-extrabold text-brand-dark">Examengegevens</h1>
      <p className="mt-3 max-w-3xl">
        De examenroosters, N-termen en oude examens van het CvTE, met hun bron. Elke wijziging is een nieuwe versie en
        wordt pas gepubliceerd als een tweede medewerker hem goedkeurt. Planningen, de cijferberekening en de
        vakpagina's gebruiken alleen gepubliceerde versies.
      </p>
      {mayPropose ? (
        <p className="mt-4 flex flex-wrap gap-3">
          <Link to={EXAM_DATA_PATHS.timetable()} className={buttonClass('primary')}>
            Examenrooster invoeren
          </Link>
          <Link to={EXAM_DATA_PATHS.nTerm} className={buttonClass('secondary')}>
            N-term invoeren
          </Link>
          <Link to={EXAM_DATA_PATHS.pastExam} className={buttonClass('secondary')}>
            Oud examen toevoegen
          </Link>
        </p>
      ) : null}
      <h2 className="mt-8 text-xl font-bold">Wacht op goedkeuring ({waiting.length})</h2>
      {waiting.length === 0 ? (
        <p className="mt-2">Er wacht geen wijziging.</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {waiting.map((record) => (
            <li key={`${record.kind}:${record.key}`}>
              <Link to={EXAM_DATA_PATHS.change(record.pending!.id)} className="font-semibold underline">
                {record.title}, versie {record.pending!.version}
              </Link>{' '}
              · voorgesteld door {record.pending!.proposedBy ?? 'de contentbestanden'}
            </li>
          ))}
        </ul>
      )}
      {EXAM_DATA_KINDS.map((kind) => {
        const ofKind = records.filter((record) => record.kind === kind);
        return (
          <div key={kind}>
            <h2 className="mt-8 text-xl font-bold">{HEADINGS[kind]}</h2>
            {ofKind.length === 0 ? (
              <p className="mt-2">Nog geen {EXAM_DATA_KIND_LABELS[kind].toLowerCase()}-gegevens.</p>
            ) : (
              <div className="mt-2 overflow-x-auto">
                <table className="w-full text-left">
                  <caption className="sr-only">{HEADINGS[kind]} met hun gepubliceerde versie</caption>
                  <thead>
                    <tr>
                      <th scope="col">Gegevens</th>
                      <th scope="col">Gepubliceerd</th>
                      <th scope="col">Wachtend</th>
                    </tr>
                  </thead>
                  <tbody>
                    {ofKind.map((record) => (
                      <tr key={record.key} className="border-t border-ink/10 align-top">
                        <td className="py-2 pr-3">
                          <span className="font-semibold">{record.title}</span>
                          <span className="block text-sm">{describe(record)}</span>
                        </td>
                        <td className="py-2 pr-3">
                          {record.published ? (
                            <Link to={EXAM_DATA_PATHS.change(record.published.id)} className="underline">
                              versie {record.published.version}
                            </Link>
                          ) : (
                            'nog niet'
                          )}
                        </td>
                        <td className="py-2">
                          {record.pending ? (
                            <Link to={EXAM_DATA_PATHS.change(record.pending.id)} className="underline">
                              versie {record.pending.version}
                            </Link>
                          ) : (
                            '–'
                          )}
                          {kind === 'timetable' && mayPropose && !record.pending ? (
                            <>
                              {' · '}
                              <Link to={EXAM_DATA_PATHS.timetable(Number(record.key))} className="underline">
                                wijzigen
                              </Link>
                            </>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        );
      })}
    </section>
  );
}
