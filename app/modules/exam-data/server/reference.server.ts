/**
 * The exam reference data as the rest of the site reads it (issue 35): the published version of each record,
 * kept per copy in the read-through cache (`CONTENT_CACHE_SECONDS`, like every public reference; the copy that
 * publishes forgets its entry at once), the seed's import of content/exam-timetable.json, and a pupil's notices
 * of a moved exam date.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '#app/db/client.server.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { isLevel, type Level } from '#app/platform/levels.ts';
import { listAllSubjects } from '#app/modules/catalog/index.server.ts';
import {
  examName,
  recordKey,
  type ExamDataKind,
  type ExamDataPayloads,
  type ExamTimetable,
  type NTermRecord,
  type PastExamRecord,
} from '../domain/reference.ts';
import { examTimetableSchema, nTermSchema, parseTimetableFile, pastExamSchema } from '../schemas/exam-data.ts';
import { deleteNotice, hasVersions, insertVersion, noticeRows, publishedRows } from '../db/versions.server.ts';

const CACHE_KEY = (kind: ExamDataKind) => `exam-data:published:${kind}`;
const SCHEMAS = { timetable: examTimetableSchema, 'n-term': nTermSchema, 'past-exam': pastExamSchema } as const;

async function loadPublished<K extends ExamDataKind>(db: Db, kind: K): Promise<ExamDataPayloads[K][]> {
  const rows = await publishedRows(db, kind);
  // Kept rows were checked when proposed; parsing again keeps a hand-edited row from reaching a plan.
  return rows.flatMap((row) => {
    const parsed = SCHEMAS[kind].safeParse(row.payload);
    return parsed.success ? [parsed.data as ExamDataPayloads[K]] : [];
  });
}

/** The published records of `kind`, as every copy keeps them for a short while. */
export function published<K extends ExamDataKind>(s: Pick<Scope, 'db' | 'cache'>, kind: K) {
  return s.cache.get(CACHE_KEY(kind), () => loadPublished(s.db, kind));
}

/** This copy forgets the published records of `kind` (after it published a version). */
export const forgetPublished = (s: Pick<Scope, 'cache'>, kind: ExamDataKind) => s.cache.delete(CACHE_KEY(kind));

/** The CvTE timetables published, by exam year. */
export async function publishedTimetables(s: Pick<Scope, 'db' | 'cache'>): Promise<readonly ExamTimetable[]> {
  return [...(await published(s, 'timetable'))].sort((a, b) => a.examYear - b.examYear);
}

/** The published N-terms. */
export const publishedNTerms = (s: Pick<Scope, 'db' | 'cache'>): Promise<readonly NTermRecord[]> =>
  published(s, 'n-term');

/**
 * The exams with a published N-term as the calculator's "kies een examen" offers them, labelled "Wiskunde B havo
 * 2024, tijdvak 1", in the order of their labels.
 */
export async function calculatorExams(s: Pick<Scope, 'db' | 'cache'>) {
  const [nTerms, subjects] = await Promise.all([publishedNTerms(s), offeredSubjects(s)]);
  const names = new Map([...subjects].map(([slug, subject]) => [slug, subject.name]));
  return nTerms
    .map((record) => ({
      key: recordKey('n-term', record),
      label: `${examName(record.subject, record.level, names)} ${record.year}, tijdvak ${record.tijdvak}`,
      maxScore: record.maxScore,
      n: record.n,
      source: record.source,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'nl'));
}

/** The past exams of one subject at a level, newest first (the subject page's list). */
export async function pastExamsOf(
  s: Pick<Scope, 'db' | 'cache'>,
  subject: string,
  level: Level,
): Promise<PastExamRecord[]> {
  return (await published(s, 'past-exam'))
    .filter((exam) => exam.subject === subject && exam.level === level)
    .sort((a, b) => b.year - a.year || a.tijdvak - b.tijdvak);
}

/** The subjects we offer: by slug (names and levels: what the forms offer and the checks accept) and by id. */
function subjectIndex(s: Pick<Scope, 'db' | 'cache'>) {
  return s.cache.get('exam-data:subjects', async () => {
    const rows = await listAllSubjects(s.db);
    const bySlug = new Map<string, { name: string; levels: Level[] }>();
    const byId = new Map<number, { slug: string; level: Level }>();
    for (const row of rows) {
      if (!isLevel(row.levelName)) continue;
      const entry = bySlug.get(row.slug) ?? { name: row.name, levels: [] };
      entry.levels.push(row.levelName);
      bySlug.set(row.slug, entry);
      byId.set(row.id, { slug: row.slug, level: row.levelName });
    }
    return { bySlug, byId };
  });
}

/** The names and levels of the subjects we offer, by slug. */
export const offeredSubjects = async (s: Pick<Scope, 'db' | 'cache'>) => (await subjectIndex(s)).bySlug;

/** The published past exams of a subject (by its id), newest first: the subject page's list. */
export async function pastExamsOfSubject(s: Pick<Scope, 'db' | 'cache'>, subjectId: number) {
  const subject = (await subjectIndex(s)).byId.get(subjectId);
  return subject ? pastExamsOf(s, subject.slug, subject.level) : [];
}

/** The timetable file below `contentDir`; throws with its problems when it cannot be read or is invalid. */
export function readTimetableFile(contentDir: string): ExamTimetable[] {
  const file = path.join(contentDir, 'exam-timetable.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: cannot read the exam timetable: ${(error as Error).message}`, { cause: error });
  }
  const parsed = parseTimetableFile(raw, file);
  if (!parsed.success) throw new Error(`${file} is invalid (npm run content:validate):\n${parsed.errors.join('\n')}`);
  return parsed.data;
}

/**
 * The seed's import: the timetables of content/exam-timetable.json become published versions, once, into a
 * database that has none yet (after that, staff keep them in the back office).
 */
export async function importTimetables(db: Db, contentDir: string, at = new Date()): Promise<number> {
  if (await hasVersions(db, 'timetable')) return 0;
  let imported = 0;
  for (const timetable of readTimetableFile(contentDir)) {
    const row = await insertVersion(db, {
      kind: 'timetable',
      key: recordKey('timetable', timetable),
      payload: timetable as unknown as Record<string, unknown>,
      status: 'published',
      note: 'Overgenomen uit content/exam-timetable.json.',
      proposedBy: null,
      at,
    });
    if (row) imported += 1;
  }
  return imported;
}

/** A pupil's notices of an exam date a published timetable moved, by subject name. */
export async function myExamDateNotices(s: Pick<Scope, 'db'>, userId: string) {
  return (await noticeRows(s.db, userId)).map((row) => ({
    subjectId: row.subjectId,
    subjectName: row.subjectName,
    from: row.fromDate,
    to: row.toDate,
    sourceName: row.sourceName,
  }));
}
export type ExamDateNotice = Awaited<ReturnType<typeof myExamDateNotices>>[number];

/** The pupil closes a notice ("Begrepen"). False: there was none. */
export const closeExamDateNotice = (s: Pick<Scope, 'db'>, userId: string, subjectId: number) =>
  deleteNotice(s.db, userId, subjectId);
