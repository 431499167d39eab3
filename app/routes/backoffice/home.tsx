import { Link } from 'react-router';
import type { Route } from './+types/home';
import { pageTitle } from '#app/platform/brand.ts';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Beheer') }, { name: 'robots', content: 'noindex' }];

/** `/beheer`: the home of every role (BACKOFFICE_ACCESS.home); it shows only what exists (slice 1 of issue 32). */
export default function BackofficeHome({ matches }: Route.ComponentProps) {
  const layout = matches[1]?.loaderData as { nav: { to: string; label: string }[]; name: string } | undefined;
  const screens = (layout?.nav ?? []).slice(1);
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-brand-dark">{`Welkom, ${layout?.name ?? ''}`}</h1>
      {screens.length > 0 ? (
        <ul className="mt-6 list-disc space-y-2 pl-6">
          {screens.map((screen) => (
            <li key={screen.to}>
              <Link to={screen.to} className="font-semibold underline">
                {screen.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6">
          Je bent ingelogd in de beheeromgeving. De schermen voor jouw rol (bestellingen, licentiecodes, voorraad) komen
          binnenkort.
        </p>
      )}
    </section>
  );
}
