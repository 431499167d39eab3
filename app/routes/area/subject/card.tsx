import { useEffect } from 'react';
import { data, redirect, useActionData, useLoaderData, useLocation, useMatches, useNavigate } from 'react-router';
import type { Route } from './+types/card';
import { scopeContext, requireAreaUser } from '#app/context.ts';
import { pageUrl } from '#app/platform/page-url.ts';
import { withoutCardModal } from '#app/platform/study-paths.ts';
import { cardIdParams, STUDY_MESSAGES, type CardView, type TopicView } from '#app/modules/cards/index.ts';
import { CardModal, type CardReviewAnswer } from '#app/modules/study/ui.ts';
import { api, ApiError } from '#app/platform/api-client.ts';
import { getCard, learnedFormAction, studyRefusal } from '#app/modules/cards/index.server.ts';
import { reviewFormAction, reviewRefusal } from '#app/modules/reviews/index.server.ts';
import { REVIEW_MESSAGES } from '#app/modules/reviews/index.ts';

type LoaderData = { card: CardView; refusal: null } | { card: null; refusal: string };

/**
 * The subject card modal (spec §2 kaart/{subjectModalId}): a child of every
 * study page, so a card has an address; closing it returns to the page
 * below, with its filters. A card the pupil may not open says why.
 */
export async function loader({ params, context }: Route.LoaderArgs): Promise<LoaderData> {
  const user = requireAreaUser(context);
  const parsed = cardIdParams.safeParse({ id: params.subjectModalId });
  if (!parsed.success) throw data(STUDY_MESSAGES.UNKNOWN_CARD, { status: 404 });
  const result = await getCard(context.get(scopeContext), user.id, parsed.data.id);
  if (result.ok) return { card: result.value, refusal: null };
  const { status, message } = studyRefusal(result.reason, 'card');
  if (status === 404) throw data(message, { status });
  return { card: null, refusal: message };
}

/**
 * A card opened in the browser (a client navigation: between two reviews, the pupil's most frequent) is read from
 * the card API, GET /v1/card/{id}: the same service and answer as the loader's, without the router's server pass
 * (issue 36, ADR 039). A 403 is the card's refusal shown in the modal; anything else (no such card, a session that
 * ended: the login page with the way back) is the loader's to answer, as on a first load.
 */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs): Promise<LoaderData> {
  const id = Number(params.subjectModalId);
  if (!Number.isSafeInteger(id) || id <= 0) return serverLoader();
  try {
    return { card: await api.get<CardView>(`/v1/card/${id}`, { expected: [401, 403, 404] }), refusal: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return { card: null, refusal: error.message };
    return serverLoader();
  }
}

/**
 * The card's forms post here: its review (issue 20; the answer is shown in the modal), and without
 * JavaScript the learned toggle (then the same address again).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const scope = context.get(scopeContext);
  const form = await request.formData();
  if (form.get('intent') === 'review') {
    const result = await reviewFormAction(scope, user.id, form);
    if (!result) return data<CardReviewAnswer>({ error: REVIEW_MESSAGES.RATING }, { status: 400 });
    if (result.ok) return { review: result.value } satisfies CardReviewAnswer;
    const { status, message } = reviewRefusal(result.reason);
    return data<CardReviewAnswer>({ error: message }, { status });
  }
  if (!(await learnedFormAction(scope, user.id, form))) {
    throw data(STUDY_MESSAGES.UNKNOWN_CARD, { status: 400 });
  }
  const url = pageUrl(request.url);
  return redirect(`${url.pathname}${url.search}`);
}

/** The topics with their counts of the page below, when it shows them (the list of cards). */
function useTopicsBelow(): TopicView[] {
  for (const match of useMatches().toReversed()) {
    const loaderData = match.loaderData as
      { availableTopics?: TopicView[]; overview?: { topics: TopicView[] } | null } | undefined;
    const topics = loaderData?.availableTopics ?? loaderData?.overview?.topics;
    if (topics) return topics;
  }
  return [];
}

export default function CardRoute() {
  const { card, refusal } = useLoaderData<typeof loader>();
  const reviewAnswer = useActionData<CardReviewAnswer>();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const topicsBelow = useTopicsBelow();
  const below = `${withoutCardModal(pathname)}${search}`;
  const close = () => void navigate(below, { preventScrollReset: true });

  useEffect(() => {
    // Spec §4: opening a card clears its new-content flag and those of its topics (failures only reported). With
    // nothing new on the card or its topics (`clearsNew`, the card API's) a visit would change nothing: none is sent.
    if (card?.clearsNew) api.post(`/v1/users/me/cards/${card.id}/visit`).catch(() => undefined);
  }, [card?.id, card?.clearsNew]);

  const topics = card ? topicsBelow.filter((t) => card.topics.some((own) => own.id === t.id)) : [];
  return (
    <CardModal
      card={card}
      refusal={refusal}
      topics={topics}
      onClose={close}
      closeHref={below}
      reviewAction={`${pathname}${search}`}
      reviewAnswer={reviewAnswer}
    />
  );
}
