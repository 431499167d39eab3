import { NEWSLETTER_MESSAGES } from '#app/modules/newsletter/domain/messages.ts';
import { NEWSLETTER_SOURCE_MAX, NEWSLETTER_SOURCE_PATTERN } from '#app/modules/newsletter/domain/newsletter.ts';
import { email, optionalTrimmedString } from '#app/platform/schemas/fields.ts';
import { z } from '#app/platform/schemas/z.ts';

/**
 * The one newsletter sign-up write, used by the opt-in form
 * (Conform, in the browser), the /nieuwsbrief action (without JavaScript) and
 * POST /api/v1/newsletter. `source` says where the form was ('page', 'footer',
 * 'article:<slug>'); `website` is a honeypot, as on the contact form.
 */
export const newsletterSignupSchema = z.object({
  email: email().meta({ description: 'The address to send the newsletter to.', example: 'sanne@example.nl' }),
  source: optionalTrimmedString()
    .pipe(
      z
        .string()
        .max(NEWSLETTER_SOURCE_MAX, { error: NEWSLETTER_MESSAGES.SOURCE_INVALID })
        .regex(NEWSLETTER_SOURCE_PATTERN, { error: NEWSLETTER_MESSAGES.SOURCE_INVALID })
        .optional(),
    )
    .meta({
      description: "Where the sign-up happened: 'page', 'footer', 'article:<slug>'. Default 'page'.",
      example: 'article:plannen-voor-je-examens',
    }),
  website: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'Honeypot: leave empty. A filled-in value is accepted and silently dropped.' }),
});

export type NewsletterSignupInput = z.input<typeof newsletterSignupSchema>;
export type NewsletterSignup = z.output<typeof newsletterSignupSchema>;

/** The token of a confirmation or unsubscribe link: 32 random bytes, base64url (43 characters). */
export const NEWSLETTER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The confirm and unsubscribe pages: the token from the link (query) and from their button's form. */
export const newsletterTokenSchema = z.object({
  token: z
    .string({ error: NEWSLETTER_MESSAGES.TOKEN_INVALID })
    .trim()
    .regex(NEWSLETTER_TOKEN_PATTERN, { error: NEWSLETTER_MESSAGES.TOKEN_INVALID }),
});

export type NewsletterToken = z.output<typeof newsletterTokenSchema>;

/** What POST /api/v1/newsletter answers, whatever the address's state. */
export const newsletterReceiptSchema = z
  .object({ message: z.string().meta({ example: NEWSLETTER_MESSAGES.PENDING }) })
  .meta({ description: 'Accepted: if the address still has to confirm, a confirmation mail is on its way.' });
