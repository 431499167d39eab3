import { data, redirect } from 'react-router';
import type { Route } from './+types/article';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { BRAND, pageTitle } from '#app/platform/brand.ts';
import { formatDutchDateWithYear } from '#app/platform/dates.ts';
import { BLOG_PATH } from '#app/platform/pagination.ts';
import { scopeContext } from '#app/context.ts';
import { absoluteAsset, breadcrumbs, pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { ArticleCard, ArticleBody } from '#app/modules/content/ui.ts';
import { ProductCard } from '#app/modules/catalog/ui.ts';
import { getArticle } from '#app/modules/content/index.server.ts';

/** /artikel/{slug} (spec §2, §3); /artikel alone leads to the blog. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!params.slug) throw redirect(BLOG_PATH, 302);
  const article = await getArticle(context.get(scopeContext), params.slug);
  if (!article) throw data('Deze pagina bestaat niet.', { status: 404 });
  return { article };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { article } = loaderData;
  const publicUrl = publicUrlOf(matches);
  const path = `/artikel/${article.slug}`;
  return pageMeta({
    title: pageTitle(article.documentTitle),
    description: article.metaDescription,
    path,
    publicUrl,
    image: article.image,
    type: 'article',
    jsonLd: [
      {
        '@type': 'Article',
        headline: article.title,
        description: article.metaDescription,
        datePublished: article.publishDate,
        inLanguage: 'nl-NL',
        ...(article.image ? { image: absoluteAsset(publicUrl, article.image) } : {}),
        ...(article.category ? { articleSection: article.category.title } : {}),
        publisher: { '@type': 'Organization', name: BRAND.name },
      },
      breadcrumbs(publicUrl, [
        { name: 'Examentips', path: BLOG_PATH },
        ...(article.category
          ? [{ name: article.category.title, path: `${BLOG_PATH}/categorie/${article.category.slug}` }]
          : []),
        { name: article.title, path },
      ]),
    ],
  });
};

export default function Article({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  return (
    <>
      <article className="container-page py-10 md:py-16">
        <div className="mx-auto max-w-3xl">
          <nav aria-label="Kruimelpad" className="text-sm">
            <ol className="flex flex-wrap gap-2 text-ink-soft">
              <li>
                <AppLink to={BLOG_PATH} className="underline underline-offset-4">
                  Examentips
                </AppLink>
              </li>
              {article.category ? (
                <li>
                  <span aria-hidden="true">/ </span>
                  <AppLink
                    to={`${BLOG_PATH}/categorie/${article.category.slug}`}
                    className="underline underline-offset-4"
                  >
                    {article.category.title}
                  </AppLink>
                </li>
              ) : null}
            </ol>
          </nav>
          <h1 className="mt-4 text-4xl leading-tight font-extrabold text-brand-dark md:text-5xl">{article.title}</h1>
          <p className="mt-3 text-ink-soft">
            <time dateTime={article.publishDate}>{formatDutchDateWithYear(new Date(article.publishDate))}</time>
          </p>
          <p className="mt-6 text-xl text-ink-soft">{article.intro}</p>
          {article.image ? (
            <img
              src={article.image}
              alt=""
              width={800}
              height={450}
              className="mt-8 aspect-video w-full rounded-3xl object-cover"
            />
          ) : null}
          <div className="mt-8">
            <ArticleBody segments={article.body} articleSlug={article.slug} />
          </div>
        </div>
      </article>
      {article.relatedProducts.length > 0 ? (
        <section aria-labelledby="related-products-title" className="container-page pb-12">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="related-products-title" className="text-3xl font-extrabold">
              Oefenen met de examenbundel
            </h2>
            {article.productImage ? (
              <img src={article.productImage} alt="" width={160} height={90} className="h-16 w-auto" />
            ) : null}
          </div>
          <ul className="mt-8 grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
            {article.relatedProducts.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {article.related.length > 0 ? (
        <section aria-labelledby="related-title" className="container-page pb-16">
          <h2 id="related-title" className="text-3xl font-extrabold">
            Lees ook
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {article.related.map((related) => (
              <li key={related.id}>
                <ArticleCard article={related} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
