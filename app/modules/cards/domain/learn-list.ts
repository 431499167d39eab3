/**
 * The learn page's long list (issue 19): which chapters it shows card by card
 * and which it folds to their counts.
 */
/**
 * A long list shows whole chapters up to this many cards (issue 19): a pupil
 * works through a chapter at a time, and 240 rows are a long scroll on a phone
 * and the page's main rendering cost. The other chapters are folded to their
 * counts with a link to their cards (the chapter filter).
 */
export const LIST_BUDGET = 60;

/** A chapter of the list: its id (0: "Overig", cards outside every chapter) and its cards. */
export interface ChapterGroup {
  id: number;
  cards: readonly { learnable: boolean; userHasLearned: boolean }[];
}

/**
 * The chapters to fold: none when the list fits or a chapter or topic is
 * chosen; else every chapter outside a run of whole chapters of at most
 * LIST_BUDGET cards (at least one), starting at the first chapter with a card
 * still to learn. "Overig" (id 0) has no chapter filter and is never folded.
 */
export function foldedChapters(
  groups: readonly ChapterGroup[],
  filters: { topicIds: readonly number[]; parentTopicIds: readonly number[] },
): Set<number> {
  const total = groups.reduce((sum, group) => sum + group.cards.length, 0);
  if (total <= LIST_BUDGET || filters.topicIds.length > 0 || filters.parentTopicIds.length > 0) return new Set();
  const toLearn = groups.findIndex((group) => group.cards.some((card) => card.learnable && !card.userHasLearned));
  const start = Math.max(toLearn, 0);
  const folded = new Set<number>();
  let shown = 0;
  let runOver = false;
  groups.forEach((group, index) => {
    if (group.id === 0) return;
    const open = index >= start && !runOver && (shown === 0 || shown + group.cards.length <= LIST_BUDGET);
    if (open) {
      shown += group.cards.length;
    } else {
      folded.add(group.id);
      if (index >= start) runOver = true;
    }
  });
  return folded;
}
