/** The refunds' Dutch messages (issue 32). */
export const REFUND_MESSAGES = {
  ORDER_NOT_FOUND: 'Deze bestelling bestaat niet.',
  CREDIT_NOTE_NOT_FOUND: 'Deze creditnota bestaat niet.',
  NOT_PAID: 'Deze bestelling is niet betaald; er valt niets terug te betalen.',
  NOTHING_CHOSEN: 'Kies minstens één product (een aantal) of de verzendkosten om terug te betalen.',
  LINE_UNKNOWN: 'Deze bestelregel bestaat niet.',
  QUANTITY: 'Vul een aantal in van 0 of meer.',
  QUANTITY_LEFT: (name: string, left: number) =>
    left === 0
      ? `Van ${name} is alles al terugbetaald.`
      : `Van ${name} ${left === 1 ? 'is nog 1 stuk' : `zijn nog ${left} stuks`} terug te betalen.`,
  SHIPPING_REFUNDED: 'De verzendkosten zijn al terugbetaald.',
  PAYMENT_LEFT: (left: string) => `Dit is meer dan er van de betaling over is (${left}).`,
  REASON: 'Kies een reden voor de terugbetaling.',
  NOTE: 'De toelichting mag hoogstens 500 tekens lang zijn.',
  LINES: 'Deze regels kloppen niet.',
  PROVIDER_FAILED:
    'De betaalprovider heeft de terugbetaling niet aangenomen of was niet bereikbaar. Er is niets terugbetaald en geen creditnota gemaakt; probeer het later opnieuw.',
  REFUNDED: (amount: string, number: string) => `${amount} is terugbetaald. Creditnota ${number} is gemaakt.`,
  NUMBER: 'Dit is geen creditnotanummer.',
} as const;
