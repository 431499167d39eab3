import { CONTACT_LIMITS, CONTACT_SUBJECTS } from '#app/modules/content/domain/contact.ts';
import { email, optionalTrimmedString, requiredString } from '#app/platform/schemas/fields.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { CONTENT_MESSAGES } from '#app/modules/content/domain/messages.ts';
import { z } from '#app/platform/schemas/z.ts';

/**
 * The one contact-form write (spec §2, §5, §8): used by the form on /contact
 * (Conform, in the browser), its route action (without JavaScript) and
 * POST /api/v1/contact. Strings are trimmed; `website` is a honeypot that
 * people never see and leave empty.
 */
export const contactSchema = z.object({
  name: requiredString()
    .max(CONTACT_LIMITS.name, { error: MESSAGES.maxChars(CONTACT_LIMITS.name) })
    .meta({ description: 'Name of the sender.', example: 'Sanne de Vries' }),
  email: email().meta({ description: 'Where we answer.', example: 'sanne@example.nl' }),
  subject: z
    .enum(CONTACT_SUBJECTS, { error: MESSAGES.REQUIRED })
    .meta({ description: 'What the message is about.', example: 'bestelling' }),
  message: requiredString()
    .max(CONTACT_LIMITS.message, { error: MESSAGES.maxChars(CONTACT_LIMITS.message) })
    .meta({ description: 'The question or remark.', example: 'Wanneer wordt mijn bestelling bezorgd?' }),
  orderNumber: optionalTrimmedString()
    .pipe(
      z
        .string()
        .max(CONTACT_LIMITS.orderNumber, { error: MESSAGES.maxChars(CONTACT_LIMITS.orderNumber) })
        .optional(),
    )
    .meta({ description: 'Order number, when the message is about an order.', example: 'SB-2026-10482' }),
  website: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'Honeypot: leave empty. A filled-in value is accepted and silently dropped.' }),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;

/** What POST /api/v1/contact answers: the spec's success message (§8). */
export const contactReceiptSchema = z
  .object({ message: z.string().meta({ example: CONTENT_MESSAGES.CONTACT_SUCCESS }) })
  .meta({ description: 'The message was received.' });
