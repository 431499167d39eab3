/**
 * The classes' Dutch messages (issue 31): why a class, a join or a member change is refused, and what a
 * done change answers. The API and the pages answer with these; the statuses are CLASS_REFUSAL_STATUS
 * (app/modules/classes/server/refusals.server.ts). Free of Zod, so the browser can read them.
 */
export const CLASS_MESSAGES = {
  NAME: 'Geef de klas een naam (1 tot 60 tekens).',
  SCHOOL_NAME: 'Vul de naam van je school in (2 tot 100 tekens).',
  BRIN: 'Een BRIN-code bestaat uit 4 tekens: 2 cijfers en 2 letters of cijfers, zoals 12AB.',
  LEVEL: 'Kies het niveau van de klas.',
  EXAM_YEAR: 'Kies het jaar waarin de klas eindexamen doet.',
  SCHOOL_YEAR: 'Kies dit schooljaar of het volgende.',
  SUBJECTS: 'Kies een tot vijf vakken van het niveau van de klas.',
  JOIN_CODE: 'Vul de klascode in die je van je docent kreeg (8 tekens).',
  EMAIL: 'Vul het e-mailadres van je collega in.',
  NOT_FOUND: 'Deze klas bestaat niet, of je hebt er geen toegang toe.',
  MEMBER_NOT_FOUND: 'Deze leerling zit niet in deze klas.',
  TEACHERS_ONLY: 'Alleen docenten kunnen klassen maken en beheren. Ben je docent? Kies dat in je profiel.',
  PUPILS_ONLY: 'Alleen leerlingen kunnen lid worden van een klas. Een collega voegt je toe als medebeheerder.',
  UNKNOWN_CODE: 'Deze klascode kennen we niet. Controleer de code bij je docent.',
  ALREADY_MEMBER: 'Je zit al in deze klas.',
  ALREADY_PENDING: 'Je hebt je al aangemeld. Je docent moet je nog toelaten.',
  REMOVED: 'Je docent heeft je uit deze klas gehaald. Vraag je docent om je weer toe te laten.',
  ARCHIVED:
    'Deze klas is gearchiveerd: het schooljaar is voorbij. Je kunt alles nog bekijken, maar niets meer veranderen.',
  OWNER_ONLY: 'Alleen de docent die de klas maakte, kan dit doen.',
  NO_TEACHER: 'Er is geen docentaccount met dit e-mailadres. Vraag je collega eerst een account te maken als docent.',
  ALREADY_TEACHER: 'Deze collega beheert deze klas al.',
  NOT_PENDING: 'Deze leerling wacht niet op toelating.',
  NOT_A_MEMBER: 'Je zit niet in deze klas.',
  SUBJECT_NOT_IN_CLASS: 'Dit vak hoort niet bij deze klas.',
  CREATED: (name: string) => `De klas ${name} is aangemaakt. Geef je leerlingen de klascode.`,
  JOINED: (name: string) => `Je zit nu in ${name}.`,
  PENDING: (name: string) =>
    `Je hebt je aangemeld voor ${name}. De code is ouder dan 14 dagen, dus je docent laat je eerst toe.`,
  LEFT: (name: string) => `Je hebt ${name} verlaten.`,
  APPROVED: (name: string) => `${name} zit nu in de klas.`,
  MEMBER_REMOVED: (name: string) => `${name} is uit de klas gehaald.`,
  CO_TEACHER_ADDED: (name: string) => `${name} beheert de klas nu samen met jou.`,
  LICENSE_CODE: 'Vul de code van de klaslicentie in.',
  LICENSE_UNKNOWN: 'Deze licentiecode kennen we niet. Controleer de code op de bevestiging van je school.',
  LICENSE_USED: 'Deze klaslicentie is al geactiveerd.',
  NOT_A_CLASS_CODE: 'Dit is geen klaslicentie maar een code voor één leerling. Die activeert de leerling zelf.',
  LICENSE_SUBJECT: 'Deze klaslicentie is voor een vak dat niet bij deze klas hoort.',
  LICENSE_EXAM_YEAR: 'Deze klaslicentie is voor een ander examenjaar dan deze klas.',
  SEAT_IN_USE: 'Haal de leerling eerst uit de klas; daarna kun je de plaats vrijgeven.',
  NO_SEAT: 'Deze leerling heeft geen plaats van een klaslicentie.',
  LICENSE_REDEEMED: (subject: string, used: number, seats: number) =>
    `De klaslicentie voor ${subject} is geactiveerd: ${used} van ${seats} plaatsen in gebruik. Wie nog lid wordt, krijgt een plaats zolang er plaatsen vrij zijn.`,
  SEAT_FREED: (name: string) => `De plaats van ${name} is vrijgegeven.`,
  CODE_RENEWED: 'De klas heeft een nieuwe code. De oude code werkt niet meer; de nieuwe werkt 14 dagen vrij.',
} as const;
