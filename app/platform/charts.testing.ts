/**
 * For the tests of charts built with charts.ts (jsdom): read the SVG a chart gives, and check that it is safe
 * to insert as HTML and scales with its container.
 */
import { expect } from 'vitest';

export function parseChart(html: string): SVGSVGElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  const svg = container.querySelector('svg');
  if (!svg) throw new Error(`no <svg> in ${html.slice(0, 80)}`);
  return svg;
}

/** The text content of the elements `selector` finds, in order. */
export function texts(root: Element, selector = 'text'): string[] {
  return [...root.querySelectorAll(selector)].map((t) => t.textContent ?? '');
}

/** No script, handler, outside link or broken number; width 100 % of its container, a viewBox, role img. */
export function expectSafeAndScalable(html: string): void {
  expect(html).not.toMatch(/<script/i);
  const svg = parseChart(html);
  for (const element of [svg, ...svg.querySelectorAll('*')]) {
    expect(['script', 'foreignObject', 'a', 'image', 'use']).not.toContain(element.tagName);
    for (const { name, value } of element.attributes) {
      expect(name).not.toMatch(/^on|^(xlink:)?href$|^src$/i);
      if (name !== 'aria-label') expect(value).not.toMatch(/https?:|javascript:|url\((?!#)/i);
      expect(value).not.toMatch(/NaN|Infinity/);
    }
  }
  expect(svg.getAttribute('width')).toBe('100%');
  expect(svg.getAttribute('viewBox')).toMatch(/^0 0 \d+(\.\d+)? \d+(\.\d+)?$/);
  expect(svg.getAttribute('height')).toBeNull();
  expect(svg.getAttribute('role')).toBe('img');
}
