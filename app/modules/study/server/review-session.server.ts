/**
 * The review session's page (issue 34, ADR 030): its cards when it begins (today's planned reviews, reviews'
 * `todayPlan`), and where it stands after each rating (domain/review-session.ts) with the card to show, or
 * its summary at the end.
 */
import type { Scope } from '#app/platform/server/deps.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import { getCard, studyRefusal } from '#app/modules/cards/index.server.ts';
import { reviewSessionFacts, todayPlan } from '#app/modules/planner/index.server.ts';
import { type ReviewSessionRef, sessionStep } from '../domain/review-session.ts';
import type { ReviewSessionData } from '../schemas/review-session.ts';

/** The cards of a session that begins now: today's planned reviews (of the subject), most urgent first. */
export async function reviewSessionCards(
  s: Scope,
  user: UserView,
  subjectId: number | null,
  now = new Date(),
): Promise<number[]> {
  const plan = await todayPlan(s, user, now);
  return (plan?.reviews ?? [])
    .filter((card) => subjectId === null || card.subject.id === subjectId)
    .map((card) => card.cardId);
}

/** Where the session stands, with the card to show now; at the end what it did and what tomorrow holds. */
export async function reviewSessionPage(
  s: Scope,
  user: UserView,
  ref: ReviewSessionRef & { startedAt: Date },
  now = new Date(),
): Promise<ReviewSessionData> {
  const facts = await reviewSessionFacts(s, user, ref.cardIds, ref.startedAt, now);
  const shownAt = now.getTime();
  if (!facts) return { session: null, card: null, refusal: null, shownAt };
  const step = sessionStep(facts.cards, ref.startedAt, now, facts.endOfToday);
  const session = {
    subject: facts.subjects.find((subject) => subject.id === ref.subjectId) ?? null,
    ...step,
    total: facts.cards.length,
    summary: null,
  };
  if (!step.next) {
    const { since, tomorrow } = await facts.summary();
    const summary = { reviews: since.reviews, minutes: Math.ceil(since.seconds / 60), tomorrow };
    return { session: { ...session, summary }, card: null, refusal: null, shownAt };
  }
  const found = await getCard(s, user.id, step.next.cardId);
  if (found.ok) return { session, card: found.value, refusal: null, shownAt };
  return { session, card: null, refusal: studyRefusal(found.reason, 'card').message, shownAt };
}
