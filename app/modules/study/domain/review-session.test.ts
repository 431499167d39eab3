import { describe, expect, it } from 'vitest';
import { MAX_SESSION_CARDS, parseSession, sessionSearch, sessionStep, type SessionMemory } from './review-session.ts';

const START = new Date('2027-03-01T15:00:00Z');
const END_OF_DAY = new Date('2027-03-01T23:00:00Z');
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);
const days = (n: number) => new Date(START.getTime() + n * 86_400_000);

/** Reviewed before the session began: still to do. */
const before = (reps = 4): SessionMemory => ({ reps, lastReview: days(-3), due: days(-1) });
/** Rated in the session and done for today (next review tomorrow or later). */
const rated = (at: number, reps = 5): SessionMemory => ({ reps, lastReview: minutes(at), due: days(3) });
/** Rated Opnieuw in the session at minute `at`: FSRS's relearning step has it due ten minutes later. */
const again = (at: number, reps = 5): SessionMemory => ({ reps, lastReview: minutes(at), due: minutes(at + 10) });

describe('a review session’s address', () => {
  it('starts with the subject only, and after that says when it began and which cards it has', () => {
    expect(sessionSearch({ subjectId: 24, startedAt: null, cardIds: [] })).toBe('?vak=24');
    expect(sessionSearch({ subjectId: null, startedAt: null, cardIds: [] })).toBe('');
    const ref = { subjectId: 24, startedAt: START, cardIds: [12, 15, 18] };
    const search = sessionSearch(ref);
    expect(search).toBe(`?vak=24&sessie=${START.getTime()}&kaarten=12.15.18`);
    expect(parseSession(new URLSearchParams(search))).toEqual(ref);
    expect(parseSession(new URLSearchParams(`?sessie=${START.getTime()}&kaarten=`))).toEqual({
      subjectId: null,
      startedAt: START,
      cardIds: [],
    });
  });

  it('is not a session when it is malformed: the page then starts a new one', () => {
    for (const search of [
      '?vak=abc',
      '?vak=0',
      `?sessie=${START.getTime()}`,
      '?sessie=soon&kaarten=1',
      `?sessie=${START.getTime()}&kaarten=1..2`,
      `?sessie=${START.getTime()}&kaarten=1.-2`,
      `?sessie=${START.getTime()}&kaarten=${Array.from({ length: MAX_SESSION_CARDS + 1 }, (_, i) => i + 1).join('.')}`,
    ])
      expect(parseSession(new URLSearchParams(search)), search).toBeNull();
  });
});

describe('sessionStep: where a session stands', () => {
  const step = (cards: [number, SessionMemory][], now: Date) =>
    sessionStep(
      cards.map(([id, memory]) => ({ id, memory })),
      START,
      now,
      END_OF_DAY,
    );

  it('shows the cards in the plan’s order, each with its count of reviews as shown', () => {
    const result = step(
      [
        [1, before(4)],
        [2, before(7)],
        [3, before(2)],
      ],
      minutes(1),
    );
    expect(result).toEqual({ next: { cardId: 1, reviews: 4, returning: false }, done: 0, left: 3, back: [] });
  });

  it('moves on after each rating; a card rated Opnieuw comes back after the other cards', () => {
    const cards: [number, SessionMemory][] = [
      [1, again(1)],
      [2, rated(2)],
      [3, before()],
    ];
    expect(step(cards, minutes(3))).toEqual({
      next: { cardId: 3, reviews: 4, returning: false },
      done: 1,
      left: 2,
      back: [1],
    });
    // The rest done: it comes back now, a little before its ten minutes are over (Anki's learn-ahead).
    cards[2] = [3, rated(4)];
    expect(step(cards, minutes(5))).toEqual({
      next: { cardId: 1, reviews: 5, returning: true },
      done: 2,
      left: 1,
      back: [1],
    });
    // Rated Goed the second time: done, and so is the session.
    cards[0] = [1, rated(6, 6)];
    expect(step(cards, minutes(6))).toEqual({ next: null, done: 3, left: 0, back: [] });
  });

  it('brings a card back before the rest once its step is over, as FSRS says', () => {
    const result = step(
      [
        [1, again(1)],
        [2, before()],
      ],
      minutes(12),
    );
    expect(result.next).toEqual({ cardId: 1, reviews: 5, returning: true });
  });

  it('counts a card rated before the session as still to do, and an empty session as done', () => {
    expect(step([[1, rated(-5)]], minutes(1)).next).toEqual({ cardId: 1, reviews: 5, returning: false });
    expect(step([], minutes(1))).toEqual({ next: null, done: 0, left: 0, back: [] });
  });
});
