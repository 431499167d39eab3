import { data, redirect } from 'react-router';
import type { Route } from './+types/article';
import { scopeContext } from '#app/context.ts';
import { AREA_PATH, pageTitle } from '#app/platform/brand.ts';
import { formatDutchDateWithYear } from '#app/platform/dates.ts';
import { pageUrl } from '#app/platform/page-url.ts';
import { areaArticlePath } from '#app/platform/study-paths.ts';
import { getArticle } from '#app/modules/content/index.server.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { ArticleBody } from '#app/modules/content/ui.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.article.documentTitle ?? 'Artikel') },
  { name: 'robots', content: 'noindex' },
];

/**
 * An article inside the area (spec §2 /mijnslaagbundel/article/{articleId}/{articleSlug}):
 * the blog's article in the area's frame, found by its slug and checked
 * against its id (an old id or slug redirects to the right address).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const article = await getArticle(context.get(scopeContext), params.articleSlug);
  if (!article) throw data('Dit artikel bestaat niet (meer).', { status: 404 });
  if (article.id !== params.articleId) {
    throw redirect(`${areaArticlePath(article.id, article.slug)}${pageUrl(request.url).search}`, { status: 301 });
  }
  return { article };
}

export default function AreaArticle({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  return (
    <article className="container-page py-10 md:py-14">
      <div className="mx-auto max-w-3xl">
        <nav aria-label="Kruimelpad" className="text-sm">
          <AppLink to={AREA_PATH} className="text-ink-soft underline underline-offset-4">
            Mijn Slaagbundel
          </AppLink>
        </nav>
        <h1 className="mt-4 text-3xl leading-tight font-extrabold text-brand-dark md:text-4xl">{article.title}</h1>
        <p className="mt-3 text-ink-soft">
          <time dateTime={article.publishDate}>{formatDutchDateWithYear(new Date(article.publishDate))}</time>
          {article.category ? ` · ${article.category.title}` : ''}
        </p>
        <p className="mt-5 text-xl text-ink-soft">{article.intro}</p>
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
          <ArticleBody segments={article.body} articleSlug={article.slug} inArea />
        </div>
      </div>
    </article>
  );
}
