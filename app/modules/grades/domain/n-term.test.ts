import { describe, expect, it } from 'vitest';
import { type NTermSource, estimateN, nTermSourceProblems, nTermTableProblems } from './n-term.ts';

// Made-up N-terms: these tests check the arithmetic, they are no data (ADR 016).
const SOURCE = 'https://www.examenblad.nl/example';
const entry = (year: number, n: number, extra: Partial<NTermSource> = {}): NTermSource => ({
  subject: 'wiskunde-b',
  level: 'havo',
  year,
  tijdvak: 1,
  n,
  source: SOURCE,
  ...extra,
});

describe('estimateN', () => {
  const history = [2018, 2019, 2020, 2021, 2022, 2023, 2024].map((year, i) =>
    entry(year, [0.5, 0.8, 1.0, 1.2, 0.9, 1.4, 1.1][i] ?? 1),
  );

  it('answers the published N-term of a known exam with its source', () => {
    expect(estimateN(history, { subject: 'wiskunde-b', level: 'havo', year: 2023, tijdvak: 1 })).toEqual({
      kind: 'known',
      n: 1.4,
      source: SOURCE,
    });
  });

  it('estimates an unknown year from the last five known years: their mean and range', () => {
    // 2024, 2023, 2022, 2021, 2020: (1,1 + 1,4 + 0,9 + 1,2 + 1,0) / 5 = 5,6 / 5 = 1,12 → 1,1.
    expect(estimateN(history, { subject: 'wiskunde-b', level: 'havo', year: 2025, tijdvak: 1 })).toEqual({
      kind: 'estimate',
      n: 1.1,
      min: 0.9,
      max: 1.4,
      years: [2024, 2023, 2022, 2021, 2020],
    });
  });

  it('rounds the mean half up exactly: 1,05 → 1,1', () => {
    // (1,0 + 1,1) / 2 = 1,05 → 1,1.
    const two = [entry(2023, 1.0), entry(2024, 1.1)];
    expect(estimateN(two, { subject: 'wiskunde-b', level: 'havo', year: 2025, tijdvak: 1 })).toMatchObject({ n: 1.1 });
  });

  it('uses only earlier years of the same subject, level and tijdvak', () => {
    const mixed = [
      entry(2022, 2.0, { tijdvak: 2 }),
      entry(2022, 2.0, { level: 'vwo' }),
      entry(2022, 2.0, { subject: 'wiskunde-a' }),
      entry(2026, 2.0),
      entry(2021, 0.8),
    ];
    expect(estimateN(mixed, { subject: 'wiskunde-b', level: 'havo', year: 2025, tijdvak: 1 })).toEqual({
      kind: 'estimate',
      n: 0.8,
      min: 0.8,
      max: 0.8,
      years: [2021],
    });
  });

  it('takes a year with an N-term per digital variant as the mean of its variants', () => {
    // 2023: (0,9 + 1,3) / 2 = 1,1; 2024: 1,2 → (1,1 + 1,2) / 2 = 1,15 → 1,2.
    const variants = [
      entry(2023, 0.9, { variant: '1a' }),
      entry(2023, 1.3, { variant: '1b' }),
      entry(2024, 1.2, { variant: '1a' }),
    ];
    expect(estimateN(variants, { subject: 'wiskunde-b', level: 'havo', year: 2025, tijdvak: 1 })).toEqual({
      kind: 'estimate',
      n: 1.2,
      min: 1.1,
      max: 1.2,
      years: [2024, 2023],
    });
    expect(
      estimateN(variants, { subject: 'wiskunde-b', level: 'havo', year: 2023, tijdvak: 1, variant: '1b' }),
    ).toEqual({ kind: 'known', n: 1.3, source: SOURCE });
  });

  it('says unknown when there is no history', () => {
    expect(estimateN([], { subject: 'wiskunde-b', level: 'havo', year: 2025, tijdvak: 1 })).toEqual({
      kind: 'unknown',
    });
  });
});

describe('N-term validation', () => {
  it('accepts a well-formed entry', () => {
    expect(nTermSourceProblems(entry(2024, 1.1))).toEqual([]);
  });

  it('names every problem of an entry', () => {
    const bad = { subject: 'Wiskunde B', level: 'mavo', year: 1999, tijdvak: 4, n: 3.5, source: 'http://x' };
    expect(nTermSourceProblems(bad as unknown as NTermSource)).toHaveLength(6);
  });

  it('finds an exam listed twice, but allows the variants of one exam', () => {
    expect(nTermTableProblems([entry(2024, 1.1), entry(2024, 1.2)])).toEqual([
      'entry 1: wiskunde-b|havo|2024|1| is listed twice',
    ]);
    expect(nTermTableProblems([entry(2024, 1.1, { variant: '1a' }), entry(2024, 1.2, { variant: '1b' })])).toEqual([]);
  });
});
