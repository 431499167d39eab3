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
 * at least one source that meets its thresholds.
 *
 * `score` (0–1) is the topic's current mastery as "what next" (next-step.ts) uses it: the mean of the
 * topic's sources — recall when it has cards, the check share when it has check questions (0 while the
 * check is not made: that room is won by making it).
 */
import { recallAt, TARGET_RECALL, type CardMemory } from './memory.ts';

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
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));

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

  // Each condition: true / false, or null when its source is absent (and so does not count).
  const byRecall = (threshold: number) => (total === 0 ? null : recall >= threshold);
  const byCheck = (threshold: number) => (checkShare === null ? null : checkShare >= threshold);
  const { bekend, vaardig, beheerst } = MASTERY_THRESHOLDS;

  let level: MasteryLevel;
  if (seen === 0 && checkShare === null) level = 'nieuw';
  else {
    const isBekend = byRecall(bekend.recall) === true || byCheck(bekend.check) === true;
    const vRecall = byRecall(vaardig.recall);
    const vCheck = byCheck(vaardig.check);
    const isVaardig = isBekend && vRecall !== false && vCheck !== false && (vRecall ?? vCheck) === true;
    const mRecall = byRecall(beheerst.recall);
    const mCheck = byCheck(beheerst.check);
    const isBeheerst =
      isVaardig &&
      mRecall !== false &&
      (hasCheckQuestions ? mCheck === true : mCheck !== false) &&
      (mRecall ?? mCheck) === true;
    level = isBeheerst ? 'beheerst' : isVaardig ? 'vaardig' : isBekend ? 'bekend' : 'geoefend';
  }

  const sources: number[] = [];
  if (total > 0) sources.push(recall);
  if (hasCheckQuestions || checkShare !== null) sources.push(checkShare ?? 0);
  const score = sources.length === 0 ? 0 : sources.reduce((a, b) => a + b, 0) / sources.length;

  const cardPart = total > 0 ? 1 / sources.length : 0;
  return { level, score, recall, seen, total, checkShare, cardPart };
}
