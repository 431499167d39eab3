import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { Route } from './+types/quickscan';
import { pageTitle } from '#app/platform/brand.ts';
import { themeClass, themeForLevel } from '#app/platform/levels.ts';
import { QUICKSCAN_PATH } from '#app/modules/quickscan/index.ts';
import { QuickscanAdvice, QuickscanQuestions } from '#app/modules/quickscan/ui.ts';
import { AddSetToCartForm } from '#app/modules/shop/ui.ts';
import { scopeContext } from '#app/context.ts';
import { pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { getQuickscanPage } from '#app/modules/quickscan/index.server.ts';
import { ErrorSummary, summaryErrors } from '#app/ui/primitives/error-summary.tsx';

/**
 * /quickscan (spec §2): four questions in a GET form, so the
 * advice is a shareable URL and the page is the same for everyone with that
 * URL (cacheable). Wrong answers get a Dutch message on the page, never an
 * error page.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  return getQuickscanPage(context.get(scopeContext), url.searchParams, new Date());
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta({
    title: pageTitle(loaderData?.advice ? 'Jouw quick scan-advies' : 'Quick scan: welke examenbundels heb jij nodig?'),
    description:
      'Beantwoord in één minuut vier vragen over je niveau, examenjaar, vakken en wat je lastig vindt, en krijg een advies op maat met stapelkorting.',
    path: QUICKSCAN_PATH,
    publicUrl: publicUrlOf(matches),
  }),
  // An advice is a page of its own answers, not one for search engines.
  ...(loaderData && (loaderData.advice || loaderData.errors) ? [{ name: 'robots', content: 'noindex, follow' }] : []),
];

const FACTS = [
  'Vier korte vragen, klaar in een minuut',
  'Advies op maat, per vak',
  'Met stapelkorting tot 15%',
  'In één klik in je winkelwagen',
];

export default function Quickscan({ loaderData }: Route.ComponentProps) {
  const { questions, typed, errors, advice } = loaderData;
  const location = useLocation();
  const adviceHeading = useRef<HTMLHeadingElement>(null);
  const errorSummary = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // After answering (a client navigation), focus goes to the advice, or to the messages.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (advice) adviceHeading.current?.focus();
    else if (errors) errorSummary.current?.focus();
    // Once per navigation.
  }, [location.key]);

  const theme = advice ? themeClass(themeForLevel(advice.level)) : '';
  return (
    <div className={theme}>
      <section className="bg-brand-soft">
        {advice ? (
          <div className="container-page py-8 md:py-10">
            <p className="font-semibold tracking-wide text-brand-dark uppercase">Quick scan · 1 minuut</p>
            <h1 className="mt-2 text-4xl leading-tight font-extrabold md:text-5xl">Welke examenbundels heb jij nodig?</h1>
          </div>
        ) : (
          <div className="container-page grid gap-8 py-10 md:grid-cols-[1.4fr_1fr] md:items-center md:py-16">
            <div>
              <p className="font-semibold tracking-wide text-brand-dark uppercase">Quick scan · 1 minuut</p>
              <h1 className="mt-2 text-4xl leading-tight font-extrabold md:text-5xl">
                Welke examenbundels heb jij nodig?
              </h1>
              <p className="mt-4 max-w-2xl text-lg text-ink-soft md:text-xl">
                Beantwoord vier korte vragen over je niveau, je examenjaar, je vakken en wat je lastig vindt. Je krijgt
                meteen een advies op maat, met de stapelkorting al berekend.
              </p>
            </div>
            <ul className="hidden gap-3 text-lg md:grid" aria-label="Zo werkt de quick scan">
              {FACTS.map((fact) => (
                <li key={fact} className="flex items-center gap-3 rounded-2xl bg-white p-4 font-semibold shadow-sm">
                  <span
                    aria-hidden="true"
                    className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-accent"
                  >
                    ✓
                  </span>
                  {fact}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      {advice ? (
        <QuickscanAdvice
          key={location.search}
          advice={advice}
          headingRef={adviceHeading}
          addToCart={(productIds, label) => <AddSetToCartForm productIds={productIds} label={label} />}
        />
      ) : null}

      <section
        id="vragen"
        tabIndex={-1}
        aria-labelledby="quickscan-questions"
        className={`container-page scroll-mt-28 pb-14 focus:outline-none ${advice ? '' : 'pt-8 md:pt-10'}`}
      >
        <div className="rounded-3xl bg-white p-6 shadow-lg ring-1 ring-ink/10 md:p-10">
          <h2 id="quickscan-questions" className="text-2xl font-extrabold md:text-3xl">
            {advice ? 'Antwoorden aanpassen' : 'De vragen'}
          </h2>
          {errors && Object.keys(errors).length > 0 ? (
            <ErrorSummary
              errors={summaryErrors(errors ?? {}, (field) => `vraag-${field}`)}
              summaryRef={errorSummary}
            />
          ) : null}
          <div className="mt-6">
            <QuickscanQuestions
              key={location.search}
              questions={questions}
              typed={typed}
              errors={errors}
              stepwise={!advice && !errors}
            />
          </div>
        </div>
      </section>
    </div>
  );
}
