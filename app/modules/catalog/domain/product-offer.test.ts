import { describe, expect, it } from 'vitest';
import { orderOffer, productOffer } from './product-offer.ts';

const subject = { id: 7, slug: 'biologie', levelName: 'havo' };
/** Biologie havo in Mijn Slaagbundel: cards, exam checks, idioms and the buddy. */
const everything = { subject, cards: 54, tests: 2, idioms: 27, buddy: true };
const examBundle = {
  productType: 'examenbundel',
  isOrderable: 'Y',
  inStock: true,
  subjectTitle: 'Biologie',
  level: 'havo',
};

describe('orderOffer', () => {
  it('lets an orderable product in stock be added, delivered the next working day', () => {
    expect(orderOffer({ isOrderable: 'Y', inStock: true })).toEqual({
      stock: 'in-stock',
      canOrder: true,
      unavailableLabel: undefined,
      note: 'Op werkdagen voor 22.00 uur besteld, de volgende dag in huis.',
      stockNotice: false,
    });
  });

  it('offers a sold-out product a notice when it is back instead of the button', () => {
    expect(orderOffer({ isOrderable: 'Y', inStock: false })).toMatchObject({
      stock: 'sold-out',
      canOrder: false,
      unavailableLabel: 'Uitverkocht',
      stockNotice: true,
    });
  });

  it('offers a product no longer sold neither the button nor a notice, but the newest edition', () => {
    for (const inStock of [true, false]) {
      expect(orderOffer({ isOrderable: 'N', inStock })).toEqual({
        stock: 'discontinued',
        canOrder: false,
        unavailableLabel: 'Niet meer te koop',
        note: 'Deze uitgave wordt niet meer verkocht. Kijk hieronder voor de nieuwste editie.',
        stockNotice: false,
      });
    }
  });
});

describe('orderOffer of a class licence (issue 31)', () => {
  it('never lets it be added: it is asked for on a quote, paid by invoice', () => {
    expect(orderOffer({ isOrderable: 'N', inStock: false, productType: 'klaslicentie' })).toEqual({
      stock: 'on-quote',
      canOrder: false,
      unavailableLabel: 'Op offerte',
      note: 'Een klaslicentie bestel je niet in de winkelwagen. Vraag een offerte aan: je school krijgt een prijs op maat en betaalt op factuur.',
      stockNotice: false,
    });
    expect(orderOffer({ isOrderable: 'Y', inStock: true, productType: 'klaslicentie' }).canOrder).toBe(false);
  });
});

describe('productOffer', () => {
  it('shows the Mijn Slaagbundel section for an exam bundle whose subject has cards, exam checks and the buddy', () => {
    const offer = productOffer(examBundle, everything);
    expect(offer.studySubject).toBe(subject);
    expect(offer.online).toMatchObject({ title: 'Online in Mijn Slaagbundel', available: true });
    expect(offer.online?.text).toContain('voor Biologie havo.');
    expect(offer.order.canOrder).toBe(true);
  });

  it.each([
    ['no cards', { cards: 0 }],
    ['no exam checks', { tests: 0 }],
    ['no buddy', { buddy: false }],
  ])('leaves the section out when the subject has %s (it names all three), but says what there is', (_, lacking) => {
    const offer = productOffer(examBundle, { ...everything, ...lacking });
    expect(offer.studySubject).toBeNull();
    expect(offer.online?.available).toBe(true);
  });

  it('says what a class licence opens for the pupils of a class, without the book code’s section', () => {
    const licence = { ...examBundle, productType: 'klaslicentie', isOrderable: 'N', inStock: false };
    const offer = productOffer(licence, everything);
    expect(offer.studySubject).toBeNull();
    expect(offer.online).toMatchObject({ title: 'Online in Mijn Slaagbundel', available: true });
    expect(offer.online?.text).toContain('Met een klaslicentie krijgt elke leerling van je klas');
    expect(offer.online?.text).toContain('Biologie havo: 54 leerkaarten');
    expect(offer.order).toMatchObject({ stock: 'on-quote', canOrder: false });
  });

  it('promises nothing online for a product without a licence code, whatever its subject has', () => {
    const offer = productOffer({ ...examBundle, productType: 'samenvatting' }, everything);
    expect(offer.studySubject).toBeNull();
    expect(offer.online).toBeNull();
  });

  it('says honestly that an exam bundle’s subject has nothing online yet', () => {
    const offer = productOffer({ ...examBundle, subjectTitle: 'Economie', level: 'vmbo-b' }, null);
    expect(offer.studySubject).toBeNull();
    expect(offer.online).toMatchObject({ title: 'Geen online oefenmateriaal', available: false });
    expect(offer.online?.text).toContain('Voor Economie vmbo basis staan er nog geen');
  });

  it('orders by the stock state', () => {
    expect(productOffer({ ...examBundle, inStock: false }, everything).order.stockNotice).toBe(true);
    expect(productOffer({ ...examBundle, isOrderable: 'N' }, everything).order.canOrder).toBe(false);
  });
});
