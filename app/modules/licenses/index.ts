export { LICENSE_ATTEMPTS, LICENSE_CODE_PARAM, licenseCodeFromQuery } from './domain/license-codes.ts';
export { LICENSE_MESSAGES } from './domain/messages.ts';
export {
  compactLicenseCode,
  licenseCodeSchema,
  licenseRedeemedSchema,
  ownedProductsSchema,
} from './schemas/licenses.ts';
