import { lazy } from 'react';

/** The product band of an article's product blocks, its code loaded only on pages that show one (spec §2). */
export const LazyProductBlock = lazy(() => import('./product-block.tsx'));
