import { parseForm } from '#app/platform/schemas/form.ts';
import { data } from 'react-router';
import type { Route } from './+types/newsletter';
import { BRAND, pageTitle } from '#app/platform/brand.ts';
import { DEFAULT_NEWSLETTER_SOURCE, NEWSLETTER_FREQUENCY, NEWSLETTER_PATH, newsletterSignupSchema } from '#app/modules/newsletter/index.ts';
import { NewsletterForm, type NewsletterFormResult } from '#app/modules/newsletter/ui.ts';
import { scopeContext } from '#app/context.ts';
import { pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { subscribeToNewsletter } from '#app/modules/newsletter/index.server.ts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: pageTitle('Nieuwsbrief'),
    description: `Examentips, een seintje wanneer je met leren moet beginnen en de aanbiedingen van ${BRAND.name}: gemiddeld twee keer per maand in je mailbox. Afmelden kan altijd.`,
    path: NEWSLETTER_PATH,
    publicUrl: publicUrlOf(matches),
  });

/**
 * Every opt-in form posts here (from this page, an article, the footer):
 * parse with the shared schema → one service → the same answer for every
 * address. A fetcher reads the answer in place; without JavaScript this page
 * shows it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), { schema: newsletterSignupSchema });
  if (submission.status !== 'success') {
    // A sign-up from another page keeps its source when it is sent again from here.
    const source = newsletterSignupSchema.shape.source.safeParse(submission.payload.source).data;
    return data<NewsletterFormResult>({ result: submission.reply(), source }, { status: 400 });
  }
  const scope = context.get(scopeContext);
  try {
    await subscribeToNewsletter(scope, submission.value);
  } catch (error) {
    scope.errors.capture(error, { action: 'newsletter' });
    // What was typed stays in the form.
    return data<NewsletterFormResult>({ result: submission.reply(), failed: true }, { status: 500 });
  }
  const signedUp: NewsletterFormResult = { subscribedAt: Date.now() };
  return signedUp;
}

const REASONS = [
  {
    title: 'Examentips',
    text: 'Hoe je een examentekst aanpakt, welke formules je echt moet kennen en hoe je rustig blijft in de examenzaal.',
  },
  {
    title: 'Op tijd beginnen',
    text: 'Een seintje wanneer het tijd is om met leren te beginnen, en een planning die past bij jouw examenrooster.',
  },
  {
    title: 'Aanbiedingen',
    text: 'Als eerste horen van nieuwe examenbundels en van acties met korting.',
  },
] as const;

export default function NewsletterRoute({ actionData }: Route.ComponentProps) {
  return (
    <section className="container-page py-10 md:py-16">
      {/* Small screens: the introduction, the form, then the details; wide screens: the form beside them. */}
      <div className="mx-auto grid max-w-5xl gap-10 md:grid-cols-[1fr_22rem] md:gap-x-10 md:gap-y-0">
        <div>
          <h1 className="text-4xl font-extrabold text-brand-dark md:text-5xl">Nieuwsbrief</h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-soft">
            Slagen begint met een goede voorbereiding. Met de nieuwsbrief van {BRAND.name} krijg je op het juiste
            moment de tips die je nodig hebt, van je eerste planning tot de dag van je laatste examen.
          </p>
        </div>
        <aside
          aria-labelledby="newsletter-signup"
          className="h-fit rounded-2xl bg-white p-6 shadow-lg ring-1 ring-ink/10 md:col-start-2 md:row-span-2 md:row-start-1"
        >
          <h2 id="newsletter-signup" className="text-xl font-bold">
            Aanmelden
          </h2>
          <p className="mt-1 mb-4 text-ink-soft">Vul je e-mailadres in. Je ontvangt meteen een bevestigingsmail.</p>
          <NewsletterForm source={actionData?.source ?? DEFAULT_NEWSLETTER_SOURCE} lastResult={actionData} />
        </aside>
        <div>
          <h2 className="text-2xl font-bold md:mt-10">Wat krijg je?</h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {REASONS.map((reason) => (
              <li key={reason.title} className="rounded-2xl bg-surface p-5">
                <h3 className="font-bold">{reason.title}</h3>
                <p className="mt-1 text-ink-soft">{reason.text}</p>
              </li>
            ))}
          </ul>
          <h2 className="mt-10 text-2xl font-bold">Hoe vaak?</h2>
          <p className="mt-2 max-w-2xl">{NEWSLETTER_FREQUENCY}</p>
          <h2 className="mt-10 text-2xl font-bold">Je privacy</h2>
          <p className="mt-2 max-w-2xl">
            We gebruiken je e-mailadres alleen voor de nieuwsbrief en geven het aan niemand anders. Na je aanmelding
            sturen we je eerst een e-mail: pas als je op de link daarin klikt, ben je ingeschreven. Onderaan elke
            nieuwsbrief staat een link om je af te melden.
          </p>
        </div>
      </div>
    </section>
  );
}
