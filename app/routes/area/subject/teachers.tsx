import { data, Outlet, useLoaderData, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/teachers';
import { scopeContext } from '#app/context.ts';
import { subjectPath } from '#app/platform/study-paths.ts';
import { SUBJECT_ROUTE_ID, type SubjectLayoutData } from '#app/modules/study/ui.ts';
import { keepPageUnderCardModal } from '#app/modules/cards/ui.ts';
import { teachersText } from '#app/modules/study/index.server.ts';
import { ButtonLink } from '#app/ui/primitives/button.tsx';

/** Docenten (spec §2): for teachers, what the subject's content covers and how to use it in class. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const html = await teachersText(context.get(scopeContext), Number(params.subjectId));
  if (!html) throw data('Voor dit vak is er geen uitleg voor docenten.', { status: 404 });
  return { html };
}

/** A card opened over this page leaves the page as it is. */
export const shouldRevalidate = keepPageUnderCardModal;

export default function TeachersPage() {
  const { html } = useLoaderData<typeof loader>();
  const { subject } = useRouteLoaderData<SubjectLayoutData>(SUBJECT_ROUTE_ID)!;
  return (
    <section className="container-page max-w-3xl py-8" aria-labelledby="teachers-title">
      <h2 id="teachers-title" className="text-2xl font-bold">
        Voor docenten
      </h2>
      <div className="study-text mt-4" dangerouslySetInnerHTML={{ __html: html }} />
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to={subjectPath(subject, 'learn')}>Bekijk de leerkaarten</ButtonLink>
        <ButtonLink to={subjectPath(subject, 'results')} variant="secondary">
          Bekijk de examenchecks
        </ButtonLink>
      </div>
      <Outlet />
    </section>
  );
}
