/** The parents' Dutch messages (issue 31): inviting a parent, accepting, ending a link, the weekly mail. */
export const GUARDIAN_MESSAGES = {
  EMAIL: 'Vul het e-mailadres van je ouder of verzorger in.',
  OWN_EMAIL: 'Dit is je eigen e-mailadres. Vul dat van je ouder of verzorger in.',
  ALREADY_INVITED: 'Deze ouder heb je al uitgenodigd of gekoppeld.',
  TOO_MANY: 'Je kunt tot 4 ouders of verzorgers koppelen.',
  INVITED: (email: string) =>
    `We hebben een uitnodiging gestuurd naar ${email}. De koppeling werkt zodra je ouder die accepteert.`,
  NOT_FOUND: 'Deze koppeling bestaat niet (meer).',
  ENDED: 'De koppeling is beëindigd. Je ouder ziet niets meer van je voorbereiding.',
  INVITATION_UNKNOWN: 'Deze uitnodiging kennen we niet, of ze is al gebruikt of ingetrokken.',
  INVITATION_OWN: 'Dit is je eigen uitnodiging: een ouder of verzorger accepteert haar met een eigen account.',
  CONSENT: 'Geef toestemming om verder te gaan: je kind is jonger dan 16.',
  ACCEPTED: (name: string) => `Je volgt nu de voorbereiding van ${name}.`,
  DIGEST_OFF: 'Je krijgt de wekelijkse mail niet meer. Je kunt hem weer aanzetten op de pagina Mijn kinderen.',
  DIGEST_ON: 'Je krijgt elke zondag een mail met de voortgang.',
  DIGEST_UNKNOWN: 'Deze link kennen we niet (meer).',
  GRADE_SHARE: 'Kies of je je cijfers met deze ouder deelt: ja of nee.',
  NOT_ACCEPTED:
    'Je ouder heeft de uitnodiging nog niet geaccepteerd. Zodra de koppeling werkt, kun je je cijfers delen.',
  GRADES_SHARED: (name: string) =>
    `${name} ziet nu je cijfers: je SE-cijfers, je verwachte CE-cijfers, je oude examens en je slaagkans. Je kunt altijd stoppen met delen.`,
  GRADES_UNSHARED: (name: string) => `${name} ziet je cijfers niet meer.`,
} as const;
