/**
 * The pupil's grade simulator (issue 21, part 2), pure: their exam subjects
 * with the SE grades they entered and the evidence of their exam checks →
 * per subject the predicted CE grade and the CE grade needed to pass, the
 * outcome, and where extra work gains the most.
 *
 * The CE grade of a subject the rules read is its prediction; a subject with a
 * central exam but no exam check yet has no prediction, and for the needed
 * grades and the outcome its CE grade is assumed equal to its SE grade (the
 * page says so per subject: "aanname"). Needed grades and the outcome need
 * every SE grade and judgement: until then the simulation lists what is
 * missing instead (ADR 021).
 */
import { type Level } from '#app/platform/levels.ts';
import { type ExamSubject } from './final-grade.ts';
import { type DiplomaOutcome, evaluateDiploma, type NeededCe, neededCeGrade } from './diploma.ts';
import { COMBINATION, type ExamSubjectDef, type ExamSubjectKind, examSubjectsOf } from './exam-subjects.ts';
import { type CePrediction, type ExamRecall, PREDICTION_ATTEMPTS, predictCe } from './prediction.ts';
import { GRADES_MESSAGES } from './messages.ts';

export type Assessment = 'goed' | 'voldoende' | 'onvoldoende';
export const ASSESSMENTS: readonly Assessment[] = ['goed', 'voldoende', 'onvoldoende'];

/** What the pupil stored for one subject of their level. */
export interface StoredGrade {
  key: string;
  seTenths: number | null;
  assessment: Assessment | null;
  /** False: the pupil took the subject off their list; true: they added it (or it was there). */
  included: boolean;
}

/** A subject the pupil chose in onboarding, with their exam-check grades in it (from the study module). */
export interface GradeEvidence {
  /** The catalogue's slug: the exam subject's key. */
  key: string;
  /** The subject's study page ("Leren en oefenen"). */
  studyHref: string;
  /** Their exam-check grades in tenths, oldest first (N = 1). */
  checkGradesTenths: readonly number[];
  /** The recall of the subject's cards on the exam morning (the study plan), when it has cards; the prediction without exam checks. */
  examRecall?: ExamRecall | null;
  /** The pupil's access to the subject in Mijn Slaagbundel (full, a light demo, none); absent: not known. */
  access?: SubjectAccess;
  /** How many exam checks the subject has online; absent: not known. */
  checksOnline?: number;
}

/** A pupil's access to a subject's study content: full (a code or an order), a light demo, or none. */
export type SubjectAccess = 'full' | 'light' | 'none';

export interface SimulatedSubject {
  key: string;
  name: string;
  kind: ExamSubjectKind;
  seTenths: number | null;
  assessment: Assessment | null;
  /** Central exam only: the prediction, or null without exam checks or past exams. */
  prediction: CePrediction | null;
  /** How many of the prediction's grades are past exams the pupil entered (the others are exam checks). */
  pastExams: number;
  /** Central exam only: the CE grade needed to pass, the other exams as expected; null while grades are missing. */
  needed: NeededCe | null;
  /**
   * Central exam only, when any grade passes as expected (`needed` 'any'): the CE grade needed when every other
   * central exam comes out at the low end of its band (one without a prediction at its SE grade, as assumed). "Je
   * hebt hier nog niets nodig" is true only when this is 'any' too.
   */
  neededAtLow: NeededCe | null;
  /** The whole final grade with the CE grade used (its prediction or the assumption), once the outcome is known. */
  finalGrade: number | null;
  /** Its access in Mijn Slaagbundel; null when it is not one of the pupil's study subjects. */
  access: SubjectAccess | null;
  /** How many exam checks it has online; null when not known. */
  checksOnline: number | null;
  /** The pupil may take it off the list (not a part every diploma of the level has). */
  removable: boolean;
  studyHref: string | null;
}

export interface Suggestion {
  key: string;
  name: string;
  message: string;
  studyHref: string | null;
}

export interface Simulation {
  level: Level;
  subjects: SimulatedSubject[];
  /** Subjects of the level the pupil can add. */
  addable: { key: string; name: string }[];
  /** Names of the subjects whose SE grade or judgement is not filled in. */
  missing: string[];
  /** Names of the subjects with a central exam but no exam check: their CE is assumed equal to the SE grade. */
  assumed: string[];
  /** Null while something is missing. */
  outcome: DiplomaOutcome | null;
  suggestion: Suggestion | null;
  /** The combination grade (havo/vwo), once the outcome is known. */
  combinationGrade: number | null;
}

/** The level the pupil takes their exam in: the first of theirs in LEVEL_ORDER, or null. */
export function examLevelOf(levels: readonly string[], order: readonly Level[]): Level | null {
  return order.find((level) => levels.includes(level)) ?? null;
}

/** The subjects on the pupil's list: the level's fixed parts and their onboarding subjects, plus added, minus removed. */
export function listedSubjects(
  level: Level,
  stored: readonly StoredGrade[],
  evidence: readonly GradeEvidence[],
): { listed: ExamSubjectDef[]; addable: ExamSubjectDef[] } {
  const byKey = new Map(stored.map((row) => [row.key, row]));
  const chosen = new Set(evidence.map((subject) => subject.key));
  const listed: ExamSubjectDef[] = [];
  const addable: ExamSubjectDef[] = [];
  for (const subject of examSubjectsOf(level)) {
    const row = byKey.get(subject.key);
    const byDefault = subject.always || chosen.has(subject.key);
    if (row ? row.included : byDefault) listed.push(subject);
    else if (!subject.always) addable.push(subject);
  }
  return { listed, addable };
}

const isCentral = (subject: { kind: ExamSubjectKind }) => subject.kind === 'central';

/** What the pass/fail rules read of a listed subject. */
export type ListedSubject = Pick<SimulatedSubject, 'key' | 'name' | 'kind' | 'seTenths' | 'assessment'>;

/** The subjects as the pass/fail rules read them, the CE grade of a central exam from `ceOf`. */
export function examSubjects<T extends ListedSubject>(
  subjects: readonly T[],
  defs: ReadonlyMap<string, ExamSubjectDef>,
  ceOf: (subject: T) => number,
): ExamSubject[] {
  const result: ExamSubject[] = [];
  const parts: { id: string; name: string; se: number }[] = [];
  for (const subject of subjects) {
    const def = defs.get(subject.key)!;
    if (subject.kind === 'assessed') {
      result.push({ kind: 'assessed', id: subject.key, name: subject.name, assessment: subject.assessment! });
    } else if (subject.kind === 'combination-part') {
      parts.push({ id: subject.key, name: subject.name, se: subject.seTenths! / 10 });
    } else {
      result.push({
        kind: 'graded',
        id: subject.key,
        name: subject.name,
        se: subject.seTenths! / 10,
        ce: subject.kind === 'central' ? ceOf(subject) / 10 : null,
        ...(def.core ? { core: def.core } : {}),
      });
    }
  }
  if (parts.length > 0) result.push({ kind: 'combination', id: COMBINATION.key, name: COMBINATION.name, parts });
  return result;
}

/** The CE grade the rules read for a subject: its prediction, or its SE grade as the assumption. */
const ceUsed = (subject: SimulatedSubject): number => subject.prediction?.tenths ?? subject.seTenths!;
/** The low end: its prediction's band, or (without one) its SE grade as the assumption. */
const ceAtLow = (subject: SimulatedSubject): number => subject.prediction?.lowTenths ?? subject.seTenths!;

/**
 * The whole final grade per subject key of an outcome (the parts of a combination grade each their own), and the
 * combination grade: the final grades table of the calculator and of the pupil's page.
 */
export function finalGradesOf(outcome: DiplomaOutcome): {
  byKey: Map<string, number>;
  combinationGrade: number | null;
} {
  const byKey = new Map(
    outcome.finalGrades.flatMap((line) => [
      [line.id, line.grade] as const,
      ...(line.parts ?? []).map((part) => [part.id, part.grade] as const),
    ]),
  );
  const combinationGrade = outcome.finalGrades.find((line) => line.kind === 'combination')?.grade ?? null;
  return { byKey, combinationGrade };
}

const neededTenths = (needed: NeededCe): number | null =>
  needed.kind === 'needed' ? needed.tenths : needed.kind === 'any' ? 10 : null;

function suggest(subjects: readonly SimulatedSubject[], outcome: DiplomaOutcome): Suggestion | null {
  const central = subjects.filter(isCentral);
  const named = (subject: SimulatedSubject, message: string): Suggestion => ({
    key: subject.key,
    name: subject.name,
    message,
    studyHref: subject.studyHref,
  });
  if (outcome.outcome !== 'geslaagd') {
    // The subject whose better CE grade flips the outcome with the smallest rise.
    const retake = outcome.retakes[0];
    const subject = retake && central.find((candidate) => candidate.key === retake.subjectId);
    return subject ? named(subject, GRADES_MESSAGES.SUGGEST_FLIP(subject.name, retake.neededCeTenths)) : null;
  }
  // Passing: the smallest margin between the CE grade used and the one needed (a prediction before an assumption).
  let best: { subject: SimulatedSubject; margin: number } | null = null;
  for (const subject of central) {
    const needed = subject.needed && neededTenths(subject.needed);
    if (needed === null || needed === undefined || needed <= 10) continue;
    const margin = ceUsed(subject) - needed;
    if (!best || margin < best.margin || (margin === best.margin && subject.prediction && !best.subject.prediction)) {
      best = { subject, margin };
    }
  }
  if (!best) return null;
  return named(
    best.subject,
    best.margin < 0
      ? GRADES_MESSAGES.SUGGEST_BELOW(best.subject.name, -best.margin)
      : GRADES_MESSAGES.SUGGEST_SMALLEST_MARGIN(best.subject.name, best.margin),
  );
}

/**
 * The simulation of a level from what the pupil stored, their exam-check evidence and the past exams they
 * entered (each graded with its own N-term): a subject's prediction reads its exam checks and then its past exams.
 */
export function simulate(
  level: Level,
  stored: readonly StoredGrade[],
  evidence: readonly GradeEvidence[],
  pastExams: readonly { key: string; gradeTenths: number }[] = [],
): Simulation {
  const byKey = new Map(stored.map((row) => [row.key, row]));
  const evidenceOf = new Map(evidence.map((subject) => [subject.key, subject]));
  const pastOf = (key: string) => pastExams.filter((exam) => exam.key === key).map((exam) => exam.gradeTenths);
  const { listed, addable } = listedSubjects(level, stored, evidence);
  const defs = new Map(listed.map((def) => [def.key, def]));
  const subjects: SimulatedSubject[] = listed.map((def) => {
    const row = byKey.get(def.key);
    const own = evidenceOf.get(def.key);
    const past = isCentral(def) ? pastOf(def.key) : [];
    return {
      key: def.key,
      name: def.name,
      kind: def.kind,
      seTenths: def.kind === 'assessed' ? null : (row?.seTenths ?? null),
      assessment: def.kind === 'assessed' ? (row?.assessment ?? null) : null,
      prediction: isCentral(def)
        ? predictCe([...(own?.checkGradesTenths ?? []), ...past], own?.examRecall ?? null)
        : null,
      // Only the grades the prediction reads (its latest attempts).
      pastExams: Math.min(past.length, PREDICTION_ATTEMPTS),
      needed: null,
      neededAtLow: null,
      finalGrade: null,
      removable: !def.always,
      studyHref: own?.studyHref ?? null,
      access: own ? (own.access ?? null) : null,
      checksOnline: own?.checksOnline ?? null,
    };
  });
  const missing = subjects
    .filter((subject) => (subject.kind === 'assessed' ? subject.assessment === null : subject.seTenths === null))
    .map((subject) => subject.name);
  const assumed = subjects.filter((subject) => isCentral(subject) && !subject.prediction).map((s) => s.name);
  const base = { level, addable: addable.map(({ key, name }) => ({ key, name })), missing, assumed };
  if (missing.length > 0 || subjects.length === 0) {
    return { ...base, subjects, outcome: null, suggestion: null, combinationGrade: null };
  }

  const rules = examSubjects(subjects, defs, ceUsed);
  const lowRules = examSubjects(subjects, defs, ceAtLow);
  for (const subject of subjects.filter(isCentral)) {
    const needed = neededCeGrade(level, rules, subject.key);
    subject.needed = needed.ok ? needed.value : null;
    // "Any grade passes" leans on the other exams: it stands only if it holds when they disappoint.
    if (subject.needed?.kind === 'any') {
      const atLow = neededCeGrade(level, lowRules, subject.key);
      subject.neededAtLow = atLow.ok ? atLow.value : null;
    }
  }
  const evaluated = evaluateDiploma(level, rules);
  const outcome = evaluated.ok ? evaluated.value : null;
  let combinationGrade: number | null = null;
  if (outcome) {
    const finals = finalGradesOf(outcome);
    for (const subject of subjects) subject.finalGrade = finals.byKey.get(subject.key) ?? null;
    combinationGrade = finals.combinationGrade;
  }
  return { ...base, subjects, outcome, suggestion: outcome ? suggest(subjects, outcome) : null, combinationGrade };
}
