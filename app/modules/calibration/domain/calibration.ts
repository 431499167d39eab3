/**
 * How well the plan's recall predictions come true (issue 33, ADR 028): every review is a test of one. Before a
 * review, the card's memory (FSRS-6, replayed from the pupil's earlier reviews) predicts the chance of recall;
 * the rating says whether the pupil recalled it (Opnieuw: no; Moeilijk, Goed, Makkelijk: yes). Over many
 * reviews, two figures, as the FSRS benchmark reports them:
 *
 * - log loss: −mean(y·ln p + (1 − y)·ln(1 − p)), with p kept within [0.0001, 0.9999]; lower is better;
 * - RMSE over recall bins: the reviews grouped by predicted recall in bins of 5 percentage points, and
 *   √(Σ n_b·(p̄_b − ȳ_b)² / Σ n_b), with p̄_b the bin's mean prediction and ȳ_b its share recalled: how far the
 *   predictions lie from what happened, weighted by the reviews in each bin; 0 is perfect calibration.
 *
 * Only predictions a day or more after the review before count (long-term memory, what the plan aims at and
 * what the FSRS benchmark evaluates); a card's first review has no prediction. The replay is server/replay.server.ts
 * (FSRS is the reviews module's); the tally here adds predictions one at a time, so a run over every pupil keeps
 * only sums in memory. Pure.
 */

/** One review as the log keeps it. */
export interface LoggedReview {
  cardId: number;
  subjectId: number;
  /** 1 Opnieuw, 2 Moeilijk, 3 Goed, 4 Makkelijk. */
  rating: number;
  reviewedAt: Date;
}

/** The width of a recall bin (5 percentage points): 20 bins. */
export const BIN_WIDTH = 0.05;
export const BINS = Math.round(1 / BIN_WIDTH);
/** Predictions sooner than this many days after the review before do not count. */
export const MIN_ELAPSED_DAYS = 1;
const P_MIN = 1e-4;

/** Whether the pupil recalled the card at this review: any rating above Opnieuw. */
export const recalledAt = (review: Pick<LoggedReview, 'rating'>) => review.rating > 1;

/** Sums that make the figures: per bin the reviews, their predictions and how many were recalled. */
export interface Tally {
  reviews: number;
  recalled: number;
  logLossSum: number;
  bins: { n: number; predicted: number; recalled: number }[];
}

export const emptyTally = (): Tally => ({
  reviews: 0,
  recalled: 0,
  logLossSum: 0,
  bins: Array.from({ length: BINS }, () => ({ n: 0, predicted: 0, recalled: 0 })),
});

/** Adds one prediction `p` and its outcome to the tally. */
export function addPrediction(tally: Tally, p: number, recalled: boolean): void {
  const q = Math.min(1 - P_MIN, Math.max(P_MIN, p));
  tally.reviews += 1;
  tally.logLossSum -= recalled ? Math.log(q) : Math.log(1 - q);
  // The small nudge keeps a bin's own bound in it (0.3 / 0.05 is 5.999… in floating point).
  const bin = tally.bins[Math.min(BINS - 1, Math.floor(p / BIN_WIDTH + 1e-9))]!;
  bin.n += 1;
  bin.predicted += p;
  if (recalled) {
    tally.recalled += 1;
    bin.recalled += 1;
  }
}

/** The figures of a tally; null without a single prediction. */
export function figuresOf(tally: Tally): {
  reviews: number;
  logLoss: number;
  rmseBins: number;
  recalled: number;
  predicted: number;
  bins: { from: number; n: number; predicted: number; recalled: number }[];
} | null {
  if (tally.reviews === 0) return null;
  let squares = 0;
  let predicted = 0;
  const bins = [];
  for (const [i, bin] of tally.bins.entries()) {
    predicted += bin.predicted;
    if (bin.n === 0) continue;
    const meanP = bin.predicted / bin.n;
    const share = bin.recalled / bin.n;
    squares += bin.n * (meanP - share) ** 2;
    bins.push({ from: round(i * BIN_WIDTH, 2), n: bin.n, predicted: round(meanP, 4), recalled: round(share, 4) });
  }
  return {
    reviews: tally.reviews,
    logLoss: round(tally.logLossSum / tally.reviews, 4),
    rmseBins: round(Math.sqrt(squares / tally.reviews), 4),
    recalled: round(tally.recalled / tally.reviews, 4),
    predicted: round(predicted / tally.reviews, 4),
    bins,
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
