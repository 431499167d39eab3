export { creditNoteCounters, creditNoteLines, creditNotes, refundLines, refunds } from './db/tables.ts';
export { creditNotesIssuedBetween } from './db/refunds.server.ts';
export {
  creditNoteFor,
  creditNotesOfOrder,
  issueCreditNote,
  orderRefunds,
  REFUND_REFUSAL_STATUS,
  refundAtProvider,
  takeOnRefund,
  type RefundRefusal,
  type TakenRefund,
} from './server/refunds.server.ts';
