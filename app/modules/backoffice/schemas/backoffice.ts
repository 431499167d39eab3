/** The back office's writes (form, action and API alike), its queries and its views (issue 32). */
import { email, storableText } from '#app/platform/schemas/fields.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { BACKOFFICE_MESSAGES } from '../domain/messages.ts';
import { STAFF_ROLES } from '../domain/roles.ts';

const role = z.enum(STAFF_ROLES, { error: BACKOFFICE_MESSAGES.ROLE }).meta({ example: 'support' });

/** POST /v1/backoffice/staff/invitations and "Medewerker uitnodigen": an address and a role, both required. */
export const inviteStaffSchema = z.object(
  {
    email: email(BACKOFFICE_MESSAGES.EMAIL)
      .pipe(z.string().max(254, { error: BACKOFFICE_MESSAGES.EMAIL }))
      .meta({ example: 'medewerker@slaagbundel.nl' }),
    role,
  },
  { error: BACKOFFICE_MESSAGES.ROLE },
);
export type InviteStaffInput = z.output<typeof inviteStaffSchema>;

/** POST /v1/backoffice/staff/{userId}/role. */
export const changeStaffRoleSchema = z.object({ role }, { error: BACKOFFICE_MESSAGES.ROLE });

export const staffUserParamsSchema = z.object({
  userId: z
    .string({ error: BACKOFFICE_MESSAGES.NOT_FOUND })
    .min(1, { error: BACKOFFICE_MESSAGES.NOT_FOUND })
    .max(64, { error: BACKOFFICE_MESSAGES.NOT_FOUND })
    .regex(/^[\w-]+$/, { error: BACKOFFICE_MESSAGES.NOT_FOUND }),
});

/** The invitation page and its acceptance: the link's token. */
export const staffInvitationTokenSchema = z.object({
  token: z
    .string({ error: BACKOFFICE_MESSAGES.INVITATION_UNKNOWN })
    .min(1, { error: BACKOFFICE_MESSAGES.INVITATION_UNKNOWN })
    .max(64, { error: BACKOFFICE_MESSAGES.INVITATION_UNKNOWN }),
});

/** A six-digit TOTP code (the sign-in's second step, the set-up's check). */
export const totpCodeSchema = z.object({
  code: z
    .string({ error: BACKOFFICE_MESSAGES.CODE })
    .trim()
    .regex(/^\d{6}$/, { error: BACKOFFICE_MESSAGES.CODE }),
});

const day = z
  .string({ error: BACKOFFICE_MESSAGES.AUDIT_QUERY })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: BACKOFFICE_MESSAGES.AUDIT_QUERY })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: BACKOFFICE_MESSAGES.AUDIT_QUERY });
const filterText = z
  .string({ error: BACKOFFICE_MESSAGES.AUDIT_QUERY })
  .overwrite(storableText)
  .trim()
  .max(100, { error: BACKOFFICE_MESSAGES.AUDIT_QUERY })
  .optional()
  .transform((value) => (value ? value : undefined));

/** GET /v1/backoffice/audit and /beheer/audit: the filters and the keyset (`before`: an entry's id). */
export const auditQuerySchema = z.object({
  actor: filterText.meta({ description: 'The actor’s user id.' }),
  action: filterText.meta({ example: 'staff.invite' }),
  objectType: filterText.meta({ example: 'staff_member' }),
  objectId: filterText,
  from: day.optional().meta({ description: 'From this day (UTC), YYYY-MM-DD.' }),
  until: day.optional().meta({ description: 'Until this day (UTC) included, YYYY-MM-DD.' }),
  before: textNumber(
    z
      .number({ error: BACKOFFICE_MESSAGES.AUDIT_QUERY })
      .int({ error: BACKOFFICE_MESSAGES.AUDIT_QUERY })
      .min(1, { error: BACKOFFICE_MESSAGES.AUDIT_QUERY })
      .max(Number.MAX_SAFE_INTEGER, { error: BACKOFFICE_MESSAGES.AUDIT_QUERY })
      .optional(),
  ).meta({ description: 'Keyset: entries older than this id (the `next` of the page before).' }),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const staffMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
export type StaffMemberView = z.output<typeof staffMemberSchema>;
export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });
export const staffChangedSchema = z.object({ staff: staffMemberSchema, message: z.string() });
export const staffInvitedSchema = z.object({
  invitation: z.object({ id: z.number(), email: z.string(), role: z.enum(STAFF_ROLES), expiresAt: z.string() }),
  message: z.string(),
});

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorUserId: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  hash: z.string(),
});
export type AuditEntryView = z.output<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), next: z.number().nullable() });
export const auditVerifySchema = z.object({
  ok: z.boolean(),
  checked: z.number(),
  brokenAt: z.number().nullable(),
  reason: z.enum(['prev_hash', 'hash']).nullable(),
});
export type AuditVerifyView = z.output<typeof auditVerifySchema>;
