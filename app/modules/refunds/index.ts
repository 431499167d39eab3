export { REFUND_MESSAGES } from './domain/messages.ts';
export {
  CREDIT_NOTE_NUMBER,
  creditNoteNumber,
  creditNotePagePath,
  refundPagePath,
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  REFUND_STATUS_LABELS,
  type RefundReason,
} from './domain/refunds.ts';
export {
  creditNoteEnvelopeSchema,
  creditNoteParamsSchema,
  creditNoteSchema,
  orderRefundsSchema,
  refundDoneSchema,
  refundOrderSchema,
  refundSchema,
  type CreditNoteView,
  type OrderRefundsView,
  type RefundOrderInput,
  type RefundView,
} from './schemas/refunds.ts';
