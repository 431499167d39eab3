import { levelLabel } from '#app/platform/levels.ts';
import { onlineContentText, opensStudyArea, type OnlineContentCounts } from './online-content.ts';
import { isQuoteProduct, stockState, type StockState } from './products.ts';

/** How a product can be ordered in its stock state (spec §4). */
export interface OrderOffer {
  stock: StockState;
  /** The add-to-cart button adds it. */
  canOrder: boolean;
  /** The disabled button's text ('Uitverkocht'); undefined when it can be ordered. */
  unavailableLabel: string | undefined;
  /** What the page says under the stock state: when it arrives, or what to do instead. */
  note: string;
  /** One may leave an e-mail address to hear when it is back: only when sold out (a discontinued edition does not return). */
  stockNotice: boolean;
}

const ORDER_OFFERS: Readonly<Record<StockState, Omit<OrderOffer, 'stock'>>> = {
  'in-stock': {
    canOrder: true,
    unavailableLabel: undefined,
    note: 'Op werkdagen voor 22.00 uur besteld, de volgende dag in huis.',
    stockNotice: false,
  },
  'sold-out': {
    canOrder: false,
    unavailableLabel: 'Uitverkocht',
    note: 'We verwachten snel nieuwe voorraad. Laat hieronder je e-mailadres achter, dan mailen we je zodra hij er weer is.',
    stockNotice: true,
  },
  discontinued: {
    canOrder: false,
    unavailableLabel: 'Niet meer te koop',
    note: 'Deze uitgave wordt niet meer verkocht. Kijk hieronder voor de nieuwste editie.',
    stockNotice: false,
  },
  'on-quote': {
    canOrder: false,
    unavailableLabel: 'Op offerte',
    note: 'Een klaslicentie bestel je niet in de winkelwagen. Vraag een offerte aan: je school krijgt een prijs op maat en betaalt op factuur.',
    stockNotice: false,
  },
};

/**
 * How a product can be ordered: orderable and in stock, sold out (a notice when it is back), no longer sold,
 * or (a class licence) only on a quote.
 */
export function orderOffer(product: { isOrderable: string; inStock: boolean; productType?: string }): OrderOffer {
  const stock = stockState(product);
  return { stock, ...ORDER_OFFERS[stock] };
}

/** What a product's subject has in Mijn Slaagbundel, and the subject there (null: nothing online). */
export type OnlineContentOf<Subject> = (OnlineContentCounts & { subject: Subject }) | null;

/**
 * What a product's page offers besides the product: how it can be ordered;
 * what its licence code gives in Mijn Slaagbundel, exactly as the subject has
 * it (null for a product without a licence code: nothing is promised); and
 * the subject whose section 'Wat krijg je in Mijn Slaagbundel' the page shows.
 * That section names the cards, the exam checks and the exam buddy, so it is
 * shown only for a product whose licence code in the book opens its subject (an
 * exam bundle; not a class licence, which a teacher redeems on a class) and a
 * subject that has all three.
 */
export function productOffer<Subject>(
  product: { productType: string; isOrderable: string; inStock: boolean; subjectTitle: string; level: string },
  online: OnlineContentOf<Subject>,
): {
  order: OrderOffer;
  online: ReturnType<typeof onlineContentText>;
  studySubject: Subject | null;
} {
  const opens = opensStudyArea(product.productType);
  const complete = online !== null && online.cards > 0 && online.tests > 0 && online.buddy;
  const bookCode = opens && !isQuoteProduct(product.productType);
  return {
    order: orderOffer(product),
    online: onlineContentText(product.productType, `${product.subjectTitle} ${levelLabel(product.level)}`, online),
    studySubject: bookCode && complete ? online.subject : null,
  };
}
