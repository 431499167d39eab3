import { lazy } from 'react';

/** An article's license-code block, its code loaded only on articles that have one (spec §2). */
export const LazyLicenseBlock = lazy(() => import('./license-block.tsx'));
