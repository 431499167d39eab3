export {
  batchProducts,
  createLicenseCodeBatch,
  getLicenseCode,
  LICENSE_CODE_REFUSAL_STATUS,
  licenseCodeBatchCsv,
  licenseCodesCsv,
  listLicenseCodeBatches,
  reissueLicenseCode,
  revokeLicenseCode,
  searchLicenseCodes,
  type LicenseCodeRefusal,
} from './server/license-codes.server.ts';
