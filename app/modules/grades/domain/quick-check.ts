/**
 * The public calculator's pass/fail check (issue 21, part 6), pure: a level
 * and the grades someone typed (SE and CE per subject, a judgement for LO and
 * the like), no account and nothing stored → per subject the final grade, the
 * CE grade needed where the CE grade is not known yet, and the outcome.
 *
 * A subject of the level counts when something is filled in for it, or when
 * every diploma of the level has it (Nederlands, Engels, LO, the combination
 * grade's parts, …). A central exam without a CE grade is assumed to go as its SE
 * grade, as in the pupil's simulator, and the answer says so (ADR 021).
 */
import { type Level } from '#app/platform/levels.ts';
import { type DiplomaOutcome, evaluateDiploma, type NeededCe, neededCeGrade } from './diploma.ts';
import { type ExamSubjectDef, type ExamSubjectKind, examSubjectsOf } from './exam-subjects.ts';
import { type Assessment, examSubjects, finalGradesOf } from './simulator.ts';

/** What was typed for one subject, checked: grades in whole tenths. */
export interface QuickCheckEntry {
  key: string;
  seTenths: number | null;
  ceTenths: number | null;
  assessment: Assessment | null;
}

export interface QuickCheckSubject {
  key: string;
  name: string;
  kind: ExamSubjectKind;
  seTenths: number | null;
  /** The CE grade typed; null: not known (a central exam's is then assumed equal to its SE grade). */
  ceTenths: number | null;
  assessment: Assessment | null;
  /** The whole final grade, once the outcome is known (not for the judged parts). */
  finalGrade: number | null;
  /** A central exam without a CE grade: the CE grade needed to pass, given the others. */
  needed: NeededCe | null;
}

export interface QuickCheck {
  level: Level;
  /** The subjects that count, in the level's order. */
  subjects: QuickCheckSubject[];
  /** Names of the counted subjects whose SE grade or judgement is missing. */
  missing: string[];
  /** Names of the central exams without a CE grade: assumed equal to their SE grade. */
  assumed: string[];
  /** Null while something is missing. */
  outcome: DiplomaOutcome | null;
  /** The combination grade (havo/vwo), once the outcome is known. */
  combinationGrade: number | null;
}

/**
 * Nederlands and Engels are in the common part (gemeenschappelijk deel) of
 * every level's programme (Eindexamenbesluit VO): every list has them, also
 * when nothing was typed for them yet, like the parts every diploma has.
 */
const COMMON_PART = new Set(['nederlands', 'engels']);

/** Every list of the level has this subject: it counts (and must be filled in) even when nothing was typed. */
export const alwaysCounted = (def: ExamSubjectDef): boolean => def.always || COMMON_PART.has(def.key);

/** The pass/fail check of what was typed for a level. */
export function quickCheck(level: Level, entries: readonly QuickCheckEntry[]): QuickCheck {
  const byKey = new Map(entries.map((entry) => [entry.key, entry]));
  const defs = examSubjectsOf(level).filter((def) => {
    const entry = byKey.get(def.key);
    return (
      alwaysCounted(def) || (entry && (entry.seTenths !== null || entry.ceTenths !== null || entry.assessment !== null))
    );
  });
  const subjects: QuickCheckSubject[] = defs.map((def) => {
    const entry = byKey.get(def.key);
    return {
      key: def.key,
      name: def.name,
      kind: def.kind,
      seTenths: def.kind === 'assessed' ? null : (entry?.seTenths ?? null),
      ceTenths: def.kind === 'central' ? (entry?.ceTenths ?? null) : null,
      assessment: def.kind === 'assessed' ? (entry?.assessment ?? null) : null,
      finalGrade: null,
      needed: null,
    };
  });
  const missing = subjects
    .filter((subject) => (subject.kind === 'assessed' ? subject.assessment === null : subject.seTenths === null))
    .map((subject) => subject.name);
  const open = subjects.filter((subject) => subject.kind === 'central' && subject.ceTenths === null);
  const assumed = open.map((subject) => subject.name);
  if (missing.length > 0) return { level, subjects, missing, assumed, outcome: null, combinationGrade: null };

  const rules = examSubjects(
    subjects,
    new Map(defs.map((def) => [def.key, def])),
    (subject) => subject.ceTenths ?? subject.seTenths!,
  );
  for (const subject of open) {
    const needed = neededCeGrade(level, rules, subject.key);
    subject.needed = needed.ok ? needed.value : null;
  }
  const evaluated = evaluateDiploma(level, rules);
  const outcome = evaluated.ok ? evaluated.value : null;
  // A combination grade's parts have a final grade of their own; the combination grade is listed apart.
  const finals = outcome ? finalGradesOf(outcome) : null;
  if (finals) for (const subject of subjects) subject.finalGrade = finals.byKey.get(subject.key) ?? null;
  return { level, subjects, missing, assumed, outcome, combinationGrade: finals?.combinationGrade ?? null };
}
