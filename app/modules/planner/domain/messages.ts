/** The planner module's Dutch messages: the study plan (spec §7; additions). */
export const PLANNER_MESSAGES = {
  DAILY_MINUTES: 'Kies hoeveel minuten per dag je wilt leren: een heel aantal van 5 tot 240.',
  DAILY_MINUTES_NOT_A_NUMBER: 'Vul het aantal minuten in cijfers in, bijvoorbeeld 20.',
  DAILY_MINUTES_NOT_WHOLE: 'Vul een heel aantal minuten in, zonder komma: bijvoorbeeld 20.',
  EXAM_DATE: 'Vul een bestaande datum in, bijvoorbeeld 2027-05-14 (jaar-maand-dag).',
  EXAM_DATE_RANGE: 'Kies een examendatum tussen vandaag en drie jaar vooruit.',
  PLAN_SUBJECT: 'Dit is geen vak van je planning.',
  PLAN_SAVED: 'Je planning is bijgewerkt.',
  PLAN_NO_EXAM_YEAR: 'Kies eerst je examenjaar bij je profiel: daar rekent je planning naartoe.',
  PLAN_RESET_CONFIRM: 'Vink aan dat je opnieuw wilt beginnen.',
  PLAN_RESET: (subject: string, reviews: number): string =>
    `Je planning voor ${subject} begint opnieuw: ${reviews} ${reviews === 1 ? 'beoordeling is' : 'beoordelingen zijn'} gewist.`,
} as const;
