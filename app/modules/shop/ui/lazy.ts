import { lazy } from 'react';

/** The shop's add-to-cart form in an article's block, loaded only on articles that have one (spec §2). */
export const LazyAddToCartForm = lazy(() =>
  import('./add-to-cart-form.tsx').then((m) => ({ default: m.AddToCartForm })),
);
