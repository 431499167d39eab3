/**
 * The accountant's exports (issue 32, item 6): the orders a filter finds, and the credit notes issued in a period
 * line by line with their VAT, as CSV for a Dutch spreadsheet, read and sent a page at a time.
 */
import { csvAmount, csvStream } from '#app/platform/csv.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { creditNotesIssuedBetween } from '#app/modules/refunds/index.server.ts';
import { searchOrders } from '#app/modules/shop/index.server.ts';
import type { CreditNoteExportQuery, OrderQuery } from '../schemas/orders.ts';
import { dayBounds, filterOf, statusLabel } from './orders.server.ts';

const PAGE = 1000;
const day = (date: Date | null) => (date ? date.toISOString().slice(0, 19).replace('T', ' ') : null);

/** GET /v1/backoffice/orders.csv: the orders the list's filter finds (every page), newest first. */
export function ordersCsv(s: Pick<Scope, 'db'>, query: OrderQuery): ReadableStream<Uint8Array> {
  const header = [
    'bestelnummer',
    'geplaatst (UTC)',
    'status',
    'e-mailadres',
    'betaalmethode',
    'totaal',
    'btw',
    'betaald (UTC)',
  ];
  return csvStream<number>(header, async (before) => {
    const rows = await searchOrders(s.db, { ...filterOf(query), before: before ?? query.before }, PAGE);
    return {
      lines: rows.map((row) => [
        row.number,
        day(row.createdAt),
        statusLabel(row.status),
        row.email,
        row.method,
        csvAmount(row.totalCents),
        csvAmount(row.vatCents),
        day(row.paidAt),
      ]),
      next: rows.at(-1)?.id ?? 0,
    };
  });
}

/** GET /v1/backoffice/credit-notes.csv: the credit notes issued in the period, a line per credit note line. */
export function creditNotesCsv(s: Pick<Scope, 'db'>, query: CreditNoteExportQuery): ReadableStream<Uint8Array> {
  const header = [
    'creditnota',
    'datum (UTC)',
    'factuur',
    'klant',
    'regel',
    'artikelnummer',
    'aantal',
    'bedrag incl. btw',
    'btw-tarief',
    'btw',
  ];
  const from = dayBounds(query.from).startOfToday;
  const to = dayBounds(query.until).endOfToday;
  return csvStream<number>(header, async (after) => {
    const notes = await creditNotesIssuedBetween(s.db, from, to, after ?? 0, PAGE / 10);
    return {
      lines: notes.flatMap((note) =>
        note.lines.map((line) => [
          note.number,
          day(note.issuedAt),
          note.invoiceNumber,
          note.customerEmail,
          line.description,
          line.sku,
          line.quantity,
          csvAmount(line.amountCents),
          `${line.vatRatePercent}%`,
          csvAmount(line.vatCents),
        ]),
      ),
      next: notes.at(-1)?.id ?? 0,
    };
  });
}
