// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { expectSafeAndScalable, parseChart as parse, texts } from '#app/platform/charts.testing.ts';
import {
  NO_RESULTS_HTML,
  gradesOverTimeChart,
  topicResultsChart,
  type GradePoint,
  type TopicScore,
} from './study-charts.ts';

const topics: TopicScore[] = [
  { name: 'Differentiëren', percentage: 80, isUncertain: false },
  { name: 'Integreren', percentage: 40.4, isUncertain: true },
  { name: 'Goniometrie', percentage: 62, isUncertain: false },
];

const grades: GradePoint[] = [
  { date: '2026-11-19T09:00:00Z', grade: 5.2, label: 'Examencheck 2' },
  { date: '2026-11-12T09:00:00Z', grade: 6.8, label: 'Examencheck 1' },
];

describe('topicResultsChart', () => {
  it('draws one bar per topic with its name and percentage', () => {
    const svg = parse(topicResultsChart(topics));
    const rows = [...svg.querySelectorAll('.study-chart-topic')];
    expect(rows).toHaveLength(3);
    expect(svg.querySelectorAll('.study-chart-bar')).toHaveLength(3);
    expect(rows.map((r) => texts(r, '.study-chart-label')[0])).toEqual([
      'Differentiëren',
      'Integreren · onzeker',
      'Goniometrie',
    ]);
    expect(rows.map((r) => texts(r, '.study-chart-value')[0])).toEqual(['80 %', '40 %', '62 %']);
  });

  it('makes a bar as long as its score and colours it by score', () => {
    const svg = parse(
      topicResultsChart([
        { name: 'Vol', percentage: 100, isUncertain: false },
        { name: 'Half', percentage: 50, isUncertain: false },
        { name: 'Weinig', percentage: 20, isUncertain: false },
        { name: 'Te veel', percentage: 130, isUncertain: false },
      ]),
    );
    const bars = [...svg.querySelectorAll('.study-chart-bar')];
    const widths = bars.map((b) => Number(b.getAttribute('width')));
    expect(widths[1]! / widths[0]!).toBeCloseTo(0.5, 2);
    expect(widths[2]! / widths[0]!).toBeCloseTo(0.2, 2);
    expect(widths[3]).toBe(widths[0]); // clamped to 100 %
    const fills = bars.map((b) => b.getAttribute('fill'));
    expect(fills[0]).toMatch(/^var\(--color-success, #[0-9a-f]{6}\)$/);
    expect(fills[1]).toMatch(/^var\(--color-warning, #[0-9a-f]{6}\)$/);
    expect(fills[2]).toMatch(/^var\(--color-danger, #[0-9a-f]{6}\)$/);
  });

  it('marks an uncertain topic in its label, hatches its bar and explains the hatching in the legend', () => {
    const svg = parse(topicResultsChart(topics));
    const [certain, uncertain] = [...svg.querySelectorAll('.study-chart-topic')];
    expect(uncertain!.classList.contains('study-chart-uncertain')).toBe(true);
    expect(certain!.classList.contains('study-chart-uncertain')).toBe(false);
    expect(uncertain!.querySelector('rect[fill^="url(#"]')).not.toBeNull();
    expect(certain!.querySelector('rect[fill^="url(#"]')).toBeNull();
    expect(uncertain!.querySelector('title')?.textContent).toBe('Integreren: 40 % (onzeker: te weinig vragen)');
    expect(texts(svg)).toContain('onzeker: te weinig vragen');
    // Without uncertain topics the legend has no hatching entry.
    expect(texts(parse(topicResultsChart([topics[0]!])))).not.toContain('onzeker: te weinig vragen');
  });

  it('summarises the results in Dutch for screen readers', () => {
    const summary = 'Resultaten per onderwerp: Differentiëren 80 %, Integreren 40 % (onzeker), Goniometrie 62 %.';
    const svg = parse(topicResultsChart(topics));
    expect(svg.getAttribute('aria-label')).toBe(summary);
    expect(svg.querySelector(':scope > title')).toBeNull(); // else screen readers read the summary twice
    const titled = parse(topicResultsChart(topics, { title: 'Examencheck 1' }));
    expect(titled.getAttribute('aria-label')).toMatch(/^Examencheck 1: Differentiëren 80 %/);
    expect(texts(titled)).toContain('Examencheck 1');
  });

  it('labels the axis in Dutch and keeps a long topic name within the chart', () => {
    const name = 'Goniometrische functies, hun grafieken en de eenheidscirkel in samenhang bekeken';
    const svg = parse(topicResultsChart([{ name, percentage: 55, isUncertain: false }]));
    expect(texts(svg)).toContain('Score (%)');
    const label = texts(svg, '.study-chart-label')[0]!;
    expect(label.endsWith('…')).toBe(true);
    expect(label.length).toBeLessThan(name.length);
    expect(svg.querySelector('.study-chart-topic title')?.textContent).toBe(`${name}: 55 %`);
  });

  it('gives two charts on one page different pattern ids', () => {
    const first = parse(topicResultsChart(topics)).querySelector('pattern')!.id;
    const second = parse(topicResultsChart(topics)).querySelector('pattern')!.id;
    expect(first).not.toBe(second);
  });

  it('escapes topic names and stays free of scripts, handlers and external URLs', () => {
    const html = topicResultsChart([
      { name: '<script>alert(1)</script>" onload="alert(2)', percentage: 30, isUncertain: true },
    ]);
    expectSafeAndScalable(html);
    expect(texts(parse(html), '.study-chart-label')[0]).toContain('<script>');
  });

  it('says there are no results yet for an empty list', () => {
    expect(topicResultsChart([])).toBe('<p class="study-chart-empty">Nog geen resultaten.</p>');
    expect(topicResultsChart([{ name: 'X', percentage: Number.NaN, isUncertain: false }])).toBe(NO_RESULTS_HTML);
  });
});

describe('gradesOverTimeChart', () => {
  it('plots the grades in date order with a decimal comma', () => {
    const svg = parse(gradesOverTimeChart(grades));
    const points = [...svg.querySelectorAll('.study-chart-point')];
    expect(points.map((p) => p.querySelector('title')?.textContent)).toEqual([
      'Examencheck 1, 12 november 2026: 6,8',
      'Examencheck 2, 19 november 2026: 5,2',
    ]);
    expect(texts(svg, '.study-chart-value')).toEqual(['6,8', '5,2']);
    const [earlier, later] = points.map((p) => p.querySelector('circle')!);
    expect(Number(later!.getAttribute('cx'))).toBeGreaterThan(Number(earlier!.getAttribute('cx')));
    // Higher grades sit higher (a smaller y).
    expect(Number(earlier!.getAttribute('cy'))).toBeLessThan(Number(later!.getAttribute('cy')));
    expect(svg.querySelectorAll('.study-chart-line')).toHaveLength(1);
  });

  it('sets checks of one day side by side in order, on an axis that ends at the last check', () => {
    const svg = parse(
      gradesOverTimeChart([
        { date: '2026-11-20T09:00:00Z', grade: 4.0, label: 'Examencheck 1' },
        { date: '2026-11-20T09:05:00Z', grade: 7.0, label: 'Examencheck 1' },
        { date: '2026-11-12T09:00:00Z', grade: 6.0, label: 'Examencheck 2' },
      ]),
    );
    const points = [...svg.querySelectorAll('.study-chart-point')];
    expect(points.map((p) => p.querySelector('title')?.textContent)).toEqual([
      'Examencheck 2, 12 november 2026: 6,0',
      'Examencheck 1, 20 november 2026, poging 1: 4,0',
      'Examencheck 1, 20 november 2026, poging 2: 7,0',
    ]);
    const [, first, second] = points.map((p) => Number(p.querySelector('circle')!.getAttribute('cx')));
    expect(second! - first!).toBeGreaterThanOrEqual(20);
    // No date after the last check on the axis.
    expect(texts(svg, '.study-chart-date').at(-1)).toBe('20 nov');
    const rightmost = Math.max(
      ...[...svg.querySelectorAll('.study-chart-date')].map((t) => Number(t.getAttribute('x'))),
    );
    expect(rightmost).toBeLessThanOrEqual(first!);
  });

  it('one check: the axis runs back a week to that day, not into the future', () => {
    const svg = parse(gradesOverTimeChart([{ date: '2026-11-20T09:00:00Z', grade: 6.5, label: 'Examencheck 1' }]));
    expect(texts(svg, '.study-chart-date').at(-1)).toBe('20 nov');
  });

  it('draws the 5,5 line labelled voldoende, with insufficient grades set apart', () => {
    const svg = parse(gradesOverTimeChart(grades));
    const reference = svg.querySelector('.study-chart-reference')!;
    expect(reference.textContent).toBe('5,5 voldoende');
    const line = reference.querySelector('line')!;
    const y = (grade: number) => {
      const label = [...svg.querySelectorAll('text')].find((t) => t.textContent === String(grade))!;
      return Number(label.getAttribute('y')) - 4; // the tick label sits 4 units below its grid line
    };
    expect(Number(line.getAttribute('y1'))).toBeCloseTo((y(5) + y(6)) / 2, 1);
    const insufficient = [...svg.querySelectorAll('.study-chart-insufficient')];
    expect(insufficient.map((p) => p.querySelector('title')?.textContent)).toEqual([
      'Examencheck 2, 19 november 2026: 5,2',
    ]);
  });

  it('puts the "5,5 voldoende" label where it covers no point and no grade (issue 34)', () => {
    // The walk's case: the last check near 5,5 at the right end, where the label stood.
    const near = gradesOverTimeChart([
      { date: '2026-11-12T09:00:00Z', grade: 6.1, label: 'Examencheck 1' },
      { date: '2026-11-19T09:00:00Z', grade: 5.6, label: 'Examencheck 2' },
      { date: '2026-11-26T09:00:00Z', grade: 5.4, label: 'Examencheck 3' },
    ]);
    const svg = parse(near);
    const label = svg.querySelector('.study-chart-reference text')!;
    expect(label.textContent).toBe('5,5 voldoende');
    const width = 16 * 0.55 * 12; // generous: 12 characters of the small font
    const x = Number(label.getAttribute('x'));
    const left = label.getAttribute('text-anchor') === 'end' ? x - width : x;
    const y = Number(label.getAttribute('y'));
    for (const point of svg.querySelectorAll('.study-chart-point circle')) {
      const cx = Number(point.getAttribute('cx'));
      const cy = Number(point.getAttribute('cy'));
      const clear = cx + 5 < left || cx - 5 > left + width || cy + 5 < y - 13 || cy - 5 > y + 4;
      expect(clear, `point at ${cx},${cy} under the label at ${left}–${left + width},${y}`).toBe(true);
    }
  });

  it('names the 5,5 line in the legend when no place on it is free', () => {
    const crowded = Array.from({ length: 12 }, (_, i) => ({
      date: `2026-10-${String(1 + i * 2).padStart(2, '0')}T09:00:00Z`,
      grade: i % 2 === 0 ? 5.4 : 5.6,
      label: `Examencheck ${i + 1}`,
    }));
    const svg = parse(gradesOverTimeChart(crowded));
    expect(svg.querySelector('.study-chart-reference text')).toBeNull();
    expect(texts(svg, '.study-chart-legend text')).toEqual(['5,5 voldoende']);
  });

  it('labels the axes in Dutch, with short Dutch dates and the grades 1 to 10', () => {
    const svg = parse(gradesOverTimeChart(grades));
    const all = texts(svg);
    expect(all).toContain('Cijfer');
    expect(all).toContain('Datum');
    for (let grade = 1; grade <= 10; grade++) expect(all).toContain(String(grade));
    const dates = texts(svg, '.study-chart-date');
    expect(dates.length).toBeGreaterThanOrEqual(2);
    for (const date of dates) expect(date).toMatch(/^\d{1,2} (jan|feb|mrt|apr|mei|jun|jul|aug|sep|okt|nov|dec)$/);
    // Few checks, far enough apart: each check's own date is on the axis.
    expect(dates).toEqual(['12 nov', '19 nov']);
  });

  it('keeps the dates on the axis apart over a long period', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({
      date: new Date(Date.UTC(2026, 8, 1 + i * 5)).toISOString(),
      grade: 4 + (i % 6),
      label: `Check ${i + 1}`,
    }));
    const svg = parse(gradesOverTimeChart(many));
    const dates = texts(svg, '.study-chart-date');
    expect(dates.length).toBeLessThanOrEqual(6);
    expect(new Set(dates).size).toBe(dates.length);
    expect(svg.querySelectorAll('.study-chart-point')).toHaveLength(20);
    // With many points only the latest shows its grade.
    expect(texts(svg, '.study-chart-value')).toEqual(['5,0']);
  });

  it('summarises the grades in Dutch for screen readers', () => {
    const svg = parse(gradesOverTimeChart(grades, { title: 'Wiskunde B' }));
    expect(svg.getAttribute('aria-label')).toBe(
      'Wiskunde B: Examencheck 1 (12 nov): 6,8; Examencheck 2 (19 nov): 5,2. Voldoende vanaf 5,5.',
    );
    expect(parse(gradesOverTimeChart(grades)).getAttribute('aria-label')).toMatch(/^Cijfers in de tijd: /);
  });

  it('shows a single check at the end of its week, with its date', () => {
    const svg = parse(gradesOverTimeChart([grades[0]!]));
    const circle = svg.querySelector('.study-chart-point circle')!;
    const width = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
    expect(Number(circle.getAttribute('cx'))).toBeGreaterThan(width * 0.8);
    expect(texts(svg, '.study-chart-date')).toContain('19 nov');
  });

  it('escapes labels and stays free of scripts, handlers and external URLs', () => {
    const html = gradesOverTimeChart([
      { date: '2026-11-12', grade: 7, label: '<img src=x onerror=alert(1)>' },
      { date: '2026-11-20', grade: 8, label: 'javascript:alert(1)' },
    ]);
    expectSafeAndScalable(html);
    expect(parse(html).querySelector('img')).toBeNull();
  });

  it('says there are no results yet without (valid) grades', () => {
    expect(gradesOverTimeChart([])).toBe(NO_RESULTS_HTML);
    expect(gradesOverTimeChart([{ date: 'geen datum', grade: 7, label: 'X' }])).toBe(NO_RESULTS_HTML);
  });
});
