/**
 * Customers in the back office (issue 32, item 5): search, a customer's page, resend the verification mail,
 * start a password reset, export the data, delete the account on request. Behind the session
 * (server/api/index.ts: /v1/backoffice/*), then behind the back office's guard on every call (BACKOFFICE_ACCESS),
 * as backoffice-codes.ts.
 */
import { BACKOFFICE_REFUSAL_STATUS } from '#app/modules/backoffice/index.server.ts';
import {
  CUSTOMER_REFUSAL_STATUS,
  deleteCustomer,
  exportCustomer,
  getCustomer,
  resendCustomerVerification,
  searchCustomers,
  startCustomerPasswordReset,
} from '#app/modules/backoffice-customers/index.server.ts';
import {
  customerAnswerSchema,
  customerChangedSchema,
  customerExportSchema,
  customerListSchema,
  customerMailSchema,
  customerParamsSchema,
  customerSearchSchema,
  deleteCustomerSchema,
} from '#app/modules/backoffice-customers/index.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter } from '../route-spec.ts';
import { backofficeRoute, guard, refusedBy, rolesOf } from './backoffice-shared.ts';

const route = backofficeRoute;
const refused = refusedBy({ ...BACKOFFICE_REFUSAL_STATUS, ...CUSTOMER_REFUSAL_STATUS });

const MAIL_REFUSALS = {
  429: 'Too many mails asked for by this staff member, or for this account, in a short time.',
  503: 'The accounts library could not send now.',
} as const;

const BACKOFFICE_CUSTOMER_ROUTES = [
  route(
    {
      method: 'get',
      path: '/backoffice/customers',
      summary: 'Find customers',
      description:
        'The accounts a search names (`q`): an e-mail address (exact, any case), an order number (the account that ' +
        'placed it) or a part of the name (2 characters or more, any case); at most 25, by name. Each with its name, ' +
        `e-mail, role, created and verified: nothing more. Without \`q\`: none. ${rolesOf('listCustomers')}`,
      query: customerSearchSchema,
      answer: { status: 200, description: 'The customers found.', schema: customerListSchema },
    },
    async (c) => {
      const access = await guard(c, 'listCustomers');
      if (!access.ok) return refused(c, access);
      return c.json({ customers: await searchCustomers(c.var.scope, c.req.valid('query')) }, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/backoffice/customers/{userId}',
      summary: 'A customer',
      description:
        'The customer (as in the search), whether the account is a staff member’s, their orders (number, date, ' +
        'status, total), the licence codes of their orders or redeemed by them, and their study access per subject ' +
        `(stream, source, until). No addresses, phone numbers or answers. Unknown: 404. ${rolesOf('viewCustomer')}`,
      params: customerParamsSchema,
      answer: { status: 200, description: 'The customer.', schema: customerAnswerSchema },
    },
    async (c) => {
      const access = await guard(c, 'viewCustomer');
      if (!access.ok) return refused(c, access);
      const result = await getCustomer(c.var.scope, c.req.valid('param').userId);
      if (!result.ok) return refused(c, result);
      return c.json({ customer: result.value }, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/customers/{userId}/verification-mail',
      summary: 'Resend the verification mail',
      description:
        'The verification mail again, through the accounts library’s own send path. An address that is verified ' +
        `already: 409. Written to the audit log (\`customer.verification_mail\`). ${rolesOf('resendVerification')}`,
      params: customerParamsSchema,
      body: customerMailSchema,
      answer: { status: 200, description: 'Queued.', schema: customerChangedSchema },
      refusals: { 409: 'The address is verified already.', ...MAIL_REFUSALS },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'resendVerification');
      if (!access.ok) return refused(c, access);
      const result = await resendCustomerVerification(c.var.scope, access.value, c.req.valid('param').userId);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/customers/{userId}/password-reset',
      summary: 'Start a password reset',
      description:
        'The accounts library’s request-password-reset for the customer’s address: a link mailed to the customer, ' +
        'who chooses the new password (staff never see or set one). At most 3 reset mails an hour per account. ' +
        `Written to the audit log (\`customer.password_reset\`). ${rolesOf('startPasswordReset')}`,
      params: customerParamsSchema,
      body: customerMailSchema,
      answer: { status: 200, description: 'Queued.', schema: customerChangedSchema },
      refusals: MAIL_REFUSALS,
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'startPasswordReset');
      if (!access.ok) return refused(c, access);
      const result = await startCustomerPasswordReset(c.var.scope, access.value, c.req.valid('param').userId);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/backoffice/customers/{userId}/export',
      summary: 'Export a customer’s data',
      description:
        'Everything the account holds of the customer (the AVG’s right of access), as a JSON file ' +
        '(`Content-Disposition: attachment`): account, newsletter, subjects, orders with their codes, licence codes, ' +
        'study access, review log, classes and parent links — the same reads that serve the customer their own ' +
        `screens and downloads. Written to the audit log (\`customer.export\`). ${rolesOf('exportCustomer')}`,
      params: customerParamsSchema,
      answer: { status: 200, description: 'The data.', schema: customerExportSchema },
    },
    async (c) => {
      const access = await guard(c, 'exportCustomer');
      if (!access.ok) return refused(c, access);
      const userId = c.req.valid('param').userId;
      const result = await exportCustomer(c.var.scope, access.value, userId);
      if (!result.ok) return refused(c, result);
      c.header('Content-Disposition', `attachment; filename="slaagbundel-klant-${userId}.json"`);
      c.header('Cache-Control', 'private, no-store');
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/customers/{userId}/delete',
      summary: 'Delete a customer’s account on request',
      description:
        'The account deleted as the customer’s own deletion does (sessions, sign-in details, subjects, access, ' +
        'newsletter subscription); orders and invoices stay for the tax duty, no longer linked to the account. A ' +
        'reason is required and the customer’s e-mail address typed again (another: 400 on `email`). A staff ' +
        `member’s account: 409. Written to the audit log (\`customer.delete\`). ${rolesOf('deleteCustomer')}`,
      params: customerParamsSchema,
      body: deleteCustomerSchema,
      answer: { status: 200, description: 'Deleted.', schema: customerChangedSchema },
      refusals: { 409: 'The account is a staff member’s.' },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'deleteCustomer');
      if (!access.ok) return refused(c, access);
      const userId = c.req.valid('param').userId;
      const result = await deleteCustomer(c.var.scope, access.value, userId, c.req.valid('json'));
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
];

export const backofficeCustomersApi = () => apiRouter(BACKOFFICE_CUSTOMER_ROUTES);
