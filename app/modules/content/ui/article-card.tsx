import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { formatDutchDateWithYear } from '#app/platform/dates.ts';
import type { ArticleSummary } from '#app/modules/content/schemas/views.ts';

/** An article in a list (home, blog, related articles): image, category, title as the link, intro and the date in Dutch. */
export function ArticleCard({ article, headingLevel = 3 }: { article: ArticleSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-md ring-1 ring-ink/10">
      {article.image ? (
        <img src={article.image} alt="" width={800} height={450} loading="lazy" className="aspect-video w-full object-cover" />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-5">
        {article.category ? (
          <p className="text-sm font-semibold text-brand-dark uppercase">{article.category.title}</p>
        ) : null}
        <Heading className="text-xl font-bold">
          <AppLink to={`/artikel/${article.slug}`} className="after:absolute after:inset-0">
            {article.title}
          </AppLink>
        </Heading>
        <p className="text-ink-soft">{article.intro}</p>
        <p className="mt-auto pt-2 text-sm text-ink-soft">
          <time dateTime={article.publishDate}>{formatDutchDateWithYear(new Date(article.publishDate))}</time>
        </p>
      </div>
    </article>
  );
}
