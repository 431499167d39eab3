/**
 * Whether a write comes from another site (CSRF). A browser's `Origin` must
 * be the request's own origin or PUBLIC_URL's. Without `Origin`, a
 * `Sec-Fetch-Site` other than same-origin/none is foreign. Neither header
 * (curl, server to server) is not a browser acting for someone: it passes.
 * Used by the API's write guard and by page form posts alike.
 */
export function isForeignWrite(headers: Headers, requestUrl: string, publicUrl: string | undefined): boolean {
  const origin = headers.get('origin');
  if (origin !== null) return origin !== originOf(requestUrl) && origin !== originOf(publicUrl);
  const site = headers.get('sec-fetch-site');
  return site !== null && site !== 'same-origin' && site !== 'none';
}

function originOf(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}
