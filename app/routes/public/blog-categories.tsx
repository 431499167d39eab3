import type { Route } from './+types/blog-categories';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { pageTitle } from '#app/platform/brand.ts';
import { BLOG_PATH } from '#app/platform/pagination.ts';
import { scopeContext } from '#app/context.ts';
import { pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { getBlogCategories } from '#app/modules/content/index.server.ts';

/** The blog's categories (spec §2 /examentips/categorie), ordered by title; those without articles are left out (§9). */
export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await getBlogCategories(context.get(scopeContext)) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: pageTitle('Categorieën – Examentips'),
    description: 'Alle onderwerpen van onze examentips op een rij.',
    path: `${BLOG_PATH}/categorie`,
    publicUrl: publicUrlOf(matches),
  });

export default function BlogCategories({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-page py-10 md:py-16" aria-labelledby="categories-title">
      <h1 id="categories-title" className="text-4xl font-extrabold text-brand-dark md:text-5xl">
        Categorieën
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-ink-soft">Kies een onderwerp en lees alle examentips daarover.</p>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.categories.map((category) => (
          <li key={category.id}>
            <AppLink
              to={`${BLOG_PATH}/categorie/${category.slug}`}
              className="flex h-full items-center justify-between gap-4 rounded-2xl bg-white p-5 text-lg font-bold shadow ring-1 ring-ink/10 hover:ring-brand focus-visible:outline-3 focus-visible:outline-focus"
            >
              {category.title}
              <span className="text-sm font-semibold text-ink-soft">
                {category.articleCount} {category.articleCount === 1 ? 'artikel' : 'artikelen'}
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
