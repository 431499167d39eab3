import type { Scope } from '#app/platform/server/deps.ts';
import type { OrderView } from '#app/modules/shop/schemas/order.ts';
import { AREA_PATH, CONTACT_INBOX } from '#app/platform/brand.ts';
import { formatMoney } from '#app/platform/sales.ts';
import { CONFIRMATION_PATH, PAYMENT_PATH } from '#app/modules/shop/domain/shop.ts';
import { paymentStatusText } from '#app/modules/shop/domain/payments.ts';
import { formatDutchDateTime } from '#app/platform/dates.ts';
import type { PaymentStatus } from '#app/platform/payments.ts';
import { mailGreeting } from '#app/modules/accounts/index.ts';

const money = (cents: number) => formatMoney(cents, { full: true });

/** A parent who orders for their child passes the code on: the confirmation page says the same. */
export const LICENSE_CODE_FOR_CHILD = 'Bestel je voor je kind? Geef de code door, dan vult je kind hem in.';

/**
 * The order confirmation, plain text in Dutch: the order with its
 * lines, the discount, shipping, the total and the 9 % VAT in it (ex-VAT
 * too), where it goes, what happens next, and any licence codes (with how to
 * redeem them, and to pass them on to a child one orders for).
 */
export function orderConfirmationMail(
  s: Scope,
  order: OrderView,
): { to: string; subject: string; text: string; ref: string } {
  const base = s.settings.publicUrl.replace(/\/+$/, '');
  const lines = order.lines.map(
    (l) => `  ${l.quantity} × ${l.name}  ${money(l.unitPriceCents)} per stuk = ${money(l.lineTotalCents)}`,
  );
  const codes = order.licenseCodes.length
    ? [
        '',
        'Je licentiecodes voor Mijn Slaagbundel',
        ...order.licenseCodes.map((c) => `  ${c.code}  (${c.productName})`),
        `Log in of maak een account aan op ${base}${AREA_PATH} en vul de code in bij Account > Mijn vakken en boeken.`,
        // The same hint as the confirmation page's (app/routes/public/confirmation.tsx).
        LICENSE_CODE_FOR_CHILD,
      ]
    : [];
  const text = [
    mailGreeting(order.name),
    '',
    `Bedankt voor je bestelling bij Slaagbundel! We hebben je betaling ontvangen.`,
    '',
    `Bestelnummer: ${order.number}`,
    '',
    'Je bestelling',
    ...lines,
    '',
    `Subtotaal: ${money(order.subtotalCents)}`,
    ...(order.discountCents > 0 ? [`Stapelkorting (${order.discountPercent}%): − ${money(order.discountCents)}`] : []),
    `Verzendkosten (PostNL): ${order.shippingCents === 0 ? 'gratis' : money(order.shippingCents)}`,
    `Totaal: ${money(order.totalCents)}`,
    `  Bedrag excl. btw: ${money(order.totalExVatCents)}`,
    `  Btw 9%: ${money(order.vatCents)}`,
    '',
    'Bezorgadres',
    `  ${order.name}`,
    ...order.deliveryAddress.map((l) => `  ${l}`),
    '',
    'Wat gebeurt er nu?',
    `- We pakken je bestelling in en geven haar aan PostNL. Verwachte bezorging: ${order.expectedDelivery ?? 'binnen 2 werkdagen'}.`,
    '- Je krijgt van PostNL een mail met de track-and-trace-code.',
    '- Wat je bij een examenbundel online in Mijn Slaagbundel krijgt, verschilt per vak: de productpagina zegt precies wat.',
    ...codes,
    '',
    `Je bestelling bekijken: ${base}${CONFIRMATION_PATH}${order.accessQuery}`,
    `Vragen? Antwoord op deze mail of schrijf naar ${CONTACT_INBOX}.`,
    '',
    'Veel succes met leren!',
    'Team Slaagbundel',
  ].join('\n');
  return { to: order.email, subject: `Je bestelling ${order.number} is betaald`, text, ref: `order:${order.number}` };
}

/**
 * A payment that failed, was cancelled or expired: the order waits until `until`; the link opens
 * its payment page (the order's access code), where the buyer pays with any method. Plain text in Dutch.
 */
export function paymentRetryMail(
  s: Scope,
  order: OrderView,
  status: PaymentStatus,
  until: Date,
): { to: string; subject: string; text: string; ref: string } {
  const base = s.settings.publicUrl.replace(/\/+$/, '');
  const text = [
    mailGreeting(order.name),
    '',
    `${paymentStatusText(status)} Je bestelling ${order.number} (${money(order.totalCents)}) staat nog voor je klaar tot ${formatDutchDateTime(until)} uur.`,
    '',
    'Betaal je bestelling via deze link, met dezelfde of een andere betaalmethode:',
    `${base}${PAYMENT_PATH}${order.accessQuery}`,
    '',
    'Je bestelling',
    ...order.lines.map((l) => `  ${l.quantity} × ${l.name}`),
    '',
    'Betaal je niet op tijd, dan annuleren we de bestelling en gaan de producten terug in de winkel. Er is dan niets afgeschreven en je hoeft niets te doen.',
    `Vragen? Antwoord op deze mail of schrijf naar ${CONTACT_INBOX}.`,
    '',
    'Team Slaagbundel',
  ].join('\n');
  return {
    to: order.email,
    subject: `Je bestelling ${order.number} is nog niet betaald`,
    text,
    ref: `order:${order.number}`,
  };
}
