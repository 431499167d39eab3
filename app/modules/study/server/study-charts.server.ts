import { FAIR_FROM_PERCENTAGE, GOOD_FROM_PERCENTAGE, scoreTone } from '../domain/exam-check.ts';
/**
 * Charts of a pupil's exam-check results, drawn on the server
 * as SVG strings that a page inserts as HTML: no chart code reaches the
 * browser, and a chart needs no script (our CSP allows none inline).
 *
 * Recharts 3 cannot do this: every part of a recharts chart (its size, axes,
 * bars, lines) registers itself in the chart's Redux store from an effect, and
 * React's server renderer runs no effects, so renderToStaticMarkup gives only
 * an empty wrapper <div>, whatever width, height, `responsive` or animation
 * props are passed. So the charts are plain SVG laid out with d3-scale.
 *
 * Each chart scales with its container (viewBox, width 100 %, capped at
 * MAX_WIDTH) and reads the site's colours from CSS custom properties with hex
 * fallbacks. Text is Dutch, escaped, and summarised in the chart's aria-label.
 */
import { scaleLinear, scaleUtc, type ScaleTime } from 'd3-scale';
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
  formatGrade,
  formatPercentage,
  formatShortDate,
  longDate,
  num,
  svgRoot,
  text,
  truncate,
  uniqueId,
} from './svg-chart.server.ts';

export interface TopicScore {
  name: string;
  /** 0–100; rounded to a whole percentage for display. */
  percentage: number;
  /** Too few questions on the topic to judge it. */
  isUncertain: boolean;
}

export interface GradePoint {
  /** ISO date or date-time. */
  date: string;
  /** 1.0–10.0; shown with one decimal. */
  grade: number;
  /** What was graded, e.g. the check's title. */
  label: string;
}

export interface ChartOptions {
  /** Shown above the chart and leading its accessible summary. */
  title?: string;
}

/** Shown instead of a chart when there is nothing to draw. */
export const NO_RESULTS_HTML = '<p class="study-chart-empty">Nog geen resultaten.</p>';

/** The lowest sufficient grade ('voldoende'). */
export const PASS_GRADE = 5.5;

// --- Results per topic ---------------------------------------------------------------------------------------------

const bandOf = scoreTone;

const UNCERTAIN_MARK = ' · onzeker';
const UNCERTAIN_LEGEND = 'onzeker: te weinig vragen';

/**
 * Horizontal bar chart: one row per topic, its name above a bar of 0–100 %
 * with the percentage at the right. Bars are green from 70 %, amber from 50 %,
 * red below; a topic with too few questions to judge is hatched (lighter) and
 * marked 'onzeker' after its name. A legend explains colours and hatching.
 */
export function topicResultsChart(topics: readonly TopicScore[], options: ChartOptions = {}): string {
  const rows = topics
    .filter((t) => Number.isFinite(t.percentage))
    .map((t) => ({
      name: t.name.trim() || 'Onderwerp',
      percentage: clamp(Math.round(t.percentage), 0, 100),
      isUncertain: t.isUncertain,
    }));
  if (rows.length === 0) return NO_RESULTS_HTML;

  const id = uniqueId();
  const hatchId = `${id}-hatch`;
  const hatch = `url(#${hatchId})`;
  const left = 12;
  const right = VIEW_WIDTH - 16;
  const rowHeight = 44;
  const barHeight = 14;
  const top = options.title ? 34 : 6;
  const rowsBottom = top + rows.length * rowHeight;
  const x = scaleLinear().domain([0, 100]).range([left, right]);
  const ticks = [0, 25, 50, 75, 100];
  const percentageWidth = approximateWidth('100 %', BASE) + 12;

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
    const barY = rowTop + 22;
    const color = COLOR[bandOf(row.percentage)];
    const markWidth = row.isUncertain ? approximateWidth(UNCERTAIN_MARK, SMALL) : 0;
    const name = truncate(row.name, BASE, right - left - percentageWidth - markWidth);
    const summary = `${row.name}: ${formatPercentage(row.percentage)}${row.isUncertain ? ` (${UNCERTAIN_LEGEND})` : ''}`;
    const barWidth = x(row.percentage) - left;
    return el(
      'g',
      { class: row.isUncertain ? 'study-chart-topic study-chart-uncertain' : 'study-chart-topic' },
      el('title', {}, text(summary)),
      el(
        'text',
        { class: 'study-chart-label', x: left, y: rowTop + 15, fill: COLOR.ink },
        text(name),
        row.isUncertain
          ? el('tspan', { 'font-size': SMALL, 'font-style': 'italic', fill: COLOR.inkSoft }, text(UNCERTAIN_MARK))
          : '',
      ),
      el(
        'text',
        { class: 'study-chart-value', x: right, y: rowTop + 15, 'text-anchor': 'end', 'font-weight': 700, fill: color },
        text(formatPercentage(row.percentage)),
      ),
      el('rect', { x: left, y: barY, width: right - left, height: barHeight, rx: 3, fill: COLOR.track }),
      el('rect', {
        class: 'study-chart-bar',
        x: left,
        y: barY,
        width: barWidth,
        height: barHeight,
        rx: 3,
        fill: color,
      }),
      row.isUncertain ? el('rect', { x: left, y: barY, width: barWidth, height: barHeight, rx: 3, fill: hatch }) : '',
    );
  });

  const axisY = rowsBottom + 2;
  const axis = bottomAxis(x, ticks, { left, right, y: axisY, label: 'Score (%)' });

  const legendItems: { label: string; fill: string; hatched?: boolean }[] = [
    { label: `goed: ${GOOD_FROM_PERCENTAGE} % of meer`, fill: COLOR.good },
    { label: `redelijk: ${FAIR_FROM_PERCENTAGE}–${GOOD_FROM_PERCENTAGE - 1} %`, fill: COLOR.fair },
    { label: `zwak: onder ${FAIR_FROM_PERCENTAGE} %`, fill: COLOR.weak },
  ];
  if (rows.some((r) => r.isUncertain))
    legendItems.push({ label: UNCERTAIN_LEGEND, fill: COLOR.inkSoft, hatched: true });
  const legendTop = axisY + 48;
  const legend = legendItems.map((item, i) => {
    const lx = left + (i % 2) * 212;
    const ly = legendTop + Math.floor(i / 2) * 20;
    return el(
      'g',
      { class: 'study-chart-legend' },
      el('rect', { x: lx, y: ly, width: 12, height: 12, rx: 2, fill: item.fill }),
      item.hatched ? el('rect', { x: lx, y: ly, width: 12, height: 12, rx: 2, fill: hatch }) : '',
      el('text', { x: lx + 18, y: ly + 10.5, 'font-size': SMALL, fill: COLOR.ink }, text(item.label)),
    );
  });
  const height = legendTop + Math.ceil(legendItems.length / 2) * 20 + 2;

  const defs = el(
    'defs',
    {},
    el(
      'pattern',
      { id: hatchId, width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      el('rect', { x: 0, y: 0, width: 3, height: 6, fill: COLOR.background, 'fill-opacity': 0.6 }),
    ),
  );

  const heading = options.title ?? 'Resultaten per onderwerp';
  const summary = `${heading}: ${rows
    .map((r) => `${r.name} ${formatPercentage(r.percentage)}${r.isUncertain ? ' (onzeker)' : ''}`)
    .join(', ')}.`;
  return svgRoot(height, summary, defs, chartTitle(options.title), ...grid, ...bars, ...axis, ...legend);
}

// --- Grades over time ----------------------------------------------------------------------------------------------

/** Grades show their value above the point up to this many points; beyond, only the latest does. */
const MAX_LABELLED_POINTS = 12;
/** Dates on the x axis at most, and their least distance: '28 sep' takes some 45 of the 390 units. */
const MAX_DATE_TICKS = 6;
const MIN_DATE_TICK_DISTANCE = 56;
/** Checks made on the same day stand this far apart (px), in the order they were made. */
const SAME_DAY_GAP = 24;

/**
 * Where the x axis shows a date: under each check when there are few and they stand apart (the pupil finds the
 * day of each check), else at d3's round dates, every k-th when d3 offers more than fit (weekly over ten weeks).
 */
function dateTicks(series: readonly { time: number }[], x: ScaleTime<number, number>): number[] {
  // One tick per day: the first check of the day (the others stand beside it).
  const days = new Set<string>();
  const times = series
    .map((p) => p.time)
    .filter((time) => !days.has(formatShortDate(time)) && days.add(formatShortDate(time)));
  const apart = times.every((time, i) => i === 0 || x(time) - x(times[i - 1]!) >= MIN_DATE_TICK_DISTANCE);
  if (times.length <= MAX_DATE_TICKS && apart) return times;
  const candidates = x.ticks(5).map((tick) => tick.getTime());
  const step = Math.ceil(candidates.length / MAX_DATE_TICKS);
  return candidates.filter((_, i) => i % step === 0);
}

/**
 * Line chart of grades (y 1–10) against the date (x, true to time), with a
 * dashed reference line at 5,5 ('voldoende'). Each point shows its grade with
 * a decimal comma; points below 5,5 are red. Dates read '12 nov'.
 */
export function gradesOverTimeChart(points: readonly GradePoint[], options: ChartOptions = {}): string {
  const series = points
    .map((p) => ({ time: Date.parse(p.date), grade: p.grade, label: p.label.trim() || 'Toets' }))
    .filter((p) => Number.isFinite(p.time) && Number.isFinite(p.grade))
    .map((p) => ({ ...p, grade: clamp(Math.round(p.grade * 10) / 10, 1, 10) }))
    .sort((a, b) => a.time - b.time);
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last) return NO_RESULTS_HTML;

  const titleHeight = options.title ? 26 : 0;
  const left = 34;
  const right = VIEW_WIDTH - 14;
  const plotTop = titleHeight + 32;
  const plotBottom = plotTop + 180;
  const height = plotBottom + 44;

  // The axis runs up to the last check, never into the future; at least a week back, so a first check has context.
  const end = last.time;
  const start = Math.min(first.time, end - 6 * DAY_MS);
  // Checks made on the same day stand side by side in the order they were made, not on one vertical line.
  const order = new Map<string, number>();
  const nth = series.map((p) => {
    const day = longDate.format(p.time);
    const n = order.get(day) ?? 0;
    order.set(day, n + 1);
    return n;
  });
  const widestDay = Math.max(...order.values());
  const x = scaleUtc()
    .domain([new Date(start), new Date(end)])
    .range([left + 16, right - 16 - (widestDay - 1) * SAME_DAY_GAP]);
  const px = (i: number) => x(series[i]!.time) + nth[i]! * SAME_DAY_GAP;
  const y = scaleLinear().domain([1, 10]).range([plotBottom, plotTop]);

  const yAxis = [
    el('text', { x: 4, y: titleHeight + 14, 'font-size': SMALL, fill: COLOR.ink }, text('Cijfer')),
    ...Array.from({ length: 10 }, (_, i) => i + 1).map((grade) =>
      [
        grade > 1 ? el('line', { x1: left, x2: right, y1: y(grade), y2: y(grade), stroke: COLOR.grid }) : '',
        el(
          'text',
          { x: left - 6, y: y(grade) + 4, 'text-anchor': 'end', 'font-size': SMALL, fill: COLOR.inkSoft },
          text(String(grade)),
        ),
      ].join(''),
    ),
    el('line', { x1: left, x2: right, y1: plotBottom, y2: plotBottom, stroke: COLOR.inkSoft }),
  ];

  const seen = new Set<string>();
  const xTicks = dateTicks(series, x).flatMap((time) => {
    const label = formatShortDate(time);
    if (seen.has(label)) return [];
    seen.add(label);
    const tx = x(time);
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
        text(label),
      ),
    ];
  });
  const xTitle = el(
    'text',
    { x: (left + right) / 2, y: plotBottom + 36, 'text-anchor': 'middle', 'font-size': SMALL, fill: COLOR.ink },
    text('Datum'),
  );

  const passY = y(PASS_GRADE);
  const reference = el(
    'g',
    { class: 'study-chart-reference' },
    el('line', {
      x1: left,
      x2: right,
      y1: passY,
      y2: passY,
      stroke: COLOR.inkSoft,
      'stroke-width': 1.5,
      'stroke-dasharray': '6 4',
    }),
    el(
      'text',
      { x: right, y: passY - 5, 'text-anchor': 'end', 'font-size': SMALL, fill: COLOR.inkSoft, ...HALO },
      text(`${formatGrade(PASS_GRADE)} voldoende`),
    ),
  );

  const line = el('path', {
    class: 'study-chart-line',
    d: series.map((p, i) => `${i === 0 ? 'M' : 'L'}${num(px(i))},${num(y(p.grade))}`).join(''),
    fill: 'none',
    stroke: COLOR.line,
    'stroke-width': 2.5,
    'stroke-linejoin': 'round',
    'stroke-linecap': 'round',
  });

  const labelAll = series.length <= MAX_LABELLED_POINTS;
  const dots = series.map((p, i) => {
    const cx = px(i);
    const py = y(p.grade);
    const passed = p.grade >= PASS_GRADE;
    const showValue = labelAll || i === series.length - 1;
    return el(
      'g',
      { class: passed ? 'study-chart-point' : 'study-chart-point study-chart-insufficient' },
      el(
        'title',
        {},
        text(
          `${p.label}, ${longDate.format(p.time)}${order.get(longDate.format(p.time))! > 1 ? `, poging ${nth[i]! + 1}` : ''}: ${formatGrade(p.grade)}`,
        ),
      ),
      el('circle', {
        cx,
        cy: py,
        r: 5,
        fill: passed ? COLOR.line : COLOR.weak,
        stroke: COLOR.background,
        'stroke-width': 2,
      }),
      showValue
        ? el(
            'text',
            {
              class: 'study-chart-value',
              x: clamp(cx, left + 10, VIEW_WIDTH - 12),
              y: py - 9,
              'text-anchor': 'middle',
              'font-size': SMALL,
              'font-weight': 700,
              fill: COLOR.ink,
              ...HALO,
            },
            text(formatGrade(p.grade)),
          )
        : '',
    );
  });

  const heading = options.title ?? 'Cijfers in de tijd';
  const summary = `${heading}: ${series
    .map((p) => `${p.label} (${formatShortDate(p.time)}): ${formatGrade(p.grade)}`)
    .join('; ')}. Voldoende vanaf ${formatGrade(PASS_GRADE)}.`;
  return svgRoot(height, summary, chartTitle(options.title), ...yAxis, ...xTicks, xTitle, reference, line, ...dots);
}
