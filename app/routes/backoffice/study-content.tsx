import { data, Link } from 'react-router';
import type { Route } from './+types/study-content';
import { scopeContext } from '#app/context.ts';
import { mayUse } from '#app/modules/backoffice/index.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import { STUDY_CONTENT_PATHS, STUDY_CONTENT_STATUS_LABELS } from '#app/modules/backoffice-study-content/index.ts';
import { listStudyContent } from '#app/modules/backoffice-study-content/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { buttonClass } from '#app/ui/primitives/button.tsx';
import { TableScroll } from '#app/ui/primitives/table-scroll.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Studie-inhoud') },
  { name: 'robots', content: 'noindex' },
];

/** `/beheer/studie-inhoud` (BACKOFFICE_ACCESS.listStudyContent): the uploaded study content, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const access = await staffAccess(scope, request.headers, 'listStudyContent');
  if (!access.ok) throw data(access.message, { status: 403 });
  return { ...(await listStudyContent(scope)), mayUpload: mayUse(access.value.role, 'uploadStudyContent') };
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('nl-NL', { timeZone: 'Europe/Amsterdam', dateStyle: 'medium', timeStyle: 'short' });

export default function StudyContentPage({ loaderData }: Route.ComponentProps) {
  const { drafts, mayUpload } = loaderData;
  return (
    <section className="max-w-5xl">
      <h1 className="text-3xl font-extrabold text-brand-dark">Studie-inhoud</h1>
      <p className="mt-3 max-w-3xl">
        De leerkaarten, onderwerpen, examenchecks, examenwoorden en de examenbuddy van een vak in Mijn Slaagbundel.
        Upload de studie-inhoud van een vak als JSON-bestand: hij wordt gecontroleerd zoals{' '}
        <code>npm run content:validate</code> dat doet en bewaard als concept. Bekijk het concept zoals een leerling het
        ziet en publiceer het dan. Kaarten en examenchecks met dezelfde sleutel houden bij publiceren wat leerlingen
        ermee deden.
      </p>
      {mayUpload ? (
        <p className="mt-4">
          <Link to={STUDY_CONTENT_PATHS.upload} className={buttonClass('primary')}>
            Studie-inhoud uploaden
          </Link>
        </p>
      ) : null}
      <h2 className="mt-8 text-xl font-bold">Concepten en publicaties ({drafts.length})</h2>
      {drafts.length === 0 ? (
        <p className="mt-2">Er is nog geen studie-inhoud geüpload.</p>
      ) : (
        <TableScroll className="mt-2">
          <table className="w-full text-left">
            <caption className="sr-only">Geüploade studie-inhoud, de nieuwste eerst</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-3">
                  Vak
                </th>
                <th scope="col" className="pr-3">
                  Status
                </th>
                <th scope="col" className="pr-3">
                  Inhoud
                </th>
                <th scope="col">Geüpload</th>
              </tr>
            </thead>
            <tbody>
              {drafts.map((draft) => (
                <tr key={draft.id} className="border-t border-ink/10 align-top">
                  <td className="py-2 pr-3">
                    <Link to={STUDY_CONTENT_PATHS.draft(draft.id)} className="font-semibold underline">
                      {draft.subject.name}
                    </Link>
                    {draft.newSubject ? <span className="block text-sm">nieuw vak</span> : null}
                  </td>
                  <td className="py-2 pr-3">
                    {STUDY_CONTENT_STATUS_LABELS[draft.status]}
                    {draft.publishedAt ? <span className="block text-sm">{when(draft.publishedAt)}</span> : null}
                  </td>
                  <td className="py-2 pr-3">
                    {draft.counts.cards} kaarten, {draft.counts.tests} examenchecks, {draft.counts.idioms} examenwoorden
                  </td>
                  <td className="py-2">
                    {draft.uploadedBy ?? 'Oud-medewerker'}
                    <span className="block text-sm">
                      {when(draft.uploadedAt)}
                      {draft.origin === 'content-service' ? ' · uit de contentservice' : ''}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
