export { auditLog, staffInvitations, staffMembers } from './db/tables.ts';
export { AUDIT_PAGE_SIZE, listAudit, recordAudit, verifyAuditChain, type AuditEntry } from './server/audit.server.ts';
export {
  acceptStaffInvitation,
  BACKOFFICE_REFUSAL_STATUS,
  changeStaffRole,
  disableStaff,
  inviteStaff,
  listStaff,
  makeStaffMember,
  staffAccess,
  staffInvitationFor,
  type BackofficeRefusal,
  type StaffActor,
} from './server/staff.server.ts';
export { refundOrder } from './server/refunds.server.ts';
export { asksForCode, startTotpSetup, verifyTotpCode, type PageCaller } from './server/two-factor.server.ts';
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
// The order views answer only the API (the pages render them); their types travel with the use cases.
export { dayDashboard } from './server/dashboard.server.ts';
export {
  dashboardSchema,
  type DashboardView,
  staffOrderChangedSchema,
  staffOrderEnvelopeSchema,
  staffOrderListSchema,
  type StaffOrderRow,
} from './schemas/orders.ts';
