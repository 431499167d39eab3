import { Link, Outlet, useLoaderData, useLocation, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/useful';
import { refusePage, requireAreaUser, scopeContext } from '#app/context.ts';
import { formatDutchDateWithYear } from '#app/platform/dates.ts';
import { areaArticlePath, buddyPath, cardModalPath, idiomPath } from '#app/platform/study-paths.ts';
import { SUBJECT_ROUTE_ID, type SubjectLayoutData } from '#app/modules/study/ui.ts';
import { keepPageUnderCardModal } from '#app/modules/cards/ui.ts';
import { getArticleSummaries } from '#app/modules/content/index.server.ts';
import { carryOn, studyRefusal } from '#app/modules/cards/index.server.ts';
import { getUsefulPage } from '#app/modules/study/index.server.ts';

/** Ook handig (spec §2): downloads, the corrections card, articles, the idioms and the exam buddy. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireAreaUser(context);
  const scope = context.get(scopeContext);
  const page = await getUsefulPage(scope, user.id, Number(params.subjectId));
  if (!page) refusePage(studyRefusal('no_access', 'subject'));
  const articles = await carryOn(scope, 'subject-articles', () => getArticleSummaries(scope, page.articleSlugs), []);
  return { ...page, articles };
}

function Tile({ to, title, text }: { to: string; title: string; text: string }) {
  return (
    <li>
      <Link
        to={to}
        preventScrollReset
        className="block h-full rounded-2xl border-2 border-ink/10 bg-white p-5 hover:border-brand focus-visible:outline-3 focus-visible:outline-focus"
      >
        <span className="block text-lg font-bold text-brand-dark">{title}</span>
        <span className="mt-1 block text-ink-soft">{text}</span>
      </Link>
    </li>
  );
}

/** A card opened over this page leaves the page as it is. */
export const shouldRevalidate = keepPageUnderCardModal;

export default function UsefulPage() {
  const page = useLoaderData<typeof loader>();
  const { subject } = useRouteLoaderData<SubjectLayoutData>(SUBJECT_ROUTE_ID)!;
  const { pathname } = useLocation();
  return (
    <section className="container-page space-y-10 py-8" aria-label="Ook handig">
      <ul className="grid gap-4 md:grid-cols-2">
        {page.chatbotId ? (
          <Tile
            to={buddyPath(subject, page.chatbotId)}
            title="Examenbuddy"
            text="Stel een vraag over de stof: de buddy zoekt het antwoord in je leerkaarten en het examenidioom."
          />
        ) : null}
        {page.idiomListId ? (
          <Tile
            to={idiomPath(subject, page.idiomListId)}
            title="Examenidioom"
            text={`${page.idiomCount} woorden en vraagwoorden die in examens van ${subject.name} terugkomen, met uitleg.`}
          />
        ) : null}
      </ul>
      {page.downloads.length > 0 || page.correctionsCard ? (
        <section aria-labelledby="downloads-title">
          <h2 id="downloads-title" className="mb-3 text-xl font-bold">
            Om te printen
          </h2>
          <ul className="grid gap-3 md:grid-cols-2">
            {page.downloads.map((card) => (
              <Tile
                key={card.id}
                to={cardModalPath(pathname, card.id)}
                title={card.title}
                text="Print hem of bewaar hem als pdf."
              />
            ))}
            {page.correctionsCard ? (
              <Tile
                to={cardModalPath(pathname, page.correctionsCard.id)}
                title={page.correctionsCard.title}
                text="De verbeteringen in de gedrukte Slaagbundel."
              />
            ) : null}
          </ul>
        </section>
      ) : null}
      {page.articles.length > 0 ? (
        <section aria-labelledby="articles-title">
          <h2 id="articles-title" className="mb-3 text-xl font-bold">
            Examentips voor {subject.name}
          </h2>
          <ul className="grid gap-3 md:grid-cols-2">
            {page.articles.map((article) => (
              <li key={article.id}>
                <Link
                  to={areaArticlePath(article.id, article.slug)}
                  className="block h-full rounded-2xl border-2 border-ink/10 bg-white p-5 hover:border-brand focus-visible:outline-3 focus-visible:outline-focus"
                >
                  <span className="block font-bold">{article.title}</span>
                  <span className="mt-1 block text-sm text-ink-soft">
                    {formatDutchDateWithYear(new Date(article.publishDate))}
                  </span>
                  <span className="mt-2 block text-ink-soft">{article.intro}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Outlet />
    </section>
  );
}
