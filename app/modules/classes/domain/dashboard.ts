/**
 * The class dashboard's rules (issue 31): who will not be ready on the day, by topic (the predicted recall
 * on the morning of their exam below the target) and by effort (the minutes of the last 7 days against
 * what their plan asked), and the grid's CSV in a Dutch spreadsheet's format. Pure.
 */
import { csvField } from '#app/platform/csv.ts';

/** A topic is ready for the exam when at least this share of its cards is predicted to be remembered that morning. */
export const EXAM_READY_RECALL = 0.75;
/** Below this share of the minutes their plan asked in the last 7 days, a pupil is behind by effort. */
export const EFFORT_BEHIND_SHARE = 0.5;

export const MASTERY_LABELS = {
  nieuw: 'Nog niet begonnen',
  geoefend: 'Geoefend',
  bekend: 'Bekend',
  vaardig: 'Vaardig',
  beheerst: 'Beheerst',
} as const;
export type Mastery = keyof typeof MASTERY_LABELS;

export interface GridCell {
  topicId: number;
  level: Mastery;
  recallExam: number;
  recallNow: number;
  checkShare: number | null;
}

export interface GridPupil {
  userId: string;
  name: string;
  cells: readonly GridCell[];
  minutesAll7d: number;
  minutesAsked7d: number;
  reviews7d: number;
}

/** The pupils below the target on each topic, the furthest below first; topics with the most such pupils first. */
export function behindByTopic(
  topics: readonly { id: number; name: string }[],
  pupils: readonly GridPupil[],
  target = EXAM_READY_RECALL,
) {
  return topics
    .map((topic) => ({
      topicId: topic.id,
      name: topic.name,
      pupils: pupils
        .flatMap((pupil) => {
          const cell = pupil.cells.find((c) => c.topicId === topic.id);
          return cell && cell.recallExam < target
            ? [{ userId: pupil.userId, name: pupil.name, recallExam: cell.recallExam }]
            : [];
        })
        .sort((a, b) => a.recallExam - b.recallExam || a.name.localeCompare(b.name, 'nl')),
    }))
    .filter((topic) => topic.pupils.length > 0)
    .sort((a, b) => b.pupils.length - a.pupils.length);
}

/** The share of the asked minutes a pupil studied (1 and more: as asked); null when the plan asked nothing. */
export const effortShare = (pupil: Pick<GridPupil, 'minutesAll7d' | 'minutesAsked7d'>) =>
  pupil.minutesAsked7d > 0 ? pupil.minutesAll7d / pupil.minutesAsked7d : null;

/** The pupils who studied less than EFFORT_BEHIND_SHARE of what their plan asked, the least first. */
export function behindByEffort(pupils: readonly GridPupil[]) {
  return pupils
    .map((pupil) => ({
      userId: pupil.userId,
      name: pupil.name,
      minutes: pupil.minutesAll7d,
      asked: pupil.minutesAsked7d,
      reviews: pupil.reviews7d,
      share: effortShare(pupil),
    }))
    .filter((p): p is typeof p & { share: number } => p.share !== null && p.share < EFFORT_BEHIND_SHARE)
    .sort((a, b) => a.share - b.share || a.name.localeCompare(b.name, 'nl'));
}

/** The class's latest exam-check results per topic: how many pupils made one, and their mean share of the points. */
export function checksPerTopic(topics: readonly { id: number; name: string }[], pupils: readonly GridPupil[]) {
  return topics.flatMap((topic) => {
    const shares = pupils.flatMap((pupil) => {
      const share = pupil.cells.find((c) => c.topicId === topic.id)?.checkShare;
      return share === null || share === undefined ? [] : [share];
    });
    if (shares.length === 0) return [];
    return [
      {
        topicId: topic.id,
        name: topic.name,
        pupils: shares.length,
        meanShare: shares.reduce((sum, share) => sum + share, 0) / shares.length,
        below: shares.filter((share) => share < 0.55).length,
      },
    ];
  });
}

const MASTERY_ORDER = Object.keys(MASTERY_LABELS) as Mastery[];

/**
 * A pupil's row of the class page as one text, one entry per topic in the topics' order: the mastery level's
 * index and the whole percent recalled on the exam morning ("3:85"), or nothing without a summary ("3:85,,1:40").
 * A year group's grid is thousands of cells: as text it costs the page's data one string a pupil to send.
 */
export function packRow(
  topicIds: readonly number[],
  cells: readonly { topicId: number; level: Mastery; recallExam: number }[],
): string {
  const byTopic = new Map(cells.map((cell) => [cell.topicId, cell]));
  return topicIds
    .map((id) => {
      const cell = byTopic.get(id);
      return cell ? `${MASTERY_ORDER.indexOf(cell.level)}:${Math.round(cell.recallExam * 100)}` : '';
    })
    .join(',');
}

/** `packRow`'s text read back: per topic in the topics' order, its level and percent, or null. */
export function unpackRow(row: string): ({ level: Mastery; percent: number } | null)[] {
  return row.split(',').map((entry) => {
    if (!entry) return null;
    const [level, value] = entry.split(':');
    return { level: MASTERY_ORDER[Number(level)] ?? 'nieuw', percent: Number(value) };
  });
}

/** A share as a Dutch percentage: 0.724 → '72 %'. */
export const percent = (share: number) => `${Math.round(share * 100)} %`;

/** A number as a Dutch spreadsheet reads it: a decimal comma, no thousands separator ('0,72'). */
export const spreadsheetNumber = (value: number, decimals = 2) => value.toFixed(decimals).replace('.', ',');

export { csvField } from '#app/platform/csv.ts';

/**
 * The grid as CSV for a Dutch spreadsheet: semicolons between fields, decimal commas, CRLF line ends and a
 * byte order mark, so Excel opens it in columns with the accents right. Per topic two columns: the level
 * and the predicted recall on the exam morning (0 to 1).
 */
export function gridCsv(
  topics: readonly { id: number; name: string }[],
  pupils: readonly (GridPupil & { pseudonym: string; examDate: string | null })[],
): string {
  const header = [
    'Leerling',
    'Leerlingcode',
    'Examendatum',
    'Minuten 7 dagen',
    'Gevraagde minuten 7 dagen',
    'Herhalingen 7 dagen',
    ...topics.flatMap((topic) => [`${topic.name} – niveau`, `${topic.name} – kans op examendag`]),
  ];
  const rows = pupils.map((pupil) => [
    pupil.name,
    pupil.pseudonym,
    pupil.examDate ?? '',
    String(pupil.minutesAll7d),
    String(pupil.minutesAsked7d),
    String(pupil.reviews7d),
    ...topics.flatMap((topic) => {
      const cell = pupil.cells.find((c) => c.topicId === topic.id);
      return cell ? [MASTERY_LABELS[cell.level], spreadsheetNumber(cell.recallExam)] : ['', ''];
    }),
  ]);
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvField).join(';')).join('\r\n')}\r\n`;
}
