/**
 * The case suite of the pass/fail rules: each case a pupil's grades, the
 * outcome, and the reasoning worked out by hand from the rules (the article
 * of the Eindexamenbesluit VO in `diploma-rules.ts`). Every case is also
 * checked for consistency: a retake that is offered makes the pupil pass, and
 * 0,1 less on that exam does not.
 */
import { describe, expect, it } from 'vitest';
import { type Level } from '#app/platform/levels.ts';
import { evaluateDiploma } from './diploma.ts';
import { type FailureReason } from './diploma-rules.ts';
import { type CoreSubject, type ExamSubject } from './final-grade.ts';

type Grades = readonly [se: number, ce: number | null];
type Assessment = 'goed' | 'voldoende' | 'onvoldoende';

interface Package {
  graded: readonly { id: string; name: string; grades: Grades; core?: CoreSubject }[];
  combination?: readonly { id: string; name: string; se: number }[];
  assessed: readonly { id: string; name: string; assessment: Assessment }[];
}

interface Changes {
  /** New SE and CE grades per subject id. */
  grades?: Record<string, Grades>;
  /** New grades of combination parts per part id. */
  parts?: Record<string, number>;
  assessed?: Record<string, Assessment>;
  /** Subjects left out of the package. */
  without?: readonly string[];
  /** Subjects added to the package. */
  extra?: Package['graded'];
}

const s = (id: string, name: string, core?: CoreSubject) => ({
  id,
  name,
  grades: [6.5, 6.5] as Grades,
  ...(core ? { core } : {}),
});
const a = (id: string, name: string) => ({ id, name, assessment: 'voldoende' as Assessment });

/** havo, economie en maatschappij: 7 subjects with a CE, the combination grade, LO. Every final grade 7. */
const HAVO: Package = {
  graded: [
    s('nederlands', 'Nederlands', 'nederlands'),
    s('engels', 'Engels', 'engels'),
    s('wiskunde-a', 'wiskunde A', 'wiskunde'),
    s('economie', 'economie'),
    s('bedrijfseconomie', 'bedrijfseconomie'),
    s('geschiedenis', 'geschiedenis'),
    s('aardrijkskunde', 'aardrijkskunde'),
  ],
  combination: [
    { id: 'maatschappijleer', name: 'maatschappijleer', se: 7 },
    { id: 'ckv', name: 'CKV', se: 7 },
    { id: 'profielwerkstuk', name: 'het profielwerkstuk', se: 7 },
  ],
  assessed: [a('lo', 'Lichamelijke opvoeding')],
};

/** vwo, natuur en techniek: 7 subjects with a CE (wiskunde D no core subject), the combination grade, LO. */
const VWO: Package = {
  graded: [
    s('nederlands', 'Nederlands', 'nederlands'),
    s('engels', 'Engels', 'engels'),
    s('wiskunde-b', 'wiskunde B', 'wiskunde'),
    s('natuurkunde', 'natuurkunde'),
    s('scheikunde', 'scheikunde'),
    s('wiskunde-d', 'wiskunde D'),
    s('frans', 'Frans'),
  ],
  combination: HAVO.combination,
  assessed: [a('lo', 'Lichamelijke opvoeding')],
};

const VMBO_ASSESSED = [
  a('lo', 'Lichamelijke opvoeding'),
  a('kv1', 'Kunstvakken 1 (CKV)'),
  a('pws', 'Het profielwerkstuk'),
];

/** vmbo gl/tl: 6 subjects with a CE, maatschappijleer 1 (SE only), LO, kunstvakken 1, profielwerkstuk. */
const VMBO_GT: Package = {
  graded: [
    s('nederlands', 'Nederlands', 'nederlands'),
    s('engels', 'Engels'),
    s('wiskunde', 'wiskunde'),
    s('biologie', 'biologie'),
    s('economie', 'economie'),
    s('geschiedenis', 'geschiedenis'),
    { id: 'maatschappijleer', name: 'maatschappijleer 1', grades: [6.5, null] },
  ],
  assessed: VMBO_ASSESSED,
};

/** vmbo bb/kb: 4 general subjects with a CE, the vocational profile subject (its CSPE as CE), maatschappijleer 1. */
const VMBO_BK: Package = {
  graded: [
    s('nederlands', 'Nederlands', 'nederlands'),
    s('engels', 'Engels'),
    s('wiskunde', 'wiskunde'),
    s('biologie', 'biologie'),
    s('zorg-en-welzijn', 'zorg en welzijn'),
    { id: 'maatschappijleer', name: 'maatschappijleer 1', grades: [6.5, null] },
  ],
  assessed: VMBO_ASSESSED,
};

/** Ten subjects with a CE, SE 8,0 each: the final grades are all 7 and only the CE average decides. */
const TEN_CE: Package = {
  graded: [
    'nederlands',
    'engels',
    'wiskunde-b',
    'natuurkunde',
    'scheikunde',
    'biologie',
    'frans',
    'duits',
    'wiskunde-d',
    'economie',
  ].map((id) => ({ id, name: id, grades: [8, 5.5] as Grades })),
  assessed: [a('lo', 'Lichamelijke opvoeding')],
};

function build(base: Package, changes: Changes = {}): ExamSubject[] {
  const graded = [...base.graded, ...(changes.extra ?? [])]
    .filter((subject) => !changes.without?.includes(subject.id))
    .map((subject): ExamSubject => {
      const [se, ce] = changes.grades?.[subject.id] ?? subject.grades;
      return {
        kind: 'graded',
        id: subject.id,
        name: subject.name,
        se,
        ce,
        ...(subject.core ? { core: subject.core } : {}),
      };
    });
  const combination: ExamSubject[] = base.combination
    ? [
        {
          kind: 'combination',
          id: 'combinatiecijfer',
          name: 'het combinatiecijfer',
          parts: base.combination.map((part) => ({ ...part, se: changes.parts?.[part.id] ?? part.se })),
        },
      ]
    : [];
  const assessed = base.assessed.map((subject): ExamSubject => ({
    kind: 'assessed',
    ...subject,
    assessment: changes.assessed?.[subject.id] ?? subject.assessment,
  }));
  return [...graded, ...combination, ...assessed];
}

interface Case {
  name: string;
  level: Level;
  subjects: ExamSubject[];
  /** 'geslaagd', 'gezakt', or the best retake: [subject id, CE grade needed]. */
  expected: 'geslaagd' | 'gezakt' | readonly [string, number];
  reasons?: readonly FailureReason[];
  /** How the outcome follows from the rules. */
  why: string;
}

const havo = (
  name: string,
  changes: Changes,
  expected: Case['expected'],
  reasons: Case['reasons'],
  why: string,
): Case => ({
  name,
  level: 'havo',
  subjects: build(HAVO, changes),
  expected,
  reasons,
  why,
});
const vwo = (
  name: string,
  changes: Changes,
  expected: Case['expected'],
  reasons: Case['reasons'],
  why: string,
): Case => ({
  name,
  level: 'vwo',
  subjects: build(VWO, changes),
  expected,
  reasons,
  why,
});
const vmbo =
  (level: Level, base: Package) =>
  (name: string, changes: Changes, expected: Case['expected'], reasons: Case['reasons'], why: string): Case => ({
    name,
    level,
    subjects: build(base, changes),
    expected,
    reasons,
    why,
  });
const gt = vmbo('vmbo-gl-tl', VMBO_GT);
const bb = vmbo('vmbo-b', VMBO_BK);
const kb = vmbo('vmbo-k', VMBO_BK);

const allSix = (ids: readonly string[]): Record<string, Grades> =>
  Object.fromEntries(ids.map((id) => [id, [6, 6] as Grades]));

const CASES: Case[] = [
  // ---------------------------------------------------------------- havo
  havo('havo: every final grade 7', {}, 'geslaagd', [], '(6,5 + 6,5) / 2 = 6,5 → 7 everywhere; CE average 6,5.'),
  havo(
    'havo: one 5',
    { grades: { economie: [5, 5] } },
    'geslaagd',
    [],
    'One 5, the rest 6 or more: passes without the average.',
  ),
  havo(
    'havo: two 5s, average 6,5',
    { grades: { economie: [5, 5], geschiedenis: [5, 5] } },
    'geslaagd',
    [],
    'Two 5s need a mean of 6,0: (6·7 + 5 + 5) / 8 = 6,5. CE average (5·6,5 + 5 + 5) / 7 = 6,07.',
  ),
  havo(
    'havo: one 4, average 6,6',
    { grades: { economie: [4, 4] } },
    'geslaagd',
    [],
    'One 4 needs a mean of 6,0: (7·7 + 4) / 8 = 6,63.',
  ),
  havo(
    'havo: a 5 and a 4',
    { grades: { economie: [4, 4], geschiedenis: [5, 5] } },
    'geslaagd',
    [],
    'A 5 and a 4 with mean (6·7 + 9) / 8 = 6,38; CE average 41,5 / 7 = 5,93.',
  ),
  havo(
    'havo: a 4 with the average exactly 6,0',
    {
      grades: {
        economie: [4, 4],
        ...allSix(['nederlands', 'engels', 'wiskunde-a', 'bedrijfseconomie', 'geschiedenis']),
      },
    },
    'geslaagd',
    [],
    'Final grades 4, 6, 6, 6, 6, 6, 7 and the combination 7: 48 / 8 = 6,0, which is enough. CE average 40,5 / 7 = 5,79.',
  ),
  havo(
    'havo: a 4 with the average 5,875',
    {
      grades: {
        economie: [4, 4],
        ...allSix(['nederlands', 'engels', 'wiskunde-a', 'bedrijfseconomie', 'geschiedenis', 'aardrijkskunde']),
      },
    },
    ['economie', 5.0],
    ['average_too_low'],
    '47 / 8 = 5,875 < 6,0. Retake economie: (4,0 + 5,0) / 2 = 4,5 → 5 leaves one 5 (rise 1,0); raising a 6 to 7 needs CE 7,0 (also a rise of 1,0): the lower grade is listed first.',
  ),
  havo(
    'havo: two 4s',
    { grades: { economie: [4, 4], geschiedenis: [4, 4] } },
    ['economie', 5.0],
    ['too_many_fails'],
    'Two 4s never pass. Retake economie to 5,0: (4 + 5) / 2 = 4,5 → 5, a 5 and a 4 with mean (6·7 + 9) / 8 = 6,38.',
  ),
  havo(
    'havo: three 5s',
    { grades: { economie: [5, 5], geschiedenis: [5, 5], aardrijkskunde: [5, 5] } },
    ['economie', 6.0],
    ['too_many_fails'],
    'Three 5s fail. Retake economie to 6,0: (5 + 6) / 2 = 5,5 → 6, two 5s with mean (5·7 + 6 + 10) / 8 = 6,38.',
  ),
  havo(
    'havo: a 3',
    { grades: { economie: [3, 3] } },
    ['economie', 4.0],
    ['grade_below_four'],
    'A 3 always fails. Retake economie to 4,0: (3,0 + 4,0) / 2 = 3,5 → 4, one 4 with mean (7·7 + 4) / 8 = 6,63.',
  ),
  havo(
    'havo: two 5s in core subjects',
    { grades: { nederlands: [5, 5], engels: [5, 5] } },
    ['nederlands', 6.0],
    ['core_two_fives'],
    'Core subjects: at most one 5. Retake Nederlands to 6,0 → 6 (Engels would need the same; Nederlands is listed first).',
  ),
  havo(
    'havo: a 4 in a core subject',
    { grades: { 'wiskunde-a': [4, 4] } },
    ['wiskunde-a', 5.0],
    ['core_below_five'],
    'No core subject below 5 (the 4 itself would be compensated: mean 6,63). Retake wiskunde A to 5,0 → 5.',
  ),
  havo(
    'havo: a 5 in a core subject and a 5 elsewhere',
    { grades: { nederlands: [5, 5], economie: [5, 5] } },
    'geslaagd',
    [],
    'One 5 among the core subjects is allowed; two 5s with mean 6,5.',
  ),
  havo(
    'havo: Nederlands 3, a core subject below 5 and a grade below 4',
    { grades: { nederlands: [3, 3] } },
    ['nederlands', 6.0],
    ['core_below_five', 'grade_below_four'],
    'Both rules fail. Retake Nederlands to 6,0: (3 + 6) / 2 = 4,5 → 5, the one 5 of the core subjects.',
  ),
  havo(
    'havo: SE 5,4 and CE 5,5 round to 5 in two core subjects',
    { grades: { nederlands: [5.4, 5.5], engels: [5.5, 5.4] } },
    ['engels', 5.5],
    ['core_two_fives'],
    '(5,4 + 5,5) / 2 = 5,45 → 5, twice. Engels needs (5,5 + CE) / 2 ≥ 5,5, CE 5,5 (a rise of 0,1); Nederlands CE 5,6 (also 0,1): the lower grade first.',
  ),
  havo(
    'havo: combination part below 4',
    { parts: { profielwerkstuk: 3 } },
    'gezakt',
    ['combination_part_below_four'],
    'Each part of the combination grade must be 4 or more; the combination has no central exam, so no retake helps.',
  ),
  havo(
    'havo: combination grade 5 and a 5 in Nederlands',
    { parts: { maatschappijleer: 5, ckv: 5, profielwerkstuk: 5 }, grades: { nederlands: [5, 5] } },
    'geslaagd',
    [],
    'The combination grade (5 + 5 + 5) / 3 = 5 counts as a 5, not as a core subject: two 5s with mean (6·7 + 10) / 8 = 6,5.',
  ),
  havo(
    'havo: a subject without a central exam, SE 5,4',
    { extra: [{ id: 'informatica', name: 'informatica', grades: [5.4, null] }] },
    'geslaagd',
    [],
    'informatica has only a school exam: 5,4 → 5, one 5. The CE average is unchanged.',
  ),
  havo(
    'havo: a subject without a central exam, SE 3,4',
    { extra: [{ id: 'informatica', name: 'informatica', grades: [3.4, null] }] },
    'gezakt',
    ['grade_below_four'],
    '3,4 → 3 fails, and no CE retake can change it (a school may offer a resit of its school exam: its own rule).',
  ),
  havo(
    'havo: LO not sufficient',
    { assessed: { lo: 'onvoldoende' } },
    'gezakt',
    ['not_sufficient'],
    'LO must be voldoende or goed; no CE retake changes it.',
  ),
  havo(
    'havo: without wiskunde, a 5 in Nederlands and one in Duits',
    {
      without: ['wiskunde-a'],
      extra: [{ id: 'duits', name: 'Duits', grades: [5, 5] }],
      grades: { nederlands: [5, 5] },
    },
    'geslaagd',
    [],
    'A C&M pupil without wiskunde has two core subjects, one 5 among them. Final grades Nederlands 5, Duits 5, five 7s and the combination 7: (6·7 + 5 + 5) / 8 = 6,5.',
  ),
  havo(
    'havo: LO not sufficient and a 3',
    { assessed: { lo: 'onvoldoende' }, grades: { economie: [3, 3] } },
    'gezakt',
    ['grade_below_four', 'not_sufficient'],
    'Two rules fail; a retake of economie cannot make LO sufficient.',
  ),

  // ---------------------------------------------------------------- vwo
  vwo('vwo: every final grade 7', {}, 'geslaagd', [], 'All 7; CE average 6,5.'),
  vwo(
    'vwo: a 4 in wiskunde D (no core subject)',
    { grades: { 'wiskunde-d': [4, 4] } },
    'geslaagd',
    [],
    'wiskunde D is not a core subject: one 4 with mean (7·7 + 4) / 8 = 6,63.',
  ),
  vwo(
    'vwo: a 4 in wiskunde B',
    { grades: { 'wiskunde-b': [4, 4] } },
    ['wiskunde-b', 5.0],
    ['core_below_five'],
    'wiskunde B is a core subject: nothing below 5. Retake to 5,0 → 5.',
  ),
  vwo(
    'vwo: combination part below 4',
    { parts: { profielwerkstuk: 3 } },
    'gezakt',
    ['combination_part_below_four'],
    'Parts 7, 7, 3: the combination (17 / 3 = 5,67 → 6) would do, but the 3 fails the rule; no retake.',
  ),
  vwo(
    'vwo: combination grade 4 from parts 4, 4, 5',
    { parts: { maatschappijleer: 4, ckv: 4, profielwerkstuk: 5 } },
    'geslaagd',
    [],
    'Parts all 4 or more; (4 + 4 + 5) / 3 = 4,33 → 4 counts as one 4 with mean (7·7 + 4) / 8 = 6,63.',
  ),
  vwo(
    'vwo: combination parts rounded first',
    { parts: { maatschappijleer: 5.4, ckv: 5.5, profielwerkstuk: 6.4 } },
    'geslaagd',
    [],
    'Parts 5,4 → 5, 5,5 → 6, 6,4 → 6: (5 + 6 + 6) / 3 = 5,67 → 6.',
  ),
  vwo(
    'vwo: a 5 and a 4 with the average exactly 6,0',
    { grades: { frans: [4, 4], 'wiskunde-d': [5, 5], ...allSix(['nederlands', 'engels', 'wiskunde-b']) } },
    'geslaagd',
    [],
    '4 + 5 + 6 + 6 + 6 + 7 + 7 + 7 (combination) = 48, 48 / 8 = 6,0. CE average 40 / 7 = 5,71.',
  ),
  vwo(
    'vwo: a 5 and a 4 with the average 5,875',
    {
      grades: { frans: [4, 4], 'wiskunde-d': [5, 5], ...allSix(['nederlands', 'engels', 'wiskunde-b', 'natuurkunde']) },
    },
    ['frans', 5.0],
    ['average_too_low'],
    '47 / 8 = 5,875. Every single retake needs a rise of 1,0 (Frans to 5,0, wiskunde D to 6,0, a 6 to 7,0); Frans needs the lowest grade.',
  ),
  vwo(
    'vwo: two 5s in core subjects',
    { grades: { nederlands: [5, 5], 'wiskunde-b': [5, 5] } },
    ['nederlands', 6.0],
    ['core_two_fives'],
    'At most one 5 among Nederlands, Engels and wiskunde.',
  ),
  vwo(
    'vwo: a 5 in Nederlands and a 4 in Engels',
    { grades: { nederlands: [5, 5], engels: [4, 4] } },
    ['engels', 7.0],
    ['core_below_five'],
    'Engels 4 is below 5. Raising Engels to 5 would give two core 5s; it needs a 6: (4 + CE) / 2 ≥ 5,5, CE 7,0.',
  ),
  vwo(
    'vwo: LO not sufficient',
    { assessed: { lo: 'onvoldoende' } },
    'gezakt',
    ['not_sufficient'],
    'LO must be voldoende or goed.',
  ),
  vwo('vwo: LO goed', { assessed: { lo: 'goed' } }, 'geslaagd', [], 'goed is enough.'),
  vwo(
    'vwo: CE 1,0 in wiskunde D with SE 9,0',
    { grades: { 'wiskunde-d': [9, 1] } },
    'geslaagd',
    [],
    '(9 + 1) / 2 = 5: one 5. CE average (6·6,5 + 1) / 7 = 5,71.',
  ),
  vwo(
    'vwo: strong school exams, CE 4,0 everywhere',
    {
      grades: Object.fromEntries(VWO.graded.map((subject) => [subject.id, [9, 4] as Grades])),
    },
    'gezakt',
    ['ce_average_too_low'],
    'Final grades (9 + 4) / 2 = 6,5 → 7, but the CE average is 4,0; one retake adds at most 6,0 / 7 = 0,86 to it.',
  ),
  vwo(
    'vwo: every grade 10',
    {
      grades: Object.fromEntries(VWO.graded.map((subject) => [subject.id, [10, 10] as Grades])),
      parts: { maatschappijleer: 10, ckv: 10, profielwerkstuk: 10 },
    },
    'geslaagd',
    [],
    'Nothing to fail.',
  ),
  {
    name: 'vwo: CE average 5,49',
    level: 'vwo',
    subjects: build(TEN_CE, { grades: { economie: [8, 5.4] } }),
    expected: ['economie', 5.5],
    reasons: ['ce_average_too_low'],
    why: 'Nine CE grades 5,5 and one 5,4: 549 / 10 = 5,49 < 5,5, unrounded. Retake economie to 5,5 (a rise of 0,1; any other 5,5 to 5,6 rises as much, but needs more).',
  },
  {
    name: 'vwo: CE average exactly 5,5',
    level: 'vwo',
    subjects: build(TEN_CE),
    expected: 'geslaagd',
    reasons: [],
    why: '550 / 10 = 5,5: enough.',
  },
  {
    name: 'havo: CE average 5,486 (seven CE subjects)',
    level: 'havo',
    subjects: build(TEN_CE, { without: ['duits', 'wiskunde-d', 'biologie'], grades: { economie: [8, 5.4] } }),
    expected: ['economie', 5.5],
    reasons: ['ce_average_too_low'],
    why: '(6·5,5 + 5,4) / 7 = 38,4 / 7 = 5,486: not rounded up to 5,5.',
  },

  // ---------------------------------------------------------------- vmbo gl/tl
  gt(
    'gl/tl: every final grade 7',
    {},
    'geslaagd',
    [],
    'All 7 (maatschappijleer 1: SE 6,5 → 7); LO, CKV, profielwerkstuk voldoende.',
  ),
  gt('gl/tl: one 5', { grades: { economie: [5, 5] } }, 'geslaagd', [], 'One 5, the rest 6 or more.'),
  gt(
    'gl/tl: one 4 with a 7',
    { grades: { economie: [4, 4] } },
    'geslaagd',
    [],
    'One 4, the rest 6 or more, at least one 7.',
  ),
  gt(
    'gl/tl: one 4 without a 7',
    {
      grades: {
        economie: [4, 4],
        ...allSix(['nederlands', 'engels', 'wiskunde', 'biologie', 'geschiedenis']),
        maatschappijleer: [6, null],
      },
    },
    ['economie', 5.0],
    ['no_seven'],
    'A 4 needs a 7 somewhere; all others are 6. Retake economie to 5,0 → one 5 (a 6 to 7 also rises 1,0 but needs 7,0).',
  ),
  gt(
    'gl/tl: two 5s with a 7',
    { grades: { economie: [5, 5], geschiedenis: [5, 5] } },
    'geslaagd',
    [],
    'Two 5s and a 7.',
  ),
  gt(
    'gl/tl: two 5s without a 7',
    {
      grades: {
        economie: [5, 5],
        geschiedenis: [5, 5],
        ...allSix(['nederlands', 'engels', 'wiskunde', 'biologie']),
        maatschappijleer: [6, null],
      },
    },
    ['economie', 6.0],
    ['no_seven'],
    'Two 5s need a 7. Retake economie to 6,0 → 6 leaves one 5; a 6 to 7 needs CE 7,0 (the same rise of 1,0).',
  ),
  gt(
    'gl/tl: a 5 and a 4',
    { grades: { economie: [4, 4], geschiedenis: [5, 5] } },
    ['economie', 5.0],
    ['too_many_fails'],
    'The vmbo allows no 5 with a 4. Retake economie to 5,0 → two 5s with a 7.',
  ),
  gt(
    'gl/tl: two 4s',
    { grades: { economie: [4, 4], geschiedenis: [4, 4] } },
    ['economie', 7.0],
    ['too_many_fails'],
    'Economie to 5 would leave a 5 and a 4, which the vmbo refuses; it needs a 6: (4,0 + 7,0) / 2 = 5,5 → 6, one 4 with 7s.',
  ),
  gt(
    'gl/tl: Nederlands 4',
    { grades: { nederlands: [4, 4] } },
    ['nederlands', 5.0],
    ['dutch_below_five'],
    'Nederlands needs a 5 (the 4 itself would be compensated by the 7s). Retake to 5,0 → 5.',
  ),
  gt('gl/tl: Nederlands 5', { grades: { nederlands: [5, 5] } }, 'geslaagd', [], 'A 5 in Nederlands is enough.'),
  gt(
    'gl/tl: CE average 5,4',
    {
      grades: Object.fromEntries(
        VMBO_GT.graded.filter((x) => x.grades[1] !== null).map((x) => [x.id, [8, 5.4] as Grades]),
      ),
    },
    ['nederlands', 6.0],
    ['ce_average_too_low'],
    'Six CE grades 5,4: 32,4 / 6 < 5,5; one retake must add 0,6 (33,0 / 6 = 5,5): Nederlands, the first, to 6,0.',
  ),
  gt(
    'gl/tl: LO not sufficient',
    { assessed: { lo: 'onvoldoende' } },
    'gezakt',
    ['not_sufficient'],
    'LO must be voldoende or goed.',
  ),
  gt(
    'gl/tl: CKV not sufficient',
    { assessed: { kv1: 'onvoldoende' } },
    'gezakt',
    ['not_sufficient'],
    'Kunstvakken 1 must be voldoende or goed.',
  ),
  gt(
    'gl/tl: profielwerkstuk not sufficient',
    { assessed: { pws: 'onvoldoende' } },
    'gezakt',
    ['not_sufficient'],
    'The profielwerkstuk must be voldoende or goed.',
  ),
  gt(
    'gl/tl: a 3',
    { grades: { economie: [3, 3] } },
    ['economie', 4.0],
    ['grade_below_four'],
    'Retake to 4,0: (3,0 + 4,0) / 2 = 3,5 → 4, one 4 with 7s.',
  ),
  gt(
    'gl/tl: maatschappijleer 1 SE 3,4',
    { grades: { maatschappijleer: [3.4, null] } },
    'gezakt',
    ['grade_below_four'],
    '3,4 → 3; maatschappijleer 1 has no central exam (a school may offer a resit of its school exam).',
  ),
  gt(
    'gl/tl: three 5s',
    { grades: { economie: [5, 5], geschiedenis: [5, 5], biologie: [5, 5] } },
    ['biologie', 6.0],
    ['too_many_fails'],
    'Three 5s fail; biologie (listed before economie) to 6,0 leaves two 5s with a 7.',
  ),

  // ---------------------------------------------------------------- vmbo bb
  bb('bb: every final grade 7', {}, 'geslaagd', [], 'All 7; the CSPE of the profile subject counts as its CE.'),
  bb('bb: one 4 with a 7', { grades: { 'zorg-en-welzijn': [4, 4] } }, 'geslaagd', [], 'One 4, at least one 7.'),
  bb(
    'bb: one 4 without a 7',
    {
      grades: {
        biologie: [4, 4],
        ...allSix(['nederlands', 'engels', 'wiskunde', 'zorg-en-welzijn']),
        maatschappijleer: [6, null],
      },
    },
    ['biologie', 5.0],
    ['no_seven'],
    'All others 6: no 7. Retake biologie to 5,0.',
  ),
  bb('bb: two 5s with a 7', { grades: { engels: [5, 5], wiskunde: [5, 5] } }, 'geslaagd', [], 'Two 5s and 7s.'),
  bb(
    'bb: Nederlands 4',
    { grades: { nederlands: [4, 4] } },
    ['nederlands', 5.0],
    ['dutch_below_five'],
    'Nederlands needs 5.',
  ),
  bb(
    'bb: CE average 5,46',
    {
      grades: {
        nederlands: [8, 5.5],
        engels: [8, 5.4],
        wiskunde: [8, 5.5],
        biologie: [8, 5.4],
        'zorg-en-welzijn': [8, 5.5],
      },
    },
    ['engels', 5.6],
    ['ce_average_too_low'],
    '(5,5 + 5,4 + 5,5 + 5,4 + 5,5) / 5 = 27,3 / 5 = 5,46 < 5,5; 27,5 is needed: Engels 5,4 → 5,6 is a rise of 0,2, as is Nederlands 5,5 → 5,7; Engels needs the lower grade.',
  ),
  bb(
    'bb: profielwerkstuk not sufficient',
    { assessed: { pws: 'onvoldoende' } },
    'gezakt',
    ['not_sufficient'],
    'The profielwerkstuk must be voldoende or goed.',
  ),

  // ---------------------------------------------------------------- vmbo kb
  kb('kb: every final grade 7', {}, 'geslaagd', [], 'All 7.'),
  kb('kb: one 5', { grades: { wiskunde: [5, 5] } }, 'geslaagd', [], 'One 5.'),
  kb(
    'kb: a 5 and a 4',
    { grades: { wiskunde: [5, 5], engels: [4, 4] } },
    ['engels', 5.0],
    ['too_many_fails'],
    'No 5 with a 4 in the vmbo. Engels to 5,0 gives two 5s with 7s.',
  ),
  kb(
    'kb: two 5s without a 7',
    {
      grades: {
        wiskunde: [5, 5],
        engels: [5, 5],
        ...allSix(['nederlands', 'biologie', 'zorg-en-welzijn']),
        maatschappijleer: [6, null],
      },
    },
    ['engels', 6.0],
    ['no_seven'],
    'Two 5s need a 7: Engels (listed before wiskunde) to 6,0 leaves one 5.',
  ),
  kb('kb: Nederlands 5 and a 7', { grades: { nederlands: [5, 5] } }, 'geslaagd', [], 'Nederlands 5 is enough.'),
  kb(
    'kb: LO not sufficient',
    { assessed: { lo: 'onvoldoende' } },
    'gezakt',
    ['not_sufficient'],
    'LO must be voldoende or goed.',
  ),
  kb(
    'kb: a 3 in the profile subject',
    { grades: { 'zorg-en-welzijn': [3, 3] } },
    ['zorg-en-welzijn', 4.0],
    ['grade_below_four'],
    'A 3 fails; its CSPE retaken to 4,0 gives (3,0 + 4,0) / 2 = 3,5 → 4 with 7s.',
  ),
];

describe('the pass/fail case suite', () => {
  it('has at least 60 cases across every level', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CASES.map((c) => c.level))).toEqual(new Set(['havo', 'vwo', 'vmbo-b', 'vmbo-k', 'vmbo-gl-tl']));
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  it.each(CASES)('$name', ({ level, subjects, expected, reasons }) => {
    const result = evaluateDiploma(level, subjects);
    if (!result.ok) throw new Error(result.message);
    const outcome = result.value;
    if (outcome.outcome === 'geslaagd') {
      expect(expected).toBe('geslaagd');
      expect(reasons ?? []).toEqual([]);
      return;
    }
    expect(outcome.failures.map((failure) => failure.reason)).toEqual(reasons);
    if (expected === 'gezakt') {
      expect(outcome.outcome).toBe('gezakt');
      expect(outcome.retakes).toEqual([]);
      return;
    }
    expect(expected).not.toBe('geslaagd');
    const [subjectId, ce] = expected as readonly [string, number];
    expect(outcome.outcome).toBe('herkansing');
    expect(outcome.retakes[0]).toMatchObject({ subjectId, neededCeTenths: Math.round(ce * 10) });
    // Every offered retake passes, and 0,1 less on that exam does not.
    for (const retake of outcome.retakes) {
      const retaken = (tenths: number) =>
        subjects.map((subject) =>
          subject.id === retake.subjectId && subject.kind === 'graded' ? { ...subject, ce: tenths / 10 } : subject,
        );
      const passing = evaluateDiploma(level, retaken(retake.neededCeTenths));
      expect(passing.ok && passing.value.outcome).toBe('geslaagd');
      if (retake.neededCeTenths - 1 > retake.currentCeTenths) {
        const short = evaluateDiploma(level, retaken(retake.neededCeTenths - 1));
        expect(short.ok && short.value.outcome).not.toBe('geslaagd');
      }
    }
  });
});
