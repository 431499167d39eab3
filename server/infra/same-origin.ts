/**
 * Whether a write comes from another site (CSRF). A browser's `Origin` must
 * be PUBLIC_URL's origin: the site's one public address, never the `Host`
 * header (behind a proxy Host names the internal server, and a client
 * chooses it freely). Without `Origin`, a `Sec-Fetch-Site` other than
 * same-origin/none is foreign. Neither header (curl, server to server) is not
 * a browser acting for someone: it passes. Used by the API's write guard and
 * by page form posts alike.
 */
export function isForeignWrite(headers: Headers, publicUrl: string): boolean {
  const origin = headers.get('origin');
  if (origin !== null) return origin !== originOf(publicUrl);
  const site = headers.get('sec-fetch-site');
  return site !== null && site !== 'same-origin' && site !== 'none';
}

/** The origin of a URL (scheme, host, port), or undefined when it is no URL (then nothing matches it). */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
