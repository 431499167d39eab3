export { licenseCodeBatches, licenseCodeEvents, licenseCodes } from './db/tables.ts';
export { fulfilOrder, newLicenseCode, unlockedSubjects } from './server/fulfilment.server.ts';
export { getMyOrder, listMyOrders, orderWithCodes } from './server/orders.server.ts';
export { listOwnedProducts, listOwnedProductsWithLinks, redeemLicense } from './server/redeem.server.ts';
export { LICENSE_REFUSAL_STATUS } from './server/refusals.server.ts';
export {
  claimClassLicenseCode,
  findClassLicenseCode,
  findStoredCode,
  insertClassLicenseCodes,
  insertCodeEvents,
} from './db/license-codes.server.ts';
export {
  existingCodes,
  findBatch,
  findCode,
  findCodes,
  findReplacement,
  insertBatch,
  insertCodes,
  listBatches,
  listCodeEvents,
  liveCodeProducts,
  lockCode,
  markCodeRevoked,
  type CodeFilter,
  type LicenseCodeRow,
} from './db/staff-codes.server.ts';
