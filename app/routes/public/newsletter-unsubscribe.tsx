import { data } from 'react-router';
import type { Route } from './+types/newsletter-unsubscribe';
import { ButtonLink } from '#app/ui/primitives/button.tsx';
import { BRAND, pageTitle } from '#app/platform/brand.ts';
import { NEWSLETTER_PATH, type UnsubscribeLinkState, type UnsubscribeOutcome, NEWSLETTER_MESSAGES, newsletterTokenSchema } from '#app/modules/newsletter/index.ts';
import { NewsletterLinkPage, TokenButton } from '#app/modules/newsletter/ui.ts';
import { scopeContext } from '#app/context.ts';
import { pageMeta } from '#app/platform/seo-meta.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { checkUnsubscribeLink, unsubscribeFromNewsletter } from '#app/modules/newsletter/index.server.ts';

/** A page per secret link: never cached or shared. */
const PRIVATE = { 'Cache-Control': 'private, no-store' };

export const headers: Route.HeadersFunction = () => PRIVATE;

export const meta: Route.MetaFunction = () => [
  // No canonical address or link preview: the page exists for the one person with the link.
  ...pageMeta({
    title: pageTitle('Afmelden voor de nieuwsbrief'),
    description: `Meld je af voor de nieuwsbrief van ${BRAND.name}.`,
    path: '/nieuwsbrief/afmelden',
    publicUrl: undefined,
  }),
  { name: 'robots', content: 'noindex' },
];

/** /nieuwsbrief/afmelden?token=…: looks at the link only; opening it (mail scanners do) unsubscribes nobody. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const parsed = newsletterTokenSchema.safeParse({ token: url.searchParams.get('token') ?? undefined });
  if (!parsed.success) return data({ state: 'invalid' as UnsubscribeLinkState, token: null }, { headers: PRIVATE });
  const state = await checkUnsubscribeLink(context.get(scopeContext), parsed.data.token);
  return data({ state, token: parsed.data.token }, { headers: PRIVATE });
}

/** The button: the token from its form → one service → what happened. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = newsletterTokenSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ outcome: 'invalid' as UnsubscribeOutcome }, { status: 400, headers: PRIVATE });
  const scope = context.get(scopeContext);
  try {
    return data({ outcome: await unsubscribeFromNewsletter(scope, parsed.data.token) }, { headers: PRIVATE });
  } catch (error) {
    scope.errors.capture(error, { action: 'newsletter-unsubscribe' });
    return data({ failed: true as const }, { status: 500, headers: PRIVATE });
  }
}

const signUpAgain = (
  <p>
    <ButtonLink to={NEWSLETTER_PATH} variant="secondary">
      Toch weer aanmelden
    </ButtonLink>
  </p>
);

export default function NewsletterUnsubscribeRoute({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData && 'outcome' in actionData ? actionData.outcome : undefined;
  const failed = Boolean(actionData && 'failed' in actionData);
  const { state, token } = loaderData;

  if (outcome === 'unsubscribed') {
    return (
      <NewsletterLinkPage heading="Je bent afgemeld" tone="success">
        <p role="status">{NEWSLETTER_MESSAGES.UNSUBSCRIBED}</p>
        <p>Jammer dat je gaat. Veel succes met je examens!</p>
        {signUpAgain}
      </NewsletterLinkPage>
    );
  }
  if (outcome === 'already-unsubscribed' || (!outcome && state === 'unsubscribed')) {
    return (
      <NewsletterLinkPage heading="Je bent al afgemeld" tone="success">
        <p role="status">{NEWSLETTER_MESSAGES.ALREADY_UNSUBSCRIBED}</p>
        {signUpAgain}
      </NewsletterLinkPage>
    );
  }
  if (outcome === 'invalid' || state === 'invalid' || !token) {
    return (
      <NewsletterLinkPage heading="Deze link werkt niet" tone="problem">
        <p role="status">{NEWSLETTER_MESSAGES.UNSUBSCRIBE_INVALID}</p>
      </NewsletterLinkPage>
    );
  }
  return (
    <NewsletterLinkPage heading="Afmelden voor de nieuwsbrief">
      <div role="status" className="empty:hidden">
        {failed ? <p className="rounded-xl bg-danger/10 p-4 font-semibold text-danger">{MESSAGES.GENERIC_ERROR}</p> : null}
      </div>
      <p>
        Wil je de nieuwsbrief van {BRAND.name} niet meer ontvangen? Klik dan op de knop. Je kunt je later altijd weer
        aanmelden.
      </p>
      <div>
        <TokenButton token={token} label="Afmelden" busyLabel="Bezig met afmelden…" />
      </div>
    </NewsletterLinkPage>
  );
}
