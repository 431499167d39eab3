import type { Route } from './+types/bundles';
import { Breadcrumbs } from '#app/ui/primitives/breadcrumbs.tsx';
import { pageTitle } from '#app/platform/brand.ts';
import { PRODUCTS_PATH, toProductCardData } from '#app/modules/catalog/index.ts';
import { BUNDLES_PATH } from '#app/modules/bundles/index.ts';
import { DiscountTiers } from '#app/modules/catalog/ui.ts';
import { BundleCard } from '#app/modules/bundles/ui.ts';
import { scopeContext } from '#app/context.ts';
import { breadcrumbs, pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { AddBundleToCartForm } from '#app/modules/shop/ui.ts';
import { listBundles } from '#app/modules/bundles/index.server.ts';

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
      <Breadcrumbs trail={[{ to: PRODUCTS_PATH, label: 'Producten' }]} />
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
            <BundleCard
              bundle={bundle}
              action={
                <AddBundleToCartForm bundleId={bundle.id} bundleName={bundle.name} disabled={!bundle.fullyOrderable} />
              }
            />
          </li>
        ))}
      </ul>
      <div className="mt-16">
        <DiscountTiers />
      </div>
    </section>
  );
}
