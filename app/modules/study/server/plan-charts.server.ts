/**
 * Charts of a pupil's study plan (issue 20, part 6), drawn on the server as SVG strings in the manner of
 * study-charts.server.ts (see there why not recharts): plain SVG laid out with d3-scale, scaling with its
 * container, colours from the site's CSS custom properties, Dutch text summarised in the aria-label.
 *
 * - topicRecallChart: per topic the predicted recall today and on the exam morning, as paired horizontal
 *   bars (today solid, exam day hatched, so the two differ without colour), with the 90 % target line.
 * - workloadChart: the expected minutes per day until the exam, as bars, with the pupil's daily time as a
 *   dashed line and the exam days marked.
 * Calm by design: no streaks, no red, no warnings; a day over the daily time is only counted in the summary.
 */
import { scaleLinear } from 'd3-scale';
import { TARGET_RECALL } from '../domain/memory.ts';
import {
  BASE,
  bottomAxis,
  COLOR,
  DAY_MS,
  HALO,
  SMALL,
  VIEW_WIDTH,
  approximateWidth,
  chartTitle,
  clamp,
  el,
  formatPercentage,
  formatShortDate,
  longDate,
  num,
  svgRoot,
  text,
  truncate,
  uniqueId,
} from './svg-chart.server.ts';

export interface ChartOptions {
  /** Shown above the chart and leading its accessible summary. */
  title?: string;
}

export interface TopicRecall {
  name: string;
  /** Predicted recall now, 0–1 (mean over all the topic's cards, unseen = 0). */
  today: number;
  /** Predicted recall on the exam morning, 0–1. */
  examDay: number;
}

export interface WorkloadDay {
  /** The day (its local midnight, as forecastWorkload gives it). */
  date: Date;
  minutes: number;
  /** The pupil's study time for the day, in minutes. */
  budget: number;
}

export interface WorkloadOptions extends ChartOptions {
  /** Exam mornings to mark on their day. */
  exams?: readonly { date: Date; name: string }[];
}

/** Shown instead of the recall chart when no topic has anything to show. */
export const NO_TOPICS_HTML = '<p class="study-chart-empty">Nog geen onderwerpen om te tonen.</p>';
/** Shown instead of the workload chart when there are no days to plan. */
export const NO_WORKLOAD_HTML = '<p class="study-chart-empty">Nog geen planning om te tonen.</p>';

const toPercentage = (share: number) => clamp(Math.round((Number.isFinite(share) ? share : 0) * 100), 0, 100);

function hatchPattern(id: string): string {
  return el(
    'pattern',
    { id, width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
    el('rect', { x: 0, y: 0, width: 3, height: 6, fill: COLOR.background, 'fill-opacity': 0.6 }),
  );
}

function legendItem(lx: number, ly: number, label: string, swatch: string): string {
  return el(
    'g',
    { class: 'study-chart-legend' },
    swatch,
    el('text', { x: lx + 18, y: ly + 10.5, 'font-size': SMALL, fill: COLOR.ink }, text(label)),
  );
}

// --- Recall per topic: today and on the exam morning ----------------------------------------------------------------

/**
 * Horizontal paired bars: per topic its name and the two percentages, then a bar for today (solid) and one
 * for the exam morning (hatched), 0–100 %, with a dashed vertical line at the 90 % target.
 */
export function topicRecallChart(topics: readonly TopicRecall[], options: ChartOptions = {}): string {
  const rows = topics
    .filter((t) => Number.isFinite(t.today) && Number.isFinite(t.examDay))
    .map((t) => ({ name: t.name.trim() || 'Onderwerp', today: toPercentage(t.today), exam: toPercentage(t.examDay) }));
  if (rows.length === 0) return NO_TOPICS_HTML;

  const id = uniqueId();
  const hatchId = `${id}-hatch`;
  const hatch = `url(#${hatchId})`;
  const target = Math.round(TARGET_RECALL * 100);
  const left = 12;
  const right = VIEW_WIDTH - 16;
  const rowHeight = 56;
  const barHeight = 11;
  const top = (options.title ? 34 : 6) + 18;
  const rowsBottom = top + rows.length * rowHeight;
  const x = scaleLinear().domain([0, 100]).range([left, right]);
  const ticks = [0, 25, 50, 75, 100];

  const grid = ticks.map((tick) =>
    el('line', {
      x1: x(tick),
      x2: x(tick),
      y1: top,
      y2: rowsBottom,
      stroke: COLOR.grid,
      'stroke-dasharray': tick === 0 ? undefined : '3 3',
    }),
  );

  const bars = rows.map((row, i) => {
    const rowTop = top + i * rowHeight;
    const values = `nu ${formatPercentage(row.today)} · examen ${formatPercentage(row.exam)}`;
    const valuesWidth = approximateWidth(values, SMALL) + 10;
    const name = truncate(row.name, BASE, right - left - valuesWidth);
    const summary = `${row.name}: vandaag ${formatPercentage(row.today)}, op de examendag ${formatPercentage(row.exam)}`;
    const bar = (y: number, value: number, cls: string, hatched: boolean) =>
      [
        el('rect', { x: left, y, width: right - left, height: barHeight, rx: 2, fill: COLOR.track }),
        el('rect', { class: cls, x: left, y, width: x(value) - left, height: barHeight, rx: 2, fill: COLOR.line }),
        hatched ? el('rect', { x: left, y, width: x(value) - left, height: barHeight, rx: 2, fill: hatch }) : '',
      ].join('');
    return el(
      'g',
      { class: 'study-chart-topic' },
      el('title', {}, text(summary)),
      el('text', { class: 'study-chart-label', x: left, y: rowTop + 15, fill: COLOR.ink }, text(name)),
      el(
        'text',
        {
          class: 'study-chart-value',
          x: right,
          y: rowTop + 15,
          'text-anchor': 'end',
          'font-size': SMALL,
          fill: COLOR.inkSoft,
        },
        text(values),
      ),
      bar(rowTop + 22, row.today, 'study-chart-bar study-chart-today', false),
      bar(rowTop + 22 + barHeight + 3, row.exam, 'study-chart-bar study-chart-exam', true),
    );
  });

  const targetX = x(target);
  const targetLine = el(
    'g',
    { class: 'study-chart-reference' },
    // Across the bars only, so it never runs through a topic's name or percentages.
    ...rows.map((_, i) =>
      el('line', {
        x1: targetX,
        x2: targetX,
        y1: top + i * rowHeight + 19,
        y2: top + i * rowHeight + 22 + 2 * barHeight + 6,
        stroke: COLOR.ink,
        'stroke-width': 1.5,
        'stroke-dasharray': '4 3',
      }),
    ),
    el(
      'text',
      { x: targetX, y: top - 8, 'text-anchor': 'middle', 'font-size': SMALL, fill: COLOR.ink, ...HALO },
      text(`doel ${formatPercentage(target)}`),
    ),
  );

  const axisY = rowsBottom + 2;
  const axis = bottomAxis(x, ticks, { left, right, y: axisY, label: 'Wat je naar verwachting onthoudt (%)' });

  const legendY = axisY + 48;
  const legend = [
    legendItem(
      left,
      legendY,
      'vandaag',
      el('rect', { x: left, y: legendY, width: 12, height: 12, rx: 2, fill: COLOR.line }),
    ),
    legendItem(
      left + 110,
      legendY,
      'op de examendag',
      el('rect', { x: left + 110, y: legendY, width: 12, height: 12, rx: 2, fill: COLOR.line }) +
        el('rect', { x: left + 110, y: legendY, width: 12, height: 12, rx: 2, fill: hatch }),
    ),
    legendItem(
      left + 270,
      legendY,
      `doel: ${formatPercentage(target)}`,
      el('line', {
        x1: left + 276,
        x2: left + 276,
        y1: legendY - 1,
        y2: legendY + 13,
        stroke: COLOR.ink,
        'stroke-width': 1.5,
        'stroke-dasharray': '4 2',
      }),
    ),
  ];
  const height = legendY + 16;

  const heading = options.title ?? 'Wat je onthoudt per onderwerp';
  const summary = `${heading}, vandaag en op de examendag: ${rows
    .map((r) => `${r.name} ${formatPercentage(r.today)} en ${formatPercentage(r.exam)}`)
    .join('; ')}. Doel: ${formatPercentage(target)}.`;
  return svgRoot(
    height,
    summary,
    el('defs', {}, hatchPattern(hatchId)),
    chartTitle(options.title),
    ...grid,
    ...bars,
    targetLine,
    ...axis,
    ...legend,
  );
}

// --- Workload per day until the exam --------------------------------------------------------------------------------

const MAX_DATE_TICKS = 5;
/** Rows of exam names above the workload chart at most. */
const MAX_EXAM_ROWS = 3;

/** The whole minutes of a duration, as a pupil reads them. */
const minutesText = (minutes: number) => `${Math.round(minutes)} min`;

/**
 * Vertical bars: the expected minutes of each day until the exam, the pupil's daily time as a dashed (step)
 * line, and each exam as a vertical marker with its name on its day. Dates read '12 mei'.
 */
export function workloadChart(days: readonly WorkloadDay[], options: WorkloadOptions = {}): string {
  const series = days
    .filter((d) => Number.isFinite(d.date.getTime()) && Number.isFinite(d.minutes))
    .map((d) => ({
      time: d.date.getTime(),
      minutes: Math.max(0, d.minutes),
      budget: Number.isFinite(d.budget) ? Math.max(0, d.budget) : 0,
    }))
    .sort((a, b) => a.time - b.time);
  if (series.length === 0) return NO_WORKLOAD_HTML;

  const n = series.length;
  const titleHeight = options.title ? 26 : 0;
  const left = 34;
  const right = VIEW_WIDTH - 14;
  const x = scaleLinear().domain([0, n]).range([left, right]);
  const step = x(1) - x(0);
  const gap = Math.min(2, step * 0.2);

  // Exams: on the day whose local midnight starts it. Their names stand above the plot, each on the first
  // row where it overlaps no other name (at most MAX_EXAM_ROWS rows).
  const exams = (options.exams ?? [])
    .map((exam) => ({
      name: exam.name.trim() || 'Examen',
      time: exam.date.getTime(),
      index: series.findLastIndex((d) => d.time <= exam.date.getTime()),
    }))
    .filter((e) => Number.isFinite(e.time) && e.index >= 0 && e.time < series[e.index]!.time + DAY_MS + 3_600_000)
    .sort((a, b) => a.time - b.time);
  const rows: [number, number][][] = [];
  const placed = exams.map((exam) => {
    const ex = x(exam.index + 0.5);
    const label = truncate(exam.name, SMALL, 150);
    const width = approximateWidth(label, SMALL);
    const anchor = ex + width / 2 > right ? 'end' : ex - width / 2 < left ? 'start' : 'middle';
    const start = anchor === 'end' ? ex - width : anchor === 'start' ? ex : ex - width / 2;
    const free = (row: [number, number][]) => row.every(([a, b]) => start + width + 6 <= a || b + 6 <= start);
    let row = rows.findIndex(free);
    if (row < 0) row = rows.length < MAX_EXAM_ROWS ? rows.push([]) - 1 : MAX_EXAM_ROWS - 1;
    rows[row]!.push([start, start + width]);
    return { ...exam, ex, label, anchor, row };
  });
  const examRows = rows.length;
  const plotTop = titleHeight + 30 + examRows * 15;
  const plotBottom = plotTop + 160;
  const labelY = (row: number) => plotTop - 8 - (examRows - 1 - row) * 15;

  const most = Math.max(10, ...series.map((d) => Math.max(d.minutes, d.budget * 1.15)));
  const y = scaleLinear().domain([0, most]).nice().range([plotBottom, plotTop]);

  const yAxis = [
    el('text', { x: 4, y: titleHeight + 14, 'font-size': SMALL, fill: COLOR.ink }, text('Minuten per dag')),
    ...y
      .ticks(4)
      .map((tick) =>
        [
          tick > 0 ? el('line', { x1: left, x2: right, y1: y(tick), y2: y(tick), stroke: COLOR.grid }) : '',
          el(
            'text',
            { x: left - 6, y: y(tick) + 4, 'text-anchor': 'end', 'font-size': SMALL, fill: COLOR.inkSoft },
            text(String(tick)),
          ),
        ].join(''),
      ),
    el('line', { x1: left, x2: right, y1: plotBottom, y2: plotBottom, stroke: COLOR.inkSoft }),
  ];

  const bars = series.map((d, i) =>
    el(
      'rect',
      {
        class: 'study-chart-bar',
        x: x(i) + gap / 2,
        y: y(d.minutes),
        width: Math.max(0.5, step - gap),
        height: plotBottom - y(d.minutes),
        fill: COLOR.line,
      },
      el('title', {}, text(`${longDate.format(d.time)}: ${minutesText(d.minutes)}`)),
    ),
  );

  const budgetPath = series.map(
    (d, i) => `${i === 0 ? 'M' : 'L'}${num(x(i))},${num(y(d.budget))}L${num(x(i + 1))},${num(y(d.budget))}`,
  );
  const budgets = new Set(series.map((d) => Math.round(d.budget)));
  const firstBudget = series[0]!.budget;
  const budget = el(
    'g',
    { class: 'study-chart-reference' },
    el('path', {
      d: budgetPath.join(''),
      fill: 'none',
      stroke: COLOR.ink,
      'stroke-width': 1.5,
      'stroke-dasharray': '6 4',
    }),
    el(
      'text',
      { x: left + 4, y: y(firstBudget) - 5, 'font-size': SMALL, fill: COLOR.ink, ...HALO },
      text(budgets.size === 1 ? `je tijd: ${minutesText(firstBudget)}` : 'je tijd per dag'),
    ),
  );

  const examLines = placed.map((exam) =>
    el(
      'g',
      { class: 'study-chart-exam' },
      el('title', {}, text(`${exam.name}: ${longDate.format(exam.time)}`)),
      el('line', {
        x1: exam.ex,
        x2: exam.ex,
        y1: labelY(exam.row) + 3,
        y2: plotBottom,
        stroke: COLOR.ink,
        'stroke-width': 2,
      }),
    ),
  );
  const examLabels = placed.map((exam) =>
    el(
      'text',
      {
        class: 'study-chart-exam-label',
        x: exam.ex,
        y: labelY(exam.row),
        'text-anchor': exam.anchor,
        'font-size': SMALL,
        fill: COLOR.ink,
        ...HALO,
      },
      text(exam.label),
    ),
  );

  const tickEvery = Math.max(1, Math.ceil(n / MAX_DATE_TICKS));
  const xTicks = series.flatMap((d, i) => {
    if (i % tickEvery !== 0) return [];
    const tx = x(i + 0.5);
    return [
      el('line', { x1: tx, x2: tx, y1: plotBottom, y2: plotBottom + 4, stroke: COLOR.inkSoft }),
      el(
        'text',
        {
          class: 'study-chart-date',
          x: tx,
          y: plotBottom + 18,
          'text-anchor': 'middle',
          'font-size': SMALL,
          fill: COLOR.inkSoft,
        },
        text(formatShortDate(d.time)),
      ),
    ];
  });
  const xTitle = el(
    'text',
    { x: (left + right) / 2, y: plotBottom + 36, 'text-anchor': 'middle', 'font-size': SMALL, fill: COLOR.ink },
    text('Datum'),
  );

  const legendY = plotBottom + 52;
  const legend = [
    legendItem(
      4,
      legendY,
      'studietijd',
      el('rect', { x: 4, y: legendY, width: 12, height: 12, rx: 2, fill: COLOR.line }),
    ),
    legendItem(
      104,
      legendY,
      'je tijd per dag',
      el('line', {
        x1: 104,
        x2: 116,
        y1: legendY + 6,
        y2: legendY + 6,
        stroke: COLOR.ink,
        'stroke-width': 1.5,
        'stroke-dasharray': '4 2',
      }),
    ),
    exams.length > 0
      ? legendItem(
          234,
          legendY,
          'examen',
          el('line', { x1: 240, x2: 240, y1: legendY - 1, y2: legendY + 13, stroke: COLOR.ink, 'stroke-width': 2 }),
        )
      : '',
  ];
  const height = legendY + 16;

  const heading = options.title ?? 'Verwachte studietijd per dag';
  const total = series.reduce((sum, d) => sum + d.minutes, 0);
  const busiest = series.reduce((a, b) => (b.minutes > a.minutes ? b : a));
  const over = series.filter((d) => Math.round(d.minutes) > Math.round(d.budget)).length;
  const parts = [
    `${heading}: ${n} ${n === 1 ? 'dag' : 'dagen'}, van ${formatShortDate(series[0]!.time)} tot ${formatShortDate(series.at(-1)!.time)}.`,
    `Gemiddeld ${minutesText(total / n)} per dag, het meest ${minutesText(busiest.minutes)} op ${formatShortDate(busiest.time)}.`,
    over === 0
      ? 'Elke dag past binnen je tijd per dag.'
      : `Op ${over} ${over === 1 ? 'dag' : 'dagen'} is het meer dan je tijd per dag.`,
  ];
  if (exams.length > 0)
    parts.push(
      `${exams.length === 1 ? 'Examen' : 'Examens'}: ${exams.map((e) => `${e.name} op ${formatShortDate(e.time)}`).join(', ')}.`,
    );
  return svgRoot(
    height,
    parts.join(' '),
    chartTitle(options.title),
    ...yAxis,
    ...bars,
    ...examLines,
    budget,
    ...examLabels,
    ...xTicks,
    xTitle,
    ...legend,
  );
}
