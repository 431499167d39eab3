/** 3, 7 and 9: numbers as a Dutch list. */
function dutchList(numbers: readonly number[]): string {
  return numbers.length < 2 ? numbers.join('') : `${numbers.slice(0, -1).join(', ')} en ${numbers.at(-1)}`;
}

/** The checks module's Dutch messages: exam checks, their answers and results (spec §3 Test, §7; additions). */
export const CHECK_MESSAGES = {
  UNKNOWN_TEST: 'Deze examencheck bestaat niet (meer).',
  NO_ATTEMPT: 'Je hebt deze examencheck nog niet gemaakt.',
  ANSWERS: 'Beantwoord de vragen van deze examencheck.',
  ANSWER_QUESTION: 'Dit is geen vraag van deze examencheck.',
  ANSWER_TWICE: 'Beantwoord elke vraag maar één keer.',
  ANSWER_OPTION: 'Kies een van de antwoorden.',
  ANSWER_POINTS: 'Geef jezelf 0 of meer punten, niet meer dan de vraag waard is.',
  /** Open questions handed in without points: the pupil scores them first (or chooses 0 points). */
  UNSCORED: (numbers: readonly number[]): string =>
    `Geef jezelf eerst punten voor ${numbers.length === 1 ? 'vraag' : 'de vragen'} ${dutchList(numbers)}: ` +
    'open het antwoordmodel en kies hoeveel punten je antwoord waard is (ook 0 punten is een keuze).',
  DRAFT_STEP: 'Kies een vraag van deze examencheck.',
  ANSWER_TEXT: 'Je antwoord moet tekst zijn.',
  ANSWER_LENGTH: (max: number): string => `Je antwoord is te lang: maximaal ${max} tekens.`,
} as const;
