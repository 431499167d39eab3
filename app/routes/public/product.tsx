import { data, redirect } from 'react-router';
import type { Route } from './+types/product';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { Breadcrumbs } from '#app/ui/primitives/breadcrumbs.tsx';
import { CheckIcon } from '#app/ui/primitives/icons.tsx';
import { BRAND, pageTitle } from '#app/platform/brand.ts';
import { levelLabel, themeClass, themeForLevel } from '#app/platform/levels.ts';
import { formatMoney } from '#app/platform/sales.ts';
import {
  CATALOG_MESSAGES,
  orderOffer,
  productIdParamsSchema,
  productListHref,
  productPath,
  PRODUCTS_PATH,
  productTypeLabel,
  SCHEMA_AVAILABILITY,
  schemaPrice,
  STOCK_LABELS,
  type ProductCardData,
} from '#app/modules/catalog/index.ts';
import { quoteHref, TEACHERS_PATH } from '#app/modules/content/index.ts';
import { ButtonLink } from '#app/ui/primitives/button.tsx';
import { ArrowRightIcon } from '#app/ui/primitives/icons.tsx';
import { DiscountTiers, PreviewViewer, ProductCardSection } from '#app/modules/catalog/ui.ts';
import { scopeContext } from '#app/context.ts';
import { absoluteAsset, breadcrumbs, pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { AddToCartForm } from '#app/modules/shop/ui.ts';
import { StockNoticeForm } from '#app/modules/stock-notices/ui.ts';
import { StudyAreaSection } from '#app/modules/study/ui.ts';
import { getProductOffer } from '#app/modules/shop/index.server.ts';

const NOT_FOUND = 'Dit product bestaat niet (meer).';

/** A description for search results: the first sentence, at most 160 characters, cut at a word. */
function metaDescription(text: string): string {
  const end = text.search(/[.!?](\s|$)/);
  const sentence = end === -1 ? text : text.slice(0, end + 1);
  return sentence.length <= 160 ? sentence : `${sentence.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}

/**
 * A product page (spec §2): /producten/{id}/{slug}. Without the slug, or with
 * another one, it moves permanently to the product's own address; an unknown
 * id is the 404 page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = productIdParamsSchema.safeParse({ id: params.id });
  if (!parsed.success || String(parsed.data.id) !== params.id) throw data(NOT_FOUND, { status: 404 });
  const page = await getProductOffer(context.get(scopeContext), parsed.data.id);
  if (!page) throw data(NOT_FOUND, { status: 404 });
  if (params.slug !== page.product.slug) throw redirect(productPath(page.product.id, page.product.slug), 301);
  return page;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { product } = loaderData;
  const publicUrl = publicUrlOf(matches);
  const path = productPath(product.id, product.slug);
  const image = absoluteAsset(publicUrl, product.image);
  // A class licence is sold on a quote: it has no price, so no offer (school orders are priced one by one).
  const offer =
    product.stock === 'on-quote'
      ? {}
      : {
          offers: {
            '@type': 'Offer',
            price: schemaPrice(product.priceCents),
            priceCurrency: 'EUR',
            availability: SCHEMA_AVAILABILITY[product.stock],
            itemCondition: 'https://schema.org/NewCondition',
            ...(publicUrl ? { url: absoluteAsset(publicUrl, path) } : {}),
            seller: { '@type': 'Organization', name: BRAND.name },
          },
        };
  const trail =
    product.stock === 'on-quote'
      ? [{ name: 'Voor docenten', path: TEACHERS_PATH }]
      : [
          { name: 'Producten', path: PRODUCTS_PATH },
          { name: `${levelLabel(product.level)}`, path: productListHref({ level: product.level }) },
        ];
  return pageMeta({
    title: pageTitle(product.name),
    description: metaDescription(product.description),
    path,
    publicUrl,
    image: product.image,
    jsonLd: [
      {
        '@type': 'Product',
        name: product.name,
        description: product.description,
        sku: product.sku,
        gtin13: product.eanCode,
        image,
        category: productTypeLabel(product.productType),
        brand: { '@type': 'Brand', name: product.brand },
        ...offer,
      },
      breadcrumbs(publicUrl, [...trail, { name: product.name, path }]),
    ],
  });
};

const STOCK_TONES: Readonly<Record<keyof typeof STOCK_LABELS, string>> = {
  'in-stock': 'text-success',
  'sold-out': 'text-danger',
  discontinued: 'text-ink-soft',
  'on-quote': 'text-ink-soft',
};

/** Related products, each with its add-to-cart button. */
function RelatedProducts({ id, title, products }: { id: string; title: string; products: ProductCardData[] }) {
  return (
    <ProductCardSection
      id={id}
      title={title}
      products={products}
      className="mt-14"
      action={(p) => {
        const order = orderOffer(p);
        return (
          <AddToCartForm
            productId={p.id}
            productName={p.name}
            disabled={!order.canOrder}
            disabledLabel={order.unavailableLabel}
          />
        );
      }}
    />
  );
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { product, preview, sameLevel, sameSubject, order, online, studySubject } = loaderData;
  const level = levelLabel(product.level);
  const type = productTypeLabel(product.productType);
  // A class licence (issue 31): sold to schools on a quote, paid by invoice; never in a cart.
  const onQuote = product.stock === 'on-quote';
  return (
    <div className={themeClass(themeForLevel(product.level))}>
      <article aria-labelledby="product-title" className="container-page py-8 md:py-12">
        <Breadcrumbs
          trail={
            onQuote
              ? [
                  { to: TEACHERS_PATH, label: 'Voor docenten' },
                  { to: `${TEACHERS_PATH}#klaslicentie`, label: 'Klaslicenties' },
                ]
              : [
                  { to: PRODUCTS_PATH, label: 'Producten' },
                  { to: productListHref({ level: product.level }), label: level },
                  {
                    to: productListHref({ level: product.level, subject: product.subject }),
                    label: product.subjectTitle,
                  },
                ]
          }
        />

        <div className="mt-6 grid gap-8 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-14">
          <div className="md:sticky md:top-28 md:self-start">
            <div className="flex justify-center rounded-3xl bg-brand-soft p-6 md:p-10">
              <img
                src={product.image}
                alt={`Omslag van ${product.name}`}
                width={300}
                height={400}
                className="h-auto w-44 rounded-xl shadow-xl sm:w-56 md:w-full md:max-w-xs"
              />
            </div>
            {preview ? (
              <div className="mt-4">
                <PreviewViewer pages={preview} productName={product.name} />
              </div>
            ) : null}
          </div>

          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-dark uppercase">
              {type} · {level}
            </p>
            <h1 id="product-title" className="mt-2 text-3xl leading-tight font-extrabold md:text-5xl">
              {product.name}
            </h1>
            <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
              {[
                ['Vak', product.subjectTitle],
                ['Niveau', level],
                ['Soort', type],
                ['Merk', product.brand],
              ].map(([term, value]) => (
                <div key={term}>
                  <dt className="text-sm text-ink-soft">{term}</dt>
                  <dd className="font-semibold">{value}</dd>
                </div>
              ))}
            </dl>

            {onQuote ? (
              <div className="mt-6 rounded-3xl bg-white p-5 shadow-md ring-1 ring-ink/10 md:p-6">
                <p className="text-4xl font-extrabold">{CATALOG_MESSAGES.PRICE_ON_QUOTE}</p>
                <p className={`mt-3 font-bold ${STOCK_TONES[product.stock]}`}>{STOCK_LABELS[product.stock]}</p>
                <p className="mt-1 text-ink-soft">{order.note}</p>
                <div className="mt-5">
                  <ButtonLink to={quoteHref({ subject: `${product.subjectTitle} ${level}`, examYear: product.edition })}>
                    Offerte aanvragen <ArrowRightIcon />
                  </ButtonLink>
                </div>
                <p className="mt-4 text-sm">
                  <AppLink
                    to={`${TEACHERS_PATH}#klaslicentie`}
                    className="font-semibold text-brand-dark underline underline-offset-4"
                  >
                    Zo werkt een klaslicentie
                  </AppLink>
                </p>
              </div>
            ) : (
            <div className="mt-6 rounded-3xl bg-white p-5 shadow-md ring-1 ring-ink/10 md:p-6">
              <p className="text-lg">
                <span className="text-4xl font-extrabold">{formatMoney(product.priceCents)}</span>{' '}
                incl. btw <span aria-hidden="true">·</span>{' '}
                <span className="text-ink-soft">{formatMoney(product.priceExVatCents)} excl. btw</span>
              </p>
              <p className={`mt-3 flex items-center gap-2 font-bold ${STOCK_TONES[product.stock]}`}>
                {product.stock === 'in-stock' ? <CheckIcon width={20} height={20} /> : null}
                {STOCK_LABELS[product.stock]}
              </p>
              <p className="mt-1 text-ink-soft">{order.note}</p>
              <div className="mt-5 max-w-sm">
                <AddToCartForm
                  productId={product.id}
                  productName={product.name}
                  disabled={!order.canOrder}
                  disabledLabel={order.unavailableLabel}
                />
              </div>
              {order.stockNotice ? (
                <div className="mt-4">
                  <StockNoticeForm productId={product.id} productName={product.name} />
                </div>
              ) : null}
              <p className="mt-4 text-sm text-ink-soft">
                Stapelkorting: 5% bij 2 producten, 10% bij 3 en 15% bij 4 of meer. Vanzelf in je winkelwagen.
              </p>
            </div>
            )}

            <section aria-labelledby="about-title" className="mt-10">
              <h2 id="about-title" className="text-2xl font-extrabold">
                Over dit product
              </h2>
              <p className="mt-3 text-lg leading-relaxed">{product.description}</p>
              <ul className="mt-5 space-y-2">
                {product.highlights.map((highlight) => (
                  <li key={highlight} className="flex gap-3">
                    <span
                      aria-hidden="true"
                      className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand text-white"
                    >
                      <CheckIcon width={14} height={14} />
                    </span>
                    {highlight}
                  </li>
                ))}
              </ul>
              {online ? (
                <div
                  data-testid="online-content"
                  className={`mt-6 rounded-2xl p-4 ring-1 ${online.available ? 'bg-brand-soft ring-brand/15' : 'bg-surface ring-ink/10'}`}
                >
                  <h3 className="font-bold">{online.title}</h3>
                  <p className="mt-1">{online.text}</p>
                </div>
              ) : null}
            </section>

            <section aria-labelledby="specs-title" className="mt-10">
              <h2 id="specs-title" className="text-2xl font-extrabold">
                Productgegevens
              </h2>
              <dl className="mt-3 divide-y divide-ink/10 rounded-2xl ring-1 ring-ink/10">
                {(onQuote
                  ? [
                      ['Vak', product.subjectTitle],
                      ['Niveau', level],
                      ['Examenjaar', product.edition],
                      ['Toegang', 'Volledig, per leerling met een plaats, tot en met 31 juli'],
                      ['Betalen', 'Op factuur, na een offerte'],
                      ['Merk', product.brand],
                    ]
                  : [
                      ['EAN', product.eanCode],
                      ['Aantal pagina’s', product.pages ? String(product.pages) : null],
                      ['Examenjaar', product.edition],
                      ['Vak', product.subjectTitle],
                      ['Niveau', level],
                      ['Merk', product.brand],
                      ['Inkijkexemplaar', preview ? 'Ja' : 'Nee'],
                    ]
                )
                  .filter((row): row is [string, string] => row[1] !== null)
                  .map(([term, value]) => (
                    <div key={term} className="grid grid-cols-[10rem_1fr] gap-4 px-4 py-2.5">
                      <dt className="text-ink-soft">{term}</dt>
                      <dd className="font-semibold tabular-nums">{value}</dd>
                    </div>
                  ))}
              </dl>
            </section>
          </div>
        </div>
      </article>

      {studySubject ? (
        <div className="container-page">
          <StudyAreaSection subjectTitle={product.subjectTitle} levelLabel={level} subject={studySubject} />
        </div>
      ) : null}

      <div className="container-page pb-16">
        {/* A class licence's page shows its subject's books (for the pupils), not the shop's others. */}
        {onQuote ? null : <RelatedProducts id="same-level-title" title={`Meer voor ${level}`} products={sameLevel} />}
        <RelatedProducts id="same-subject-title" title={`Meer voor ${product.subjectTitle}`} products={sameSubject} />
        {onQuote ? null : (
          <div className="mt-14">
            <DiscountTiers />
          </div>
        )}
      </div>
    </div>
  );
}
