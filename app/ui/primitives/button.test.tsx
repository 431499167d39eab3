import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { compile } from 'tailwindcss';
import { beforeAll, describe, expect, it } from 'vitest';
import { Button, ButtonLink, buttonClass, type ButtonSize, type ButtonVariant } from './button.tsx';

// Every type and size of spec §5 (the compiler rejects a missing or an extra one).
const VARIANTS = Object.keys({
  primary: true,
  secondary: true,
  tertiary: true,
  quaternary: true,
} satisfies Record<ButtonVariant, true>) as ButtonVariant[];
const SIZES = Object.keys({ '': true, small: true } satisfies Record<ButtonSize, true>) as ButtonSize[];

const classesOf = (html: string): string[] => /class="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];

describe('buttonClass (spec §5)', () => {
  it('composes btn and btn-{type}; the small size adds btn-small', () => {
    expect(buttonClass()).toBe('btn btn-primary');
    expect(buttonClass('tertiary')).toBe('btn btn-tertiary');
    expect(buttonClass('secondary', 'small')).toBe('btn btn-secondary btn-small');
    expect(buttonClass('quaternary', '', 'w-full')).toBe('btn btn-quaternary w-full');
  });
});

describe('Button and ButtonLink', () => {
  it('render a primary, default-size button of type button unless told otherwise', () => {
    const html = renderToStaticMarkup(<Button>Opslaan</Button>);
    expect(html).toContain('type="button"');
    expect(classesOf(html)).toEqual(['btn', 'btn-primary']);
    expect(renderToStaticMarkup(<Button type="submit">Verstuur</Button>)).toContain('type="submit"');
  });

  it('give a link the look of a button', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ButtonLink to="/examentips" variant="tertiary" size="small" className="mt-4">
          Examentips
        </ButtonLink>
      </MemoryRouter>,
    );
    expect(html).toContain('href="/examentips"');
    expect(classesOf(html)).toEqual(['btn', 'btn-tertiary', 'btn-small', 'mt-4']);
  });
});

describe('button styles in app/app.css', () => {
  let components = '';
  beforeAll(async () => {
    const appCss = fileURLToPath(new URL('../../app.css', import.meta.url));
    const require = createRequire(import.meta.url);
    const compiler = await compile(readFileSync(appCss, 'utf8'), {
      base: path.dirname(appCss),
      loadStylesheet: async (id, base) => {
        const file = id === 'tailwindcss' ? require.resolve('tailwindcss/index.css') : path.resolve(base, id);
        return { path: file, base: path.dirname(file), content: readFileSync(file, 'utf8') };
      },
    });
    const css = compiler.build([]);
    // Component classes come before utilities, so a class passed in `className` wins over them.
    components = css.slice(css.indexOf('@layer components {'), css.indexOf('@layer utilities {'));
  });

  /** The declarations of `.{name} { … }` in the components layer ('' when absent). */
  const rule = (name: string): string => new RegExp(String.raw`\.${name} \{([^}]*)`).exec(components)?.[1] ?? '';

  it.each(VARIANTS)('has a btn-%s class', (variant) => {
    expect(rule(`btn-${variant}`)).toMatch(/color:/);
  });

  it.each(SIZES)('has a class for the size %j', (size) => {
    const name = size === '' ? 'btn' : `btn-${size}`;
    expect(buttonClass('primary', size).split(' ')).toContain(name);
    const css = rule(name);
    expect(css).toMatch(/min-height:/);
    expect(css).toMatch(/padding-inline:/);
    expect(css).toMatch(/font-size:/);
  });

  it('gives primary buttons the level theme colour with white text', () => {
    expect(rule('btn-primary')).toContain('background-color: var(--theme-primary)');
    expect(rule('btn-primary')).toContain('color: var(--color-white)');
  });
});
