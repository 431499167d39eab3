import { describe, expect, it } from 'vitest';
import { foldAccents, stemDutch } from './dutch-stemmer.ts';

/** Whether every word stems to the same stem (and what it is). */
const sameStem = (...words: string[]) => {
  const stems = new Set(words.map(stemDutch));
  expect(stems.size, `${words.join(', ')} → ${[...stems].join(', ')}`).toBe(1);
  return [...stems][0];
};

describe('Dutch stemming (Snowball "dutch" with our additions)', () => {
  it('follows the Snowball algorithm on its own examples', () => {
    expect(stemDutch('lichamelijk')).toBe('licham');
    expect(stemDutch('lichamelijke')).toBe('licham');
    expect(stemDutch('kopen')).toBe('kop');
    expect(stemDutch('maan')).toBe('man');
    expect(stemDutch('werkloosheid')).toBe('werklos');
    expect(stemDutch('halveringstijden')).toBe('halveringstijd');
  });

  it('brings a word’s forms together: plural, inflected adjective, with and without accents', () => {
    expect(sameStem('afgeleide', 'afgeleiden', 'afgeleid')).toBe('afgeleid');
    expect(sameStem('logaritme', 'logaritmen')).toBe('logaritm');
    expect(sameStem('differentiëren', 'differentieren', 'differentieer')).toBe('differentier');
    expect(sameStem('sinusoïde', 'sinusoiden', 'Sinusoïden')).toBe('sinusoid');
    expect(sameStem('vergelijking', 'vergelijkingen')).toBe('vergelijk');
    expect(sameStem('groeifactor', 'groeifactoren')).toBe('groeifactor');
  });

  it('our additions: a doubled consonant before -en, a doubled vowel after i, a plural after -ie', () => {
    expect(sameStem('cel', 'cellen')).toBe('cel');
    expect(sameStem('oplossen', 'oplos')).toBe('oplos');
    expect(sameStem('radiaal', 'radialen')).toBe('radial');
    expect(sameStem('exponentieel', 'exponentiële')).toBe('exponentiel');
    expect(sameStem('functie', 'functies')).toBe('functie');
  });

  it('leaves short words, numbers and words with digits as they are (lower case)', () => {
    expect(stemDutch('ln')).toBe('ln');
    expect(stemDutch('CO2')).toBe('co2');
    expect(stemDutch('2027')).toBe('2027');
  });

  it('folds accents and case', () => {
    expect(foldAccents('Differentiëren ÉÉN')).toBe('differentieren een');
  });
});
