import { z } from '#app/platform/schemas/z.ts';
import { COOKIE_CATEGORY_VALUES } from '#app/platform/cookies.ts';
import { CONSENT_MESSAGES } from '#app/modules/consent/domain/messages.ts';

/**
 * The one cookie-consent write (spec §3, §4, §5), used by the cookie notice
 * and by POST /api/v1/consent: `category` is one of '1,2,3', '1,2' or '1'
 * (otherwise 'Maak een keuze.'); `visitorId` is the random UUID the browser
 * keeps in localStorage, so that a repeated choice of one browser is one
 * record. Nothing else about the visitor is sent or stored.
 */
export const consentSchema = z.object({
  category: z.enum(COOKIE_CATEGORY_VALUES, { error: CONSENT_MESSAGES.CATEGORY_REQUIRED }).meta({
    description: "The chosen categories: '1,2,3' (complete), '1,2' (personal) or '1' (base).",
    example: '1,2',
  }),
  visitorId: z.uuid({ error: CONSENT_MESSAGES.VISITOR_ID_INVALID }).meta({
    description: 'Random id the browser keeps in localStorage; no personal data.',
    example: '5f0c7c7e-2a5b-4d8e-9a57-5d0b8c6f2e11',
  }),
});

export type ConsentInput = z.infer<typeof consentSchema>;

/** The cookie notice's own field (the browser adds visitorId when it posts): the choice alone. */
export const consentChoiceSchema = consentSchema.pick({ category: true });

export type ConsentChoice = z.infer<typeof consentChoiceSchema>;

/** What POST /api/v1/consent answers: the recorded choice (201 new, 200 confirmed again). */
export const consentReceiptSchema = z
  .object({
    category: z.enum(COOKIE_CATEGORY_VALUES),
    value: z.string().meta({ description: 'The gdpr_cookie value of the choice.', example: '*,1,2,GTM:1' }),
    createdAt: z.iso.datetime().meta({ description: 'When this visitor first made this choice.' }),
    confirmedAt: z.iso.datetime().meta({ description: 'When this visitor last confirmed this choice.' }),
  })
  .meta({ description: 'Proof that the choice was recorded.' });

export type ConsentReceipt = z.infer<typeof consentReceiptSchema>;
