import { describe, expect, it } from 'vitest';
import { type ChapterGroup, foldedChapters, LIST_BUDGET } from './learn-list.ts';

const NO_FILTERS = { topicIds: [], parentTopicIds: [] };
const chapter = (id: number, size: number, learned = 0): ChapterGroup => ({
  id,
  cards: Array.from({ length: size }, (_, index) => ({ learnable: true, userHasLearned: index < learned })),
});

describe('foldedChapters', () => {
  it('folds nothing when the list fits', () => {
    expect(foldedChapters([chapter(1, 30), chapter(2, LIST_BUDGET - 30)], NO_FILTERS)).toEqual(new Set());
  });

  it('shows whole chapters up to the budget from the first and folds the rest', () => {
    const groups = [chapter(1, 25), chapter(2, 30), chapter(3, 30), chapter(4, 5), chapter(5, 40)];
    // 25 + 30 = 55 fits; 55 + 30 does not, and the run stops there (chapter 4 would fit, but stays folded).
    expect(foldedChapters(groups, NO_FILTERS)).toEqual(new Set([3, 4, 5]));
  });

  it('starts at the first chapter with a card still to learn, and always shows one whole chapter', () => {
    const groups = [chapter(1, 30, 30), chapter(2, 80, 3), chapter(3, 30)];
    expect(foldedChapters(groups, NO_FILTERS)).toEqual(new Set([1, 3]));
  });

  it('folds nothing once a chapter or a topic is chosen, and never folds "Overig"', () => {
    const groups = [chapter(1, 50), chapter(2, 50), chapter(0, 20)];
    expect(foldedChapters(groups, { ...NO_FILTERS, parentTopicIds: [2] })).toEqual(new Set());
    expect(foldedChapters(groups, { ...NO_FILTERS, topicIds: [7] })).toEqual(new Set());
    expect(foldedChapters(groups, NO_FILTERS)).toEqual(new Set([2]));
  });
});
