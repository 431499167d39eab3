// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderLinesTable } from './order-parts.tsx';

/**
 * The order table as a screen reader reads it: the caption, a column header
 * per column and a row header per total, on the invoice (the account's order
 * page) and on the confirmation page.
 */

afterEach(cleanup);

/** Two of one book and one of another: 10 % off, free shipping. */
const order = {
  lines: [
    {
      sku: 'SB-HAVO-NE-2027',
      name: 'Slaagbundel Nederlands havo 2027',
      quantity: 2,
      unitPriceCents: 2795,
      lineTotalCents: 5590,
      discountCents: 559,
      vatRatePercent: null,
      href: '/producten/11/slaagbundel-nederlands-havo-2027',
    },
    {
      sku: 'SB-HAVO-EN-2027',
      name: 'Slaagbundel Engels havo 2027',
      quantity: 1,
      unitPriceCents: 2795,
      lineTotalCents: 2795,
      discountCents: 280,
      vatRatePercent: null,
      href: null,
    },
  ],
  subtotalCents: 8385,
  discountPercent: 10,
  discountCents: 839,
  shippingCents: 0,
  totalCents: 7546,
  totalExVatCents: 6923,
  vatCents: 623,
};
/** The same order placed since the lines carry their VAT rate (issue 32). */
const ratedOrder = { ...order, lines: order.lines.map((line) => ({ ...line, vatRatePercent: 9 })) };
/** One book: no discount, € 3,95 shipping. */
const oneBook = {
  ...order,
  lines: [order.lines[1]!],
  subtotalCents: 2795,
  discountPercent: 0,
  discountCents: 0,
  shippingCents: 395,
  totalCents: 3190,
  totalExVatCents: 2927,
  vatCents: 263,
};

/** An element's text with the non-breaking space after the euro sign as a plain one. */
const text = (element: Element) => element.textContent!.replace(/\s/g, ' ');

/** Each row's cells as text, header cells included. */
function rows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), text));
}

describe('OrderLinesTable', () => {
  it('reads on the invoice as products with their SKU and price, the subtotal, the discount, shipping, the total and the VAT', () => {
    render(<OrderLinesTable order={order} variant="invoice" />);
    const table = screen.getByRole('table', { name: 'Producten, korting, verzendkosten en btw' });
    expect(within(table).getAllByRole('columnheader').map(text)).toEqual(['Product', 'Aantal', 'Prijs', 'Bedrag']);
    expect(within(table).getAllByRole('rowheader').map(text)).toEqual([
      'Subtotaal',
      'Stapelkorting (10%)',
      'Verzendkosten (PostNL)',
      'Totaal',
      'Bedrag excl. btw',
      'Btw 9% over € 69,23',
    ]);
    expect(rows(table).slice(1)).toEqual([
      ['Slaagbundel Nederlands havo 2027SB-HAVO-NE-2027', '2', '€ 27,95', '€ 55,90'],
      ['Slaagbundel Engels havo 2027SB-HAVO-EN-2027', '1', '€ 27,95', '€ 27,95'],
      ['Subtotaal', '€ 83,85'],
      ['Stapelkorting (10%)', '− € 8,39'],
      ['Verzendkosten (PostNL)', '€ 0,00'],
      ['Totaal', '€ 75,46'],
      ['Bedrag excl. btw', '€ 69,23'],
      ['Btw 9% over € 69,23', '€ 6,23'],
    ]);
    expect(text(screen.getByTestId('invoice-total'))).toBe('€ 75,46');
    expect(text(screen.getByTestId('invoice-vat'))).toBe('€ 6,23');
  });

  it('shows an invoice placed before the per-line rates exactly as it was issued: no VAT column', () => {
    render(<OrderLinesTable order={order} variant="invoice" />);
    expect(screen.queryByRole('columnheader', { name: 'Btw' })).toBeNull();
    expect(rows(screen.getByRole('table'))[1]).toHaveLength(4);
  });

  it('shows the VAT rate of each line, and the VAT per rate, on an invoice whose lines carry their rate', () => {
    render(<OrderLinesTable order={ratedOrder} variant="invoice" />);
    const table = screen.getByRole('table', { name: 'Producten, korting, verzendkosten en btw' });
    expect(within(table).getAllByRole('columnheader').map(text)).toEqual([
      'Product',
      'Aantal',
      'Prijs',
      'Btw',
      'Bedrag',
    ]);
    expect(rows(table).slice(1)).toEqual([
      ['Slaagbundel Nederlands havo 2027SB-HAVO-NE-2027', '2', '€ 27,95', '9%', '€ 55,90'],
      ['Slaagbundel Engels havo 2027SB-HAVO-EN-2027', '1', '€ 27,95', '9%', '€ 27,95'],
      ['Subtotaal', '€ 83,85'],
      ['Stapelkorting (10%)', '− € 8,39'],
      ['Verzendkosten (PostNL)', '€ 0,00'],
      ['Totaal', '€ 75,46'],
      ['Bedrag excl. btw', '€ 69,23'],
      ['Btw 9% over € 69,23', '€ 6,23'],
    ]);
    expect(text(screen.getByTestId('invoice-vat'))).toBe('€ 6,23');
  });

  it('reads on the confirmation page as products, the discount, free shipping, the total and the VAT in it', () => {
    render(<OrderLinesTable order={order} variant="confirmation" />);
    const table = screen.getByRole('table', { name: 'Producten, korting, verzendkosten en btw' });
    expect(within(table).getAllByRole('columnheader').map(text)).toEqual(['Product', 'Aantal', 'Bedrag']);
    expect(rows(table).slice(1)).toEqual([
      ['Slaagbundel Nederlands havo 2027', '2', '€ 55,90'],
      ['Slaagbundel Engels havo 2027', '1', '€ 27,95'],
      ['Stapelkorting (10%)', '− € 8,39'],
      ['Verzendkosten', 'Gratis'],
      ['Totaal', '€ 75,46'],
      ['Waarvan 9% btw', '€ 6,23'],
    ]);
    expect(text(screen.getByTestId('order-total'))).toBe('€ 75,46');
  });

  it('leaves the discount out when there is none and names the shipping cost', () => {
    render(<OrderLinesTable order={oneBook} variant="confirmation" />);
    expect(rows(screen.getByRole('table')).slice(2)).toEqual([
      ['Verzendkosten', '€ 3,95'],
      ['Totaal', '€ 31,90'],
      ['Waarvan 9% btw', '€ 2,63'],
    ]);
  });
});
