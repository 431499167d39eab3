// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { barChart, COLOR, emptyChart, timeChart, timePlot, type BarChartSpec } from './charts.ts';
import { expectSafeAndScalable, parseChart, texts } from './charts.testing.ts';

const bars: BarChartSpec = {
  description: 'Scores: A 80 %, B 20 %.',
  rows: [
    {
      class: 'row',
      title: 'A: 80 %',
      name: 'A',
      value: '80 %',
      bars: [{ percentage: 80, fill: COLOR.good, class: 'bar' }],
    },
    {
      class: 'row',
      title: 'B: 20 %',
      name: 'B',
      note: ' · onzeker',
      value: '20 %',
      bars: [{ percentage: 20, fill: COLOR.weak, hatched: true, class: 'bar' }],
    },
  ],
  layout: { rowHeight: 44, barHeight: 14, radius: 3 },
  axisLabel: 'Score (%)',
  legend: [
    { label: 'goed', swatch: { fill: COLOR.good } },
    { label: 'zwak', swatch: { fill: COLOR.weak } },
    { label: 'onzeker', swatch: { fill: COLOR.inkSoft, hatched: true } },
  ],
  legendColumns: [0, 212],
};

describe('barChart', () => {
  it('draws a bar per row as long as its percentage, with its name, note and value', () => {
    const svg = parseChart(barChart(bars));
    const widths = [...svg.querySelectorAll('.bar')].map((b) => Number(b.getAttribute('width')));
    expect(widths[1]! / widths[0]!).toBeCloseTo(20 / 80, 2);
    expect(texts(svg, '.study-chart-label')).toEqual(['A', 'B · onzeker']);
    expect(texts(svg, '.study-chart-value')).toEqual(['80 %', '20 %']);
    expect([...svg.querySelectorAll('.row > title')].map((t) => t.textContent)).toEqual(['A: 80 %', 'B: 20 %']);
    expect(texts(svg)).toEqual(expect.arrayContaining(['0', '25', '50', '75', '100', 'Score (%)']));
  });

  it('is an image named by its description, safe to insert as HTML', () => {
    const html = barChart({ ...bars, title: 'Wiskunde <B>' });
    expectSafeAndScalable(html);
    const svg = parseChart(html);
    expect(svg.getAttribute('aria-label')).toBe('Scores: A 80 %, B 20 %.');
    expect(svg.querySelector(':scope > title')).toBeNull();
    expect(texts(svg)).toContain('Wiskunde <B>');
  });

  it('hatches with a pattern of its own, also in the legend', () => {
    const first = parseChart(barChart(bars));
    const id = first.querySelector('pattern')!.id;
    expect(first.querySelectorAll(`rect[fill="url(#${id})"]`)).toHaveLength(2);
    expect(parseChart(barChart(bars)).querySelector('pattern')!.id).not.toBe(id);
  });

  it('lays the legend out in its columns, row after row', () => {
    const svg = parseChart(barChart(bars));
    const at = [...svg.querySelectorAll('.study-chart-legend text')].map((t) => [
      Number(t.getAttribute('x')),
      Number(t.getAttribute('y')),
    ]);
    expect(at[1]![0]! - at[0]![0]!).toBe(212);
    expect(at[1]![1]).toBe(at[0]![1]);
    expect(at[2]![0]).toBe(at[0]![0]);
    expect(at[2]![1]! - at[0]![1]!).toBe(22);
  });

  it('starts a new row for an item that would run past the chart’s edge, never overlapping the one before', () => {
    const long = [
      { label: 'een heel lange uitleg van wat deze kleur betekent', swatch: { fill: COLOR.good } },
      { label: 'nog een lange uitleg', swatch: { fill: COLOR.weak } },
    ];
    const svg = parseChart(barChart({ ...bars, legend: long }));
    const at = [...svg.querySelectorAll('.study-chart-legend text')].map((t) => Number(t.getAttribute('y')));
    expect(at[1]).toBeGreaterThan(at[0]!);
  });

  it('draws its text at 16 units or more, so a 340 px wide chart on a phone shows it at 12 px', () => {
    const svg = parseChart(barChart(bars));
    const sizes = [...svg.querySelectorAll('text')].map((t) =>
      Number(t.getAttribute('font-size') ?? svg.getAttribute('font-size')),
    );
    expect(Math.min(...sizes) * (340 / Number(svg.getAttribute('viewBox')!.split(' ')[2]))).toBeGreaterThanOrEqual(12);
    expect(svg.getAttribute('style')).toContain('max-width:440px');
  });

  it('draws the target across every row', () => {
    const svg = parseChart(barChart({ ...bars, target: { percentage: 50, label: 'doel 50 %' } }));
    const lines = [...svg.querySelectorAll('.study-chart-reference line')];
    expect(lines).toHaveLength(2);
    const zero = Number(svg.querySelector('.bar')!.getAttribute('x'));
    const full = zero + Number(svg.querySelector('.bar')!.getAttribute('width')) / 0.8;
    expect((Number(lines[0]!.getAttribute('x1')) - zero) / (full - zero)).toBeCloseTo(0.5, 2);
    expect(texts(svg, '.study-chart-reference text')).toEqual(['doel 50 %']);
  });
});

describe('timeChart', () => {
  const plot = timePlot({ title: 'Cijfers', headroom: 32, height: 180 });
  const y = (value: number) => plot.bottom - ((value - 1) / 9) * (plot.bottom - plot.top);
  const chart = () =>
    timeChart(plot, {
      description: 'Cijfers: 6,8 op 12 nov.',
      yLabel: 'Cijfer',
      y,
      yTicks: [1, 4, 7, 10],
      xTicks: [
        { x: 100, label: '12 nov' },
        { x: 300, label: '19 nov' },
      ],
      marks: ['<circle class="mark" cx="100" cy="50" r="5"/>'],
      legend: [{ label: 'examen', swatch: { line: 'vertical' } }],
    });

  it('draws the y axis with a grid line per value above the x axis, the dates and the marks', () => {
    const svg = parseChart(chart());
    expect(texts(svg)).toEqual(expect.arrayContaining(['Cijfers', 'Cijfer', '1', '4', '7', '10', 'Datum', 'examen']));
    const grid = [...svg.querySelectorAll(`line[stroke="${COLOR.grid}"]`)].map((l) => Number(l.getAttribute('y1')));
    expect(grid).toEqual([y(4), y(7), y(10)].map((v) => Math.round(v * 10) / 10));
    expect(texts(svg, '.study-chart-date')).toEqual(['12 nov', '19 nov']);
    expect(svg.querySelectorAll('.mark')).toHaveLength(1);
    expect(svg.getAttribute('aria-label')).toBe('Cijfers: 6,8 op 12 nov.');
    expectSafeAndScalable(chart());
  });
});

describe('emptyChart', () => {
  it('says so in a paragraph, escaped', () => {
    const page = document.createElement('div');
    page.innerHTML = emptyChart('Nog <geen> resultaten.');
    expect(page.querySelector('svg')).toBeNull();
    expect(page.querySelector('p')!.textContent).toBe('Nog <geen> resultaten.');
  });
});
