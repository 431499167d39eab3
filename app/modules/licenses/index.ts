export { LICENSE_ATTEMPTS, LICENSE_CODE_PARAM, licenseCodeFromQuery } from './domain/license-codes.ts';
export { CODE_ADMIN_MESSAGES, CODE_EVENT_LABELS, CODE_STATUS_LABELS, LICENSE_MESSAGES } from './domain/messages.ts';
export {
  batchParamsSchema,
  CODE_PAGE_SIZE,
  codeBatchCreatedSchema,
  codeBatchListSchema,
  codeBatchSchema,
  codeDetailAnswerSchema,
  codeChangedSchema,
  codePageSchema,
  codeParamsSchema,
  codeReasonSchema,
  codeSearchSchema,
  MAX_BATCH_CODES,
  type CodeBatchInput,
  type CodeBatchView,
  type CodeDetailView,
  type CodeSearch,
  type CodeSummaryView,
} from './schemas/backoffice-codes.ts';
export {
  canonicalLicenseCode,
  compactLicenseCode,
  licenseCodeSchema,
  licenseRedeemedSchema,
  ownedProductsSchema,
} from './schemas/licenses.ts';
