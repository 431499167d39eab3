/**
 * Port of the headless content service (spec §7). Entries have the shape of
 * a CMS delivery API: `sys` metadata and a `fields` document. Links between
 * entries are resolved in place up to `include` levels deep, as the
 * delivery SDKs do.
 */
export interface EntrySys {
  id: string;
  contentType: string;
  createdAt: string;
  updatedAt: string;
}

export interface ContentEntry<F = Record<string, unknown>> {
  sys: EntrySys;
  fields: F;
}

export interface EntryLink {
  sys: { type: 'Link'; linkType: 'Entry'; id: string };
}

export interface EntryQuery {
  contentType: string;
  /** How many levels of linked entries to resolve (0–10; default 1). */
  include?: number;
  /** e.g. `fields.title`, `-fields.publishDate` (descending), `sys.createdAt`. */
  order?: string;
  limit?: number;
  skip?: number;
  /** Equality filters on field paths, e.g. `{ 'fields.slug': 'plannen', 'fields.category.sys.id': 'cat-1' }`. */
  where?: Record<string, string | number | boolean>;
}

export interface EntryCollection<F = Record<string, unknown>> {
  items: ContentEntry<F>[];
  total: number;
  skip: number;
  limit: number;
}

export interface ContentPort {
  /**
   * Where the entries come from: `local` reads our own `content_entries`
   * table, `contentful` the Content Delivery API. Services that keep a copy of
   * the content in the database (the search copy, app/modules/content/server/content-sync.server.ts)
   * have nothing to copy from `local`.
   */
  readonly kind?: 'local' | 'contentful';
  getEntries<F = Record<string, unknown>>(query: EntryQuery): Promise<EntryCollection<F>>;
}

export function isEntryLink(value: unknown): value is EntryLink {
  if (typeof value !== 'object' || value === null || !('sys' in value)) return false;
  const sys = (value as { sys: unknown }).sys;
  return (
    typeof sys === 'object' &&
    sys !== null &&
    (sys as { type?: unknown }).type === 'Link' &&
    typeof (sys as { id?: unknown }).id === 'string'
  );
}
