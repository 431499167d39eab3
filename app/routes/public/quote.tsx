import { data } from 'react-router';
import type { Route } from './+types/quote';
import { requestContext, scopeContext } from '#app/context.ts';
import {
  QUOTE_PATH,
  quoteExamYears,
  quotePrefill,
  quoteSchema,
  TEACHERS_PATH,
} from '#app/modules/content/index.ts';
import { submitQuoteRequest } from '#app/modules/content/index.server.ts';
import { QuoteForm, type QuoteFormResult } from '#app/modules/content/ui.ts';
import { CONTACT_INBOX, pageTitle } from '#app/platform/brand.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { breadcrumbs, pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { Breadcrumbs } from '#app/ui/primitives/breadcrumbs.tsx';

const TITLE = 'Offerte aanvragen voor een klaslicentie';

/**
 * /voor-docenten/offerte (issue 31): a school asks for a quote for a class licence, since school orders are
 * paid by invoice and a class licence never goes in a cart. The form is a plain post (it works without
 * JavaScript); a class licence's page fills in its subject and exam year through the query. The request goes
 * to the contact inbox with the contact form's confirmation (submitQuoteRequest).
 */
export function loader({ url }: Route.LoaderArgs) {
  const examYears = quoteExamYears(examYearRange(new Date()).min);
  return { examYears, prefill: quotePrefill(url.searchParams, examYears) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const publicUrl = publicUrlOf(matches);
  return pageMeta({
    title: pageTitle(TITLE),
    description:
      'Vraag een offerte aan voor een klaslicentie: volledige toegang tot een vak voor je hele klas, tot en met 31 juli. Scholen betalen op factuur.',
    path: QUOTE_PATH,
    publicUrl,
    jsonLd: [
      breadcrumbs(publicUrl, [
        { name: 'Voor docenten', path: TEACHERS_PATH },
        { name: 'Offerte aanvragen', path: QUOTE_PATH },
      ]),
    ],
  });
};

/**
 * Parse with the shared schema → one use case (at most a few requests per client) → the confirmation, or the
 * refusal or the generic failure with what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), { schema: quoteSchema });
  if (submission.status !== 'success') {
    return data<QuoteFormResult>({ result: submission.reply() }, { status: 400 });
  }
  const scope = context.get(scopeContext);
  try {
    const sent = await submitQuoteRequest(scope, submission.value, context.get(requestContext).clientAddress);
    if (!sent.ok) {
      // Too many requests from this client: what was typed stays, with the reason above the form.
      return data<QuoteFormResult>(
        { result: submission.reply(), refused: sent.message },
        {
          status: sent.reason === 'rate_limited' ? 429 : 503,
          headers: { 'Retry-After': String(sent.retryAfterSeconds) },
        },
      );
    }
  } catch (error) {
    scope.errors.capture(error, { action: 'quote' });
    // What was typed stays in the form.
    return data<QuoteFormResult>({ result: submission.reply(), failed: true }, { status: 500 });
  }
  return { sentAt: Date.now() } satisfies QuoteFormResult;
}

export default function QuoteRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { examYears, prefill } = loaderData;
  return (
    <section className="container-page py-10 md:py-16">
      <div className="mx-auto max-w-5xl">
        <Breadcrumbs trail={[{ to: TEACHERS_PATH, label: 'Voor docenten' }]} />
        <div className="mt-4 grid gap-10 md:grid-cols-[1fr_18rem]">
          <div>
            <h1 className="text-4xl font-extrabold text-brand-dark md:text-5xl">Offerte aanvragen</h1>
            <p className="mt-4 max-w-2xl text-lg text-ink-soft">
              Voor een klaslicentie: volledige toegang tot een vak voor de leerlingen van je klas, tot en met 31 juli.
              Vul in voor welke school, welk vak en hoeveel leerlingen, dan mailen we je een offerte op maat.
            </p>
            <div className="mt-8">
              {/* A sent request gets a fresh form. */}
              <QuoteForm
                key={actionData?.sentAt ?? 'quote'}
                lastResult={actionData}
                examYears={examYears}
                prefill={prefill}
              />
            </div>
          </div>
          <aside aria-labelledby="quote-next" className="h-fit rounded-2xl bg-surface p-6">
            <h2 id="quote-next" className="text-lg font-bold">
              Wat gebeurt er daarna?
            </h2>
            <ol className="mt-3 list-decimal space-y-2 pl-5">
              <li>We mailen je een offerte op maat.</li>
              <li>Akkoord? Je school betaalt op factuur en krijgt de code van de klaslicentie.</li>
              <li>Je activeert de code op je klas. De leerlingen in de klas krijgen meteen toegang.</li>
            </ol>
            <p className="mt-4 text-sm text-ink-soft">
              Liever mailen? Dat kan ook:{' '}
              <a href={`mailto:${CONTACT_INBOX}`} className="font-semibold text-brand-dark underline underline-offset-4">
                {CONTACT_INBOX}
              </a>
            </p>
          </aside>
        </div>
      </div>
    </section>
  );
}
