/**
 * Licence codes in the back office (issue 32, item 3): search, one code with its history, revoke, reissue, batches
 * and their CSV. Behind the session (server/api/index.ts: /v1/backoffice/*), then behind the back office's guard
 * on every call (BACKOFFICE_ACCESS), as backoffice.ts.
 */
import { apiErrorBody, refusalCode } from '#app/platform/schemas/api-error.ts';
import { BACKOFFICE_REFUSAL_STATUS } from '#app/modules/backoffice/index.server.ts';
import {
  createLicenseCodeBatch,
  getLicenseCode,
  LICENSE_CODE_REFUSAL_STATUS,
  licenseCodeBatchCsv,
  licenseCodesCsv,
  listLicenseCodeBatches,
  reissueLicenseCode,
  revokeLicenseCode,
  searchLicenseCodes,
} from '#app/modules/backoffice-codes/index.server.ts';
import {
  batchParamsSchema,
  codeBatchCreatedSchema,
  codeBatchListSchema,
  codeBatchSchema,
  codeChangedSchema,
  codeDetailAnswerSchema,
  codePageSchema,
  codeParamsSchema,
  codeReasonSchema,
  codeSearchSchema,
  CODE_ADMIN_MESSAGES,
} from '#app/modules/licenses/index.ts';
import { z } from '#app/platform/schemas/z.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter } from '../route-spec.ts';
import { backofficeRoute, CSV_HEADERS, guard, refusedBy, rolesOf } from './backoffice-shared.ts';

const route = backofficeRoute;
const refused = refusedBy({ ...BACKOFFICE_REFUSAL_STATUS, ...LICENSE_CODE_REFUSAL_STATUS });

const CODE_REFUSALS = {
  404: 'The code is unknown.',
  409: 'The code was revoked already, or it is a class licence redeemed on a class (its seats stay).',
} as const;

const BACKOFFICE_CODE_ROUTES = [
  route(
    {
      method: 'get',
      path: '/backoffice/license-codes',
      summary: 'Search licence codes',
      description:
        'The codes a search matches (`q`: a code, typed in any case and with or without hyphens; an order number; ' +
        'an e-mail address of an order or of the person who redeemed a code), 50 a page in code order; `next` is the ' +
        `\`after\` of the next page (keyset). Without \`q\`: every code. ${rolesOf('listLicenseCodes')}`,
      query: codeSearchSchema,
      answer: { status: 200, description: 'A page of codes.', schema: codePageSchema },
    },
    async (c) => {
      const access = await guard(c, 'listLicenseCodes');
      if (!access.ok) return refused(c, access);
      return c.json(await searchLicenseCodes(c.var.scope, c.req.valid('query')), 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/backoffice/license-codes.csv',
      summary: 'Licence codes as CSV',
      description:
        'The codes a search matches (`q` as for the search; without it, every code) as CSV: semicolon-separated, ' +
        `UTF-8 with a byte order mark (Dutch Excel), streamed in code order. ${rolesOf('exportLicenseCodes')}`,
      query: codeSearchSchema,
      answer: { status: 200, description: 'The CSV file (text/csv).' },
    },
    async (c) => {
      const access = await guard(c, 'exportLicenseCodes');
      if (!access.ok) return refused(c, access);
      const body = await licenseCodesCsv(c.var.scope, c.req.valid('query'));
      return c.body(body, 200, CSV_HEADERS('licentiecodes.csv'));
    },
  ),
  route(
    {
      method: 'get',
      path: '/backoffice/license-codes/{code}',
      summary: 'A licence code with its history',
      description:
        'The code, its product, order, redeemer, status, the code it replaces or that replaced it, and its history ' +
        `(issued, redeemed, revoked, reissued, made in a batch, mailed). Unknown: 404. ${rolesOf('showLicenseCode')}`,
      params: codeParamsSchema,
      answer: { status: 200, description: 'The code.', schema: codeDetailAnswerSchema },
    },
    async (c) => {
      const access = await guard(c, 'showLicenseCode');
      if (!access.ok) return refused(c, access);
      const result = await getLicenseCode(c.var.scope, c.req.valid('param').code);
      if (!result.ok) return refused(c, result);
      return c.json({ code: result.value }, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/license-codes/{code}/revoke',
      summary: 'Revoke a licence code',
      description:
        'The code can no longer be redeemed, and the access it gave ends: the redeemer’s access to its subject when ' +
        'it came from this code; access from an order, another code or a class seat stays. A reason is required. ' +
        `Written to the code’s history and the audit log (\`license_code.revoke\`). ${rolesOf('revokeLicenseCode')}`,
      params: codeParamsSchema,
      body: codeReasonSchema,
      answer: { status: 200, description: 'Revoked.', schema: codeChangedSchema },
      refusals: CODE_REFUSALS,
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'revokeLicenseCode');
      if (!access.ok) return refused(c, access);
      const code = c.req.valid('param').code;
      const result = await revokeLicenseCode(c.var.scope, access.value, code, c.req.valid('json').reason);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/license-codes/{code}/reissue',
      summary: 'Reissue a licence code',
      description:
        'Revokes the code (as revoke does) and makes a new one for the same product, order and copy, mailed to the ' +
        'order’s address (else the redeemer’s). The new code is not redeemed. A reason is required. Written to both ' +
        `codes’ history and the audit log (\`license_code.reissue\`, with before and after). ${rolesOf('reissueLicenseCode')}`,
      params: codeParamsSchema,
      body: codeReasonSchema,
      answer: {
        status: 200,
        description: 'Reissued.',
        schema: codeChangedSchema.extend({ replacedBy: z.string(), mailed: z.boolean() }),
      },
      refusals: CODE_REFUSALS,
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'reissueLicenseCode');
      if (!access.ok) return refused(c, access);
      const code = c.req.valid('param').code;
      const result = await reissueLicenseCode(c.var.scope, access.value, code, c.req.valid('json').reason);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/backoffice/license-code-batches',
      summary: 'Licence code batches',
      description: `The batches, newest first, with how many codes were redeemed and revoked. ${rolesOf('listLicenseCodeBatches')}`,
      answer: { status: 200, description: 'The batches.', schema: codeBatchListSchema },
    },
    async (c) => {
      const access = await guard(c, 'listLicenseCodeBatches');
      if (!access.ok) return refused(c, access);
      return c.json({ batches: await listLicenseCodeBatches(c.var.scope) }, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/license-code-batches',
      summary: 'Generate a batch of licence codes',
      description:
        '1 to 5,000 new codes for an exam bundle: a print run (`kind: print`, one person each) or class licences ' +
        '(`kind: class`, with `seats` and an optional `examYear`), under a label. Written to each code’s history and ' +
        `the audit log (\`license_code.batch\`). ${rolesOf('createLicenseCodeBatch')}`,
      body: codeBatchSchema,
      answer: { status: 201, description: 'Generated.', schema: codeBatchCreatedSchema },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'createLicenseCodeBatch');
      if (!access.ok) return refused(c, access);
      const result = await createLicenseCodeBatch(c.var.scope, access.value, c.req.valid('json'));
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 201);
    },
  ),
  route(
    {
      method: 'get',
      path: '/backoffice/license-code-batches/{id}/codes.csv',
      summary: 'A batch’s codes as CSV',
      description:
        'Every code of the batch, one a line: semicolon-separated, UTF-8 with a byte order mark (Dutch Excel), ' +
        `streamed. Unknown batch: 404. ${rolesOf('exportLicenseCodeBatch')}`,
      params: batchParamsSchema,
      answer: { status: 200, description: 'The CSV file (text/csv).' },
    },
    async (c) => {
      const access = await guard(c, 'exportLicenseCodeBatch');
      if (!access.ok) return refused(c, access);
      const file = await licenseCodeBatchCsv(c.var.scope, c.req.valid('param').id);
      if (!file) {
        const body = apiErrorBody(404, refusalCode(404), CODE_ADMIN_MESSAGES.BATCH_NOT_FOUND);
        return c.json(body, 404);
      }
      return c.body(file.body, 200, CSV_HEADERS(`codes-${c.req.valid('param').id}.csv`));
    },
  ),
];

export const backofficeCodesApi = () => apiRouter(BACKOFFICE_CODE_ROUTES);
