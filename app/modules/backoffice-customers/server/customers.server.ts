/**
 * Customers in the back office (issue 32, item 5): find a customer, see their orders, licence codes and study
 * access with as little personal data as the task needs, and support's actions on the account — resend the
 * verification mail, start a password reset, export the data, delete the account on request (AVG). The mails go
 * through the accounts library's own send paths; the export is the customer's own reads put together; the
 * deletion is the customer's own (accounts' deleteAccount). Each action writes the audit log.
 */
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import {
  deleteAccount,
  findCustomers,
  getMe,
  listUserSubjectIds,
  type CustomerRow,
} from '#app/modules/accounts/index.server.ts';
import { resendVerificationMail, requestPasswordReset } from '#app/modules/sign-in/index.server.ts';
import { findProductsByIds, findSubjects } from '#app/modules/catalog/index.server.ts';
import { listAccessRows } from '#app/modules/cards/index.server.ts';
import { myReviewLog } from '#app/modules/reviews/index.server.ts';
import { findOrderForStaff, listOrdersOf } from '#app/modules/shop/index.server.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from '#app/modules/shop/index.ts';
import { findCodes, listMyOrders } from '#app/modules/licenses/index.server.ts';
import { CODE_STATUS_LABELS } from '#app/modules/licenses/index.ts';
import { listMyJoinedClasses, listMyTaughtClasses } from '#app/modules/classes/index.server.ts';
import { followsChildren, listMyParents, myChildren } from '#app/modules/guardians/index.server.ts';
import { findSubscriptionStatus } from '#app/modules/newsletter/index.server.ts';
import { normaliseEmail } from '#app/modules/newsletter/index.ts';
import { findStaffMember, recordAudit, type StaffActor } from '#app/modules/backoffice/index.server.ts';
import { CUSTOMER_MESSAGES } from '../domain/messages.ts';
import type {
  CustomerDetailView,
  CustomerExport,
  CustomerRowView,
  CustomerSearch,
  DeleteCustomerInput,
} from '../schemas/customers.ts';

/** At most this many customers answer a search: a search names someone, it does not list the customers. */
export const CUSTOMER_SEARCH_LIMIT = 25;
/** At most this many licence codes on a customer's page (and in the export). */
const CODE_LIMIT = 500;

/** Why an action on a customer is refused, with the API's status (also the pages' answer). */
export const CUSTOMER_REFUSAL_STATUS = {
  customer_not_found: 404,
  verified_already: 409,
  staff_account: 409,
  email_mismatch: 400,
  mail_limited: 429,
  mail_unavailable: 503,
} as const;
type Reason = keyof typeof CUSTOMER_REFUSAL_STATUS;
export interface CustomerRefusal<R extends Reason = Reason> {
  reason: R;
  message: string;
  field?: string;
}
const MESSAGE: Record<Reason, string> = {
  customer_not_found: CUSTOMER_MESSAGES.NOT_FOUND,
  verified_already: CUSTOMER_MESSAGES.VERIFIED_ALREADY,
  staff_account: CUSTOMER_MESSAGES.STAFF_ACCOUNT,
  email_mismatch: CUSTOMER_MESSAGES.EMAIL_MISMATCH,
  mail_limited: CUSTOMER_MESSAGES.MAIL_LIMITED,
  mail_unavailable: CUSTOMER_MESSAGES.MAIL_UNAVAILABLE,
};
const refusal = <R extends Reason>(reason: R): CustomerRefusal<R> =>
  reason === 'email_mismatch'
    ? { reason, message: MESSAGE[reason], field: 'email' }
    : { reason, message: MESSAGE[reason] };
type MailReason = 'mail_limited' | 'mail_unavailable';

const ORDER_NUMBER = /^[A-Z]{2}\d{2}-\d{1,9}$/i;

async function rowView(s: Scope, row: CustomerRow): Promise<CustomerRowView> {
  const role = row.educationRole === 'teacher' ? 'teacher' : (await followsChildren(s, row.id)) ? 'parent' : 'pupil';
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * GET /v1/backoffice/customers, /beheer/klanten: the accounts a search names — by e-mail address (exact, any
 * case), by the order number of one of their orders, or by a part of the name (2 characters or more). Name,
 * e-mail, role, created and verified: nothing more. No search text, or one character: no customers.
 */
export async function searchCustomers(s: Scope, query: CustomerSearch): Promise<CustomerRowView[]> {
  const q = query.q;
  if (!q) return [];
  let rows: CustomerRow[];
  if (q.includes('@')) {
    rows = await findCustomers(s.db, { email: q }, CUSTOMER_SEARCH_LIMIT);
  } else if (ORDER_NUMBER.test(q)) {
    const userId = (await findOrderForStaff(s.db, q))?.order.userId;
    rows = userId ? await findCustomers(s.db, { ids: [userId] }, 1) : [];
  } else if (q.length >= 2) {
    rows = await findCustomers(s.db, { namePart: q }, CUSTOMER_SEARCH_LIMIT);
  } else {
    rows = [];
  }
  return Promise.all(rows.map((row) => rowView(s, row)));
}

async function findCustomer(s: Pick<Scope, 'db'>, userId: string): Promise<CustomerRow | undefined> {
  const [row] = await findCustomers(s.db, { ids: [userId] }, 1);
  return row;
}

async function codesOf(s: Scope, userId: string, orderIds: readonly number[]) {
  return findCodes(s.db, { redeemedBy: [userId], orderIds }, undefined, CODE_LIMIT);
}

/** GET /v1/backoffice/customers/{userId}, /beheer/klanten/:userId: the customer with orders, codes and access. */
export async function getCustomer(
  s: Scope,
  userId: string,
): Promise<Result<CustomerDetailView, CustomerRefusal<'customer_not_found'>>> {
  const row = await findCustomer(s, userId);
  if (!row) return refuse(refusal('customer_not_found'));
  const [view, orders, access, staff] = await Promise.all([
    rowView(s, row),
    listOrdersOf(s, userId),
    listAccessRows(s.db, userId),
    findStaffMember(s.db, userId),
  ]);
  const codes = await codesOf(
    s,
    userId,
    orders.map((o) => o.id),
  );
  const [products, subjects] = await Promise.all([
    findProductsByIds(s.db, [...new Set(codes.map((c) => c.productId))]),
    findSubjects(s.db, [...new Set(access.map((a) => a.subjectId))]),
  ]);
  const productName = new Map(products.map((p) => [p.id, p.name]));
  const subjectName = new Map(subjects.map((sub) => [sub.id, `${sub.name} (${sub.levelName})`]));
  return ok({
    ...view,
    staff: staff !== undefined,
    orders: orders.map((o) => ({
      number: o.number,
      createdAt: o.createdAt.toISOString(),
      status: o.status,
      statusLabel: ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status,
      totalCents: o.totalCents,
    })),
    licenseCodes: codes.map((c) => {
      const status = c.revokedAt ? 'revoked' : c.redeemedAt ? 'redeemed' : 'active';
      return {
        code: c.code,
        product: productName.get(c.productId) ?? '–',
        status,
        statusLabel: CODE_STATUS_LABELS[status],
        redeemedByCustomer: c.redeemedBy === userId,
      };
    }),
    access: access.map((a) => ({
      subject: subjectName.get(a.subjectId) ?? String(a.subjectId),
      stream: a.stream,
      source: a.source,
      until: a.expiresAt ? a.expiresAt.toISOString() : null,
    })),
  });
}

type Changed<R extends Reason> = Result<{ message: string }, CustomerRefusal<R>>;

/** The accounts library is called as the staff member's own client (its limits count per staff member), cookieless. */
const staffCaller = (actor: StaffActor) => ({ headers: new Headers(), clientAddress: `backoffice:${actor.userId}` });

function mailRefusal(reason: 'rate_limited' | 'refused' | 'unavailable'): CustomerRefusal<MailReason> {
  return refusal(reason === 'rate_limited' ? 'mail_limited' : 'mail_unavailable');
}

/**
 * POST /v1/backoffice/customers/{userId}/verification-mail: the verification mail again, through the accounts
 * library's own send path (the `send-mail` job). Refused for an address that is verified already.
 */
export async function resendCustomerVerification(
  s: Scope,
  actor: StaffActor,
  userId: string,
): Promise<Changed<'customer_not_found' | 'verified_already' | MailReason>> {
  const row = await findCustomer(s, userId);
  if (!row) return refuse(refusal('customer_not_found'));
  if (row.emailVerified) return refuse(refusal('verified_already'));
  const sent = await resendVerificationMail(s, staffCaller(actor), row.email, AREA_PATHS.home);
  if (!sent.ok) return refuse(mailRefusal(sent.reason));
  // The mail is queued by the library (its own transaction); the audit entry records that it was asked.
  await s.db.transaction((tx) =>
    recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'customer.verification_mail',
      objectType: 'user',
      objectId: userId,
      before: { emailVerified: false },
      after: { emailVerified: false, verificationMailQueued: true },
    }),
  );
  return ok({ message: CUSTOMER_MESSAGES.VERIFICATION_SENT(row.email) });
}

/**
 * POST /v1/backoffice/customers/{userId}/password-reset: the accounts library's request-password-reset, mailed
 * to the customer, who chooses the new password. Staff never see or set a password.
 */
export async function startCustomerPasswordReset(
  s: Scope,
  actor: StaffActor,
  userId: string,
): Promise<Changed<'customer_not_found' | MailReason>> {
  const row = await findCustomer(s, userId);
  if (!row) return refuse(refusal('customer_not_found'));
  const sent = await requestPasswordReset(s, staffCaller(actor), row.email, AREA_PATHS.resetPassword);
  if (!sent.ok) return refuse(mailRefusal(sent.reason));
  await s.db.transaction((tx) =>
    recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'customer.password_reset',
      objectType: 'user',
      objectId: userId,
      before: null,
      after: { resetMailRequested: true },
    }),
  );
  return ok({ message: CUSTOMER_MESSAGES.RESET_SENT(row.email) });
}

/**
 * Everything the account holds of a person, from the reads that serve them their own screens: their profile
 * (getMe), newsletter status, subjects, orders with codes (listMyOrders, as on "Mijn bestellingen"), the codes
 * they redeemed, their study access, their review log (myReviewLog, the download on the planning page), their
 * classes and their parent/child links. Null when the account is gone.
 */
export async function accountDataOf(s: Scope, userId: string, now = new Date()): Promise<CustomerExport | null> {
  const [user, row] = await Promise.all([getMe(s, userId), findCustomer(s, userId)]);
  if (!user || !row) return null;
  const [newsletter, subjectIds, orders, ownOrders, access, reviews, joined, taught, parents, children] =
    await Promise.all([
      findSubscriptionStatus(s.db, normaliseEmail(user.email)),
      listUserSubjectIds(s.db, userId),
      listMyOrders(s, userId),
      listOrdersOf(s, userId),
      listAccessRows(s.db, userId),
      myReviewLog(s, userId, now),
      listMyJoinedClasses(s, user, now),
      listMyTaughtClasses(s, user, now),
      listMyParents(s, userId),
      myChildren(s, user),
    ]);
  const codes = await findCodes(
    s.db,
    { redeemedBy: [userId], orderIds: ownOrders.map((o) => o.id) },
    undefined,
    CODE_LIMIT,
  );
  const subjects = await findSubjects(s.db, [...new Set([...subjectIds, ...access.map((a) => a.subjectId)])]);
  const subjectOf = new Map(subjects.map((sub) => [sub.id, sub]));
  return {
    exportedAt: now.toISOString(),
    account: { ...user, createdAt: row.createdAt.toISOString() },
    newsletter: newsletter ?? null,
    subjects: subjectIds.flatMap((id) => {
      const sub = subjectOf.get(id);
      return sub ? [{ id, name: sub.name, level: sub.levelName }] : [];
    }),
    orders,
    licenseCodes: codes.map((c) => ({
      code: c.code,
      productId: c.productId,
      subject: subjectOf.get(c.subjectId)?.name ?? c.subjectId,
      redeemedByYou: c.redeemedBy === userId,
      redeemedAt: c.redeemedAt?.toISOString() ?? null,
      revokedAt: c.revokedAt?.toISOString() ?? null,
      createdAt: c.createdAt.toISOString(),
    })),
    studyAccess: access.map((a) => ({
      subject: subjectOf.get(a.subjectId)?.name ?? a.subjectId,
      stream: a.stream,
      source: a.source,
      grantedAt: a.grantedAt.toISOString(),
      until: a.expiresAt?.toISOString() ?? null,
    })),
    reviews,
    classes: { joined, taught: taught.ok ? taught.value : [] },
    parents,
    children: children.children,
  };
}

/** GET /v1/backoffice/customers/{userId}/export: the customer's data as JSON (accountDataOf), audited. */
export async function exportCustomer(
  s: Scope,
  actor: StaffActor,
  userId: string,
): Promise<Result<CustomerExport, CustomerRefusal<'customer_not_found'>>> {
  const data = await accountDataOf(s, userId);
  if (!data) return refuse(refusal('customer_not_found'));
  await s.db.transaction((tx) =>
    recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'customer.export',
      objectType: 'user',
      objectId: userId,
      before: null,
      after: {
        orders: data.orders.length,
        licenseCodes: data.licenseCodes.length,
        reviews: data.reviews.reviews.length,
      },
    }),
  );
  return ok(data);
}

/**
 * POST /v1/backoffice/customers/{userId}/delete: the account deleted on the customer's request (AVG), the same
 * deletion as their own (accounts' deleteAccount: user, sessions, sign-in details, subjects, access, newsletter
 * subscription; orders and invoices stay for the tax duty, no longer linked). The e-mail address typed again
 * must be the customer's; a staff member's account is refused. The audit entry, in the same transaction, keeps
 * what happened and why, not who the person was.
 */
export async function deleteCustomer(
  s: Scope,
  actor: StaffActor,
  userId: string,
  input: DeleteCustomerInput,
): Promise<Changed<'customer_not_found' | 'staff_account' | 'email_mismatch'>> {
  const row = await findCustomer(s, userId);
  if (!row) return refuse(refusal('customer_not_found'));
  if (await findStaffMember(s.db, userId)) return refuse(refusal('staff_account'));
  if (normaliseEmail(input.email) !== normaliseEmail(row.email)) return refuse(refusal('email_mismatch'));
  const orders = await listOrdersOf(s, userId);
  const deleted = await s.db.transaction(async (tx) => {
    if (await findStaffMember(tx, userId)) return 'staff' as const;
    if (!(await deleteAccount(tx, { id: row.id, email: row.email }))) return 'gone' as const;
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'customer.delete',
      objectType: 'user',
      objectId: userId,
      before: {
        exists: true,
        emailVerified: row.emailVerified,
        createdAt: row.createdAt.toISOString(),
        orders: orders.map((o) => o.number),
      },
      after: { exists: false, reason: input.reason, ordersKept: orders.map((o) => o.number) },
    });
    return 'deleted' as const;
  });
  if (deleted === 'staff') return refuse(refusal('staff_account'));
  if (deleted === 'gone') return refuse(refusal('customer_not_found'));
  s.logger.info({ user: userId, staff: actor.userId }, 'account deleted by support on request');
  return ok({ message: CUSTOMER_MESSAGES.DELETED });
}
