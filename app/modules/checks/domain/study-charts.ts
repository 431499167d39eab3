/**
 * Charts of a pupil's exam-check results, as SVG strings that a page inserts as HTML (the shared chart builder,
 * app/platform/charts.ts, says how and why): the results per topic as bars, the grades over time as a line.
 */
import { scaleLinear, scaleUtc, type ScaleTime } from 'd3-scale';
import {
  approximateWidth,
  barChart,
  clamp,
  COLOR,
  el,
  emptyChart,
  formatLongDate,
  formatPercentage,
  formatShortDate,
  HALO,
  pathThrough,
  SMALL,
  text,
  timeChart,
  timePlot,
  VIEW_WIDTH,
  type LegendItem,
} from '#app/platform/charts.ts';
import {
  FAIR_FROM_PERCENTAGE,
  formatGrade,
  GOOD_FROM_PERCENTAGE,
  scoreTone,
} from '#app/modules/checks/domain/exam-check.ts';
import { DAY_MS } from '#app/platform/dates.ts';

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
export const NO_RESULTS_HTML = emptyChart('Nog geen resultaten.');

/** The lowest sufficient grade ('voldoende'). */
export const PASS_GRADE = 5.5;

/** '6,8': a grade of one decimal with a decimal comma. */
const gradeText = (grade: number) => formatGrade(Math.round(grade * 10));

// --- Results per topic ---------------------------------------------------------------------------------------------

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

  const legend: LegendItem[] = [
    { label: `goed: ${GOOD_FROM_PERCENTAGE} % of meer`, swatch: { fill: COLOR.good } },
    { label: `redelijk: ${FAIR_FROM_PERCENTAGE}–${GOOD_FROM_PERCENTAGE - 1} %`, swatch: { fill: COLOR.fair } },
    { label: `zwak: onder ${FAIR_FROM_PERCENTAGE} %`, swatch: { fill: COLOR.weak } },
  ];
  if (rows.some((r) => r.isUncertain))
    legend.push({ label: UNCERTAIN_LEGEND, swatch: { fill: COLOR.inkSoft, hatched: true } });

  const heading = options.title ?? 'Resultaten per onderwerp';
  return barChart({
    title: options.title,
    description: `${heading}: ${rows
      .map((r) => `${r.name} ${formatPercentage(r.percentage)}${r.isUncertain ? ' (onzeker)' : ''}`)
      .join(', ')}.`,
    rows: rows.map((row) => {
      const fill = COLOR[scoreTone(row.percentage)];
      return {
        class: row.isUncertain ? 'study-chart-topic study-chart-uncertain' : 'study-chart-topic',
        title: `${row.name}: ${formatPercentage(row.percentage)}${row.isUncertain ? ` (${UNCERTAIN_LEGEND})` : ''}`,
        name: row.name,
        note: row.isUncertain ? UNCERTAIN_MARK : undefined,
        value: formatPercentage(row.percentage),
        valueFill: fill,
        bars: [{ percentage: row.percentage, fill, hatched: row.isUncertain, class: 'study-chart-bar' }],
      };
    }),
    layout: { rowHeight: 44, barHeight: 14, radius: 3 },
    widestValue: formatPercentage(100),
    axisLabel: 'Score (%)',
    legend,
    legendColumns: [0, 212],
  });
}

// --- Grades over time ----------------------------------------------------------------------------------------------

/** Grades show their value above the point up to this many points; beyond, only the latest does. */
const MAX_LABELLED_POINTS = 12;
/** Dates on the x axis at most, and their least distance: '28 sep' takes some 50 of the 440 units. */
const MAX_DATE_TICKS = 6;
const MIN_DATE_TICK_DISTANCE = 64;
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

  const plot = timePlot({ title: options.title, headroom: 32, height: 180 });
  const { left, right } = plot;

  // The axis runs up to the last check, never into the future; at least a week back, so a first check has context.
  const end = last.time;
  const start = Math.min(first.time, end - 6 * DAY_MS);
  // Checks made on the same day stand side by side in the order they were made, not on one vertical line.
  const order = new Map<string, number>();
  const nth = series.map((p) => {
    const day = formatLongDate(p.time);
    const n = order.get(day) ?? 0;
    order.set(day, n + 1);
    return n;
  });
  const widestDay = Math.max(...order.values());
  const x = scaleUtc()
    .domain([new Date(start), new Date(end)])
    .range([left + 16, right - 16 - (widestDay - 1) * SAME_DAY_GAP]);
  const px = (i: number) => x(series[i]!.time) + nth[i]! * SAME_DAY_GAP;
  const y = scaleLinear().domain([1, 10]).range([plot.bottom, plot.top]);

  const seen = new Set<string>();
  const xTicks = dateTicks(series, x).flatMap((time) => {
    const label = formatShortDate(time);
    if (seen.has(label)) return [];
    seen.add(label);
    return [{ x: x(time), label }];
  });

  const labelAll = series.length <= MAX_LABELLED_POINTS;
  const passY = y(PASS_GRADE);
  const passLabel = `${gradeText(PASS_GRADE)} voldoende`;
  // Its label stands where it covers no point and no grade above one (issue 34: it covered the last point).
  const taken: Box[] = series.flatMap((p, i) => {
    const cx = px(i);
    const py = y(p.grade);
    const point: Box = [cx - 8, py - 8, cx + 8, py + 8];
    if (!labelAll && i !== series.length - 1) return [point];
    const half = approximateWidth(gradeText(p.grade), SMALL) / 2 + 2;
    const vx = clamp(cx, left + 10, VIEW_WIDTH - 12);
    return [point, [vx - half, py - 9 - 14, vx + half, py - 9 + 4]];
  });
  const passAt = placeLabel(passLabel, passY, { left, right }, taken);
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
    passAt ? el('text', { ...passAt, 'font-size': SMALL, fill: COLOR.inkSoft, ...HALO }, text(passLabel)) : '',
  );

  const line = el('path', {
    class: 'study-chart-line',
    d: pathThrough(series.map((p, i) => [px(i), y(p.grade)])),
    fill: 'none',
    stroke: COLOR.line,
    'stroke-width': 2.5,
    'stroke-linejoin': 'round',
    'stroke-linecap': 'round',
  });

  const dots = series.map((p, i) => {
    const cx = px(i);
    const py = y(p.grade);
    const passed = p.grade >= PASS_GRADE;
    const showValue = labelAll || i === series.length - 1;
    const day = formatLongDate(p.time);
    return el(
      'g',
      { class: passed ? 'study-chart-point' : 'study-chart-point study-chart-insufficient' },
      el(
        'title',
        {},
        text(`${p.label}, ${day}${order.get(day)! > 1 ? `, poging ${nth[i]! + 1}` : ''}: ${gradeText(p.grade)}`),
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
            text(gradeText(p.grade)),
          )
        : '',
    );
  });

  const heading = options.title ?? 'Cijfers in de tijd';
  return timeChart(plot, {
    description: `${heading}: ${series
      .map((p) => `${p.label} (${formatShortDate(p.time)}): ${gradeText(p.grade)}`)
      .join('; ')}. Voldoende vanaf ${gradeText(PASS_GRADE)}.`,
    yLabel: 'Cijfer',
    y,
    yTicks: Array.from({ length: 10 }, (_, i) => i + 1),
    xTicks,
    marks: [reference, line, ...dots],
    // No free place on the line: the legend names it instead.
    ...(passAt ? {} : { legend: [{ label: passLabel, swatch: { line: 'horizontal-dashed' as const } }] }),
  });
}

/** A box in the chart's units: left, top, right, bottom. */
type Box = [number, number, number, number];

const overlaps = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/**
 * Where a reference line's label can stand clear of `taken` (points and their grades): above the line at its right
 * end, below it there, then at its left end above and below. Null when none is free.
 */
function placeLabel(
  label: string,
  lineY: number,
  { left, right }: { left: number; right: number },
  taken: readonly Box[],
): { x: number; y: number; 'text-anchor': 'start' | 'end' } | null {
  const width = approximateWidth(label, SMALL);
  const candidates = [
    { x: right, y: lineY - 5, 'text-anchor': 'end' as const },
    { x: right, y: lineY + 17, 'text-anchor': 'end' as const },
    { x: left + 4, y: lineY - 5, 'text-anchor': 'start' as const },
    { x: left + 4, y: lineY + 17, 'text-anchor': 'start' as const },
  ];
  return (
    candidates.find((at) => {
      const x0 = at['text-anchor'] === 'end' ? at.x - width : at.x;
      const box: Box = [x0 - 2, at.y - 13, x0 + width + 2, at.y + 4];
      return !taken.some((other) => overlaps(box, other));
    }) ?? null
  );
}
