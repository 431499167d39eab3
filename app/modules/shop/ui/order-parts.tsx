import { SELLER } from '#app/platform/brand.ts';
import { formatMoney, VAT_RATE_PERCENT, vatAmountAt } from '#app/platform/sales.ts';
import type { OrderView } from '#app/modules/shop/schemas/order.ts';

const money = (cents: number) => formatMoney(cents, { full: true });

const STATUS_TONES: Record<OrderView['status'], string> = {
  pending: 'bg-accent/30 text-ink',
  paid: 'bg-success/15 text-ink',
  cancelled: 'bg-ink/10 text-ink',
};

export function OrderStatusBadge({ order }: { order: OrderView }) {
  return (
    <span className={`inline-block rounded-full px-3 py-1 text-sm font-bold ${STATUS_TONES[order.status]}`}>
      {order.statusLabel}
    </span>
  );
}

const dateFormat = new Intl.DateTimeFormat('nl-NL', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Amsterdam',
});

export function orderDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

type OrderTotals = Pick<
  OrderView,
  | 'lines'
  | 'subtotalCents'
  | 'discountCents'
  | 'discountPercent'
  | 'shippingCents'
  | 'totalCents'
  | 'totalExVatCents'
  | 'vatCents'
>;

/**
 * How the order table reads in each place. The invoice ('invoice', the
 * account's order page) also shows each product's SKU and price, the
 * subtotal, the amount without VAT and the VAT over it; the confirmation
 * page ('confirmation') shows the lines, the discount, shipping ('Gratis'
 * when free), the total and the VAT in it.
 */
const LOOKS = {
  invoice: {
    table: 'mt-6 w-full text-left text-sm sm:text-base',
    head: 'border-b border-ink/20',
    headCell: 'py-2',
    line: 'border-b border-ink/10',
    footCell: '',
    discount: { row: undefined, amount: 'text-right' },
    shipping: { label: 'Verzendkosten (PostNL)', free: null },
    total: { row: 'border-t border-ink/20 text-lg font-bold', testId: 'invoice-total' },
  },
  confirmation: {
    table: 'mt-4 w-full text-left',
    head: 'text-sm text-ink-soft',
    headCell: undefined,
    line: 'border-t border-ink/10',
    footCell: 'py-1',
    discount: { row: 'border-t border-ink/10', amount: 'py-1 text-right text-success' },
    shipping: { label: 'Verzendkosten', free: 'Gratis' },
    total: { row: 'border-t border-ink/15 text-lg font-bold', testId: 'order-total' },
  },
} as const;

/**
 * The VAT per rate of an invoice whose lines carry their rate (issue 32; shipping at the standard rate):
 * null for an order placed before, whose invoice keeps its one 9 % line.
 */
function vatByRate(order: OrderTotals): { rate: number; baseCents: number; vatCents: number }[] | null {
  if (order.lines.length === 0 || order.lines.some((line) => line.vatRatePercent == null)) return null;
  const bases = new Map<number, number>([[VAT_RATE_PERCENT, order.shippingCents]]);
  for (const line of order.lines) {
    const rate = line.vatRatePercent!;
    bases.set(rate, (bases.get(rate) ?? 0) + line.lineTotalCents - line.discountCents);
  }
  return [...bases]
    .filter(([rate, base]) => base !== 0 || rate !== VAT_RATE_PERCENT || bases.size === 1)
    .sort(([a], [b]) => a - b)
    .map(([rate, baseCents]) => ({ rate, baseCents, vatCents: vatAmountAt(baseCents, rate) }));
}

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/**
 * The table of an order's lines (product, quantity, amount) with the
 * discount, shipping, the total and the VAT: the invoice's and the
 * confirmation page's, one table with a caption and row headers for screen
 * readers.
 */
export function OrderLinesTable({ order, variant }: { order: OrderTotals; variant: keyof typeof LOOKS }) {
  const look = LOOKS[variant];
  const invoice = variant === 'invoice';
  const rates = invoice ? vatByRate(order) : null;
  const span = (invoice ? 3 : 2) + (rates ? 1 : 0);
  const footHeader = classes(look.footCell, 'font-normal');
  return (
    <table className={look.table}>
      <caption className="sr-only">Producten, korting, verzendkosten en btw</caption>
      <thead className={look.head}>
        <tr>
          <th scope="col" className={look.headCell}>
            Product
          </th>
          <th scope="col" className={classes(look.headCell, 'text-right')}>
            Aantal
          </th>
          {invoice ? (
            <th scope="col" className="hidden py-2 text-right sm:table-cell">
              Prijs
            </th>
          ) : null}
          {rates ? (
            <th scope="col" className="py-2 text-right">
              Btw
            </th>
          ) : null}
          <th scope="col" className={classes(look.headCell, 'text-right')}>
            Bedrag
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line) => (
          <tr key={line.sku} className={look.line}>
            <td className="py-2 pr-2">
              {line.name}
              {invoice ? <span className="block text-xs text-ink-soft">{line.sku}</span> : null}
            </td>
            <td className="py-2 text-right">{line.quantity}</td>
            {invoice ? <td className="hidden py-2 text-right sm:table-cell">{money(line.unitPriceCents)}</td> : null}
            {rates ? <td className="py-2 text-right">{line.vatRatePercent}%</td> : null}
            <td className="py-2 text-right">{money(line.lineTotalCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {invoice ? (
          <tr>
            <th scope="row" colSpan={span} className="pt-3 font-normal">
              Subtotaal
            </th>
            <td className="pt-3 text-right">{money(order.subtotalCents)}</td>
          </tr>
        ) : null}
        {order.discountCents > 0 ? (
          <tr className={look.discount.row}>
            <th scope="row" colSpan={span} className={footHeader}>
              Stapelkorting ({order.discountPercent}%)
            </th>
            <td className={look.discount.amount}>− {money(order.discountCents)}</td>
          </tr>
        ) : null}
        <tr>
          <th scope="row" colSpan={span} className={footHeader}>
            {look.shipping.label}
          </th>
          <td className={classes(look.footCell, 'text-right')}>
            {order.shippingCents === 0 && look.shipping.free ? look.shipping.free : money(order.shippingCents)}
          </td>
        </tr>
        <tr className={look.total.row}>
          <th scope="row" colSpan={span} className="py-2">
            Totaal
          </th>
          <td className="py-2 text-right" data-testid={look.total.testId}>
            {money(order.totalCents)}
          </td>
        </tr>
        {invoice ? (
          <>
            <tr>
              <th scope="row" colSpan={span} className="font-normal text-ink-soft">
                Bedrag excl. btw
              </th>
              <td className="text-right text-ink-soft">{money(order.totalExVatCents)}</td>
            </tr>
            {(rates ?? [{ rate: 9, baseCents: order.totalCents, vatCents: order.vatCents }]).map((row, index) => (
              <tr key={row.rate}>
                <th scope="row" colSpan={span} className="font-normal text-ink-soft">
                  Btw {row.rate}% over {money(rates ? row.baseCents - row.vatCents : order.totalExVatCents)}
                </th>
                <td className="text-right text-ink-soft" data-testid={index === 0 ? 'invoice-vat' : undefined}>
                  {money(row.vatCents)}
                </td>
              </tr>
            ))}
          </>
        ) : (
          <tr className="text-sm text-ink-soft">
            <th scope="row" colSpan={span} className="font-normal">
              Waarvan 9% btw
            </th>
            <td className="text-right">{money(order.vatCents)}</td>
          </tr>
        )}
      </tfoot>
    </table>
  );
}

/**
 * An order's invoice: the seller, the buyer, each line with its price and
 * discount, shipping, and the VAT lines (9 %, the amount without VAT and the
 * VAT itself). Printable: the page's print styles hide everything else.
 */
export function Invoice({ order }: { order: OrderView }) {
  return (
    <article aria-labelledby="invoice-title" className="invoice rounded-2xl bg-white p-5 ring-1 ring-ink/10 sm:p-8">
      <div className="flex flex-wrap justify-between gap-6">
        <div>
          <h2 id="invoice-title" className="text-2xl font-extrabold">
            Factuur {order.number}
          </h2>
          <p className="text-ink-soft">Besteld op {orderDate(order.createdAt)}</p>
          {order.paidAt ? <p className="text-ink-soft">Betaald op {orderDate(order.paidAt)}</p> : null}
        </div>
        <address className="text-sm not-italic">
          <strong>{SELLER.name}</strong>
          <br />
          {SELLER.address}
          <br />
          KvK {SELLER.kvk} · btw {SELLER.vatNumber}
        </address>
      </div>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="font-bold">Factuuradres</h3>
          <p>
            {order.name}
            <br />
            {order.billingAddress.join(', ')}
            <br />
            {order.email}
          </p>
        </div>
        <div>
          <h3 className="font-bold">Bezorgadres</h3>
          <p>
            {order.name}
            <br />
            {order.deliveryAddress.join(', ')}
          </p>
        </div>
      </div>
      <OrderLinesTable order={order} variant="invoice" />
      <p className="mt-6 text-sm text-ink-soft">
        Alle prijzen zijn inclusief 9% btw.{' '}
        {order.paidAt ? `Betaald${order.paymentMethod ? ` met ${order.paymentMethod}` : ''}.` : 'Nog niet betaald.'}
      </p>
    </article>
  );
}
