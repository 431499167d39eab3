/**
 * The back office (issue 32, ADR 026): staff, invitations, roles and the audit log. Behind the session
 * (server/api/index.ts: /v1/backoffice/*), then behind the back office's own guard on every call: an active staff
 * member, whose session passed two-factor sign-in, in a role BACKOFFICE_ACCESS names for the operation.
 */
import { apiErrorBody, refusalCode } from '#app/platform/schemas/api-error.ts';
import {
  auditPageSchema,
  auditQuerySchema,
  auditVerifySchema,
  changeStaffRoleSchema,
  inviteStaffSchema,
  staffChangedSchema,
  staffInvitedSchema,
  staffListSchema,
  staffInvitationTokenSchema,
  staffUserParamsSchema,
  BACKOFFICE_MESSAGES,
  STAFF_ROLES,
} from '#app/modules/backoffice/index.ts';
import { z } from '#app/platform/schemas/z.ts';
import {
  cancelOrderSchema,
  creditNoteExportQuerySchema,
  doublePaymentHandledSchema,
  orderNumberParamsSchema,
  orderQuerySchema,
  resendOrderMailSchema,
} from '#app/modules/backoffice-orders/index.ts';
import {
  cancelOrderByStaff,
  creditNotesCsv,
  dashboardSchema,
  ordersCsv,
  dayDashboard,
  listOrders,
  markDoublePaymentHandled,
  resendOrderConfirmation,
  STAFF_ORDER_REFUSAL_STATUS,
  staffOrder,
  staffOrderChangedSchema,
  staffOrderEnvelopeSchema,
  staffOrderListSchema,
} from '#app/modules/backoffice-orders/index.server.ts';
import {
  acceptStaffInvitation,
  BACKOFFICE_REFUSAL_STATUS,
  changeStaffRole,
  disableStaff,
  inviteStaff,
  listAudit,
  listStaff,
  verifyAuditChain,
} from '#app/modules/backoffice/index.server.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter } from '../route-spec.ts';
import { backofficeRoute, CSV_HEADERS, guard, refusedBy, rolesOf } from './backoffice-shared.ts';

const route = backofficeRoute;
const refused = refusedBy(BACKOFFICE_REFUSAL_STATUS);
const orderRefused = refusedBy(STAFF_ORDER_REFUSAL_STATUS);

const BACKOFFICE_ROUTES = [
  route(
    {
      method: 'get',
      path: '/backoffice/staff',
      summary: 'The staff',
      description: `Every staff member with their role; blocked ones carry \`disabledAt\`. ${rolesOf('listStaff')}`,
      answer: { status: 200, description: 'The staff.', schema: staffListSchema },
    },
    async (c) => {
      const access = await guard(c, 'listStaff');
      if (!access.ok) return refused(c, access);
      return c.json({ staff: await listStaff(c.var.scope) }, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/staff/invitations',
      summary: 'Invite a staff member',
      description:
        'Mails an invitation with the role (required) to the address: a link that works once, for 7 days. The invitee ' +
        'signs in or creates an account, then sets up two-factor sign-in before they see anything. An address that ' +
        `is an active staff member already: 409. Written to the audit log (\`staff.invite\`). ${rolesOf('inviteStaff')}`,
      body: inviteStaffSchema,
      answer: { status: 201, description: 'Invited.', schema: staffInvitedSchema },
      refusals: { 409: 'The address is an active staff member already.' },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'inviteStaff');
      if (!access.ok) return refused(c, access);
      const result = await inviteStaff(c.var.scope, access.value, c.req.valid('json'));
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 201);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/invitations/accept',
      summary: 'Accept a staff invitation',
      description:
        'The signed-in user whose address the invitation names (the mail’s link: `token`) becomes staff with its ' +
        'role; they see nothing of the back office until they set up two-factor sign-in. Unknown, used or expired: ' +
        '404; another address’s invitation: 409. Any signed-in user (the invitee is no staff member yet).',
      body: staffInvitationTokenSchema,
      answer: {
        status: 200,
        description: 'Accepted.',
        schema: z.object({ role: z.enum(STAFF_ROLES), message: z.string() }),
      },
      refusals: { 409: 'The invitation names another address.' },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const result = await acceptStaffInvitation(c.var.scope, c.var.user, c.req.valid('json').token);
      if (!result.ok) return refused(c, result);
      return c.json({ role: result.value.role, message: BACKOFFICE_MESSAGES.INVITATION_ACCEPTED }, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/staff/{userId}/role',
      summary: 'Change a staff member’s role',
      description:
        'Gives another staff member another role (one’s own: 409). Written to the audit log with the role before and ' +
        `after (\`staff.change_role\`). ${rolesOf('changeStaffRole')}`,
      params: staffUserParamsSchema,
      body: changeStaffRoleSchema,
      answer: { status: 200, description: 'Changed.', schema: staffChangedSchema },
      refusals: { 409: 'One’s own role.' },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'changeStaffRole');
      if (!access.ok) return refused(c, access);
      const { role } = c.req.valid('json');
      const result = await changeStaffRole(c.var.scope, access.value, c.req.valid('param').userId, role);
      if (!result.ok) return refused(c, result);
      return c.json({ staff: result.value, message: BACKOFFICE_MESSAGES.ROLE_CHANGED }, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/staff/{userId}/disable',
      summary: 'Block a staff member',
      description:
        'Blocks another staff member from the back office at once (one’s own account, or blocked already: 409). ' +
        `Written to the audit log (\`staff.disable\`). ${rolesOf('disableStaff')}`,
      params: staffUserParamsSchema,
      answer: { status: 200, description: 'Blocked.', schema: staffChangedSchema },
      refusals: { 409: 'One’s own account, or blocked already.' },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'disableStaff');
      if (!access.ok) return refused(c, access);
      const result = await disableStaff(c.var.scope, access.value, c.req.valid('param').userId);
      if (!result.ok) return refused(c, result);
      return c.json({ staff: result.value, message: BACKOFFICE_MESSAGES.DISABLED }, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/backoffice/audit',
      summary: 'The audit log',
      description:
        'The newest entries first, 50 a page, filtered by actor, action, object and days; `next` is the `before` of ' +
        `the next page (keyset). ${rolesOf('listAudit')}`,
      query: auditQuerySchema,
      answer: { status: 200, description: 'A page of entries.', schema: auditPageSchema },
    },
    async (c) => {
      const access = await guard(c, 'listAudit');
      if (!access.ok) return refused(c, access);
      return c.json(await listAudit(c.var.scope, c.req.valid('query')), 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/backoffice/audit/verify',
      summary: 'Check the audit log’s chain',
      description:
        'Walks the chain from the first entry and answers the first broken link (`brokenAt`: an edited, removed or ' +
        `inserted entry), or \`ok\`. ${rolesOf('verifyAudit')}`,
      answer: { status: 200, description: 'The check.', schema: auditVerifySchema },
    },
    async (c) => {
      const access = await guard(c, 'verifyAudit');
      if (!access.ok) return refused(c, access);
      return c.json(await verifyAuditChain(c.var.scope), 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/backoffice/dashboard',
      summary: 'The day at a glance',
      description:
        'Today in Amsterdam: orders placed and paid with the revenue, orders waiting for a payment, payments that ' +
        'failed or still run; double payments nobody handled; background jobs failing in the last 24 hours (from ' +
        `pg-boss’s table); mails that failed to send in the last 24 hours. ${rolesOf('dayDashboard')}`,
      answer: { status: 200, description: 'The day.', schema: dashboardSchema },
    },
    async (c) => {
      const access = await guard(c, 'dayDashboard');
      if (!access.ok) return refused(c, access);
      return c.json(await dayDashboard(c.var.scope), 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/backoffice/orders',
      summary: 'The orders',
      description:
        'Newest first, 50 a page, filtered by order number or the buyer’s address (`q`, exact, any case), status, ' +
        'payment method, days placed (Amsterdam) and open double payments (`flagged=1`); `next` is the `before` of ' +
        `the next page (keyset on the order’s id). ${rolesOf('listOrders')}`,
      query: orderQuerySchema,
      answer: { status: 200, description: 'A page of orders.', schema: staffOrderListSchema },
    },
    async (c) => {
      const access = await guard(c, 'listOrders');
      if (!access.ok) return refused(c, access);
      return c.json(await listOrders(c.var.scope, c.req.valid('query')), 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/backoffice/orders.csv',
      summary: 'Orders as CSV',
      description:
        'The orders the list’s filters find (every page, newest first) as CSV for the accountant: semicolon-separated, ' +
        'UTF-8 with a byte order mark, amounts with a decimal comma, streamed 1,000 orders at a time. ' +
        rolesOf('exportOrders'),
      query: orderQuerySchema,
      answer: { status: 200, description: 'The CSV file (text/csv).' },
    },
    async (c) => {
      const access = await guard(c, 'exportOrders');
      if (!access.ok) return refused(c, access);
      return c.body(ordersCsv(c.var.scope, c.req.valid('query')), 200, CSV_HEADERS('bestellingen.csv'));
    },
  ),
  route(
    {
      method: 'get',
      path: '/backoffice/credit-notes.csv',
      summary: 'Credit notes as CSV',
      description:
        'The credit notes issued from `from` to `until` (days in Amsterdam, both included), a row per credit note ' +
        'line with its amount, VAT rate and VAT (negative), in number order, as CSV for the accountant. ' +
        rolesOf('exportCreditNotes'),
      query: creditNoteExportQuerySchema,
      answer: { status: 200, description: 'The CSV file (text/csv).' },
    },
    async (c) => {
      const access = await guard(c, 'exportCreditNotes');
      if (!access.ok) return refused(c, access);
      const query = c.req.valid('query');
      const name = `creditnotas-${query.from}-${query.until}.csv`;
      return c.body(creditNotesCsv(c.var.scope, query), 200, CSV_HEADERS(name));
    },
  ),
  route(
    {
      method: 'get',
      path: '/backoffice/orders/{number}',
      summary: 'An order with its timeline',
      description:
        'The order, its lines, payments with their provider statuses, double payments, licence codes, and a timeline ' +
        'of what happened: placed, status changes, payments, fulfilment, mails sent or failed, and staff actions. ' +
        `Unknown: 404. ${rolesOf('viewOrder')}`,
      params: orderNumberParamsSchema,
      answer: { status: 200, description: 'The order.', schema: staffOrderEnvelopeSchema },
    },
    async (c) => {
      const access = await guard(c, 'viewOrder');
      if (!access.ok) return refused(c, access);
      const order = await staffOrder(c.var.scope, c.req.valid('param').number);
      if (!order.ok) return c.json(apiErrorBody(404, refusalCode(404), order.message), 404);
      return c.json({ order: order.value }, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/orders/{number}/resend-confirmation',
      summary: 'Resend an order’s confirmation',
      description:
        'Queues the paid order’s confirmation mail, with its licence codes, once more: to its own address, or to ' +
        '`to`. Not paid: 409. Written to the audit log (`order.resend_confirmation`); the mail shows in the order’s ' +
        `timeline once sent. ${rolesOf('resendOrderMail')}`,
      params: orderNumberParamsSchema,
      body: resendOrderMailSchema,
      answer: { status: 200, description: 'Queued.', schema: staffOrderChangedSchema },
      refusals: { 409: 'The order is not paid.' },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'resendOrderMail');
      if (!access.ok) return refused(c, access);
      const number = c.req.valid('param').number;
      const result = await resendOrderConfirmation(c.var.scope, access.value, number, c.req.valid('json'));
      if (!result.ok) return orderRefused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/orders/{number}/cancel',
      summary: 'Cancel an unpaid order',
      description:
        'Cancels a pending order and puts its stock back. Not pending: 409; a payment the provider is still ' +
        'processing: 409 (wait for it). A payment paid after the cancel is refunded as a double payment. Written to ' +
        `the audit log (\`order.cancel\`) with the reason. ${rolesOf('cancelOrder')}`,
      params: orderNumberParamsSchema,
      body: cancelOrderSchema,
      answer: { status: 200, description: 'Cancelled.', schema: staffOrderChangedSchema },
      refusals: { 409: 'Not pending, or a payment is being processed.' },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'cancelOrder');
      if (!access.ok) return refused(c, access);
      const number = c.req.valid('param').number;
      const result = await cancelOrderByStaff(c.var.scope, access.value, number, c.req.valid('json'));
      if (!result.ok) return orderRefused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/orders/{number}/double-payments/handled',
      summary: 'Mark a double payment handled',
      description:
        'A double payment of the order whose automatic refund ended (refunded, or failed and refunded by hand) is ' +
        'marked handled with a note; it no longer counts as open. Not the order’s: 404; refund still running or ' +
        `handled already: 409. Written to the audit log (\`order.double_payment_handled\`). ${rolesOf('markDoublePaymentHandled')}`,
      params: orderNumberParamsSchema,
      body: doublePaymentHandledSchema,
      answer: { status: 200, description: 'Marked handled.', schema: staffOrderChangedSchema },
      refusals: { 409: 'The refund still runs, or handled already.' },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'markDoublePaymentHandled');
      if (!access.ok) return refused(c, access);
      const number = c.req.valid('param').number;
      const result = await markDoublePaymentHandled(c.var.scope, access.value, number, c.req.valid('json'));
      if (!result.ok) return orderRefused(c, result);
      return c.json(result.value, 200);
    },
  ),
];

export const backofficeApi = () => apiRouter(BACKOFFICE_ROUTES);
