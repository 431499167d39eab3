/**
 * The scheduler bench's pieces that its figures rest on (issue 33): the pupils' true memory, the baselines'
 * fairness (each subject stops at its exam) and the statistics. Fast: small runs only.
 */
import { createEmptyCard, fsrs, generatorParameters, type Grade } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { makePupil, trueMemory } from './memory-models.ts';
import { simulate, type LoggedReview } from './simulate.ts';
import { deckOf, SUBJECTS, timelineOf } from './setting.ts';
import { atEqualMinutes, pairedInterval, t975 } from './stats.ts';

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 6, 15);

describe('the pupils’ true memory', () => {
  it('is ts-fsrs itself for an FSRS pupil, with the pupil’s own parameters', () => {
    const pupil = makePupil('fsrs-wide', 7);
    if (pupil.truth.kind !== 'fsrs') throw new Error('an FSRS pupil');
    const scheduler = fsrs(generatorParameters({ w: pupil.truth.w, enable_fuzz: false }));
    const memory = trueMemory(pupil, [0]);
    let card = createEmptyCard(new Date(START));
    const steps: [number, Grade][] = [
      [0, 3],
      [10 / 1440, 3],
      [2, 1],
      [2.01, 3],
      [5, 2],
      [19, 4],
      [60, 3],
    ];
    for (const [days, grade] of steps) {
      const at = START + days * DAY;
      card = scheduler.next(card, new Date(at), grade).card;
      memory.review(0, at, grade);
      const stability = card.stability;
      // Recall is 90 % once the card's stability has passed: FSRS's definition of stability.
      expect(memory.recall(0, at + stability * DAY)).toBeCloseTo(0.9, 6);
    }
    expect(memory.recall(0, START + 60 * DAY)).toBeCloseTo(1, 6);
  });

  it('is zero for a card never read', () => {
    for (const model of ['fsrs-near', 'act-r'] as const) {
      expect(trueMemory(makePupil(model, 1), [0, 1]).recall(1, START)).toBe(0);
    }
  });

  it('forgets an ACT-R card along a power law, and keeps spaced study longer than massed study', () => {
    const pupil = makePupil('act-r', 11);
    // The same card, studied by the pupil twice over: three looks within five minutes, or on days 0, 1 and 3.
    const massed = trueMemory(pupil, [5]);
    const spaced = trueMemory(pupil, [5]);
    for (const minutes of [0, 2, 4]) massed.review(0, START + minutes * 60_000, 3);
    for (const days of [0, 1, 3]) spaced.review(0, START + days * DAY, 3);
    const at = (days: number) => START + days * DAY;
    expect(massed.recall(0, at(7))).toBeGreaterThan(massed.recall(0, at(30)));
    expect(massed.recall(0, at(30))).toBeGreaterThan(massed.recall(0, at(90)));
    expect(spaced.recall(0, at(30))).toBeGreaterThan(massed.recall(0, at(30)) + 0.1);
  });
});

describe('the baselines', () => {
  const cell = { budget: 40, skip: 0, cards: 150, firstExam: 90 };
  const time = timelineOf(cell.firstExam);
  const deck = deckOf(cell.cards);

  it('stop each subject at its exam morning', () => {
    const log: LoggedReview[] = [];
    simulate(makePupil('fsrs-near', 3), cell, { kind: 'fsrs', retention: 0.9 }, { log });
    expect(log.length).toBeGreaterThan(1000);
    for (const entry of log) expect(entry.at).toBeLessThan(time.examMorning[deck.subject[entry.card]!]!);
    // Every subject was studied.
    expect(new Set(log.map((entry) => deck.subject[entry.card]))).toEqual(new Set(SUBJECTS.map((_, s) => s)));
  });

  it('read every card by its exam when the budget holds the pace, and read once means no review', () => {
    const run = simulate(makePupil('fsrs-near', 3), cell, { kind: 'read-once' });
    expect(run.unread).toBe(0);
    expect(run.reviewsBeforeExam.every((n) => n === 0)).toBe(true);
    expect(run.recallAll).toBeGreaterThan(0);
    expect(run.recallAll).toBeCloseTo(run.recallRead, 10);
  });
});

describe('the statistics', () => {
  it('give Student t’s 97.5 % quantiles', () => {
    expect(t975(1)).toBeCloseTo(12.706, 3);
    expect(t975(9)).toBeCloseTo(2.262, 3);
    expect(t975(29)).toBeCloseTo(2.045, 3);
    expect(t975(1000)).toBeCloseTo(1.962, 3);
  });

  it('give the paired 95 % interval of a mean difference', () => {
    const interval = pairedInterval([1, 2, 3, 4, 5]);
    // sd 1.5811, n 5, t(4) 2.776: half-width 1.963.
    expect(interval.mean).toBe(3);
    expect(interval.low).toBeCloseTo(3 - 1.963, 3);
    expect(interval.high).toBeCloseTo(3 + 1.963, 3);
    expect(Number.isNaN(pairedInterval([2]).low)).toBe(true);
  });

  it('read the baseline off at equal minutes', () => {
    const runs = [
      { minutes: 10, value: 0.5 },
      { minutes: 20, value: 0.7 },
      { minutes: 30, value: 0.75 },
    ];
    expect(atEqualMinutes(runs, 15)).toEqual({ value: 0.6, clamped: false });
    expect(atEqualMinutes(runs, 25).value).toBeCloseTo(0.725, 10);
    expect(atEqualMinutes(runs, 40)).toEqual({ value: 0.75, clamped: true });
    expect(atEqualMinutes(runs, 5)).toEqual({ value: 0.5, clamped: true });
  });
});
