export { BLOCK_LINE, isProductBlock, toEmbeddedBlock } from './domain/article-blocks.ts';
export { CHOOSE_LEVEL_MESSAGE, CONTENT_MESSAGES } from './domain/messages.ts';
export { chooseLevelSchema } from './schemas/choose-level.ts';
export { contactReceiptSchema, contactSchema } from './schemas/contact.ts';
export { quoteSchema } from './schemas/quote.ts';
export {
  QUOTE_PATH,
  quoteExamYears,
  quoteHref,
  quotePrefill,
  TEACHERS_PATH,
} from './domain/teachers.ts';
export { SEARCH_MAX_LENGTH, searchQuerySchema, searchResultsSchema } from './schemas/search-query.ts';
export { type ShellData } from './schemas/shell-views.ts';
export { type FooterColumn, type FooterLogo, type HighlightedText, type NavItem, type SearchResults, type SocialLink } from './schemas/views.ts';
