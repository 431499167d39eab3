/**
 * What the shop does, as content might state it: the payment methods, the delivery, the shipping
 * cost and the stacking discount. `shopFactContradictions` reads a text (a page, an article, an FAQ
 * answer) and names every statement in it that the shop contradicts, so that the content check
 * (content/validate.ts) refuses copy that promises less, or more, than the checkout does.
 */
import { DISCOUNT_TIERS, formatMoney } from '#app/platform/sales.ts';
import { PAYMENT_METHODS } from '#app/platform/payments.ts';
import { PAYMENT_METHOD_LABELS } from './payments.ts';
import { FREE_SHIPPING_FROM_CENTS, SHIPPING_CENTS } from './cart.ts';

/** Methods people know that we do not offer: naming one as a way to pay contradicts the checkout. */
const NOT_OFFERED = ['Klarna', 'Apple Pay', 'Google Pay', 'achteraf betalen', 'Riverty', 'Afterpay', 'overschrijving'];

/** Delivery in more than one working day after posting: we post on the day of the order and PostNL delivers the next. */
const SLOW_DELIVERY =
  /\b(?:een|twee|drie|vier|vijf|1|2|3|4|5)\s*(?:tot|-|–|à|a)\s*(?:twee|drie|vier|vijf|zes|2|3|4|5|6)\s+(?:werk)?dagen\b|\b(?:twee|drie|vier|vijf|2|3|4|5)\s+werkdagen\s+(?:later|na)\b/i;

const euro = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'));

/** Each statement of `text` that the shop contradicts, in English for the content editor's report. */
export function shopFactContradictions(text: string): string[] {
  const found: string[] = [];
  const paragraphs = text.split(/\n\s*\n/);
  const offered = PAYMENT_METHODS.map((method) => PAYMENT_METHOD_LABELS[method]);
  for (const paragraph of paragraphs) {
    const named = offered.filter((label) => new RegExp(`\\b${label}\\b`, 'i').test(paragraph));
    const saysOthers = /andere\s+(?:aangeboden\s+)?betaalmethode/i.test(paragraph);
    if (named.length > 0 && named.length < offered.length && !saysOthers) {
      found.push(
        `names ${named.join(', ')} as the way to pay, but the checkout offers ${offered.join(', ')}: name all, or add "of een andere betaalmethode"`,
      );
    }
    for (const method of NOT_OFFERED) {
      if (new RegExp(`\\b${method}\\b`, 'i').test(paragraph) && /betaal|betalen/i.test(paragraph)) {
        found.push(`names ${method} as a way to pay, which the checkout does not offer`);
      }
    }
    const slow = SLOW_DELIVERY.exec(paragraph);
    if (slow && /bezorg|in huis|lever|ontvang|pakket/i.test(paragraph)) {
      found.push(
        `says "${slow[0]}" for delivery, but an order placed on a working day before the cut-off arrives the next day`,
      );
    }
    for (const match of paragraph.matchAll(/verzendkosten[^.\n€]{0,40}€\s*(\d+(?:,\d{2})?)/gi)) {
      if (Math.round(euro(match[1]!) * 100) !== SHIPPING_CENTS) {
        found.push(`says shipping costs € ${match[1]}, but they are ${formatMoney(SHIPPING_CENTS)}`);
      }
    }
    for (const match of paragraph.matchAll(/gratis\s+verzend\w*\s+vanaf\s+€\s*(\d+(?:,\d{2})?)/gi)) {
      if (Math.round(euro(match[1]!) * 100) !== FREE_SHIPPING_FROM_CENTS) {
        found.push(`says free shipping from € ${match[1]}, but it is from ${formatMoney(FREE_SHIPPING_FROM_CENTS)}`);
      }
    }
    for (const match of paragraph.matchAll(/(\d+)\s*%\s*(?:korting\s+)?bij\s+(\d+)\s+(?:of\s+meer\s+)?producten/gi)) {
      const tier = DISCOUNT_TIERS.find((t) => t.minQuantity === Number(match[2]));
      if (!tier || tier.percent !== Number(match[1])) {
        found.push(`says ${match[1]}% stacking discount for ${match[2]} products, which is not the shop's tier`);
      }
    }
  }
  return found;
}
