/**
 * The calibration's history: its runs (calibration_runs), their figures (calibration_figures) and their CE band
 * figures (calibration_ce_figures).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { calibrationCeFigures, calibrationFigures, calibrationRuns } from './tables.ts';

export type FigureRow = Omit<typeof calibrationFigures.$inferInsert, 'id' | 'runId'>;
export type CeFigureRow = Omit<typeof calibrationCeFigures.$inferInsert, 'id' | 'runId'>;

/** Keeps a run, its figures and its CE band figures, in one transaction. */
export async function insertRun(
  db: Db,
  run: Omit<typeof calibrationRuns.$inferInsert, 'id'>,
  figures: readonly FigureRow[],
  ceFigures: readonly CeFigureRow[] = [],
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(calibrationRuns).values(run).returning({ id: calibrationRuns.id });
    if (figures.length > 0) await tx.insert(calibrationFigures).values(figures.map((f) => ({ ...f, runId: row!.id })));
    if (ceFigures.length > 0) {
      await tx.insert(calibrationCeFigures).values(ceFigures.map((f) => ({ ...f, runId: row!.id })));
    }
    return row!.id;
  });
}

/** A run's CE band figures, every subject together first, then by subject name. */
export function ceFiguresOfRun(db: Db, runId: number) {
  return db
    .select()
    .from(calibrationCeFigures)
    .where(eq(calibrationCeFigures.runId, runId))
    .orderBy(
      sql`${calibrationCeFigures.subjectKey} is not null`,
      asc(calibrationCeFigures.subjectName),
      asc(calibrationCeFigures.id),
    );
}

/** The overall CE band figures of these runs (for the history), one row per run and basis. */
export function overallCeFiguresOf(db: Db, runIds: readonly number[]) {
  if (runIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(calibrationCeFigures)
    .where(and(inArray(calibrationCeFigures.runId, [...runIds]), sql`${calibrationCeFigures.subjectKey} is null`));
}

/** The newest `limit` runs, newest first. */
export function latestRuns(db: Db, limit: number) {
  return db.select().from(calibrationRuns).orderBy(desc(calibrationRuns.ranAt), desc(calibrationRuns.id)).limit(limit);
}

/** A run's figures, every subject together first, then by subject name. */
export function figuresOfRun(db: Db, runId: number) {
  return db
    .select()
    .from(calibrationFigures)
    .where(eq(calibrationFigures.runId, runId))
    .orderBy(
      sql`${calibrationFigures.subjectId} is not null`,
      asc(calibrationFigures.subjectName),
      asc(calibrationFigures.id),
    );
}

/** The overall figures of these runs (for the history), one row per run and set of predictions. */
export function overallFiguresOf(db: Db, runIds: readonly number[]) {
  if (runIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      runId: calibrationFigures.runId,
      predictions: calibrationFigures.predictions,
      reviews: calibrationFigures.reviews,
      logLoss: calibrationFigures.logLoss,
      rmseBins: calibrationFigures.rmseBins,
    })
    .from(calibrationFigures)
    .where(and(inArray(calibrationFigures.runId, [...runIds]), sql`${calibrationFigures.subjectId} is null`));
}
