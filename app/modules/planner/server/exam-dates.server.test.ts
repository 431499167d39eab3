import { describe, expect, it } from 'vitest';
import type { ExamTimetable } from '#app/modules/exam-data/index.ts';
import { examDateOf, sameWeekday } from './exam-dates.server.ts';

const Y2025: ExamTimetable = {
  examYear: 2025,
  reference: 'Regeling rooster 2025 (CvTE-23.00859)',
  publishedOn: null,
  source: 'https://zoek.officielebekendmakingen.nl/stcrt-2023-18580.html',
  firstPeriod: { from: '2025-05-09', to: '2025-05-26' },
  secondPeriod: null,
  flexibleDigital: { levels: ['vmbo-b', 'vmbo-k'], from: '2025-04-01', to: '2025-07-18' },
  exams: [{ subject: 'engels', level: 'vmbo-gl-tl', date: '2025-05-09', start: '13:30', end: '15:30' }],
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
    expect(date.note).toBe('Uit het Examenrooster CvTE 2025 (CvTE-23.00859).');
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
    expect(date.note).toContain('de week en dag waarop het eerste tijdvak in 2025 begon (9 mei)');
    expect(date.note).not.toContain('vroegste');
  });

  it('estimates from the latest timetable before the year, not from a later one', () => {
    const Y2028: ExamTimetable = {
      ...Y2025,
      examYear: 2028,
      reference: 'Regeling rooster 2028 (CvTE-26.00001)',
      firstPeriod: { from: '2028-05-08', to: '2028-05-26' },
      flexibleDigital: null,
      exams: [],
    };
    expect(examDateOf([Y2025, Y2028], { slug: 'wiskunde-b', levelName: 'havo' }, 2027, null).date).toBe('2027-05-14');
    expect(examDateOf([Y2028], { slug: 'wiskunde-b', levelName: 'havo' }, 2027, null).date).toBe(
      sameWeekday('2028-05-08', 2027),
    );
    expect(examDateOf([Y2025, Y2028], { slug: 'wiskunde-b', levelName: 'havo' }, 2029, null).date).toBe(
      sameWeekday('2028-05-08', 2029),
    );
  });
});
