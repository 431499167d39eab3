import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { studyContentDrafts, type DraftCounts } from './tables.ts';

/** A draft without its text (the lists). */
export type DraftRow = Omit<typeof studyContentDrafts.$inferSelect, 'source'>;
/** A draft with its text. */
export type DraftWithSource = typeof studyContentDrafts.$inferSelect;

const { source: _source, ...listed } = getTableColumns(studyContentDrafts);

/** How many drafts the list shows (newest first). */
export const DRAFT_LIST_LIMIT = 200;

/** The newest drafts, without their texts. */
export function listDrafts(db: Db): Promise<DraftRow[]> {
  return db
    .select(listed)
    .from(studyContentDrafts)
    .orderBy(desc(studyContentDrafts.uploadedAt), desc(studyContentDrafts.id))
    .limit(DRAFT_LIST_LIMIT);
}

/** One draft with its text; locked to the end of the transaction with `lock`. */
export async function findDraft(db: Db, id: number, { lock = false } = {}): Promise<DraftWithSource | undefined> {
  const query = db.select().from(studyContentDrafts).where(eq(studyContentDrafts.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function insertDraft(
  db: Db,
  row: {
    subjectId: number;
    subjectSlug: string;
    levelName: string;
    source: string;
    counts: DraftCounts;
    newSubject: boolean;
    origin: 'upload' | 'content-service';
    uploadedBy: string;
    at: Date;
  },
): Promise<DraftRow> {
  const [saved] = await db
    .insert(studyContentDrafts)
    .values({
      subjectId: row.subjectId,
      subjectSlug: row.subjectSlug,
      levelName: row.levelName,
      source: row.source,
      counts: row.counts,
      newSubject: row.newSubject,
      origin: row.origin,
      status: 'draft',
      uploadedBy: row.uploadedBy,
      uploadedAt: row.at,
    })
    .returning(listed);
  return saved!;
}

/** Marks a draft published or discarded (the caller holds its lock and checked it is a draft). */
export async function decideDraft(
  db: Db,
  id: number,
  decision: { status: 'published' | 'discarded'; by: string; at: Date },
): Promise<DraftRow> {
  const [saved] = await db
    .update(studyContentDrafts)
    .set(
      decision.status === 'published'
        ? { status: 'published', publishedBy: decision.by, publishedAt: decision.at }
        : { status: 'discarded', discardedBy: decision.by, discardedAt: decision.at },
    )
    .where(eq(studyContentDrafts.id, id))
    .returning(listed);
  return saved!;
}
