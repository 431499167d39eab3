/**
 * Charts of a pupil's study plan (issue 20, part 6), as SVG strings that a page inserts as HTML (the shared
 * chart builder, app/platform/charts.ts, says how and why).
 *
 * - topicRecallChart: per topic the predicted recall today and on the exam morning, as paired horizontal
 *   bars (today solid, exam day hatched, so the two differ without colour), with the 90 % target line.
 * - workloadChart: the expected minutes per day until the exam, as bars, with the pupil's daily time as a
 *   dashed line and the exam days marked.
 * Calm by design: no streaks, no red, no warnings; a day over the daily time is only counted in the summary.
 */
import { scaleLinear } from 'd3-scale';
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
  TIME_PLOT,
  timeChart,
  timePlot,
  truncate,
  type LegendItem,
} from '#app/platform/charts.ts';
import { DAY_MS } from '#app/platform/dates.ts';
import { TARGET_RECALL } from '#app/modules/reviews/index.ts';

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
const NO_TOPICS_HTML = emptyChart('Nog geen onderwerpen om te tonen.');
/** Shown instead of the workload chart when there are no days to plan. */
const NO_WORKLOAD_HTML = emptyChart('Nog geen planning om te tonen.');

const toPercentage = (share: number) => clamp(Math.round((Number.isFinite(share) ? share : 0) * 100), 0, 100);

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

  const target = Math.round(TARGET_RECALL * 100);
  const heading = options.title ?? 'Wat je onthoudt per onderwerp';
  return barChart({
    title: options.title,
    description: `${heading}, vandaag en op de examendag: ${rows
      .map((r) => `${r.name} ${formatPercentage(r.today)} en ${formatPercentage(r.exam)}`)
      .join('; ')}. Doel: ${formatPercentage(target)}.`,
    rows: rows.map((row) => ({
      class: 'study-chart-topic',
      title: `${row.name}: vandaag ${formatPercentage(row.today)}, op de examendag ${formatPercentage(row.exam)}`,
      name: row.name,
      value: `nu ${formatPercentage(row.today)} · examen ${formatPercentage(row.exam)}`,
      bars: [
        { percentage: row.today, fill: COLOR.line, class: 'study-chart-bar study-chart-today' },
        { percentage: row.exam, fill: COLOR.line, hatched: true, class: 'study-chart-bar study-chart-exam' },
      ],
    })),
    layout: { rowHeight: 56, barHeight: 11, radius: 2 },
    axisLabel: 'Wat je naar verwachting onthoudt (%)',
    target: { percentage: target, label: `doel ${formatPercentage(target)}` },
    legend: [
      { label: 'vandaag', swatch: { fill: COLOR.line } },
      { label: 'op de examendag', swatch: { fill: COLOR.line, hatched: true } },
      { label: `doel: ${formatPercentage(target)}`, swatch: { line: 'vertical-dashed' } },
    ],
    legendColumns: [0, 110, 270],
  });
}

// --- Workload per day until the exam --------------------------------------------------------------------------------

const MAX_DATE_TICKS = 5;
/** Rows of exam names above the workload chart at most, and their distance. */
const MAX_EXAM_ROWS = 3;
const EXAM_ROW = 19;
/**
 * Beyond this many days a bar stands for a week (the mean minutes a day of its days): a day's bar would be thinner
 * than some 5 px on a 390 px phone (issue 34: 166 daily bars were 1.4 px).
 */
const MAX_DAILY_BARS = 56;
const WEEK = 7;

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
  const { left, right } = TIME_PLOT;
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
  const plot = timePlot({ title: options.title, headroom: 30 + examRows * EXAM_ROW, height: 160 });
  const labelY = (row: number) => plot.top - 8 - (examRows - 1 - row) * EXAM_ROW;

  const most = Math.max(10, ...series.map((d) => Math.max(d.minutes, d.budget * 1.15)));
  const y = scaleLinear().domain([0, most]).nice().range([plot.bottom, plot.top]);

  // A bar per day, or per week over a long stretch: its days' mean, as wide as its days.
  const span = n > MAX_DAILY_BARS ? WEEK : 1;
  const bins = Array.from({ length: Math.ceil(n / span) }, (_, b) => {
    const days = series.slice(b * span, (b + 1) * span);
    return { from: b * span, days, minutes: days.reduce((sum, d) => sum + d.minutes, 0) / days.length };
  });
  const barGap = span === 1 ? gap : 2;
  const bars = bins.map((bin) =>
    el(
      'rect',
      {
        class: 'study-chart-bar',
        x: x(bin.from) + barGap / 2,
        y: y(bin.minutes),
        width: Math.max(0.5, x(bin.from + bin.days.length) - x(bin.from) - barGap),
        height: plot.bottom - y(bin.minutes),
        fill: COLOR.line,
      },
      el(
        'title',
        {},
        text(
          span === 1
            ? `${formatLongDate(bin.days[0]!.time)}: ${minutesText(bin.minutes)}`
            : `${formatShortDate(bin.days[0]!.time)} tot en met ${formatShortDate(bin.days.at(-1)!.time)}: gemiddeld ${minutesText(bin.minutes)} per dag`,
        ),
      ),
    ),
  );

  const budgets = new Set(series.map((d) => Math.round(d.budget)));
  const firstBudget = series[0]!.budget;
  const budget = el(
    'g',
    { class: 'study-chart-reference' },
    el('path', {
      d: pathThrough(
        series.flatMap((d, i) => [
          [x(i), y(d.budget)],
          [x(i + 1), y(d.budget)],
        ]),
      ),
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
      el('title', {}, text(`${exam.name}: ${formatLongDate(exam.time)}`)),
      el('line', {
        x1: exam.ex,
        x2: exam.ex,
        y1: labelY(exam.row) + 3,
        y2: plot.bottom,
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
  const xTicks = series.flatMap((d, i) =>
    i % tickEvery === 0 ? [{ x: x(i + 0.5), label: formatShortDate(d.time) }] : [],
  );

  const legend: LegendItem[] = [
    { label: 'studietijd', swatch: { fill: COLOR.line } },
    { label: 'je tijd per dag', swatch: { line: 'horizontal-dashed' } },
  ];
  if (exams.length > 0) legend.push({ label: 'examen', swatch: { line: 'vertical' } });

  const heading = options.title ?? 'Verwachte studietijd per dag';
  const total = series.reduce((sum, d) => sum + d.minutes, 0);
  const busiest = series.reduce((a, b) => (b.minutes > a.minutes ? b : a));
  const over = series.filter((d) => Math.round(d.minutes) > Math.round(d.budget)).length;
  // Days from today to the last day, as the page counts them ("Nog 166 dagen"): the calendar days between the two
  // local midnights, not the number of bars (which counts today as well).
  const daysLeft = Math.round((series.at(-1)!.time - series[0]!.time) / DAY_MS);
  const parts = [
    `${heading}: van vandaag, ${formatShortDate(series[0]!.time)}, tot ${formatShortDate(series.at(-1)!.time)}, nog ${daysLeft} ${daysLeft === 1 ? 'dag' : 'dagen'}.`,
    ...(span === 1 ? [] : ['Elke staaf is een week: het gemiddelde per dag.']),
    `Gemiddeld ${minutesText(total / n)} per dag, het meest ${minutesText(busiest.minutes)} op ${formatShortDate(busiest.time)}.`,
    over === 0
      ? 'Elke dag past binnen je tijd per dag.'
      : `Op ${over} ${over === 1 ? 'dag' : 'dagen'} is het meer dan je tijd per dag.`,
  ];
  if (exams.length > 0)
    parts.push(
      `${exams.length === 1 ? 'Examen' : 'Examens'}: ${exams.map((e) => `${e.name} op ${formatShortDate(e.time)}`).join(', ')}.`,
    );
  return timeChart(plot, {
    description: parts.join(' '),
    yLabel: 'Minuten per dag',
    y,
    yTicks: y.ticks(4),
    xTicks,
    marks: [...bars, ...examLines, budget, ...examLabels],
    legend,
    legendColumns: [0, 100, 230],
  });
}
