import { formatTenths } from './grade.ts';

/** A mean of whole-tenth grades shown with two decimals, cut off (never rounded up across a border): 5,49… → '5,49'. */
function formatMean(sumTenths: number, count: number): string {
  const hundredths = Math.floor((sumTenths * 10) / count);
  return `${Math.floor(hundredths / 100)},${String(hundredths % 100).padStart(2, '0')}`;
}

const list = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} en ${names.at(-1)}`;

/**
 * The grades module's Dutch messages (ADR 014): the refusals of the
 * conversion and of the pass/fail check, the reasons a pupil fails, the
 * outcomes and the short titles of the rules. Free of Zod.
 */
export const GRADES_MESSAGES = {
  INVALID_MAX_SCORE: 'De maximale score moet een heel getal groter dan 0 zijn.',
  INVALID_SCORE: (maxScore: number) => `De score moet een heel getal van 0 tot en met ${maxScore} zijn.`,
  INVALID_N_TERM: 'De N-term moet tussen 0,0 en 3,0 liggen, met één decimaal.',
  INVALID_GRADE: (name: string) =>
    `Vul voor ${name} een cijfer van 1,0 tot en met 10,0 in, met hoogstens één decimaal.`,
  NO_SUBJECTS: 'Vul minstens één vak met een cijfer in.',
  DUPLICATE_SUBJECT: (name: string) => `${name} staat er twee keer in.`,
  NO_CENTRAL_EXAM: 'Dit vak heeft geen centraal examen.',
  EMPTY_COMBINATION: (name: string) => `Vul de onderdelen van ${name} in.`,

  OUTCOME_PASSED: 'Geslaagd',
  OUTCOME_FAILED: 'Gezakt',
  OUTCOME_RETAKE: (subject: string, ceTenths: number) =>
    `Gezakt, maar geslaagd als je bij de herkansing een ${formatTenths(ceTenths)} of hoger haalt voor het centraal examen ${subject}`,
  /** An outcome built on CE grades taken equal to the SE grades (the public calculator, issue 35). */
  OUTCOME_ASSUMED: (outcome: string) => `${outcome}, als je CE-cijfers zo uitvallen`,

  CE_AVERAGE_TOO_LOW: (sumTenths: number, count: number) =>
    `Je gemiddelde cijfer voor de centrale examens is ${formatMean(sumTenths, count)} (niet afgerond, zoals de regel het neemt): dat moet 5,5 of hoger zijn.`,
  CORE_BELOW_FIVE: (subject: string, grade: number) =>
    `Voor ${subject} heb je een ${grade}: voor Nederlands, Engels en wiskunde mag geen eindcijfer lager dan 5 zijn.`,
  CORE_TWO_FIVES: (subjects: readonly string[]) =>
    `Je hebt een 5 voor ${list(subjects)}: voor Nederlands, Engels en wiskunde mag je hoogstens één 5 hebben.`,
  DUTCH_BELOW_FIVE: (grade: number) => `Voor Nederlands heb je een ${grade}: dat moet een 5 of hoger zijn.`,
  GRADE_BELOW_FOUR: (subject: string, grade: number) =>
    `Voor ${subject} heb je een ${grade}: geen eindcijfer mag lager dan 4 zijn.`,
  TOO_MANY_FAILS: (subjects: readonly string[]) =>
    `Je hebt te veel onvoldoendes (${list(subjects)}): hoogstens één 4, twee 5'en of een 5 en een 4.`,
  TOO_MANY_FAILS_VMBO: (subjects: readonly string[]) =>
    `Je hebt te veel onvoldoendes (${list(subjects)}): hoogstens één 5, of één 4 of twee 5'en met minstens één 7.`,
  AVERAGE_TOO_LOW: (sum: number, count: number) =>
    `Met deze onvoldoendes moet je gemiddelde eindcijfer 6,0 of hoger zijn; het is ${formatMean(sum * 10, count)} (niet afgerond, zoals de regel het neemt).`,
  NO_SEVEN: "Met een 4 of twee 5'en moet je voor minstens één vak een 7 of hoger hebben.",
  COMBINATION_PART_BELOW_FOUR: (part: string, grade: number, combination: string) =>
    `Voor ${part} heb je een ${grade}: elk onderdeel van ${combination} moet 4 of hoger zijn.`,
  NOT_SUFFICIENT: (subject: string) => `${subject} moet voldoende of goed zijn.`,

  SE_GRADE_INVALID: 'Vul een cijfer van 1,0 tot en met 10,0 in, met hoogstens één decimaal (bijvoorbeeld 6,8).',
  UNKNOWN_EXAM_SUBJECT: 'Dit vak hoort niet bij je niveau.',
  DUPLICATE_EXAM_SUBJECT: 'Elk vak mag er maar één keer in staan.',
  TOO_MANY_EXAM_SUBJECTS: 'Dat zijn te veel vakken.',
  ASSESSMENT_NOT_GRADE: 'Voor dit onderdeel kies je voldoende of goed, geen cijfer.',
  GRADE_NOT_ASSESSMENT: 'Voor dit vak vul je een cijfer in, geen beoordeling.',
  CHOOSE_ASSESSMENT: 'Kies goed, voldoende of onvoldoende.',
  NO_EXAM_LEVEL: 'Kies eerst je niveau in je profiel: dan weten we welke regels voor jou gelden.',
  GRADES_SAVED: 'Je cijfers zijn opgeslagen.',
  GRADES_INVALID: 'Controleer de cijfers die je hebt ingevuld.',
  SUBJECT_ADDED: (name: string) => `${name} staat nu in je lijst.`,
  SUBJECT_REMOVED: (name: string) => `${name} staat niet meer in je lijst.`,
  SUGGEST_FLIP: (subject: string, ceTenths: number) =>
    `Met een ${formatTenths(ceTenths)} voor het centraal examen ${subject} slaag je volgens deze berekening wel. Daar levert extra oefenen het meeste op.`,
  SUGGEST_BELOW: (subject: string, gapTenths: number) =>
    `Bij ${subject} zit je verwachte CE-cijfer ${formatTenths(gapTenths)} onder wat je nodig hebt. Daar levert extra oefenen het meeste op.`,
  PAST_EXAM_SUBJECT: 'Kies een vak met een centraal examen.',
  PAST_EXAM_YEAR: 'Kies een examenjaar uit de lijst (in 2020 waren er geen centrale examens).',
  PAST_EXAM_TIJDVAK: 'Kies tijdvak 1 of tijdvak 2.',
  PAST_EXAM_INVALID: 'Controleer het oude examen dat je hebt ingevuld.',
  PAST_EXAM_SAVED: (subject: string, year: number, tijdvak: number, gradeTenths: number) =>
    `Je oude examen ${subject} ${year}, tijdvak ${tijdvak}, staat erbij: een ${formatTenths(gradeTenths)}.`,
  PAST_EXAM_REMOVED: 'Het oude examen is verwijderd.',
  UNKNOWN_PAST_EXAM: 'Dit oude examen staat niet (meer) in je lijst.',
  CE_GRADE_INVALID:
    'Vul het cijfer van je centraal examen in: 1,0 tot en met 10,0, met hoogstens één decimaal (bijvoorbeeld 6,4).',
  CE_GRADE_SUBJECT: 'Kies een vak met een centraal examen.',
  CE_GRADE_INVALID_FORM: 'Controleer het CE-cijfer dat je hebt ingevuld.',
  CE_GRADE_SAVED: (subject: string, tenths: number) =>
    `Je CE-cijfer voor ${subject} is opgeslagen: een ${formatTenths(tenths)}.`,
  CE_GRADE_CLEARED: (subject: string) => `Je CE-cijfer voor ${subject} is gewist.`,
  /** What next's reason for the subject the simulation suggests (the study plan, issue 20). */
  FOCUS_REASON: (subject: string) =>
    `Volgens je cijfers levert extra oefenen voor ${subject} het meeste op voor je diploma.`,
  SUGGEST_SMALLEST_MARGIN: (subject: string, marginTenths: number) =>
    `Bij ${subject} is je marge het kleinst: je verwachte CE-cijfer ligt maar ${formatTenths(marginTenths)} boven wat je nodig hebt.`,

  RULE_TITLES: {
    ce_average: 'Gemiddelde van je centrale examens 5,5 of hoger',
    core_subjects: 'Kernvakken: Nederlands, Engels en wiskunde hoogstens één 5, niets lager',
    dutch_minimum: 'Nederlands 5 of hoger',
    combination_parts: 'Elk onderdeel van het combinatiecijfer 4 of hoger',
    compensation: 'Hoeveel onvoldoendes je mag hebben',
    assessed_subjects: 'Voldoende of goed voor lichamelijke opvoeding en de andere beoordeelde onderdelen',
  },
} as const;
