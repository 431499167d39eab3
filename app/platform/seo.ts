/**
 * Search engines: the sitemap and robots.txt as text, from
 * plain data. Paths are site-relative; the public origin (PUBLIC_URL) makes
 * them absolute.
 */

export interface SitemapEntry {
  /** Site-relative path, starting with '/'. */
  path: string;
  /** Last change, ISO 8601, when known. */
  lastModified?: string | undefined;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** An absolute URL of a path on the public origin (no double slash, no trailing slash on the origin). */
export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The sitemap protocol's XML (sitemaps.org 0.9); duplicates are listed once, in the order given. */
export function sitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const seen = new Set<string>();
  const urls = entries
    .filter((entry) => (seen.has(entry.path) ? false : (seen.add(entry.path), true)))
    .map((entry) => {
      const lastmod = entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified.slice(0, 10))}</lastmod>` : '';
      return `<url><loc>${escapeXml(absoluteUrl(publicUrl, entry.path))}</loc>${lastmod}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Paths no search engine needs: the personal area, the API, the shop's checkout and the developer pages. */
export const DISALLOWED_PATHS = ['/mijnslaagbundel', '/api/', '/winkelwagen', '/afrekenen', '/dev/'] as const;

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
