import { describe, expect, it } from 'vitest';
import { parseExamTimetable, type ExamTimetableYear } from '../schemas/exam-timetable.ts';
import { examDateOf, sameWeekday } from './exam-dates.ts';

const Y2025: ExamTimetableYear = {
  examYear: 2025,
  reference: 'Regeling rooster 2025 (CvTE-23.00859)',
  source: 'https://zoek.officielebekendmakingen.nl/stcrt-2023-18580.html',
  firstPeriod: { from: '2025-05-09', to: '2025-05-26' },
  flexibleDigital: { levels: ['vmbo-b', 'vmbo-k'], from: '2025-04-01', to: '2025-07-18' },
  exams: [{ subject: 'engels', levels: ['vmbo-gl-tl'], date: '2025-05-09' }],
};

describe('exam dates', () => {
  it('moves a date to another year on the same ISO week and weekday', () => {
    expect(sameWeekday('2025-05-09', 2027)).toBe('2027-05-14'); // Friday of week 19
    expect(sameWeekday('2025-05-09', 2028)).toBe('2028-05-12');
    expect(new Date('2027-05-14').getUTCDay()).toBe(5);
    expect(sameWeekday('2025-04-01', 2027)).toBe('2027-04-06'); // Tuesday of week 14
  });

  it("the pupil's own date comes first", () => {
    const date = examDateOf([Y2025], { slug: 'engels', levelName: 'vmbo-gl-tl' }, 2025, '2025-05-20');
    expect(date).toMatchObject({ date: '2025-05-20', source: 'pupil' });
  });

  it("the timetable's day of the subject, with its reference", () => {
    const date = examDateOf([Y2025], { slug: 'engels', levelName: 'vmbo-gl-tl' }, 2025, null);
    expect(date).toMatchObject({ date: '2025-05-09', source: 'timetable' });
    expect(date.note).toContain('CvTE-23.00859');
  });

  it('a year in the data without the subject: the start of the first tijdvak, or of the digital period', () => {
    expect(examDateOf([Y2025], { slug: 'wiskunde-b', levelName: 'havo' }, 2025, null)).toMatchObject({
      date: '2025-05-09',
      source: 'estimate',
    });
    const digital = examDateOf([Y2025], { slug: 'engels', levelName: 'vmbo-k' }, 2025, null);
    expect(digital).toMatchObject({ date: '2025-04-01', source: 'estimate' });
    expect(digital.note).toContain('Je school kiest de dag');
  });

  it('a year not in the data: the latest known start on the same weekday, labelled an estimate', () => {
    const date = examDateOf([Y2025], { slug: 'wiskunde-b', levelName: 'havo' }, 2027, null);
    expect(date).toEqual({
      date: '2027-05-14',
      source: 'estimate',
      note: expect.stringContaining('nog niet in onze gegevens'),
    });
    expect(date.note).toContain('14 mei 2027');
    expect(date.note).toContain('in 2025 was dat 9 mei)');
  });

  it('the content file parses, and bad records are named', () => {
    expect(parseExamTimetable([Y2025]).success).toBe(true);
    const bad = parseExamTimetable([
      { ...Y2025, exams: [{ subject: 'engels', levels: ['havo'], date: '2025-06-30' }] },
      { ...Y2025, firstPeriod: { from: '2025-05-30', to: '2025-05-09' } },
    ]);
    expect(bad.success).toBe(false);
    if (!bad.success) expect(bad.errors.join('\n')).toMatch(/ends before it starts/);
    const outside = parseExamTimetable([
      { ...Y2025, exams: [{ subject: 'engels', levels: ['havo'], date: '2025-06-30' }] },
    ]);
    expect(outside.success).toBe(false);
    if (!outside.success) expect(outside.errors[0]).toContain('outside the first tijdvak');
    expect(parseExamTimetable([{ ...Y2025, firstPeriod: { from: '2025-02-30', to: '2025-05-09' } }]).success).toBe(
      false,
    );
  });
});
