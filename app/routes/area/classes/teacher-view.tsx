import { Form, Link, useLoaderData } from 'react-router';
import type { Route } from './+types/teacher-view';
import { refusePage, requireAreaUser, scopeContext } from '#app/context.ts';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import { CLASS_MESSAGES, classIdParamsSchema } from '#app/modules/classes/index.ts';
import { CLASS_REFUSAL_STATUS, pupilDetail } from '#app/modules/classes/index.server.ts';
import { PupilDetail } from '#app/modules/classes/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { Button } from '#app/ui/primitives/button.tsx';

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
        onderwerp hoe ver je bent en wat je op de examendag nog weet, en hoeveel je deze week deed. Je antwoorden en je
        e-mailadres zien ze niet; je cijfers alleen als je ze met deze klas deelt.
      </p>
      <div className="mt-8">
        <PupilDetail detail={detail} />
      </div>
      {detail.class.archived ? null : (
        // Posted to "Mijn klassen", whose action shares (a plain post: it works without JavaScript).
        <Form method="post" action={AREA_PATHS.classes} className="mt-8 max-w-prose rounded-2xl bg-surface p-5">
          <h2 className="text-xl font-bold">{detail.gradesShared ? 'Je deelt je cijfers' : 'Je cijfers delen?'}</h2>
          <p className="mt-1">
            {detail.gradesShared
              ? 'Je docenten zien je cijfers hierboven, precies zo. Stop je met delen, dan zien ze ze niet meer.'
              : 'Deel je je cijfers met deze klas, dan zien je docenten hier je SE-cijfers, je verwachte CE-cijfers, je oude examens en je slaagkans. Ze kunnen niets veranderen, en je kunt altijd stoppen. Dat kan ook op Mijn klassen.'}
          </p>
          <input type="hidden" name="intent" value="grade-share" />
          <input type="hidden" name="classId" value={detail.class.id} />
          <input type="hidden" name="share" value={detail.gradesShared ? 'false' : 'true'} />
          <Button type="submit" variant="secondary" size="small" className="mt-3">
            {detail.gradesShared ? 'Stop met delen' : 'Deel mijn cijfers met deze klas'}
          </Button>
        </Form>
      )}
    </section>
  );
}
