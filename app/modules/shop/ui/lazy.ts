import { lazy } from 'react';

/** An article's license-code block, its code loaded only on articles that have one (spec §2). */
export const LazyLicenseBlock = lazy(() => import('./license-block.tsx'));

/** The shop's add-to-cart form in an article's block, loaded only on articles that have one (spec §2). */
export const LazyAddToCartForm = lazy(() =>
  import('./add-to-cart-form.tsx').then((m) => ({ default: m.AddToCartForm })),
);
