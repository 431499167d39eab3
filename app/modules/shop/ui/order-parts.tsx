import { SELLER } from '#app/platform/brand.ts';
import { formatMoney } from '#app/platform/money.ts';
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
      <table className="mt-6 w-full text-left text-sm sm:text-base">
        <caption className="sr-only">Producten, korting, verzendkosten en btw</caption>
        <thead className="border-b border-ink/20">
          <tr>
            <th scope="col" className="py-2">
              Product
            </th>
            <th scope="col" className="py-2 text-right">
              Aantal
            </th>
            <th scope="col" className="hidden py-2 text-right sm:table-cell">
              Prijs
            </th>
            <th scope="col" className="py-2 text-right">
              Bedrag
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.sku} className="border-b border-ink/10">
              <td className="py-2 pr-2">
                {line.name}
                <span className="block text-xs text-ink-soft">{line.sku}</span>
              </td>
              <td className="py-2 text-right">{line.quantity}</td>
              <td className="hidden py-2 text-right sm:table-cell">{money(line.unitPriceCents)}</td>
              <td className="py-2 text-right">{money(line.lineTotalCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="pt-3 font-normal sm:table-cell">
              Subtotaal
            </th>
            <td className="pt-3 text-right">{money(order.subtotalCents)}</td>
          </tr>
          {order.discountCents > 0 ? (
            <tr>
              <th scope="row" colSpan={3} className="font-normal">
                Stapelkorting ({order.discountPercent}%)
              </th>
              <td className="text-right">− {money(order.discountCents)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" colSpan={3} className="font-normal">
              Verzendkosten (PostNL)
            </th>
            <td className="text-right">{order.shippingCents ? money(order.shippingCents) : money(0)}</td>
          </tr>
          <tr className="border-t border-ink/20 text-lg font-bold">
            <th scope="row" colSpan={3} className="py-2">
              Totaal
            </th>
            <td className="py-2 text-right" data-testid="invoice-total">
              {money(order.totalCents)}
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={3} className="font-normal text-ink-soft">
              Bedrag excl. btw
            </th>
            <td className="text-right text-ink-soft">{money(order.totalExVatCents)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3} className="font-normal text-ink-soft">
              Btw 9% over {money(order.totalExVatCents)}
            </th>
            <td className="text-right text-ink-soft" data-testid="invoice-vat">
              {money(order.vatCents)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-6 text-sm text-ink-soft">
        Alle prijzen zijn inclusief 9% btw.{' '}
        {order.paidAt ? `Betaald${order.paymentMethod ? ` met ${order.paymentMethod}` : ''}.` : 'Nog niet betaald.'}
      </p>
    </article>
  );
}
