/** The classes' numbers in one place for the pages that show them (the forms, "Voor docenten"). */
import { DEFAULT_KEEP_READY_TARGET, MAX_TARGET, MIN_TARGET } from './assignments.ts';
import { FREE_JOIN_DAYS, MAX_CLASS_NAME, MAX_CLASS_SUBJECTS, MAX_SCHOOL_NAME } from './classes.ts';
import { EFFORT_BEHIND_SHARE, EXAM_READY_RECALL } from './dashboard.ts';

export const CLASS_LIMITS = {
  /** A join code lets pupils in freely this many days. */
  freeJoinDays: FREE_JOIN_DAYS,
  maxSubjects: MAX_CLASS_SUBJECTS,
  maxName: MAX_CLASS_NAME,
  maxSchoolName: MAX_SCHOOL_NAME,
  /** A topic is ready at this recall on the exam morning. */
  examReadyRecall: EXAM_READY_RECALL,
  /** Below this share of the asked minutes a pupil is behind by effort. */
  effortBehindShare: EFFORT_BEHIND_SHARE,
  keepReadyTarget: DEFAULT_KEEP_READY_TARGET,
  minTarget: MIN_TARGET,
  maxTarget: MAX_TARGET,
} as const;
