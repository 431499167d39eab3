import { data, redirect } from 'react-router';
import type { Route } from './+types/products';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { ButtonLink } from '#app/ui/primitives/button.tsx';
import { ArrowRightIcon, CloseIcon } from '#app/ui/primitives/icons.tsx';
import { pageTitle } from '#app/platform/brand.ts';
import { levelLabel } from '#app/platform/levels.ts';
import { canOrderShown } from '#app/platform/sales.ts';
import { insertCtas } from '#app/platform/pagination.ts';
import { hasProductFilters, productCountText, PRODUCT_LIST_PARAM_ALIASES, productListHref, PRODUCTS_PATH, isProductType, PRODUCT_SORTS, type ProductType, productQueryFromSearchParams } from '#app/modules/catalog/index.ts';
import { BUNDLES_PATH } from '#app/modules/bundles/index.ts';
import { DiscountTiers, ProductCard, ProductFilters } from '#app/modules/catalog/ui.ts';
import { scopeContext } from '#app/context.ts';
import { breadcrumbs, pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { AddToCartForm, unavailableLabel } from '#app/modules/shop/ui.ts';
import { ArchiveCta } from '#app/modules/content/ui.ts';
import { Pagination } from '#app/ui/primitives/pagination.tsx';
import { getProductListPage } from '#app/modules/catalog/index.server.ts';
import { getSiteConfig } from '#app/modules/content/index.server.ts';

const NOT_FOUND = 'Deze pagina bestaat niet.';

/** The query parameters this page reads (and their other names); others (utm_…) are kept as they are. */
const LIST_PARAMS: ReadonlySet<string> = new Set([
  'level',
  'subject',
  'productType',
  'sort',
  'page',
  ...Object.keys(PRODUCT_LIST_PARAM_ALIASES),
]);

const TYPE_PLURALS: Readonly<Record<ProductType, string>> = {
  examenbundel: 'Examenbundels',
  samenvatting: 'Samenvattingen',
  examenidioom: 'Examenidiomen',
};

/** What the list is about when it shows one kind of product. */
const TYPE_INTROS: Readonly<Record<ProductType, string>> = {
  examenbundel:
    'Oefenexamens met volledig uitgewerkte antwoorden en uitleg per onderwerp. Bij een deel van de vakken oefen je met de code in je boek ook online in Mijn Slaagbundel: op elke productpagina staat precies wat.',
  samenvatting:
    'Alle examenstof overzichtelijk op een rij, met schema’s en begrippenlijsten. Handig om in de laatste weken snel te herhalen.',
  examenidioom:
    'De woorden en uitdrukkingen die in de centrale examens steeds terugkomen, met vertaling en voorbeeldzin. Zo lees je examenteksten sneller.',
};

/**
 * The products (spec §2, §7, §9): 18 a page, filtered by level, subject and
 * product type and sorted from the URL, with the products-archive CTAs at
 * positions 6 and 16. A URL with empty, default or unusable values, or with
 * the parameters' other names of content links (?niveau=havo), is sent to
 * its clean address (so the filter form also gives shareable URLs without
 * JavaScript); a page beyond the last is the 404 page.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { query } = productQueryFromSearchParams(url.searchParams);
  const clean = new URL(productListHref(query), url);
  for (const [key, value] of url.searchParams) if (!LIST_PARAMS.has(key)) clean.searchParams.append(key, value);
  if (`${clean.pathname}${clean.search}` !== `${url.pathname}${url.search}`) {
    throw redirect(`${clean.pathname}${clean.search}`, 302);
  }
  const scope = context.get(scopeContext);
  const [list, config] = await Promise.all([getProductListPage(scope, query), getSiteConfig(scope)]);
  if (query.page > 1 && query.page > list.totalPages) throw data(NOT_FOUND, { status: 404 });
  const { level, subject, productType, sort, page } = query;
  return { ...list, ctas: config.productsArchiveCTAs, query: { level, subject, productType, sort, page } };
}

/** 'Examenbundels voor Wiskunde A havo', 'Producten voor vwo', 'Producten'. */
function listTitle(query: Parameters<typeof productListHref>[0], subjectLabel: string | undefined): string {
  const what = query.productType && isProductType(query.productType) ? TYPE_PLURALS[query.productType] : 'Producten';
  const forWhom = [subjectLabel, query.level ? levelLabel(query.level) : undefined].filter(Boolean).join(' ');
  return forWhom ? `${what} voor ${forWhom}` : what;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { query, filters, page } = loaderData;
  const subjectLabel = filters.subjects.find((s) => s.value === query.subject)?.label;
  const title = listTitle(query, subjectLabel);
  const publicUrl = publicUrlOf(matches);
  return pageMeta({
    title: pageTitle(page > 1 ? `${title} – pagina ${page}` : title),
    description: hasProductFilters(query)
      ? `${title}: oefen met echte examenvragen en duidelijke uitleg. Stapelkorting tot 15%.`
      : 'Examenbundels, samenvattingen en examenidiomen voor vmbo, havo en vwo. Oefen met echte examenvragen en duidelijke uitleg. Stapelkorting tot 15%.',
    path: productListHref({ ...query, sort: undefined }),
    publicUrl,
    jsonLd: [breadcrumbs(publicUrl, [{ name: 'Producten', path: PRODUCTS_PATH }])],
  });
};

export default function Products({ loaderData }: Route.ComponentProps) {
  const { products, total, page, totalPages, filters, ctas, query } = loaderData;
  const subjectLabel = filters.subjects.find((s) => s.value === query.subject)?.label;
  const entries = insertCtas(products, ctas);
  const active = [
    query.level ? { key: 'level', label: levelLabel(query.level) } : null,
    query.subject ? { key: 'subject', label: subjectLabel ?? query.subject } : null,
    query.productType
      ? {
          key: 'productType',
          label: filters.productTypes.find((t) => t.value === query.productType)?.label ?? query.productType,
        }
      : null,
  ].filter((filter) => filter !== null);
  const sort = PRODUCT_SORTS.find((s) => s === query.sort);
  return (
    <section className="container-page py-10 md:py-14" aria-labelledby="products-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-3xl">
          <h1 id="products-title" className="text-4xl font-extrabold text-brand-dark md:text-5xl">
            {listTitle(query, subjectLabel)}
          </h1>
          <p className="mt-3 text-lg text-ink-soft">
            {query.productType && isProductType(query.productType)
              ? TYPE_INTROS[query.productType]
              : 'Examenbundels, samenvattingen en examenidiomen voor vmbo, havo en vwo. Hoe meer je bestelt, hoe meer korting je krijgt.'}
          </p>
        </div>
        <ButtonLink to={BUNDLES_PATH} variant="tertiary">
          Bekijk de voordeelpakketten <ArrowRightIcon />
        </ButtonLink>
      </div>

      <div className="mt-8">
        <ProductFilters options={filters} values={{ ...query, sort }} />
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-lg font-bold">
          {productCountText(total)}
          {totalPages > 1 ? (
            <span className="font-normal text-ink-soft">
              {' '}
              · pagina {page} van {totalPages}
            </span>
          ) : null}
        </p>
        {active.length > 0 ? (
          <ul aria-label="Actieve filters" className="flex flex-wrap items-center gap-2">
            {active.map((filter) => (
              <li key={filter.key}>
                <AppLink
                  to={productListHref({ ...query, sort, page: undefined, [filter.key]: undefined })}
                  className="inline-flex min-h-10 items-center gap-1.5 rounded-full bg-brand-soft px-4 text-sm font-semibold text-brand-dark ring-1 ring-brand/30 hover:bg-white focus-visible:outline-3 focus-visible:outline-focus"
                >
                  {filter.label}
                  <CloseIcon width={16} height={16} />
                  <span className="sr-only">: filter weghalen</span>
                </AppLink>
              </li>
            ))}
            <li>
              <AppLink
                to={PRODUCTS_PATH}
                className="inline-flex min-h-10 items-center px-2 text-sm font-semibold text-brand-dark underline underline-offset-4"
              >
                Filters wissen
              </AppLink>
            </li>
          </ul>
        ) : null}
      </div>

      {products.length === 0 ? (
        <div className="mt-6 rounded-3xl bg-brand-soft p-8 text-center ring-1 ring-brand/20 md:p-12">
          <h2 className="text-2xl font-extrabold">Geen producten gevonden</h2>
          <p className="mx-auto mt-2 max-w-xl text-lg text-ink-soft">
            Voor deze combinatie van filters hebben we (nog) niets. Probeer een ander vak of niveau, of bekijk alles.
          </p>
          <ButtonLink to={PRODUCTS_PATH} className="mt-6">
            Filters wissen
          </ButtonLink>
        </div>
      ) : null}

      <ul aria-label="Producten" className="mt-6 grid gap-4 md:grid-cols-3 md:gap-6">
        {entries.map((entry, i) =>
          entry.kind === 'cta' ? (
            <li key={`cta-${i}`} className="md:col-span-3">
              <ArchiveCta cta={entry.cta} />
            </li>
          ) : (
            <li key={entry.item.id}>
              <ProductCard
                product={entry.item}
                variant="listing"
                action={
                  <AddToCartForm
                    productId={entry.item.id}
                    productName={entry.item.name}
                    disabled={!canOrderShown(entry.item)}
                    disabledLabel={unavailableLabel(entry.item)}
                  />
                }
              />
            </li>
          ),
        )}
      </ul>

      <Pagination page={page} totalPages={totalPages} hrefFor={(n) => productListHref({ ...query, sort, page: n })} />

      <div className="mt-16">
        <DiscountTiers />
      </div>
    </section>
  );
}
