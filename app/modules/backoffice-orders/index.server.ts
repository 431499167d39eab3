export {
  cancelOrderByStaff,
  listOrders,
  markDoublePaymentHandled,
  ORDER_PAGE_SIZE,
  resendOrderConfirmation,
  STAFF_ORDER_REFUSAL_STATUS,
  staffOrder,
  type StaffOrderRefusal,
} from './server/orders.server.ts';
export { dayDashboard } from './server/dashboard.server.ts';
export { creditNotesCsv, ordersCsv } from './server/exports.server.ts';
export { refundOrder } from './server/refunds.server.ts';
// The order views answer only the API (the pages render them); their types travel with the use cases.
export {
  dashboardSchema,
  type DashboardView,
  staffOrderChangedSchema,
  staffOrderEnvelopeSchema,
  staffOrderListSchema,
  type StaffOrderRow,
} from './schemas/orders.ts';
