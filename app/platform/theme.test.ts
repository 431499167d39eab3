/**
 * The UI values of spec §1 and §9 live once, in app/app.css. These tests read
 * that file (its source, and what Tailwind compiles from it) and check it
 * against the spec and against the rules in app/domain.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'tailwindcss';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio, hexToRgb } from './colour-contrast.ts';
import { BACKGROUND_COLOURS } from './constants.ts';
import { DEFAULT_THEME, LEVEL_THEMES, themeClass } from './levels.ts';

const require = createRequire(import.meta.url);
const APP_CSS = fileURLToPath(new URL('../app.css', import.meta.url));
const source = readFileSync(APP_CSS, 'utf8');

interface Declaration {
  /** The enclosing at-rules and selectors, outermost first, e.g. ['@layer base', 'html', '@variant sm']. */
  context: string[];
  property: string;
  value: string;
}

/**
 * The declarations of a (nested) stylesheet with their context. Enough for
 * app/app.css: no braces or semicolons inside strings. Statements that start
 * with '@' (@import, @apply) are not declarations.
 */
function declarations(css: string): Declaration[] {
  const result: Declaration[] = [];
  const context: string[] = [];
  let buffer = '';
  for (const char of css.replace(/\/\*[\s\S]*?\*\//g, '')) {
    if (char === '{') {
      context.push(buffer.trim().replace(/\s+/g, ' '));
      buffer = '';
    } else if (char === ';' || char === '}') {
      const statement = buffer.trim();
      const colon = statement.indexOf(':');
      if (statement !== '' && !statement.startsWith('@') && colon > 0) {
        result.push({
          context: [...context],
          property: statement.slice(0, colon).trim(),
          value: statement.slice(colon + 1).trim(),
        });
      }
      buffer = '';
      if (char === '}') context.pop();
    } else {
      buffer += char;
    }
  }
  return result;
}

const all = declarations(source);

/** The value of a custom property of the top-level `@theme` block. */
function themeValue(name: string): string | undefined {
  return all.find((d) => d.context.length === 1 && d.context[0] === '@theme' && d.property === name)?.value;
}

const selectors = (rule: string): string[] => rule.split(',').map((selector) => selector.trim());

/**
 * Values of `property` set for `selector` (as one of a rule's selectors), by
 * breakpoint variant: '' for all widths, 'lg' for `@variant lg { … }`.
 */
function byVariant(selector: string, property: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const d of all) {
    if (d.property !== property || !d.context.some((rule) => selectors(rule).includes(selector))) continue;
    const variant = d.context.find((rule) => rule.startsWith('@variant '))?.slice('@variant '.length) ?? '';
    values[variant] = d.value;
  }
  return values;
}

/** The custom properties of the rule whose selectors include `selector`. */
function customProperties(selector: string): Record<string, string> {
  return Object.fromEntries(
    all
      .filter((d) => d.property.startsWith('--') && selectors(d.context.at(-1) ?? '').includes(selector))
      .map((d) => [d.property, d.value]),
  );
}

const em = (value: string | undefined): number => {
  const match = /^(\d+(?:\.\d+)?)em$/.exec(value ?? '');
  if (!match) throw new Error(`Not an em length: ${String(value)}`);
  return Number(match[1]);
};
const seconds = (value: string | undefined): number => {
  const match = /^(\d*\.?\d+)(m?s)$/.exec(value ?? '');
  if (!match) throw new Error(`Not a time: ${String(value)}`);
  return Number(match[1]) / (match[2] === 'ms' ? 1000 : 1);
};

/** app/app.css compiled by Tailwind with the given class names in use, as the build would. */
async function compileAppCss(candidates: string[]): Promise<string> {
  const compiler = await compile(source, {
    base: path.dirname(APP_CSS),
    loadStylesheet: async (id, base) => {
      const file = id === 'tailwindcss' ? require.resolve('tailwindcss/index.css') : path.resolve(base, id);
      return { path: file, base: path.dirname(file), content: readFileSync(file, 'utf8') };
    },
  });
  return compiler.build(candidates);
}

/** The body of the first rule `selector { … }` in compiled CSS ('' when absent). */
function ruleBody(css: string, selector: string): string {
  const start = css.indexOf(`${selector} {`);
  if (start === -1) return '';
  return css.slice(start, css.indexOf('}', start));
}

describe('breakpoints (spec §9)', () => {
  it('are sm 40, md 48, lg 64, xl 80 and xxl 90 em, and no others', () => {
    const breakpoints = Object.fromEntries(
      all
        .filter((d) => d.context.join() === '@theme' && d.property.startsWith('--breakpoint-') && d.value !== 'initial')
        .map((d) => [d.property.slice('--breakpoint-'.length), em(d.value)]),
    );
    expect(breakpoints).toEqual({ sm: 40, md: 48, lg: 64, xl: 80, xxl: 90 });
  });

  it('are what Tailwind uses for the responsive variants', async () => {
    const css = await compileAppCss(['sm:flex', 'md:flex', 'lg:flex', 'xl:flex', 'xxl:flex', '2xl:flex']);
    for (const [name, width] of [
      ['sm', 40],
      ['md', 48],
      ['lg', 64],
      ['xl', 80],
      ['xxl', 90],
    ] as const) {
      expect(css).toMatch(new RegExp(String.raw`@media \(width >= ${width}em\) \{\s*\.${name}\\:flex`));
    }
    expect(css).not.toContain('2xl\\:flex');
  });
});

describe('base font size (spec §9)', () => {
  const sizes = byVariant('html', 'font-size');
  const steps = Object.entries(sizes)
    .map(([variant, value]) => ({
      fromEm: variant === '' ? 0 : em(themeValue(`--breakpoint-${variant}`)),
      percent: Number.parseFloat(value),
    }))
    .sort((a, b) => a.fromEm - b.fromEm);
  const percentAt = (widthEm: number): number => steps.filter((step) => widthEm >= step.fromEm).at(-1)!.percent;

  it('is 87.5 % below 40em, 93.75 % from 40em and 100 % from 64em', () => {
    expect(steps).toEqual([
      { fromEm: 0, percent: 87.5 },
      { fromEm: 40, percent: 93.75 },
      { fromEm: 64, percent: 100 },
    ]);
    expect(percentAt(39.99)).toBe(87.5);
    expect(percentAt(40)).toBe(93.75);
    expect(percentAt(63.99)).toBe(93.75);
    expect(percentAt(64)).toBe(100);
  });

  it('never shrinks as the viewport grows', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 200, noNaN: true }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(percentAt(low)).toBeLessThanOrEqual(percentAt(high));
        },
      ),
    );
  });
});

describe('layout sizes (spec §9)', () => {
  let css = '';
  beforeAll(async () => {
    css = await compileAppCss([
      'container-page',
      'h-header',
      'max-w-modal-marketing',
      'md:max-w-modal-account',
      'lg:max-w-modal-exam',
    ]);
  });

  it('limits the page container to 90em', () => {
    expect(themeValue('--container-page')).toBe('90em');
    expect(ruleBody(css, '.container-page')).toContain('max-width: var(--container-page)');
  });

  it('makes the header 5rem high, 6rem from 64em', () => {
    expect(themeValue('--spacing-header')).toBe('5rem');
    expect(byVariant(':root', '--spacing-header')).toEqual({ lg: '6rem' });
    expect(em(themeValue('--breakpoint-lg'))).toBe(64);
    expect(ruleBody(css, '.h-header')).toContain('height: var(--spacing-header)');
  });

  it.each([
    ['marketing', '53rem'],
    ['account', '31.9375rem'],
    ['exam', '63rem'],
  ])('has the %s modal width %s as a max-w-modal-* class', (modal, width) => {
    expect(themeValue(`--container-modal-${modal}`)).toBe(width);
    expect(css).toMatch(new RegExp(String.raw`--container-modal-${modal}: ${width.replace('.', '\\.')};`));
    expect(css).toContain(`max-width: var(--container-modal-${modal})`);
  });

  it('widens the account modal from 48em and the exam modal on large screens', () => {
    expect(css).toMatch(/@media \(width >= 48em\) \{\s*\.md\\:max-w-modal-account/);
    expect(css).toMatch(/@media \(width >= 64em\) \{\s*\.lg\\:max-w-modal-exam/);
  });
});

describe('timings (spec §9)', () => {
  it('opens the menu in 0.25 s and closes it in 0.2 s', () => {
    expect(seconds(themeValue('--duration-menu-in'))).toBe(0.25);
    expect(seconds(themeValue('--duration-menu-out'))).toBe(0.2);
    expect(byVariant('.mobile-menu:not([hidden])', 'animation')['']).toContain('var(--duration-menu-in)');
    expect(byVariant('.mobile-menu', 'transition')['']).toContain('var(--duration-menu-out)');
  });

  it('keeps other transitions between 0.25 and 0.35 s', () => {
    const others = all.filter(
      (d) => d.context.join() === '@theme' && d.property.startsWith('--duration-') && !d.property.includes('menu'),
    );
    expect(others.length).toBeGreaterThan(0);
    for (const { value } of others) {
      expect(seconds(value)).toBeGreaterThanOrEqual(0.25);
      expect(seconds(value)).toBeLessThanOrEqual(0.35);
    }
  });

  it('takes every animation and transition time from the theme', () => {
    const timed = all.filter(
      (d) =>
        /^(animation|transition)(-duration)?$/.test(d.property) &&
        !d.context.some((rule) => rule.includes('prefers-reduced-motion')),
    );
    expect(timed.length).toBeGreaterThan(0);
    for (const { property, value } of timed) {
      expect(value, property).toMatch(/var\(--duration-[a-z-]+\)/);
      expect(value, property).not.toMatch(/\b\d*\.?\d+m?s\b/);
    }
  });
});

describe('level themes (spec §1)', () => {
  const themes = Object.fromEntries(
    LEVEL_THEMES.map((theme) => {
      const props = customProperties(`.${themeClass(theme)}`);
      return [
        theme,
        {
          primary: props['--theme-primary'] ?? '',
          dark: props['--theme-dark'] ?? '',
          soft: props['--theme-soft'] ?? '',
        },
      ];
    }),
  );

  it('defines a primary, dark and soft hex colour per theme class', () => {
    for (const colours of Object.values(themes)) {
      for (const colour of Object.values(colours)) expect(() => hexToRgb(colour)).not.toThrow();
    }
  });

  it.each(LEVEL_THEMES)('%s: white text on primary and on dark passes WCAG AA', (theme) => {
    expect(contrastRatio(themes[theme]!.primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(themes[theme]!.dark, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it.each(LEVEL_THEMES)('%s: primary text on the soft tint passes WCAG AA', (theme) => {
    expect(contrastRatio(themes[theme]!.primary, themes[theme]!.soft)).toBeGreaterThanOrEqual(4.5);
  });

  it('uses a purple-pink vmbo, a blue havo and a red vwo', () => {
    const [vr, vg, vb] = hexToRgb(themes.vmbo!.primary);
    expect(vr > vg && vb > vg).toBe(true); // magenta family
    const [hr, hg, hb] = hexToRgb(themes.havo!.primary);
    expect(hb > hr && hb > hg).toBe(true);
    const [wr, wg, wb] = hexToRgb(themes.vwo!.primary);
    expect(wr > wg && wr > wb).toBe(true);
  });

  it('falls back to the default theme where no theme class is set', () => {
    const defaults = all.filter(
      (d) => d.property === '--theme-primary' && selectors(d.context.at(-1)!).includes(':where(:root)'),
    );
    expect(defaults).toHaveLength(1);
    expect(selectors(defaults[0]!.context.at(-1)!)).toContain(`.${themeClass(DEFAULT_THEME)}`);
  });

  it('gives the brand utilities the colours of the nearest theme class', async () => {
    const css = await compileAppCss(['bg-brand', 'text-brand-dark', 'bg-brand-soft']);
    expect(ruleBody(css, '.bg-brand')).toContain('background-color: var(--theme-primary)');
    expect(ruleBody(css, '.text-brand-dark')).toContain('color: var(--theme-dark)');
    expect(ruleBody(css, '.bg-brand-soft')).toContain('background-color: var(--theme-soft)');
  });
});

describe('background decoration colours (spec §9)', () => {
  it('defines the 5 distinct decoration colours that backgroundDecorations picks from', () => {
    const defined = Object.entries(customProperties(':root')).filter(([name]) =>
      name.startsWith('--decoration-colour-'),
    );
    expect(defined.map(([name]) => name).sort()).toEqual(
      BACKGROUND_COLOURS.map((n) => `--decoration-colour-${n}`).sort(),
    );
    expect(new Set(defined.map(([, value]) => value.toLowerCase())).size).toBe(5);
    for (const [, value] of defined) expect(() => hexToRgb(value)).not.toThrow();
  });
});
