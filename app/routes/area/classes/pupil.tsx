import { useLoaderData } from 'react-router';
import type { Route } from './+types/pupil';
import { refusePage, requireAreaUser, scopeContext } from '#app/context.ts';
import { CLASS_MESSAGES, classMemberParamsSchema } from '#app/modules/classes/index.ts';
import { CLASS_REFUSAL_STATUS, pupilDetail } from '#app/modules/classes/index.server.ts';
import { classPath, PupilDetail } from '#app/modules/classes/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { Link } from 'react-router';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `${loaderData.pupil.name}, ${loaderData.class.name}` : 'Leerling') },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = classMemberParamsSchema.safeParse({ id: params.classId, userId: params.pupilId });
  if (!parsed.success) refusePage({ status: 404, message: CLASS_MESSAGES.NOT_FOUND });
  const detail = await pupilDetail(
    context.get(scopeContext),
    requireAreaUser(context),
    parsed.data.id,
    parsed.data.userId,
  );
  if (!detail.ok) refusePage({ status: CLASS_REFUSAL_STATUS[detail.reason], message: detail.message });
  return detail.value;
}

/** One pupil as their teachers see them (issue 31): per subject, their topics and their effort. */
export default function PupilPage() {
  const detail = useLoaderData<typeof loader>();
  return (
    <section className="container-page py-10 md:py-14">
      <p className="text-sm">
        <Link to={classPath(detail.class.id)} className="underline">
          {detail.class.name}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-brand-dark md:text-4xl">{detail.pupil.name}</h1>
      <p className="mt-2 max-w-prose text-ink-soft">
        Dit ziet {detail.pupil.name} zelf ook, onder “Wat ziet mijn docent?”. Antwoorden blijven privé; cijfers zie je
        alleen als {detail.pupil.name} ze met deze klas deelt.
      </p>
      <div className="mt-8">
        <PupilDetail detail={detail} />
      </div>
    </section>
  );
}
