import { lazy } from 'react';

/** An article's newsletter block, its code loaded only on articles that have one (spec §2). */
export const LazyNewsletterBlock = lazy(() => import('./newsletter-block.tsx'));
