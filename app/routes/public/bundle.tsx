import { data, redirect } from 'react-router';
import type { Route } from './+types/bundle';
import { Breadcrumbs } from '#app/ui/primitives/breadcrumbs.tsx';
import { CheckIcon } from '#app/ui/primitives/icons.tsx';
import { BRAND, pageTitle } from '#app/platform/brand.ts';
import { levelLabel, themeClass, themeForLevel } from '#app/platform/levels.ts';
import { canOrderShown, formatMoney } from '#app/platform/sales.ts';
import { PRODUCTS_PATH, schemaPrice, toProductCardData } from '#app/modules/catalog/index.ts';
import { BUNDLES_PATH, bundleIdParamsSchema } from '#app/modules/bundles/index.ts';
import { DiscountTiers, ProductCardSection, stockLabel } from '#app/modules/catalog/ui.ts';
import { BundleCovers, BundlePriceLines } from '#app/modules/bundles/ui.ts';
import { scopeContext } from '#app/context.ts';
import { absoluteAsset, breadcrumbs, pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { AddBundleToCartForm } from '#app/modules/shop/ui.ts';
import { getBundle } from '#app/modules/bundles/index.server.ts';

const NOT_FOUND = 'Dit voordeelpakket bestaat niet (meer).';

/**
 * A bundle page (spec §2): /producten/voordeelpakketten/{id}/{slug}. Without
 * the slug, or with another one, it moves permanently to its own address; an
 * unknown id is the 404 page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = bundleIdParamsSchema.safeParse({ id: params.id });
  if (!parsed.success || String(parsed.data.id) !== params.id) throw data(NOT_FOUND, { status: 404 });
  const bundle = await getBundle(context.get(scopeContext), parsed.data.id);
  if (!bundle) throw data(NOT_FOUND, { status: 404 });
  if (params.slug !== bundle.slug) throw redirect(bundle.href, 301);
  const { products, ...rest } = bundle;
  return { bundle: { ...rest, products: products.map(toProductCardData) } };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { bundle } = loaderData;
  const publicUrl = publicUrlOf(matches);
  const image = bundle.products[0]?.image;
  return pageMeta({
    title: pageTitle(bundle.name),
    description: `${bundle.name}: ${bundle.products.length} producten voor ${formatMoney(bundle.priceCents)} in plaats van ${formatMoney(bundle.normalCents)}, met ${bundle.discountPercent}% stapelkorting.`,
    path: bundle.href,
    publicUrl,
    image,
    jsonLd: [
      {
        '@type': 'Product',
        name: bundle.name,
        description: bundle.description,
        ...(image ? { image: absoluteAsset(publicUrl, image) } : {}),
        brand: { '@type': 'Brand', name: BRAND.name },
        offers: {
          '@type': 'Offer',
          price: schemaPrice(bundle.priceCents),
          priceCurrency: 'EUR',
          availability: bundle.fullyOrderable ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          ...(publicUrl ? { url: absoluteAsset(publicUrl, bundle.href) } : {}),
        },
      },
      breadcrumbs(publicUrl, [
        { name: 'Producten', path: PRODUCTS_PATH },
        { name: 'Voordeelpakketten', path: BUNDLES_PATH },
        { name: bundle.name, path: bundle.href },
      ]),
    ],
  });
};

export default function Bundle({ loaderData }: Route.ComponentProps) {
  const { bundle } = loaderData;
  const unavailable = bundle.products.filter((p) => !canOrderShown(p));
  return (
    <div className={themeClass(themeForLevel(bundle.level))}>
      <article aria-labelledby="bundle-title" className="container-page py-8 md:py-12">
        <Breadcrumbs
          trail={[
            { to: PRODUCTS_PATH, label: 'Producten' },
            { to: BUNDLES_PATH, label: 'Voordeelpakketten' },
          ]}
        />

        <div className="mt-6 grid gap-8 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-14">
          <div className="flex items-center justify-center rounded-3xl bg-brand-soft px-6 py-10 md:self-start md:py-16">
            <BundleCovers products={bundle.products} size="large" />
          </div>
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-dark uppercase">
              Voordeelpakket · {levelLabel(bundle.level)}
            </p>
            <h1 id="bundle-title" className="mt-2 text-3xl leading-tight font-extrabold md:text-5xl">
              {bundle.name}
            </h1>
            <p className="mt-4 text-lg leading-relaxed">{bundle.description}</p>

            <div className="mt-6 rounded-3xl bg-white p-5 shadow-md ring-1 ring-ink/10 md:p-6">
              <BundlePriceLines price={bundle} large />
              <table className="mt-5 w-full text-left">
                <caption className="sr-only">Prijsopbouw</caption>
                <tbody className="divide-y divide-ink/10">
                  {bundle.products.map((product) => (
                    <tr key={product.id}>
                      <th scope="row" className="py-2 pr-4 font-normal">
                        {product.name}
                      </th>
                      <td className="py-2 text-right tabular-nums">{formatMoney(product.priceCents, { full: true })}</td>
                    </tr>
                  ))}
                  <tr>
                    <th scope="row" className="py-2 pr-4 font-semibold">
                      Los gekocht
                    </th>
                    <td className="py-2 text-right font-semibold tabular-nums">
                      {formatMoney(bundle.normalCents, { full: true })}
                    </td>
                  </tr>
                  <tr>
                    <th scope="row" className="py-2 pr-4 font-semibold text-success">
                      Stapelkorting {bundle.discountPercent}%
                    </th>
                    <td className="py-2 text-right font-semibold text-success tabular-nums">
                      − {formatMoney(bundle.discountCents, { full: true })}
                    </td>
                  </tr>
                  <tr>
                    <th scope="row" className="py-2 pr-4 text-lg font-extrabold">
                      Pakketprijs
                    </th>
                    <td className="py-2 text-right text-lg font-extrabold tabular-nums">
                      {formatMoney(bundle.priceCents, { full: true })}
                    </td>
                  </tr>
                </tbody>
              </table>
              {bundle.fullyOrderable ? (
                <p className="mt-4 flex items-center gap-2 font-bold text-success">
                  <CheckIcon width={20} height={20} /> Alle producten op voorraad
                </p>
              ) : (
                <div className="mt-4">
                  <p className="font-bold text-danger">Dit pakket is nu niet te bestellen</p>
                  <p className="mt-1 text-ink-soft">
                    {unavailable.map((p) => `${p.name}: ${stockLabel(p).text.toLowerCase()}`).join('; ')}. Je kunt
                    de andere producten los bestellen; de stapelkorting krijg je dan in je winkelwagen.
                  </p>
                </div>
              )}
              <div className="mt-5 max-w-sm">
                <AddBundleToCartForm bundleId={bundle.id} bundleName={bundle.name} disabled={!bundle.fullyOrderable} />
              </div>
            </div>
          </div>
        </div>
      </article>

      <ProductCardSection
        id="contents-title"
        title="In dit pakket"
        products={bundle.products}
        className="container-page pb-12"
      />

      <div className="container-page pb-16">
        <DiscountTiers />
      </div>
    </div>
  );
}
