// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { expectSafeAndScalable, parseChart as parse, texts } from '#app/platform/charts.testing.ts';
import { topicRecallChart, workloadChart, type TopicRecall, type WorkloadDay } from './plan-charts.server.ts';

/** What a page that inserts `html` shows: a chart, or else its text. */
function shownOnPage(html: string): { chart: boolean; text: string } {
  const page = document.createElement('div');
  page.innerHTML = html;
  return { chart: page.querySelector('svg') !== null, text: page.textContent ?? '' };
}

const topics: TopicRecall[] = [
  { name: 'Differentiëren', today: 0.82, examDay: 0.64 },
  { name: 'Goniometrie', today: 0.3, examDay: 0.91 },
];

describe('topicRecallChart', () => {
  it('draws a pair of bars per topic, today solid and the exam day hatched, as long as the recall', () => {
    const svg = parse(topicRecallChart(topics));
    expect(svg.querySelectorAll('.study-chart-topic')).toHaveLength(2);
    const today = [...svg.querySelectorAll('.study-chart-today')].map((b) => Number(b.getAttribute('width')));
    const exam = [...svg.querySelectorAll('.study-chart-exam')].map((b) => Number(b.getAttribute('width')));
    expect(today).toHaveLength(2);
    expect(exam[0]! / today[0]!).toBeCloseTo(64 / 82, 2);
    expect(today[1]! / today[0]!).toBeCloseTo(30 / 82, 2);
    expect(texts(svg, '.study-chart-label')).toEqual(['Differentiëren', 'Goniometrie']);
    expect(texts(svg, '.study-chart-value')).toEqual(['nu 82 % · examen 64 %', 'nu 30 % · examen 91 %']);
    expect(svg.innerHTML).toMatch(/fill="url\(#study-chart-\d+-hatch\)"/);
  });

  it('draws the 90 % target line and a Dutch legend', () => {
    const svg = parse(topicRecallChart(topics));
    const all = texts(svg);
    expect(all).toContain('doel 90 %');
    expect(all).toEqual(expect.arrayContaining(['vandaag', 'op de examendag', 'doel: 90 %']));
    const line = svg.querySelector('.study-chart-reference line')!;
    const zero = Number(svg.querySelector('.study-chart-today')!.getAttribute('x'));
    const full = zero + Number(svg.querySelector('rect[fill^="var(--color-surface"]')!.getAttribute('width'));
    expect((Number(line.getAttribute('x1')) - zero) / (full - zero)).toBeCloseTo(0.9, 2);
  });

  it('summarises in Dutch for screen readers and stays safe', () => {
    const html = topicRecallChart([...topics, { name: '<b>&</b>', today: 2, examDay: -1 }], { title: 'Wiskunde B' });
    expectSafeAndScalable(html);
    const label = parse(html).getAttribute('aria-label');
    expect(label).toBe(
      'Wiskunde B, vandaag en op de examendag: Differentiëren 82 % en 64 %; Goniometrie 30 % en 91 %; <b>&</b> 100 % en 0 %. Doel: 90 %.',
    );
    expect(html).not.toContain('<b>');
  });

  it('shows a Dutch message instead of a chart when no topic has a recall to show', () => {
    for (const html of [
      topicRecallChart([]),
      topicRecallChart([{ name: 'Limieten', today: Number.NaN, examDay: 0.5 }]),
    ]) {
      expect(shownOnPage(html)).toEqual({ chart: false, text: 'Nog geen onderwerpen om te tonen.' });
    }
  });
});

/** Local midnights in Amsterdam from 4 May 2027 (summer time: 22:00 UTC the day before). */
const day = (i: number) => new Date(Date.UTC(2027, 4, 4 + i) - 2 * 3_600_000);
const workload: WorkloadDay[] = Array.from({ length: 10 }, (_, i) => ({
  date: day(i),
  minutes: i === 3 ? 26 : 20 - i,
  budget: 20,
}));

describe('workloadChart', () => {
  it('draws a bar per day, as high as its minutes, with the daily time as a dashed line', () => {
    const svg = parse(workloadChart(workload));
    const bars = [...svg.querySelectorAll('.study-chart-bar')];
    expect(bars).toHaveLength(10);
    const heights = bars.map((b) => Number(b.getAttribute('height')));
    expect(heights[1]! / heights[0]!).toBeCloseTo(19 / 20, 1);
    expect(heights[3]).toBeGreaterThan(heights[0]!);
    expect(svg.querySelector('.study-chart-reference path')!.getAttribute('stroke-dasharray')).toBe('6 4');
    expect(texts(svg)).toContain('je tijd: 20 min');
    expect(texts(svg, '.study-chart-date')[0]).toMatch(/^4 mei$/);
    expect(bars[0]!.querySelector('title')!.textContent).toBe('4 mei 2027: 20 min');
  });

  it('marks the exams on their days and names them', () => {
    const svg = parse(
      workloadChart(workload, {
        exams: [
          { date: new Date('2027-05-12T06:30:00Z'), name: 'Wiskunde B' },
          { date: new Date('2027-05-13T06:30:00Z'), name: 'Natuurkunde' },
          { date: new Date('2027-06-30T06:30:00Z'), name: 'Buiten beeld' },
        ],
      }),
    );
    const marks = [...svg.querySelectorAll('.study-chart-exam')];
    expect(marks).toHaveLength(2);
    expect(marks.map((m) => m.querySelector('title')!.textContent)).toEqual([
      'Wiskunde B: 12 mei 2027',
      'Natuurkunde: 13 mei 2027',
    ]);
    const labels = [...svg.querySelectorAll('.study-chart-exam-label')];
    expect(labels.map((l) => l.textContent)).toEqual(['Wiskunde B', 'Natuurkunde']);
    // Neighbouring labels stand on different rows, each above its own marker.
    const ys = labels.map((l) => Number(l.getAttribute('y')));
    expect(ys[0]).not.toBe(ys[1]);
    marks.forEach((m, i) => expect(Number(m.querySelector('line')!.getAttribute('y1'))).toBe(ys[i]! + 3));
    const bars = [...svg.querySelectorAll('.study-chart-bar')];
    const barCentre = (i: number) => Number(bars[i]!.getAttribute('x')) + Number(bars[i]!.getAttribute('width')) / 2;
    expect(Number(marks[0]!.querySelector('line')!.getAttribute('x1'))).toBeCloseTo(barCentre(8), 0);
    expect(texts(svg)).toContain('examen');
  });

  it('summarises calmly in Dutch and stays safe', () => {
    const html = workloadChart(workload, {
      title: 'Planning',
      exams: [{ date: new Date('2027-05-12T06:30:00Z'), name: 'Wiskunde B' }],
    });
    expectSafeAndScalable(html);
    expect(parse(html).getAttribute('aria-label')).toBe(
      'Planning: van vandaag, 4 mei, tot 13 mei, nog 9 dagen. Gemiddeld 16 min per dag, het meest 26 min op 7 mei. ' +
        'Op 1 dag is het meer dan je tijd per dag. Examen: Wiskunde B op 12 mei.',
    );
    const calm = workloadChart(workload.map((d) => ({ ...d, minutes: 10 })));
    expect(parse(calm).getAttribute('aria-label')).toContain('Elke dag past binnen je tijd per dag.');
    expect(calm).not.toMatch(/--color-danger|--color-warning/);
  });

  it('handles 150 days: a bar per week, thick enough for a phone, and at most a handful of dates', () => {
    const long = Array.from({ length: 150 }, (_, i) => ({ date: day(i - 140), minutes: i < 7 ? 14 : 7, budget: 20 }));
    const html = workloadChart(long);
    expectSafeAndScalable(html);
    const svg = parse(html);
    const bars = [...svg.querySelectorAll('.study-chart-bar')];
    expect(bars).toHaveLength(22);
    // At 340 px for 440 units (a 390 px phone), each bar is more than 2 px wide.
    for (const bar of bars) expect(Number(bar.getAttribute('width')) * (340 / 440)).toBeGreaterThan(2);
    expect(bars[0]!.querySelector('title')!.textContent).toMatch(/tot en met .*: gemiddeld 14 min per dag$/);
    expect(svg.getAttribute('aria-label')).toContain('Elke staaf is een week: het gemiddelde per dag.');
    expect(texts(svg, '.study-chart-date').length).toBeLessThanOrEqual(5);
  });

  it('counts the days left as the plan page does: from today’s midnight to the last day’s, not the bars', () => {
    // 167 bars from 30 November to 15 May (across the change to summer time): the page says "Nog 166 dagen".
    const first = new Date('2026-11-29T23:00:00Z');
    const days = Array.from({ length: 167 }, (_, i) => ({
      date: new Date(first.getTime() + i * 86_400_000 - (i >= 119 ? 3_600_000 : 0)),
      minutes: 5,
      budget: 20,
    }));
    expect(parse(workloadChart(days)).getAttribute('aria-label')).toContain('nog 166 dagen.');
  });

  it('shows a Dutch message instead of a chart when there are no days to plan', () => {
    const unknown = { date: new Date(Number.NaN), minutes: 20, budget: 20 };
    for (const html of [workloadChart([]), workloadChart([unknown])]) {
      expect(shownOnPage(html)).toEqual({ chart: false, text: 'Nog geen planning om te tonen.' });
    }
  });
});
