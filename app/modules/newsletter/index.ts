export {
  type ConfirmLinkState,
  type ConfirmOutcome,
  DEFAULT_NEWSLETTER_SOURCE,
  NEWSLETTER_CONFIRM_PATH,
  NEWSLETTER_FREQUENCY,
  NEWSLETTER_PATH,
  NEWSLETTER_UNSUBSCRIBE_PATH,
  normaliseEmail,
  type UnsubscribeLinkState,
  type UnsubscribeOutcome,
} from './domain/newsletter.ts';
export { NEWSLETTER_MESSAGES } from './domain/messages.ts';
export { newsletterReceiptSchema, newsletterSignupSchema, newsletterTokenSchema } from './schemas/newsletter.ts';
