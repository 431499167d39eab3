import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExamTimetable } from '../schemas/exam-timetable.ts';
import { readExamTimetable } from './timetable.server.ts';

const folderWith = (text: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'timetable-'));
  writeFileSync(path.join(dir, 'exam-timetable.json'), text);
  return dir;
};

describe('readExamTimetable: the composition root reads the CvTE timetable once, from the content folder', () => {
  it('reads the timetable the site ships, wherever the process was started', () => {
    const content = path.resolve(import.meta.dirname, '../../../../content');
    const parsed = parseExamTimetable(JSON.parse(readFileSync(path.join(content, 'exam-timetable.json'), 'utf8')));
    expect(parsed.success).toBe(true);
    expect(readExamTimetable(content)).toEqual(parsed.success ? parsed.data : null);
  });

  it('stops the start with the file and its problem when the file is not JSON or is missing', () => {
    expect(() => readExamTimetable(folderWith('{ not json'))).toThrow(
      /exam-timetable\.json: cannot read the exam timetable/,
    );
    expect(() => readExamTimetable(mkdtempSync(path.join(tmpdir(), 'none-')))).toThrow(
      /cannot read the exam timetable/,
    );
  });

  it('stops the start with each problem of an invalid timetable', () => {
    const invalid = JSON.stringify([
      { year: 2026, exams: [{ subject: 'klingon', levels: ['havo'], date: '2026-05-12' }] },
    ]);
    expect(() => readExamTimetable(folderWith(invalid))).toThrow(/is invalid \(npm run content:validate\)/);
  });
});
