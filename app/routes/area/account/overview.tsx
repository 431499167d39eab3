import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { Route } from './+types/overview';
import { scopeContext, requireAreaUser } from '#app/context.ts';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import { ROLE_LABELS } from '#app/platform/education.ts';
import { PROFILE_NAMES, levelsText, linkClass } from '#app/modules/accounts/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { hasAccess, isNoAccess } from '#app/modules/cards/index.ts';
import { AREA_ROUTE_ID, type AreaLayoutData } from '#app/modules/study/index.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { buttonClass } from '#app/ui/primitives/button.tsx';
import { ArrowRightIcon } from '#app/ui/primitives/icons.tsx';
import { listOwnedProducts } from '#app/modules/licenses/index.server.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Mijn account') },
  { name: 'robots', content: 'noindex' },
];

/** Only what the layout's data lacks: how many books the user activated. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireAreaUser(context);
  return { books: (await listOwnedProducts(context.get(scopeContext), user.id)).length };
}

function Card({ id, title, children, link }: { id: string; title: string; children: ReactNode; link: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col rounded-2xl border-2 border-ink/10 bg-white p-5 sm:p-6">
      <h3 id={id} className="text-lg font-bold">
        {title}
      </h3>
      <div className="mt-3 flex-1">{children}</div>
      <div className="mt-5">{link}</div>
    </section>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 border-b border-ink/10 py-2 last:border-b-0">
      <dt className="text-ink-soft">{term}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

/** The account overview: a greeting, the user's subjects and study details in short, and signing out. */
export default function AccountOverview({ loaderData }: Route.ComponentProps) {
  const data = useRouteLoaderData<AreaLayoutData>(AREA_ROUTE_ID);
  const area = data?.area;
  if (!area) return null;
  const { user, subjects } = area;
  const full = subjects.filter(hasAccess).length;
  const light = subjects.filter((subject) => !hasAccess(subject) && subject.stream.isLightStream).length;
  const none = subjects.filter(isNoAccess).length;
  const profileLevel = user.levels.some((level) => level === 'havo' || level === 'vwo');
  return (
    <div>
      <h2 className="text-2xl font-bold">Hoi {user.name}!</h2>
      <p className="mt-1 text-ink-soft">Hier zie je in het kort je vakken en je gegevens.</p>
      <div className="mt-6 grid gap-5 md:grid-cols-2">
        <Card
          id="overview-subjects"
          title="Mijn vakken en boeken"
          link={
            <AppLink to={AREA_PATHS.subjectsAndBooks} className={`${linkClass} inline-flex items-center gap-1`}>
              Vakken en boeken beheren <ArrowRightIcon aria-hidden="true" />
            </AppLink>
          }
        >
          <p className="text-4xl font-extrabold text-brand-dark">
            {subjects.length}
            <span className="ml-2 text-base font-semibold text-ink">{subjects.length === 1 ? 'vak' : 'vakken'}</span>
          </p>
          <dl className="mt-3">
            <Fact term="Volledige toegang" value={String(full)} />
            <Fact term="Gratis proefversie" value={String(light)} />
            <Fact term="Geen toegang" value={String(none)} />
            <Fact term="Geactiveerde boeken" value={String(loaderData.books)} />
          </dl>
        </Card>
        <Card
          id="overview-details"
          title="Mijn gegevens"
          link={
            <AppLink to={AREA_PATHS.profile} className={`${linkClass} inline-flex items-center gap-1`}>
              Profiel wijzigen <ArrowRightIcon aria-hidden="true" />
            </AppLink>
          }
        >
          <dl>
            <Fact term="E-mailadres" value={user.email} />
            <Fact term="Ik ben" value={ROLE_LABELS[user.educationRole]} />
            <Fact
              term={user.levels.length > 1 ? 'Niveaus' : 'Niveau'}
              value={levelsText(user.levels) || 'Nog niet gekozen'}
            />
            {profileLevel ? (
              <Fact term="Profiel" value={user.profile ? PROFILE_NAMES[user.profile] : 'Nog niet gekozen'} />
            ) : null}
            <Fact term="Examenjaar" value={user.examYear ? String(user.examYear) : 'Nog niet gekozen'} />
          </dl>
        </Card>
      </div>
      <div className="mt-8 flex flex-wrap items-center gap-3 rounded-2xl bg-surface p-5">
        <p className="flex-1 basis-60">Klaar voor vandaag? Log uit, zeker op een computer die je met anderen deelt.</p>
        {/* A plain link: the auth host ends the session and sends the browser back (spec §7). */}
        <a href={data.logoutUrl} className={buttonClass('tertiary')}>
          Uitloggen
        </a>
      </div>
    </div>
  );
}
