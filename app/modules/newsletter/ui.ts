export { LazyNewsletterBlock } from './ui/lazy.ts';
export { NewsletterLinkPage, TokenButton } from './ui/link-page.tsx';
export { NewsletterForm, type NewsletterFormResult } from './ui/newsletter-form.tsx';
