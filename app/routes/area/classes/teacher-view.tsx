import { Link, useLoaderData } from 'react-router';
import type { Route } from './+types/teacher-view';
import { refusePage, requireAreaUser, scopeContext } from '#app/context.ts';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import { CLASS_MESSAGES, classIdParamsSchema } from '#app/modules/classes/index.ts';
import { CLASS_REFUSAL_STATUS, pupilDetail } from '#app/modules/classes/index.server.ts';
import { PupilDetail } from '#app/modules/classes/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Wat ziet mijn docent?') },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = classIdParamsSchema.safeParse({ id: params.classId });
  if (!parsed.success) refusePage({ status: 404, message: CLASS_MESSAGES.NOT_A_MEMBER });
  const user = requireAreaUser(context);
  const detail = await pupilDetail(context.get(scopeContext), user, parsed.data.id, user.id);
  if (!detail.ok) refusePage({ status: CLASS_REFUSAL_STATUS.not_a_member, message: CLASS_MESSAGES.NOT_A_MEMBER });
  return detail.value;
}

/** "Wat ziet mijn docent?" (issue 31): the pupil sees exactly what their teachers see of them. */
export default function TeacherView() {
  const detail = useLoaderData<typeof loader>();
  return (
    <section className="container-page py-10 md:py-14">
      <p className="text-sm">
        <Link to={AREA_PATHS.classes} className="underline">
          Mijn klassen
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-brand-dark md:text-4xl">Wat ziet mijn docent?</h1>
      <p className="mt-2 max-w-prose text-lg text-ink-soft">
        Dit zien de docenten van {detail.class.name} van jou, precies zo: je naam als “{detail.pupil.name}”, per
        onderwerp hoe ver je bent en wat je op de examendag nog weet, en hoeveel je deze week deed. Je antwoorden, je
        cijfers en je e-mailadres zien ze niet.
      </p>
      <div className="mt-8">
        <PupilDetail detail={detail} />
      </div>
    </section>
  );
}
