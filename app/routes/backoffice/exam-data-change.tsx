import { data, Form, Link } from 'react-router';
import type { Route } from './+types/exam-data-change';
import { scopeContext } from '#app/context.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import {
  changeParamsSchema,
  EXAM_DATA_MESSAGES as M,
  LEVEL_OPTIONS,
  rejectChangeSchema,
  sortedExams,
  VERSION_STATUS_LABELS,
  type ExamDataVersionView,
  type ExamTimetable,
  type NTermRecord,
  type PastExamRecord,
} from '#app/modules/exam-data/index.ts';
import { offeredSubjects } from '#app/modules/exam-data/index.server.ts';
import { EXAM_DATA_PATHS, longDate, moveSentence } from '#app/modules/backoffice-exam-data/index.ts';
import {
  approveChange,
  EXAM_DATA_REFUSAL_STATUS,
  examDataChange,
  rejectChange,
} from '#app/modules/backoffice-exam-data/index.server.ts';
import { errorsByName, fieldId, type FormRefusal } from '#app/modules/backoffice-exam-data/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { FieldError, fieldClass } from '#app/ui/primitives/text-field.tsx';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `${loaderData.change.title}, versie ${loaderData.change.version}` : 'Wijziging') },
  { name: 'robots', content: 'noindex' },
];

/**
 * `/beheer/examengegevens/wijzigingen/:id` (BACKOFFICE_ACCESS.listExamData): one version of a record, the published
 * one it would replace, and what publishing it does (the pupils whose exam date moves and their plans). A second
 * staff member approves or rejects it here (decideExamData); the proposer may withdraw it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const access = await staffAccess(scope, request.headers, 'listExamData');
  if (!access.ok) throw data(access.message, { status: 403 });
  const id = changeParamsSchema.safeParse(params);
  if (!id.success) throw data(M.NOT_FOUND, { status: 404 });
  const [found, subjects] = await Promise.all([
    examDataChange(scope, access.value, id.data.id),
    offeredSubjects(scope),
  ]);
  if (!found.ok) throw data(found.message, { status: 404 });
  return { ...found.value, names: Object.fromEntries([...subjects].map(([slug, subject]) => [slug, subject.name])) };
}

type Answer = { ok: true; message: string } | FormRefusal;

/** "Goedkeuren en publiceren" or "Afwijzen" (with a reason); both check the role and the rules again. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const access = await staffAccess(scope, request.headers, 'decideExamData');
  if (!access.ok) throw data(access.message, { status: 403 });
  const id = changeParamsSchema.safeParse(params);
  if (!id.success) throw data(M.NOT_FOUND, { status: 404 });
  const form = await request.formData();
  const values = { reason: String(form.get('reason') ?? '') };
  if (form.get('intent') === 'approve') {
    const result = await approveChange(scope, access.value, id.data.id);
    if (!result.ok) {
      return data<Answer>(
        { ok: false, message: result.message, errors: { form: [result.message] }, values },
        { status: EXAM_DATA_REFUSAL_STATUS[result.reason] },
      );
    }
    return { ok: true, message: result.value.message } satisfies Answer;
  }
  const submission = parseForm(form, { schema: rejectChangeSchema });
  if (submission.status !== 'success') {
    const errors = errorsByName(submission.error);
    return data<Answer>({ ok: false, message: errors.reason?.[0] ?? M.REJECT_REASON, errors, values }, { status: 400 });
  }
  const result = await rejectChange(scope, access.value, id.data.id, submission.value.reason);
  if (!result.ok) {
    return data<Answer>(
      { ok: false, message: result.message, errors: { form: [result.message] }, values },
      { status: EXAM_DATA_REFUSAL_STATUS[result.reason] },
    );
  }
  return { ok: true, message: result.value.message } satisfies Answer;
}

/** "Verder schuift de datum van 212 vakken zonder leerlingen (examen 2028–2031)." */
function quietMoves(moves: readonly { examYear: number }[]): string {
  const years = [...new Set(moves.map((move) => move.examYear))].sort();
  const span = years.length > 1 ? `${years[0]}–${years.at(-1)}` : `${years[0]}`;
  return `Verder schuift de datum van ${moves.length} ${moves.length === 1 ? 'vak' : 'vakken'} waar nu geen leerlingen naar plannen (examen ${span}).`;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('nl-NL', { timeZone: 'Europe/Amsterdam', dateStyle: 'long', timeStyle: 'short' });
const levelLabel = (level: string) => LEVEL_OPTIONS.find((option) => option.value === level)?.label ?? level;
const period = (p: { from: string; to: string } | null | undefined) =>
  p ? `${longDate(p.from)} t/m ${longDate(p.to)}` : 'geen';

/** A timetable version's fields, beside the published one's where they differ. */
function TimetableCompare({
  next,
  current,
  names,
}: {
  next: ExamTimetable;
  current: ExamTimetable | null;
  names: Readonly<Record<string, string>>;
}) {
  const rows: [string, string, string | null][] = [
    ['Regeling', next.reference, current?.reference ?? null],
    [
      'Gepubliceerd op',
      next.publishedOn ? longDate(next.publishedOn) : 'onbekend',
      current ? (current.publishedOn ? longDate(current.publishedOn) : 'onbekend') : null,
    ],
    ['Bron', next.source, current?.source ?? null],
    ['Eerste tijdvak', period(next.firstPeriod), current ? period(current.firstPeriod) : null],
    ['Tweede tijdvak', period(next.secondPeriod), current ? period(current.secondPeriod) : null],
    [
      'Digitale examens',
      next.flexibleDigital
        ? `${period(next.flexibleDigital)} (${next.flexibleDigital.levels.map(levelLabel).join(', ')})`
        : 'geen',
      current
        ? current.flexibleDigital
          ? `${period(current.flexibleDigital)} (${current.flexibleDigital.levels.map(levelLabel).join(', ')})`
          : 'geen'
        : null,
    ],
  ];
  const before = new Map((current?.exams ?? []).map((exam) => [`${exam.subject}:${exam.level}`, exam]));
  return (
    <>
      <dl className="mt-3 grid max-w-4xl grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value, was]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="break-words">
              {value}
              {was !== null && was !== value ? <span className="block text-sm text-ink/80">was: {was}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 font-bold">Examens ({next.exams.length})</h3>
      {next.exams.length === 0 ? (
        <p className="mt-2">Geen examens met een eigen dag: elk vak plant naar het begin van het eerste tijdvak.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Examens in deze versie, met wat verandert</caption>
            <thead>
              <tr>
                <th scope="col">Vak</th>
                <th scope="col">Niveau</th>
                <th scope="col">Dag en tijd</th>
                <th scope="col">Was</th>
              </tr>
            </thead>
            <tbody>
              {sortedExams(next.exams).map((exam) => {
                const was = before.get(`${exam.subject}:${exam.level}`);
                const now = `${longDate(exam.date)}, ${exam.start}–${exam.end}`;
                const then = was ? `${longDate(was.date)}, ${was.start}–${was.end}` : current ? 'nieuw' : '–';
                return (
                  <tr key={`${exam.subject}:${exam.level}`} className="border-t border-ink/10 align-top">
                    <td className="py-2 pr-3">{names[exam.subject] ?? exam.subject}</td>
                    <td className="py-2 pr-3">{levelLabel(exam.level)}</td>
                    <td className="py-2 pr-3">{now}</td>
                    <td className="py-2">{then === now ? 'ongewijzigd' : then}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function ExamRecord({ version }: { version: ExamDataVersionView }) {
  if (version.kind === 'n-term') {
    const n = version.payload as unknown as NTermRecord;
    return (
      <dl className="mt-3 grid max-w-3xl grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
        <dt className="font-semibold">N-term</dt>
        <dd>{n.n.toLocaleString('nl-NL', { minimumFractionDigits: 1 })}</dd>
        <dt className="font-semibold">Maximale score</dt>
        <dd>{n.maxScore}</dd>
        <dt className="font-semibold">Bron</dt>
        <dd className="break-all">{n.source}</dd>
      </dl>
    );
  }
  const past = version.payload as unknown as PastExamRecord;
  return (
    <dl className="mt-3 grid max-w-3xl grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
      <dt className="font-semibold">Examen</dt>
      <dd className="break-all">{past.examUrl}</dd>
      <dt className="font-semibold">Correctievoorschrift</dt>
      <dd className="break-all">{past.correctionUrl}</dd>
      <dt className="font-semibold">Normering</dt>
      <dd className="break-all">{past.normingUrl}</dd>
    </dl>
  );
}

export default function ExamDataChangePage({ loaderData, actionData }: Route.ComponentProps) {
  const { change, published, effect, mayDecide, mayWithdraw, names } = loaderData;
  const refusal = actionData && !actionData.ok ? actionData : null;
  const reasonId = fieldId('reason');
  return (
    <section className="max-w-5xl">
      <p>
        <Link to={EXAM_DATA_PATHS.list} className="underline">
          Terug naar de examengegevens
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-brand-dark">
        {change.title}, versie {change.version}
      </h1>
      <p className="mt-2 font-semibold">{VERSION_STATUS_LABELS[change.status]}</p>
      <p className="mt-1 text-sm">
        {change.proposedBy ? `Voorgesteld door ${change.proposedBy}` : 'Overgenomen uit de contentbestanden'} op{' '}
        {when(change.proposedAt)}
        {change.decidedAt && change.status !== 'pending'
          ? ` · ${change.status === 'rejected' ? 'afgewezen' : 'gepubliceerd'}${change.decidedBy ? ` door ${change.decidedBy}` : ''} op ${when(change.decidedAt)}`
          : ''}
      </p>
      {change.note ? <p className="mt-3 max-w-3xl rounded-xl bg-ink/5 px-4 py-3">{change.note}</p> : null}
      {change.decisionNote ? (
        <p className="mt-3 max-w-3xl rounded-xl bg-danger/10 px-4 py-3">Reden van afwijzing: {change.decisionNote}</p>
      ) : null}
      {actionData ? (
        <p
          role={actionData.ok ? 'status' : 'alert'}
          className={`mt-4 rounded-xl px-4 py-3 font-semibold ${actionData.ok ? 'bg-brand/10' : 'bg-danger/10 text-danger'}`}
        >
          {actionData.message}
        </p>
      ) : null}
      {change.status === 'pending' ? (
        <>
          <h2 className="mt-8 text-xl font-bold">Wat publiceren doet</h2>
          <p className="mt-2 max-w-3xl font-semibold">{effect.summary}</p>
          {effect.moves.some((move) => move.pupils > 0) ? (
            <ul className="mt-2 grid max-w-3xl list-disc gap-1 pl-6">
              {effect.moves
                .filter((move) => move.pupils > 0)
                .map((move) => (
                  <li key={`${move.examYear}:${move.subject}:${move.level}`}>{moveSentence(move)}</li>
                ))}
            </ul>
          ) : null}
          {effect.moves.some((move) => move.pupils === 0) ? (
            <details className="mt-3 max-w-3xl">
              <summary className="cursor-pointer">
                {quietMoves(effect.moves.filter((move) => move.pupils === 0))}
              </summary>
              <ul className="mt-2 grid list-disc gap-1 pl-6 text-sm">
                {effect.moves
                  .filter((move) => move.pupils === 0)
                  .map((move) => (
                    <li key={`${move.examYear}:${move.subject}:${move.level}`}>{moveSentence(move)}</li>
                  ))}
              </ul>
            </details>
          ) : null}
        </>
      ) : null}
      <h2 className="mt-8 text-xl font-bold">
        {published ? `Deze versie naast de gepubliceerde (versie ${published.version})` : 'Deze versie'}
      </h2>
      {change.kind === 'timetable' ? (
        <TimetableCompare
          next={change.payload as unknown as ExamTimetable}
          current={(published?.payload as unknown as ExamTimetable | undefined) ?? null}
          names={names}
        />
      ) : (
        <ExamRecord version={change} />
      )}
      {mayDecide || mayWithdraw ? (
        <div className="mt-10 grid max-w-3xl gap-6">
          {mayDecide ? (
            <Form method="post">
              <input type="hidden" name="intent" value="approve" />
              <Button type="submit">Goedkeuren en publiceren</Button>
            </Form>
          ) : (
            <p>Je hebt deze wijziging zelf voorgesteld: een tweede medewerker keurt hem goed.</p>
          )}
          <Form method="post" noValidate className="grid gap-3">
            <input type="hidden" name="intent" value="reject" />
            <div>
              <label htmlFor={reasonId} className="block font-semibold">
                {mayDecide ? 'Reden om af te wijzen' : 'Reden om in te trekken'}
              </label>
              <textarea
                id={reasonId}
                name="reason"
                rows={2}
                maxLength={500}
                defaultValue={refusal?.values.reason as string | undefined}
                className={fieldClass}
                aria-invalid={refusal?.errors.reason ? true : undefined}
                aria-describedby={refusal?.errors.reason ? `${reasonId}-error` : undefined}
              />
              <FieldError id={`${reasonId}-error`} errors={refusal?.errors.reason} />
            </div>
            <div>
              <Button type="submit" variant="secondary">
                {mayDecide ? 'Afwijzen' : 'Intrekken'}
              </Button>
            </div>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
