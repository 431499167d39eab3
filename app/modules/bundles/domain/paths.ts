/** The bundles' list page (spec §2). */
export const BUNDLES_PATH = '/producten/voordeelpakketten';

/** Path of a bundle page: /producten/voordeelpakketten/{id}/{slug} (spec §2). */
export function bundlePath(id: number, slug: string): string {
  return `${BUNDLES_PATH}/${id}/${slug}`;
}
