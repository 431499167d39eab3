/**
 * The subjects a pupil takes an exam in, per level, as the simulator lists
 * them: the subjects we sell (their key is the catalogue's slug, so the
 * pupil's subjects from onboarding map onto them) and the parts that count
 * for the diploma but that we do not sell (the combination grade's parts, the
 * subjects judged voldoende/goed, the vmbo's maatschappijleer 1 and the
 * vocational profile subject). Sourced like the rule table
 * (`diploma-rules.ts`, Eindexamenbesluit VO art. 48–50) and shaped like its
 * case suite (`diploma-cases.test.ts`).
 *
 * The vmbo bb/kb's vocational electives (beroepsgerichte keuzevakken) are the
 * parts of their combination grade (ADR 035: four keuzevakken, each at least 4,
 * the combination grade counting once; NOT VERIFIED against the current text,
 * and so marked on the pages). What we do not model: the gl's keuzevakken (the
 * level joins gl and tl, and tl has none), a school's own extra subjects, and
 * which subjects a profile requires (the pupil adds or removes subjects of
 * their level themselves).
 */
import { type Level } from '#app/platform/levels.ts';
import { type CoreSubject } from './final-grade.ts';
import { HAVO_VWO, VMBO } from './diploma-rules.ts';

/**
 * How a subject counts: with a central exam (SE and CE), with a school exam
 * only, as a part of the combination grade (havo/vwo), or judged
 * voldoende/goed.
 */
export type ExamSubjectKind = 'central' | 'school' | 'combination-part' | 'assessed';

export interface ExamSubjectDef {
  /** Stable key; for a subject we sell, the catalogue's slug ('wiskunde-b'). */
  key: string;
  /** The Dutch name the page and the messages show. */
  name: string;
  kind: ExamSubjectKind;
  core?: CoreSubject;
  /** Listed for every pupil of the level (the parts every diploma has); the others come from onboarding or are added. */
  always: boolean;
  levels: readonly Level[];
}

const VMBO_GL_TL: readonly Level[] = ['vmbo-gl-tl'];
const VMBO_B_K: readonly Level[] = ['vmbo-b', 'vmbo-k'];
const VMBO_K_GL_TL: readonly Level[] = ['vmbo-k', 'vmbo-gl-tl'];
const ALL: readonly Level[] = [...VMBO, ...HAVO_VWO];

const central = (key: string, name: string, levels: readonly Level[], core?: CoreSubject): ExamSubjectDef => ({
  key,
  name,
  kind: 'central',
  always: false,
  levels,
  ...(core ? { core } : {}),
});

/** Every subject the simulator knows, in the order the page lists them. */
export const EXAM_SUBJECTS: readonly ExamSubjectDef[] = [
  // havo/vwo: Nederlands, Engels and wiskunde A/B/C are the core subjects (the kernvakkenregel); vmbo: Nederlands.
  central('nederlands', 'Nederlands', ALL, 'nederlands'),
  central('engels', 'Engels', ALL, 'engels'),
  central('wiskunde', 'Wiskunde', VMBO),
  central('wiskunde-a', 'Wiskunde A', HAVO_VWO, 'wiskunde'),
  central('wiskunde-b', 'Wiskunde B', HAVO_VWO, 'wiskunde'),
  central('wiskunde-c', 'Wiskunde C', ['vwo'], 'wiskunde'),
  central('wiskunde-d', 'Wiskunde D', HAVO_VWO),
  central('duits', 'Duits', ALL),
  central('frans', 'Frans', ['vmbo-gl-tl', 'havo', 'vwo']),
  central('spaans', 'Spaans', ['vmbo-gl-tl', 'havo', 'vwo']),
  central('biologie', 'Biologie', ALL),
  central('natuurkunde', 'Natuurkunde', HAVO_VWO),
  central('scheikunde', 'Scheikunde', HAVO_VWO),
  central('nask1', 'NaSk1', VMBO),
  central('nask2', 'NaSk2', VMBO_GL_TL),
  central('economie', 'Economie', ALL),
  central('bedrijfseconomie', 'Bedrijfseconomie', HAVO_VWO),
  central('geschiedenis', 'Geschiedenis', ['vmbo-k', 'vmbo-gl-tl', 'havo', 'vwo']),
  central('aardrijkskunde', 'Aardrijkskunde', ['vmbo-k', 'vmbo-gl-tl', 'havo', 'vwo']),
  central('maatschappijkunde', 'Maatschappijkunde', VMBO_K_GL_TL),
  central('maatschappijwetenschappen', 'Maatschappijwetenschappen', HAVO_VWO),
  // The vocational profile subject of bb and kb: its central practical exam (CSPE) counts as its CE.
  { key: 'profielvak', name: 'Beroepsgericht profielvak', kind: 'central', always: true, levels: VMBO_B_K },
  // havo/vwo: the combination grade's parts (art. 48).
  { key: 'maatschappijleer', name: 'Maatschappijleer', kind: 'combination-part', always: true, levels: HAVO_VWO },
  { key: 'ckv', name: 'CKV', kind: 'combination-part', always: true, levels: HAVO_VWO },
  { key: 'profielwerkstuk', name: 'Profielwerkstuk', kind: 'combination-part', always: true, levels: HAVO_VWO },
  // vmbo bb/kb: the beroepsgerichte keuzevakken, the parts of their combination grade (ADR 035).
  ...[1, 2, 3, 4].map((n): ExamSubjectDef => ({
    key: `keuzevak-${n}`,
    name: `Beroepsgericht keuzevak ${n}`,
    kind: 'combination-part',
    always: true,
    levels: VMBO_B_K,
  })),
  // vmbo: maatschappijleer 1 has a school exam only; its final grade counts.
  { key: 'maatschappijleer', name: 'Maatschappijleer 1', kind: 'school', always: true, levels: VMBO },
  // Judged voldoende/goed (art. 49, 50).
  { key: 'lo', name: 'Lichamelijke opvoeding', kind: 'assessed', always: true, levels: ALL },
  { key: 'kunstvakken', name: 'Kunstvakken 1 (CKV)', kind: 'assessed', always: true, levels: VMBO },
  { key: 'profielwerkstuk', name: 'Profielwerkstuk', kind: 'assessed', always: true, levels: VMBO_GL_TL },
];

/** The combination grade's name and key (havo/vwo: maatschappijleer, CKV, profielwerkstuk; vmbo bb/kb: the keuzevakken). */
export const COMBINATION = { key: 'combinatiecijfer', name: 'het combinatiecijfer' } as const;

/** The subjects of a level, in list order. */
export const examSubjectsOf = (level: Level): ExamSubjectDef[] =>
  EXAM_SUBJECTS.filter((subject) => subject.levels.includes(level));

/** One subject of a level by key, or undefined. */
export const examSubjectOf = (level: Level, key: string): ExamSubjectDef | undefined =>
  EXAM_SUBJECTS.find((subject) => subject.key === key && subject.levels.includes(level));
