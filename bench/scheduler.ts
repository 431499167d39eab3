/**
 * `npm run bench:scheduler` — the exam-aimed planner (issue 20) in a seeded simulation of pupils, against
 * plain FSRS-6, the spec's read-once-and-tick and SM-2. No server, no build: pure simulation.
 *
 * Each simulated pupil has TRUE memory parameters: FSRS-6's defaults with the initial stabilities (w0–w3)
 * and the stability-growth parameters (w8–w11) multiplied by lognormal(0, 0.25), clipped to ts-fsrs's
 * ranges. The pupil's true memory of a card is ts-fsrs run with those true parameters on the reviews the
 * policy gives; the outcome of a review is drawn from the true recall at that moment (forgot: Opnieuw;
 * remembered: Moeilijk / Goed / Makkelijk with 0.15 / 0.7 / 0.15). A first read has no recall to draw
 * from: its rating is drawn from FSRS's simulator's first-rating shares (0.24 / 0.094 / 0.495 / 0.171).
 * The policies only see the ratings and use FSRS-6's default parameters, never the true ones.
 *
 * Setting: 3 subjects × 300 cards (10 topics of 30), exam mornings 60, 105 and 150 days after the start
 * (made up: there is no CvTE timetable offline), one session a day with a 20-minute budget (20 s a review,
 * 60 s a first read), and each day skipped with probability 0.2 (the same days for every policy). A card
 * whose due after a review is the same day may get one more review that day, if the budget has room.
 *
 * Arguments: `--seed N` (default 20261127), `--pupils N` (20), `--budget MINUTES` (20). Prints a table and
 * writes bench/results/scheduler-latest.json. The bar is reported, not asserted. See bench/README.md.
 */
import process from 'node:process';
import {
  clipParameters,
  createEmptyCard,
  default_w,
  forgetting_curve,
  fsrs,
  generatorParameters,
  Rating,
  State,
  type Card,
  type FSRS,
  type Grade,
} from 'ts-fsrs';
// The bench drives the planner and the review exactly as the app does, through the module's public entries.
import { calendar, planToday, type PlanCard, type PlanSubject } from '#app/modules/reviews/index.ts';
import { reviewCard } from '#app/modules/reviews/index.ts';
import { mulberry32 } from '#app/platform/random.ts';
import { median, printTable, round, verdict, writeResults } from './harness/report.ts';

type CardMemory = ReturnType<typeof reviewCard>['memory'];
type ReviewRating = 'again' | 'hard' | 'good' | 'easy';
const DAY_MS = 86_400_000;
const GRADE: Record<ReviewRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};
/** FSRS-6's forgetting curve with the pupil's TRUE decay (w20). */
const recallAfter = (stability: number, days: number, w: readonly number[]) =>
  forgetting_curve(w[20]!, Math.max(0, days), stability);

const USAGE = 'npm run bench:scheduler [-- --seed N --pupils N --budget MINUTES]';
const DEFAULTS = { seed: 20261127, pupils: 20, budget: 20 };
const SUBJECTS = 3;
const TOPICS = 10;
const CARDS_PER_TOPIC = 30;
const EXAM_DAYS = [60, 105, 150];
const SKIP_CHANCE = 0.2;
const SECONDS_PER_REVIEW = 20;
const SECONDS_PER_NEW = 60;
const SPREAD = 0.25;
const SPREAD_PARAMETERS = [0, 1, 2, 3, 8, 9, 10, 11];
/** FSRS's simulator (fsrs-rs): shares of Opnieuw, Moeilijk, Goed, Makkelijk on a first read. */
const FIRST_RATING = [0.24, 0.094, 0.495, 0.171];
/** Remembered: Moeilijk, Goed, Makkelijk. */
const RECALLED_RATING = [0.15, 0.7, 0.15];
const RATINGS: ReviewRating[] = ['again', 'hard', 'good', 'easy'];
/** Monday 4 January 2027, 16:00 in Amsterdam: the first session. Sessions are at this time of day (UTC). */
const START = Date.UTC(2027, 0, 4, 15, 0);
/** An exam morning: 07:30 UTC (08:30 or 09:30 in Amsterdam). */
const examMorning = (day: number) => new Date(START + day * DAY_MS - 7.5 * 3_600_000);
const SCHOOL_YEAR_END = new Date(Date.UTC(2027, 6, 16));
const BAR = { marginPoints: 5, recall: 0.9 };

type PolicyName = 'ours' | 'fsrs' | 'fsrs-drop' | 'read-once' | 'sm2';
const POLICIES: { name: PolicyName; label: string }[] = [
  { name: 'ours', label: '(a) ours: planToday, exam-aimed' },
  { name: 'fsrs', label: '(b) plain FSRS-6 at 0.9' },
  { name: 'read-once', label: '(c) read once and tick' },
  { name: 'sm2', label: '(d) SM-2' },
  { name: 'fsrs-drop', label: '(b′) plain FSRS-6, stops at exam' },
];

function parseArgs(argv: string[]) {
  const options = { ...DEFAULTS };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i]!.replace(/^--/, '') as keyof typeof DEFAULTS;
    const value = Number(argv[i + 1]);
    if (!(key in options) || !Number.isFinite(value) || value <= 0)
      throw new Error(`bad argument ${argv[i]} (usage: ${USAGE})`);
    options[key] = value;
    i++;
  }
  return options;
}

/** A standard normal draw (Box–Muller). */
const normal = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

function pick(random: () => number, shares: readonly number[]): number {
  let u = random();
  for (let i = 0; i < shares.length - 1; i++) {
    if (u < shares[i]!) return i;
    u -= shares[i]!;
  }
  return shares.length - 1;
}

/** A pupil's true FSRS-6 parameters: the defaults with a lognormal spread, clipped to ts-fsrs's ranges. */
function trueWeights(random: () => number): number[] {
  const w = [...default_w];
  for (const i of SPREAD_PARAMETERS) w[i] = w[i]! * Math.exp(SPREAD * normal(random));
  return clipParameters(w, 1, true);
}

interface SimCard {
  id: number;
  subject: number;
  topic: number;
  /** What the scheduler knows: FSRS memory (null: never read) or SM-2's state. */
  memory: CardMemory | null;
  sm2: { reps: number; ef: number; interval: number; dueDay: number } | null;
  /** The pupil's true memory (ts-fsrs with the true parameters). */
  truth: Card;
  read: boolean;
  day: number;
  reviewsToday: number;
  /** SM-2: the last quality today was below 4 (one more review today). */
  repeatToday: boolean;
}

interface PolicyRun {
  examRecall: number[][]; // [exam][pupil]
  topicsOk: number;
  topics: number;
  reviews: number[]; // per pupil
  reviewsBeforeExam: number[];
  minutes: number[]; // per study day
  /** Ours: each pupil-exam's recall and whether the budget sufficed for it. */
  ours: { recall: number; sufficed: boolean }[];
}

function simulate(policy: PolicyName, pupil: number, seed: number, budgetMinutes: number, run: PolicyRun) {
  const random = mulberry32(seed * 7919 + pupil * 104_729);
  const weights = trueWeights(random);
  const skipRandom = mulberry32(seed * 31 + pupil * 613 + 1);
  const skips = Array.from({ length: EXAM_DAYS.at(-1)! }, () => skipRandom() < SKIP_CHANCE);
  const outcome = mulberry32(seed * 17 + pupil * 389 + 2);
  const truthScheduler: FSRS = fsrs(generatorParameters({ w: weights, enable_fuzz: false, request_retention: 0.9 }));

  const cards: SimCard[] = [];
  for (let s = 0; s < SUBJECTS; s++)
    for (let t = 0; t < TOPICS; t++)
      for (let c = 0; c < CARDS_PER_TOPIC; c++)
        cards.push({
          id: cards.length + 1,
          subject: s + 1,
          topic: s * TOPICS + t + 1,
          memory: null,
          sm2: null,
          truth: createEmptyCard(new Date(START)),
          read: false,
          day: -1,
          reviewsToday: 0,
          repeatToday: false,
        });
  const byId = new Map(cards.map((c) => [c.id, c]));
  const subjects: PlanSubject[] = EXAM_DAYS.map((day, i) => ({ id: i + 1, examDate: examMorning(day) }));
  const planCards: PlanCard[] = cards.map((c) => ({ id: c.id, subjectId: c.subject, topicId: c.topic, memory: null }));
  const examOf = (card: SimCard) => EXAM_DAYS[card.subject - 1]!;
  let reviews = 0;
  let reviewsBeforeExam = 0;
  /** Ours: the days the plan left reviews out, and the day each subject's last card was first read. */
  const reviewsLeftOut: number[] = [];
  const allRead = new Map<number, number>();

  /** One review (or first read) at `at`: the drawn outcome moves the true memory and the scheduler's. */
  function review(card: SimCard, at: Date, day: number) {
    let rating: ReviewRating;
    if (!card.read) rating = RATINGS[pick(outcome, FIRST_RATING)]!;
    else {
      const lastReview = card.truth.last_review!.getTime();
      const recall = recallAfter(card.truth.stability, (at.getTime() - lastReview) / DAY_MS, weights);
      rating = outcome() < recall ? RATINGS[1 + pick(outcome, RECALLED_RATING)]! : 'again';
    }
    card.truth = truthScheduler.next(card.truth, at, GRADE[rating]).card;
    if (policy === 'sm2') {
      const q = { again: 1, hard: 3, good: 4, easy: 5 }[rating];
      const state = card.sm2 ?? { reps: 0, ef: 2.5, interval: 0, dueDay: day };
      if (q < 3) {
        state.reps = 0;
        state.interval = 1;
      } else {
        state.interval = state.reps === 0 ? 1 : state.reps === 1 ? 6 : Math.round(state.interval * state.ef);
        state.reps++;
        state.ef = Math.max(1.3, state.ef + (0.1 - (5 - q) * (0.08 + (5 - q) * 0.02)));
      }
      state.dueDay = day + state.interval;
      card.sm2 = state;
      card.repeatToday = q < 4;
    } else if (policy !== 'read-once') {
      card.memory = reviewCard(card.memory, rating, at).memory;
      planCards[card.id - 1]!.memory = card.memory;
    }
    if (!card.read && cards.every((c) => c.read || c.id === card.id || c.subject !== card.subject))
      allRead.set(card.subject, day);
    card.read = true;
    if (card.day !== day) card.reviewsToday = 0;
    card.day = day;
    card.reviewsToday++;
    reviews++;
    if (day < examOf(card)) reviewsBeforeExam++;
  }

  function examResults(examIndex: number) {
    const exam = examMorning(EXAM_DAYS[examIndex]!).getTime();
    const topicSums = new Map<number, number>();
    let sum = 0;
    for (const card of cards) {
      if (card.subject !== examIndex + 1) continue;
      const recall =
        card.truth.state === State.New
          ? 0
          : recallAfter(card.truth.stability, (exam - card.truth.last_review!.getTime()) / DAY_MS, weights);
      sum += recall;
      topicSums.set(card.topic, (topicSums.get(card.topic) ?? 0) + recall);
    }
    const mean = sum / (TOPICS * CARDS_PER_TOPIC);
    run.examRecall[examIndex]![pupil] = mean;
    for (const total of topicSums.values()) if (total / CARDS_PER_TOPIC >= BAR.recall) run.topicsOk++;
    run.topics += TOPICS;
    if (policy === 'ours') {
      // The budget sufficed for this exam when the plan read every card of the subject a week before it
      // and left no review out in that last week.
      const examDay = EXAM_DAYS[examIndex]!;
      const readInTime = (allRead.get(examIndex + 1) ?? Infinity) < examDay - 7;
      const reviewedAll = !reviewsLeftOut.some((d) => d >= examDay - 7 && d < examDay);
      run.ours.push({ recall: mean, sufficed: readInTime && reviewedAll });
    }
  }

  const lastDay = EXAM_DAYS.at(-1)!;
  for (let day = 0; day <= lastDay; day++) {
    EXAM_DAYS.forEach((examDay, i) => {
      if (examDay === day) examResults(i);
    });
    if (day === lastDay) break;
    if (skips[day]) continue;
    const sessionStart = new Date(START + day * DAY_MS);
    const { endOfToday } = calendar(sessionStart);
    let spent = 0;
    const budget = budgetMinutes * 60;
    const clock = () => new Date(sessionStart.getTime() + spent * 1000);
    const examPassed = (card: SimCard) => day >= examOf(card);

    if (policy === 'ours') {
      const plan = planToday({
        now: sessionStart,
        cards: planCards,
        subjects,
        schoolYearEnd: SCHOOL_YEAR_END,
        budgetMinutes,
        secondsPerReview: SECONDS_PER_REVIEW,
        secondsPerNew: SECONDS_PER_NEW,
      });
      if (plan.leftOut.reviews > 0) reviewsLeftOut.push(day);
      for (const id of plan.reviews) {
        review(byId.get(id)!, clock(), day);
        spent += SECONDS_PER_REVIEW;
      }
      for (const id of plan.newCards) {
        review(byId.get(id)!, clock(), day);
        spent += SECONDS_PER_NEW;
      }
      // The same day's second look (FSRS's learning steps), as the planner asks for it now.
      const again = planToday({
        now: clock(),
        cards: planCards,
        subjects,
        schoolYearEnd: SCHOOL_YEAR_END,
        budgetMinutes: (budget - spent) / 60,
        secondsPerReview: SECONDS_PER_REVIEW,
        secondsPerNew: SECONDS_PER_NEW,
      });
      for (const id of again.reviews) {
        const card = byId.get(id)!;
        if (card.day !== day || card.reviewsToday !== 1) continue;
        const at = Math.max(clock().getTime(), card.memory!.due.getTime());
        review(card, new Date(at), day);
        spent += SECONDS_PER_REVIEW;
      }
    } else {
      const dropPassed = policy === 'fsrs-drop';
      const isDue = (card: SimCard) =>
        policy === 'sm2'
          ? card.sm2 !== null && card.sm2.dueDay <= day
          : card.memory !== null && card.memory.due.getTime() < endOfToday.getTime();
      const dueTime = (card: SimCard) => (policy === 'sm2' ? card.sm2!.dueDay : card.memory!.due.getTime());
      const due =
        policy === 'read-once'
          ? []
          : cards.filter((c) => isDue(c) && !(dropPassed && examPassed(c))).sort((a, b) => dueTime(a) - dueTime(b));
      for (const card of due) {
        if (spent + SECONDS_PER_REVIEW > budget) break;
        review(card, clock(), day);
        spent += SECONDS_PER_REVIEW;
      }
      for (const card of cards) {
        if (spent + SECONDS_PER_NEW > budget) break;
        if (card.read || (dropPassed && examPassed(card))) continue;
        review(card, clock(), day);
        spent += SECONDS_PER_NEW;
      }
      if (policy !== 'read-once') {
        const second = cards
          .filter(
            (c) =>
              c.day === day &&
              c.reviewsToday === 1 &&
              (policy === 'sm2' ? c.repeatToday : c.memory!.due.getTime() < endOfToday.getTime()),
          )
          .sort((a, b) => (policy === 'sm2' ? 0 : a.memory!.due.getTime() - b.memory!.due.getTime()));
        for (const card of second) {
          if (spent + SECONDS_PER_REVIEW > budget) break;
          const at = policy === 'sm2' ? clock().getTime() : Math.max(clock().getTime(), card.memory!.due.getTime());
          review(card, new Date(at), day);
          spent += SECONDS_PER_REVIEW;
        }
      }
    }
    run.minutes.push(spent / 60);
  }
  run.reviews.push(reviews);
  run.reviewsBeforeExam.push(reviewsBeforeExam);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
};
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const pct = (value: number) => `${round(value * 100, 1)} %`;

function main() {
  const started = performance.now();
  const { seed, pupils, budget } = parseArgs(process.argv.slice(2));
  console.log(
    `Scheduler simulation (issue 20): seed ${seed}, ${pupils} pupils, ${SUBJECTS} subjects × ${TOPICS * CARDS_PER_TOPIC} cards, ` +
      `exam mornings on days ${EXAM_DAYS.join(', ')} (made up: no CvTE timetable offline), ${budget} min a day ` +
      `(${SECONDS_PER_REVIEW} s a review, ${SECONDS_PER_NEW} s a first read), ${SKIP_CHANCE * 100} % of days skipped.\n`,
  );
  const runs = new Map<PolicyName, PolicyRun>();
  for (const { name } of POLICIES) {
    const run: PolicyRun = {
      examRecall: EXAM_DAYS.map(() => []),
      topicsOk: 0,
      topics: 0,
      reviews: [],
      reviewsBeforeExam: [],
      minutes: [],
      ours: [],
    };
    for (let pupil = 0; pupil < pupils; pupil++) simulate(name, pupil, seed, budget, run);
    runs.set(name, run);
  }

  const summary = POLICIES.map(({ name, label }) => {
    const run = runs.get(name)!;
    const perExam = run.examRecall.map(mean);
    return {
      policy: name,
      label,
      examRecall: perExam,
      meanRecall: mean(perExam),
      topicsAtTarget: run.topicsOk / run.topics,
      reviewsPerPupil: mean(run.reviews),
      reviewsBeforeExamPerPupil: mean(run.reviewsBeforeExam),
      minutesP50: median(run.minutes),
      minutesP95: percentile(run.minutes, 0.95),
    };
  });
  printTable(
    [
      'policy',
      ...EXAM_DAYS.map((d) => `exam day ${d}`),
      'mean',
      'topics ≥ 90 %',
      'reviews',
      'before exam',
      'min p50',
      'p95',
    ],
    summary.map((s) => [
      s.label,
      ...s.examRecall.map(pct),
      pct(s.meanRecall),
      pct(s.topicsAtTarget),
      String(round(s.reviewsPerPupil, 0)),
      String(round(s.reviewsBeforeExamPerPupil, 0)),
      String(round(s.minutesP50, 1)),
      String(round(s.minutesP95, 1)),
    ]),
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
  );
  console.log(
    '\nRecall: mean TRUE recall on the exam morning over all 300 cards of the subject (never read: 0). Reviews: per pupil, ' +
      'first reads included; "before exam": those of subjects whose exam was still ahead. Minutes: per study day.',
  );

  const ours = summary.find((s) => s.policy === 'ours')!;
  const plain = summary.find((s) => s.policy === 'fsrs')!;
  const oursExams = runs.get('ours')!.ours;
  const sufficed = oursExams.filter((e) => e.sufficed);
  const marginPoints = (ours.meanRecall - plain.meanRecall) * 100;
  const marginMet = marginPoints >= BAR.marginPoints && ours.reviewsPerPupil <= plain.reviewsPerPupil;
  const sufficedRecall = sufficed.length > 0 ? mean(sufficed.map((s) => s.recall)) : null;
  const recallMet = sufficedRecall !== null && sufficedRecall >= BAR.recall;
  const below = oursExams.filter((e) => e.recall < BAR.recall).length;
  console.log(
    `\nThe issue's bar:\n` +
      `- ours ≥ plain FSRS-6 + ${BAR.marginPoints} points at equal or fewer reviews: ${round(marginPoints, 1)} points, ` +
      `${round(ours.reviewsPerPupil, 0)} against ${round(plain.reviewsPerPupil, 0)} reviews: ${verdict(marginMet)}\n` +
      `- ours ≥ ${BAR.recall * 100} % where the budget suffices (every card read a week before the exam, no review left ` +
      `out in that week: ${sufficed.length} of ${oursExams.length} pupil-exams): ` +
      (sufficedRecall === null ? 'no such exam: MISS' : `${pct(sufficedRecall)}: ${verdict(recallMet)}`) +
      `\n  (over all ${oursExams.length} pupil-exams: ${pct(mean(oursExams.map((e) => e.recall)))}, ${below} below ${BAR.recall * 100} %)`,
  );
  const outFile = writeResults('scheduler-latest.json', {
    seed,
    pupils,
    budgetMinutes: budget,
    setting: {
      subjects: SUBJECTS,
      topics: TOPICS,
      cardsPerTopic: CARDS_PER_TOPIC,
      examDays: EXAM_DAYS,
      skipChance: SKIP_CHANCE,
      secondsPerReview: SECONDS_PER_REVIEW,
      secondsPerNew: SECONDS_PER_NEW,
      parameterSpread: `w[${SPREAD_PARAMETERS.join(',')}] × lognormal(0, ${SPREAD})`,
      examDatesNote: 'made up: no CvTE timetable offline',
    },
    policies: summary,
    bar: {
      marginPoints: round(marginPoints, 2),
      marginMet,
      budgetSufficedExams: sufficed.length,
      pupilExams: oursExams.length,
      pupilExamsBelowTarget: below,
      budgetSufficedRecall: sufficedRecall,
      recallMet,
    },
  });
  console.log(`\nWritten ${outFile} in ${round((performance.now() - started) / 1000, 0)} s.`);
}

main();
