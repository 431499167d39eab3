import type { Scope } from '#app/platform/server/deps.ts';
import { findStudySubject } from '#app/modules/cards/index.server.ts';
import { isLearnable } from '#app/modules/cards/index.ts';
import { subjectContent } from '#app/modules/cards/index.server.ts';
import { subjectChecks } from '#app/modules/checks/index.server.ts';
import { subjectBuddy } from '#app/modules/buddy/index.server.ts';

/** What a school subject at a level has online in Mijn Slaagbundel, counted from the imported study content. */
export type OnlineContent = {
  /** The subject in Mijn Slaagbundel (for links). */
  subject: { id: number; slug: string; levelName: string };
  /** Learnable cards (not the downloads or the corrections card). */
  cards: number;
  /** Exam checks. */
  tests: number;
  /** Words in the exam-idiom list. */
  idioms: number;
  /** The subject has an exam buddy. */
  buddy: boolean;
};

/**
 * The online content of a product's subject (its product page and the shop
 * say exactly this, never more); null when the subject has nothing online.
 */
export async function findOnlineContent(
  s: Scope,
  subjectSlug: string,
  levelName: string,
): Promise<OnlineContent | null> {
  const found = await findStudySubject(s, subjectSlug, levelName);
  if (!found?.hasContent) return null;
  const [content, checks, buddy] = await Promise.all([
    subjectContent(s, found.id),
    subjectChecks(s, found.id),
    subjectBuddy(s, found.id),
  ]);
  if (!content) return null;
  const online: OnlineContent = {
    subject: { id: found.id, slug: found.slug, levelName: found.levelName },
    cards: content.cards.filter((card) => isLearnable(content, card)).length,
    tests: checks.length,
    idioms: buddy.idiomList?.entryCount ?? 0,
    buddy: buddy.chatbotId !== null,
  };
  return online.cards + online.tests + online.idioms > 0 || online.buddy ? online : null;
}
