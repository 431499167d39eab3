import { describe, expect, it } from 'vitest';
import {
  behindByEffort,
  behindByTopic,
  checksPerTopic,
  gridCsv,
  packRow,
  unpackRow,
  type GridPupil,
} from './dashboard.ts';

const topics = [
  { id: 1, name: 'Differentiëren' },
  { id: 2, name: 'Integreren' },
];
const pupil = (name: string, recall: [number, number], minutes: number, share: number | null = null): GridPupil => ({
  userId: name,
  name,
  cells: topics.map((topic, i) => ({
    topicId: topic.id,
    level: 'bekend',
    recallExam: recall[i]!,
    recallNow: recall[i]!,
    checkShare: i === 0 ? share : null,
  })),
  minutesAll7d: minutes,
  minutesAsked7d: 140,
  reviews7d: minutes,
});

describe('who will not be ready on the day', () => {
  const pupils = [
    pupil('Sanne V.', [0.9, 0.5], 150, 0.8),
    pupil('Daan J.', [0.6, 0.4], 20, 0.4),
    pupil('Noor B.', [0.8, 0.8], 60),
  ];

  it('ranks topics by how many pupils fall below the target, the furthest below first', () => {
    const ranked = behindByTopic(topics, pupils);
    expect(ranked.map((t) => t.name)).toEqual(['Integreren', 'Differentiëren']);
    expect(ranked[0]!.pupils.map((p) => p.name)).toEqual(['Daan J.', 'Sanne V.']);
    expect(ranked[1]!.pupils.map((p) => p.name)).toEqual(['Daan J.']);
  });

  it('ranks pupils by the share of the asked minutes they studied, under half only', () => {
    expect(behindByEffort(pupils).map((p) => [p.name, Math.round(p.share * 100)])).toEqual([
      ['Daan J.', 14],
      ['Noor B.', 43],
    ]);
  });

  it('sums the latest exam checks per topic', () => {
    expect(checksPerTopic(topics, pupils)).toEqual([
      { topicId: 1, name: 'Differentiëren', pupils: 2, meanShare: expect.closeTo(0.6, 5), below: 1 },
    ]);
  });
});

describe('the CSV', () => {
  it('opens in a Dutch spreadsheet: semicolons, decimal commas, BOM, Dutch headers', () => {
    const csv = gridCsv(topics, [
      { ...pupil('Sanne V.', [0.9, 0.456], 150), pseudonym: 'abc', examDate: '2027-05-12' },
    ]);
    expect(csv.startsWith('\uFEFFLeerling;Leerlingcode;Examendatum;')).toBe(true);
    const [, row] = csv.slice(1).split('\r\n');
    expect(row).toBe('Sanne V.;abc;2027-05-12;150;140;150;Bekend;0,90;Bekend;0,46');
  });
});

describe('packRow and unpackRow', () => {
  it('carry a pupil’s row in the topics’ order, a topic without a summary empty', () => {
    const row = packRow(
      [7, 8, 9],
      [
        { topicId: 9, level: 'nieuw', recallExam: 0.124 },
        { topicId: 7, level: 'vaardig', recallExam: 0.846 },
      ],
    );
    expect(row).toBe('3:85,,0:12');
    expect(unpackRow(row)).toEqual([{ level: 'vaardig', percent: 85 }, null, { level: 'nieuw', percent: 12 }]);
    expect(unpackRow(packRow([1, 2], []))).toEqual([null, null]);
  });
});
