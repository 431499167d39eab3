/**
 * The predicted CE grade of a subject from the pupil's exam checks in it
 * (ADR 021, "The prediction"): the mean of their latest PREDICTION_ATTEMPTS
 * exam-check grades, with a band of ± 2·σ/√n around it, where n is the number
 * of attempts used and σ their sample standard deviation, at least
 * MIN_SPREAD_TENTHS (one attempt: σ = SINGLE_SPREAD_TENTHS), and the band at
 * least MIN_BAND_TENTHS wide each way (an exam check is not the exam). The
 * exam-check grades use N = 1 (the spec's 9·score/max + 1), so this is an
 * estimate, not the CvTE's conversion of a real exam. No attempts: no
 * prediction.
 */
import { MAX_TENTHS, MIN_TENTHS } from './grade.ts';

/** At most this many of the latest attempts count. */
export const PREDICTION_ATTEMPTS = 5;
/** σ for a single attempt, in tenths (1,5 grade points). */
export const SINGLE_SPREAD_TENTHS = 15;
/** The smallest σ used with two or more attempts, in tenths. */
export const MIN_SPREAD_TENTHS = 10;
/** The smallest half-width of the band, in tenths. */
export const MIN_BAND_TENTHS = 5;

export interface CePrediction {
  /** What it comes from: the pupil's exam checks, or (without any) the recall of the subject's cards on the exam morning. */
  basis: 'checks' | 'recall';
  /** The predicted CE grade, in tenths. */
  tenths: number;
  /** The band, in tenths, within 1,0–10,0. */
  lowTenths: number;
  highTenths: number;
  /** How many exam-check attempts it is based on (0 for a prediction from recall). */
  attempts: number;
}

/**
 * What the study plan knows of a subject without an exam check: the predicted recall of its cards on the
 * exam morning, weighted by each topic's share of the exam's points (unread cards count as 0), and how
 * much of the subject the pupil has read.
 */
export interface ExamRecall {
  /** 0–1. */
  share: number;
  /** The share of the subject's cards read at least once, 0–1. */
  coverage: number;
}

/** A prediction from recall needs at least this share of the subject's cards read. */
export const MIN_RECALL_COVERAGE = 0.5;
/** Its band's half-width, in tenths: wide, as remembering cards is not answering exam questions. */
export const RECALL_BAND_TENTHS = 20;

/**
 * The prediction from exam-check grades in tenths, oldest first. Without any, from the recall of the
 * subject's cards on the exam morning, when the pupil has read at least half of them: 9 × share + 1 (the
 * exam checks' N = 1 conversion, as if a remembered card were a point), with a wide band. Null otherwise.
 */
export function predictCe(gradesTenths: readonly number[], recall: ExamRecall | null = null): CePrediction | null {
  const used = gradesTenths.slice(-PREDICTION_ATTEMPTS);
  const n = used.length;
  if (n === 0) return recall ? predictFromRecall(recall) : null;
  const mean = used.reduce((a, b) => a + b, 0) / n;
  const spread =
    n === 1
      ? SINGLE_SPREAD_TENTHS
      : Math.max(MIN_SPREAD_TENTHS, Math.sqrt(used.reduce((sum, g) => sum + (g - mean) ** 2, 0) / (n - 1)));
  const half = Math.max(MIN_BAND_TENTHS, Math.round((2 * spread) / Math.sqrt(n)));
  const tenths = Math.min(MAX_TENTHS, Math.max(MIN_TENTHS, Math.round(mean)));
  return {
    basis: 'checks',
    tenths,
    lowTenths: Math.max(MIN_TENTHS, tenths - half),
    highTenths: Math.min(MAX_TENTHS, tenths + half),
    attempts: n,
  };
}

function predictFromRecall({ share, coverage }: ExamRecall): CePrediction | null {
  if (!(coverage >= MIN_RECALL_COVERAGE) || !Number.isFinite(share)) return null;
  const tenths = Math.min(MAX_TENTHS, Math.max(MIN_TENTHS, Math.round(10 + 90 * Math.min(1, Math.max(0, share)))));
  return {
    basis: 'recall',
    tenths,
    lowTenths: Math.max(MIN_TENTHS, tenths - RECALL_BAND_TENTHS),
    highTenths: Math.min(MAX_TENTHS, tenths + RECALL_BAND_TENTHS),
    attempts: 0,
  };
}
