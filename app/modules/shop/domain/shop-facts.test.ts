import { describe, expect, it } from 'vitest';
import { shopFactContradictions } from './shop-facts.ts';

describe('what content may say about the shop', () => {
  it('refuses one payment method named as the way to pay, and accepts all four or "een andere betaalmethode"', () => {
    expect(shopFactContradictions('Je betaalt veilig met iDEAL via je eigen bank.')).toHaveLength(1);
    expect(shopFactContradictions('Je betaalt met iDEAL, Bancontact, creditcard of PayPal.')).toEqual([]);
    expect(shopFactContradictions('Je betaalt via iDEAL of een andere aangeboden betaalmethode.')).toEqual([]);
    expect(shopFactContradictions('Betalen kan ook achteraf betalen met Klarna.')).toHaveLength(2);
  });

  it('refuses a delivery of days where the shop delivers the next day', () => {
    expect(shopFactContradictions('Meestal heb je je pakket een tot twee werkdagen later in huis.')).toEqual([
      expect.stringContaining('een tot twee werkdagen'),
    ]);
    expect(shopFactContradictions('Je ontvangt het pakket 2-3 werkdagen na je bestelling.')).toHaveLength(1);
    expect(shopFactContradictions('Vóór 22:00 besteld? Dan heb je je pakket de volgende werkdag in huis.')).toEqual([]);
  });

  it('checks amounts and discount tiers against the shop', () => {
    expect(shopFactContradictions('De verzendkosten zijn € 3,95.')).toEqual([]);
    expect(shopFactContradictions('De verzendkosten zijn € 4,95.')).toHaveLength(1);
    expect(shopFactContradictions('Gratis verzending vanaf € 35.')).toEqual([]);
    expect(shopFactContradictions('Gratis verzending vanaf € 50.')).toHaveLength(1);
    expect(shopFactContradictions('5% bij 2 producten, 10% bij 3 producten en 15% bij 4 of meer producten')).toEqual(
      [],
    );
    expect(shopFactContradictions('20% korting bij 3 producten')).toHaveLength(1);
  });
});
