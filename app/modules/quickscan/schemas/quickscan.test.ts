import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from '#app/platform/schemas/errors.ts';
import { isEmptyQuickscanQuery, quickscanQueryInput, quickscanQuerySchema } from './quickscan.ts';

const schema = quickscanQuerySchema({
  subjects: [
    { slug: 'nederlands', name: 'Nederlands', levels: ['vmbo-b', 'havo', 'vwo'] },
    { slug: 'wiskunde', name: 'Wiskunde', levels: ['vmbo-b'] },
    { slug: 'wiskunde-a', name: 'Wiskunde A', levels: ['havo', 'vwo'] },
  ],
  examYears: [2027, 2028, 2029],
});
const parse = (query: string) => schema.safeParse(quickscanQueryInput(new URLSearchParams(query)));

describe('quickscanQuerySchema', () => {
  it('reads the answers of the query, in the order of the subjects and difficulties, each once', () => {
    const result = parse(
      'niveau=havo&examenjaar=2028&vakken=wiskunde-a&vakken=nederlands&vakken=wiskunde-a&lastig=plannen&lastig=formules',
    );
    expect(result.data).toEqual({
      level: 'havo',
      examYear: 2028,
      subjects: ['nederlands', 'wiskunde-a'],
      difficulties: ['formules', 'plannen'],
    });
  });

  it('gives a Dutch message per wrong answer, also several at once', () => {
    const result = parse('niveau=havo&examenjaar=2026&vakken=wiskunde&lastig=alles');
    expect(result.success).toBe(false);
    expect(fieldErrorsFromZod(result.error!)).toEqual({
      examenjaar: ['Kies het jaar waarin je centraal examen doet.'],
      'lastig.0': ['Kies wat je lastig vindt uit de lijst.'],
      vakken: ['Wiskunde hoort niet bij havo. Kies de vakken van havo.'],
    });
    expect(fieldErrorsFromZod(parse('examenjaar=20x7').error!)).toEqual({
      niveau: ['Kies je niveau.'],
      examenjaar: ['Kies het jaar waarin je centraal examen doet.'],
      vakken: ['Kies minimaal één vak.'],
    });
  });

  it('knows an empty query', () => {
    expect(isEmptyQuickscanQuery(quickscanQueryInput(new URLSearchParams('')))).toBe(true);
    expect(isEmptyQuickscanQuery(quickscanQueryInput(new URLSearchParams('utm_source=mail')))).toBe(true);
    expect(isEmptyQuickscanQuery(quickscanQueryInput(new URLSearchParams('lastig=plannen')))).toBe(false);
  });
});
