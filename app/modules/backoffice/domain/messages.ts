/** The back office's Dutch messages (issue 32). */
export const BACKOFFICE_MESSAGES = {
  EMAIL: 'Vul een geldig e-mailadres in.',
  ROLE: 'Kies een rol: beheerder, klantenservice, content of financiën.',
  NOT_FOUND: 'Deze medewerker bestaat niet.',
  TWO_FACTOR_REQUIRED:
    'Voor de beheeromgeving moet je inloggen met tweestapsverificatie. Vul eerst de code uit je authenticator-app in.',
  FORBIDDEN: 'Je rol geeft geen toegang tot dit deel van de beheeromgeving.',
  ALREADY_STAFF: 'Dit e-mailadres hoort al bij een medewerker.',
  OWN_ACCOUNT: 'Je kunt je eigen rol niet wijzigen en jezelf niet blokkeren.',
  DISABLED_ALREADY: 'Deze medewerker is al geblokkeerd.',
  INVITED: (email: string) => `Uitnodiging verstuurd naar ${email}.`,
  ROLE_CHANGED: 'De rol is gewijzigd.',
  DISABLED: 'De medewerker is geblokkeerd en kan niet meer in de beheeromgeving.',
  INVITATION_UNKNOWN: 'Deze uitnodiging kennen we niet, of ze is verlopen of al gebruikt.',
  INVITATION_OTHER_EMAIL: 'Deze uitnodiging is voor een ander e-mailadres. Log in met het uitgenodigde adres.',
  INVITATION_ACCEPTED: 'Welkom! Stel nu tweestapsverificatie in om de beheeromgeving te gebruiken.',
  CODE: 'Vul de zescijferige code uit je authenticator-app in.',
  CODE_WRONG: 'Deze code klopt niet. Probeer de nieuwste code uit je app.',
  PASSWORD: 'Vul je wachtwoord in.',
  AUDIT_QUERY: 'Dit filter klopt niet.',
} as const;
