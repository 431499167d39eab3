/**
 * The API's documentation: the OpenAPI 3.1 document and a Scalar API
 * reference that runs entirely from our own origin. Scalar's browser bundle
 * is read from node_modules once and served under a content-hashed name with
 * a year's cache; fonts from Scalar's CDN, telemetry, the AI agent and the
 * developer toolbar are switched off, and the page's own CSP allows nothing
 * from elsewhere (so whatever Scalar might still try to fetch is blocked).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, Env } from 'hono';
import { routePath } from 'hono/route';
import { chooseEncoding } from '#server/infra/compression.ts';
import { etagMatches } from '#server/infra/prepared-page.ts';

/**
 * Scalar renders with a style element and inline styles (hence
 * 'unsafe-inline' for styles only) and runs no inline script: its
 * configuration is a JSON data block. It probes `new Function` once (zod's
 * JIT check, caught), so no 'unsafe-eval'. `blob:` for workers and
 * downloads of the document it builds in the page.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Our settings for Scalar: nothing is loaded from or sent to Scalar's servers. */
const SCALAR_CONFIGURATION = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  hideClientButton: true,
  defaultOpenAllTags: true,
};

interface Asset {
  name: string;
  identity: Buffer;
  etag: string;
  encoded?: Promise<{ br: Buffer; gzip: Buffer }>;
}

let scalarAsset: Asset | undefined;

/** Scalar's standalone bundle, read once per process. */
function scalar(): Asset {
  if (!scalarAsset) {
    const require = createRequire(import.meta.url);
    const identity = readFileSync(require.resolve('@scalar/api-reference/browser/standalone.js'));
    const hash = createHash('sha256').update(identity).digest('hex').slice(0, 16);
    scalarAsset = { name: `scalar.${hash}.js`, identity, etag: `"${hash}"` };
  }
  return scalarAsset;
}

/** Compressed once, on the first request that can use it (brotli level 9 takes about a second). */
function encoded(asset: Asset) {
  asset.encoded ??= Promise.all([
    promisify(brotliCompress)(asset.identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: asset.identity.length },
    }),
    promisify(gzip)(asset.identity, { level: 9 }),
  ]).then(([br, gz]) => ({ br, gzip: gz }));
  return asset.encoded;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The docs page: a JSON data block Scalar reads at start, and its bundle. No inline script. */
export function docsPage(specUrl: string, scriptUrl: string): string {
  const configuration = escapeHtml(JSON.stringify({ ...SCALAR_CONFIGURATION, url: specUrl }));
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>Slaagbundel API</title>
</head>
<body>
<script id="api-reference" type="application/json" data-url="${escapeHtml(specUrl)}" data-configuration="${configuration}"></script>
<script src="${escapeHtml(scriptUrl)}"></script>
</body>
</html>
`;
}

const OPENAPI_INFO = {
  title: 'Slaagbundel API',
  version: '1.0.0',
  description: [
    'JSON API of the Slaagbundel shop (spec §7). Paths are relative to the API base `/api`.',
    '',
    'Every error answers with the `ApiError` shape: `status`, a machine-readable `error`, a Dutch `message`,',
    'and for invalid input `fieldErrors` with Dutch messages per field.',
    '',
    'Writes (every method but GET, HEAD, OPTIONS) accept only `application/json` from this site',
    '(a foreign `Origin` answers 403), at most 16 KB unless a route says otherwise (`x-max-body-bytes`),',
    'and a limited number of requests per client (`x-rate-limit`); beyond it 429 with `Retry-After`.',
  ].join('\n'),
};

const TAGS = [
  { name: 'Producten', description: 'The product catalogue (public, cacheable).' },
  { name: 'Toestemming', description: 'Proof of cookie consent: one record per visitor and choice.' },
  { name: 'Foutmeldingen', description: 'Error reports from the browser, passed to the error reporter.' },
  { name: 'Contact', description: 'Messages to customer service from the contact form.' },
  { name: 'Zoeken', description: 'Search over products and articles (public, cacheable).' },
  { name: 'Nieuwsbrief', description: 'Newsletter sign-up with double opt-in: confirmed by a link in a mail.' },
  {
    name: 'Accounts',
    description:
      'Sign-up, sign-in, e-mail verification, passwords (the accounts library under /auth), the auth host ' +
      '(whether someone is signed in, login without a prompt, logout) and the signed-in user.',
  },
  { name: 'Vakken', description: 'School subjects, the signed-in user’s subjects and the codes from bought books.' },
];

/** Mount base of the running route: '/api' for '/api/docs' registered as '/docs'. */
function baseOf(c: Context, ownPath: string): string {
  const pattern = routePath(c);
  return pattern.endsWith(ownPath) ? pattern.slice(0, -ownPath.length) : '';
}

export interface ExtraOpenApi {
  paths: Record<string, Record<string, unknown>>;
  schemas: Record<string, unknown>;
}

/**
 * Adds GET /openapi.json, GET /docs and the docs' script to an API app.
 * `extra` adds paths described elsewhere (the accounts library's endpoints).
 */
export function addDocs<E extends Env>(api: OpenAPIHono<E>, extra?: () => Promise<ExtraOpenApi>): void {
  let document: Promise<unknown> | undefined;
  // User routes name this scheme: the session cookie Better Auth sets on sign-in (app/modules/accounts/server/auth.server.ts).
  api.openAPIRegistry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'slaagbundel.session_token',
    description: 'The session cookie set by POST /api/auth/sign-in/email (HttpOnly, SameSite=Lax).',
  });
  api.get('/openapi.json', async (c) => {
    document ??= (async () => {
      const own = api.getOpenAPI31Document({
        openapi: '3.1.0',
        info: OPENAPI_INFO,
        servers: [{ url: baseOf(c, '/openapi.json') || '/', description: 'This site' }],
        tags: TAGS,
      });
      if (!extra) return own;
      const more = await extra();
      return {
        ...own,
        paths: { ...own.paths, ...more.paths },
        components: { ...own.components, schemas: { ...more.schemas, ...own.components?.schemas } },
      };
    })();
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(await document);
  });

  api.get('/docs', (c) => {
    const base = baseOf(c, '/docs');
    c.header('Content-Security-Policy', DOCS_CSP);
    c.header('Cache-Control', 'public, max-age=60');
    return c.html(docsPage(`${base}/openapi.json`, `${base}/docs/${scalar().name}`));
  });

  api.get('/docs/:asset', async (c, next) => {
    const asset = scalar();
    if (c.req.param('asset') !== asset.name) return next();
    const headers: Record<string, string> = {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': DOCS_CSP,
      ETag: asset.etag,
      Vary: 'Accept-Encoding',
    };
    if (etagMatches(c.req.header('If-None-Match'), asset.etag)) return c.body(null, 304, headers);
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'), asset.identity.length);
    const body = encoding ? (await encoded(asset))[encoding] : asset.identity;
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(body.length);
    return c.body(new Uint8Array(body), 200, headers);
  });
}
