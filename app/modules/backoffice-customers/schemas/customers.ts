/** The back office's customers (issue 32, item 5): the search, a customer's page, the actions and the export. */
import { email, storableText } from '#app/platform/schemas/fields.ts';
import { z } from '#app/platform/schemas/z.ts';
import { CUSTOMER_MESSAGES } from '../domain/messages.ts';

/** GET /v1/backoffice/customers and /beheer/klanten: one search text. */
export const customerSearchSchema = z.object({
  q: z
    .string({ error: CUSTOMER_MESSAGES.QUERY })
    .overwrite(storableText)
    .trim()
    .max(254, { error: CUSTOMER_MESSAGES.QUERY })
    .optional()
    .transform((value) => (value ? value : undefined))
    .meta({
      description:
        'An e-mail address (exact, any case), an order number (SB26-000123) or a part of the name (2 characters ' +
        'or more, any case). Without it: no customers.',
    }),
});
export type CustomerSearch = z.output<typeof customerSearchSchema>;

export const customerParamsSchema = z.object({
  userId: z
    .string({ error: CUSTOMER_MESSAGES.USER_ID })
    .min(1, { error: CUSTOMER_MESSAGES.USER_ID })
    .max(100, { error: CUSTOMER_MESSAGES.USER_ID })
    .regex(/^[A-Za-z0-9_-]+$/, { error: CUSTOMER_MESSAGES.USER_ID }),
});

export const CUSTOMER_ROLES = ['pupil', 'parent', 'teacher'] as const;

/** What a search shows of a customer: nothing more. */
export const customerRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(CUSTOMER_ROLES).meta({ description: 'Teacher (profile), parent (follows a child) or pupil.' }),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type CustomerRowView = z.output<typeof customerRowSchema>;
export const customerListSchema = z.object({ customers: z.array(customerRowSchema) });

/** A customer's page: the row, their orders, licence codes and study access. No address, phone or answers. */
export const customerDetailSchema = customerRowSchema.extend({
  staff: z.boolean().meta({ description: 'The account is a staff member’s: it cannot be deleted here.' }),
  orders: z.array(
    z.object({
      number: z.string(),
      createdAt: z.string(),
      status: z.string(),
      statusLabel: z.string(),
      totalCents: z.number().int(),
    }),
  ),
  licenseCodes: z.array(
    z.object({
      code: z.string(),
      product: z.string(),
      status: z.enum(['active', 'redeemed', 'revoked']),
      statusLabel: z.string(),
      redeemedByCustomer: z.boolean(),
    }),
  ),
  access: z.array(
    z.object({
      subject: z.string(),
      stream: z.string(),
      source: z.string(),
      until: z.string().nullable(),
    }),
  ),
});
export type CustomerDetailView = z.output<typeof customerDetailSchema>;
export const customerAnswerSchema = z.object({ customer: customerDetailSchema });

/** The mail actions take no fields: an empty JSON object. */
export const customerMailSchema = z.object({});

/** An action's answer. */
export const customerChangedSchema = z.object({ message: z.string() });

const reasonText = (message: string) =>
  z.string({ error: message }).overwrite(storableText).trim().min(3, { error: message }).max(500, { error: message });

/** "Account verwijderen" on request (AVG): the reason, and the customer's e-mail address typed again. */
export const deleteCustomerSchema = z.object({
  reason: reasonText(CUSTOMER_MESSAGES.REASON),
  email: email(CUSTOMER_MESSAGES.EMAIL_MISMATCH).pipe(z.string().max(254, { error: CUSTOMER_MESSAGES.EMAIL_MISMATCH })),
});
export type DeleteCustomerInput = z.output<typeof deleteCustomerSchema>;

/** GET …/export: everything the account holds of the customer, as JSON (the AVG's right of access). */
export const customerExportSchema = z
  .object({
    exportedAt: z.string(),
    account: z.record(z.string(), z.unknown()),
    newsletter: z.string().nullable(),
    subjects: z.array(z.object({ id: z.number(), name: z.string(), level: z.string() })),
    orders: z.array(z.unknown()),
    licenseCodes: z.array(z.unknown()),
    studyAccess: z.array(z.unknown()),
    reviews: z.object({ exportedAt: z.string(), reviews: z.array(z.unknown()) }),
    classes: z.unknown(),
    parents: z.array(z.unknown()),
    children: z.array(z.unknown()),
  })
  .meta({ description: 'The customer’s data: account, newsletter, subjects, orders, codes, access, reviews, links.' });
export type CustomerExport = z.output<typeof customerExportSchema>;
