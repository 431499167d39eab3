import { describe, expect, it } from 'vitest';
import { parseJsonWithLines } from './json-lines.ts';

const TEXT = `{
  "subject": { "slug": "geschiedenis", "level": "havo" },
  "cards": [
    {
      "key": "tijdvak-1",
      "title": 3
    },
    { "key": "tijdvak-2" }
  ],
  "empty": {},
  "list": []
}
`;

const parsed = (text: string) => {
  const result = parseJsonWithLines(text);
  if (!result.ok) throw new Error(`not parsed: ${result.message}`);
  return result;
};
const refused = (text: string) => {
  const result = parseJsonWithLines(text);
  if (result.ok) throw new Error('parsed');
  return result;
};

describe('the line of every value of a JSON text (the upload of study content)', () => {
  it('names the line of a member’s name, of an array element, and the value is JSON.parse’s', () => {
    const json = parsed(TEXT);
    expect(json.value).toEqual(JSON.parse(TEXT));
    expect(json.lineOf([])).toBe(1);
    expect(json.lineOf(['subject'])).toBe(2);
    expect(json.lineOf(['subject', 'level'])).toBe(2);
    expect(json.lineOf(['cards'])).toBe(3);
    expect(json.lineOf(['cards', 0])).toBe(4);
    expect(json.lineOf(['cards', 0, 'title'])).toBe(6);
    expect(json.lineOf(['cards', 1])).toBe(8);
    expect(json.lineOf(['cards', 1, 'key'])).toBe(8);
    expect(json.lineOf(['empty'])).toBe(10);
    expect(json.lineOf(['list'])).toBe(11);
  });

  it('names the nearest place the text has for a member it lacks (a required field left out)', () => {
    const json = parsed(TEXT);
    expect(json.lineOf(['cards', 0, 'body'])).toBe(4);
    expect(json.lineOf(['cards', 1, 'topics', 0])).toBe(8);
    expect(json.lineOf(['about'])).toBe(1);
    expect(json.lineOf(['cards', 7, 'title'])).toBe(3);
  });

  it('counts lines of Windows line ends and after a byte order mark as an editor does', () => {
    const json = parsed('\uFEFF{\r\n  "a": 1,\r\n  "b": [true, null]\r\n}');
    expect(json.value).toEqual({ a: 1, b: [true, null] });
    expect(json.lineOf(['b', 1])).toBe(3);
  });

  it('keeps the last of a member named twice, as JSON.parse does', () => {
    const json = parsed('{\n"a": 1,\n"a": 2\n}');
    expect(json.value).toEqual({ a: 2 });
    expect(json.lineOf(['a'])).toBe(3);
  });

  it('takes a member named __proto__ as a member, as JSON.parse does', () => {
    const json = parsed('{"__proto__": {"x": 1}}');
    expect(Object.keys(json.value as object)).toEqual(['__proto__']);
  });

  it('accepts what JSON.parse accepts: escapes, numbers, literals, nesting', () => {
    const samples = [
      '"a\\u00e9\\n\\t\\"\\\\\\/"',
      '-0.5e+10',
      '[1, 2.5, -3, 0, 1E3]',
      '{"a": {"b": [{"c": [false, true, null]}]}}',
      ' \t\n 42 \n',
    ];
    for (const sample of samples) expect(parsed(sample).value).toEqual(JSON.parse(sample));
  });
});

describe('a text that is no JSON: the line and column of the first thing wrong, in Dutch', () => {
  it.each([
    ['{\n  "a": 1,\n}', 3, 1, 'Na de laatste waarde voor "}" mag geen komma staan.'],
    ['[1,\n 2,\n]', 3, 1, 'Na de laatste waarde voor "]" mag geen komma staan.'],
    ['{\n  "a": \'x\'\n}', 2, 8, 'niet enkele'],
    ['{\n  // uitleg\n  "a": 1\n}', 2, 3, 'Commentaar (// of /* */) mag niet in JSON.'],
    ['{\n  "a": "tekst\n  die doorloopt"\n}', 2, 14, 'loopt hier door naar de volgende regel'],
    ['{"a": "\\frac{1}{2}" }', 1, 1, ''],
    ['{"a": "\\x"}', 1, 8, 'Een backslash'],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, 'een komma (,) tussen twee velden'],
    ['{"a" 1}', 1, 6, 'een dubbele punt (:) na "a"'],
    ['[1 2]', 1, 4, 'Hier staat "2", maar hier hoort een komma'],
    ['{"a": 1} {"b": 2}', 1, 10, 'er mag maar één waarde staan'],
    ['   ', 1, 1, 'de tekst is leeg'],
    ['{"a": [1, 2', 1, 12, 'De tekst houdt op'],
    ['{"a": "open', 1, 7, 'niet afgesloten met een aanhalingsteken'],
    ['{"a": tru}', 1, 7, 'hier hoort een waarde'],
    ['{"a": 01}', 1, 8, 'een komma (,) tussen twee velden'],
    ['{"a": .5}', 1, 7, 'hier hoort een waarde'],
    ['{"a": -}', 1, 7, 'hier hoort een waarde'],
  ])('%j: line %i, column %i', (text, line, column, message) => {
    if (message === '') {
      // "\f" is a valid escape (a form feed): the text is JSON, though no formula.
      expect(parseJsonWithLines(text).ok).toBe(true);
      return;
    }
    const result = refused(text);
    expect([result.line, result.column]).toEqual([line, column]);
    expect(result.message).toContain(message);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('refuses a tab or another invisible character inside a text, as JSON.parse does', () => {
    const result = refused('{"a": "x\ty"}');
    expect(result.message).toBe('Een tekst mag geen onzichtbaar teken bevatten (code 9).');
  });

  it('refuses a nesting deeper than any study file instead of running out of stack', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const result = refused(deep);
    expect(result.message).toContain('dieper genest dan 64 niveaus');
    expect(result.line).toBe(1);
  });
});
