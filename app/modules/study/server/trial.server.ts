/**
 * The free trial of a subject (issue 34, item 2): the light stream of a subject that has online content, which
 * the pupil starts themselves. It shows a part of the cards and the light exam check (spec §4 light stream);
 * the code from the book or an order gives the rest (full beats light: cards' grantSubjectAccess).
 */
import type { Scope } from '#app/platform/server/deps.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import { addUserSubjects } from '#app/modules/accounts/index.server.ts';
import { grantSubjectAccess, subjectContent } from '#app/modules/cards/index.server.ts';
import { isLearnable, mayOpen } from '#app/modules/cards/index.ts';

/** Whether a subject's content has a free trial: learnable cards of its light stream. */
export const hasTrialContent = (content: Parameters<typeof isLearnable>[0]): boolean =>
  content.cards.some((card) => mayOpen('light', card) && isLearnable(content, card));

export type TrialRefusal = 'not_found' | 'no_trial';

/** What a refused trial answers: an unknown subject 404, a subject without trial content 409. */
export const TRIAL_REFUSAL_STATUS = { not_found: 404, no_trial: 409 } as const satisfies Record<TrialRefusal, number>;

/**
 * Starts the free trial of a subject: in one transaction the pupil gets its light stream (a workflow over
 * cards' and accounts' public writes, as redeeming a code is) and the subject joins their list. Access the
 * pupil has already (a trial, a book) stays as it is, so a second start changes nothing. Refused: a subject
 * we do not know or without study content ('not_found'), or one whose content has no trial ('no_trial').
 */
export async function startTrial(
  s: Scope,
  userId: string,
  subjectId: number,
): Promise<Result<{ subject: { id: number; slug: string; levelName: string } }, { reason: TrialRefusal }>> {
  const content = await subjectContent(s, subjectId);
  if (!content || content.cards.length === 0) return refuse('not_found');
  if (!hasTrialContent(content)) return refuse('no_trial');
  await s.db.transaction(async (tx) => {
    await grantSubjectAccess(tx, { userId, subjectId, stream: 'light', source: 'trial' });
    await addUserSubjects(tx, userId, [subjectId]);
  });
  const { id, slug, levelName } = content.subject;
  return ok({ subject: { id, slug, levelName } });
}
