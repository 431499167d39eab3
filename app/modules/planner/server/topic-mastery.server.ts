/**
 * Mastery per topic (issue 20, part 4): one level per topic, from two sources, in the manner of Khan
 * Academy's mastery levels (attempted / familiar / proficient / mastered). It appears beside the spec's
 * per-topic percentages and replaces none of them. Pure: the time is passed in.
 *
 * The sources:
 * - cards: `recall`, the mean predicted recall NOW over ALL the topic's cards (a card never read counts 0).
 *   Because it is computed at `now`, mastery decays by itself as the forgetting curve drops.
 * - the exam check: `checkShare`, the share of the points the pupil scored on this topic's questions in
 *   their latest exam-check attempt (null when they have not answered any).
 *
 * The levels (thresholds below; the Dutch definitions in MASTERY_LEVELS say the same):
 * - nieuw: no evidence yet (no card read, no check question answered).
 * - geoefend: some evidence, but below bekend.
 * - bekend: recall ≥ 50 % OR a check share ≥ 50 % (either source suffices).
 * - vaardig: recall ≥ 75 % AND, when the pupil made a check on the topic, a check share ≥ 60 %.
 * - beheerst: recall ≥ 90 % (TARGET_RECALL) AND, when the topic has check questions, a check share ≥ 80 %
 *   (so a topic with check questions needs the check made: the check is the proof, as Khan's unit test).
 * A topic without cards is judged on its check alone (the card conditions fall away); a level always needs
 * at least one source that meets its thresholds. The walk up the levels that decides the level also says
 * why (`holdsBack`, `reason`): the conditions of the next level the topic misses, so the row's reason and
 * the level can never disagree.
 *
 * `score` (0–1) is the topic's current mastery as "what next" (next-step.server.ts) uses it: the mean of the
 * topic's sources — recall when it has cards, the check share when it has check questions (0 while the
 * check is not made: that room is won by making it).
 */
import { recallAt, TARGET_RECALL, type CardMemory } from '#app/modules/reviews/index.ts';

export type MasteryLevel = 'nieuw' | 'geoefend' | 'bekend' | 'vaardig' | 'beheerst';

/** Thresholds of the levels: recall over all the topic's cards, and the share of the check points. */
export const MASTERY_THRESHOLDS = {
  bekend: { recall: 0.5, check: 0.5 },
  vaardig: { recall: 0.75, check: 0.6 },
  beheerst: { recall: TARGET_RECALL, check: 0.8 },
} as const;

export interface MasteryLevelInfo {
  level: MasteryLevel;
  /** Dutch name, shown beside the topic. */
  label: string;
  /** One Dutch sentence: the published definition of the level. */
  definition: string;
}

/** The levels from lowest to highest, with their Dutch names and published definitions. */
export const MASTERY_LEVELS: readonly MasteryLevelInfo[] = [
  {
    level: 'nieuw',
    label: 'Nog niet begonnen',
    definition: 'Je hebt nog geen kaarten over dit onderwerp gelezen en nog geen examenvragen erover gemaakt.',
  },
  {
    level: 'geoefend',
    label: 'Geoefend',
    definition: 'Je bent begonnen: je hebt kaarten gelezen of examenvragen over dit onderwerp gemaakt.',
  },
  {
    level: 'bekend',
    label: 'Bekend',
    definition:
      'Je onthoudt nu minstens de helft van alle kaarten, of je haalde minstens de helft van de punten op dit onderwerp in je laatste examencheck.',
  },
  {
    level: 'vaardig',
    label: 'Vaardig',
    definition:
      'Je onthoudt nu minstens 75 % van alle kaarten en, als je de examencheck hebt gemaakt, haalde je daarin minstens 60 % van de punten op dit onderwerp.',
  },
  {
    level: 'beheerst',
    label: 'Beheerst',
    definition:
      'Je onthoudt nu minstens 90 % van alle kaarten en, als de examencheck vragen over dit onderwerp heeft, haalde je daarin minstens 80 % van de punten.',
  },
];

/** The Dutch name and definition of a level. */
export const masteryLevelInfo = (level: MasteryLevel): MasteryLevelInfo =>
  MASTERY_LEVELS.find((l) => l.level === level)!;

export interface TopicMasteryInput {
  /** All the topic's cards; memory null = never read. */
  cards: readonly { memory: CardMemory | null }[];
  /** Points on this topic's questions in the pupil's latest exam-check attempt; null = not answered. */
  check: { points: number; maxPoints: number } | null;
  /** Whether the subject's exam checks have questions on this topic. */
  hasCheckQuestions: boolean;
  now: Date;
  /** The pupil's FSRS-6 parameters (the defaults when absent). */
  weights?: readonly number[];
}

/** A condition of a level the topic does not meet: a source below its threshold (value null: the check not made). */
export interface MasteryShortfall {
  source: 'recall' | 'check';
  threshold: number;
  value: number | null;
}

export interface TopicMastery {
  level: MasteryLevel;
  /** 0–1: current mastery, the number "what next" uses. */
  score: number;
  /** Mean predicted recall now over ALL the topic's cards (unseen = 0); 0 for a topic without cards. */
  recall: number;
  seen: number;
  total: number;
  /** Share of the check points scored on the topic (0–1), or null without an answered check. */
  checkShare: number | null;
  /** The part of `score` the cards make (1, ½ with a check source, 0 without cards): NextStepTopic.cardPart. */
  cardPart: number;
  /**
   * Why the topic is at its level, from the same walk up the levels that decides it: the level it does not
   * reach and what it misses for it (bekend: one of the sources suffices; vaardig and beheerst: each one).
   * Null at beheerst and at nieuw.
   */
  holdsBack: { level: Exclude<MasteryLevel, 'nieuw' | 'geoefend'>; missing: MasteryShortfall[] } | null;
  /** The reason in one Dutch sentence, for the topic's row (masteryReason). */
  reason: string;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));

/** The levels above geoefend, lowest first: each needs the one below it and its own conditions. */
const LADDER = ['bekend', 'vaardig', 'beheerst'] as const;

/** The topic's mastery level and score at `now` (see the module's comment for the thresholds). */
export function topicMastery(input: TopicMasteryInput): TopicMastery {
  const { cards, check, hasCheckQuestions, now, weights } = input;
  const total = cards.length;
  let seen = 0;
  let recallSum = 0;
  for (const { memory } of cards) {
    if (!memory) continue;
    seen++;
    recallSum += clamp01(recallAt(memory, now, weights));
  }
  const recall = total === 0 ? 0 : recallSum / total;
  const checkShare = check && check.maxPoints > 0 ? clamp01(check.points / check.maxPoints) : null;

  // The sources present (a topic without cards has no recall, one without an answered check no share).
  const sources: MasteryShortfall[] = [];
  if (total > 0) sources.push({ source: 'recall', threshold: 0, value: recall });
  if (checkShare !== null) sources.push({ source: 'check', threshold: 0, value: checkShare });
  /** What a level misses: empty when the topic meets it. */
  const missing = (level: (typeof LADDER)[number]): MasteryShortfall[] => {
    const need = MASTERY_THRESHOLDS[level];
    const below = sources.map((s) => ({ ...s, threshold: need[s.source] })).filter((s) => (s.value ?? 0) < s.threshold);
    // Bekend: either source suffices. Above it each source present must meet its threshold.
    if (level === 'bekend') return below.length === sources.length ? below : [];
    // Beheerst: a topic with check questions needs the check made (the check is the proof).
    if (level === 'beheerst' && hasCheckQuestions && checkShare === null)
      below.push({ source: 'check', threshold: need.check, value: null });
    return below;
  };

  let level: MasteryLevel = 'nieuw';
  let holdsBack: TopicMastery['holdsBack'] = null;
  if (seen > 0 || checkShare !== null) {
    level = 'geoefend';
    for (const step of LADDER) {
      const short = missing(step);
      if (short.length > 0) {
        holdsBack = { level: step, missing: short };
        break;
      }
      level = step;
    }
  }

  const parts: number[] = [];
  if (total > 0) parts.push(recall);
  if (hasCheckQuestions || checkShare !== null) parts.push(checkShare ?? 0);
  const score = parts.length === 0 ? 0 : parts.reduce((a, b) => a + b, 0) / parts.length;

  const cardPart = total > 0 ? 1 / parts.length : 0;
  const mastery = { level, score, recall, seen, total, checkShare, cardPart, holdsBack };
  return { ...mastery, reason: masteryReason(mastery) };
}

/** A share as a Dutch percentage; one just below a threshold never reads as the threshold itself (89,7 %, not 90 %). */
function share(value: number, threshold?: number): string {
  const whole = Math.round(value * 100);
  if (threshold === undefined || value >= threshold || whole < Math.round(threshold * 100)) return `${whole} %`;
  return `${(Math.floor(value * 1000) / 10).toFixed(1).replace('.', ',')} %`;
}

const SOURCE_TEXT = {
  recall: (value: number, threshold: number) => `je onthoudt nu ${share(value, threshold)} van de kaarten`,
  check: (value: number, threshold: number) => `je haalde ${share(value, threshold)} van de punten in je examencheck`,
} as const;

/**
 * The topic's reason in one Dutch sentence, from what `topicMastery` found: what holds it below the next
 * level ("nog geen examencheck op dit onderwerp"), or what it rests on at beheerst.
 */
export function masteryReason(
  m: Pick<TopicMastery, 'level' | 'recall' | 'total' | 'checkShare' | 'holdsBack'>,
): string {
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  if (m.level === 'nieuw')
    return m.total > 0 ? 'Nog geen kaart gelezen.' : 'Nog geen examenvragen over dit onderwerp gemaakt.';
  if (!m.holdsBack) {
    const done = [
      m.total > 0 ? SOURCE_TEXT.recall(m.recall, 0) : null,
      m.checkShare !== null ? SOURCE_TEXT.check(m.checkShare, 0) : null,
    ].filter(Boolean);
    return `${capital(done.join(' en '))}.`;
  }
  const { level, missing } = m.holdsBack;
  const next = masteryLevelInfo(level).label;
  // Bekend: either source suffices, so both values and one threshold (the same for both).
  if (level === 'bekend') {
    const values = missing.map((s) => SOURCE_TEXT[s.source](s.value ?? 0, s.threshold));
    const either = missing.length > 1 ? ' in een van beide' : '';
    return `${capital(values.join(' en '))}: ${next} vanaf ${share(missing[0]!.threshold)}${either}.`;
  }
  const said = missing.map((s) =>
    s.value === null
      ? `nog geen examencheck op dit onderwerp (${next} vraagt daarin ${share(s.threshold)})`
      : `${SOURCE_TEXT[s.source](s.value, s.threshold)} (${next} vanaf ${share(s.threshold)})`,
  );
  return `${capital(said.join(' en '))}.`;
}
