export { auditLog, staffInvitations, staffMembers } from './db/tables.ts';
export { findStaffMember } from './db/staff.server.ts';
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
export { asksForCode, startTotpSetup, verifyTotpCode, type PageCaller } from './server/two-factor.server.ts';
