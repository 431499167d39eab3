export { licenseCodes } from './db/tables.ts';
export { fulfilOrder, unlockedSubjects } from './server/fulfilment.server.ts';
export { getMyOrder, listMyOrders, orderWithCodes } from './server/orders.server.ts';
export { listOwnedProducts, listOwnedProductsWithLinks, redeemLicense } from './server/redeem.server.ts';
export { LICENSE_REFUSAL_STATUS } from './server/refusals.server.ts';
export {
  claimClassLicenseCode,
  findClassLicenseCode,
  findStoredCode,
  insertClassLicenseCodes,
} from './db/license-codes.server.ts';
