import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/calibration';
import { scopeContext } from '#app/context.ts';
import { mayUse } from '#app/modules/backoffice/index.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import {
  BIN_WIDTH,
  CE_BASIS_LABELS,
  MIN_ELAPSED_DAYS,
  PREDICTION_SET_LABELS,
  PREDICTION_SETS,
  type CalibrationReport,
} from '#app/modules/calibration/index.ts';
import { calibrationReport, requestCalibration } from '#app/modules/calibration/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { TableScroll } from '#app/ui/primitives/table-scroll.tsx';

/**
 * The figures' tables: a gap between columns (numbers of two columns never run together at 390 px), numbers
 * unbroken, and a row header wide enough to wrap in two lines at most.
 */
const FIGURES_TABLE =
  'w-full text-left tabular-nums [&_:is(td,th)+:is(td,th)]:pl-4 [&_td]:whitespace-nowrap [&_th[scope=col]]:whitespace-nowrap [&_th[scope=row]]:min-w-44';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Kalibratie van de voorspellingen') },
  { name: 'robots', content: 'noindex' },
];

/** `/beheer/kalibratie` (BACKOFFICE_ACCESS.viewCalibration): how the plan's recall predictions came true. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const access = await staffAccess(scope, request.headers, 'viewCalibration');
  if (!access.ok) throw data(access.message, { status: 403 });
  return { report: await calibrationReport(scope), mayRun: mayUse(access.value.role, 'runCalibration') };
}

/** "Nu berekenen" (BACKOFFICE_ACCESS.runCalibration): queues a run. */
export async function action({ request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const access = await staffAccess(scope, request.headers, 'runCalibration');
  if (!access.ok) throw data(access.message, { status: 403 });
  return requestCalibration(scope, access.value);
}

const percent = (share: number) => `${(share * 100).toLocaleString('nl-NL', { maximumFractionDigits: 1 })} %`;
const decimal = (value: number) =>
  value.toLocaleString('nl-NL', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const when = (iso: string) =>
  new Date(iso).toLocaleString('nl-NL', { timeZone: 'Europe/Amsterdam', dateStyle: 'medium', timeStyle: 'short' });
const TRIGGER_LABELS = { nightly: 'nachtelijke run', staff: 'door een medewerker gestart' } as const;

type Figures = NonNullable<CalibrationReport['latest']>['figures'][number];
type CeFigures = NonNullable<CalibrationReport['latest']>['ceBands'][number];
const gradePoints = (value: number) =>
  value.toLocaleString('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export default function CalibrationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { report, mayRun } = loaderData;
  const busy = useNavigation().state !== 'idle';
  const latest = report.latest;
  const overall = latest?.figures.filter((f) => f.subjectId === null) ?? [];
  const perSubject = latest?.figures.filter((f) => f.subjectId !== null) ?? [];
  const bins = overall.find((f) => f.predictions === 'defaults')?.bins ?? [];
  return (
    <section className="max-w-5xl">
      <h1 className="text-3xl font-extrabold text-brand-dark">Kalibratie van de voorspellingen</h1>
      <p className="mt-3 max-w-3xl">
        Elke herhaling toetst een voorspelling: de kans dat de leerling de kaart nog weet, zoals de planning die
        berekent, tegen wat de leerling antwoordde (Opnieuw: niet geweten). Lager is beter bij beide maten: de{' '}
        <strong>log loss</strong> en de <strong>RMSE over kansvakken</strong> van {percent(BIN_WIDTH)} (0 is perfect
        gekalibreerd). Alleen herhalingen minstens {MIN_ELAPSED_DAYS} dag na de vorige tellen mee.
      </p>
      {mayRun ? (
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            Nu berekenen
          </Button>
          {actionData ? (
            <p role="status" className="font-semibold">
              {actionData.message}
            </p>
          ) : null}
        </Form>
      ) : null}
      {!latest ? (
        <p className="mt-6" role="status">
          Er is nog geen berekening gemaakt. De eerste volgt vannacht om 03:47
          {mayRun ? ', of meteen met “Nu berekenen”' : ''}.
        </p>
      ) : (
        <>
          <p className="mt-6">
            Laatste berekening: {when(latest.ranAt)} ({TRIGGER_LABELS[latest.trigger]}),{' '}
            {latest.pupils.toLocaleString('nl-NL')} leerlingen, {latest.reviews.toLocaleString('nl-NL')} herhalingen.
          </p>
          <h2 className="mt-8 text-xl font-bold">Alle vakken</h2>
          <FiguresTable
            caption="Alle vakken, per set voorspellingen"
            rows={overall}
            label={(f) => PREDICTION_SET_LABELS[f.predictions]}
          />
          {overall.some((f) => f.predictions === 'fitted') ? null : (
            <p className="mt-2 text-sm">
              Nog geen leerling heeft eigen parameters met herhalingen daarna: de sets met eigen parameters ontbreken.
            </p>
          )}
          <h2 className="mt-8 text-xl font-bold">Per vak</h2>
          <FiguresTable
            caption="Per vak, per set voorspellingen"
            rows={[...perSubject].sort(
              (a, b) =>
                a.subjectName.localeCompare(b.subjectName, 'nl') ||
                PREDICTION_SETS.indexOf(a.predictions) - PREDICTION_SETS.indexOf(b.predictions),
            )}
            label={(f) => `${f.subjectName}: ${PREDICTION_SET_LABELS[f.predictions]}`}
          />
          <h2 className="mt-8 text-xl font-bold">Voorspeld tegen geweten (FSRS-6-standaard, alle vakken)</h2>
          <TableScroll className="mt-3">
            <table className={FIGURES_TABLE}>
              <caption className="sr-only">
                Per kansvak: voorspelde en werkelijke kans dat de kaart geweten werd
              </caption>
              <thead>
                <tr>
                  <th scope="col">Voorspelde kans</th>
                  <th scope="col" className="text-right">
                    Herhalingen
                  </th>
                  <th scope="col" className="text-right">
                    Gemiddeld voorspeld
                  </th>
                  <th scope="col" className="text-right">
                    Werkelijk geweten
                  </th>
                </tr>
              </thead>
              <tbody>
                {bins.map((bin) => (
                  <tr key={bin.from} className="border-t border-ink/10">
                    <td className="py-1 pr-3">
                      {percent(bin.from)} – {percent(bin.from + BIN_WIDTH)}
                    </td>
                    <td className="py-1 text-right">{bin.n.toLocaleString('nl-NL')}</td>
                    <td className="py-1 text-right">{percent(bin.predicted)}</td>
                    <td className="py-1 text-right">{percent(bin.recalled)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <CeBands rows={latest.ceBands} />
        </>
      )}
      {report.history.length > 1 ? (
        <>
          <h2 className="mt-8 text-xl font-bold">Eerdere berekeningen</h2>
          <TableScroll className="mt-3">
            <table className={FIGURES_TABLE}>
              <caption className="sr-only">De laatste {report.history.length} berekeningen, alle vakken</caption>
              <thead>
                <tr>
                  <th scope="col">Wanneer</th>
                  <th scope="col">Set</th>
                  <th scope="col" className="text-right">
                    Herhalingen
                  </th>
                  <th scope="col" className="text-right">
                    Log loss
                  </th>
                  <th scope="col" className="text-right">
                    RMSE
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.history.flatMap((run) =>
                  run.overall.map((f) => (
                    <tr key={`${run.id}-${f.predictions}`} className="border-t border-ink/10">
                      <td className="py-1 pr-3">{when(run.ranAt)}</td>
                      <td className="py-1 pr-3">{PREDICTION_SET_LABELS[f.predictions]}</td>
                      <td className="py-1 text-right">{f.reviews.toLocaleString('nl-NL')}</td>
                      <td className="py-1 text-right">{decimal(f.logLoss)}</td>
                      <td className="py-1 text-right">{decimal(f.rmseBins)}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </TableScroll>
        </>
      ) : null}
    </section>
  );
}

function FiguresTable({ caption, rows, label }: { caption: string; rows: Figures[]; label: (f: Figures) => string }) {
  return (
    <TableScroll className="mt-3">
      <table className={FIGURES_TABLE}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Set</th>
            <th scope="col" className="text-right">
              Herhalingen
            </th>
            <th scope="col" className="text-right">
              Log loss
            </th>
            <th scope="col" className="text-right">
              RMSE
            </th>
            <th scope="col" className="text-right">
              Voorspeld
            </th>
            <th scope="col" className="text-right">
              Geweten
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((f) => (
            <tr key={`${f.subjectId ?? 'alle'}-${f.predictions}`} className="border-t border-ink/10 align-top">
              <th scope="row" className="py-1 pr-3 text-left font-normal">
                {label(f)}
              </th>
              <td className="py-1 text-right">{f.reviews.toLocaleString('nl-NL')}</td>
              <td className="py-1 text-right">{decimal(f.logLoss)}</td>
              <td className="py-1 text-right">{decimal(f.rmseBins)}</td>
              <td className="py-1 text-right">{percent(f.predicted)}</td>
              <td className="py-1 text-right">{percent(f.recalled)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * The predicted CE grade's band against the CE grades pupils entered after their exams (ADR 032): per basis, for
 * every subject together and per subject; or, before any pupil entered one, an honest empty state.
 */
function CeBands({ rows }: { rows: CeFigures[] }) {
  return (
    <>
      <h2 className="mt-8 text-xl font-bold">Verwacht CE-cijfer tegen het echte CE-cijfer</h2>
      <p className="mt-2 max-w-3xl">
        Leerlingen vullen na hun uitslag hun echte CE-cijfer in. We vergelijken het met de verwachting die ze vóór hun
        examen hadden: hoe vaak viel het cijfer binnen de marge, en hoeveel punten zat de verwachting er gemiddeld
        naast. Echte cijfers zonder verwachting vooraf tellen apart.
      </p>
      {rows.length === 0 ? (
        <p className="mt-3" data-testid="ce-leeg">
          Nog geen leerling heeft een echt CE-cijfer ingevuld: er valt nog niets te vergelijken.
        </p>
      ) : (
        <TableScroll className="mt-3">
          <table className={FIGURES_TABLE}>
            <caption className="sr-only">Verwacht CE-cijfer tegen het echte CE-cijfer, per basis en per vak</caption>
            <thead>
              <tr>
                <th scope="col">Vak en basis van de verwachting</th>
                <th scope="col" className="text-right">
                  Echte cijfers
                </th>
                <th scope="col" className="text-right">
                  Binnen de marge
                </th>
                <th scope="col" className="text-right">
                  Aandeel binnen
                </th>
                <th scope="col" className="text-right">
                  Gemiddeld ernaast (punten)
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((f) => (
                <tr key={`${f.level ?? ''}-${f.subject ?? 'alle'}-${f.basis}`} className="border-t border-ink/10">
                  <th scope="row" className="py-1 pr-3 text-left font-normal">
                    {f.subjectName}: {CE_BASIS_LABELS[f.basis]}
                  </th>
                  <td className="py-1 text-right">{f.grades.toLocaleString('nl-NL')}</td>
                  <td className="py-1 text-right">{f.inside === null ? '–' : f.inside.toLocaleString('nl-NL')}</td>
                  <td className="py-1 text-right">{f.share === null ? '–' : percent(f.share)}</td>
                  <td className="py-1 text-right">{f.meanAbsError === null ? '–' : gradePoints(f.meanAbsError)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
