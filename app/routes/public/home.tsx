import { data, redirect } from 'react-router';
import type { Route } from './+types/home';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { ButtonLink } from '#app/ui/primitives/button.tsx';
import { ArrowRightIcon } from '#app/ui/primitives/icons.tsx';
import { BRAND, CONTACT_INBOX, HOME_TITLE } from '#app/platform/brand.ts';
import { LEVEL_COOKIE } from '#app/platform/cookies.ts';
import { LEVEL_LABELS } from '#app/platform/levels.ts';
import { requestContext, scopeContext } from '#app/context.ts';
import { absoluteUrl } from '#app/platform/seo.ts';
import { pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { CampaignButton, CampaignModalHost, ArticleCard, LevelChooser } from '#app/modules/content/ui.ts';
import { DiscountTiers, ProductCard } from '#app/modules/catalog/ui.ts';
import { CHOOSE_LEVEL_MESSAGE, chooseLevelSchema } from '#app/modules/content/index.ts';
import { serializeDefinedCookie } from '#app/platform/cookie-header.ts';
import { ACCOUNT_DELETED_MESSAGE, ACCOUNT_DELETED_PARAM } from '#app/modules/accounts/index.ts';
import { getHomePage } from '#app/modules/content/index.server.ts';


export const meta: Route.MetaFunction = ({ matches }) => {
  const publicUrl = publicUrlOf(matches);
  return pageMeta({
    title: HOME_TITLE,
    description:
      'Examenbundels, samenvattingen en examentips voor vmbo, havo en vwo. Oefen met echte examenvragen en slaag zeker voor je eindexamen.',
    path: '/',
    publicUrl,
    jsonLd: [
      {
        '@type': 'Organization',
        name: BRAND.name,
        ...(publicUrl ? { url: publicUrl, logo: absoluteUrl(publicUrl, '/favicon.svg') } : {}),
        email: CONTACT_INBOX,
      },
    ],
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { level } = context.get(requestContext);
  const home = await getHomePage(context.get(scopeContext), level ?? undefined);
  // Where a deleted account lands: said on the page itself, so also without JavaScript.
  const accountDeleted = new URL(request.url).searchParams.get(ACCOUNT_DELETED_PARAM) === '1';
  return { ...home, level, accountDeleted };
}

export async function action({ request }: Route.ActionArgs) {
  const result = chooseLevelSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!result.success) {
    return data({ error: CHOOSE_LEVEL_MESSAGE }, { status: 400 });
  }
  return redirect('/#producten', {
    headers: {
      'Set-Cookie': serializeDefinedCookie(LEVEL_COOKIE, result.data.level),
    },
  });
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { products, articles, campaign, level } = loaderData;
  return (
    <>
      {loaderData.accountDeleted ? (
        <div role="status" className="bg-success-soft">
          <p className="container-page py-4 font-semibold text-success">{ACCOUNT_DELETED_MESSAGE}</p>
        </div>
      ) : null}
      <section className="bg-brand-soft">
        <div className="container-page grid gap-10 py-12 md:grid-cols-[1.2fr_1fr] md:items-center md:py-20">
          <div>
            <p className="font-semibold tracking-wide text-brand-dark uppercase">Examens 2027</p>
            <h1 className="mt-2 text-4xl leading-tight font-extrabold md:text-6xl">Zeker slagen met onze slaagbundels!</h1>
            <p className="mt-5 max-w-xl text-lg text-ink-soft md:text-xl">
              Oefen met echte examenvragen, heldere uitleg en slimme leerkaarten. Voor vmbo, havo en vwo, en voor
              ouders en docenten die willen helpen.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="#producten">
                Bekijk de examenbundels <ArrowRightIcon />
              </ButtonLink>
              {campaign ? (
                <CampaignButton campaign={campaign} />
              ) : null}
            </div>
          </div>
          <ul className="grid gap-3 text-lg" aria-label="Waarom Slaagbundel">
            {[
              'Echte examenvragen van de afgelopen jaren',
              'Uitwerkingen stap voor stap uitgelegd',
              'Leerkaarten en examencheck in Mijn Slaagbundel',
              'Vandaag besteld, morgen in huis',
            ].map((usp) => (
              <li key={usp} className="flex items-center gap-3 rounded-2xl bg-white p-4 font-semibold shadow-sm">
                <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-accent">
                  ✓
                </span>
                {usp}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="container-page -mt-6 md:-mt-10">
        <LevelChooser selected={level} />
        {actionData?.error ? (
          <p role="alert" className="mt-3 font-semibold text-danger">
            {actionData.error}
          </p>
        ) : null}
      </div>

      <section id="producten" aria-labelledby="products-title" className="container-page scroll-mt-28 py-14">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="products-title" className="text-3xl font-extrabold">
            {level ? `Populair voor ${LEVEL_LABELS[level]}` : 'Populaire examenbundels'}
          </h2>
          <AppLink to={level ? `/producten?level=${level}` : '/producten'} className="font-semibold text-brand-dark underline underline-offset-4">
            Alle producten
          </AppLink>
        </div>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      </section>

      <div className="container-page">
        <DiscountTiers />
      </div>

      <section aria-labelledby="tips-title" className="container-page py-14">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="tips-title" className="text-3xl font-extrabold">
            Nieuwste examentips
          </h2>
          <AppLink to="/examentips" className="font-semibold text-brand-dark underline underline-offset-4">
            Alle examentips
          </AppLink>
        </div>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {articles.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      </section>
      {campaign ? <CampaignModalHost campaign={campaign} /> : null}
    </>
  );
}
