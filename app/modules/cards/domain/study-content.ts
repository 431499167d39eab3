/**
 * The vocabulary of the study area's content (spec §2 filters, §3 Card):
 * the sections a card belongs to, the exam it prepares for and how hard it
 * is. These values are what `sections[]`, `examTypes[]` and `difficulty[]`
 * carry in a listing's query.
 */

/** Theory (uitleg), practice questions (oefenen) and questions from past exams (examenvragen). */
export const CARD_SECTIONS = ['uitleg', 'oefenen', 'examenvragen'] as const;
export type CardSection = (typeof CARD_SECTIONS)[number];

export const CARD_SECTION_LABELS: Readonly<Record<CardSection, string>> = {
  uitleg: 'Uitleg',
  oefenen: 'Oefenen',
  examenvragen: 'Examenvragen',
};

/** Centraal examen and schoolexamen. */
export const EXAM_TYPES = ['CE', 'SE'] as const;
export type ExamType = (typeof EXAM_TYPES)[number];

export const EXAM_TYPE_LABELS: Readonly<Record<ExamType, string>> = {
  CE: 'Centraal examen',
  SE: 'Schoolexamen',
};

export const DIFFICULTIES = ['makkelijk', 'gemiddeld', 'moeilijk'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const DIFFICULTY_LABELS: Readonly<Record<Difficulty, string>> = {
  makkelijk: 'Makkelijk',
  gemiddeld: 'Gemiddeld',
  moeilijk: 'Moeilijk',
};
