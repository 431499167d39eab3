import { describe, expect, it } from 'vitest';
import { daysUntilRecall, DAY_MS, recallAfter, type CardMemory } from './memory.ts';
import { MASTERY_LEVELS, masteryLevelInfo, topicMastery, type TopicMasteryInput } from './mastery.ts';

const NOW = new Date('2027-03-01T15:00:00Z');
const STABILITY = 10;

/** A card whose predicted recall at NOW is `recall` (reviewed the matching number of days ago). */
function cardAt(recall: number): { memory: CardMemory } {
  const daysAgo = daysUntilRecall(STABILITY, recall);
  return {
    memory: {
      due: new Date(NOW.getTime() + DAY_MS),
      stability: STABILITY,
      difficulty: 5,
      state: 2,
      reps: 3,
      lapses: 0,
      learningSteps: 0,
      scheduledDays: 10,
      lastReview: new Date(NOW.getTime() - daysAgo * DAY_MS),
    },
  };
}
const unseen = () => ({ memory: null });

function mastery(extra: Partial<TopicMasteryInput>) {
  return topicMastery({ cards: [], check: null, hasCheckQuestions: false, now: NOW, ...extra });
}

describe('topicMastery (issue 20, part 4)', () => {
  it('is nieuw without any evidence', () => {
    const result = mastery({ cards: [unseen(), unseen()], hasCheckQuestions: true });
    expect(result).toMatchObject({ level: 'nieuw', score: 0, recall: 0, seen: 0, total: 2, checkShare: null });
    expect(mastery({}).level).toBe('nieuw');
  });

  it('averages recall over all cards, counting unseen cards as 0', () => {
    const result = mastery({ cards: [cardAt(0.9), cardAt(0.7), unseen(), unseen()] });
    expect(result.recall).toBeCloseTo(0.4, 6);
    expect(result.seen).toBe(2);
    expect(result.total).toBe(4);
    expect(result.level).toBe('geoefend');
    expect(result.score).toBeCloseTo(0.4, 6);
  });

  it('reaches bekend from either source', () => {
    expect(mastery({ cards: [cardAt(0.6), cardAt(0.6)] }).level).toBe('bekend');
    const byCheck = mastery({
      cards: [unseen(), unseen()],
      check: { points: 6, maxPoints: 10 },
      hasCheckQuestions: true,
    });
    expect(byCheck.level).toBe('bekend');
    expect(byCheck.checkShare).toBeCloseTo(0.6);
    // Score: mean of recall (0) and check (0.6).
    expect(byCheck.score).toBeCloseTo(0.3);
  });

  it('needs vaardig recall and, when a check was made, 60 % of its points', () => {
    const cards = [cardAt(0.8), cardAt(0.8)];
    expect(mastery({ cards, hasCheckQuestions: true }).level).toBe('vaardig');
    expect(mastery({ cards, hasCheckQuestions: true, check: { points: 6, maxPoints: 10 } }).level).toBe('vaardig');
    expect(mastery({ cards, hasCheckQuestions: true, check: { points: 5, maxPoints: 10 } }).level).toBe('bekend');
  });

  it('beheerst: recall ≥ 90 % over all cards and ≥ 80 % of the check points when the topic has check questions', () => {
    const cards = [cardAt(0.95), cardAt(0.95)];
    expect(mastery({ cards }).level).toBe('beheerst');
    // The check is the proof: without it, a topic with check questions stays vaardig.
    expect(mastery({ cards, hasCheckQuestions: true }).level).toBe('vaardig');
    expect(mastery({ cards, hasCheckQuestions: true, check: { points: 8, maxPoints: 10 } }).level).toBe('beheerst');
    expect(mastery({ cards, hasCheckQuestions: true, check: { points: 7, maxPoints: 10 } }).level).toBe('vaardig');
    // One unread card among good ones keeps it below beheerst.
    expect(mastery({ cards: [...cards, unseen()] }).level).toBe('bekend');
  });

  it('decays as predicted recall drops', () => {
    const cards = [cardAt(0.95), cardAt(0.95)];
    const later = (days: number) => mastery({ cards, now: new Date(NOW.getTime() + days * DAY_MS) });
    expect(later(0).level).toBe('beheerst');
    const inAMonth = later(30);
    expect(inAMonth.level).not.toBe('beheerst');
    expect(inAMonth.recall).toBeLessThan(0.9);
    expect(later(365).score).toBeLessThan(inAMonth.score);
  });

  it('judges a topic without cards on its check alone', () => {
    const result = mastery({ hasCheckQuestions: true, check: { points: 9, maxPoints: 10 } });
    expect(result.level).toBe('beheerst');
    expect(result.score).toBeCloseTo(0.9);
    expect(mastery({ hasCheckQuestions: true, check: { points: 3, maxPoints: 10 } }).level).toBe('geoefend');
  });

  it('passes the pupil’s FSRS weights to the forgetting curve', () => {
    const weights = Array.from({ length: 21 }, (_, i) => (i === 20 ? 0.5 : 1));
    const card = cardAt(0.9);
    const days = (NOW.getTime() - card.memory.lastReview.getTime()) / DAY_MS;
    expect(mastery({ cards: [card], weights }).recall).toBeCloseTo(recallAfter(STABILITY, days, weights), 6);
  });

  it('publishes a Dutch name and one-sentence definition per level', () => {
    expect(MASTERY_LEVELS.map((l) => l.level)).toEqual(['nieuw', 'geoefend', 'bekend', 'vaardig', 'beheerst']);
    expect(masteryLevelInfo('nieuw').label).toBe('Nog niet begonnen');
    for (const info of MASTERY_LEVELS) {
      expect(info.definition).toMatch(/^[A-Z][^.]*\.$/);
    }
    expect(masteryLevelInfo('beheerst').definition).toContain('90 %');
    expect(masteryLevelInfo('beheerst').definition).toContain('80 %');
  });
});
