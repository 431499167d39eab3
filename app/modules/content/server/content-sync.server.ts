import type { Scope } from '#app/platform/server/deps.ts';
import type { ContentEntry, EntryLink } from '#app/platform/integrations/content/port.ts';
import { deleteArticlesNotIn, saveSyncedEntries, type SyncedEntry } from '#app/modules/content/db/content-sync.server.ts';

/** Articles asked for per request of the content service. */
export const SYNC_PAGE_SIZE = 100;

/** Linked entries that are copied with the articles: categories, so category titles and filters work on the copy. */
const COPIED_LINKED_TYPES: ReadonlySet<string> = new Set(['category']);

export type ContentSyncReport =
  | { skipped: true; reason: string }
  | {
      skipped: false;
      /** Articles the content service listed. */
      articles: number;
      /** Rows inserted or changed: articles, and their categories. */
      written: { articles: number; categories: number };
      /** Articles deleted because the content service no longer has them. */
      deleted: number;
      /** Whether the listing was complete and consistent (only then is anything deleted). */
      complete: boolean;
      pages: number;
    };

type Fields = Record<string, unknown>;

const isEntry = (v: unknown): v is ContentEntry =>
  typeof v === 'object' && v !== null && 'sys' in v && 'fields' in v && typeof v.fields === 'object';

const linkTo = (id: string): EntryLink => ({ sys: { type: 'Link', linkType: 'Entry', id } });

/** A date of `sys`; the content service always sends one, but a row must never get an invalid date. */
function dateOf(value: string, fallback: Date): Date {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : date;
}

/**
 * A resolved entry back in the shape the table keeps (the CMS shape of
 * content/*.json): every linked entry in a field, or in a list field, becomes
 * a link object again, and is handed to `onLinked`. Assets stay inline, as
 * the adapters return them.
 */
function toSynced(entry: ContentEntry, now: Date, onLinked: (linked: ContentEntry) => void): SyncedEntry {
  const unresolve = (value: unknown): unknown => {
    if (!isEntry(value)) return value;
    onLinked(value);
    return linkTo(value.sys.id);
  };
  const fields: Fields = {};
  for (const [key, value] of Object.entries(entry.fields)) {
    fields[key] = Array.isArray(value) ? value.map(unresolve) : unresolve(value);
  }
  const createdAt = dateOf(entry.sys.createdAt, now);
  return {
    id: entry.sys.id,
    contentType: entry.sys.contentType,
    fields,
    createdAt,
    updatedAt: dateOf(entry.sys.updatedAt, createdAt),
  };
}

/**
 * Keeps the search copy of the content service's articles in the database
 * (ADR 007 job `sync-search-content`). Site search (app/modules/content/db/search.server.ts)
 * reads articles from `content_entries`; with the local adapter they are
 * there already, with Contentful they are not. So: page through every
 * article (ordered by id, linked entries resolved one level), upsert each
 * page and its articles' categories in one transaction, and then, only when
 * the whole listing succeeded and was consistent, delete the articles the
 * content service no longer has. A failed request throws (the job is
 * retried); what was saved before it stays, nothing is deleted.
 */
export async function syncSearchContent(s: Scope): Promise<ContentSyncReport> {
  if (s.content.kind === 'local') {
    return { skipped: true, reason: 'the local content adapter reads content_entries itself' };
  }
  const now = new Date();
  const seen = new Set<string>();
  const written = { articles: 0, categories: 0 };
  let total: number | undefined;
  let consistent = true;
  let pages = 0;
  for (let skip = 0; ; skip += SYNC_PAGE_SIZE) {
    const page = await s.content.getEntries<Fields>({
      contentType: 'article',
      order: 'sys.id',
      limit: SYNC_PAGE_SIZE,
      skip,
      include: 1,
    });
    pages++;
    // Articles added or removed while we page shift the pages: one may be missed, so do not delete this time.
    if (total !== undefined && page.total !== total) consistent = false;
    total ??= page.total;
    const linked: SyncedEntry[] = [];
    const articles = page.items.map((item) =>
      toSynced(item, now, (entry) => {
        if (COPIED_LINKED_TYPES.has(entry.sys.contentType)) linked.push(toSynced(entry, now, () => {}));
      }),
    );
    for (const article of articles) seen.add(article.id);
    const saved = await saveSyncedEntries(s.db, { articles, linked });
    written.articles += saved.articles;
    written.categories += saved.linked;
    if (page.items.length === 0 || skip + SYNC_PAGE_SIZE >= page.total) break;
  }
  const complete = consistent && seen.size === total;
  const deleted = complete ? await deleteArticlesNotIn(s.db, [...seen]) : [];
  const report: ContentSyncReport = {
    skipped: false,
    articles: seen.size,
    written,
    deleted: deleted.length,
    complete,
    pages,
  };
  if (complete) s.logger.info(report, 'search copy of the articles synced');
  else s.logger.warn({ ...report, total }, 'article listing changed while syncing; nothing deleted this time');
  return report;
}
