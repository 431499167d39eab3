import { LEVEL_LABELS, type Level } from '#app/platform/levels.ts';

/**
 * The quick scan's Dutch messages: one per question, shown under it when its answer is wrong (the page
 * never refuses: it asks again). Free of Zod, so the browser can read them without loading a schema.
 */

/** The quick scan's questions: the browser checks a step with these before it is sent. */
export const QUICKSCAN_MESSAGES = {
  LEVEL: 'Kies je niveau.',
  EXAM_YEAR: 'Kies het jaar waarin je centraal examen doet.',
  SUBJECTS_REQUIRED: 'Kies minimaal één vak.',
  SUBJECT_UNKNOWN: 'Dit vak kennen we niet. Kies je vakken uit de lijst.',
  subjectNotAtLevel: (names: readonly string[], level: Level): string =>
    `${names.join(' en ')} ${names.length === 1 ? 'hoort' : 'horen'} niet bij ${LEVEL_LABELS[level]}. Kies de vakken van ${LEVEL_LABELS[level]}.`,
  DIFFICULTY: 'Kies wat je lastig vindt uit de lijst.',
} as const;
