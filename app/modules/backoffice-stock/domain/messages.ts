/** The back office's stock screens and API (issue 32, item 4): their Dutch messages. */
export const STOCK_MESSAGES = {
  NOT_FOUND: 'Dit product bestaat niet.',
  QUERY: 'Zoek op een productnaam of SKU (hoogstens 100 tekens).',
  PAGE: 'Deze pagina bestaat niet.',
  REASON: 'Vul een reden in (3 tot 500 tekens).',
  QUANTITY: 'Vul de nieuwe voorraad in: een heel getal van 0 tot 1.000.000.',
  DELTA: 'Vul de wijziging in: een heel getal zoals 20 of -3, niet 0.',
  ONE_OF: 'Vul de nieuwe voorraad óf de wijziging in, niet allebei.',
  UNCHANGED: 'De voorraad is al zo: er verandert niets.',
  ABOVE_MAX: 'Zoveel kan er niet op voorraad zijn: hoogstens 1.000.000.',
  ADJUSTED: 'De voorraad is aangepast.',
} as const;

/** A change that would take the stock below 0, with what there is now. */
export const belowZeroMessage = (now: number): string =>
  `De voorraad kan niet onder 0 komen: er ${now === 1 ? 'is er nu 1' : `zijn er nu ${now}`}.`;
