import { useEffect } from 'react';
import {
  data,
  Link,
  Outlet,
  redirect,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/learn';
import { refusePage, requireAreaUser, scopeContext } from '#app/context.ts';
import { pageUrl } from '#app/platform/page-url.ts';
import { cardModalPath, subjectPath } from '#app/platform/study-paths.ts';
import {
  cardFilterQuerySchema,
  queryObject,
  STUDY_MESSAGES,
  toCardFilters,
  foldedChapters,
  type LearnListCard,
} from '#app/modules/cards/index.ts';
import {
  activeFilterCount,
  CardFilterForm,
  useLingeringFlag,
  CardBadges,
  LearnedToggle,
  resetLearned,
  shownLearned,
  useLearnedStore,
  keepPageUnderCardModal,
} from '#app/modules/cards/ui.ts';
import { SUBJECT_ROUTE_ID, type SubjectLayoutData } from '#app/modules/study/ui.ts';
import { carryOn, learnedFormAction, listCards, studyRefusal } from '#app/modules/cards/index.server.ts';
import { learnListCard } from '#app/modules/study/index.server.ts';

/**
 * Leren en oefenen (spec §2): the subject's cards with filters on topics,
 * chapters, sections, exam types and difficulty, hide learned, all in the
 * address (GET /v1/subject/{id}/cards{filterQuery} reads the same query).
 * An address with a filter value that does not exist shows every card.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireAreaUser(context);
  const url = pageUrl(request.url);
  const query = cardFilterQuerySchema.safeParse(queryObject(url.searchParams));
  if (!query.success) throw redirect(url.pathname);
  const filters = toCardFilters(query.data);
  const scope = context.get(scopeContext);
  // Spec §8: when the cards cannot be read the page carries on with a notice (the failure is reported).
  const result = await carryOn(
    scope,
    'subject-cards',
    () => listCards(scope, user.id, Number(params.subjectId), filters),
    null,
  );
  if (!result) {
    return {
      cards: [] as LearnListCard[],
      availableTopics: [],
      parentTopics: [],
      lockedCards: 0,
      filters,
      failed: true,
    };
  }
  if (!result.ok) refusePage(studyRefusal(result.reason, 'subject'));
  return { ...result.value, cards: result.value.cards.map(learnListCard), filters, failed: false };
}

/** Without JavaScript the learned toggles post here; then the same list again. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  if (!(await learnedFormAction(context.get(scopeContext), user.id, await request.formData()))) {
    throw data(STUDY_MESSAGES.UNKNOWN_CARD, { status: 400 });
  }
  const url = pageUrl(request.url);
  return redirect(`${url.pathname}${url.search}`);
}

/** The page's query with one chapter chosen (its other filters kept). */
function chapterQuery(search: string, chapterId: number): string {
  const params = new URLSearchParams(search);
  params.delete('parentTopicIds[]');
  params.append('parentTopicIds[]', String(chapterId));
  return params.toString();
}

function FoldedChapter({ cards, href, name }: { cards: readonly LearnListCard[]; href: string; name: string }) {
  const learnable = cards.filter((card) => card.learnable);
  const learned = learnable.filter((card) => shownLearned(card)).length;
  return (
    <p className="card-row justify-between">
      <span className="text-ink-soft">
        {learnable.length} {learnable.length === 1 ? 'leerkaart' : 'leerkaarten'}, {learned} geleerd
      </span>
      <Link to={href} className="font-semibold text-brand-dark underline underline-offset-4">
        Toon de kaarten <span className="sr-only">van {name}</span>
      </Link>
    </p>
  );
}

/** A card opened over this page leaves the page as it is. */
export const shouldRevalidate = keepPageUnderCardModal;

export default function LearnPage() {
  const { cards, availableTopics, parentTopics, lockedCards, filters, failed } = useLoaderData<typeof loader>();
  const { subject } = useRouteLoaderData<SubjectLayoutData>(SUBJECT_ROUTE_ID)!;
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  // Spec §4: the loading flag shows while the cards load and clears 300 ms after the response.
  const loading = useLingeringFlag(
    navigation.state === 'loading' &&
      navigation.location.pathname === pathname &&
      navigation.location.search !== search,
  );
  useLearnedStore();
  // Fresh cards from the server carry every learned mark the store was holding.
  useEffect(() => resetLearned(), [cards]);
  const pagePath = subjectPath(subject, 'learn');
  const topicsById = new Map(availableTopics.map((t) => [t.id, t]));
  // One count everywhere (overview, results, filters, this list): the learnable cards; sheets to print and the
  // corrections card are listed but not counted as cards to learn.
  const learnable = cards.filter((card) => card.learnable).length;
  const extra = cards.length - learnable;
  const learned = cards.filter((card) => card.learnable && shownLearned(card)).length;
  // The cards by chapter (the chapter of a card's first topic), in the subject's order.
  const chapterOf = (card: (typeof cards)[number]) => topicsById.get(card.topicIds[0] ?? -1)?.parentId;
  const groups = [
    ...parentTopics.map((parent) => ({ ...parent, cards: cards.filter((card) => chapterOf(card) === parent.id) })),
    { id: 0, name: 'Overig', cards: cards.filter((card) => !parentTopics.some((p) => p.id === chapterOf(card))) },
  ].filter((group) => group.cards.length > 0);
  const count = activeFilterCount(filters);
  const folded = foldedChapters(groups, filters);
  return (
    <section className="container-page py-8" aria-labelledby="learn-title">
      <h2 id="learn-title" className="sr-only">
        Leren en oefenen
      </h2>
      {lockedCards > 0 ? (
        <p className="mb-6 rounded-2xl bg-accent/30 p-4">
          Je gebruikt de proefversie. Nog {lockedCards} kaarten horen bij de volledige Slaagbundel.{' '}
          <Link to={subjectPath(subject)} className="font-semibold underline underline-offset-4">
            Bekijk wat de volledige Slaagbundel je geeft
          </Link>
          .
        </p>
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[20rem_1fr]">
        <aside>
          <details
            className="group rounded-2xl border-2 border-ink/10 bg-white p-4 lg:hidden"
            open={count > 0 ? true : undefined}
          >
            <summary className="cursor-pointer font-bold">Filters{count > 0 ? ` (${count})` : ''}</summary>
            <div className="mt-3">
              <CardFilterForm
                filters={filters}
                topics={availableTopics}
                parentTopics={parentTopics}
                resetHref={pagePath}
              />
            </div>
          </details>
          <div className="hidden rounded-2xl border-2 border-ink/10 bg-white p-4 lg:block">
            <CardFilterForm
              filters={filters}
              topics={availableTopics}
              parentTopics={parentTopics}
              resetHref={pagePath}
            />
          </div>
        </aside>
        <div aria-busy={loading} className="relative">
          {loading ? (
            <div
              className="absolute inset-x-0 -top-2 h-1 overflow-hidden rounded-full bg-brand-soft"
              aria-hidden="true"
            >
              <div className="h-full w-1/3 animate-pulse rounded-full bg-brand" />
            </div>
          ) : null}
          <p className="mb-3 text-ink-soft" role="status">
            {loading
              ? 'Kaarten laden…'
              : `${learnable} ${learnable === 1 ? 'leerkaart' : 'leerkaarten'}, ${learned} geleerd` +
                (extra > 0 ? ` · en ${extra} om te printen of na te kijken` : '')}
          </p>
          {failed ? (
            <p role="alert" className="rounded-2xl bg-danger-soft p-6 font-semibold text-danger">
              De kaarten konden nu niet geladen worden. Probeer het over een paar minuten opnieuw.
            </p>
          ) : cards.length === 0 ? (
            <div className="rounded-2xl bg-surface p-6">
              <p>Geen kaarten met deze filters.</p>
              <Link to={pagePath} preventScrollReset className="btn btn-secondary mt-4">
                Alle filters wissen
              </Link>
            </div>
          ) : (
            <div className="space-y-8">
              {groups.map((group) => (
                <section key={group.id} aria-labelledby={`chapter-${group.id}`}>
                  <h3 id={`chapter-${group.id}`} className="mb-2 text-lg font-bold text-brand-dark">
                    {group.name}
                  </h3>
                  {folded.has(group.id) ? (
                    <FoldedChapter
                      cards={group.cards}
                      href={`${pathname}?${chapterQuery(search, group.id)}`}
                      name={group.name}
                    />
                  ) : (
                    <ul className="space-y-2">
                      {group.cards.map((card) => (
                        <li key={card.id} className="card-row">
                          <div className="min-w-0 flex-1">
                            <Link
                              to={cardModalPath(pathname, card.id, search)}
                              preventScrollReset
                              className="card-row-title"
                            >
                              {card.title}
                            </Link>
                            <div className="mt-1.5">
                              <CardBadges card={card} />
                            </div>
                          </div>
                          <LearnedToggle
                            card={card}
                            topics={card.topicIds.flatMap((id) => topicsById.get(id) ?? [])}
                            compact
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              ))}
            </div>
          )}
        </div>
      </div>
      <Outlet />
    </section>
  );
}
