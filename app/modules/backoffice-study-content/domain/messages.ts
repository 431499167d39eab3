/** The Dutch messages of the back office's study content (issue 35, item 3): its forms, pages and API. */
export const STUDY_CONTENT_MESSAGES = {
  TEXT: 'Kies een JSON-bestand of plak de inhoud van het bestand in het tekstvak.',
  TOO_LONG: 'Dit bestand is te groot: de studie-inhoud van een vak is hoogstens 1,5 miljoen tekens.',
  FILE_UNREADABLE: 'Dit bestand is geen tekst (UTF-8). Kies het JSON-bestand van het vak.',
  INVALID: (count: number) =>
    `Het bestand klopt nog niet: ${count === 1 ? 'er is 1 fout' : `er zijn ${count} fouten`}. Verbeter ${count === 1 ? 'hem' : 'ze'} en probeer het opnieuw.`,
  SUBJECT_UNKNOWN: (slug: string, level: string) =>
    `Het vak "${slug}" op niveau "${level}" staat niet in de catalogus. Gebruik de slug en het niveau van een vak dat we verkopen, bijvoorbeeld "geschiedenis" en "havo".`,
  NUL: 'Deze tekst bevat een nulteken (\\u0000). Haal het weg: het kan niet worden opgeslagen.',
  UPLOADED: 'Het concept is opgeslagen. Bekijk het zoals een leerling het ziet en publiceer het als alles klopt.',
  NOT_FOUND: 'Dit concept bestaat niet.',
  NOT_DRAFT: 'Dit concept is al gepubliceerd of verworpen.',
  CHANGED: (count: number) =>
    `Het concept klopt niet meer (${count === 1 ? '1 fout' : `${count} fouten`}): er is intussen iets veranderd, bijvoorbeeld een artikel dat het noemt. Upload het opnieuw.`,
  PUBLISHED:
    'Gepubliceerd. Leerlingen zien de nieuwe inhoud meteen, en de productpagina’s van het vak bieden hem online aan.',
  DISCARDED: 'Het concept is verworpen. Er is niets gepubliceerd.',
  SUBJECT: 'Kies een vak.',
  LEVEL: 'Kies een niveau.',
  NOT_IN_SERVICE: (name: string) => `De contentservice heeft geen studie-inhoud (studySubject) voor ${name}.`,
  FORM: 'Niet alles is goed ingevuld. Bekijk de velden hieronder.',
} as const;
