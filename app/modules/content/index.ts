export { BLOCK_LINE, type EmbeddedBlock, isProductBlock, toEmbeddedBlock } from './domain/article-blocks.ts';
export { contactReceiptSchema, contactSchema } from './schemas/contact.ts';
export { SEARCH_MAX_LENGTH, searchQuerySchema, searchResultsSchema } from './schemas/search-query.ts';
export { type ShellData } from './schemas/shell-views.ts';
export { type ArticleBlock, type ArticleBodySegment, type ArticleExamCheck, type FooterColumn, type FooterLogo, type HighlightedText, type NavItem, type ProductsArchiveCta, type SearchResults, type SocialLink } from './schemas/views.ts';
export { ArticleCard } from './ui/article-card.tsx';
export { CampaignButton, CampaignModalHost } from './ui/campaign.tsx';
export { ContactForm, type ContactFormResult } from './ui/contact-form.tsx';
export { MarkedText } from './ui/marked-text.tsx';
