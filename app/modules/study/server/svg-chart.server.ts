/**
 * The SVG building blocks of the study charts (study-charts.server.ts): escaped elements and text,
 * the responsive root, sizes and colours read from the site's CSS custom properties (with hex
 * fallbacks), and the Dutch number and date formats the charts print.
 */
export const VIEW_WIDTH = 440;
/** Font sizes in viewBox units: a 390 px phone shows them at about 0.8×, a desktop column at up to 1.3×. */
export const BASE = 14;
export const SMALL = 12.5;
const MAX_WIDTH = '36rem';
const TIME_ZONE = 'Europe/Amsterdam';
export const DAY_MS = 86_400_000;

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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
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

/**
 * The chart's accessible name is its aria-label alone: a root <title> as well would be read a second time as its
 * description (SVG-AAM). The <title>s of bars and points are hover tooltips; role="img" hides them from readers.
 */
export function svgRoot(height: number, summary: string, ...children: string[]): string {
  return el(
    'svg',
    {
      class: 'study-chart',
      viewBox: `0 0 ${VIEW_WIDTH} ${num(height)}`,
      width: '100%',
      role: 'img',
      'aria-label': summary,
      'font-size': BASE,
      style: `display:block;height:auto;max-width:${MAX_WIDTH}`,
    },
    ...children,
  );
}

export function chartTitle(title: string | undefined): string {
  return title ? el('text', { x: 4, y: 18, 'font-size': 16, 'font-weight': 700, fill: COLOR.ink }, text(title)) : '';
}

let chartSequence = 0;

/** An id prefix unique to this call, so two charts on one page never share a pattern id. */
export function uniqueId(): string {
  chartSequence = chartSequence >= Number.MAX_SAFE_INTEGER ? 1 : chartSequence + 1;
  return `study-chart-${chartSequence}`;
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

const shortDate = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'short', timeZone: TIME_ZONE });
export const longDate = new Intl.DateTimeFormat('nl-NL', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE,
});

/** '12 nov' (some ICU versions write 'nov.'; the dot is dropped). */
export function formatShortDate(time: number): string {
  return shortDate.format(time).replace(/\.$/, '');
}

/** '6,8': one decimal, decimal comma. */
export function formatGrade(grade: number): string {
  return grade.toFixed(1).replace('.', ',');
}

export function formatPercentage(percentage: number): string {
  return `${percentage} %`;
}

/** The value axis under horizontal bars: its line, the ticks, and what it measures. */
export function bottomAxis(
  x: (value: number) => number,
  ticks: readonly number[],
  { left, right, y, label }: { left: number; right: number; y: number; label: string },
): string[] {
  return [
    el('line', { x1: left, x2: right, y1: y, y2: y, stroke: COLOR.inkSoft }),
    ...ticks.map((tick) =>
      el(
        'text',
        { x: x(tick), y: y + 15, 'text-anchor': 'middle', 'font-size': SMALL, fill: COLOR.inkSoft },
        text(String(tick)),
      ),
    ),
    el(
      'text',
      { x: (left + right) / 2, y: y + 32, 'text-anchor': 'middle', 'font-size': SMALL, fill: COLOR.ink },
      text(label),
    ),
  ];
}
