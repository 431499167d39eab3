import { describe, expect, it } from 'vitest';
import { clientErrorSchema, isSameOriginPath } from './client-error.ts';

const report = { message: 'TypeError: x is undefined', url: '/examenbundels?niveau=havo' };

describe('isSameOriginPath', () => {
  it.each(['/', '/examenbundels', '/producten/3/wiskunde-a?x=1#top', '/a//b', '/%2F%2Fevil'])('accepts %j', (path) => {
    expect(isSameOriginPath(path)).toBe(true);
  });

  it.each([
    '',
    'examenbundels',
    '//evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil',
    'javascript:alert(1)',
    ' /leading-space',
    '/\t/evil.example',
    '/\n/evil.example',
    '/a b',
    '/a\\b',
  ])('refuses %j', (path) => {
    expect(isSameOriginPath(path)).toBe(false);
  });
});

describe('clientErrorSchema', () => {
  it('accepts a report with a stack and primitive context', () => {
    const full = { ...report, stack: 'at home.tsx:1', context: { kind: 'route', status: 500, retried: false } };
    expect(clientErrorSchema.parse(full)).toEqual(full);
  });

  it.each(['//evil.example', 'https://evil', '/\\evil'])('refuses url %j with a Dutch message', (url) => {
    const result = clientErrorSchema.safeParse({ ...report, url });
    expect(result.error?.issues).toMatchObject([
      { path: ['url'], message: 'Geef een pad op deze website op, dat begint met één /.' },
    ]);
  });

  it('requires a message and bounds every field', () => {
    const errors = (input: unknown) => clientErrorSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(errors({ ...report, message: '  ' })).toEqual(['Dit veld is verplicht']);
    expect(errors({ ...report, message: 'x'.repeat(1001) })).toEqual(['Voer maximaal 1000 karakters in.']);
    expect(errors({ ...report, stack: 'x'.repeat(4001) })).toEqual(['Voer maximaal 4000 karakters in.']);
    expect(errors({ ...report, url: `/${'x'.repeat(500)}` })).toEqual(['Voer maximaal 500 karakters in.']);
  });

  it('keeps context small and flat', () => {
    const parse = (context: unknown) => clientErrorSchema.safeParse({ ...report, context });
    expect(parse({ nested: { a: 1 } }).success).toBe(false);
    expect(parse({ list: [1] }).success).toBe(false);
    expect(parse({ long: 'x'.repeat(201) }).success).toBe(false);
    expect(parse({ __proto__x: 1 }).success).toBe(false);
    expect(parse({ 'bad key': 1 }).success).toBe(false);
    expect(parse(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]))).success).toBe(false);
    expect(parse(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i]))).success).toBe(true);
  });
});
