export { deleteSubscriptionOfEmail, findSubscriptionStatus } from './db/newsletter-preference.server.ts';
export {
  checkConfirmLink,
  checkUnsubscribeLink,
  confirmNewsletter,
  followEmailChange,
  purgeUnconfirmedSignups,
  setVerifiedNewsletterPreference,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from './server/newsletter.server.ts';
