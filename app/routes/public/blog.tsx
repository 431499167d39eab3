import { data, redirect } from 'react-router';
import type { Route } from './+types/blog';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { pageTitle } from '#app/platform/brand.ts';
import { BLOG_PATH, blogPagePath, blogPageRedirect } from '#app/platform/pagination.ts';
import { scopeContext } from '#app/context.ts';
import { breadcrumbs, pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { ArticleCard } from '#app/modules/content/ui.ts';
import { Pagination } from '#app/ui/primitives/pagination.tsx';
import { getBlogListPage } from '#app/modules/content/index.server.ts';

const NOT_FOUND = 'Deze pagina bestaat niet.';

/**
 * The blog (spec §2, §7, §9): /examentips, /examentips/page/{id} and the same
 * below /examentips/categorie/{slug}. Page 1, or a missing page id, lives at
 * the list's own address (a permanent redirect); a page beyond the last, an
 * unknown category or no articles at all is the 404 page.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const base = params.category ? `${BLOG_PATH}/categorie/${params.category}` : BLOG_PATH;
  let page = 1;
  // '/page' without an id is a page route too (its id optional), and redirects like page 1.
  if ('page' in params || /\/page\/?$/.test(new URL(request.url).pathname)) {
    const verdict = blogPageRedirect(params.page);
    if (verdict === 'not-found') throw data(NOT_FOUND, { status: 404 });
    if (verdict === BLOG_PATH) throw redirect(base, 301);
    page = Number(params.page);
  }
  const list = await getBlogListPage(context.get(scopeContext), { page, categorySlug: params.category });
  if (!list) throw data(NOT_FOUND, { status: 404 });
  return { ...list, base };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { category, page, base } = loaderData;
  const name = category ? `${category.title} – Examentips` : 'Examentips';
  const publicUrl = publicUrlOf(matches);
  return pageMeta({
    title: pageTitle(page > 1 ? `${name} – pagina ${page}` : name),
    description: category
      ? `Examentips over ${category.title.toLowerCase()}: praktische artikelen voor vmbo, havo en vwo.`
      : 'Examentips voor vmbo, havo en vwo: plannen, leren, examenstress, rekenen en talen. Praktisch en in gewone taal.',
    path: blogPagePath(base, page),
    publicUrl,
    jsonLd: [
      breadcrumbs(publicUrl, [
        { name: 'Examentips', path: BLOG_PATH },
        ...(category ? [{ name: category.title, path: base }] : []),
      ]),
    ],
  });
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { articles, page, totalPages, category, categories, base } = loaderData;
  return (
    <section className="container-page py-10 md:py-16" aria-labelledby="blog-title">
      <h1 id="blog-title" className="text-4xl font-extrabold text-brand-dark md:text-5xl">
        {category ? category.title : 'Examentips'}
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-ink-soft">
        {category
          ? `Alle examentips over ${category.title.toLowerCase()}, de nieuwste eerst.`
          : 'Tips om je examens goed voor te bereiden: van een planning die je volhoudt tot rustig blijven in de examenzaal.'}
      </p>
      <nav aria-label="Categorieën" className="mt-8">
        <ul className="flex flex-wrap gap-2">
          <li>
            <AppLink
              to={BLOG_PATH}
              aria-current={category ? undefined : 'page'}
              className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1 ring-ink/15 hover:bg-brand-soft aria-[current=page]:bg-brand aria-[current=page]:text-white"
            >
              Alle examentips
            </AppLink>
          </li>
          {categories.map((c) => (
            <li key={c.id}>
              <AppLink
                to={`${BLOG_PATH}/categorie/${c.slug}`}
                aria-current={category?.id === c.id ? 'page' : undefined}
                className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1 ring-ink/15 hover:bg-brand-soft aria-[current=page]:bg-brand aria-[current=page]:text-white"
              >
                {c.title} <span className="ml-1 text-sm opacity-75">({c.articleCount})</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {articles.map((article) => (
          <li key={article.id}>
            <ArticleCard article={article} headingLevel={2} />
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} hrefFor={(n) => blogPagePath(base, n)} />
    </section>
  );
}
