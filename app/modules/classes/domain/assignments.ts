/**
 * Assignments (issue 31): what a teacher gives a class to do and when each pupil's is done. Pure: the
 * evidence (the pupil's summary of the topic, whether they made the check) comes in.
 */
import { EXAM_READY_RECALL } from './dashboard.ts';

export const ASSIGNMENT_KINDS = ['cards', 'check', 'keep_ready'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];
export const ASSIGNMENT_STATUSES = ['not_started', 'busy', 'done', 'reopened'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

export const ASSIGNMENT_KIND_LABELS: Readonly<Record<AssignmentKind, string>> = {
  cards: 'Kaarten van een onderwerp leren',
  check: 'Een examencheck maken',
  keep_ready: 'Een onderwerp klaar houden voor het examen',
};

export const ASSIGNMENT_STATUS_LABELS: Readonly<Record<AssignmentStatus, string>> = {
  not_started: 'Nog niet begonnen',
  busy: 'Bezig',
  done: 'Klaar',
  reopened: 'Weer open',
};

/** The recall on the exam morning a keep-ready assignment asks for, unless the teacher sets another. */
export const DEFAULT_KEEP_READY_TARGET = EXAM_READY_RECALL;
export const MIN_TARGET = 0.5;
export const MAX_TARGET = 0.95;

/** What a pupil's status is judged on: the topic's cards (its subtopics' too), and the check. */
export interface AssignmentEvidence {
  cards: number;
  cardsSeen: number;
  /** The predicted recall of the topic's cards on the exam morning; null without a summary. */
  recallExam: number | null;
  /** The pupil handed in the assigned check after it was given. */
  checkDone: boolean;
}

/**
 * A pupil's status. `cards`: done when every card of the topic was read; `check`: done once handed in;
 * `keep_ready`: done while the recall on the exam morning is at or above the target, and `reopened` when it
 * falls below again after being done (it reopens by itself: no teacher needed).
 */
export function assignmentStatus(
  kind: AssignmentKind,
  evidence: AssignmentEvidence,
  previous: AssignmentStatus | null,
  target: number = DEFAULT_KEEP_READY_TARGET,
): AssignmentStatus {
  if (kind === 'check') return evidence.checkDone ? 'done' : 'not_started';
  if (kind === 'cards') {
    if (evidence.cards > 0 && evidence.cardsSeen >= evidence.cards) return 'done';
    return evidence.cardsSeen > 0 ? 'busy' : 'not_started';
  }
  if (evidence.recallExam !== null && evidence.cards > 0 && evidence.recallExam >= target) return 'done';
  if (previous === 'done' || previous === 'reopened') return 'reopened';
  return evidence.cardsSeen > 0 ? 'busy' : 'not_started';
}

/** The evidence of a topic and its subtopics together: cards summed, the recall weighted by cards. */
export function combineEvidence(
  parts: readonly { cards: number; cardsSeen: number; recallExam: number }[],
  checkDone: boolean,
): AssignmentEvidence {
  const cards = parts.reduce((sum, part) => sum + part.cards, 0);
  const cardsSeen = parts.reduce((sum, part) => sum + part.cardsSeen, 0);
  const recallExam =
    parts.length === 0 || cards === 0
      ? null
      : parts.reduce((sum, part) => sum + part.recallExam * part.cards, 0) / cards;
  return { cards, cardsSeen, recallExam, checkDone };
}
