/**
 * Staff (issue 32, ADR 026): who may use the back office (`staffAccess`, the one guard of its pages and its API),
 * the staff list, invitations by e-mail with a role, accepting one, changing a role and blocking a staff member.
 * Every change writes the audit log in its own transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '#app/db/client.server.ts';
import { BRAND } from '#app/platform/brand.ts';
import { API_MESSAGES } from '#app/platform/schemas/api-error.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { userView } from '#app/platform/server/caches/user-views.server.ts';
import { findContacts, findPersonByEmail, signInOfRequest } from '#app/modules/accounts/index.server.ts';
import { BACKOFFICE_MESSAGES } from '../domain/messages.ts';
import {
  BACKOFFICE_PATHS,
  INVITATION_DAYS,
  isStaffRole,
  mayUse,
  STAFF_ROLE_LABELS,
  STAFF_SESSION_HOURS,
  type BackofficeOperation,
  type StaffRole,
} from '../domain/roles.ts';
import {
  findOpenInvitation,
  findStaffMember,
  insertInvitation,
  listStaffRows,
  lockStaffMember,
  markInvitationAccepted,
  setStaffDisabled,
  setStaffRole,
  upsertStaffMember,
  type StaffRow,
} from '../db/staff.server.ts';
import type { InviteStaffInput, StaffMemberView } from '../schemas/backoffice.ts';
import { recordAudit } from './audit.server.ts';

/** A staff member who passed the guard: the actor of what they do next. */
export interface StaffActor {
  userId: string;
  role: StaffRole;
  email: string;
  name: string;
}

/**
 * Why the back office refuses, with the API's status: nobody signed in, or a staff session past its 12 hours
 * (401: sign in again); a signed-in user who is no (active) staff member (404: the area is never revealed);
 * staff who did not set up two-factor sign-in, or whose session did not pass it (403); a role that may not.
 */
export const BACKOFFICE_REFUSAL_STATUS = {
  signed_out: 401,
  not_staff: 404,
  two_factor_setup: 403,
  two_factor_code: 403,
  forbidden: 403,
  not_found: 404,
  already_staff: 409,
  own_account: 409,
  disabled_already: 409,
  invitation_unknown: 404,
  invitation_other_email: 409,
} as const;
type Reason = keyof typeof BACKOFFICE_REFUSAL_STATUS;
export interface BackofficeRefusal<R extends Reason = Reason> {
  reason: R;
  message: string;
  field?: string;
}
const MESSAGE: Record<Reason, string> = {
  signed_out: API_MESSAGES.UNAUTHORIZED,
  not_staff: 'Deze pagina bestaat niet.',
  two_factor_setup: BACKOFFICE_MESSAGES.TWO_FACTOR_REQUIRED,
  two_factor_code: BACKOFFICE_MESSAGES.TWO_FACTOR_REQUIRED,
  forbidden: BACKOFFICE_MESSAGES.FORBIDDEN,
  not_found: BACKOFFICE_MESSAGES.NOT_FOUND,
  already_staff: BACKOFFICE_MESSAGES.ALREADY_STAFF,
  own_account: BACKOFFICE_MESSAGES.OWN_ACCOUNT,
  disabled_already: BACKOFFICE_MESSAGES.DISABLED_ALREADY,
  invitation_unknown: BACKOFFICE_MESSAGES.INVITATION_UNKNOWN,
  invitation_other_email: BACKOFFICE_MESSAGES.INVITATION_OTHER_EMAIL,
};
const FIELD: Partial<Record<Reason, string>> = { already_staff: 'email' };
const refusal = <R extends Reason>(reason: R): BackofficeRefusal<R> => {
  const field = FIELD[reason];
  return { reason, message: MESSAGE[reason], ...(field ? { field } : {}) };
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The one guard of the back office: the request's session, its staff row, its second factor and the operation's
 * roles (BACKOFFICE_ACCESS). Pages and API endpoints call it first, with the operation they serve.
 */
export async function staffAccess(
  s: Scope,
  headers: Headers,
  operation: BackofficeOperation,
): Promise<
  Result<
    StaffActor,
    BackofficeRefusal<'signed_out' | 'not_staff' | 'two_factor_setup' | 'two_factor_code' | 'forbidden'>
  >
> {
  const signIn = await signInOfRequest(s, headers);
  if (!signIn) return refuse(refusal('signed_out'));
  // Kept while the user's data version stands (ADR 019): a staff row raises it, so a role taken away or a
  // member blocked on any copy is seen by the next request.
  const staff = await userView(
    s,
    signIn.userId,
    'backoffice:staff-member',
    async () => (await findStaffMember(s.db, signIn.userId)) ?? null,
  );
  if (!staff || staff.disabledAt || !isStaffRole(staff.role)) return refuse(refusal('not_staff'));
  if (Date.now() - signIn.createdAt.getTime() > STAFF_SESSION_HOURS * 3600_000) return refuse(refusal('signed_out'));
  if (!signIn.twoFactorEnabled) return refuse(refusal('two_factor_setup'));
  if (!signIn.twoFactorAt) return refuse(refusal('two_factor_code'));
  if (!mayUse(staff.role, operation)) return refuse(refusal('forbidden'));
  return ok({ userId: signIn.userId, role: staff.role, email: signIn.email, name: signIn.name });
}

async function viewsOf(db: Db, rows: readonly StaffRow[]): Promise<StaffMemberView[]> {
  const people = new Map(
    (
      await findContacts(
        db,
        rows.map((r) => r.userId),
      )
    ).map((p) => [p.id, p]),
  );
  return rows.map((row) => ({
    userId: row.userId,
    name: people.get(row.userId)?.name ?? '',
    email: people.get(row.userId)?.email ?? '',
    role: row.role as StaffRole,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
  }));
}

/** GET /v1/backoffice/staff and "Medewerkers": every staff member, the blocked ones too. */
export async function listStaff(s: Pick<Scope, 'db'>): Promise<StaffMemberView[]> {
  return viewsOf(s.db, await listStaffRows(s.db));
}

/**
 * POST /v1/backoffice/staff/invitations and "Medewerker uitnodigen": mails a link (7 days, once) with the role
 * the invitee gets. An address that is staff already is refused.
 */
export async function inviteStaff(
  s: Scope,
  actor: StaffActor,
  input: InviteStaffInput,
): Promise<
  Result<
    { invitation: { id: number; email: string; role: StaffRole; expiresAt: string }; message: string },
    BackofficeRefusal<'already_staff'>
  >
> {
  const email = input.email.trim().toLowerCase();
  const person = await findPersonByEmail(s.db, email);
  const existing = person ? await findStaffMember(s.db, person.id) : undefined;
  if (existing && !existing.disabledAt) return refuse(refusal('already_staff'));
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 3600_000);
  const row = await s.db.transaction(async (tx) => {
    const invitation = await insertInvitation(tx, {
      email,
      role: input.role,
      tokenHash: sha256(token),
      invitedBy: actor.userId,
      expiresAt,
    });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'staff.invite',
      objectType: 'staff_invitation',
      objectId: String(invitation.id),
      before: null,
      after: { email, role: input.role, expiresAt: expiresAt.toISOString() },
    });
    return invitation;
  });
  const link = `${s.settings.publicUrl.replace(/\/+$/, '')}${BACKOFFICE_PATHS.invitation}/${token}`;
  await s.jobs.enqueue('send-mail', {
    to: email,
    subject: `Uitnodiging voor de beheeromgeving van ${BRAND.name}`,
    text: [
      'Hallo,',
      '',
      `${actor.name} nodigt je uit als medewerker (${STAFF_ROLE_LABELS[input.role].toLowerCase()}) in de beheeromgeving van ${BRAND.name}.`,
      `Accepteer de uitnodiging via deze link (hij werkt ${INVITATION_DAYS} dagen en één keer):`,
      '',
      link,
      '',
      'Je logt in met je eigen account (of maakt er een aan met dit e-mailadres) en stelt daarna',
      'tweestapsverificatie in met een authenticator-app. Pas dan zie je de beheeromgeving.',
      '',
      'Kende je deze uitnodiging niet? Dan kun je deze mail negeren.',
      '',
      'Groet,',
      `Het team van ${BRAND.name}`,
    ].join('\n'),
  });
  return ok({
    invitation: { id: row.id, email, role: input.role, expiresAt: expiresAt.toISOString() },
    message: BACKOFFICE_MESSAGES.INVITED(email),
  });
}

/** The invitation page: the role and the address it is for, while it is open. */
export async function staffInvitationFor(
  s: Pick<Scope, 'db'>,
  token: string,
): Promise<Result<{ email: string; role: StaffRole }, BackofficeRefusal<'invitation_unknown'>>> {
  const row = token.length <= 64 ? await findOpenInvitation(s.db, sha256(token), new Date()) : undefined;
  if (!row || !isStaffRole(row.role)) return refuse(refusal('invitation_unknown'));
  return ok({ email: row.email, role: row.role });
}

/**
 * "Uitnodiging accepteren": the signed-in user whose address the invitation names becomes staff with its role.
 * They see nothing of the back office until they set up two-factor sign-in (the guard).
 */
export async function acceptStaffInvitation(
  s: Scope,
  user: { id: string; email: string },
  token: string,
): Promise<Result<{ role: StaffRole }, BackofficeRefusal<'invitation_unknown' | 'invitation_other_email'>>> {
  const now = new Date();
  const row = token.length <= 64 ? await findOpenInvitation(s.db, sha256(token), now) : undefined;
  if (!row || !isStaffRole(row.role)) return refuse(refusal('invitation_unknown'));
  if (row.email !== user.email.trim().toLowerCase()) return refuse(refusal('invitation_other_email'));
  const role = row.role;
  const accepted = await s.db.transaction(async (tx) => {
    if (!(await markInvitationAccepted(tx, row.id, user.id, now))) return false;
    const before = await findStaffMember(tx, user.id);
    await upsertStaffMember(tx, { userId: user.id, role, invitedBy: row.invitedBy });
    await recordAudit(tx, {
      actorUserId: user.id,
      actorRole: role,
      action: 'staff.accept_invitation',
      objectType: 'staff_member',
      objectId: user.id,
      before: before ? { role: before.role, disabledAt: before.disabledAt?.toISOString() ?? null } : null,
      after: { role, invitationId: row.id, disabledAt: null },
    });
    return true;
  });
  if (!accepted) return refuse(refusal('invitation_unknown'));
  return ok({ role });
}

async function changeStaff(
  s: Pick<Scope, 'db'>,
  actor: StaffActor,
  userId: string,
  change: (
    row: StaffRow,
    tx: Db,
  ) => Promise<
    { before: Record<string, unknown>; after: Record<string, unknown>; action: string } | 'disabled_already'
  >,
): Promise<Result<StaffMemberView, BackofficeRefusal<'not_found' | 'own_account' | 'disabled_already'>>> {
  if (userId === actor.userId) return refuse(refusal('own_account'));
  const outcome = await s.db.transaction(async (tx) => {
    const row = await lockStaffMember(tx, userId);
    if (!row) return 'not_found' as const;
    const changed = await change(row, tx);
    if (changed === 'disabled_already') return changed;
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: changed.action,
      objectType: 'staff_member',
      objectId: userId,
      before: changed.before,
      after: changed.after,
    });
    return 'changed' as const;
  });
  if (outcome !== 'changed') return refuse(refusal(outcome));
  const row = await findStaffMember(s.db, userId);
  const [view] = await viewsOf(s.db, row ? [row] : []);
  return ok(view!);
}

/** POST /v1/backoffice/staff/{userId}/role: another staff member's role (never one's own). */
export function changeStaffRole(s: Pick<Scope, 'db'>, actor: StaffActor, userId: string, role: StaffRole) {
  return changeStaff(s, actor, userId, async (row, tx) => {
    await setStaffRole(tx, userId, role);
    return { action: 'staff.change_role', before: { role: row.role }, after: { role } };
  });
}

/** POST /v1/backoffice/staff/{userId}/disable: blocks another staff member from the back office at once. */
export function disableStaff(s: Pick<Scope, 'db'>, actor: StaffActor, userId: string) {
  return changeStaff(s, actor, userId, async (row, tx) => {
    if (row.disabledAt) return 'disabled_already';
    const at = new Date();
    await setStaffDisabled(tx, userId, at);
    return { action: 'staff.disable', before: { disabledAt: null }, after: { disabledAt: at.toISOString() } };
  });
}

/**
 * `npm run staff:create` and the demo seed: makes an existing user staff with the role (unblocking them), written
 * to the audit log with no actor (the command line).
 */
export async function makeStaffMember(db: Db, userId: string, role: StaffRole): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findStaffMember(tx, userId);
    if (before && before.role === role && !before.disabledAt) return;
    await upsertStaffMember(tx, { userId, role, invitedBy: null });
    await recordAudit(tx, {
      actorUserId: null,
      actorRole: null,
      action: 'staff.create',
      objectType: 'staff_member',
      objectId: userId,
      before: before ? { role: before.role, disabledAt: before.disabledAt?.toISOString() ?? null } : null,
      after: { role, disabledAt: null },
    });
  });
}
