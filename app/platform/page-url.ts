/**
 * The page a request is for: a client-side navigation or form post asks for
 * the page's data as '/path.data?_routes=…' ('/_root.data' for '/'), which a
 * guard or a redirect must read as '/path'.
 */
export function pageUrl(requestUrl: string): URL {
  const url = new URL(requestUrl);
  if (url.pathname.endsWith('.data')) {
    url.pathname = url.pathname === '/_root.data' ? '/' : url.pathname.slice(0, -'.data'.length);
    url.searchParams.delete('_routes');
    url.searchParams.delete('index');
  }
  return url;
}
