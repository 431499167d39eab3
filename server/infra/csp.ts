import { createHash } from 'node:crypto';

/**
 * Content-Security-Policy by hashes (ADR 006): a page's inline scripts are
 * allowed by their SHA-256, so the same HTML always carries the same policy
 * and one rendered page can be served to every visitor by the page cache and
 * a CDN. Script files come from our own origin ('self': hashed build assets;
 * nothing user-uploaded is ever served as a script, and JSON answers carry
 * nosniff) and, when a tag manager is configured, from its two hosts.
 * Injected inline markup runs nothing. ('strict-dynamic' does not fit: the
 * imports of a hash-allowed inline module would be blocked, since only a
 * nonce propagates to them.)
 */
const OPEN = Buffer.from('<script');
const CLOSE = Buffer.from('</script>');
const GT = 0x3e; // '>'

/**
 * 'sha256-…' sources for every inline <script> (those without src) of an HTML
 * document, read from its bytes: the body is hashed as sent, without decoding
 * the page into a string.
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  let at = html.indexOf(OPEN);
  while (at >= 0) {
    const tagEnd = html.indexOf(GT, at + OPEN.length);
    if (tagEnd < 0) break;
    const next = html[at + OPEN.length];
    // '<script>' or '<script ' — not '<scripts' or similar.
    const isTag = next === GT || next === 0x20 || next === 0x09 || next === 0x0a;
    const close = html.indexOf(CLOSE, tagEnd + 1);
    if (close < 0) break;
    if (isTag && !/\bsrc\s*=/i.test(html.toString('latin1', at, tagEnd))) {
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(html.subarray(tagEnd + 1, close))
          .digest('base64')}'`,
      );
    }
    at = html.indexOf(OPEN, close + CLOSE.length);
  }
  return [...hashes];
}

const COMMON = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  // The payment step's form is answered with a redirect to the provider's checkout.
  "form-action 'self' https://www.mollie.com",
  "object-src 'none'",
];

const TAG_MANAGER_HOSTS = ['https://www.googletagmanager.com', 'https://www.google-analytics.com'];

/** The policy of an HTML page; development allows Vite's inline scripts and HMR socket. */
export function pageCsp(html: Buffer, { dev = false, tagManager = false } = {}): string {
  if (dev) return [...COMMON, "script-src 'self' 'unsafe-inline'", "connect-src 'self' ws:"].join('; ');
  const hosts = tagManager ? TAG_MANAGER_HOSTS : [];
  const scripts = ["'self'", ...inlineScriptHashes(html), ...hosts];
  return [...COMMON, `script-src ${scripts.join(' ')}`, `connect-src ${["'self'", ...hosts].join(' ')}`].join('; ');
}

/** Everything that is not a page (JSON, files): nothing may run or be framed. */
export const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
