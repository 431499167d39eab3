import { describe, expect, it } from 'vitest';
import { parseForm } from '#app/platform/schemas/form.ts';
import { EXAM_DATA_MESSAGES as M } from '../domain/messages.ts';
import { isOfficialSource, recordKey, timetableSourceName } from '../domain/reference.ts';
import { examTimetableSchema, nTermSchema, proposeTimetableSchema } from './exam-data.ts';

const base = {
  examYear: 2027,
  reference: 'Regeling rooster centrale examens vo 2027 (CvTE-25.00123)',
  publishedOn: '2025-09-15',
  source: 'https://zoek.officielebekendmakingen.nl/stcrt-2025-1.html',
  firstPeriod: { from: '2027-05-07', to: '2027-05-25' },
  secondPeriod: null,
  flexibleDigital: null,
  exams: [],
};

describe('sources', () => {
  it('are https addresses on examenblad.nl or officielebekendmakingen.nl (and their subdomains) only', () => {
    for (const ok of [
      'https://www.examenblad.nl/x',
      'https://examenblad.nl/',
      'https://zoek.officielebekendmakingen.nl/stcrt-2025-1.html',
    ])
      expect(isOfficialSource(ok), ok).toBe(true);
    for (const bad of [
      'http://www.examenblad.nl/x',
      'https://examenblad.nl.evil.example/x',
      'https://notexamenblad.nl/x',
      'https://user:pw@examenblad.nl/',
      'https://examenblad.nl:8443/',
      'examenblad.nl/x',
      '',
    ])
      expect(isOfficialSource(bad), bad).toBe(false);
  });
});

describe('a timetable', () => {
  it('names its record and its source as the plan shows it', () => {
    expect(recordKey('timetable', { ...base })).toBe('2027');
    expect(timetableSourceName(base)).toBe('Examenrooster CvTE 2027 (CvTE-25.00123)');
    expect(
      recordKey('n-term', {
        subject: 'wiskunde-b',
        level: 'havo',
        year: 2024,
        tijdvak: 1,
        n: 1,
        maxScore: 1,
        source: '',
      }),
    ).toBe('wiskunde-b:havo:2024:1');
  });

  it('keeps its periods in the exam year, in order, and every exam inside the first tijdvak', () => {
    const parsed = examTimetableSchema.safeParse({
      ...base,
      firstPeriod: { from: '2027-05-25', to: '2027-05-07' },
      flexibleDigital: { from: '2026-04-01', to: '2027-07-01', levels: ['vmbo-b'] },
      publishedOn: '2027-06-01',
      exams: [
        { subject: 'wiskunde-b', level: 'havo', date: '2027-06-02', start: '09:00', end: '12:00' },
        { subject: 'engels', level: 'havo', date: '2027-05-20', start: '09:00', end: '08:00' },
      ],
    });
    expect(parsed.success).toBe(false);
    const issues = parsed.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['firstPeriod.to', M.PERIOD_ORDER],
        ['flexibleDigital.from', M.PERIOD_YEAR(2027)],
        ['publishedOn', M.PUBLISHED_LATE],
        ['exams.0.date', M.EXAM_DATE_OUTSIDE],
        ['exams.1.end', M.TIME_ORDER],
      ]),
    );
    const clock = examTimetableSchema.safeParse({
      ...base,
      exams: [{ subject: 'engels', level: 'havo', date: '2027-05-20', start: '09:00', end: '25:00' }],
    });
    expect(clock.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['exams.0.end', M.TIME]]);
  });

  it('reads the staff form: blank rows and an empty digital period are none, every error at once', () => {
    const form = new URLSearchParams({
      examYear: '2027',
      reference: base.reference,
      publishedOn: base.publishedOn,
      source: base.source,
      'firstPeriod.from': '2027-05-07',
      'firstPeriod.to': '2027-05-25',
      'secondPeriod.from': '',
      'secondPeriod.to': '',
      'flexibleDigital.from': '',
      'flexibleDigital.to': '',
      'exams[0].subject': 'wiskunde-b',
      'exams[0].level': 'havo',
      'exams[0].date': '2027-05-12',
      'exams[0].start': '13:30',
      'exams[0].end': '16:30',
      'exams[1].subject': '',
      'exams[1].level': '',
      'exams[1].date': '',
      'exams[1].start': '',
      'exams[1].end': '',
      note: 'Overgenomen.',
    });
    const ok = parseForm(form, { schema: proposeTimetableSchema });
    expect(ok.status).toBe('success');
    if (ok.status === 'success') {
      expect(ok.value.exams).toHaveLength(1);
      expect(ok.value.secondPeriod).toBeNull();
      expect(ok.value.flexibleDigital).toBeNull();
    }
    form.set('source', 'https://example.com');
    form.set('exams[0].date', '2027-06-30');
    form.delete('note');
    const refused = parseForm(form, { schema: proposeTimetableSchema });
    expect(refused.status).toBe('error');
    expect(refused.status === 'error' ? Object.keys(refused.error ?? {}).sort() : null).toEqual([
      'exams[0].date',
      'note',
      'source',
    ]);
  });
});

describe('an N-term', () => {
  const exam = {
    subject: 'wiskunde-b',
    level: 'havo',
    year: 2024,
    tijdvak: 1,
    maxScore: 78,
    source: 'https://www.examenblad.nl/n',
  };
  it('is 0,0 to 3,0 in tenths', () => {
    for (const n of [0, 0.1, 1.1, 2.9, 3]) expect(nTermSchema.safeParse({ ...exam, n }).success, String(n)).toBe(true);
    for (const n of [-0.1, 3.1, 1.05, Number.NaN])
      expect(nTermSchema.safeParse({ ...exam, n }).success, String(n)).toBe(false);
  });
  it('has no default', () => {
    expect(nTermSchema.safeParse(exam).success).toBe(false);
  });
});
