/**
 * What every bench shares: where the repository and the results are, the
 * consent cookie, the database of `--postgres`, and the browser a bench
 * pretends to be. See bench/README.md.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RESULTS_DIR = join(ROOT, 'bench', 'results');
/** The consent cookie: all categories accepted, so pages render without the cookie notice. */
export const CONSENT_COOKIE = 'gdpr_cookie=*,1,GTM:1';
/** `npm run bench -- --postgres` without BENCH_DATABASE_URL. */
export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/slaagbundel_bench';
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
/** A browser's request headers for a page (its accept-encoding too), without cookies. */
export const PAGE_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'br, gzip',
  'accept-language': 'nl-NL,nl;q=0.9',
  'user-agent': BROWSER_UA,
};
