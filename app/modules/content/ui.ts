export { ArchiveCta } from './ui/archive-cta.tsx';
export { ArticleBody } from './ui/article-body.tsx';
export { ArticleCard } from './ui/article-card.tsx';
export { CampaignButton, CampaignModalHost } from './ui/campaign.tsx';
export { ContactForm, type ContactFormResult } from './ui/contact-form.tsx';
export { LevelChooser } from './ui/level-chooser.tsx';
export { QuoteForm, type QuoteFormResult } from './ui/quote-form.tsx';
export { MarkedText } from './ui/marked-text.tsx';
