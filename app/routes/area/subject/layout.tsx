import { data, Outlet, redirect, useLoaderData } from 'react-router';
import type { Route } from './+types/layout';
import { scopeContext, requireAreaUser } from '#app/context.ts';
import { AREA_PATH, pageTitle } from '#app/platform/brand.ts';
import { pageUrl } from '#app/platform/page-url.ts';
import { keepDataOnClick } from '#app/platform/revalidation.ts';
import { subjectIdOfPath, subjectPath, subjectSlug, subjectTitle } from '#app/platform/study-paths.ts';
import { STUDY_MESSAGES, subjectIdParams } from '#app/modules/cards/index.ts';
import { SubjectHeader, type SubjectLayoutData } from '#app/modules/study/ui.ts';
import { getSubjectPage } from '#app/modules/study/index.server.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? subjectTitle(loaderData.subject) : 'Vak') },
  { name: 'robots', content: 'noindex' },
];

/**
 * A subject page (spec §2 /mijnslaagbundel/{id}/{slug?}) around its children.
 * The address is canonical (a missing or old slug redirects, keeping the
 * child and the query); without access only the overview exists, which
 * shows what the subject offers and the bundle that unlocks it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs): Promise<SubjectLayoutData> {
  const user = requireAreaUser(context);
  const parsed = subjectIdParams.safeParse({ id: params.subjectId });
  if (!parsed.success) throw data(STUDY_MESSAGES.UNKNOWN_SUBJECT, { status: 404 });
  const page = await getSubjectPage(context.get(scopeContext), user.id, parsed.data.id);
  if (!page.ok) throw data(STUDY_MESSAGES.UNKNOWN_SUBJECT, { status: 404 });
  const { subject, unlockProduct, hasTrial } = page.value;

  const url = pageUrl(request.url);
  const segments = url.pathname.slice(AREA_PATH.length + 1).split('/');
  const rest = segments.slice(params.slug === undefined ? 1 : 2).filter(Boolean);
  const canonical = subjectPath(subject);
  const hasAccess = subject.stream.userHasAccess || subject.stream.isLightStream;
  if (params.slug !== subjectSlug(subject)) {
    throw redirect(`${[canonical, ...rest].join('/')}${url.search}`, { status: 301 });
  }
  // Without access only the overview (the upsell) exists; a card modal on it is refused by the card itself.
  if (!hasAccess && rest.length > 0 && rest[0] !== 'kaart') throw redirect(canonical);
  return {
    subject,
    unlockProduct,
    hasTrial,
    isTeacher: user.educationRole === 'teacher',
  };
}

/**
 * The subject with the pupil's stream and latest grade changes only through a form (an action: revalidated)
 * or a reload: a click from one tab or card of the subject to another does not read it again.
 */
export const shouldRevalidate = keepDataOnClick((current, next) => {
  const subjectId = subjectIdOfPath(current.pathname);
  return subjectId !== null && subjectId === subjectIdOfPath(next.pathname);
});

export default function SubjectLayout() {
  const { subject, isTeacher } = useLoaderData<typeof loader>();
  const hasAccess = subject.stream.userHasAccess || subject.stream.isLightStream;
  return (
    <div>
      <SubjectHeader subject={subject} isTeacher={isTeacher} showTabs={hasAccess} />
      <Outlet />
    </div>
  );
}
