import { MAX_LICENSE_CODE_LENGTH } from '#app/modules/licenses/domain/license-codes.ts';
import { userSubjectsNoticeSchema } from '#app/modules/checks/index.ts';
import { requiredString } from '#app/platform/schemas/fields.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { z } from '#app/platform/schemas/z.ts';

/** The 12 characters of a code from an order (an alphabet without 0/O, 1/I/L): 'SB-7KQ4-MX9P-2HTD'. */
const ORDER_CODE_CHARS = /^[2-9A-HJKMNP-Z]{12}$/;

/**
 * A license code as typed, in the form it is stored in, for the lookup
 * ('case and spaces do not matter', the field's hint): upper case; spaces
 * and other separators become one hyphen; the 'SB' in front added when it is
 * missing. A code from an order gets its hyphens back even when typed
 * without any ('sb 62eh ptxn 446k', '62ehptxn446k' → 'SB-62EH-PTXN-446K').
 * Idempotent: a stored code comes out as it is.
 */
export function canonicalLicenseCode(typed: string): string {
  const upper = typed.trim().toUpperCase();
  const compact = upper.replace(/[^A-Z0-9]/g, '');
  const orderChars = compact.length === 14 && compact.startsWith('SB') ? compact.slice(2) : compact;
  if (ORDER_CODE_CHARS.test(orderChars)) {
    return `SB-${orderChars.slice(0, 4)}-${orderChars.slice(4, 8)}-${orderChars.slice(8)}`;
  }
  const dashed = upper
    .split(/[^A-Z0-9]+/)
    .filter(Boolean)
    .join('-');
  if (dashed === '' || dashed.startsWith('SB')) return dashed;
  return `SB${/^\d/.test(dashed) ? '' : '-'}${dashed}`;
}

/** A code without its separators: how a code typed without (all) its hyphens is found. */
export function compactLicenseCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * POST /v1/users/me/licenses: the code from the back of a book; case,
 * spaces, hyphens and the 'SB' in front do not matter (canonicalLicenseCode).
 */
export const licenseCodeSchema = z.object({
  code: requiredString()
    .max(MAX_LICENSE_CODE_LENGTH, { error: MESSAGES.maxChars(MAX_LICENSE_CODE_LENGTH) })
    .transform(canonicalLicenseCode)
    .meta({
      description:
        'The license code; case, spaces, hyphens and the SB in front do not matter (stored in upper case with hyphens).',
      example: 'SB27-HAVO-WB-0001',
    }),
});

export type LicenseCodeInput = z.output<typeof licenseCodeSchema>;

/** A product the user owns through a redeemed license code. */
export const ownedProductSchema = z.object({
  sku: z.string().meta({ example: 'SB-HAVO-WB-2027' }),
  name: z.string(),
  slug: z.string(),
  levelSlug: z.string(),
  productType: z.string(),
  subjectId: z.number().int(),
  redeemedAt: z.iso.datetime().meta({ description: 'When the code was redeemed (ISO 8601).' }),
});

export type OwnedProductView = z.output<typeof ownedProductSchema>;

/** POST /v1/users/me/licenses: the updated list, the product now owned and a notice. */
export const licenseRedeemedSchema = userSubjectsNoticeSchema.extend({ product: ownedProductSchema });

/** GET /v1/users/me/products. */
export const ownedProductsSchema = z.object({ products: z.array(ownedProductSchema) });

/** A product the user owns through a redeemed license code, with its shop page if it is still sold. */
export interface OwnedProductItemView extends OwnedProductView {
  href: string | null;
}
