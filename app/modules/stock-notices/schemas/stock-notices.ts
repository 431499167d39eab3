import { email } from '#app/platform/schemas/fields.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { STOCK_NOTICE_MESSAGES } from '#app/modules/stock-notices/domain/messages.ts';
import { z } from '#app/platform/schemas/z.ts';

const MAX_ID = 2_147_483_647;

/**
 * The one write of "mail me als het er weer is": the form on a sold-out product's page (posted
 * to /producten/voorraadmelding, read through formSchema) and POST /api/v1/stock-notices.
 */
export const stockNoticeSchema = z.object({
  productId: z
    .number({ error: STOCK_NOTICE_MESSAGES.PRODUCT })
    .int({ error: STOCK_NOTICE_MESSAGES.PRODUCT })
    .min(1, { error: STOCK_NOTICE_MESSAGES.PRODUCT })
    .max(MAX_ID, { error: STOCK_NOTICE_MESSAGES.PRODUCT })
    .meta({ description: 'The sold-out product.', example: 12 }),
  email: email(MESSAGES.EMAIL_INVALID_ALT).meta({
    description: 'Where the one mail goes.',
    example: 'ouder@example.nl',
  }),
});
export type StockNoticeInput = z.output<typeof stockNoticeSchema>;

/** The delete link's token (the page's ?afmelden= and the form's hidden field). */
export const stockNoticeTokenSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, { error: STOCK_NOTICE_MESSAGES.UNKNOWN_TOKEN }),
});

/** The answer of a sign-up: the message, and the token of the delete link. */
export const stockNoticeReceiptSchema = z.object({
  message: z.string().meta({ example: 'Gelukt! We mailen je één keer zodra … weer op voorraad is.' }),
  token: z.string().meta({ description: 'Deletes the address: /producten/voorraadmelding?afmelden={token}.' }),
});
