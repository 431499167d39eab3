import { SELLER } from '#app/platform/brand.ts';
import { formatMoney } from '#app/platform/sales.ts';
import type { CreditNoteView } from '../schemas/refunds.ts';

const money = (cents: number) => formatMoney(cents, { full: true });
const dateFormat = new Intl.DateTimeFormat('nl-NL', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Amsterdam',
});

/**
 * A credit note as it is printed (issue 32), like the invoice: the seller, the buyer, the invoice it corrects,
 * each negative line with its VAT rate and VAT, the VAT per rate and the total. Printable: the page's print
 * styles (`.invoice`) hide everything else.
 */
export function CreditNote({ note }: { note: CreditNoteView }) {
  const id = `credit-note-${note.number}`;
  return (
    <article aria-labelledby={id} className="invoice rounded-2xl bg-white p-5 ring-1 ring-ink/10 sm:p-8">
      <div className="flex flex-wrap justify-between gap-6">
        <div>
          <h2 id={id} className="text-2xl font-extrabold">
            Creditnota {note.number}
          </h2>
          <p className="text-ink-soft">Betreft factuur {note.invoiceNumber}</p>
          <p className="text-ink-soft">Datum {dateFormat.format(new Date(note.issuedAt))}</p>
        </div>
        <address className="text-sm not-italic">
          <strong>{SELLER.name}</strong>
          <br />
          {SELLER.address}
          <br />
          KvK {SELLER.kvk} · btw {SELLER.vatNumber}
        </address>
      </div>
      <div className="mt-6">
        <h3 className="font-bold">Factuuradres</h3>
        <p>
          {note.customer.name}
          <br />
          {note.customer.address.join(', ')}
          <br />
          {note.customer.email}
        </p>
      </div>
      <table className="mt-6 w-full text-left text-sm sm:text-base">
        <caption className="sr-only">Gecrediteerde producten en btw</caption>
        <thead className="border-b border-ink/20">
          <tr>
            <th scope="col" className="py-2">
              Omschrijving
            </th>
            <th scope="col" className="py-2 text-right">
              Aantal
            </th>
            <th scope="col" className="py-2 text-right">
              Btw
            </th>
            <th scope="col" className="py-2 text-right">
              Btw-bedrag
            </th>
            <th scope="col" className="py-2 text-right">
              Bedrag
            </th>
          </tr>
        </thead>
        <tbody>
          {note.lines.map((line, index) => (
            <tr key={index} className="border-b border-ink/10" data-testid="credit-note-line">
              <td className="py-2 pr-2">
                {line.description}
                {line.sku ? <span className="block text-xs text-ink-soft">{line.sku}</span> : null}
              </td>
              <td className="py-2 text-right">{line.quantity}</td>
              <td className="py-2 text-right">{line.vatRatePercent}%</td>
              <td className="py-2 text-right">{money(line.vatCents)}</td>
              <td className="py-2 text-right">{money(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {note.vatByRate.map((row) => (
            <tr key={row.rate}>
              <th scope="row" colSpan={4} className="pt-3 font-normal text-ink-soft">
                Btw {row.rate}% over {money(row.baseCents)}
              </th>
              <td className="pt-3 text-right text-ink-soft">{money(row.vatCents)}</td>
            </tr>
          ))}
          <tr className="border-t border-ink/20 text-lg font-bold">
            <th scope="row" colSpan={4} className="py-2">
              Totaal
            </th>
            <td className="py-2 text-right" data-testid="credit-note-total">
              {money(note.totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-6 text-sm text-ink-soft">
        Deze creditnota corrigeert factuur {note.invoiceNumber}. Het bedrag wordt teruggestort via de oorspronkelijke
        betaling.
      </p>
    </article>
  );
}
