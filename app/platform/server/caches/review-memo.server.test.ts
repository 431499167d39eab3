import { describe, expect, it } from 'vitest';
import { createReviewMemo } from './review-memo.server.ts';

/** A card's memory as the study module keeps it (its FSRS state), here as the memo sees it: opaque. */
interface CardMemory {
  due: Date;
  stability: number;
  difficulty: number;
  state: number;
  reps: number;
  lapses: number;
  learningSteps: number;
  scheduledDays: number;
  lastReview: Date | null;
}

const memory = (reps: number): CardMemory => ({
  due: new Date('2026-12-01T10:00:00Z'),
  stability: 3.2,
  difficulty: 5.1,
  state: 2,
  reps,
  lapses: 0,
  learningSteps: 0,
  scheduledDays: 3,
  lastReview: new Date('2026-11-28T10:00:00Z'),
});

const NOW = Date.parse('2026-11-28T12:00:00Z');
let users = 0;
const newUser = () => `memo-user-${++users}`;
const newMemo = () => createReviewMemo<CardMemory, 'full' | 'light'>();

describe('what a review can start from without a read', () => {
  it('needs both the card’s memory and the pupil’s stream to the subject', () => {
    const { rememberMemory, rememberPupil, keptReviewStart } = newMemo();
    const user = newUser();
    expect(keptReviewStart(user, 1, 10, NOW)).toBeNull();
    rememberMemory(user, 1, memory(2));
    expect(keptReviewStart(user, 1, 10, NOW)).toBeNull();
    rememberPupil(user, 10, null, 'full', NOW);
    expect(keptReviewStart(user, 1, 10, NOW)).toEqual({ memory: memory(2), weights: null, stream: 'full' });
    // Another subject's stream is not known; another card's memory neither.
    expect(keptReviewStart(user, 1, 11, NOW)).toBeNull();
    expect(keptReviewStart(user, 2, 10, NOW)).toBeNull();
    // Another pupil never gets this pupil's memory.
    expect(keptReviewStart(newUser(), 1, 10, NOW)).toBeNull();
  });

  it('keeps the weights and streams for a minute from the read, then asks for a read again', () => {
    const { rememberMemories, rememberPupil, keptReviewStart } = newMemo();
    const user = newUser();
    rememberMemories(user, new Map([[1, memory(4)]]));
    rememberPupil(user, 10, [0.2, 1.3], 'light', NOW);
    rememberPupil(user, 11, [0.2, 1.3], 'full', NOW + 30_000);
    expect(keptReviewStart(user, 1, 10, NOW + 59_000)).toMatchObject({ weights: [0.2, 1.3], stream: 'light' });
    expect(keptReviewStart(user, 1, 11, NOW + 59_000)).toMatchObject({ stream: 'full' });
    expect(keptReviewStart(user, 1, 10, NOW + 60_000)).toBeNull();
  });

  it('forgets the streams read with other weights (a new fit), and a stream that is gone', () => {
    const { rememberMemory, rememberPupil, keptReviewStart } = newMemo();
    const user = newUser();
    rememberMemory(user, 1, memory(1));
    rememberPupil(user, 10, [0.2], 'full', NOW);
    rememberPupil(user, 11, [0.3], 'full', NOW);
    expect(keptReviewStart(user, 1, 10, NOW)).toBeNull();
    expect(keptReviewStart(user, 1, 11, NOW)).toMatchObject({ weights: [0.3] });
    rememberPupil(user, 11, [0.3], null, NOW);
    expect(keptReviewStart(user, 1, 11, NOW)).toBeNull();
  });

  it('forgets a memory that turned out stale, and keeps the newest of a card', () => {
    const { rememberMemory, rememberPupil, keptReviewStart, forgetMemory } = newMemo();
    const user = newUser();
    rememberPupil(user, 10, null, 'full', NOW);
    rememberMemory(user, 1, memory(1));
    rememberMemory(user, 1, memory(2));
    expect(keptReviewStart(user, 1, 10, NOW)?.memory.reps).toBe(2);
    forgetMemory(user, 1);
    expect(keptReviewStart(user, 1, 10, NOW)).toBeNull();
  });

  it('is bounded: the least recently used memories go first', () => {
    const { rememberMemory, rememberPupil, keptReviewStart } = newMemo();
    const user = newUser();
    rememberPupil(user, 10, null, 'full', NOW);
    rememberMemory(user, 1, memory(1));
    // 50,000 memories kept at most: fill them with another pupil's, touching card 1 halfway.
    const crowd = newUser();
    for (let card = 0; card < 30_000; card++) rememberMemory(crowd, card, memory(1));
    rememberMemory(user, 1, memory(3));
    for (let card = 30_000; card < 60_000; card++) rememberMemory(crowd, card, memory(1));
    expect(keptReviewStart(user, 1, 10, NOW)?.memory.reps).toBe(3);
    rememberPupil(crowd, 10, null, 'full', NOW);
    expect(keptReviewStart(crowd, 0, 10, NOW)).toBeNull();
    expect(keptReviewStart(crowd, 59_999, 10, NOW)).not.toBeNull();
  });
});

describe('one memo per server copy', () => {
  it('keeps nothing of what another copy (or another test) kept', () => {
    const one = newMemo();
    const other = newMemo();
    const user = newUser();
    one.rememberMemory(user, 1, memory(2));
    one.rememberPupil(user, 10, null, 'full', NOW);
    expect(one.keptReviewStart(user, 1, 10, NOW)).not.toBeNull();
    expect(other.keptReviewStart(user, 1, 10, NOW)).toBeNull();
  });
});
