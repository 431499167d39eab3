/**
 * The study module's Dutch messages, in one place: the refusals of the study
 * area (server/refusals.server.ts: the routes and the API answer them with these), the
 * field messages of its schemas, the buddy's notice, and the notices of the
 * user's subjects (spec §8, verbatim). The others are additions.
 */

/** 3, 7 and 9: numbers as a Dutch list. */
function dutchList(numbers: readonly number[]): string {
  return numbers.length < 2 ? numbers.join('') : `${numbers.slice(0, -1).join(', ')} en ${numbers.at(-1)}`;
}

/** The study area's refusals and field messages (spec §3 Card, Topic, Test, Chatbot, Idiom; §7). */
export const STUDY_MESSAGES = {
  UNKNOWN_SUBJECT: 'Dit vak bestaat niet (meer).',
  UNKNOWN_CARD: 'Deze leerkaart bestaat niet (meer).',
  NOT_REVIEWABLE: 'Een werkblad of de kaart met verbeteringen herhaal je niet: die staan niet in je planning.',
  RATING: 'Kies hoe goed je het wist: Opnieuw, Moeilijk, Goed of Makkelijk.',
  SECONDS_SPENT: 'De tijd aan de kaart is een heel aantal seconden, van 0 tot 3600.',
  DAILY_MINUTES: 'Kies hoeveel minuten per dag je wilt leren: een heel aantal van 5 tot 240.',
  EXAM_DATE: 'Vul een bestaande datum in, bijvoorbeeld 2027-05-14 (jaar-maand-dag).',
  EXAM_DATE_RANGE: 'Kies een examendatum tussen vandaag en drie jaar vooruit.',
  PLAN_SUBJECT: 'Dit is geen vak van je planning.',
  PLAN_SAVED: 'Je planning is bijgewerkt.',
  PLAN_NO_EXAM_YEAR: 'Kies eerst je examenjaar bij je profiel: daar rekent je planning naartoe.',
  PLAN_RESET_CONFIRM: 'Vink aan dat je opnieuw wilt beginnen.',
  PLAN_RESET: (subject: string, reviews: number): string =>
    `Je planning voor ${subject} begint opnieuw: ${reviews} ${reviews === 1 ? 'beoordeling is' : 'beoordelingen zijn'} gewist.`,
  UNKNOWN_TEST: 'Deze examencheck bestaat niet (meer).',
  UNKNOWN_CHATBOT: 'Deze examenbuddy bestaat niet (meer).',
  UNKNOWN_IDIOM: 'Deze lijst met examenidioom bestaat niet (meer).',
  NO_ACCESS: 'Je hebt (nog) geen toegang tot dit vak. Activeer de code uit je Slaagbundel of bestel de bundel.',
  LIGHT_ONLY: 'Dit hoort bij de volledige Slaagbundel. Met je proefversie zie je een deel van de lesstof.',
  NO_ATTEMPT: 'Je hebt deze examencheck nog niet gemaakt.',
  FILTER: 'Kies een van de filters uit de lijst.',
  TOPIC: 'Kies een onderwerp uit de lijst.',
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
  QUESTION_REQUIRED: 'Typ je vraag.',
  QUESTION_LENGTH: 'Je vraag is te lang: maximaal 500 tekens.',
  SEARCH_LENGTH: 'Zoek met maximaal 100 tekens.',
  SEARCH: 'Zoek met één zoekterm van maximaal 100 tekens.',
  ANSWER_TEXT: 'Je antwoord moet tekst zijn.',
  ANSWER_LENGTH: (max: number): string => `Je antwoord is te lang: maximaal ${max} tekens.`,
  /** The buddy's answer when the lesson material has nothing on the question (without a language model). */
  BUDDY_NOTHING_FOUND:
    'Daar vond ik niets over in de leerkaarten en het examenidioom van dit vak. Probeer andere woorden, ' +
    'bijvoorbeeld de naam van een onderwerp of een begrip uit je boek.',
} as const;

/** The user's subjects (spec §3 User subject, §7 /v1/users/me/subjects, §8 notices: verbatim). */
export const MY_SUBJECT_MESSAGES = {
  /** Spec §8. */
  ADDED: 'Je hebt een vak toegevoegd.',
  /** Spec §8. */
  REMOVED: 'Je hebt een vak verwijderd.',
  NOT_YOURS: 'Dit vak staat niet in je lijst.',
  CHOOSE_SUBJECTS: 'Kies minimaal één vak.',
  TOO_MANY_SUBJECTS: 'Kies maximaal 50 vakken tegelijk.',
  DUPLICATE_SUBJECTS: 'Kies elk vak maar één keer.',
} as const;
