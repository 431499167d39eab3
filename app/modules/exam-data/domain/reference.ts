/**
 * The exam reference data staff keep (issue 35): the CvTE's timetable per exam year, the N-term of each exam and
 * the past exams with their documents on Examenblad. Every change is a version of one record (`kind` and `key`);
 * a version is published only after a second staff member approves it (ADR 033).
 */
import { LEVEL_LABELS, type Level } from '#app/platform/levels.ts';

export const EXAM_DATA_KINDS = ['timetable', 'n-term', 'past-exam'] as const;
export type ExamDataKind = (typeof EXAM_DATA_KINDS)[number];

export const EXAM_DATA_KIND_LABELS: Record<ExamDataKind, string> = {
  timetable: 'Examenrooster',
  'n-term': 'N-term',
  'past-exam': 'Oud examen',
};

export const VERSION_STATUSES = ['pending', 'published', 'superseded', 'rejected'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

export const VERSION_STATUS_LABELS: Record<VersionStatus, string> = {
  pending: 'Wacht op goedkeuring',
  published: 'Gepubliceerd',
  superseded: 'Vervangen door een nieuwere versie',
  rejected: 'Afgewezen',
};

/** The periods of an exam year: 1 the May exams, 2 the June retakes, 3 the state exam's in August. */
export type Tijdvak = 1 | 2 | 3;

export interface Period {
  /** 'YYYY-MM-DD'. */
  from: string;
  to: string;
}

/** One first-tijdvak exam in the timetable: its day and session. */
export interface TimetableExam {
  /** The school subject's slug: 'wiskunde-b'. */
  subject: string;
  level: Level;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** 'HH:MM' in the Netherlands. */
  start: string;
  end: string;
}

/** One exam year of the CvTE's timetable (its Regeling rooster, amendments as new versions). */
export interface ExamTimetable {
  examYear: number;
  /** The regulation's title with its reference (kenmerk): "… (CvTE-25.00123)". */
  reference: string;
  /** The day it was published, 'YYYY-MM-DD'; null only for a record imported without it (content file). */
  publishedOn: string | null;
  /** The https address on officielebekendmakingen.nl or examenblad.nl. */
  source: string;
  firstPeriod: Period;
  secondPeriod: Period | null;
  /** The vmbo bb/kb's flexible digital exams: the school picks the day inside this period. */
  flexibleDigital: (Period & { levels: Level[] }) | null;
  exams: TimetableExam[];
}

/** The N-term of one exam (its normering on Examenblad). */
export interface NTermRecord {
  subject: string;
  level: Level;
  year: number;
  tijdvak: Tijdvak;
  /** The N-term, 0,0–3,0 in steps of 0,1. */
  n: number;
  /** The exam's maximum score. */
  maxScore: number;
  source: string;
}

/** A past exam on Examenblad: the exam, its correctievoorschrift and its normering. */
export interface PastExamRecord {
  subject: string;
  level: Level;
  year: number;
  tijdvak: Tijdvak;
  examUrl: string;
  correctionUrl: string;
  normingUrl: string;
}

export interface ExamDataPayloads {
  timetable: ExamTimetable;
  'n-term': NTermRecord;
  'past-exam': PastExamRecord;
}

/** The record a version belongs to: a timetable per exam year, an N-term or past exam per exam. */
export function recordKey<K extends ExamDataKind>(kind: K, payload: ExamDataPayloads[K]): string {
  if (kind === 'timetable') return String((payload as ExamTimetable).examYear);
  const exam = payload as NTermRecord | PastExamRecord;
  return `${exam.subject}:${exam.level}:${exam.year}:${exam.tijdvak}`;
}

/** The hosts a source may be on (and their subdomains): the CvTE's Examenblad and the Staatscourant. */
export const SOURCE_HOSTS = ['examenblad.nl', 'officielebekendmakingen.nl'] as const;

/** Whether `address` is an https address on one of SOURCE_HOSTS. */
export function isOfficialSource(address: string, hosts: readonly string[] = SOURCE_HOSTS): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** The CvTE's reference (kenmerk) in a regulation's title: "CvTE-25.00123". */
export const CVTE_REFERENCE = /CvTE-\d{2}\.\d{5}/;

/** "CvTE-25.00123" of a reference text, or the text itself when it names none. */
export const referenceCode = (reference: string) => CVTE_REFERENCE.exec(reference)?.[0] ?? reference;

/** How the plan names a published timetable as a date's source: "Examenrooster CvTE 2027 (CvTE-25.00123)". */
export const timetableSourceName = (timetable: Pick<ExamTimetable, 'examYear' | 'reference'>) =>
  `Examenrooster CvTE ${timetable.examYear} (${referenceCode(timetable.reference)})`;

/** "Wiskunde B havo" of a slug and level, with the subject names known. */
export function examName(subject: string, level: Level, names: ReadonlyMap<string, string>): string {
  return `${names.get(subject) ?? subject} ${LEVEL_LABELS[level]}`;
}

/** A timetable's exams in a stable order: by day, start and subject. */
export const sortedExams = (exams: readonly TimetableExam[]) =>
  [...exams].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.start.localeCompare(b.start) ||
      a.subject.localeCompare(b.subject) ||
      a.level.localeCompare(b.level),
  );
