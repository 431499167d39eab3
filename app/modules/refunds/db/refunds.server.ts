/** The refunds' queries (issue 32): refunds and their lines, credit notes and their lines, the gapless counter. */
import { and, asc, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { creditNoteCounters, creditNoteLines, creditNotes, refundLines, refunds } from './tables.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundLineRow = typeof refundLines.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type CreditNoteLineRow = typeof creditNoteLines.$inferSelect;

/** An order's refunds, newest first, with their lines and credit notes' numbers. */
export async function listRefundsOfOrder(
  db: Db,
  orderId: number,
): Promise<(RefundRow & { lines: RefundLineRow[]; creditNoteNumber: string | null })[]> {
  const rows = await db
    .select({ refund: refunds, creditNoteNumber: creditNotes.number })
    .from(refunds)
    .leftJoin(creditNotes, eq(creditNotes.refundId, refunds.id))
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.id));
  const ids = rows.map((row) => row.refund.id);
  const lines = ids.length
    ? await db.select().from(refundLines).where(inArray(refundLines.refundId, ids)).orderBy(asc(refundLines.position))
    : [];
  return rows.map((row) => ({
    ...row.refund,
    creditNoteNumber: row.creditNoteNumber,
    lines: lines.filter((line) => line.refundId === row.refund.id),
  }));
}

/** Takes a refund on (status pending) with its lines, inside the transaction that locked the order. */
export async function insertPendingRefund(
  tx: Db,
  row: Omit<typeof refunds.$inferInsert, 'id' | 'status'>,
  lines: readonly { position: number; quantity: number; amountCents: number }[],
): Promise<RefundRow> {
  const [refund] = await tx
    .insert(refunds)
    .values({ ...row, status: 'pending' })
    .returning();
  if (lines.length > 0) await tx.insert(refundLines).values(lines.map((line) => ({ ...line, refundId: refund!.id })));
  return refund!;
}

/** A pending refund the provider refused or could not take: failed, with why (it counts for nothing). */
export async function markRefundFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(refunds)
    .set({ status: 'failed', error: error.slice(0, 2000), updatedAt: sql`now()` })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
}

/** A pending refund the provider accepted (locked, in the credit note's transaction); undefined when not pending. */
export async function markRefundAccepted(
  tx: Db,
  id: number,
  provider: { refundId: string; status: string },
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .update(refunds)
    .set({
      status: 'accepted',
      providerRefundId: provider.refundId,
      providerStatus: provider.status,
      updatedAt: sql`now()`,
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/**
 * The next credit note number's sequence of a year, in the caller's transaction: the year's counter row is
 * raised (and locked until the transaction ends, so concurrent refunds take turns); a rollback gives it back.
 */
export async function nextCreditNoteSequence(tx: Db, year: number): Promise<number> {
  const [row] = await tx
    .insert(creditNoteCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: creditNoteCounters.year, set: { last: sql`${creditNoteCounters.last} + 1` } })
    .returning({ last: creditNoteCounters.last });
  return row!.last;
}

export async function insertCreditNote(
  tx: Db,
  note: Omit<typeof creditNotes.$inferInsert, 'id'>,
  lines: readonly Omit<typeof creditNoteLines.$inferInsert, 'creditNoteId'>[],
): Promise<CreditNoteRow> {
  const [row] = await tx.insert(creditNotes).values(note).returning();
  await tx.insert(creditNoteLines).values(lines.map((line) => ({ ...line, creditNoteId: row!.id })));
  return row!;
}

export async function findCreditNote(
  db: Db,
  where: { number: string } | { refundId: number },
): Promise<(CreditNoteRow & { lines: CreditNoteLineRow[] }) | undefined> {
  const [row] = await db
    .select()
    .from(creditNotes)
    .where('number' in where ? eq(creditNotes.number, where.number) : eq(creditNotes.refundId, where.refundId));
  if (!row) return undefined;
  const lines = await db
    .select()
    .from(creditNoteLines)
    .where(eq(creditNoteLines.creditNoteId, row.id))
    .orderBy(asc(creditNoteLines.position));
  return { ...row, lines };
}

/** An order's credit notes' numbers, oldest first (the buyer's order page). */
export function listCreditNoteNumbers(
  db: Db,
  orderId: number,
): Promise<{ number: string; totalCents: number; issuedAt: Date }[]> {
  return db
    .select({ number: creditNotes.number, totalCents: creditNotes.totalCents, issuedAt: creditNotes.issuedAt })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(asc(creditNotes.id));
}

/**
 * The credit notes issued in [from, to), `limit` after the credit note `afterId` in number order, each with its
 * lines: the accountant's export, a page at a time.
 */
export async function creditNotesIssuedBetween(db: Db, from: Date, to: Date, afterId: number, limit: number) {
  const notes = await db
    .select()
    .from(creditNotes)
    .where(and(gte(creditNotes.issuedAt, from), lt(creditNotes.issuedAt, to), gt(creditNotes.id, afterId)))
    .orderBy(asc(creditNotes.id))
    .limit(limit);
  if (notes.length === 0) return [];
  const lines = await db
    .select()
    .from(creditNoteLines)
    .where(
      inArray(
        creditNoteLines.creditNoteId,
        notes.map((note) => note.id),
      ),
    )
    .orderBy(asc(creditNoteLines.creditNoteId), asc(creditNoteLines.position));
  return notes.map((note) => ({ ...note, lines: lines.filter((line) => line.creditNoteId === note.id) }));
}
