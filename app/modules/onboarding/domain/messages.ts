/** The onboarding module's Dutch messages: the field messages of its steps (spec §2 onboarding, §3 Onboarding draft). */
export const ONBOARDING_MESSAGES = {
  ROLE: 'Kies of je leerling of docent bent.',
  LEVEL: 'Kies een niveau.',
  ONE_LEVEL: 'Kies één niveau.',
  EXAM_YEAR: 'Kies je examenjaar.',
  SUB_LEVEL: 'Kies je leerweg.',
  SUB_LEVELS: 'Kies minstens één leerweg.',
  ONE_SUB_LEVEL: 'Kies één leerweg.',
  PROFILE: 'Kies je profiel.',
  SUBJECTS: 'Kies minstens één vak.',
  UNKNOWN_SUBJECT: 'Dit vak kennen we niet. Kies een vak uit de lijst.',
} as const;
