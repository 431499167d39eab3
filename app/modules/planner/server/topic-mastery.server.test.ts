import { describe, expect, it } from 'vitest';
import { DAY_MS } from '#app/platform/dates.ts';
import { daysUntilRecall, recallAfter, type CardMemory } from '#app/modules/reviews/index.ts';
import { MASTERY_LEVELS, masteryLevelInfo, topicMastery, type TopicMasteryInput } from './topic-mastery.server.ts';

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

describe('the reason of a topic’s level (issue 34, item 4)', () => {
  const cards = [cardAt(0.98), cardAt(0.98)];

  it('says a missing check holds back a topic whose recall is high enough', () => {
    const result = mastery({ cards, hasCheckQuestions: true });
    expect(result.level).toBe('vaardig');
    expect(result.holdsBack).toEqual({
      level: 'beheerst',
      missing: [{ source: 'check', threshold: 0.8, value: null }],
    });
    expect(result.reason).toBe('Nog geen examencheck op dit onderwerp (Beheerst vraagt daarin 80 %).');
    // The same recall without check questions is beheerst, and says what it rests on.
    const without = mastery({ cards });
    expect(without.level).toBe('beheerst');
    expect(without.holdsBack).toBeNull();
    expect(without.reason).toBe('Je onthoudt nu 98 % van de kaarten.');
  });

  it('names the source below the next level’s threshold', () => {
    const weak = mastery({ cards, hasCheckQuestions: true, check: { points: 7, maxPoints: 10 } });
    expect(weak.level).toBe('vaardig');
    expect(weak.reason).toBe('Je haalde 70 % van de punten in je examencheck (Beheerst vanaf 80 %).');
    const fading = mastery({ cards: [cardAt(0.6), cardAt(0.6)] });
    expect(fading.level).toBe('bekend');
    expect(fading.reason).toBe('Je onthoudt nu 60 % van de kaarten (Vaardig vanaf 75 %).');
    const started = mastery({ cards: [cardAt(0.6), unseen(), unseen()], check: { points: 2, maxPoints: 10 } });
    expect(started.level).toBe('geoefend');
    expect(started.reason).toBe(
      'Je onthoudt nu 20 % van de kaarten en je haalde 20 % van de punten in je examencheck: Bekend vanaf 50 % in een van beide.',
    );
    expect(mastery({ cards: [unseen()] }).reason).toBe('Nog geen kaart gelezen.');
  });

  it('never shows a share just below a threshold as the threshold itself', () => {
    const result = mastery({ cards: [cardAt(0.8975)] });
    expect(result.level).toBe('vaardig');
    expect(result.reason).toBe('Je onthoudt nu 89,7 % van de kaarten (Beheerst vanaf 90 %).');
  });

  it('gives every combination of sources a reason that agrees with its level', () => {
    const recalls = [null, 0.3, 0.55, 0.8, 0.95];
    const checks = [null, 0.3, 0.55, 0.7, 0.9];
    for (const r of recalls)
      for (const c of checks)
        for (const hasCheckQuestions of [false, true]) {
          const result = mastery({
            cards: r === null ? [] : [cardAt(r), cardAt(r)],
            check: c === null ? null : { points: c * 10, maxPoints: 10 },
            hasCheckQuestions: hasCheckQuestions || c !== null,
          });
          expect(result.reason).toMatch(/^[A-Z].*\.$/);
          if (result.holdsBack) {
            const order = MASTERY_LEVELS.map((l) => l.level);
            expect(order.indexOf(result.holdsBack.level)).toBe(order.indexOf(result.level) + 1);
            expect(result.reason).toContain(masteryLevelInfo(result.holdsBack.level).label);
          } else expect(['nieuw', 'beheerst']).toContain(result.level);
        }
  });
});
