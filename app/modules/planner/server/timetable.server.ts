/**
 * The CvTE exam timetable (content/exam-timetable.json, issue 20) as reference data: the composition root reads
 * it once at start from the content folder (`readExamTimetable`, as the seed reads the other content files) and
 * hands it to the plan through the dependencies; an invalid file stops the server there. Nothing is read when
 * this module loads.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Scope } from '#app/platform/server/deps.ts';
import { parseExamTimetable } from '../schemas/exam-timetable.ts';
import type { ExamTimetableYear } from '../domain/exam-dates.ts';

declare module '#app/platform/server/deps.ts' {
  interface ModuleDeps {
    /** The CvTE exam timetable (`readExamTimetable`), made by the composition root. */
    examTimetable?: readonly ExamTimetableYear[];
  }
}

/** The timetable file below `contentDir`; throws with the file's problems when it cannot be read or is invalid. */
export function readExamTimetable(contentDir: string): readonly ExamTimetableYear[] {
  const file = path.join(contentDir, 'exam-timetable.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: cannot read the exam timetable: ${(error as Error).message}`, { cause: error });
  }
  const parsed = parseExamTimetable(raw, file);
  if (!parsed.success) throw new Error(`${file} is invalid (npm run content:validate):\n${parsed.errors.join('\n')}`);
  return parsed.data;
}

/** The timetable the composition root read. */
export function examTimetable(s: Scope): readonly ExamTimetableYear[] {
  if (!s.examTimetable) throw new Error('No exam timetable: the composition root reads it with readExamTimetable');
  return s.examTimetable;
}
