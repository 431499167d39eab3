/**
 * A local fake of the Contentful Content Delivery API, enough for the
 * contract tests of the `contentful` content adapter: the entries endpoint
 * with the search parameters our services send, Contentful's JSON shapes
 * (items, `includes` of linked entries and assets, errors) and bearer-token
 * auth. Anything it does not understand is a 400 or 404, as in Contentful,
 * so an adapter that sends something new fails loudly here.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ContentEntry } from '#app/platform/integrations/content/port.ts';

export interface FakeContentfulOptions {
  space?: string;
  environment?: string;
  accessToken?: string;
  /** Answer requests for these content types with this status (e.g. `{ footerLogos: 500 }`). */
  failFor?: Record<string, number>;
}

export interface FakeContentful {
  /** `127.0.0.1:<port>`, for the SDK's `host` (with `insecure: true`). */
  host: string;
  space: string;
  environment: string;
  accessToken: string;
  /** The query of every entries request, in order. */
  requests: URLSearchParams[];
  /** The path of every request of any kind, in order. */
  paths: string[];
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
interface Link {
  sys: { type: 'Link'; linkType: 'Entry' | 'Asset'; id: string };
}
interface Doc {
  entry: ContentEntry;
  /** The fields as Contentful stores them: inline assets replaced by Asset links. */
  fields: Json;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isLink = (v: unknown): v is Link => isObject(v) && isObject(v.sys) && v.sys.type === 'Link';
/** Our inline asset shapes: `{ file: { url } }` (featured image) and `{ sys: { id }, title, file: { url } }` (logo). */
const isInlineAsset = (v: unknown): v is { sys?: { id?: string }; title?: string; file: { url: string } } =>
  isObject(v) && isObject(v.file) && typeof v.file.url === 'string';

class InvalidQuery extends Error {}

const MIME: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

export async function startFakeContentful(
  entries: ContentEntry[],
  opts: FakeContentfulOptions = {},
): Promise<FakeContentful> {
  const { space = 'fake-space', environment = 'master', accessToken = 'fake-delivery-token', failFor = {} } = opts;
  const requests: URLSearchParams[] = [];
  const paths: string[] = [];

  const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });
  const sys = (id: string, type: string, createdAt: string, updatedAt: string) => ({
    id,
    type,
    createdAt,
    updatedAt,
    locale: 'nl-NL',
    revision: 1,
    space: link('Space', space),
    environment: link('Environment', environment),
  });

  // Store every entry as Contentful would: its assets become Asset entities, linked from the field.
  const docs = new Map<string, Doc>();
  const assets = new Map<string, Json>();
  for (const entry of entries) {
    const { id, createdAt, updatedAt } = entry.sys;
    const toAssetLink = (value: unknown, fallbackId: string): unknown => {
      if (!isInlineAsset(value)) return value;
      const assetId = value.sys?.id ?? fallbackId;
      const url = value.file.url;
      const fileName = url.split('/').pop() ?? '';
      assets.set(assetId, {
        metadata: { tags: [], concepts: [] },
        sys: sys(assetId, 'Asset', createdAt, updatedAt),
        fields: {
          title: value.title ?? '',
          file: { url, fileName, contentType: MIME[fileName.split('.').pop() ?? ''] ?? 'application/octet-stream' },
        },
      });
      return link('Asset', assetId);
    };
    const fields: Json = {};
    for (const [key, value] of Object.entries(entry.fields)) {
      fields[key] = Array.isArray(value)
        ? value.map((v, i) => toAssetLink(v, `${id}-${key}-${i}`))
        : toAssetLink(value, `${id}-${key}`);
    }
    docs.set(id, { entry, fields });
  }

  const linksOf = (doc: Doc): Link[] => Object.values(doc.fields).flat().filter(isLink);
  const linked = (doc: Doc, field: string): Doc[] =>
    [doc.fields[field]]
      .flat()
      .filter(isLink)
      .map((l) => docs.get(l.sys.id))
      .filter((d): d is Doc => d !== undefined);
  // Equality on a field (on a list field: any element), and on the id of a link field.
  const equals = (value: unknown, wanted: string) => [value].flat().some((v) => !isLink(v) && String(v) === wanted);
  const linksTo = (value: unknown, id: string) => [value].flat().some((v) => isLink(v) && v.sys.id === id);

  /** One search parameter as a test on an entry; throws InvalidQuery for what Contentful would refuse. */
  function filter(key: string, value: string, params: URLSearchParams): (doc: Doc) => boolean {
    if (key === 'sys.id') return (d) => d.entry.sys.id === value;
    if (!key.startsWith('fields.')) throw new InvalidQuery(`Unknown parameter ${key}`);
    if (!params.has('content_type')) {
      throw new InvalidQuery('A Content Type ID is required when querying for Entries and involving fields.');
    }
    const [, field, rest] = /^fields\.(\w+)(.*)$/.exec(key) ?? [];
    if (!field) throw new InvalidQuery(`Unsupported parameter ${key}`);
    if (rest === '') return (d) => equals(d.fields[field], value);
    if (rest === '.sys.id') return (d) => linksTo(d.fields[field], value);
    if (rest === '.sys.contentType.sys.id')
      return (d) => linked(d, field).some((l) => l.entry.sys.contentType === value);
    const sub = /^\.fields\.(\w+)$/.exec(rest ?? '')?.[1];
    if (sub) {
      if (!params.has(`fields.${field}.sys.contentType.sys.id`)) {
        throw new InvalidQuery(`Searching on fields.${field}.fields needs fields.${field}.sys.contentType.sys.id.`);
      }
      return (d) => linked(d, field).some((l) => equals(l.fields[sub], value));
    }
    throw new InvalidQuery(`Unsupported parameter ${key}`);
  }

  function sortKey(order: string): (doc: Doc) => unknown {
    const path = order.replace(/^-/, '');
    if (/^sys\.(id|createdAt|updatedAt)$/.test(path)) return (d) => d.entry.sys[path.slice(4) as 'id'];
    const field = /^fields\.(\w+)$/.exec(path)?.[1];
    if (!field) throw new InvalidQuery(`Unsupported order ${order}`);
    return (d) => d.fields[field];
  }

  function int(params: URLSearchParams, name: string, fallback: number, max: number): number {
    const raw = params.get(name);
    if (raw === null) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0 || n > max) throw new InvalidQuery(`${name} must be an integer 0–${max}`);
    return n;
  }

  function search(params: URLSearchParams): Json {
    const include = int(params, 'include', 1, 10);
    const limit = int(params, 'limit', 100, 1000);
    const skip = int(params, 'skip', 0, Number.MAX_SAFE_INTEGER);
    const contentType = params.get('content_type');
    let found = [...docs.values()].filter((d) => contentType === null || d.entry.sys.contentType === contentType);
    for (const [key, value] of params) {
      if (!['content_type', 'include', 'limit', 'skip', 'order'].includes(key)) {
        found = found.filter(filter(key, value, params));
      }
    }
    const order = params.get('order');
    const key = order ? sortKey(order) : (d: Doc) => d.entry.sys.id;
    const sign = order?.startsWith('-') ? -1 : 1;
    const compare = (a: unknown, b: unknown): number =>
      typeof a === 'number' && typeof b === 'number' ? a - b : a === b ? 0 : String(a) < String(b) ? -1 : 1;
    found.sort((a, b) => sign * compare(key(a), key(b)) || compare(a.entry.sys.id, b.entry.sys.id));
    const page = found.slice(skip, skip + limit);

    // Linked entries and assets up to `include` levels deep, as Contentful puts them in `includes`.
    const includedEntries = new Map<string, Doc>();
    const includedAssets = new Map<string, Json>();
    let frontier = page;
    for (let level = 0; level < include && frontier.length > 0; level++) {
      const next: Doc[] = [];
      for (const l of frontier.flatMap(linksOf)) {
        const asset = l.sys.linkType === 'Asset' ? assets.get(l.sys.id) : undefined;
        if (asset) includedAssets.set(l.sys.id, asset);
        const doc = l.sys.linkType === 'Entry' ? docs.get(l.sys.id) : undefined;
        if (doc && !page.includes(doc) && !includedEntries.has(doc.entry.sys.id)) {
          includedEntries.set(doc.entry.sys.id, doc);
          next.push(doc);
        }
      }
      frontier = next;
    }
    const toItem = (d: Doc) => ({
      metadata: { tags: [], concepts: [] },
      sys: {
        ...sys(d.entry.sys.id, 'Entry', d.entry.sys.createdAt, d.entry.sys.updatedAt),
        contentType: link('ContentType', d.entry.sys.contentType),
      },
      fields: d.fields,
    });
    const includes: Json = {};
    if (includedEntries.size > 0) includes.Entry = [...includedEntries.values()].map(toItem);
    if (includedAssets.size > 0) includes.Asset = [...includedAssets.values()];
    return {
      sys: { type: 'Array' },
      total: found.length,
      skip,
      limit,
      items: page.map(toItem),
      ...(Object.keys(includes).length > 0 ? { includes } : {}),
    };
  }

  const error = (id: string, message: string, details?: Json) => ({
    sys: { type: 'Error', id },
    message,
    ...(details ? { details } : {}),
    requestId: `fake-${paths.length}`,
  });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    paths.push(url.pathname);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/vnd.contentful.delivery.v1+json' });
      res.end(JSON.stringify(body));
    };
    const route = /^\/spaces\/([^/]+)\/environments\/([^/]+)\/entries$/.exec(url.pathname);
    if (route) requests.push(url.searchParams);
    if (req.headers.authorization !== `Bearer ${accessToken}`) {
      return send(401, error('AccessTokenInvalid', 'The access token you sent could not be found or is invalid.'));
    }
    if (req.method !== 'GET' || !route || route[1] !== space || route[2] !== environment) {
      return send(404, error('NotFound', 'The resource could not be found.'));
    }
    const failure = failFor[url.searchParams.get('content_type') ?? ''];
    if (failure) return send(failure, error('ServerError', 'Internal server error.'));
    try {
      send(200, search(url.searchParams));
    } catch (e) {
      if (!(e instanceof InvalidQuery)) throw e;
      send(400, error('InvalidQuery', 'The query you sent was invalid.', { errors: [{ details: e.message }] }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    space,
    environment,
    accessToken,
    requests,
    paths,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}
