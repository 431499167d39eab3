/**
 * The examenrooster page (issue 19: "that page has no dates"; issue 35: it must agree with the plan) says from the
 * data which exam years are published, with their source, and for each coming year without a timetable the day
 * the plan aims at, in the plan's own words (`examDateOf`): the page and the plan cannot drift apart. A timetable
 * staff publish appears on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCmsPage } from '#app/modules/content/index.server.ts';
import type { ExamTimetableOverview } from '#app/modules/content/schemas/views.ts';
import { insertVersion, publishedTimetables } from '#app/modules/exam-data/index.server.ts';
import { examDateOf } from '#app/modules/planner/index.server.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
}, 60_000);
afterAll(() => rt?.close());

async function page() {
  const found = await getCmsPage(rt.services, ['exameninfo', 'examenrooster']);
  expect(found).not.toBeNull();
  const html = found!.body.map((segment) => (segment.type === 'html' ? segment.html : '')).join('');
  const blocks = found!.body.flatMap((segment) =>
    segment.type === 'block' && segment.block.kind === 'exam-timetable' ? [segment.block.overview] : [],
  );
  expect(blocks).toHaveLength(1);
  return { html, overview: blocks[0]! as ExamTimetableOverview };
}

describe('the examenrooster page', () => {
  it('names each published timetable with its source, and the plan’s day for each year without one', async () => {
    const { html, overview } = await page();
    const timetables = await publishedTimetables(rt.services);
    const latest = timetables.at(-1)!;
    expect(overview.published.map((t) => t.examYear)).toContain(latest.examYear);
    expect(overview.published.find((t) => t.examYear === latest.examYear)!.sourceName).toMatch(
      /^Examenrooster CvTE \d{4} \(CvTE-\d{2}\.\d{5}\)$/,
    );
    const { min, max } = examYearRange(new Date());
    expect(overview.estimates.map((e) => e.examYear)).toEqual(
      Array.from({ length: max - min + 1 }, (_, i) => min + i).filter(
        (year) => !timetables.some((t) => t.examYear === year),
      ),
    );
    for (const estimate of overview.estimates) {
      const aimed = examDateOf(timetables, { slug: 'wiskunde-b', levelName: 'havo' }, estimate.examYear, null);
      expect(estimate).toMatchObject({ date: aimed.date, note: aimed.note });
    }
    // No more words that contradict the data: a fixed "half mei", a year called unknown in the text.
    expect(html).not.toContain('meestal vanaf half mei');
    expect(html).not.toMatch(/vroegste begin/);
  });

  it('shows a timetable staff published', async () => {
    const year = examYearRange(new Date()).min + 1;
    await insertVersion(rt.database.db, {
      kind: 'timetable',
      key: String(year),
      payload: {
        examYear: year,
        reference: `Regeling rooster centrale examens vo ${year} (CvTE-26.00077)`,
        publishedOn: `${year - 2}-06-01`,
        source: 'https://zoek.officielebekendmakingen.nl/stcrt-2026-1.html',
        firstPeriod: { from: `${year}-05-10`, to: `${year}-05-28` },
        secondPeriod: null,
        flexibleDigital: null,
        exams: [{ subject: 'wiskunde-b', level: 'havo', date: `${year}-05-12`, start: '13:30', end: '16:30' }],
      },
      status: 'published',
      note: null,
      proposedBy: null,
      at: new Date(),
    });
    const { overview } = await page();
    expect(overview.estimates.map((e) => e.examYear)).not.toContain(year);
    expect(overview.published.find((t) => t.examYear === year)).toMatchObject({
      sourceName: `Examenrooster CvTE ${year} (CvTE-26.00077)`,
      exams: [{ name: 'Wiskunde B havo', date: `${year}-05-12`, start: '13:30', end: '16:30' }],
    });
  });
});
