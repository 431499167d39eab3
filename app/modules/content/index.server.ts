export { submitContact, submitQuoteRequest } from './server/contact.server.ts';
export { syncSearchContent } from './server/content-sync.server.ts';
export { getArticle, getArticleSummaries, getBlogCategories, getBlogListPage, getFooterLogos, getNavigation, getSiteConfig } from './server/content.server.ts';
export { getHomePage } from './server/home.server.ts';
export { getCmsPage } from './server/pages.server.ts';
export { searchSite } from './server/search.server.ts';
export { getSitemapEntries } from './server/seo.server.ts';
