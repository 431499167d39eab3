/**
 * The study content in integration tests: a subject's id and its cards, and a runtime seeded with generated
 * study files.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { subjects } from '#app/modules/catalog/db/tables.ts';
import { cards } from '#app/modules/cards/db/tables.ts';
import { studySubjectSchema } from '#app/modules/study/schemas/subject.ts';
import { seedDemoData } from '#server/seed/demo-data.ts';
import { generatedStudyFile } from '../support/study-fixture.ts';
import { answered, apiCall, type Who } from './http.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

/** The id of a school subject of the seeded catalogue at a level (havo unless said). */
export async function subjectIdOf(db: Database['db'], slug: string, level = 'havo'): Promise<number> {
  const [row] = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.slug, slug), eq(subjects.levelName, level)));
  if (!row) throw new Error(`no subject ${slug} ${level}`);
  return row.id;
}

/**
 * A subject's cards in reading order: the corrections card (as GET /subject/{id} names it to `caller`, who has
 * access), the sheets to print (downloads), and the others: the cards a pupil learns and reviews.
 */
export async function cardsOf(rt: TestRuntime, caller: Who, subjectId: number) {
  const overview = studySubjectSchema.parse(await answered(await apiCall(rt, caller, 'GET', `/subject/${subjectId}`)));
  const corrections = overview.stream.correctionsCardId;
  const rows = await rt.database.db
    .select({ id: cards.id, isDownload: cards.isDownload })
    .from(cards)
    .where(eq(cards.subjectId, subjectId))
    .orderBy(asc(cards.position), asc(cards.id));
  return {
    corrections,
    sheets: rows.filter((card) => card.isDownload).map((card) => card.id),
    learnable: rows.filter((card) => !card.isDownload && card.id !== corrections).map((card) => card.id),
  };
}

/** The first card of a subject in reading order (no sheet) that its light stream opens, or (light: false) does not. */
export async function firstCardOf(db: Database['db'], subjectId: number, { light }: { light: boolean }) {
  const [row] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.subjectId, subjectId), eq(cards.light, light), eq(cards.isDownload, false)))
    .orderBy(asc(cards.position))
    .limit(1);
  if (!row) throw new Error(`no ${light ? 'light' : 'full-only'} card in subject ${subjectId}`);
  return row.id;
}

/**
 * A runtime seeded with the demo content, its study files replaced by generated ones
 * (tests/support/study-fixture.ts) so that every count is known: a havo file of `cards` cards for each of
 * `slugs`. The content is copied to a temporary folder, which close() removes.
 */
export async function createGeneratedStudyRuntime({
  slugs,
  cards,
  env = {},
}: {
  slugs: readonly string[];
  cards: number;
  env?: Record<string, string>;
}): Promise<TestRuntime> {
  const contentDir = mkdtempSync(path.join(tmpdir(), 'generated-study-content-'));
  try {
    cpSync(path.resolve('content'), contentDir, { recursive: true });
    rmSync(path.join(contentDir, 'study'), { recursive: true, force: true });
    mkdirSync(path.join(contentDir, 'study'));
    for (const slug of slugs) {
      writeFileSync(
        path.join(contentDir, 'study', `havo-${slug}.json`),
        JSON.stringify(generatedStudyFile(slug, 'havo', cards)),
      );
    }
    const rt = await createTestRuntime({ seed: false, env });
    try {
      await seedDemoData(rt.database.db, { contentDir });
    } catch (error) {
      await rt.close();
      throw error;
    }
    // A replaced method rather than a copy of the runtime: `services` is a getter, a fresh scope on each read.
    const close = rt.close.bind(rt);
    rt.close = async () => {
      try {
        await close();
      } finally {
        rmSync(contentDir, { recursive: true, force: true });
      }
    };
    return rt;
  } catch (error) {
    rmSync(contentDir, { recursive: true, force: true });
    throw error;
  }
}
