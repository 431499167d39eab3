import { createClient, type EntriesQueries, type EntrySkeletonType } from 'contentful';
import type { Logger } from 'pino';
import type { ContentEntry, ContentPort, EntryCollection, EntryQuery } from './port.ts';

export interface ContentfulAdapterOptions {
  space: string;
  /** A Content Delivery API token (or a Preview API token with host preview.contentful.com). */
  accessToken: string;
  /** Default 'master'. */
  environment?: string;
  /** Default 'cdn.contentful.com'; 'host:port' for a local fake. */
  host?: string;
  /** Plain http instead of https (a local fake only). */
  insecure?: boolean;
  /**
   * Retries after a 429, a 5xx or a lost connection. The SDK would retry 5
   * times, waiting about 18 s in all; a page should not wait that long for
   * content, so 2 (about 5 s) unless set. 0 fails at once.
   */
  retryLimit?: number;
  /** Time limit of one request in ms; default 10 s (the SDK's is 30 s). */
  timeoutMs?: number;
  /** Where the SDK's own warnings (retries) go; without it they are dropped, not printed to the console. */
  logger?: Logger;
}

/** The query string of the Content Delivery API, as the SDK sends it. */
export type ContentfulQuery = Record<string, string | number | boolean>;

const MAX_LIMIT = 1000;
const MAX_INCLUDE = 10;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * Our EntryQuery as Content Delivery API search parameters. The `where` keys
 * are already in the API's syntax (`fields.slug`, `fields.category.sys.id`,
 * `fields.category.sys.contentType.sys.id` + `fields.category.fields.slug`)
 * and pass as they are; `include` and `limit` are kept within the API's
 * bounds, as the local adapter keeps them.
 */
export function toContentfulQuery(query: EntryQuery): ContentfulQuery {
  const params: ContentfulQuery = { content_type: query.contentType };
  if (query.include !== undefined) params.include = clamp(query.include, 0, MAX_INCLUDE);
  if (query.order) params.order = query.order;
  if (query.limit !== undefined) params.limit = clamp(query.limit, 0, MAX_LIMIT);
  if (query.skip !== undefined) params.skip = Math.max(query.skip, 0);
  for (const [key, value] of Object.entries(query.where ?? {})) params[key] = value;
  return params;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const sysOf = (value: unknown): Json | undefined => (isObject(value) && isObject(value.sys) ? value.sys : undefined);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A resolved Asset in the shape our content has: `{ sys: { id }, title, file: { url } }`. */
function toAsset(asset: Json): Json {
  const fields = isObject(asset.fields) ? asset.fields : {};
  const file = isObject(fields.file) ? fields.file : {};
  return { sys: { id: text(sysOf(asset)?.id) }, title: text(fields.title), file: { url: text(file.url) } };
}

/**
 * A resolved entry of the SDK in our ContentEntry shape. Linked entries are
 * mapped the same way; a link back to an entry already on the path from the
 * top (a cycle, which the SDK resolves into a circular object graph) is
 * dropped, so the result is a finite tree that services can walk and JSON can
 * hold. Links the SDK could not resolve (missing, or beyond the include
 * depth) are dropped too: from lists, and single fields become undefined.
 */
function toEntry(entry: Json, ancestors: ReadonlySet<string>): ContentEntry {
  const sys = sysOf(entry) ?? {};
  const id = text(sys.id);
  const path = new Set(ancestors).add(id);
  const value = (v: unknown): unknown => {
    switch (sysOf(v)?.type) {
      case 'Entry':
        return path.has(text(sysOf(v)?.id)) ? undefined : toEntry(v as Json, path);
      case 'Asset':
        return toAsset(v as Json);
      case 'Link':
      case 'ResourceLink':
        return undefined;
      default:
        return v;
    }
  };
  const fields: Json = {};
  for (const [key, v] of Object.entries(isObject(entry.fields) ? entry.fields : {})) {
    const mapped = Array.isArray(v) ? v.map(value).filter((x) => x !== undefined) : value(v);
    if (mapped !== undefined) fields[key] = mapped;
  }
  return {
    sys: {
      id,
      contentType: text(sysOf(sys.contentType)?.id),
      createdAt: text(sys.createdAt),
      updatedAt: text(sys.updatedAt),
    },
    fields,
  };
}

/** The `contentful` adapter: the Contentful Content Delivery API through the official SDK (spec §7). */
export function createContentfulContentAdapter(options: ContentfulAdapterOptions): ContentPort {
  const { logger } = options;
  const client = createClient({
    space: options.space,
    accessToken: options.accessToken,
    environment: options.environment ?? 'master',
    ...(options.host ? { host: options.host } : {}),
    insecure: options.insecure ?? false,
    retryLimit: options.retryLimit ?? 2,
    timeout: options.timeoutMs ?? 10_000,
    logHandler: (level, data) => {
      if (!logger) return;
      if (level === 'error') logger.error({ err: data }, 'contentful');
      else if (level === 'warning') logger.warn({ detail: data }, 'contentful');
      else logger.debug({ detail: data }, 'contentful');
    },
  });

  return {
    kind: 'contentful',
    async getEntries<F>(query: EntryQuery): Promise<EntryCollection<F>> {
      // The SDK types its query per content model; ours is built at run time.
      const params = toContentfulQuery(query) as EntriesQueries<EntrySkeletonType, undefined>;
      const response = await client.getEntries(params);
      const items = (response.items as unknown as Json[]).map((entry) => toEntry(entry, new Set()));
      return {
        items: items as ContentEntry<F>[],
        total: response.total,
        skip: response.skip,
        limit: response.limit,
      };
    },
  };
}
