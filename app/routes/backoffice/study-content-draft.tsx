import { data, Form, Link } from 'react-router';
import type { Route } from './+types/study-content-draft';
import { scopeContext } from '#app/context.ts';
import { mayUse } from '#app/modules/backoffice/index.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import { opensStudyArea, productPath } from '#app/modules/catalog/index.ts';
import { findProductsForSubjects } from '#app/modules/catalog/index.server.ts';
import { studyContentErrorText, type StudyContentError } from '#app/modules/study/index.ts';
import {
  draftParamsSchema,
  STUDY_CONTENT_MESSAGES as M,
  STUDY_CONTENT_PATHS,
  STUDY_CONTENT_STATUS_LABELS,
} from '#app/modules/backoffice-study-content/index.ts';
import {
  discardStudyContent,
  publishStudyContent,
  STUDY_CONTENT_REFUSAL_STATUS,
  studyContentPreview,
} from '#app/modules/backoffice-study-content/index.server.ts';
import { ChangesSummary, DraftPreview } from '#app/modules/backoffice-study-content/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { Button } from '#app/ui/primitives/button.tsx';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Studie-inhoud ${loaderData.preview.draft.subject.name}` : 'Studie-inhoud') },
  { name: 'robots', content: 'noindex' },
];

/**
 * `/beheer/studie-inhoud/concepten/:id` (BACKOFFICE_ACCESS.listStudyContent): a draft as pupils would see it, what
 * publishing it changes, and (publishStudyContent) the buttons that publish or discard it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const access = await staffAccess(scope, request.headers, 'listStudyContent');
  if (!access.ok) throw data(access.message, { status: 403 });
  const id = draftParamsSchema.safeParse(params);
  if (!id.success) throw data(M.NOT_FOUND, { status: 404 });
  const found = await studyContentPreview(scope, id.data.id);
  if (!found.ok) throw data(found.message, { status: 404 });
  const { subject } = found.value.draft;
  const products = await findProductsForSubjects(scope.db, { level: subject.level, subjects: [subject.slug] });
  return {
    preview: found.value,
    saved: new URL(request.url).searchParams.has('opgeslagen'),
    mayDecide: mayUse(access.value.role, 'publishStudyContent'),
    products: products
      .filter((product) => opensStudyArea(product.productType))
      .map((product) => ({ name: product.name, href: productPath(product.id, product.slug) })),
  };
}

type Answer = { ok: true; message: string } | { ok: false; message: string; errors: StudyContentError[] };

/** "Publiceren" or "Verwerpen" (BACKOFFICE_ACCESS.publishStudyContent). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const access = await staffAccess(scope, request.headers, 'publishStudyContent');
  if (!access.ok) throw data(access.message, { status: 403 });
  const id = draftParamsSchema.safeParse(params);
  if (!id.success) throw data(M.NOT_FOUND, { status: 404 });
  const form = await request.formData();
  const result =
    form.get('intent') === 'discard'
      ? await discardStudyContent(scope, access.value, id.data.id)
      : await publishStudyContent(scope, access.value, id.data.id);
  if (!result.ok) {
    return data<Answer>(
      { ok: false, message: result.message, errors: (result.errors ?? []).slice(0, 100) },
      { status: STUDY_CONTENT_REFUSAL_STATUS[result.reason] },
    );
  }
  return { ok: true, message: result.value.message } satisfies Answer;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('nl-NL', { timeZone: 'Europe/Amsterdam', dateStyle: 'long', timeStyle: 'short' });

export default function StudyContentDraftPage({ loaderData, actionData }: Route.ComponentProps) {
  const { preview, saved, mayDecide, products } = loaderData;
  const { draft, changes } = preview;
  return (
    <section className="max-w-5xl">
      <p>
        <Link to={STUDY_CONTENT_PATHS.list} className="underline">
          Terug naar de studie-inhoud
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-brand-dark">Studie-inhoud {draft.subject.name}</h1>
      <p className="mt-2 font-semibold">
        {STUDY_CONTENT_STATUS_LABELS[draft.status]}
        {draft.newSubject ? ' · nieuw vak' : ''}
      </p>
      <p className="mt-1 text-sm">
        {draft.origin === 'content-service' ? 'Uit de contentservice gehaald' : 'Geüpload'} door{' '}
        {draft.uploadedBy ?? 'een oud-medewerker'} op {when(draft.uploadedAt)}
        {draft.publishedAt
          ? ` · gepubliceerd door ${draft.publishedBy ?? 'een oud-medewerker'} op ${when(draft.publishedAt)}`
          : ''}
        {draft.discardedAt
          ? ` · verworpen door ${draft.discardedBy ?? 'een oud-medewerker'} op ${when(draft.discardedAt)}`
          : ''}
      </p>
      <p className="mt-1 text-sm">
        {draft.counts.parentTopics} hoofdstukken met {draft.counts.topics} onderwerpen, {draft.counts.cards} kaarten,{' '}
        {draft.counts.tests} examenchecks met {draft.counts.questions} vragen, {draft.counts.idioms} examenwoorden.
      </p>

      {actionData?.ok ? (
        <p role="status" className="mt-4 rounded-xl bg-success-soft px-4 py-3 font-semibold">
          {actionData.message}
        </p>
      ) : saved && draft.status === 'draft' ? (
        <p role="status" className="mt-4 rounded-xl bg-success-soft px-4 py-3 font-semibold">
          {M.UPLOADED}
        </p>
      ) : null}
      {actionData && !actionData.ok ? (
        <div role="alert" className="mt-4 rounded-xl bg-danger-soft px-4 py-3">
          <p className="font-semibold text-danger">{actionData.message}</p>
          {actionData.errors.length > 0 ? (
            <ul className="mt-2 list-disc pl-6">
              {actionData.errors.map((error, i) => (
                <li key={i}>{studyContentErrorText(error)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      {changes ? (
        <div className="mt-6 rounded-2xl border-2 border-ink/10 p-4 sm:p-6">
          <h2 className="text-xl font-bold">Wat publiceren verandert</h2>
          <div className="mt-2">
            <ChangesSummary changes={changes} />
          </div>
          {mayDecide ? (
            <div className="mt-4 flex flex-wrap gap-3">
              <Form method="post">
                <input type="hidden" name="intent" value="publish" />
                <Button type="submit">Publiceren</Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="discard" />
                <Button type="submit" variant="secondary">
                  Verwerpen
                </Button>
              </Form>
              <Link to={`${STUDY_CONTENT_PATHS.upload}?concept=${draft.id}`} className="self-center underline">
                Verbeteren en opnieuw uploaden
              </Link>
            </div>
          ) : null}
        </div>
      ) : null}

      {products.length > 0 ? (
        <div className="mt-6">
          <h2 className="text-xl font-bold">Productpagina’s van dit vak</h2>
          <ul className="mt-2 list-disc pl-6">
            {products.map((product) => (
              <li key={product.href}>
                <Link to={product.href} className="underline">
                  {product.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <h2 className="mt-10 text-2xl font-extrabold text-brand-dark">Zo ziet een leerling het</h2>
      <div className="mt-4">
        <DraftPreview preview={preview} />
      </div>
    </section>
  );
}
