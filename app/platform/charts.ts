/**
 * Charts as SVG strings that a page inserts as HTML: drawn where the data is (the server), so no chart code
 * reaches the browser and a chart needs no script (our CSP allows none inline). Pure and client-safe.
 *
 * Recharts 3 cannot do this: every part of a recharts chart (its size, axes, bars, lines) registers itself in
 * the chart's Redux store from an effect, and React's server renderer runs no effects, so renderToStaticMarkup
 * gives only an empty wrapper <div>. So the charts are plain SVG laid out with d3-scale, in two kinds:
 *
 * - barChart: a row per item, its name and value above one or more horizontal bars of 0–100 %, on a grid
 *   with the value axis below, an optional target line and a legend.
 * - timeChart: values against dates (a line with points, a column per day): the y axis with its grid, the
 *   dates below, a legend; the chart draws its own marks in the plot that timePlot lays out.
 *
 * Each has its text alternative: role="img" with the `description` as its accessible name (aria-label). A
 * chart scales with its container (viewBox, width 100 %, at most MAX_WIDTH wide), reads the site's colours from
 * CSS custom properties with hex fallbacks, and escapes every text and attribute value.
 */
import { scaleLinear } from 'd3-scale';
import { DEFAULT_TIME_ZONE } from './dates.ts';

export const VIEW_WIDTH = 440;
/**
 * Font sizes in viewBox units. A chart is at most VIEW_WIDTH px wide (MAX_WIDTH), so its text is never drawn larger
 * than these; on a 390 px phone a chart in a padded card is some 340 px wide (0.77×), so SMALL is still 12 px or
 * more there (issue 34: the planning chart's text was about 9 px).
 */
const BASE = 17;
export const SMALL = 16;
const TITLE = 18;
const MAX_WIDTH = `${VIEW_WIDTH}px`;
/** The charts' class names start with this (tests and pages select them). */
const CLASS = 'study-chart';

export const COLOR = {
  ink: 'var(--color-ink, #1b1633)',
  inkSoft: 'var(--color-ink-soft, #4a4560)',
  grid: 'var(--color-chart-grid, #dcd9e6)',
  track: 'var(--color-surface, #f6f4fb)',
  good: 'var(--color-success, #1e7a46)',
  fair: 'var(--color-warning, #b45309)',
  weak: 'var(--color-danger, #b3261e)',
  line: 'var(--theme-primary, #1d4ed8)',
  background: 'var(--color-background, #ffffff)',
} as const;

// --- SVG building --------------------------------------------------------------------------------------------------

type Attributes = Record<string, string | number | undefined>;

/** A background-coloured outline behind text, so a label stays legible where it crosses a line. */
export const HALO = {
  stroke: COLOR.background,
  'stroke-width': 3,
  'stroke-linejoin': 'round',
  'paint-order': 'stroke',
};

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(content: string): string {
  return content.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** A coordinate with at most one decimal: short output, no float noise. */
export function num(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** One element; attribute values and text content are escaped here, `children` is markup built by el(). */
export function el(name: string, attributes: Attributes, ...children: string[]): string {
  let attrs = '';
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    attrs += ` ${key}="${escapeHtml(typeof value === 'number' ? num(value) : value)}"`;
  }
  return children.length === 0 ? `<${name}${attrs}/>` : `<${name}${attrs}>${children.join('')}</${name}>`;
}

export function text(content: string): string {
  return escapeHtml(content);
}

/** A path through the points, in order. */
export function pathThrough(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${num(x)},${num(y)}`).join('');
}

/** What a page shows instead of a chart that has nothing to draw. */
export function emptyChart(message: string): string {
  return el('p', { class: `${CLASS}-empty` }, text(message));
}

/**
 * The chart's accessible name is its aria-label alone: a root <title> as well would be read a second time as its
 * description (SVG-AAM). The <title>s of bars and points are hover tooltips; role="img" hides them from readers.
 */
function svgRoot(height: number, description: string, ...children: string[]): string {
  return el(
    'svg',
    {
      class: CLASS,
      viewBox: `0 0 ${VIEW_WIDTH} ${num(height)}`,
      width: '100%',
      role: 'img',
      'aria-label': description,
      'font-size': BASE,
      style: `display:block;height:auto;max-width:${MAX_WIDTH}`,
    },
    ...children,
  );
}

function chartTitle(title: string | undefined): string {
  return title ? el('text', { x: 4, y: 18, 'font-size': TITLE, 'font-weight': 700, fill: COLOR.ink }, text(title)) : '';
}

let chartSequence = 0;

/** An id prefix unique to this call, so two charts on one page never share a pattern id. */
function uniqueId(): string {
  chartSequence = chartSequence >= Number.MAX_SAFE_INTEGER ? 1 : chartSequence + 1;
  return `${CLASS}-${chartSequence}`;
}

function hatchPattern(id: string): string {
  return el(
    'pattern',
    { id, width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
    el('rect', { x: 0, y: 0, width: 3, height: 6, fill: COLOR.background, 'fill-opacity': 0.6 }),
  );
}

/** A rough width of `content` in user units, for truncating labels (SVG text does not wrap). */
export function approximateWidth(content: string, fontSize: number): number {
  let ems = 0;
  for (const c of content) {
    if ("iljtfr.,:;|!' ".includes(c)) ems += 0.3;
    else if ('mwMW'.includes(c)) ems += 0.85;
    else if (c >= 'A' && c <= 'Z') ems += 0.68;
    else ems += 0.55;
  }
  return ems * fontSize;
}

export function truncate(content: string, fontSize: number, maxWidth: number): string {
  if (approximateWidth(content, fontSize) <= maxWidth) return content;
  const chars = [...content];
  while (chars.length > 1 && approximateWidth(`${chars.join('')}…`, fontSize) > maxWidth) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

// --- Dutch formatting ----------------------------------------------------------------------------------------------

const shortDate = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'short', timeZone: DEFAULT_TIME_ZONE });
const longDate = new Intl.DateTimeFormat('nl-NL', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: DEFAULT_TIME_ZONE,
});

/** '12 nov' (some ICU versions write 'nov.'; the dot is dropped). */
export function formatShortDate(time: number): string {
  return shortDate.format(time).replace(/\.$/, '');
}

/** '12 november 2026'. */
export function formatLongDate(time: number): string {
  return longDate.format(time);
}

export function formatPercentage(percentage: number): string {
  return `${percentage} %`;
}

// --- Legend ----------------------------------------------------------------------------------------------------------

/** A legend entry: a box of the bars' fill (hatched or not), or a line as the chart draws it. */
export interface LegendItem {
  label: string;
  swatch: { fill: string; hatched?: boolean } | { line: 'vertical' | 'vertical-dashed' | 'horizontal-dashed' };
}

const LEGEND_ROW = 22;
/** An item's swatch and the space before its label. */
const SWATCH = 18;

/**
 * Where each legend item stands: left to right at `columns` (offsets from `left`), an item at the first column at
 * or past the end of the one before it; one that would run past the chart's edge starts the next row.
 */
function legendPlaces(items: readonly LegendItem[], left: number, columns: readonly number[]): [number, number][] {
  const places: [number, number][] = [];
  let row = 0;
  let end = -Infinity;
  for (const { label } of items) {
    const width = SWATCH + approximateWidth(label, SMALL);
    let column = columns.find((offset) => left + offset >= end + 12 && left + offset + width <= VIEW_WIDTH - 4);
    if (column === undefined) {
      row += places.length === 0 ? 0 : 1;
      column = 0;
    }
    places.push([left + column, row]);
    end = left + column + width;
  }
  return places;
}

/**
 * The legend's rows from `top`: its items left to right at `columns` (`legendPlaces`), then the next row.
 * Hatched boxes are drawn with the `hatch` fill (a time chart has none).
 */
function legend(
  items: readonly LegendItem[],
  { left, top, columns, hatch }: { left: number; top: number; columns: readonly number[]; hatch?: string },
): { markup: string[]; bottom: number } {
  const places = legendPlaces(items, left, columns);
  const markup = items.map(({ label, swatch }, i) => {
    const [lx, row] = places[i]!;
    const ly = top + row * LEGEND_ROW;
    const dashed = { stroke: COLOR.ink, 'stroke-width': 1.5, 'stroke-dasharray': '4 2' };
    const shape =
      'fill' in swatch
        ? el('rect', { x: lx, y: ly, width: 12, height: 12, rx: 2, fill: swatch.fill }) +
          (swatch.hatched && hatch ? el('rect', { x: lx, y: ly, width: 12, height: 12, rx: 2, fill: hatch }) : '')
        : swatch.line === 'horizontal-dashed'
          ? el('line', { x1: lx, x2: lx + 12, y1: ly + 6, y2: ly + 6, ...dashed })
          : el('line', {
              x1: lx + 6,
              x2: lx + 6,
              y1: ly - 1,
              y2: ly + 13,
              ...(swatch.line === 'vertical' ? { stroke: COLOR.ink, 'stroke-width': 2 } : dashed),
            });
    return el(
      'g',
      { class: `${CLASS}-legend` },
      shape,
      el('text', { x: lx + SWATCH, y: ly + 11.5, 'font-size': SMALL, fill: COLOR.ink }, text(label)),
    );
  });
  const rows = (places.at(-1)?.[1] ?? -1) + 1;
  return { markup, bottom: top + rows * LEGEND_ROW - 4 };
}

// --- Bar chart: a row per item --------------------------------------------------------------------------------------

export interface Bar {
  /** 0–100. */
  percentage: number;
  fill: string;
  /** Hatched over its fill, so it differs from a solid bar without colour. */
  hatched?: boolean;
  class: string;
}

export interface BarRow {
  /** The row's class. */
  class: string;
  /** The row's hover tooltip (screen readers read the chart's description). */
  title: string;
  /** Shown at the left, shortened to fit beside the value. */
  name: string;
  /** Small italic text after the name. */
  note?: string;
  /** Shown at the right. */
  value: string;
  /** The value in bold in this colour; without it the value is small and soft. */
  valueFill?: string;
  /** Bars below each other, each 3 units below the one before. */
  bars: readonly Bar[];
}

export interface BarChartSpec {
  /** Shown above the chart. */
  title?: string;
  /** The text alternative: what a screen reader says the chart shows. */
  description: string;
  rows: readonly BarRow[];
  layout: { rowHeight: number; barHeight: number; radius: number };
  /** Room kept at the right of every name for this value (default: the row's own value). */
  widestValue?: string;
  axisLabel: string;
  /** A dashed vertical line across each row's bars, labelled above the first row. */
  target?: { percentage: number; label: string };
  legend: readonly LegendItem[];
  /** The legend's columns: offsets from the chart's left edge. */
  legendColumns: readonly number[];
}

/** Horizontal bars of 0–100 % on a dashed grid, with the value axis below and a legend. */
export function barChart(spec: BarChartSpec): string {
  const { rows, layout, target } = spec;
  const hatchId = `${uniqueId()}-hatch`;
  const hatch = `url(#${hatchId})`;
  const left = 12;
  const right = VIEW_WIDTH - 16;
  const top = (spec.title ? 34 : 6) + (target ? 18 : 0);
  const rowsBottom = top + rows.length * layout.rowHeight;
  const x = scaleLinear().domain([0, 100]).range([left, right]);
  const ticks = [0, 25, 50, 75, 100];
  const barY = (rowTop: number, i: number) => rowTop + 22 + i * (layout.barHeight + 3);

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
    const rowTop = top + i * layout.rowHeight;
    const valueSize = row.valueFill ? BASE : SMALL;
    const noteWidth = row.note ? approximateWidth(row.note, SMALL) : 0;
    const valueWidth = approximateWidth(spec.widestValue ?? row.value, valueSize) + 12;
    const name = truncate(row.name, BASE, right - left - valueWidth - noteWidth);
    const shape = { x: left, height: layout.barHeight, rx: layout.radius };
    return el(
      'g',
      { class: row.class },
      el('title', {}, text(row.title)),
      el(
        'text',
        { class: `${CLASS}-label`, x: left, y: rowTop + 15, fill: COLOR.ink },
        text(name),
        row.note
          ? el('tspan', { 'font-size': SMALL, 'font-style': 'italic', fill: COLOR.inkSoft }, text(row.note))
          : '',
      ),
      el(
        'text',
        {
          class: `${CLASS}-value`,
          x: right,
          y: rowTop + 15,
          'text-anchor': 'end',
          'font-size': row.valueFill ? undefined : SMALL,
          'font-weight': row.valueFill ? 700 : undefined,
          fill: row.valueFill ?? COLOR.inkSoft,
        },
        text(row.value),
      ),
      ...row.bars.map((bar, b) => {
        const y = barY(rowTop, b);
        const width = x(bar.percentage) - left;
        return [
          el('rect', { x: left, y, width: right - left, height: shape.height, rx: shape.rx, fill: COLOR.track }),
          el('rect', { class: bar.class, x: left, y, width, height: shape.height, rx: shape.rx, fill: bar.fill }),
          bar.hatched ? el('rect', { x: left, y, width, height: shape.height, rx: shape.rx, fill: hatch }) : '',
        ].join('');
      }),
    );
  });

  const targetLine = target
    ? el(
        'g',
        { class: `${CLASS}-reference` },
        // Across the bars only, so it never runs through a row's name or value.
        ...rows.map((row, i) => {
          const rowTop = top + i * layout.rowHeight;
          return el('line', {
            x1: x(target.percentage),
            x2: x(target.percentage),
            y1: rowTop + 19,
            y2: barY(rowTop, row.bars.length - 1) + layout.barHeight + 3,
            stroke: COLOR.ink,
            'stroke-width': 1.5,
            'stroke-dasharray': '4 3',
          });
        }),
        el(
          'text',
          {
            x: x(target.percentage),
            y: top - 8,
            'text-anchor': 'middle',
            'font-size': SMALL,
            fill: COLOR.ink,
            ...HALO,
          },
          text(target.label),
        ),
      )
    : '';

  const axisY = rowsBottom + 2;
  const axis = [
    el('line', { x1: left, x2: right, y1: axisY, y2: axisY, stroke: COLOR.inkSoft }),
    ...ticks.map((tick) =>
      el(
        'text',
        { x: x(tick), y: axisY + 15, 'text-anchor': 'middle', 'font-size': SMALL, fill: COLOR.inkSoft },
        text(String(tick)),
      ),
    ),
    el(
      'text',
      { x: (left + right) / 2, y: axisY + 32, 'text-anchor': 'middle', 'font-size': SMALL, fill: COLOR.ink },
      text(spec.axisLabel),
    ),
  ];

  const key = legend(spec.legend, { left, top: axisY + 48, columns: spec.legendColumns, hatch });
  return svgRoot(
    key.bottom,
    spec.description,
    el('defs', {}, hatchPattern(hatchId)),
    chartTitle(spec.title),
    ...grid,
    ...bars,
    targetLine,
    ...axis,
    ...key.markup,
  );
}

// --- Time chart: values against dates --------------------------------------------------------------------------------

/** The plot's left and right edge; the y axis's numbers stand left of it. */
export const TIME_PLOT = { left: 34, right: VIEW_WIDTH - 14 } as const;

export interface TimePlot {
  title: string | undefined;
  titleHeight: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Where a time chart's plot stands: `headroom` below the title (for the y axis's name and labels), `height` tall. */
export function timePlot({ title, headroom, height }: { title?: string; headroom: number; height: number }): TimePlot {
  const titleHeight = title ? 26 : 0;
  const top = titleHeight + headroom;
  return { title, titleHeight, ...TIME_PLOT, top, bottom: top + height };
}

export interface TimeChartSpec {
  /** The text alternative: what a screen reader says the chart shows. */
  description: string;
  /** The y axis's name, above it. */
  yLabel: string;
  y: (value: number) => number;
  /** Each with a grid line, but the one on the x axis. */
  yTicks: readonly number[];
  /** The dates under the plot, where they stand. */
  xTicks: readonly { x: number; label: string }[];
  /** What the chart draws over the grid: columns, lines, points, markers. */
  marks: readonly string[];
  legend?: readonly LegendItem[];
  /** The legend's columns: offsets from the y axis's name. */
  legendColumns?: readonly number[];
}

/** The frame of a chart against dates: the y axis with its grid, the dates and 'Datum' below, the legend. */
export function timeChart(plot: TimePlot, spec: TimeChartSpec): string {
  const { left, right, bottom } = plot;
  const yAxis = [
    el('text', { x: 4, y: plot.titleHeight + 14, 'font-size': SMALL, fill: COLOR.ink }, text(spec.yLabel)),
    ...spec.yTicks.map((tick) =>
      [
        num(spec.y(tick)) !== num(bottom)
          ? el('line', { x1: left, x2: right, y1: spec.y(tick), y2: spec.y(tick), stroke: COLOR.grid })
          : '',
        el(
          'text',
          { x: left - 6, y: spec.y(tick) + 4, 'text-anchor': 'end', 'font-size': SMALL, fill: COLOR.inkSoft },
          text(String(tick)),
        ),
      ].join(''),
    ),
    el('line', { x1: left, x2: right, y1: bottom, y2: bottom, stroke: COLOR.inkSoft }),
  ];
  const xTicks = spec.xTicks.flatMap(({ x, label }) => [
    el('line', { x1: x, x2: x, y1: bottom, y2: bottom + 4, stroke: COLOR.inkSoft }),
    el(
      'text',
      { class: `${CLASS}-date`, x, y: bottom + 18, 'text-anchor': 'middle', 'font-size': SMALL, fill: COLOR.inkSoft },
      text(label),
    ),
  ]);
  const xTitle = el(
    'text',
    { x: (left + right) / 2, y: bottom + 36, 'text-anchor': 'middle', 'font-size': SMALL, fill: COLOR.ink },
    text('Datum'),
  );
  const key = spec.legend?.length
    ? legend(spec.legend, { left: 4, top: bottom + 52, columns: spec.legendColumns ?? [0] })
    : { markup: [], bottom: bottom + 44 };
  return svgRoot(
    key.bottom,
    spec.description,
    chartTitle(plot.title),
    ...yAxis,
    ...xTicks,
    xTitle,
    ...spec.marks,
    ...key.markup,
  );
}
