/**
 * The stock notices' Dutch messages: the form's consent text, what asking answers, and why it is refused
 * (the statuses: app/modules/stock-notices/server/refusals.server.ts). Free of Zod, so the browser can read them.
 */

/** "Mail me als het er weer is" (the stock-notice form, its page and API). */
export const STOCK_NOTICE_MESSAGES = {
  PRODUCT: 'Kies een product.',
  /** What the form says before it is sent: what happens with the address, and nothing more. */
  CONSENT:
    'We gebruiken je e-mailadres alleen om je één keer te mailen zodra dit product weer op voorraad is. Daarna verwijderen we het, en anders na een jaar. Geen nieuwsbrief, geen reclame.',
  SUBSCRIBED: (productName: string): string =>
    `Gelukt! We mailen je één keer zodra ${productName} weer op voorraad is.`,
  IN_STOCK: 'Dit product is weer op voorraad: je kunt het nu bestellen.',
  NOT_COMING_BACK: 'Dit product komt niet meer terug. Kijk bij de producten voor de nieuwste editie.',
  UNKNOWN_PRODUCT: 'Dit product bestaat niet (meer).',
  DELETED: 'Je e-mailadres is verwijderd. Je krijgt van ons geen mail over dit product.',
  UNKNOWN_TOKEN: 'Deze link werkt niet meer: je e-mailadres is al verwijderd, of de mail is al verstuurd.',
} as const;
