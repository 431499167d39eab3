import { useEffect, useRef } from 'react';
import { data, useLocation } from 'react-router';
import type { Route } from './+types/grade-calculator';
import { scopeContext } from '#app/context.ts';
import { getCmsPage } from '#app/modules/content/index.server.ts';
import { GRADE_CALCULATOR_PATH } from '#app/modules/grades/index.ts';
import { gradeCalculator } from '#app/modules/grades/index.server.ts';
import { calculatorExams } from '#app/modules/exam-data/index.server.ts';
import { CHECK_ANSWER, CONVERSION_ANSWER, ConversionCalculator, PassFailCheck } from '#app/modules/grades/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { breadcrumbs, pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { absoluteUrl } from '#app/platform/seo.ts';
import { ArticleBody } from '#app/modules/content/ui.ts';

const SEGMENTS = GRADE_CALCULATOR_PATH.split('/').filter(Boolean);

/**
 * /exameninfo/cijfer-berekenen (issue 21, part 6): the public grade
 * calculator above the content service's explanation of the page. Its two GET
 * forms are the query (parse → gradeCalculator → render), so every result is
 * a shareable URL, the same for everyone, cached like any public page and
 * usable without JavaScript. No account, nothing stored.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const [page, exams] = await Promise.all([getCmsPage(scope, SEGMENTS), calculatorExams(scope)]);
  if (!page) throw data('This page could not be found', { status: 404 });
  return { page, exams, ...gradeCalculator(url.searchParams, exams) };
}

const DESCRIPTION =
  'Reken je examenscore om naar een cijfer met de N-term en check met je cijferlijst of je slaagt. Gratis, zonder account, voor vmbo, havo en vwo.';

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  const publicUrl = publicUrlOf(matches);
  const title = loaderData?.page.title ?? 'Je cijfer berekenen';
  return [
    ...pageMeta({
      title: pageTitle(title),
      description: loaderData?.page.metaDescription ?? DESCRIPTION,
      path: GRADE_CALCULATOR_PATH,
      publicUrl,
      jsonLd: [
        {
          '@type': 'WebApplication',
          name: 'Cijfer berekenen en slaag-zakcheck',
          description: DESCRIPTION,
          applicationCategory: 'EducationalApplication',
          operatingSystem: 'Alle',
          inLanguage: 'nl',
          isAccessibleForFree: true,
          offers: { '@type': 'Offer', price: '0', priceCurrency: 'EUR' },
          ...(publicUrl ? { url: absoluteUrl(publicUrl, GRADE_CALCULATOR_PATH) } : {}),
        },
        breadcrumbs(publicUrl, [
          { name: 'Exameninfo', path: '/exameninfo' },
          { name: title, path: GRADE_CALCULATOR_PATH },
        ]),
      ],
    }),
    // A result is a page of someone's own numbers, not one for search engines.
    ...(location.search ? [{ name: 'robots', content: 'noindex, follow' }] : []),
  ];
};

export default function GradeCalculatorPage({ loaderData }: Route.ComponentProps) {
  const { page, conversion, check } = loaderData;
  const location = useLocation();
  const conversionResult = useRef<HTMLHeadingElement>(null);
  const conversionErrors = useRef<HTMLDivElement>(null);
  const checkResult = useRef<HTMLHeadingElement>(null);
  const checkErrors = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // After a calculation (a client navigation), focus goes to the part that was asked: its result or its messages.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const check = location.hash.startsWith('#slagen');
    const target = check
      ? (checkErrors.current ?? checkResult.current)
      : (conversionErrors.current ?? conversionResult.current);
    // The whole answer in view (below the sticky header), not only its first line: at 390 px the result box
    // starts near the bottom of the screen after a submit (issue 35).
    document.getElementById(check ? CHECK_ANSWER : CONVERSION_ANSWER)?.scrollIntoView({ block: 'start' });
    target?.focus({ preventScroll: true });
    // Once per navigation.
  }, [location.key]);

  return (
    <article className="container-page py-10 md:py-16">
      <div className="mx-auto max-w-4xl">
        <h1 className="text-4xl font-extrabold text-brand-dark md:text-5xl">{page.title}</h1>
        <p className="mt-4 max-w-prose text-lg text-ink-soft">
          Reken je score om naar een cijfer met de echte normering en check of je slaagt. Gratis en zonder account: we
          bewaren niets van wat je invult.
        </p>
        <div className="mt-8 grid gap-8">
          <ConversionCalculator
            answer={conversion}
            resultRef={conversionResult}
            errorRef={conversionErrors}
            exams={loaderData.exams}
          />
          <PassFailCheck answer={check} resultRef={checkResult} errorRef={checkErrors} />
        </div>
        <h2 className="mt-14 text-3xl font-extrabold">Zo wordt je cijfer berekend</h2>
        <div className="mt-4">
          <ArticleBody segments={page.body} articleSlug={page.slug} />
        </div>
      </div>
    </article>
  );
}
