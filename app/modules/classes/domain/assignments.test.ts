import { describe, expect, it } from 'vitest';
import { assignmentStatus, combineEvidence } from './assignments.ts';

const evidence = (cardsSeen: number, recallExam: number | null, checkDone = false) => ({
  cards: 10,
  cardsSeen,
  recallExam,
  checkDone,
});

describe('a pupil’s status of an assignment', () => {
  it('learning a topic’s cards: done when every card was read', () => {
    expect(assignmentStatus('cards', evidence(0, null), null)).toBe('not_started');
    expect(assignmentStatus('cards', evidence(4, 0.3), null)).toBe('busy');
    expect(assignmentStatus('cards', evidence(10, 0.3), null)).toBe('done');
  });

  it('an exam check: done once handed in', () => {
    expect(assignmentStatus('check', evidence(10, 0.9), null)).toBe('not_started');
    expect(assignmentStatus('check', evidence(0, null, true), null)).toBe('done');
  });

  it('keeping a topic ready: done above the target, reopened by itself when it falls below', () => {
    expect(assignmentStatus('keep_ready', evidence(0, null), null)).toBe('not_started');
    expect(assignmentStatus('keep_ready', evidence(6, 0.6), 'not_started')).toBe('busy');
    expect(assignmentStatus('keep_ready', evidence(10, 0.8), 'busy')).toBe('done');
    expect(assignmentStatus('keep_ready', evidence(10, 0.7), 'done')).toBe('reopened');
    expect(assignmentStatus('keep_ready', evidence(10, 0.72), 'reopened')).toBe('reopened');
    expect(assignmentStatus('keep_ready', evidence(10, 0.9), 'reopened')).toBe('done');
    expect(assignmentStatus('keep_ready', evidence(10, 0.85), 'busy', 0.9)).toBe('busy');
  });

  it('judges a chapter by its topics together', () => {
    expect(
      combineEvidence(
        [
          { cards: 4, cardsSeen: 4, recallExam: 0.9 },
          { cards: 12, cardsSeen: 6, recallExam: 0.5 },
        ],
        false,
      ),
    ).toEqual({ cards: 16, cardsSeen: 10, recallExam: 0.6, checkDone: false });
  });
});
