/**
 * The pass/fail rules (slaag-zakregeling) as a table: each rule with the
 * levels it holds for, its source in the Eindexamenbesluit VO (BWBR0004593,
 * wetten.overheid.nl) and a note where we are not certain of the current text
 * or where schools may differ. A pupil passes when no rule of their level
 * fails (art. 49 for the vmbo's leerwegen, art. 50 for havo and vwo); the
 * retake (art. 51) is searched in `diploma.ts`.
 *
 * The article numbers are the Eindexamenbesluit VO's; the paragraph (lid) and
 * clause letters were not checked against the current text and are therefore
 * not given (ADR 016).
 */
import { type Level } from '#app/platform/levels.ts';
import { GRADES_MESSAGES } from './messages.ts';
import { type FinalGradeLine, type Standing } from './standing.ts';

export type RuleId = keyof typeof GRADES_MESSAGES.RULE_TITLES;

export type FailureReason =
  | 'ce_average_too_low'
  | 'core_below_five'
  | 'core_two_fives'
  | 'dutch_below_five'
  | 'grade_below_four'
  | 'too_many_fails'
  | 'average_too_low'
  | 'no_seven'
  | 'combination_part_below_four'
  | 'not_sufficient';

/** Why a pupil fails: the rule, a reason code, the Dutch message and the subjects it is about. */
export interface Failure {
  rule: RuleId;
  reason: FailureReason;
  message: string;
  subjectIds: string[];
}

export interface DiplomaRule {
  id: RuleId;
  /** The levels the rule holds for. */
  levels: readonly Level[];
  /** Short Dutch title, for a list of the rules. */
  title: string;
  /** Where the rule is written. */
  source: string;
  /** What we are not certain of, or where schools may differ. */
  note?: string;
  /**
   * The levels for which the rule was not checked against the current text of the article (its note says what):
   * the pages that use it say so (issue 35, item 5).
   */
  unverified?: readonly Level[];
  /** The failures of this rule for a standing; empty when it holds. */
  check: (standing: Standing) => Failure[];
}

export const HAVO_VWO: readonly Level[] = ['havo', 'vwo'];
export const VMBO: readonly Level[] = ['vmbo-b', 'vmbo-k', 'vmbo-gl-tl'];
export const ALL_LEVELS: readonly Level[] = [...VMBO, ...HAVO_VWO];

export const isVmbo = (level: Level): boolean => VMBO.includes(level);

const fail = (rule: RuleId, reason: FailureReason, message: string, subjectIds: string[]): Failure => ({
  rule,
  reason,
  message,
  subjectIds,
});

/** The CE grades in tenths of the subjects with a central exam. */
export function ceGrades(standing: Standing): { sum: number; count: number } {
  const grades = standing.finalGrades.flatMap((line) => (line.ceTenths === null ? [] : [line.ceTenths]));
  return { sum: grades.reduce((a, b) => a + b, 0), count: grades.length };
}

/** The CE average rule: the unrounded mean of the CE grades is 5,5 or more, i.e. sum ≥ 55 · count in tenths. */
function checkCeAverage(standing: Standing): Failure[] {
  const { sum, count } = ceGrades(standing);
  if (count === 0 || sum >= 55 * count) return [];
  const ids = standing.finalGrades.filter((line) => line.ceTenths !== null).map((line) => line.id);
  return [fail('ce_average', 'ce_average_too_low', GRADES_MESSAGES.CE_AVERAGE_TOO_LOW(sum, count), ids)];
}

function checkCoreSubjects(standing: Standing): Failure[] {
  const core = standing.finalGrades.filter((line) => line.core !== undefined);
  const failures = core
    .filter((line) => line.grade < 5)
    .map((line) =>
      fail('core_subjects', 'core_below_five', GRADES_MESSAGES.CORE_BELOW_FIVE(line.name, line.grade), [line.id]),
    );
  const fives = core.filter((line) => line.grade === 5);
  if (fives.length > 1) {
    failures.push(
      fail(
        'core_subjects',
        'core_two_fives',
        GRADES_MESSAGES.CORE_TWO_FIVES(fives.map((line) => line.name)),
        fives.map((line) => line.id),
      ),
    );
  }
  return failures;
}

function checkDutchMinimum(standing: Standing): Failure[] {
  return standing.finalGrades
    .filter((line) => line.core === 'nederlands' && line.grade < 5)
    .map((line) => fail('dutch_minimum', 'dutch_below_five', GRADES_MESSAGES.DUTCH_BELOW_FIVE(line.grade), [line.id]));
}

function checkCombinationParts(standing: Standing): Failure[] {
  return standing.finalGrades.flatMap((line) =>
    (line.parts ?? [])
      .filter((part) => part.grade < 4)
      .map((part) =>
        fail(
          'combination_parts',
          'combination_part_below_four',
          GRADES_MESSAGES.COMBINATION_PART_BELOW_FOUR(part.name, part.grade, line.name),
          [line.id],
        ),
      ),
  );
}

/** The final grades below 6, and whether the pupil has any below 4 (always failing). */
function fails(standing: Standing): { below4: FinalGradeLine[]; fours: FinalGradeLine[]; fives: FinalGradeLine[] } {
  const lines = standing.finalGrades;
  return {
    below4: lines.filter((line) => line.grade < 4),
    fours: lines.filter((line) => line.grade === 4),
    fives: lines.filter((line) => line.grade === 5),
  };
}

const belowFour = (lines: readonly FinalGradeLine[]): Failure[] =>
  lines.map((line) =>
    fail('compensation', 'grade_below_four', GRADES_MESSAGES.GRADE_BELOW_FOUR(line.name, line.grade), [line.id]),
  );

/**
 * havo/vwo: all final grades 6 or more; or one 5; or one 4, two 5s, or a 5
 * and a 4 when the mean of all final grades is 6,0 or more; nothing below 4.
 */
function checkCompensationHavoVwo(standing: Standing): Failure[] {
  const { below4, fours, fives } = fails(standing);
  if (below4.length > 0) return belowFour(below4);
  const failing = [...fours, ...fives];
  if (fours.length === 0 && fives.length <= 1) return [];
  if (fours.length > 1 || failing.length > 2) {
    return [
      fail(
        'compensation',
        'too_many_fails',
        GRADES_MESSAGES.TOO_MANY_FAILS(failing.map((line) => line.name)),
        failing.map((line) => line.id),
      ),
    ];
  }
  const sum = standing.finalGrades.reduce((total, line) => total + line.grade, 0);
  const count = standing.finalGrades.length;
  if (sum >= 6 * count) return [];
  return [
    fail(
      'compensation',
      'average_too_low',
      GRADES_MESSAGES.AVERAGE_TOO_LOW(sum, count),
      failing.map((line) => line.id),
    ),
  ];
}

/**
 * vmbo: all final grades 6 or more; or one 5; or one 4, or two 5s, when at
 * least one final grade is 7 or more; a 5 and a 4 fail; nothing below 4.
 */
function checkCompensationVmbo(standing: Standing): Failure[] {
  const { below4, fours, fives } = fails(standing);
  if (below4.length > 0) return belowFour(below4);
  const failing = [...fours, ...fives];
  if (fours.length === 0 && fives.length <= 1) return [];
  const oneFour = fours.length === 1 && fives.length === 0;
  const twoFives = fours.length === 0 && fives.length === 2;
  if (!oneFour && !twoFives) {
    return [
      fail(
        'compensation',
        'too_many_fails',
        GRADES_MESSAGES.TOO_MANY_FAILS_VMBO(failing.map((line) => line.name)),
        failing.map((line) => line.id),
      ),
    ];
  }
  if (standing.finalGrades.some((line) => line.grade >= 7)) return [];
  return [
    fail(
      'compensation',
      'no_seven',
      GRADES_MESSAGES.NO_SEVEN,
      failing.map((line) => line.id),
    ),
  ];
}

function checkAssessed(standing: Standing): Failure[] {
  return standing.assessed
    .filter((subject) => subject.assessment === 'onvoldoende')
    .map((subject) =>
      fail('assessed_subjects', 'not_sufficient', GRADES_MESSAGES.NOT_SUFFICIENT(subject.name), [subject.id]),
    );
}

const T = GRADES_MESSAGES.RULE_TITLES;

/** The rule table, in the order the failures are reported. */
export const DIPLOMA_RULES: readonly DiplomaRule[] = [
  {
    id: 'ce_average',
    levels: ALL_LEVELS,
    title: T.ce_average,
    source: 'Eindexamenbesluit VO, art. 49 (vmbo) en art. 50 (havo, vwo): het gemiddelde van de CE-cijfers',
    note:
      'The unrounded mean of the CE grades (one decimal each) of every subject with a central exam; subjects ' +
      'with only a school exam and the parts of a combination grade do not count.',
    check: checkCeAverage,
  },
  {
    id: 'core_subjects',
    levels: HAVO_VWO,
    title: T.core_subjects,
    source: 'Eindexamenbesluit VO, art. 50 (havo, vwo): de kernvakkenregel',
    note:
      'Nederlands, Engels and wiskunde A, B or C (wiskunde D is no core subject); a havo pupil without wiskunde has ' +
      'two core subjects. The caller marks the core subjects (`core`).',
    check: checkCoreSubjects,
  },
  {
    id: 'dutch_minimum',
    levels: VMBO,
    title: T.dutch_minimum,
    source: 'Eindexamenbesluit VO, art. 49 (vmbo): eindcijfer Nederlandse taal',
    note: 'NOT VERIFIED: the vmbo rule that Nederlands needs a final grade of 5 or more is from memory; check the current art. 49.',
    unverified: VMBO,
    check: checkDutchMinimum,
  },
  {
    id: 'combination_parts',
    levels: ALL_LEVELS,
    title: T.combination_parts,
    source:
      'Eindexamenbesluit VO, art. 48 (combinatiecijfer) en art. 50 (havo, vwo); art. 49 (vmbo: de beroepsgerichte keuzevakken)',
    note:
      'havo/vwo: the parts are maatschappijleer, the profielwerkstuk, CKV (vwo; for havo per the current examination ' +
      'programme) and what the school adds. vmbo bb/kb (ADR 035): the beroepsgerichte keuzevakken, their mean as one ' +
      'final grade, each at least 4. NOT VERIFIED for the vmbo against the current art. 49.',
    unverified: VMBO,
    check: checkCombinationParts,
  },
  {
    id: 'compensation',
    levels: HAVO_VWO,
    title: T.compensation,
    source: 'Eindexamenbesluit VO, art. 50 (havo, vwo): de eindcijfers',
    note: 'The mean of all final grades (the combination grade as one) must be 6,0 or more with a 4, two 5s or a 5 and a 4.',
    check: checkCompensationHavoVwo,
  },
  {
    id: 'compensation',
    levels: VMBO,
    title: T.compensation,
    source: 'Eindexamenbesluit VO, art. 49 (vmbo): de eindcijfers',
    note:
      'One 4, or two 5s, with at least one final grade of 7 or more; a 5 and a 4 fail. From memory of the current ' +
      'text: verify before publishing.',
    unverified: VMBO,
    check: checkCompensationVmbo,
  },
  {
    id: 'assessed_subjects',
    levels: ALL_LEVELS,
    title: T.assessed_subjects,
    source:
      'Eindexamenbesluit VO, art. 49 (vmbo: lichamelijke opvoeding, kunstvakken 1/CKV, profielwerkstuk) en art. 50 ' +
      '(havo, vwo: lichamelijke opvoeding)',
    note:
      'Each part the caller lists as assessed must be voldoende or goed. NOT VERIFIED: that the profielwerkstuk is ' +
      'assessed this way in every vmbo leerweg (bb and kb included). Which parts a pupil must have is the ' +
      'examination programme, not checked here.',
    unverified: VMBO,
    check: checkAssessed,
  },
];

/** A rule as a page lists it: its title, its source, and whether it was checked against the article's text. */
export interface RuleSource {
  title: string;
  source: string;
  verified: boolean;
}

/** The rules of a level as the pages list them (issue 35, item 5), in report order. */
export const ruleSourcesFor = (level: Level): RuleSource[] =>
  rulesFor(level).map((rule) => ({
    title: rule.title,
    source: rule.source,
    verified: !(rule.unverified ?? []).includes(level),
  }));

/** The rules of a level, in report order. */
export const rulesFor = (level: Level): DiplomaRule[] => DIPLOMA_RULES.filter((rule) => rule.levels.includes(level));
