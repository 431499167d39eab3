import type { Route } from './+types/bundles';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { pageTitle } from '#app/platform/brand.ts';
import { levelLabel, themeClass, themeForLevel } from '#app/platform/levels.ts';
import { BUNDLES_PATH, PRODUCTS_PATH, toProductCardData } from '#app/modules/catalog/index.ts';
import { BundleCovers, BundlePriceLines, DiscountTiers } from '#app/modules/catalog/ui.ts';
import { scopeContext } from '#app/context.ts';
import { breadcrumbs, pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { AddBundleToCartForm } from '#app/modules/shop/ui.ts';
import { listBundles } from '#app/modules/catalog/index.server.ts';

/** The bundles (voordeelpakketten, spec §2): fixed combinations of products with the stacking discount in their price. */
export async function loader({ context }: Route.LoaderArgs) {
  const bundles = await listBundles(context.get(scopeContext));
  return {
    bundles: bundles.map(({ products, slug: _slug, ...bundle }) => ({
      ...bundle,
      products: products.map(toProductCardData),
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const publicUrl = publicUrlOf(matches);
  return pageMeta({
    title: pageTitle('Voordeelpakketten'),
    description:
      'Voordeelpakketten met examenbundels voor vmbo, havo en vwo: meerdere vakken in één keer, met 5 tot 15% stapelkorting in de prijs.',
    path: BUNDLES_PATH,
    publicUrl,
    jsonLd: [
      breadcrumbs(publicUrl, [
        { name: 'Producten', path: PRODUCTS_PATH },
        { name: 'Voordeelpakketten', path: BUNDLES_PATH },
      ]),
    ],
  });
};

export default function Bundles({ loaderData }: Route.ComponentProps) {
  const { bundles } = loaderData;
  return (
    <section aria-labelledby="bundles-title" className="container-page py-10 md:py-14">
      <nav aria-label="Kruimelpad" className="text-sm">
        <ol className="flex flex-wrap gap-2 text-ink-soft">
          <li>
            <AppLink to={PRODUCTS_PATH} className="underline underline-offset-4">
              Producten
            </AppLink>
          </li>
        </ol>
      </nav>
      <h1 id="bundles-title" className="mt-4 text-4xl font-extrabold text-brand-dark md:text-5xl">
        Voordeelpakketten
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-ink-soft">
        Meerdere vakken tegelijk? In een voordeelpakket zitten de examenbundels die vaak samen besteld worden. De
        stapelkorting zit al in de prijs: 5% bij 2 producten, 10% bij 3 en 15% bij 4 of meer.
      </p>
      <ul className="mt-10 grid gap-6 lg:grid-cols-2">
        {bundles.map((bundle) => (
          <li key={bundle.id}>
            <article
              className={`${themeClass(themeForLevel(bundle.level))} relative flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-md ring-1 ring-ink/10 transition-shadow duration-(--duration-transition) hover:shadow-xl sm:flex-row`}
            >
              <div className="flex items-center justify-center bg-brand-soft px-6 py-8 sm:w-2/5">
                <BundleCovers products={bundle.products} />
              </div>
              <div className="flex flex-1 flex-col gap-2 p-6">
                <p className="text-sm font-semibold tracking-wide text-brand-dark uppercase">
                  Voordeelpakket · {levelLabel(bundle.level)} · {bundle.products.length} producten
                </p>
                <h2 className="text-xl leading-snug font-bold">
                  <AppLink
                    to={bundle.href}
                    className="after:absolute after:inset-0 after:rounded-3xl hover:underline focus-visible:outline-3 focus-visible:outline-focus"
                  >
                    {bundle.name}
                  </AppLink>
                </h2>
                <ul className="text-sm text-ink-soft">
                  {bundle.products.map((product) => (
                    <li key={product.id}>{product.name}</li>
                  ))}
                </ul>
                <div className="mt-auto pt-3">
                  <BundlePriceLines price={bundle} />
                  <p className={`mt-3 text-sm font-semibold ${bundle.fullyOrderable ? 'text-success' : 'text-danger'}`}>
                    {bundle.fullyOrderable
                      ? 'Alle producten op voorraad'
                      : 'Niet alle producten zijn nu te bestellen'}
                  </p>
                  <div className="mt-3">
                    <AddBundleToCartForm
                      bundleId={bundle.id}
                      bundleName={bundle.name}
                      disabled={!bundle.fullyOrderable}
                    />
                  </div>
                </div>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <div className="mt-16">
        <DiscountTiers />
      </div>
    </section>
  );
}
