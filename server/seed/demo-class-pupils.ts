/**
 * The pupils of the demo class (issue 31 §9, README): 28 synthetic havo 5 pupils of "H5 Wiskunde B", each
 * with a way of studying of their own, and the review history it makes over sixteen weeks. Pure: the
 * histories follow from the profile, its seed, the cards and `now`, and are written by demo-class.ts the
 * way the product writes a review (reviews' `reviewCardForUser`).
 *
 * A profile says how a pupil studies: how many days they open the app while they study at all
 * (`diligence`), how well they remember (`memory`: their true recall follows FSRS's forgetting curve at
 * this multiple of the stability FSRS gives the card), how many new cards they read a study day, how far
 * into the subject they get, when they started and when they stopped, and how long a card takes them. A
 * study day is one session in the evening: first the cards that are due (FSRS's schedule, as the plan gives
 * them), then new cards in the subject's order, then once more the cards FSRS's learning steps bring back
 * within minutes. A review is rated as the pupil recalls the card: Opnieuw when they forgot it (drawn from
 * their true recall), otherwise mostly Goed.
 */
import { reviewCard } from '#app/modules/reviews/index.ts';
import { DAY_MS } from '#app/platform/dates.ts';
import { mulberry32 } from '#app/platform/random.ts';

type Memory = ReturnType<typeof reviewCard>['memory'];
type Rating = Parameters<typeof reviewCard>[1];

/** How a pupil studies (see the module's comment). */
export interface StudyProfile {
  /** Their own seed: the same profile and cards give the same history. */
  seed: number;
  /** The share of days they study while they study at all (0–1). */
  diligence: number;
  /** Their true recall follows the forgetting curve at this multiple of FSRS's stability (1: FSRS's learner). */
  memory: number;
  /** New cards a study day (a fraction carries over to the next). */
  newPerDay: number;
  /** The share of the subject's cards they get to at most (0–1). */
  reach: number;
  /** Days before `now` they started and stopped (1: they last studied yesterday evening). */
  startedDaysAgo: number;
  stoppedDaysAgo: number;
  /** Seconds a card takes them, on average (a review takes ±50 % of it). */
  secondsPerCard: number;
  /** The cards they go through a session at least: with fewer due and new, they practise the ones due soonest. */
  minPerSession: number;
  /** The minutes a day they asked their plan for (null: the plan's default). */
  dailyMinutes: number | null;
  /** Whether they made the subject's first exam check, and how well (the share of its points they score). */
  check: number | null;
}

export interface DemoPupil {
  /** Their number in the class list: leerling01@demo-college.slaagbundel.test. */
  number: number;
  name: string;
  profile: StudyProfile;
}

/** The fake domain of the demo school's pupils (never a real one: `.test`). */
export const DEMO_PUPIL_DOMAIN = 'demo-college.slaagbundel.test';
export const demoPupilEmail = (number: number) => `leerling${String(number).padStart(2, '0')}@${DEMO_PUPIL_DOMAIN}`;

/** The kinds of pupil of a class (README): their profile but for the seed, which every pupil has of their own. */
const KINDS = {
  /** Started in the summer holiday, read every card in the first weeks and kept them up since: ready. */
  diligent: {
    diligence: 0.9,
    memory: 1.2,
    newPerDay: 1.6,
    reach: 1,
    startedDaysAgo: 112,
    stoppedDaysAgo: 1,
    secondsPerCard: 210,
    minPerSession: 2,
    dailyMinutes: 10,
    check: 0.85,
  },
  /** Started after the holiday, studies most weeks and reads on, but the newest cards are not kept yet. */
  average: {
    diligence: 0.6,
    memory: 0.9,
    newPerDay: 0.8,
    reach: 0.9,
    startedDaysAgo: 90,
    stoppedDaysAgo: 1,
    secondsPerCard: 150,
    minPerSession: 2,
    dailyMinutes: 5,
    check: null,
  },
  /** Studied well until some weeks ago, then stopped. */
  stopped: {
    diligence: 0.7,
    memory: 0.9,
    newPerDay: 1,
    reach: 0.8,
    startedDaysAgo: 100,
    stoppedDaysAgo: 35,
    secondsPerCard: 100,
    minPerSession: 3,
    dailyMinutes: null,
    check: null,
  },
  /** Opened the subject a few evenings. */
  barely: {
    diligence: 0.3,
    memory: 0.8,
    newPerDay: 1.5,
    reach: 0.15,
    startedDaysAgo: 40,
    stoppedDaysAgo: 20,
    secondsPerCard: 90,
    minPerSession: 0,
    dailyMinutes: null,
    check: null,
  },
} satisfies Record<string, Omit<StudyProfile, 'seed'>>;

type Kind = keyof typeof KINDS;

/**
 * The 28 pupils: names of Dutch pupils, a kind each (6 diligent, 17 average, 3 who stopped weeks ago, 2 who
 * barely started) with its profile varied a little per pupil, so no two are alike.
 */
const PUPILS: readonly [name: string, kind: Kind, vary?: Partial<Omit<StudyProfile, 'seed'>>][] = [
  ['Lotte van Dijk', 'diligent'],
  ['Daan Jansen', 'average'],
  ['Emma de Vries', 'diligent', { check: 0.9, memory: 1.4 }],
  ['Sem Bakker', 'average', { diligence: 0.5, startedDaysAgo: 80 }],
  ['Julia Visser', 'average', { check: 0.6, startedDaysAgo: 100 }],
  ['Levi Smit', 'stopped', { stoppedDaysAgo: 42 }],
  ['Tess Meijer', 'diligent', { check: null }],
  ['Finn de Boer', 'average', { memory: 0.8, newPerDay: 1 }],
  ['Sara Mulder', 'average', { diligence: 0.7, dailyMinutes: 10, minPerSession: 5 }],
  ['Milan de Groot', 'barely'],
  ['Noor Bos', 'diligent', { memory: 1.1, newPerDay: 2 }],
  ['Luuk Vos', 'average', { reach: 0.7, startedDaysAgo: 70 }],
  ['Fenna Peters', 'average', { check: 0.7, diligence: 0.65 }],
  ['Bram Hendriks', 'stopped', { stoppedDaysAgo: 28, check: 0.45, secondsPerCard: 70 }],
  ['Evi van Leeuwen', 'average', { memory: 1, startedDaysAgo: 105 }],
  ['Thijs Dekker', 'average', { secondsPerCard: 150 }],
  ['Isa Brouwer', 'diligent', { check: 0.8 }],
  ['Jesse de Wit', 'average', { diligence: 0.45, reach: 0.6 }],
  ['Saar Dijkstra', 'average', { newPerDay: 0.6 }],
  ['Ruben Smits', 'barely', { startedDaysAgo: 20, stoppedDaysAgo: 6 }],
  ['Lieke de Graaf', 'average', { diligence: 0.55, check: 0.55 }],
  ['Mees van der Meer', 'average', { diligence: 0.4, memory: 0.8 }],
  ['Anouk van der Linden', 'diligent', { memory: 1.3, dailyMinutes: 5 }],
  ['Stijn Kok', 'average', { memory: 0.85, dailyMinutes: 10 }],
  ['Yara Jacobs', 'average', { diligence: 0.75, newPerDay: 0.9, startedDaysAgo: 98 }],
  ['Mohammed El Amrani', 'stopped', { stoppedDaysAgo: 49, memory: 1 }],
  ['Elif Yilmaz', 'average', { reach: 1, newPerDay: 1 }],
  ['Jayden Koster', 'average', { diligence: 0.5, memory: 0.75, startedDaysAgo: 60 }],
];

/** The demo class's pupils with their profiles; `seed` makes each pupil's own seed. */
export function demoPupils(seed: number): DemoPupil[] {
  return PUPILS.map(([name, kind, vary], index) => ({
    number: index + 1,
    name,
    profile: { ...KINDS[kind], ...vary, seed: seed + 7919 * (index + 1) },
  }));
}

/** One review of a history, in the order they were made. */
export interface HistoryReview {
  cardId: number;
  rating: Rating;
  at: Date;
  secondsSpent: number;
}

/** FSRS-6's default decay: a simulated pupil's true forgetting curve has FSRS's shape. */
const DECAY = -0.1542;
const FACTOR = 0.9 ** (1 / DECAY) - 1;
const trueRecall = (stability: number, days: number) => (1 + (FACTOR * Math.max(0, days)) / stability) ** DECAY;

/** The most reviews of due cards in one evening: the rest waits (a pupil stops at some point). */
const MAX_DUE_A_SESSION = 40;

/**
 * A pupil's reviews of these cards (in the subject's order) up to `now`: one evening session on each day
 * they study, between their start and their stop (see the module's comment). Seeded by the profile.
 */
export function studyHistory(profile: StudyProfile, cardIds: readonly number[], now: Date): HistoryReview[] {
  const random = mulberry32(profile.seed);
  const cards = cardIds.slice(0, Math.round(cardIds.length * profile.reach));
  const memories = new Map<number, Memory>();
  const reviews: HistoryReview[] = [];
  const recalled = (): Rating => {
    const r = random();
    return r < 0.15 ? 'hard' : r < 0.85 ? 'good' : 'easy';
  };
  const review = (cardId: number, at: Date): Date => {
    const memory = memories.get(cardId) ?? null;
    const rating: Rating = memory
      ? random() < trueRecall(memory.stability * profile.memory, (at.getTime() - memory.lastReview.getTime()) / DAY_MS)
        ? recalled()
        : 'again'
      : random() < 0.12 / profile.memory
        ? 'again'
        : recalled();
    const secondsSpent = Math.max(5, Math.round(profile.secondsPerCard * (0.5 + random())));
    memories.set(cardId, reviewCard(memory, rating, at).memory);
    reviews.push({ cardId, rating, at, secondsSpent });
    return new Date(at.getTime() + secondsSpent * 1000);
  };
  // Midnight UTC of today; sessions start between 17:00 and 21:00 UTC.
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  let next = 0;
  let newCredit = 0;
  for (let daysAgo = profile.startedDaysAgo; daysAgo >= profile.stoppedDaysAgo && daysAgo >= 1; daysAgo--) {
    if (random() >= profile.diligence) continue;
    let at = new Date(today - daysAgo * DAY_MS + (17 + random() * 4) * 3_600_000);
    const before = reviews.length;
    const due = [...memories]
      .filter(([, memory]) => memory.due.getTime() <= at.getTime())
      .sort(([, a], [, b]) => a.due.getTime() - b.due.getTime())
      .slice(0, MAX_DUE_A_SESSION);
    for (const [cardId] of due) at = review(cardId, at);
    newCredit += profile.newPerDay;
    for (; newCredit >= 1 && next < cards.length; newCredit -= 1) at = review(cards[next++]!, at);
    // Practice: too little due and new for their session, so the cards due soonest come early.
    const done = reviews.length - before;
    if (done < profile.minPerSession) {
      const soonest = [...memories]
        .filter(([, memory]) => memory.lastReview.getTime() < at.getTime() - DAY_MS / 2)
        .sort(([, a], [, b]) => a.due.getTime() - b.due.getTime())
        .slice(0, profile.minPerSession - done);
      for (const [cardId] of soonest) at = review(cardId, at);
    }
    // The learning steps: what FSRS brings back within the session is seen once more before they stop.
    for (const [cardId, memory] of [...memories]) {
      if (memory.due.getTime() <= at.getTime()) at = review(cardId, at);
    }
  }
  return reviews;
}
