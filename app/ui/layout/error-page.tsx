import { pageTitle } from '#app/platform/brand.ts';
import { ButtonLink } from '#app/ui/primitives/button.tsx';

/** What people read for a status when no Dutch message came with the error. */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'Dit adres of verzoek klopt niet. Controleer het adres en probeer het opnieuw.',
  403: 'Je hebt geen toegang tot deze pagina.',
  405: 'Dat kan op deze pagina niet. Ga terug en probeer het opnieuw.',
  413: 'Dat is te veel in één keer. Probeer het met minder.',
  429: 'Je probeert het te vaak achter elkaar. Wacht even en probeer het opnieuw.',
};
const FALLBACK_MESSAGE = 'Er is iets misgegaan aan onze kant. Probeer het later nog eens.';

/**
 * Error page of spec §2. 404 (or no status): 'Gezakt!' with a joke, the
 * not-available text and links to Home, Examentips and Exameninfo. Other
 * statuses show their code and message.
 */
export default function ErrorPage({ status, message }: { status?: number; message?: string }) {
  if (status === undefined || status === 404) {
    return (
      <section className="container-page py-16 text-center md:py-24" aria-labelledby="error-title">
        <title>{pageTitle('Pagina niet gevonden')}</title>
        <meta
          name="description"
          content="De pagina die je zoekt is niet (meer) beschikbaar. Zoek verder bij onze examentips en exameninfo."
        />
        <p className="font-display text-7xl font-extrabold text-brand md:text-8xl" aria-hidden="true">
          4<span className="text-accent">0</span>4
        </p>
        <h1 id="error-title" className="mt-4 text-4xl font-extrabold md:text-5xl">
          Gezakt!
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-ink-soft">
          Voor deze opdracht kregen we een dikke 1: we hebben overal gezocht, zelfs onder de stapel oefenexamens, maar
          deze pagina konden we niet vinden.
        </p>
        <p className="mx-auto mt-2 max-w-xl text-lg font-semibold">
          De pagina die je zoekt is niet (meer) beschikbaar.
        </p>
        <nav aria-label="Verder zoeken" className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/">Home</ButtonLink>
          <ButtonLink to="/examentips" variant="tertiary">
            Examentips
          </ButtonLink>
          <ButtonLink to="/exameninfo" variant="tertiary">
            Exameninfo
          </ButtonLink>
        </nav>
      </section>
    );
  }
  return (
    <section className="container-page py-16 text-center md:py-24" aria-labelledby="error-title">
      <title>{pageTitle(`Foutmelding ${status}`)}</title>
      <meta name="robots" content="noindex" />
      <p className="font-display text-7xl font-extrabold text-brand" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title" className="mt-4 text-3xl font-extrabold">
        Foutmelding {status}
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-lg">{message ?? STATUS_MESSAGES[status] ?? FALLBACK_MESSAGE}</p>
      <div className="mt-8">
        <ButtonLink to="/">Terug naar home</ButtonLink>
      </div>
    </section>
  );
}
