import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { contentEntries } from '#app/db/schema/content.ts';
import { excluded } from '#app/db/upsert.server.ts';

/** One entry as the search copy stores it: the CMS shape (`sys` columns, `fields` with links as link objects). */
export interface SyncedEntry {
  id: string;
  contentType: string;
  fields: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

/** The row that lost an upsert conflict: `excluded.<column>`. */

/**
 * Inserts the entries or updates them in place. A row whose type, fields and
 * `updated_at` are all the same is left alone: rewriting it would only
 * recompute its search columns (0006_search_documents.sql) and churn the WAL
 * on every sync. Returns how many rows were written (inserted or changed).
 */
async function upsert(db: Db, entries: SyncedEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const written = await db
    .insert(contentEntries)
    .values(entries)
    .onConflictDoUpdate({
      target: contentEntries.id,
      set: {
        contentType: excluded(contentEntries.contentType),
        fields: excluded(contentEntries.fields),
        createdAt: excluded(contentEntries.createdAt),
        updatedAt: excluded(contentEntries.updatedAt),
      },
      setWhere: sql`(${contentEntries.contentType}, ${contentEntries.fields}, ${contentEntries.updatedAt})
        is distinct from (${excluded(contentEntries.contentType)}, ${excluded(contentEntries.fields)}, ${excluded(contentEntries.updatedAt)})`,
    })
    .returning({ id: contentEntries.id });
  return written.length;
}

/**
 * Saves one page of synced articles and the entries they link to (their
 * categories) in one transaction, the linked entries first. An id given twice
 * is saved once (the last one wins): PostgreSQL refuses to update a row twice
 * in one statement.
 */
export async function saveSyncedEntries(
  db: Db,
  { articles, linked }: { articles: SyncedEntry[]; linked: SyncedEntry[] },
): Promise<{ articles: number; linked: number }> {
  const unique = (entries: SyncedEntry[]) => [...new Map(entries.map((e) => [e.id, e])).values()];
  const articleIds = new Set(articles.map((a) => a.id));
  return db.transaction(async (tx) => {
    const linkedWritten = await upsert(tx, unique(linked.filter((e) => !articleIds.has(e.id))));
    const articlesWritten = await upsert(tx, unique(articles));
    return { articles: articlesWritten, linked: linkedWritten };
  });
}

/**
 * Deletes the articles whose id is not in `keep` (the complete listing of the
 * content service); returns the ids deleted. The ids travel as one JSON
 * parameter, so no listing is too long for the protocol's parameter limit.
 */
export async function deleteArticlesNotIn(db: Db, keep: readonly string[]): Promise<string[]> {
  const deleted = await db
    .delete(contentEntries)
    .where(
      and(
        eq(contentEntries.contentType, 'article'),
        sql`${contentEntries.id} not in (select jsonb_array_elements_text(${JSON.stringify(keep)}::jsonb))`,
      ),
    )
    .returning({ id: contentEntries.id });
  return deleted.map((row) => row.id);
}
