/** The back office's licence codes (issue 32): its queries, writes (form, action and API alike) and views. */
import { CODE_ADMIN_MESSAGES as M } from '#app/modules/licenses/domain/messages.ts';
import { MAX_LICENSE_CODE_LENGTH } from '#app/modules/licenses/domain/license-codes.ts';
import { storableText } from '#app/platform/schemas/fields.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';

/** The longest batch (a print run). */
export const MAX_BATCH_CODES = 5000;
/** Codes per page of a search. */
export const CODE_PAGE_SIZE = 50;

/** GET /v1/backoffice/license-codes and /beheer/codes: what to look for (empty: every code) and the keyset. */
export const codeSearchSchema = z.object({
  q: z
    .string({ error: M.QUERY })
    .overwrite(storableText)
    .trim()
    .max(254, { error: M.QUERY })
    .optional()
    .transform((value) => value || undefined)
    .meta({ description: 'A code, an order number or an e-mail address (order or redeemer).', example: 'SB26-000123' }),
  after: z
    .string({ error: M.QUERY })
    .max(MAX_LICENSE_CODE_LENGTH, { error: M.QUERY })
    .regex(/^[A-Z0-9-]*$/, { error: M.QUERY })
    .optional()
    .transform((value) => value || undefined)
    .meta({ description: 'Keyset: codes after this one (the `next` of the page before).' }),
});
export type CodeSearch = z.output<typeof codeSearchSchema>;

/** A code in a path: as stored (upper case with hyphens); the workflow also finds it typed otherwise. */
export const codeParamsSchema = z.object({
  code: z
    .string({ error: M.NOT_FOUND })
    .min(1, { error: M.NOT_FOUND })
    .max(MAX_LICENSE_CODE_LENGTH, { error: M.NOT_FOUND })
    .meta({ example: 'SB-7KQ4-MX9P-2HTD' }),
});

/** POST …/revoke and …/reissue: why (required; it is kept in the code's history and the audit log). */
export const codeReasonSchema = z.object(
  {
    reason: z
      .string({ error: M.REASON })
      .overwrite(storableText)
      .trim()
      .min(3, { error: M.REASON })
      .max(500, { error: M.REASON })
      .meta({ example: 'Klant heeft de mail met de code verwijderd.' }),
  },
  { error: M.REASON },
);
export type CodeReasonInput = z.output<typeof codeReasonSchema>;

/** POST /v1/backoffice/license-code-batches and "Reeks maken": a print run or class licences. */
export const codeBatchSchema = z
  .object(
    {
      label: z
        .string({ error: M.LABEL })
        .overwrite(storableText)
        .trim()
        .min(1, { error: M.LABEL })
        .max(100, { error: M.LABEL })
        .meta({ example: 'Drukwerk havo wiskunde B 2027' }),
      productId: z
        .number({ error: M.PRODUCT })
        .int({ error: M.PRODUCT })
        .min(1, { error: M.PRODUCT })
        .max(2_147_483_647, { error: M.PRODUCT }),
      kind: z
        .enum(['print', 'class'], { error: M.KIND })
        .meta({ description: 'print: one person each; class: seats.' }),
      count: z
        .number({ error: M.COUNT })
        .int({ error: M.COUNT })
        .min(1, { error: M.COUNT })
        .max(MAX_BATCH_CODES, { error: M.COUNT }),
      seats: z
        .number({ error: M.SEATS })
        .int({ error: M.SEATS })
        .min(1, { error: M.SEATS })
        .max(1000, { error: M.SEATS })
        .optional(),
      examYear: z
        .number({ error: M.EXAM_YEAR })
        .int({ error: M.EXAM_YEAR })
        .min(2020, { error: M.EXAM_YEAR })
        .max(2100, { error: M.EXAM_YEAR })
        .optional(),
    },
    { error: M.LABEL },
  )
  .superRefine((value, ctx) => {
    if (value.kind === 'class' && value.seats === undefined) {
      ctx.addIssue({ code: 'custom', message: M.SEATS, path: ['seats'] });
    }
  });
export type CodeBatchInput = z.output<typeof codeBatchSchema>;

export const batchParamsSchema = z.object({
  id: textNumber(
    z
      .number({ error: M.BATCH_NOT_FOUND })
      .int({ error: M.BATCH_NOT_FOUND })
      .min(1, { error: M.BATCH_NOT_FOUND })
      .max(2_147_483_647, { error: M.BATCH_NOT_FOUND }),
  ),
});

const status = z.enum(['active', 'redeemed', 'revoked']);

export const codeSummarySchema = z.object({
  code: z.string(),
  product: z.string(),
  status,
  orderNumber: z.string().nullable(),
  seats: z.number().nullable(),
  createdAt: z.string(),
});
export type CodeSummaryView = z.output<typeof codeSummarySchema>;
export const codePageSchema = z.object({ codes: z.array(codeSummarySchema), next: z.string().nullable() });

export const codeEventSchema = z.object({
  kind: z.enum(['issued', 'redeemed', 'revoked', 'reissued', 'batch_created', 'mailed']),
  at: z.string(),
  staff: z.string().nullable().meta({ description: 'The staff member’s name; null: the shop or its customer.' }),
  details: z.record(z.string(), z.unknown()),
});
export type CodeEventView = z.output<typeof codeEventSchema>;

export const codeDetailSchema = codeSummarySchema.extend({
  subject: z.string(),
  examYear: z.number().nullable(),
  orderEmail: z.string().nullable(),
  redeemer: z.object({ name: z.string(), email: z.string() }).nullable(),
  redeemedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  replaces: z.string().nullable(),
  replacedBy: z.string().nullable(),
  batch: z.string().nullable(),
  history: z.array(codeEventSchema),
});
export type CodeDetailView = z.output<typeof codeDetailSchema>;
export const codeDetailAnswerSchema = z.object({ code: codeDetailSchema });
export const codeChangedSchema = z.object({ code: codeDetailSchema, message: z.string() });

export const codeBatchViewSchema = z.object({
  id: z.number(),
  label: z.string(),
  product: z.string(),
  count: z.number(),
  seats: z.number().nullable(),
  examYear: z.number().nullable(),
  redeemed: z.number(),
  revoked: z.number(),
  createdAt: z.string(),
});
export type CodeBatchView = z.output<typeof codeBatchViewSchema>;
export const codeBatchCreatedSchema = z.object({ batch: codeBatchViewSchema, message: z.string() });
export const codeBatchListSchema = z.object({ batches: z.array(codeBatchViewSchema) });
