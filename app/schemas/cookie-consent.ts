import * as z from 'zod';
import { COOKIE_CATEGORY_VALUES } from '../domain/cookies.ts';
import { MESSAGES } from './messages.ts';

/**
 * The cookie-consent choice (spec §3, §4, §5): `category` must be one of the
 * category values '1,2,3', '1,2' or '1'; otherwise 'Maak een keuze.'.
 */
export const cookieConsentSchema = z.object({
  category: z.enum(COOKIE_CATEGORY_VALUES, { error: MESSAGES.COOKIE_CONSENT_REQUIRED }),
});

export type CookieConsentChoice = z.infer<typeof cookieConsentSchema>;
