import { data } from 'react-router';
import type { Route } from './+types/cms-page';
import { ArticleBody } from '#app/modules/content/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { scopeContext } from '#app/context.ts';
import { pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { getCmsPage } from '#app/modules/content/index.server.ts';

/** Catch-all content pages (/{slug}, /{slug}/{childSlug}, …) plus /privacy and /over-slaagbundel. */
export async function loader({ url, context }: Route.LoaderArgs) {
  // `url`, not `request.url`: on a client navigation the request is for `/{path}.data`.
  const segments = url.pathname.split('/').filter(Boolean);
  const page = await getCmsPage(context.get(scopeContext), segments);
  if (!page) throw data('This page could not be found', { status: 404 });
  return { page, path: `/${segments.join('/')}` };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: pageTitle(loaderData.page.title),
        description: loaderData.page.metaDescription,
        path: loaderData.path,
        publicUrl: publicUrlOf(matches),
      })
    : [];

export default function CmsPageRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="container-page py-10 md:py-16">
      <div className="mx-auto max-w-3xl">
        <h1 className="mb-6 text-4xl font-extrabold text-brand-dark md:text-5xl">{page.title}</h1>
        <ArticleBody segments={page.body} articleSlug={page.slug} />
      </div>
    </article>
  );
}
