import { MAX_LICENSE_CODE_LENGTH, normaliseLicenseCode } from '#app/modules/shop/domain/license-codes.ts';
import { userSubjectsNoticeSchema } from '#app/modules/study/index.ts';
import { requiredString } from '#app/platform/schemas/fields.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { z } from '#app/platform/schemas/z.ts';

/** License codes and the products they unlock (spec §4 Subject access). Additions to the spec's texts. */
export const LICENSE_MESSAGES = {
  UNKNOWN: 'Deze code kennen we niet. Controleer de code achter in je boek.',
  USED: 'Deze code is al gebruikt.',
  REDEEMED: (productName: string): string => `Gelukt! Je hebt nu toegang tot ${productName}.`,
} as const;

/** POST /v1/users/me/licenses: the code from the back of a book; case and spaces do not matter. */
export const licenseCodeSchema = z.object({
  code: requiredString()
    .max(MAX_LICENSE_CODE_LENGTH, { error: MESSAGES.maxChars(MAX_LICENSE_CODE_LENGTH) })
    .transform(normaliseLicenseCode)
    .meta({ description: 'The license code; stored in upper case without spaces.', example: 'SB27-HAVO-WB-0001' }),
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
