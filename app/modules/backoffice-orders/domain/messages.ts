/** The back office's orders (issue 32). */
export const STAFF_ORDER_MESSAGES = {
  QUERY: 'Dit filter klopt niet.',
  NOT_FOUND: 'Deze bestelling bestaat niet.',
  EMAIL: 'Vul een geldig e-mailadres in, of laat het veld leeg voor het adres van de bestelling.',
  REASON: 'Schrijf in 3 tot 500 tekens waarom je de bestelling annuleert.',
  NOTE: 'Schrijf in 3 tot 500 tekens wat er met de betaling is gedaan.',
  PAYMENT: 'Kies een dubbele betaling van deze bestelling.',
  NOT_PAID: 'Alleen een betaalde bestelling heeft een bevestiging om opnieuw te sturen.',
  NOT_CANCELLABLE: 'Alleen een onbetaalde bestelling kan worden geannuleerd.',
  PAYMENT_RUNNING: 'Er loopt nog een betaling voor deze bestelling. Wacht tot de betaalprovider klaar is.',
  PAYMENT_UNKNOWN: 'Deze dubbele betaling hoort niet bij deze bestelling.',
  REFUND_RUNNING: 'De terugbetaling van deze dubbele betaling loopt nog. Markeer haar als afgehandeld als ze klaar is.',
  HANDLED_ALREADY: 'Deze dubbele betaling is al afgehandeld.',
  RESENT: (to: string) => `De bevestiging gaat opnieuw naar ${to}.`,
  CANCELLED: 'De bestelling is geannuleerd en de voorraad is teruggezet.',
  HANDLED: 'De dubbele betaling is als afgehandeld gemarkeerd.',
} as const;
