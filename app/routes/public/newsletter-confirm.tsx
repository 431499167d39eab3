import { data } from 'react-router';
import type { Route } from './+types/newsletter-confirm';
import { ButtonLink } from '#app/ui/primitives/button.tsx';
import { BRAND, pageTitle } from '#app/platform/brand.ts';
import { type ConfirmLinkState, type ConfirmOutcome, NEWSLETTER_MESSAGES, newsletterTokenSchema } from '#app/modules/newsletter/index.ts';
import { NewsletterLinkPage, TokenButton, NewsletterForm } from '#app/modules/newsletter/ui.ts';
import { BLOG_PATH } from '#app/platform/pagination.ts';
import { scopeContext } from '#app/context.ts';
import { pageMeta } from '#app/platform/seo-meta.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { checkConfirmLink, confirmNewsletter } from '#app/modules/newsletter/index.server.ts';

/** A page per secret link: never cached or shared. */
const PRIVATE = { 'Cache-Control': 'private, no-store' };

export const headers: Route.HeadersFunction = () => PRIVATE;

export const meta: Route.MetaFunction = () => [
  // No canonical address or link preview: the page exists for the one person with the link.
  ...pageMeta({
    title: pageTitle('Inschrijving bevestigen'),
    description: `Bevestig je inschrijving voor de nieuwsbrief van ${BRAND.name}.`,
    path: '/nieuwsbrief/bevestigen',
    publicUrl: undefined,
  }),
  { name: 'robots', content: 'noindex' },
];

/** /nieuwsbrief/bevestigen?token=…: looks at the link only; opening it (mail scanners do) confirms nothing. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const parsed = newsletterTokenSchema.safeParse({ token: url.searchParams.get('token') ?? undefined });
  if (!parsed.success) return data({ state: 'invalid' as ConfirmLinkState, token: null }, { headers: PRIVATE });
  const state = await checkConfirmLink(context.get(scopeContext), parsed.data.token);
  return data({ state, token: parsed.data.token }, { headers: PRIVATE });
}

/** The button: the token from its form → one service → what happened. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = newsletterTokenSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ outcome: 'invalid' as ConfirmOutcome }, { status: 400, headers: PRIVATE });
  const scope = context.get(scopeContext);
  try {
    return data({ outcome: await confirmNewsletter(scope, parsed.data.token) }, { headers: PRIVATE });
  } catch (error) {
    scope.errors.capture(error, { action: 'newsletter-confirm' });
    return data({ failed: true as const }, { status: 500, headers: PRIVATE });
  }
}

function SignUpAgain() {
  return (
    <div className="mt-2 rounded-2xl bg-surface p-5">
      <h2 className="mb-3 text-xl font-bold">Opnieuw aanmelden</h2>
      <NewsletterForm source="confirm-link" compact />
    </div>
  );
}

const toTips = (
  <p>
    <ButtonLink to={BLOG_PATH}>Lees alvast onze examentips</ButtonLink>
  </p>
);

export default function NewsletterConfirmRoute({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData && 'outcome' in actionData ? actionData.outcome : undefined;
  const failed = Boolean(actionData && 'failed' in actionData);
  const { state, token } = loaderData;

  if (outcome === 'confirmed') {
    return (
      <NewsletterLinkPage heading="Je bent ingeschreven!" tone="success">
        <p role="status">{NEWSLETTER_MESSAGES.CONFIRMED}</p>
        <p>We hebben je een welkomstmail gestuurd. Daarin staat ook de link om je weer af te melden.</p>
        {toTips}
      </NewsletterLinkPage>
    );
  }
  if (outcome === 'already-confirmed' || (!outcome && state === 'confirmed')) {
    return (
      <NewsletterLinkPage heading="Je bent al ingeschreven" tone="success">
        <p role="status">{NEWSLETTER_MESSAGES.ALREADY_CONFIRMED}</p>
        {toTips}
      </NewsletterLinkPage>
    );
  }
  if (outcome === 'expired' || (!outcome && state === 'expired')) {
    return (
      <NewsletterLinkPage heading="Deze link is verlopen" tone="problem">
        <p role="status">{NEWSLETTER_MESSAGES.CONFIRM_EXPIRED}</p>
        <SignUpAgain />
      </NewsletterLinkPage>
    );
  }
  if (outcome === 'invalid' || state === 'invalid' || !token) {
    return (
      <NewsletterLinkPage heading="Deze link werkt niet" tone="problem">
        <p role="status">{NEWSLETTER_MESSAGES.CONFIRM_INVALID}</p>
        <SignUpAgain />
      </NewsletterLinkPage>
    );
  }
  return (
    <NewsletterLinkPage heading="Bevestig je inschrijving">
      <div role="status" className="empty:hidden">
        {failed ? <p className="rounded-xl bg-danger/10 p-4 font-semibold text-danger">{MESSAGES.GENERIC_ERROR}</p> : null}
      </div>
      <p>
        Nog één stap: klik op de knop om je inschrijving voor de nieuwsbrief van {BRAND.name} te bevestigen. Daarna
        krijg je van ons examentips, een seintje wanneer het tijd is om te beginnen met leren, en onze aanbiedingen.
      </p>
      <div>
        <TokenButton token={token} label="Inschrijving bevestigen" busyLabel="Bezig met bevestigen…" />
      </div>
    </NewsletterLinkPage>
  );
}
