/** The buddy module's Dutch messages: the exam buddy and the idiom lists (spec §3 Chatbot, Idiom, §7; additions). */
export const BUDDY_MESSAGES = {
  UNKNOWN_CHATBOT: 'Deze examenbuddy bestaat niet (meer).',
  UNKNOWN_IDIOM: 'Deze lijst met examenidioom bestaat niet (meer).',
  QUESTION_REQUIRED: 'Typ je vraag.',
  QUESTION_LENGTH: 'Je vraag is te lang: maximaal 500 tekens.',
  SEARCH_LENGTH: 'Zoek met maximaal 100 tekens.',
  SEARCH: 'Zoek met één zoekterm van maximaal 100 tekens.',
  /** The buddy's answer when the lesson material has nothing on the question (without a language model). */
  BUDDY_NOTHING_FOUND:
    'Daar vond ik niets over in de leerkaarten en het examenidioom van dit vak. Probeer andere woorden, ' +
    'bijvoorbeeld de naam van een onderwerp of een begrip uit je boek.',
} as const;
