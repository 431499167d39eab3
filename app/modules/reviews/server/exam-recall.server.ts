/** The recall each subject's cards are expected to have on the exam morning: the grades module reads it. */
import type { Scope } from '#app/platform/server/deps.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import type { ExamRecall } from '#app/modules/grades/index.ts';
import { todayState } from './today-plan.server.ts';
import { subjectEvidence } from './mastery.server.ts';

/**
 * For the grade simulator (issue 21): per subject with cards, the predicted recall of its cards on the
 * exam morning weighted by each topic's share of the exam's points (unread cards count as 0; by card
 * count where no topic has check points), and the share of its cards read. Empty without a plan.
 */
export async function examRecallPerSubject(
  s: Scope,
  user: UserView,
  subjectIds: readonly number[],
  now = new Date(),
): Promise<Map<number, ExamRecall>> {
  const state = await todayState(s, user, now);
  const result = new Map<number, ExamRecall>();
  if (!state) return result;
  const { context, plan } = state;
  for (const subjectId of subjectIds) {
    const cards = context.cards.filter((card) => card.subjectId === subjectId);
    if (cards.length === 0) continue;
    const evidence = await subjectEvidence(s, user, context, plan, subjectId, now, { withAttempts: false });
    if (!evidence) continue;
    const withCards = evidence.topics.filter((t) => t.cardCount > 0);
    const weightOf = (t: (typeof withCards)[number]) => evidence.weights.get(t.topic.id) ?? 0;
    const total = withCards.reduce((sum, t) => sum + weightOf(t), 0);
    const share =
      total > 0
        ? withCards.reduce((sum, t) => sum + weightOf(t) * t.recallOnExam, 0) / total
        : withCards.reduce((sum, t) => sum + t.cardCount * t.recallOnExam, 0) /
          Math.max(
            1,
            withCards.reduce((sum, t) => sum + t.cardCount, 0),
          );
    result.set(subjectId, { share, coverage: cards.filter((card) => card.memory).length / cards.length });
  }
  return result;
}
