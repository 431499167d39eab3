/**
 * One pupil, one cell, one policy: the days from the first session to the last exam, and what the pupil
 * recalls on each exam morning.
 *
 * The pupil studies once a day at 16:00 unless the day is skipped (the same days for every policy), for at
 * most the cell's minutes, counted in the time the pupil really spends (SECONDS_PER_REVIEW a review,
 * SECONDS_PER_NEW a first read): an item that no longer fits is left. Each answer is drawn from the TRUE
 * memory (memory-models.ts); the policies see only the ratings.
 *
 * The policies:
 * - `planner` (ours, and the oracle with the true parameters): the app's `planToday` and `reviewCard`, run
 *   as the app runs them. The pupil opens today's plan with what is left of the day's minutes and does its
 *   reviews, then its new cards; then opens it again (the same day's learning steps, and what more fits),
 *   until a plan brings nothing that fits (at most four times a day). The plan's estimates of the seconds are
 *   the app's (plan-context.server.ts): a review the mean of the pupil's latest 100 timed reviews (30 s before
 *   the first), a first read the mean of their latest 100 timed first reads (twice a review before the
 *   first). No fitted parameters: the app fits a pupil's own after 400 reviews, which the bench does not
 *   simulate (see bench/README.md); the oracle bounds what a fit can give.
 * - `fsrs` ((b′) at 0.9, and the retentions of (b″) and of the equal-minutes frontier): FSRS-6 with its
 *   defaults (ts-fsrs, no fuzz) at the given desired retention. Each day: the cards due before the end of
 *   the day, earliest due first; then each subject's new cards at the pace that reads it all by its exam
 *   (⌈unseen / days left⌉, nearest exam first); then the same day's learning steps. A subject gets nothing
 *   once its exam morning has passed.
 * - `sm2` ((d)): SM-2 (EF from 2.5; intervals 1, 6, then I·EF; quality Opnieuw 1, Moeilijk 3, Goed 4,
 *   Makkelijk 5; a quality below 4 is asked again the same day), with (b′)'s pace and stop at the exam.
 * - `read-once` ((c)): (b′)'s pace of first reads, never a review.
 */
import { createEmptyCard, fsrs, generatorParameters, type Card, type FSRS, type Grade } from 'ts-fsrs';
import { planToday, type PlanCard, type PlanSubject } from '#app/modules/planner/index.server.ts';
import { reviewCard } from '#app/modules/reviews/index.ts';
import { answer, trueMemory, type Pupil } from './memory-models.ts';
import { CardStreams, hash, mulberry32 } from './random.ts';
import {
  deckOf,
  examShare,
  SECONDS_PER_NEW,
  SECONDS_PER_REVIEW,
  SUBJECTS,
  TIME_ZONE,
  timelineOf,
  TOPICS,
  type Cell,
} from './setting.ts';

export type Policy =
  | { kind: 'planner'; weights?: readonly number[]; minReviewGain?: number; interimRecall?: number }
  | { kind: 'fsrs'; retention: number }
  | { kind: 'sm2' }
  | { kind: 'read-once' };

/** What one run gives, per pupil. Recall and points are shares (0–1). */
export interface RunResult {
  /** Exam-morning recall over all cards of all seven subjects (a card never read: 0). */
  recallAll: number;
  /** Over the cards read before their exam morning. */
  recallRead: number;
  /** Expected exam points: per subject Σ topic's exam share × its cards' mean recall; mean of the subjects. */
  points: number;
  /** Minutes studied in all, and the days studied (not skipped, before the last exam). */
  minutes: number;
  studyDays: number;
  /** Study days on which the budget stopped something the policy wanted that day. */
  capDays: number;
  /** Reviews (first reads not counted) of each subject's cards before its exam morning. */
  reviewsBeforeExam: number[];
  firstReads: number;
  /** Cards never read by their exam morning. */
  unread: number;
}

export interface LoggedReview {
  card: number;
  grade: Grade;
  at: number;
}

const RATING_OF = ['again', 'again', 'hard', 'good', 'easy'] as const;
const SM2_QUALITY = [0, 1, 3, 4, 5];
const MAX_ROUNDS = 4;
/** The app's estimate before a pupil has a timed review (reviews.server.ts DEFAULT_REVIEW_SECONDS). */
const APP_DEFAULT_REVIEW_SECONDS = 30;
/** The app's timed items of each kind in its means (review-facts.server.ts: the latest 100). */
const APP_MEAN_OF = 100;

const schedulers = new Map<number, FSRS>();
function scheduler(retention: number): FSRS {
  let found = schedulers.get(retention);
  if (!found) {
    found = fsrs(generatorParameters({ request_retention: retention, enable_fuzz: false }));
    schedulers.set(retention, found);
  }
  return found;
}

/** The pupil's skipped days: the same uniform per day in every cell, so 20 % of days ⊂ 40 %. */
export function skippedDays(pupil: Pupil, days: number, skip: number): Uint8Array {
  const random = mulberry32(hash(pupil.seed, 0xda75));
  const skipped = new Uint8Array(days + 1);
  for (let d = 0; d <= days; d++) skipped[d] = random() < skip ? 1 : 0;
  return skipped;
}

export function simulate(
  pupil: Pupil,
  cell: Cell,
  policy: Policy,
  options: { log?: LoggedReview[]; streamSalt?: number } = {},
): RunResult {
  const time = timelineOf(cell.firstExam);
  const deck = deckOf(cell.cards);
  const n = deck.keys.length;
  const memory = trueMemory(pupil, deck.keys);
  const streams = new CardStreams(deck.keys.map((key) => hash(pupil.seed, key, options.streamSalt ?? 0)));
  const skipped = skippedDays(pupil, time.days, cell.skip);
  const budgetSeconds = cell.budget * 60;
  const subjectCount = SUBJECTS.length;
  const firstCard = (s: number) => s * deck.perSubject;

  const result: RunResult = {
    recallAll: 0,
    recallRead: 0,
    points: 0,
    minutes: 0,
    studyDays: 0,
    capDays: 0,
    reviewsBeforeExam: SUBJECTS.map(() => 0),
    firstReads: 0,
    unread: 0,
  };
  let readSum = 0;
  let readCount = 0;
  /** The day each card was last reviewed (-1: never). */
  const lastDay = new Int32Array(n).fill(-1);
  /** The next card to read of each subject (cards are read in order). */
  const nextUnseen = SUBJECTS.map((_, s) => firstCard(s));

  // The day's clock and budget.
  const today = { spent: 0, clock: 0, capped: false };
  const fits = (seconds: number) => {
    if (today.spent + seconds <= budgetSeconds) return true;
    today.capped = true;
    return false;
  };

  /** A review or first read of card i at `at`: the answer, the true memory, the counts. Answers the grade. */
  function study(i: number, at: number, day: number): Grade {
    const isNew = !memory.read(i);
    const grade = answer(memory, streams, i, at);
    memory.review(i, at, grade);
    options.log?.push({ card: i, grade, at });
    const seconds = isNew ? SECONDS_PER_NEW : SECONDS_PER_REVIEW;
    today.spent += seconds;
    today.clock = at + seconds * 1000;
    lastDay[i] = day;
    if (isNew) {
      result.firstReads++;
      const s = deck.subject[i]!;
      if (i === nextUnseen[s]) nextUnseen[s]++;
    } else result.reviewsBeforeExam[deck.subject[i]!]!++;
    onStudied(i, at, grade, isNew, seconds, day);
    return grade;
  }

  function measure(s: number) {
    const morning = time.examMorning[s]!;
    const topicSum = new Float64Array(TOPICS);
    let sum = 0;
    for (let i = firstCard(s); i < firstCard(s + 1); i++) {
      const recall = memory.recall(i, morning);
      sum += recall;
      topicSum[deck.topic[i]!]! += recall;
      if (memory.read(i)) {
        readSum += recall;
        readCount++;
      } else result.unread++;
    }
    result.recallAll += sum / deck.perSubject / subjectCount;
    let points = 0;
    for (let t = 0; t < TOPICS; t++) points += (examShare(s, t) * topicSum[t]!) / deck.topicSizes[t]!;
    result.points += points / subjectCount;
  }

  // Policy state.
  let onStudied: (i: number, at: number, grade: Grade, isNew: boolean, seconds: number, day: number) => void = () => {};
  let studyDay: (day: number) => void;

  if (policy.kind === 'planner') {
    const weights = policy.weights;
    const reviewOptions = weights ? { weights } : {};
    const planCards: PlanCard[] = Array.from({ length: n }, (_, i) => ({
      id: i + 1,
      subjectId: SUBJECTS[deck.subject[i]!]!.id,
      topicId: SUBJECTS[deck.subject[i]!]!.id * 100 + deck.topic[i]!,
      memory: null,
    }));
    const subjects: PlanSubject[] = SUBJECTS.map((subject, s) => ({
      id: subject.id,
      examDate: new Date(time.examMorning[s]!),
    }));
    const schoolYearEnd = new Date(time.schoolYearEnd);
    /** The app's two means (the latest APP_MEAN_OF timed reviews, and first reads, each of its own kind). */
    const means = [new TimedMean(), new TimedMean()];
    onStudied = (i, at, grade, isNew, seconds) => {
      const card = planCards[i]!;
      card.memory = reviewCard(card.memory, RATING_OF[grade], new Date(at), reviewOptions).memory;
      means[isNew ? 1 : 0]!.add(seconds);
    };
    studyDay = (day) => {
      for (let round = 0; round < MAX_ROUNDS; round++) {
        if (budgetSeconds - today.spent < SECONDS_PER_REVIEW) break;
        const secondsPerReview = Math.round(means[0]!.mean() ?? APP_DEFAULT_REVIEW_SECONDS);
        const secondsPerNew = Math.round(means[1]!.mean() ?? secondsPerReview * 2);
        const plan = planToday({
          now: new Date(today.clock),
          cards: planCards,
          subjects,
          schoolYearEnd,
          budgetMinutes: (budgetSeconds - today.spent) / 60,
          secondsPerReview,
          secondsPerNew,
          timeZone: TIME_ZONE,
          ...(weights ? { weights } : {}),
          ...(policy.interimRecall === undefined ? {} : { interimRecall: policy.interimRecall }),
          ...(policy.minReviewGain === undefined ? {} : { minReviewGain: policy.minReviewGain }),
        });
        if (plan.leftOut.reviews + plan.leftOut.newCards > 0) today.capped = true;
        let done = 0;
        for (const id of [...plan.reviews, ...plan.newCards]) {
          const i = id - 1;
          const card = planCards[i]!;
          if (!fits(card.memory ? SECONDS_PER_REVIEW : SECONDS_PER_NEW)) continue;
          // A same-day learning step is taken when it is due (the pupil comes back to it).
          const due = card.memory?.due.getTime() ?? 0;
          study(i, lastDay[i] === day && due > today.clock ? due : today.clock, day);
          done++;
        }
        if (done === 0) break;
      }
    };
  } else {
    // The baselines: reviews due today, paced new cards, the same day's steps; each subject stops at its exam.
    const due = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
    let againToday: (i: number, day: number) => boolean;
    /** When a same-day repeat is taken: FSRS's learning step when it is due, SM-2's at once. */
    let againAt = (i: number) => Math.max(today.clock, due[i]!);
    if (policy.kind === 'fsrs') {
      const f = scheduler(policy.retention);
      const cards: (Card | null)[] = Array.from({ length: n }, () => null);
      onStudied = (i, at, grade) => {
        const card = f.next(cards[i] ?? createEmptyCard(new Date(at)), new Date(at), grade).card;
        cards[i] = card;
        due[i] = card.due.getTime();
      };
      againToday = (i, day) => lastDay[i] === day && due[i]! < time.endOfDay[day]!;
    } else if (policy.kind === 'sm2') {
      const reps = new Int32Array(n);
      const ef = new Float64Array(n).fill(2.5);
      const interval = new Int32Array(n);
      const repeat = new Uint8Array(n);
      onStudied = (i, _at, grade, _isNew, _seconds, day) => {
        const q = SM2_QUALITY[grade]!;
        if (q < 3) {
          reps[i] = 0;
          interval[i] = 1;
        } else {
          interval[i] = reps[i] === 0 ? 1 : reps[i] === 1 ? 6 : Math.round(interval[i]! * ef[i]!);
          reps[i]!++;
          ef[i] = Math.max(1.3, ef[i]! + (0.1 - (5 - q) * (0.08 + (5 - q) * 0.02)));
        }
        // Due on a later day (by day number, as SM-2 counts); below 4 once more today.
        due[i] = time.session[Math.min(time.days, day + interval[i]!)]! - 1;
        repeat[i] = q < 4 ? 1 : 0;
      };
      againToday = (i, day) => lastDay[i] === day && repeat[i] === 1;
      againAt = () => today.clock;
    } else {
      againToday = () => false;
    }
    const reviews = policy.kind !== 'read-once';
    studyDay = (day) => {
      const now = time.session[day]!;
      const endOfDay = time.endOfDay[day]!;
      const active = (s: number) => time.examMorning[s]! > now;
      if (reviews) {
        const list: number[] = [];
        for (let s = 0; s < subjectCount; s++) {
          if (!active(s)) continue;
          for (let i = firstCard(s); i < nextUnseen[s]!; i++) if (due[i]! < endOfDay) list.push(i);
        }
        list.sort((a, b) => due[a]! - due[b]! || a - b);
        for (const i of list) if (fits(SECONDS_PER_REVIEW)) study(i, today.clock, day);
      }
      for (let s = 0; s < subjectCount; s++) {
        if (!active(s)) continue;
        const unseen = firstCard(s + 1) - nextUnseen[s]!;
        const pace = Math.ceil(unseen / Math.max(1, time.examDay[s]! - day));
        for (let k = 0; k < pace; k++) if (fits(SECONDS_PER_NEW)) study(nextUnseen[s]!, today.clock, day);
      }
      if (!reviews) return;
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const list: number[] = [];
        for (let s = 0; s < subjectCount; s++) {
          if (!active(s)) continue;
          for (let i = firstCard(s); i < nextUnseen[s]!; i++) if (againToday(i, day)) list.push(i);
        }
        if (list.length === 0) break;
        list.sort((a, b) => due[a]! - due[b]! || a - b);
        for (const i of list) if (fits(SECONDS_PER_REVIEW)) study(i, againAt(i), day);
      }
    };
  }

  for (let day = 0; day <= time.days; day++) {
    for (let s = 0; s < subjectCount; s++) if (time.examDay[s] === day) measure(s);
    if (day === time.days) break;
    if (skipped[day]) continue;
    today.spent = 0;
    today.clock = time.session[day]!;
    today.capped = false;
    studyDay(day);
    result.minutes += today.spent / 60;
    result.studyDays++;
    if (today.capped) result.capDays++;
  }
  result.recallRead = readCount === 0 ? 0 : readSum / readCount;
  return result;
}

/** The mean of the latest APP_MEAN_OF timed items (undefined before the first). */
class TimedMean {
  private readonly ring = new Float64Array(APP_MEAN_OF);
  private count = 0;
  private sum = 0;
  add(seconds: number) {
    const slot = this.count % APP_MEAN_OF;
    this.sum += seconds - (this.count >= APP_MEAN_OF ? this.ring[slot]! : 0);
    this.ring[slot] = seconds;
    this.count++;
  }
  mean(): number | undefined {
    return this.count === 0 ? undefined : this.sum / Math.min(this.count, APP_MEAN_OF);
  }
}
