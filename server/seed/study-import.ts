/**
 * Importing study content outside the server's start: a database
 * migrated and seeded with the demo content, then one subject's study content
 * replaced by a given file (format app/modules/study/schemas/study-content.ts). The study
 * bench uses it for a subject of 240 cards; it is the seed's own import.
 */
import { and, eq } from 'drizzle-orm';
import { openDatabase, type DatabaseOptions } from '#app/db/client.server.ts';
import { subjects } from '#app/modules/catalog/index.server.ts';
import { seedDemoData } from './demo-data.ts';
import { importStudyContent } from '#app/modules/study/index.server.ts';
import { studySubjectFileSchema } from '#app/modules/study/index.ts';

export async function seedWithStudyFile(options: DatabaseOptions, file: unknown): Promise<void> {
  const data = studySubjectFileSchema.parse(file);
  const database = await openDatabase(options);
  try {
    await database.migrate();
    await seedDemoData(database.db);
    const [row] = await database.db
      .select({ id: subjects.id })
      .from(subjects)
      .where(and(eq(subjects.slug, data.subject.slug), eq(subjects.levelName, data.subject.level)));
    if (!row) throw new Error(`no subject ${data.subject.slug} ${data.subject.level} in the demo content`);
    await importStudyContent(
      database.db,
      [{ name: `${data.subject.level}-${data.subject.slug}.json`, data, text: JSON.stringify(data) }],
      new Map([[`${data.subject.slug} ${data.subject.level}`, row.id]]),
    );
  } finally {
    await database.close();
  }
}
