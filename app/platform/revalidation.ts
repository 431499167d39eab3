import type { ShouldRevalidateFunction } from 'react-router';

/**
 * A route's `shouldRevalidate` that keeps its data on the clicks `keeps` names (the data cannot have changed
 * on the way): a form always revalidates, and so does the same address again (a reload, `revalidate()`);
 * every other navigation follows React Router's default.
 */
export function keepDataOnClick(keeps: (current: URL, next: URL) => boolean): ShouldRevalidateFunction {
  return ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
    formMethod === undefined && currentUrl.href !== nextUrl.href && keeps(currentUrl, nextUrl)
      ? false
      : defaultShouldRevalidate;
}
