import { useEffect } from 'react';
import { Form, Link, useLoaderData, useRevalidator } from 'react-router';
import type { Route } from './+types/class';
import { refusePage, requireAreaUser, scopeContext } from '#app/context.ts';
import {
  CLASS_MESSAGES,
  classIdParamsSchema,
  dashboardQuerySchema,
  percent,
  unpackRow,
  CLASS_LIMITS,
} from '#app/modules/classes/index.ts';
import { classDashboardPage, CLASS_REFUSAL_STATUS } from '#app/modules/classes/index.server.ts';
import {
  ClassHeader,
  classPath,
  MasteryCell,
  MasteryLegend,
  PUPIL_STATUS_TEXT,
  pupilPath,
} from '#app/modules/classes/ui.ts';
import { formatExamDate } from '#app/modules/planner/index.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { formatDutchDateTime } from '#app/platform/dates.ts';
import { Button, ButtonLink } from '#app/ui/primitives/button.tsx';
import { fieldClass } from '#app/ui/primitives/text-field.tsx';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `${loaderData.class.name}: overzicht` : 'Klas') },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = classIdParamsSchema.safeParse({ id: params.classId });
  if (!id.success) refusePage({ status: 404, message: CLASS_MESSAGES.NOT_FOUND });
  const query = dashboardQuerySchema.safeParse({ subject: new URL(request.url).searchParams.get('vak') ?? undefined });
  if (!query.success) refusePage({ status: 404, message: CLASS_MESSAGES.SUBJECT_NOT_IN_CLASS });
  const found = await classDashboardPage(
    context.get(scopeContext),
    requireAreaUser(context),
    id.data.id,
    query.data.subject,
  );
  if (!found.ok) refusePage({ status: CLASS_REFUSAL_STATUS[found.reason], message: found.message });
  return found.value;
}

/** While summaries are being computed (a pupil just joined), the page asks again a few seconds later. */
function useRefreshWhileWaiting(waiting: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!waiting || state !== 'idle') return;
    const timer = setTimeout(() => void revalidate(), 4000);
    return () => clearTimeout(timer);
  }, [waiting, state, revalidate]);
}

/** A teacher's class, per subject (issue 31): who will not be ready on the day, by topic and by effort. */
export default function ClassDashboard() {
  const d = useLoaderData<typeof loader>();
  const c = d.class;
  const waiting = d.pupils.filter((p) => p.status === 'waiting').length;
  useRefreshWhileWaiting(waiting > 0);
  const behind = d.pupils.filter((p) => p.status === 'behind').length;
  const ready = d.pupils.filter((p) => p.status === 'ready').length;
  const withoutAccess = d.pupils.filter((p) => p.status === 'no_access').length;
  const withoutPlan = d.pupils.filter((p) => p.status === 'no_plan').length;
  const withData = d.pupils.some((p) => p.started);
  return (
    <section className="container-page py-10 md:py-14">
      <ClassHeader c={c} />
      {c.subjects.length > 1 ? (
        <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="vak" className="font-semibold">
              Vak
            </label>
            <select id="vak" name="vak" defaultValue={d.subject?.id} className={fieldClass}>
              {c.subjects.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary">
            Toon
          </Button>
        </Form>
      ) : null}
      {!d.subject ? null : d.pupils.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-surface p-6">
          <p className="font-semibold">Er zitten nog geen leerlingen in deze klas.</p>
          <p className="mt-1">
            Geef ze de klascode <strong className="font-mono">{c.joinCode}</strong>. Zodra ze meedoen, zie je hier per
            onderwerp wie op schema ligt voor de examendag.
          </p>
          <ButtonLink to={classPath(c.id, 'leden')} variant="secondary" className="mt-4">
            Naar leerlingen en klascode
          </ButtonLink>
        </div>
      ) : (
        <>
          <h2 className="mt-8 text-2xl font-bold">{d.subject.name}</h2>
          <p className="mt-1 text-ink-soft" role="status">
            {ready} op schema · {behind} lopen achter
            {withoutAccess > 0 ? ` · ${withoutAccess} zonder toegang tot ${d.subject.name}` : ''}
            {withoutPlan > 0 ? ` · ${withoutPlan} zonder examenjaar` : ''}
            {waiting > 0 ? ` · ${waiting} worden bijgewerkt` : ''}
            {d.updatedAt ? ` · bijgewerkt ${formatDutchDateTime(new Date(d.updatedAt))}` : ''}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ButtonLink
              to={`${classPath(c.id, 'export.csv')}?vak=${d.subject.id}`}
              reloadDocument
              variant="secondary"
              size="small"
              download
            >
              Download als CSV
            </ButtonLink>
          </div>

          <section aria-labelledby="grid-title" className="mt-8">
            <h3 id="grid-title" className="text-xl font-bold">
              Leerlingen per onderwerp
            </h3>
            <MasteryLegend target={d.target} />
            <div
              className="mt-4 overflow-x-auto rounded-2xl border-2 border-ink/10"
              tabIndex={0}
              role="region"
              aria-labelledby="grid-title"
            >
              <table className="min-w-full border-collapse text-left text-sm">
                <caption className="sr-only">
                  Per leerling en onderwerp: het niveau en de voorspelde kans op de examendag
                </caption>
                <thead className="bg-surface">
                  <tr>
                    <th scope="col" className="sticky left-0 z-10 min-w-40 bg-surface px-3 py-2">
                      Leerling
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Examen
                    </th>
                    {d.topics.map((topic) => (
                      <th key={topic.id} scope="col" className="min-w-28 px-2 py-2 align-bottom font-semibold">
                        {topic.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {d.pupils.map((p) => {
                    const cells = unpackRow(p.row);
                    return (
                      <tr key={p.userId} className="border-t border-ink/10">
                        <th scope="row" className="sticky left-0 z-10 bg-white px-3 py-2 font-normal">
                          <Link to={pupilPath(c.id, p.userId)} className="font-semibold underline">
                            {p.name}
                          </Link>
                          <span className="block text-xs text-ink-soft">{PUPIL_STATUS_TEXT[p.status]}</span>
                        </th>
                        <td className="px-3 py-2 whitespace-nowrap">{p.examDate ? formatExamDate(p.examDate) : '–'}</td>
                        {d.topics.map((topic, index) => {
                          const cell = cells[index];
                          return (
                            <td key={topic.id} className="px-1 py-1">
                              {cell ? (
                                <MasteryCell level={cell.level} recallExam={cell.percent / 100} target={d.target} />
                              ) : (
                                <span className="block text-center text-ink-soft">–</span>
                              )}
                            </td>
                          );
                        })}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>

          <div className="mt-10 grid gap-8 lg:grid-cols-2">
            <section aria-labelledby="behind-topic-title">
              <h3 id="behind-topic-title" className="text-xl font-bold">
                Achter per onderwerp
              </h3>
              <p className="text-sm text-ink-soft">
                Onder {percent(d.target)} kans op de examendag, het verst eronder eerst.
              </p>
              {!withData ? (
                <p className="mt-3">Nog geen gegevens: niemand leert dit vak al in Slaagbundel.</p>
              ) : d.behindByTopic.length === 0 ? (
                <p className="mt-3">Iedereen haalt het doel op elk onderwerp.</p>
              ) : (
                <ol className="mt-3 grid gap-3">
                  {d.behindByTopic.map((t) => (
                    <li key={t.topicId} className="rounded-xl bg-surface p-3">
                      <p className="font-semibold">
                        {t.name}: {t.count} {t.count === 1 ? 'leerling' : 'leerlingen'}
                      </p>
                      <p className="text-sm">{t.names}</p>
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <section aria-labelledby="behind-effort-title">
              <h3 id="behind-effort-title" className="text-xl font-bold">
                Achter in inzet
              </h3>
              <p className="text-sm text-ink-soft">
                Minder dan {percent(CLASS_LIMITS.effortBehindShare)} van de minuten die hun planning de afgelopen 7
                dagen vroeg.
              </p>
              {!withData ? (
                <p className="mt-3">Nog geen gegevens.</p>
              ) : d.behindByEffort.length === 0 ? (
                <p className="mt-3">Iedereen deed deze week minstens de helft van wat de planning vroeg.</p>
              ) : (
                <ol className="mt-3 grid gap-2">
                  {d.behindByEffort.map((p) => (
                    <li key={p.userId} className="flex justify-between gap-3 rounded-xl bg-surface p-3">
                      <Link to={pupilPath(c.id, p.userId)} className="font-semibold underline">
                        {p.name}
                      </Link>
                      <span className="text-sm tabular-nums">
                        {p.minutes} van {p.asked} min · {p.reviews} herhalingen
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </div>

          <section aria-labelledby="checks-title" className="mt-10">
            <h3 id="checks-title" className="text-xl font-bold">
              Examenchecks per onderwerp
            </h3>
            {d.checksPerTopic.length === 0 ? (
              <p className="mt-3">Nog niemand maakte een examencheck van {d.subject.name}.</p>
            ) : (
              <table className="mt-3 w-full max-w-2xl text-left text-sm">
                <thead>
                  <tr className="border-b-2 border-ink/10">
                    <th scope="col" className="py-2 pr-3">
                      Onderwerp
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Gemaakt door
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Gemiddeld
                    </th>
                    <th scope="col" className="py-2">
                      Onder 55 %
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.checksPerTopic.map((t) => (
                    <tr key={t.topicId} className="border-b border-ink/10">
                      <th scope="row" className="py-2 pr-3 font-normal">
                        {t.name}
                      </th>
                      <td className="py-2 pr-3 tabular-nums">{t.pupils}</td>
                      <td className="py-2 pr-3 tabular-nums">{percent(t.meanShare)}</td>
                      <td className="py-2 tabular-nums">{t.below}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </section>
  );
}
