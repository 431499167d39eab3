import type { Route } from './+types/teachers';
import { scopeContext } from '#app/context.ts';
import { listQuoteProducts } from '#app/modules/catalog/index.server.ts';
import { ProductCard } from '#app/modules/catalog/ui.ts';
import {
  percent,
  CLASS_LIMITS,
} from '#app/modules/classes/index.ts';
import { QUOTE_PATH, TEACHERS_PATH } from '#app/modules/content/index.ts';
import { AREA_PATHS } from '#app/platform/area-paths.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { breadcrumbs, pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { ButtonLink } from '#app/ui/primitives/button.tsx';
import { ArrowRightIcon, CheckIcon } from '#app/ui/primitives/icons.tsx';

const TITLE = 'Voor docenten';
const DESCRIPTION =
  'Met een gratis docentaccount maak je klassen, zie je per onderwerp wie klaar is voor de dag van zijn examen en geef je opdrachten. Met een klaslicentie krijgt je hele klas volledige toegang tot een vak.';

/**
 * /voor-docenten (issue 31): what a teacher account in Mijn Slaagbundel does, as it is built (classes with
 * a join code, the dashboard per subject, assignments, class licences, what a teacher sees and does not
 * see), how to start, and the class licence with its quote request. The class licences of the catalogue are
 * listed here, since the shop's product list leaves them out. The numbers come from the classes module.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { licences: await listQuoteProducts(context.get(scopeContext)) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const publicUrl = publicUrlOf(matches);
  return pageMeta({
    title: pageTitle(TITLE),
    description: DESCRIPTION,
    path: TEACHERS_PATH,
    publicUrl,
    jsonLd: [breadcrumbs(publicUrl, [{ name: TITLE, path: TEACHERS_PATH }])],
  });
};

/** 'de helft' for a half, a percentage otherwise. */
const share = (part: number) => (part === 0.5 ? 'de helft' : percent(part));

/** The hero's short list, beside the title. */
const HIGHLIGHTS: readonly string[] = [
  'Een docentaccount is gratis',
  'Per onderwerp: klaar voor de examendag?',
  'Opdrachten die je leerlingen bij Vandaag zien',
  'Privacy: je ziet geen antwoorden of cijfers',
];

/** What a teacher can do: each card one part of the classes as they are built. */
const FEATURES: readonly { title: string; text: string }[] = [
  {
    title: 'Klassen met een klascode',
    text: `Maak een klas met een naam, niveau, examenjaar en schooljaar, 1 tot ${CLASS_LIMITS.maxSubjects} vakken en je school (met de BRIN-code als je wilt). Je leerlingen worden lid met de klascode: de eerste ${CLASS_LIMITS.freeJoinDays} dagen meteen, daarna laat jij ze eerst toe. Een leerling haal je ook weer uit de klas.`,
  },
  {
    title: 'Samen met collega’s',
    text: 'Geef je een klas samen? Voeg je collega toe met het e-mailadres van zijn of haar docentaccount. Jullie zien dan allebei het dashboard en geven allebei opdrachten.',
  },
  {
    title: 'Het dashboard per vak',
    text: `Per leerling en onderwerp zie je het niveau en hoeveel hij naar verwachting nog weet op de ochtend van zijn eigen examen, in kleur én in tekst. Je ziet wie achterloopt per onderwerp (onder ${percent(CLASS_LIMITS.examReadyRecall)} op de examenochtend) en wie in inzet (minder dan ${share(CLASS_LIMITS.effortBehindShare)} van de minuten die zijn planning de afgelopen 7 dagen vroeg), en de uitslagen van de examenchecks per onderwerp.`,
  },
  {
    title: 'Per leerling en als CSV',
    text: 'Klik een leerling aan voor zijn onderwerpen, examenchecks en inzet op een rij. Het hele overzicht download je als CSV met Nederlandse kolommen, klaar voor Excel.',
  },
  {
    title: 'Opdrachten',
    text: 'Laat de kaarten van een onderwerp leren vóór een datum, laat een examencheck maken vóór een datum, of vraag je klas een onderwerp klaar te houden voor het examen. Die laatste blijft open tot het examen en gaat vanzelf weer open als een leerling onder het doel zakt. Je leerlingen zien open opdrachten bij Vandaag, met jouw naam erbij.',
  },
  {
    title: 'Privacy voorop',
    text: 'Je ziet van een leerling de voornaam en de eerste letter van de achternaam. E-mailadressen, antwoorden en cijfers zie je nooit. Een leerling ziet onder ‘Wat ziet mijn docent?’ precies wat jij van hem ziet.',
  },
];

/** How to start, in order. */
const STEPS: readonly { title: string; text: string; link?: { to: string; label: string } }[] = [
  {
    title: 'Maak een account',
    text: 'Een account in Mijn Slaagbundel is gratis.',
    link: { to: AREA_PATHS.register, label: 'Account maken' },
  },
  {
    title: 'Kies ‘Docent’',
    text: 'Dat doe je in de eerste stap na het aanmaken van je account, of later in je profiel (Account › Profiel).',
  },
  {
    title: 'Maak een klas',
    text: 'Onder Mijn klassen: kies het niveau, het examenjaar, de vakken en je school.',
  },
  {
    title: 'Deel de klascode',
    text: `Je leerlingen vullen de code in bij Mijn klassen in hun eigen account. De eerste ${CLASS_LIMITS.freeJoinDays} dagen zitten ze dan meteen in de klas.`,
  },
];

/** What a class licence is, point by point. */
const LICENCE_POINTS: readonly string[] = [
  'Een klaslicentie is een code voor één vak en één examenjaar, met een aantal plaatsen.',
  'Je activeert de code op je klas, bij de leden van de klas. Het vak en het examenjaar moeten bij de klas passen.',
  'Elke leerling in de klas krijgt een plaats, en daarmee volledige toegang tot het vak tot en met 31 juli, zolang er plaatsen zijn. Wie later lid wordt, krijgt een plaats als er nog een vrij is.',
  'Haal je een leerling uit de klas, dan kun je zijn plaats vrijgeven voor een ander.',
];

export default function Teachers({ loaderData }: Route.ComponentProps) {
  const { licences } = loaderData;
  return (
    <>
      <section aria-labelledby="teachers-title" className="bg-brand-soft">
        <div className="container-page grid gap-10 py-12 md:grid-cols-[1.4fr_1fr] md:items-center md:py-20">
          <div>
          <p className="font-semibold tracking-wide text-brand-dark uppercase">{TITLE}</p>
          <h1 id="teachers-title" className="mt-2 max-w-4xl text-4xl leading-tight font-extrabold md:text-6xl">
            Zie per onderwerp wie klaar is voor het examen
          </h1>
          <p className="mt-5 max-w-3xl text-lg text-ink-soft md:text-xl">
            Met een gratis docentaccount in Mijn Slaagbundel maak je klassen, zie je hoe elke leerling ervoor staat op
            de dag van zijn eigen examen, en geef je opdrachten die je leerlingen bij Vandaag terugzien.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to={AREA_PATHS.register}>
              Maak een docentaccount <ArrowRightIcon />
            </ButtonLink>
            <ButtonLink to="#klaslicentie" variant="secondary">
              Over de klaslicentie
            </ButtonLink>
          </div>
          </div>
          <ul className="grid gap-3 text-lg" aria-label="In het kort">
            {HIGHLIGHTS.map((highlight) => (
              <li key={highlight} className="flex items-center gap-3 rounded-2xl bg-white p-4 font-semibold shadow-sm">
                <span
                  aria-hidden="true"
                  className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-accent"
                >
                  ✓
                </span>
                {highlight}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="features-title" className="container-page py-14">
        <h2 id="features-title" className="text-3xl font-extrabold">
          Wat je kunt als docent
        </h2>
        <ul className="mt-8 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-3xl bg-white p-6 shadow-md ring-1 ring-ink/10">
              <h3 className="flex items-center gap-3 text-xl font-bold">
                <span
                  aria-hidden="true"
                  className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand text-white"
                >
                  <CheckIcon width={16} height={16} />
                </span>
                {feature.title}
              </h3>
              <p className="mt-3 text-ink-soft">{feature.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 max-w-3xl text-ink-soft">
          Op 1 augustus wordt een klas gearchiveerd: je kunt alles nog bekijken, maar niets meer veranderen. Voor het
          nieuwe schooljaar maak je een nieuwe klas.
        </p>
      </section>

      <section aria-labelledby="start-title" className="bg-surface">
        <div className="container-page py-14">
          <h2 id="start-title" className="text-3xl font-extrabold">
            Zo begin je
          </h2>
          <ol className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, i) => (
              <li key={step.title} className="flex flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink/10">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-brand font-display text-lg font-extrabold text-white"
                >
                  {i + 1}
                </span>
                <h3 className="mt-3 text-xl font-bold">{step.title}</h3>
                <p className="mt-1 text-ink-soft">{step.text}</p>
                {step.link ? (
                  <AppLink
                    to={step.link.to}
                    className="mt-auto inline-flex items-center gap-1 pt-4 font-semibold text-brand-dark underline underline-offset-4 hover:no-underline"
                  >
                    {step.link.label} <ArrowRightIcon width={18} height={18} />
                  </AppLink>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="klaslicentie" aria-labelledby="licence-title" className="container-page scroll-mt-28 py-14">
        <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
          <div>
            <h2 id="licence-title" className="text-3xl font-extrabold">
              De klaslicentie: volledige toegang voor je klas
            </h2>
            <p className="mt-4 max-w-3xl text-lg">
              Een docentaccount kost niets en geeft je je klassen, het dashboard en de opdrachten. De volledige inhoud
              van een vak krijg je met de licentiecode uit een slaagbundel of met een bestelling in onze winkel; je
              leerlingen krijgen die ook met een klaslicentie van je school.
            </p>
            <ul className="mt-6 space-y-3">
              {LICENCE_POINTS.map((point) => (
                <li key={point} className="flex gap-3">
                  <span
                    aria-hidden="true"
                    className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand text-white"
                  >
                    <CheckIcon width={14} height={14} />
                  </span>
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <aside
            aria-labelledby="quote-title"
            className="h-fit rounded-3xl bg-white p-6 shadow-md ring-1 ring-ink/10 md:p-8"
          >
            <h3 id="quote-title" className="text-2xl font-extrabold">
              Prijs op offerte
            </h3>
            <p className="mt-2 text-ink-soft">
              Een klaslicentie bestel je niet in de winkelwagen. Vraag een offerte aan: je school krijgt een prijs op
              maat en betaalt op factuur. Daarna krijg je de code om op je klas te activeren.
            </p>
            <ButtonLink to={QUOTE_PATH} className="mt-5">
              Offerte aanvragen <ArrowRightIcon />
            </ButtonLink>
          </aside>
        </div>
        {licences.length > 0 ? (
          <section aria-labelledby="licences-title" className="mt-12">
            <h3 id="licences-title" className="text-2xl font-extrabold">
              Klaslicenties
            </h3>
            <ul className="mt-6 grid gap-4 md:grid-cols-2 md:gap-6 lg:grid-cols-4">
              {licences.map((licence) => (
                <li key={licence.id}>
                  <ProductCard product={licence} variant="listing" headingLevel={3} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </section>

      <section aria-labelledby="questions-title" className="bg-surface">
        <div className="container-page py-12">
          <h2 id="questions-title" className="text-2xl font-extrabold">
            Nog vragen?
          </h2>
          <p className="mt-3 max-w-3xl text-lg">
            De{' '}
            <AppLink to="/veelgestelde-vragen" className="font-semibold text-brand-dark underline underline-offset-4">
              veelgestelde vragen
            </AppLink>{' '}
            hebben een deel voor docenten. Staat je vraag er niet bij,{' '}
            <AppLink to="/contact" className="font-semibold text-brand-dark underline underline-offset-4">
              neem contact met ons op
            </AppLink>
            .
          </p>
        </div>
      </section>
    </>
  );
}
