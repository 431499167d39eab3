import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  adjustLearnedCount,
  canAccessSubject,
  clearNewContent,
  fullStreamSubjects,
  hasAccess,
  isNoAccess,
  lightStreamSubjects,
  noAccessSubjects,
  productListQuery,
  resetFilters,
  subjectsWithAccess,
  toggleLearned,
} from './study.ts';
import { finalLevelIds } from '#app/modules/onboarding/domain/onboarding.ts';
import { toggleInArray, toggleSingle } from '#app/platform/toggle.ts';

describe('adjustLearnedCount (spec §4)', () => {
  it('adds and removes one', () => {
    expect(adjustLearnedCount({ learnedCards: 3, totalLearnableCards: 10 }, 1)).toEqual({
      learnedCards: 4,
      totalLearnableCards: 10,
    });
    expect(adjustLearnedCount({ learnedCards: 3, totalLearnableCards: 10 }, -1).learnedCards).toBe(2);
  });

  it('never goes below 0 or above totalLearnableCards', () => {
    expect(adjustLearnedCount({ learnedCards: 0, totalLearnableCards: 10 }, -1).learnedCards).toBe(0);
    expect(adjustLearnedCount({ learnedCards: 10, totalLearnableCards: 10 }, 1).learnedCards).toBe(10);
    expect(adjustLearnedCount({ learnedCards: 0, totalLearnableCards: 0 }, 1).learnedCards).toBe(0);
  });

  it('keeps other fields and does not mutate', () => {
    const topic = { id: 7, name: 'Breuken', learnedCards: 1, totalLearnableCards: 2 };
    expect(adjustLearnedCount(topic, 1)).toEqual({ id: 7, name: 'Breuken', learnedCards: 2, totalLearnableCards: 2 });
    expect(topic.learnedCards).toBe(1);
  });

  it('stays within [0, total] for any sequence of changes', () => {
    fc.assert(
      fc.property(
        fc.nat(50),
        fc.array(fc.constantFrom(1 as const, -1 as const), { maxLength: 120 }),
        (total, changes) => {
          let topic = { learnedCards: 0, totalLearnableCards: total };
          for (const change of changes) {
            const next = adjustLearnedCount(topic, change);
            expect(next.learnedCards).toBeGreaterThanOrEqual(0);
            expect(next.learnedCards).toBeLessThanOrEqual(total);
            expect(Math.abs(next.learnedCards - topic.learnedCards)).toBeLessThanOrEqual(1);
            topic = next;
          }
        },
      ),
    );
  });
});

describe('toggleLearned (spec §4)', () => {
  it('flips the mark without mutating', () => {
    const card = { id: 1, userHasLearned: false };
    expect(toggleLearned(card)).toEqual({ id: 1, userHasLearned: true });
    expect(toggleLearned(toggleLearned(card))).toEqual(card);
    expect(card.userHasLearned).toBe(false);
  });
});

describe('clearNewContent (spec §4)', () => {
  it("clears the card's flag and those of its topics", () => {
    const card = { id: 'c1', newContent: true, isDownload: false, topics: [{ id: 1, newContent: true }, { id: 2 }] };
    const topics = [
      { id: 1, name: 'A', newContent: true },
      { id: 2, name: 'B', newContent: true },
      { id: 3, name: 'C', newContent: true },
    ];
    const result = clearNewContent(card, topics);
    expect(result.card).toEqual({
      id: 'c1',
      newContent: false,
      isDownload: false,
      topics: [{ id: 1, newContent: false }, { id: 2 }],
    });
    expect(result.topics).toEqual([
      { id: 1, name: 'A', newContent: false },
      { id: 2, name: 'B', newContent: false },
      { id: 3, name: 'C', newContent: true },
    ]);
    expect(card.newContent).toBe(true);
    expect(topics[0]?.newContent).toBe(true);
  });

  it('leaves topics alone for a card without topics', () => {
    const topics = [{ id: 1, newContent: true }];
    expect(clearNewContent({ newContent: true, topics: [] }, topics).topics).toEqual(topics);
  });
});

describe('subject access (spec §4)', () => {
  const full = { id: 1, stream: { userHasAccess: true, isLightStream: false } };
  const light = { id: 2, stream: { userHasAccess: false, isLightStream: true } };
  const lightWithAccess = { id: 3, stream: { userHasAccess: true, isLightStream: true } };
  const none = { id: 4, stream: { userHasAccess: false, isLightStream: false } };
  const noStream = { id: 5, stream: null };
  const subjects = [full, light, lightWithAccess, none, noStream];

  it('classifies access', () => {
    expect(subjects.map(hasAccess)).toEqual([true, false, true, false, false]);
    expect(subjects.map(isNoAccess)).toEqual([false, false, false, true, true]);
  });

  it('filters subsets', () => {
    expect(subjectsWithAccess(subjects)).toEqual([full, lightWithAccess]);
    expect(noAccessSubjects(subjects)).toEqual([none, noStream]);
    expect(lightStreamSubjects(subjects)).toEqual([light, lightWithAccess]);
    expect(fullStreamSubjects(subjects)).toEqual([full, none, noStream]);
  });

  it('allows a subject only when in the has-access list (spec §6)', () => {
    expect(canAccessSubject(subjects, 1)).toBe(true);
    expect(canAccessSubject(subjects, '1')).toBe(true);
    expect(canAccessSubject(subjects, 2)).toBe(false);
    expect(canAccessSubject(subjects, 4)).toBe(false);
    expect(canAccessSubject(subjects, 99)).toBe(false);
  });

  it('light and full stream subsets partition the list', () => {
    const subject = fc.record({
      stream: fc.option(fc.record({ userHasAccess: fc.boolean(), isLightStream: fc.boolean() }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(subject), (list) => {
        expect(lightStreamSubjects(list).length + fullStreamSubjects(list).length).toBe(list.length);
        for (const s of list) expect(hasAccess(s) && isNoAccess(s)).toBe(false);
      }),
    );
  });
});

describe('onboarding selection (spec §4)', () => {
  it('toggleSingle clears the selected value and selects another', () => {
    expect(toggleSingle('havo', 'havo')).toBeNull();
    expect(toggleSingle('havo', 'vwo')).toBe('vwo');
    expect(toggleSingle(null, 'vwo')).toBe('vwo');
    expect(toggleSingle(undefined, 3)).toBe(3);
  });

  it('toggleInArray adds and removes', () => {
    expect(toggleInArray([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleInArray([1, 2, 3], 2)).toEqual([1, 3]);
    expect(toggleInArray([], 'a')).toEqual(['a']);
  });

  it('toggleInArray twice restores a duplicate-free list (as a set) and never mutates', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(20)), fc.nat(20), (list, value) => {
        const copy = [...list];
        const once = toggleInArray(list, value);
        expect(once.includes(value)).toBe(!list.includes(value));
        expect(new Set(toggleInArray(once, value))).toEqual(new Set(list));
        expect(list).toEqual(copy);
      }),
    );
  });

  it('finalLevelIds is base plus sub levels', () => {
    expect(finalLevelIds(['havo'], [])).toEqual(['havo']);
    expect(finalLevelIds(['havo', 'vwo'], ['havo-4'])).toEqual(['havo', 'vwo', 'havo-4']);
  });

  it('finalLevelIds drops the generic vmbo id when VMBO is a base level', () => {
    expect(finalLevelIds(['vmbo'], ['vmbo-k'])).toEqual(['vmbo-k']);
    expect(finalLevelIds(['vmbo', 'havo'], ['vmbo-b', 'vmbo-gl-tl'])).toEqual(['havo', 'vmbo-b', 'vmbo-gl-tl']);
    expect(finalLevelIds([10, 20], [11], 10)).toEqual([20, 11]);
    expect(finalLevelIds(['vmbo'], [])).toEqual([]);
  });

  it('finalLevelIds drops duplicates', () => {
    expect(finalLevelIds(['havo'], ['havo', 'havo-5'])).toEqual(['havo', 'havo-5']);
  });

  it('finalLevelIds keeps every non-generic id exactly once', () => {
    const id = fc.constantFrom('vmbo', 'vmbo-b', 'vmbo-k', 'havo', 'vwo');
    fc.assert(
      fc.property(fc.array(id), fc.array(id), (base, sub) => {
        const result = finalLevelIds(base, sub);
        expect(new Set(result).size).toBe(result.length);
        const expected = new Set([...base, ...sub]);
        if (base.includes('vmbo')) expected.delete('vmbo');
        expect(new Set(result)).toEqual(expected);
      }),
    );
  });
});

describe('filters (spec §2, §4)', () => {
  it('resets to the empty state', () => {
    expect(resetFilters()).toEqual({ topics: [], parentTopics: [], sections: [], examTypes: [], difficulty: [] });
    expect(resetFilters()).not.toBe(resetFilters());
  });

  it('builds the listing query', () => {
    expect(productListQuery(resetFilters())).toBe('');
    expect(productListQuery({})).toBe('');
    expect(productListQuery({ ...resetFilters(), hideLearned: false })).toBe('');
    expect(
      productListQuery({
        topics: [12, 13],
        parentTopics: [1],
        sections: ['leren'],
        examTypes: ['CE'],
        difficulty: ['makkelijk', 'moeilijk'],
        hideLearned: true,
      }),
    ).toBe(
      '?sections[]=leren&topicIds[]=12&topicIds[]=13&difficulty[]=makkelijk&difficulty[]=moeilijk&examTypes[]=CE&hideLearned=true',
    );
    expect(productListQuery({ sections: ['a&b c'] })).toBe('?sections[]=a%26b%20c');
    expect(productListQuery({ hideLearned: true })).toBe('?hideLearned=true');
  });

  it('round-trips through URLSearchParams', () => {
    const values = fc.array(fc.oneof(fc.string(), fc.nat()), { maxLength: 4 });
    fc.assert(
      fc.property(
        values,
        values,
        values,
        values,
        fc.boolean(),
        (sections, topics, difficulty, examTypes, hideLearned) => {
          const params = new URLSearchParams(
            productListQuery({ sections, topics, difficulty, examTypes, hideLearned }),
          );
          expect(params.getAll('sections[]')).toEqual(sections.map(String));
          expect(params.getAll('topicIds[]')).toEqual(topics.map(String));
          expect(params.getAll('difficulty[]')).toEqual(difficulty.map(String));
          expect(params.getAll('examTypes[]')).toEqual(examTypes.map(String));
          expect(params.get('hideLearned')).toBe(hideLearned ? 'true' : null);
        },
      ),
    );
  });
});
