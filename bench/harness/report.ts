/**
 * Reporting: medians and rounding, the ratios against a baseline, PASS/MISS,
 * aligned text tables and the results file in bench/results/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_DIR, ROOT } from './settings.ts';

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Throughput against the baseline: app req/s / baseline req/s, how much of what Node can push here the app keeps. */
export function throughputRatio(app: { rps: number }, baseline: { rps: number }): number {
  return app.rps / baseline.rps;
}

/** The tail against a no-op: app p99 / baseline p99, divided by at least 1 ms. */
export function p99Ratio(appP99Ms: number, baselineP99Ms: number): number {
  return appP99Ms / Math.max(baselineP99Ms, 1);
}

export const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/** Prints rows as an aligned text table; columns listed in `right` are right-aligned. */
export function printTable(header: string[], rows: string[][], right: number[] = []): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (right.includes(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** The columns of a table of targets with their figures (the signed-in, shop and study benches). */
export const FIGURES_HEADER = [
  'target',
  'conns',
  'req/s',
  'p50',
  'p99',
  'max',
  'CPU µs/req',
  'non-2xx',
  'measured',
  'target',
  'result',
];
/** The numeric columns of FIGURES_HEADER, right-aligned. */
export const FIGURES_RIGHT = [1, 2, 3, 4, 5, 6, 7];

/** One row under FIGURES_HEADER: a target's figures and, for a row with a target, what was measured against it. */
export function figuresRow(
  name: string,
  connections: number,
  f: { rps: number; p50: number; p99: number; max: number; cpuUsPerRequest: number; non2xx: number },
  measured = '',
  target = '',
  result = '',
): string[] {
  return [
    name,
    String(connections),
    String(f.rps),
    String(f.p50),
    String(f.p99),
    String(f.max),
    String(f.cpuUsPerRequest),
    String(f.non2xx),
    measured,
    target,
    result,
  ];
}

/** A row under FIGURES_HEADER for a check without load figures. */
export function checkRow(name: string, measured: string, target: string, result: string): string[] {
  return [name, '', '', '', '', '', '', '', measured, target, result];
}

/** The note on what the server logged at warn level or above (nothing when it logged nothing). */
export function printServerLog(lines: readonly string[]): void {
  if (lines.length > 0)
    console.log(
      `\nNote: the server logged ${lines.length} line(s) at warn level or above; the last:\n  ${lines.slice(-3).join('\n  ')}`,
    );
}

/** Writes `data` as JSON to bench/results/<fileName>; returns the file's path. */
export function writeResults(fileName: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const outFile = join(RESULTS_DIR, fileName);
  writeFileSync(outFile, `${JSON.stringify(data, null, 2)}\n`);
  return outFile;
}

/** The last line of a bench: the targets met or missed, the results file and how long the run took. */
export function closingLine(missed: readonly string[], outFile: string, startedMs: number): string {
  return (
    `\n${missed.length === 0 ? 'All targets met.' : `Missed ${missed.length} target(s): ${missed.join('; ')}.`} ` +
    `Written ${outFile.slice(ROOT.length + 1)} in ${round((performance.now() - startedMs) / 1000, 0)} s.`
  );
}
