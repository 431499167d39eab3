import { useLayoutEffect, useRef } from 'react';
import { data, redirect, useActionData, useLoaderData, useLocation, useNavigate } from 'react-router';
import type { Route } from './+types/review-session';
import { scopeContext, requireAreaUser } from '#app/context.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import { pageUrl } from '#app/platform/page-url.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { withoutCardModal } from '#app/platform/study-paths.ts';
import { REVIEW_MESSAGES } from '#app/modules/reviews/index.ts';
import { reviewFormAction, reviewRefusal } from '#app/modules/reviews/index.server.ts';
import {
  parseSession,
  type ReviewSessionData,
  type ReviewSessionRef,
  sessionSearch,
} from '#app/modules/study/index.ts';
import { reviewSessionCards, reviewSessionPage } from '#app/modules/study/index.server.ts';
import { ReviewSession } from '#app/modules/study/ui.ts';

/**
 * The review session (issue 34, ADR 030) over the page that suggested "Herhaal N kaarten": the area home
 * (`?vak=` the subject) or a subject's page. Its address without `sessie` starts it with today's planned
 * reviews of the subject; from then on the address says when it began and which cards it has, and shows the
 * next card.
 */
export async function loader({ request, params, context }: Route.LoaderArgs): Promise<ReviewSessionData> {
  const user = requireAreaUser(context);
  const scope = context.get(scopeContext);
  const url = pageUrl(request.url);
  const ref = sessionOf(url, params);
  if (!ref.startedAt) throw await started(scope, user, url, ref, params);
  return reviewSessionPage(scope, user, { ...ref, startedAt: ref.startedAt });
}

/** The address of a session that begins now, with today's planned reviews of the subject. */
async function started(
  scope: Scope,
  user: UserView,
  url: URL,
  ref: ReviewSessionRef,
  params: { subjectId?: string | undefined },
) {
  const cardIds = await reviewSessionCards(scope, user, ref.subjectId);
  const subjectId = params.subjectId ? null : ref.subjectId;
  return redirect(`${url.pathname}${sessionSearch({ subjectId, startedAt: new Date(), cardIds })}`);
}

/** A rating of the card shown (the session's form, also without JavaScript): its answer and the next card. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const scope = context.get(scopeContext);
  const url = pageUrl(request.url);
  const ref = sessionOf(url, params);
  // A post to the address that starts a session starts it, as a visit does (no rating counts).
  if (!ref.startedAt) throw await started(scope, user, url, ref, params);
  const result = await reviewFormAction(scope, user.id, await request.formData());
  const refusal = !result
    ? { status: 400, message: REVIEW_MESSAGES.RATING }
    : result.ok
      ? null
      : reviewRefusal(result.reason);
  const page = await reviewSessionPage(scope, user, { ...ref, startedAt: ref.startedAt });
  const outcome = result?.ok ? { review: result.value } : { error: refusal!.message };
  return data<ReviewSessionData>({ ...page, outcome }, { status: refusal?.status ?? 200 });
}

/** The session of this address: a subject page's own subject, or the area home's `vak`. */
function sessionOf(url: URL, params: { subjectId?: string | undefined }): ReviewSessionRef {
  const ref = parseSession(url.searchParams) ?? { subjectId: null, startedAt: null, cardIds: [] };
  return params.subjectId ? { ...ref, subjectId: Number(params.subjectId) } : ref;
}

export default function ReviewSessionRoute() {
  const loaded = useLoaderData<typeof loader>();
  const rated = useActionData<typeof action>();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const below = withoutCardModal(pathname);
  // What started the session (the "Herhaal" link) has the focus back when the session is left.
  const starter = useRef<Element | null>(null);
  useLayoutEffect(() => {
    starter.current = document.activeElement;
  }, []);
  const close = () => {
    void Promise.resolve(navigate(below, { preventScrollReset: true })).then(() => {
      const element = starter.current;
      if (element instanceof HTMLElement && element.isConnected && element !== document.body) element.focus();
    });
  };
  return <ReviewSession data={rated ?? loaded} action={`${pathname}${search}`} onClose={close} closeHref={below} />;
}
