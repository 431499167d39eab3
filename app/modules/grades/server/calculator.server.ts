/**
 * The public grade calculator (/exameninfo/cijfer-berekenen, issue 21 part
 * 6): its query → what the page shows. Pure and the same for everyone with
 * the same URL, so the page is cached like every public page; it reads no
 * account and stores nothing.
 */
import { type Level, LEVEL_ORDER, levelLabel } from '#app/platform/levels.ts';
import { convertTenths, lowestScoreFor, nTermTenths } from '#app/modules/grades/domain/conversion.ts';
import { examSubjectsOf } from '#app/modules/grades/domain/exam-subjects.ts';
import { formatTenths } from '#app/modules/grades/domain/grade.ts';
import { GRADES_MESSAGES } from '#app/modules/grades/domain/messages.ts';
import { type NeededCe } from '#app/modules/grades/domain/diploma.ts';
import { alwaysCounted, quickCheck } from '#app/modules/grades/domain/quick-check.ts';
import { ruleSourcesFor } from '#app/modules/grades/domain/diploma-rules.ts';
import {
  type CalculatorExam,
  type CalculatorPage,
  type CheckAnswer,
  type CheckSubjectField,
  type ConversionAnswer,
  conversionQuerySchema,
  quickCheckField,
  quickCheckInput,
  quickCheckQuerySchema,
} from '#app/modules/grades/schemas/calculator.ts';

/** The level the check shows before one is chosen. */
export const DEFAULT_CHECK_LEVEL: Level = 'havo';

/** The pass mark of a grade and the round six, in tenths. */
const PASS_TENTHS = 55;

const firstMessages = (
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  nameOf: (path: readonly PropertyKey[]) => string | null,
) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const name = nameOf(issue.path);
    if (name) errors[name] ??= issue.message;
  }
  return errors;
};

function conversionAnswer(params: URLSearchParams, exams: readonly CalculatorExam[]): ConversionAnswer {
  const typed: Record<string, string> = {};
  for (const name of ['score', 'max', 'n']) {
    const value = params.get(name);
    if (value !== null) typed[name] = value.slice(0, 24);
  }
  // "Kies een examen": its maximum score and N-term fill the fields left empty (what was typed wins).
  const exam = exams.find((candidate) => candidate.key === params.get('examen')) ?? null;
  if (exam) {
    typed.max ||= String(exam.maxScore);
    typed.n ||= formatTenths(Math.round(exam.n * 10));
  }
  if (!typed.score && !typed.max) return { exam, typed, errors: null, result: null };
  const parsed = conversionQuerySchema.safeParse(typed);
  if (!parsed.success) {
    return {
      exam,
      typed,
      errors: firstMessages(parsed.error.issues, (path) => String(path[0] ?? 'score')),
      result: null,
    };
  }
  const { score, maxScore, nTerm } = parsed.data;
  const n = nTermTenths(nTerm)!;
  const converted = convertTenths(score, maxScore, n);
  return {
    exam,
    typed,
    errors: null,
    result: {
      score,
      maxScore,
      n: formatTenths(n),
      grade: formatTenths(converted.tenths),
      line: converted.line,
      passScore: lowestScoreFor(PASS_TENTHS, maxScore, n),
      gradeAtOne: n === 10 ? null : formatTenths(convertTenths(score, maxScore, 10).tenths),
    },
  };
}

const neededText = (needed: NeededCe | null): string | null =>
  !needed
    ? null
    : needed.kind === 'any'
      ? 'elk cijfer'
      : needed.kind === 'impossible'
        ? 'ook een 10,0 is niet genoeg'
        : formatTenths(needed.tenths);

const FIELD_LABELS = { se: 'SE-cijfer', ce: 'CE-cijfer', assessment: 'Beoordeling' } as const;

function checkAnswer(params: URLSearchParams): CheckAnswer {
  const input = quickCheckInput(params);
  const chosen = (LEVEL_ORDER as readonly string[]).includes(input.level) ? (input.level as Level) : null;
  const level = chosen ?? DEFAULT_CHECK_LEVEL;
  const defs = examSubjectsOf(level);
  const subjects: CheckSubjectField[] = defs.map((def) => ({
    key: def.key,
    name: def.name,
    kind: def.kind,
    required: alwaysCounted(def),
    fields:
      def.kind === 'assessed'
        ? { assessment: quickCheckField('assessment', def.key) }
        : def.kind === 'central'
          ? { se: quickCheckField('se', def.key), ce: quickCheckField('ce', def.key) }
          : { se: quickCheckField('se', def.key) },
  }));
  const typed: Record<string, string> = {};
  for (const subject of subjects) {
    for (const name of Object.values(subject.fields)) {
      const value = params.get(name);
      if (value) typed[name] = value.slice(0, 24);
    }
  }
  const base = {
    level,
    rules: ruleSourcesFor(level),
    levels: LEVEL_ORDER.map((value) => ({ value, label: levelLabel(value) })),
    subjects,
    typed,
  };
  if (!chosen || Object.keys(typed).length === 0) return { ...base, errors: null, result: null };

  const parsed = quickCheckQuerySchema.safeParse(input);
  if (!parsed.success) {
    const errors = firstMessages(parsed.error.issues, (path) => {
      const [, index, field] = path;
      const subject = typeof index === 'number' ? defs[index] : undefined;
      return subject && (field === 'se' || field === 'ce' || field === 'assessment')
        ? quickCheckField(field, subject.key)
        : null;
    });
    // Each message says which field it is about: the summary above the form lists them apart from their fields.
    for (const subject of subjects) {
      for (const [field, name] of Object.entries(subject.fields)) {
        if (errors[name])
          errors[name] = `${FIELD_LABELS[field as keyof typeof FIELD_LABELS]} ${subject.name}: ${errors[name]}`;
      }
    }
    return { ...base, errors, result: null };
  }
  const check = quickCheck(
    level,
    parsed.data.entries.map((entry) => ({
      key: entry.subject,
      seTenths: entry.se,
      ceTenths: entry.ce,
      assessment: entry.assessment ?? null,
    })),
  );
  const { outcome } = check;
  return {
    ...base,
    errors: null,
    result: {
      missing: check.missing,
      assumed: check.assumed,
      outcome: outcome && {
        outcome: outcome.outcome,
        // Built on CE grades nobody knows yet: the heading itself says so, not only the small print.
        message: check.assumed.length > 0 ? GRADES_MESSAGES.OUTCOME_ASSUMED(outcome.message) : outcome.message,
        assumed: check.assumed.length > 0,
        failures: outcome.failures.map((failure) => failure.message),
      },
      lines: check.subjects.map((subject) => ({
        key: subject.key,
        name: subject.name,
        finalGrade: subject.finalGrade,
        assessment: subject.assessment,
        needed: neededText(subject.needed),
        part: subject.kind === 'combination-part',
      })),
      combinationGrade: check.combinationGrade,
    },
  };
}

/** The calculator's two parts for a query: what was typed, the Dutch messages and the results. */
export function gradeCalculator(params: URLSearchParams, exams: readonly CalculatorExam[] = []): CalculatorPage {
  return { conversion: conversionAnswer(params, exams), check: checkAnswer(params) };
}
