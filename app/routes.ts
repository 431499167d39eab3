import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { ABOUT_PATH } from '#app/domain/brand.ts';
import { NEWSLETTER_CONFIRM_PATH, NEWSLETTER_PATH, NEWSLETTER_UNSUBSCRIBE_PATH } from '#app/domain/newsletter.ts';

/**
 * Route manifest after spec §2. Every id ends in ___nl (the single locale).
 * Later issues add their routes here in the same way.
 */
export default [
  index('routes/public/home.tsx', { id: 'home___nl' }),
  route('/privacy', 'routes/public/cms-page.tsx', { id: 'privacy___nl' }),
  route(ABOUT_PATH, 'routes/public/cms-page.tsx', { id: 'about___nl' }),
  route('/contact', 'routes/public/contact.tsx', { id: 'contact___nl' }),
  // The newsletter (issue 6): sign-up, and the pages its mails link to (double opt-in, unsubscribe).
  route(NEWSLETTER_PATH, 'routes/public/newsletter.tsx', { id: 'newsletter___nl' }),
  route(NEWSLETTER_CONFIRM_PATH, 'routes/public/newsletter-confirm.tsx', { id: 'newsletter-confirm___nl' }),
  route(NEWSLETTER_UNSUBSCRIBE_PATH, 'routes/public/newsletter-unsubscribe.tsx', { id: 'newsletter-unsubscribe___nl' }),
  // The blog (spec §2): page 1 at the list's own address, /page/{id} for the others.
  route('/examentips', 'routes/public/blog.tsx', { id: 'blog___nl' }),
  route('/examentips/page/:page', 'routes/public/blog.tsx', { id: 'blog-page___nl' }),
  route('/examentips/categorie', 'routes/public/blog-categories.tsx', { id: 'blog-categories___nl' }),
  route('/examentips/categorie/:category', 'routes/public/blog.tsx', { id: 'blog-category___nl' }),
  route('/examentips/categorie/:category/page/:page', 'routes/public/blog.tsx', { id: 'blog-category-page___nl' }),
  route('/artikel/:slug?', 'routes/public/article.tsx', { id: 'article___nl' }),
  route('/zoeken', 'routes/public/search.tsx', { id: 'search___nl' }),
  // For search engines (resource routes: no page around them).
  route('/sitemap.xml', 'routes/seo/sitemap.ts', { id: 'sitemap___nl' }),
  route('/robots.txt', 'routes/seo/robots.ts', { id: 'robots___nl' }),
  // The offline mail adapter's outbox; a 404 in production (app/services/mail.server.ts).
  route('/dev/mail', 'routes/dev/mail.tsx', { id: 'dev-mail___nl' }),
  // Catch-all pages managed in the content service; anything deeper is a 404.
  route('/:slug', 'routes/public/cms-page.tsx', { id: 'page___nl' }),
  route('/:slug/:childSlug', 'routes/public/cms-page.tsx', { id: 'page-child___nl' }),
  route('/:slug/:childSlug/:grandchildSlug', 'routes/public/cms-page.tsx', { id: 'page-grandchild___nl' }),
  route('*', 'routes/public/not-found.tsx', { id: 'not-found___nl' }),
] satisfies RouteConfig;
