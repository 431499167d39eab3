/**
 * The examenrooster page (issue 19: "that page has no dates") gives the dates of the latest timetable we have
 * and the day the study plan aims at until the next one is published: both come from the data the plan uses
 * (content/exam-timetable.json, app/modules/planner/domain/exam-dates.ts), so the page cannot drift from them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { examDateOf } from '#app/modules/planner/domain/exam-dates.ts';
import { parseExamTimetable } from '#app/modules/planner/schemas/exam-timetable.ts';

const parsed = parseExamTimetable(JSON.parse(readFileSync('content/exam-timetable.json', 'utf8')));
if (!parsed.success) throw new Error(parsed.errors.join('\n'));
const timetable = parsed.data;
const pages = JSON.parse(readFileSync('content/pages.json', 'utf8')) as {
  sys: { id: string };
  fields: { slug: string; body: string };
}[];
const body = pages.find((p) => p.fields.slug === 'exameninfo/examenrooster')!.fields.body;
const weekdayDate = (date: string, withYear = true) =>
  new Intl.DateTimeFormat('nl-NL', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

describe('the examenrooster page', () => {
  it('gives the first tijdvak and the digital window of the latest timetable, with its reference', () => {
    const latest = [...timetable].sort((a, b) => b.examYear - a.examYear)[0]!;
    expect(body).toContain(
      `van ${weekdayDate(latest.firstPeriod.from, false)} tot en met ${weekdayDate(latest.firstPeriod.to)}`,
    );
    expect(body).toContain(
      `van ${weekdayDate(latest.flexibleDigital!.from, false)} tot en met ${weekdayDate(latest.flexibleDigital!.to)}`,
    );
    expect(body).toContain(/CvTE-[\d.]+/.exec(latest.reference)![0]);
  });

  it('names the day the plan aims at for 2027 until its timetable is published', () => {
    const aimed = examDateOf(timetable, { slug: 'wiskunde-b', levelName: 'havo' }, 2027, null);
    expect(aimed.source).toBe('estimate');
    expect(body).toContain(weekdayDate(aimed.date));
  });
});
