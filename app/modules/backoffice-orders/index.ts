export { STAFF_ORDER_MESSAGES } from './domain/messages.ts';
export {
  cancelOrderSchema,
  creditNoteExportQuerySchema,
  doublePaymentHandledSchema,
  orderNumberParamsSchema,
  orderQuerySchema,
  resendOrderMailSchema,
  type OrderQuery,
  type StaffOrderView,
} from './schemas/orders.ts';
