import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isLevelTheme,
  EDUCATION_ORDER,
  LEVEL_ORDER,
  LEVEL_THEMES,
  levelLabel,
  sortByDisplayOrder,
  sortByEducationOrder,
  sortByLevelOrder,
  themeClass,
  themeForLevel,
  themeForLevels,
} from './levels.ts';

describe('sortByLevelOrder', () => {
  it('sorts level names', () => {
    expect(sortByLevelOrder(['vwo', 'havo', 'vmbo-gl-tl', 'vmbo-b', 'vmbo-k'])).toEqual([
      'vmbo-b',
      'vmbo-k',
      'vmbo-gl-tl',
      'havo',
      'vwo',
    ]);
  });

  it('puts unknown values last, keeping their order, and ignores case', () => {
    expect(sortByLevelOrder(['mbo', 'VWO', 'onbekend', 'havo'])).toEqual(['havo', 'VWO', 'mbo', 'onbekend']);
  });

  it('sorts objects by a key, stably', () => {
    const items = [
      { name: 'vwo', id: 1 },
      { name: 'havo', id: 2 },
      { name: 'vwo', id: 3 },
      { name: 'vmbo-b', id: 4 },
    ];
    expect(sortByLevelOrder(items, (item) => item.name).map((item) => item.id)).toEqual([4, 2, 1, 3]);
  });

  it('does not mutate its input', () => {
    const input = ['vwo', 'havo'];
    sortByLevelOrder(input);
    expect(input).toEqual(['vwo', 'havo']);
  });

  it('is a stable permutation that respects the order', () => {
    const value = fc.constantFrom(...LEVEL_ORDER, 'mbo', 'x', 'HAVO');
    fc.assert(
      fc.property(fc.array(value), (names) => {
        const items = names.map((name, id) => ({ name, id }));
        const sorted = sortByLevelOrder(items, (item) => item.name);
        expect([...sorted].sort((a, b) => a.id - b.id)).toEqual([...items].sort((a, b) => a.id - b.id));
        const rank = (name: string): number => {
          const index = (LEVEL_ORDER as readonly string[]).indexOf(name.toLowerCase());
          return index === -1 ? LEVEL_ORDER.length : index;
        };
        for (let i = 1; i < sorted.length; i++) {
          const previous = sorted[i - 1]!;
          const current = sorted[i]!;
          expect(rank(previous.name)).toBeLessThanOrEqual(rank(current.name));
          if (rank(previous.name) === rank(current.name)) {
            expect(items.indexOf(previous)).toBeLessThan(items.indexOf(current));
          }
        }
      }),
    );
  });
});

describe('sortByDisplayOrder', () => {
  it('sorts VMBO, HAVO, VWO with unknown last', () => {
    expect(sortByDisplayOrder(['VWO', 'MBO', 'HAVO', 'VMBO'])).toEqual(['VMBO', 'HAVO', 'VWO', 'MBO']);
    expect(sortByDisplayOrder(['vwo', 'vmbo'])).toEqual(['vmbo', 'vwo']);
  });

  it('sorts objects by key', () => {
    const groups = [{ title: 'HAVO' }, { title: 'VMBO' }];
    expect(sortByDisplayOrder(groups, (group) => group.title)).toEqual([{ title: 'VMBO' }, { title: 'HAVO' }]);
  });
});

describe('sortByEducationOrder', () => {
  it('sorts the wider education order', () => {
    expect(
      sortByEducationOrder([
        'wo',
        'hbo',
        'mbo',
        'vwo',
        'havo',
        'vmbo-t',
        'vmbo-k',
        'vmbo-gl/tl',
        'vmbo-b',
        'vmbo',
        'pabo',
      ]),
    ).toEqual(['vmbo', 'vmbo-b', 'vmbo-gl/tl', 'vmbo-k', 'vmbo-t', 'havo', 'vwo', 'mbo', 'hbo', 'wo', 'pabo']);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...EDUCATION_ORDER, 'x', 'y')), (values) => {
        const once = sortByEducationOrder(values);
        expect(sortByEducationOrder(once)).toEqual(once);
      }),
    );
  });
});

describe('levelLabel', () => {
  it.each([
    ['vmbo-b', 'vmbo basis'],
    ['vmbo-k', 'vmbo kader'],
    ['vmbo-gl-tl', 'vmbo gl/tl'],
    ['havo', 'havo'],
    ['vwo', 'vwo'],
  ] as const)('shows %s as %j', (level, label) => {
    expect(levelLabel(level)).toBe(label);
  });

  it('levelLabel falls back to the name', () => {
    expect(levelLabel('vmbo-k')).toBe('vmbo kader');
    expect(levelLabel('VMBO-B')).toBe('vmbo basis');
    expect(levelLabel('mbo')).toBe('mbo');
    expect(levelLabel('toString')).toBe('toString');
  });
});

describe('themes', () => {
  it.each([
    ['vmbo-b', 'vmbo'],
    ['vmbo-k', 'vmbo'],
    ['vmbo-gl-tl', 'vmbo'],
    ['VMBO', 'vmbo'],
    ['Vmbo-T', 'vmbo'],
    ['mavo-4', 'vmbo'],
    ['havo', 'havo'],
    ['havo-5', 'havo'],
    ['HAVO', 'havo'],
    ['vwo', 'vwo'],
    ['vwo-6', 'vwo'],
    ['VWO', 'vwo'],
    [' vwo ', 'vwo'],
    ['gymnasium-6', 'vwo'],
    ['mbo', 'havo'],
    ['', 'havo'],
    ['onbekend', 'havo'],
  ] as const)('themeForLevel(%j) → %s', (name, theme) => {
    expect(themeForLevel(name)).toBe(theme);
  });

  it('lets the first level decide, havo without levels', () => {
    expect(themeForLevels([{ name: 'vwo-6' }, { name: 'vmbo-k' }])).toBe('vwo');
    expect(themeForLevels([{ name: 'vmbo-k' }, { name: 'vwo-6' }])).toBe('vmbo');
    expect(themeForLevels([])).toBe('havo');
    expect(themeForLevels(null)).toBe('havo');
    expect(themeForLevels(undefined)).toBe('havo');
  });

  it('maps a theme to a page class', () => {
    expect(themeClass('vmbo')).toBe('theme-vmbo');
    expect(themeClass('havo')).toBe('theme-havo');
    expect(themeClass('vwo')).toBe('theme-vwo');
  });

  it('always yields a known theme', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(LEVEL_THEMES).toContain(themeForLevel(name));
      }),
    );
  });
});

describe('isLevelTheme', () => {
  it('knows the three level themes and nothing else', () => {
    for (const theme of ['vmbo', 'havo', 'vwo']) expect(isLevelTheme(theme)).toBe(true);
    for (const value of ['mbo', 'HAVO', '', null, 3]) expect(isLevelTheme(value)).toBe(false);
  });
});
