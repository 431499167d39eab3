import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '#app/db/client.server.ts';
import { appMeta } from '#app/db/schema/meta.ts';
import { products, subjects } from '#app/modules/catalog/index.server.ts';
import { bundleProducts, bundles } from '#app/modules/bundles/index.server.ts';
import { contentEntries } from '#app/db/schema/content.ts';
import { licenseCodes } from '#app/modules/licenses/index.server.ts';
import { LEVEL_ORDER, type Level } from '#app/platform/levels.ts';
import { contentProductId } from '#app/modules/catalog/index.ts';
import { importStudyContent, readStudyFiles, type StudyImportCounts } from '#app/modules/study/index.server.ts';
import { importTimetables } from '#app/modules/exam-data/index.server.ts';

/** Files under content/ that hold content-service entries. */
export const CONTENT_ENTRY_FILES = [
  'levels.json',
  'school-subjects.json',
  'categories.json',
  'articles.json',
  'navigation-items.json',
  'navigation.json',
  'config.json',
  'footer-logos.json',
  'pages.json',
] as const;

const entrySchema = z.object({
  sys: z.object({
    id: z.string().min(1),
    contentType: z.string().min(1),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
  }),
  fields: z.record(z.string(), z.unknown()),
});

const productSchema = z.object({
  sku: z.string().min(1),
  name: z.string().min(1),
  slug: z.string().min(1),
  productType: z.string().min(1),
  level: z.string().min(1),
  subject: z.string().min(1),
  brand: z.string().min(1),
  eanCode: z.string().regex(/^\d{13}$/),
  priceCents: z.number().int().nonnegative(),
  isOrderable: z.enum(['Y', 'N']),
  totalQuantity: z.number().int().nonnegative(),
  hasPreview: z.boolean(),
  description: z.string(),
  highlights: z.array(z.string()),
  pages: z.number().int().positive().optional(),
  featured: z.boolean(),
});

const bundleSchema = z.object({
  slug: z.string().min(1),
  name: z.string().min(1),
  level: z.string().min(1),
  productSkus: z.array(z.string()).min(1),
  description: z.string(),
});

/** The school subjects' fields the study subjects are made of (content/school-subjects.json). */
const schoolSubjectFieldsSchema = z.object({
  slug: z.string().min(1),
  title: z.string().min(1),
  levels: z.array(z.string()),
});

const SEED_HASH_KEY = 'demo_seed_hash';

/**
 * Part of the seed's hash: change it when the seed starts writing rows of a
 * new kind, so a database seeded before gets them on its next start even
 * though content/ did not change.
 */
const SEED_VERSION = 'study-content-2';

/** Level and product type whose products get a demo license code (README, demo accounts). */
const DEMO_LICENSE_LEVEL = 'havo';
const DEMO_LICENSE_PRODUCT_TYPE = 'examenbundel';

/**
 * A demo license code of a product: 'SB-HAVO-WB-2027', 1 → 'SB27-HAVO-WB-0001'
 * (brand, the exam year's last two digits, the SKU's level and subject, a number).
 */
export function demoLicenseCode(sku: string, serial: number): string {
  const parts = sku.split('-');
  const year = parts.at(-1) ?? '';
  return [`${parts[0]}${year.slice(-2)}`, ...parts.slice(1, -1), String(serial).padStart(4, '0')].join('-');
}

const isLevel = (name: string): name is Level => (LEVEL_ORDER as readonly string[]).includes(name);

/**
 * The study subjects: one row per school subject and level it is taught at,
 * positioned in the order of content/school-subjects.json.
 */
function subjectRows(entries: readonly z.infer<typeof entrySchema>[]) {
  return entries
    .filter((entry) => entry.sys.contentType === 'schoolSubject')
    .flatMap((entry, position) => {
      const fields = schoolSubjectFieldsSchema.parse(entry.fields);
      return LEVEL_ORDER.filter((level) => fields.levels.includes(level)).map((levelName) => ({
        slug: fields.slug,
        name: fields.title,
        levelName,
        position,
      }));
    });
}

/** The row that lost an upsert conflict: `excluded.<column>`. */
const excluded = (column: { name: string }) => sql.raw(`excluded."${column.name}"`);

async function readJson<T>(dir: string, file: string, schema: z.ZodType<T>, hash: ReturnType<typeof createHash>) {
  const text = await readFile(path.join(dir, file), 'utf8');
  hash.update(file).update(text);
  return z.array(schema).parse(JSON.parse(text) as unknown);
}

/** First sentence of a description: the intro the content service carries for a product. */
function firstSentence(text: string): string {
  const end = text.search(/[.!?](\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

function contentProductEntry(p: z.infer<typeof productSchema>): z.infer<typeof entrySchema> {
  return {
    sys: { id: contentProductId(p.sku), contentType: 'product' },
    fields: {
      sku: p.sku,
      title: p.name,
      slug: p.slug,
      level: p.level,
      subject: p.subject,
      productType: p.productType,
      intro: firstSentence(p.description),
    },
  };
}

export interface SeedReport {
  contentEntries: number;
  products: number;
  bundles: number;
  subjects: number;
  licenseCodes: number;
  /** The study area's content (content/study/*.json). */
  study: StudyImportCounts;
  /** True when this exact content was seeded before and nothing was written. */
  unchanged: boolean;
}

/**
 * Idempotent demo seed: upserts every entry, product and bundle from
 * `content/` by its stable key, so running it twice changes nothing.
 */
export async function seedDemoData(
  db: Db,
  { contentDir = path.resolve(process.cwd(), 'content'), force = false } = {},
): Promise<SeedReport> {
  // The CvTE timetables the demo pupils plan to (once, into a database without any: staff keep them after).
  await importTimetables(db, contentDir);
  const hash = createHash('sha256').update(SEED_VERSION);
  const entries: z.infer<typeof entrySchema>[] = [];
  for (const file of CONTENT_ENTRY_FILES) entries.push(...(await readJson(contentDir, file, entrySchema, hash)));
  const productList = await readJson(contentDir, 'products.json', productSchema, hash);
  const bundleList = await readJson(contentDir, 'bundles.json', bundleSchema, hash);
  // The content side of every product (spec §7 'product'): its copy, keyed by SKU, as a content-service entry.
  for (const p of productList) entries.push(contentProductEntry(p));
  const studyFiles = await readStudyFiles(contentDir, hash);
  const digest = hash.digest('hex');
  const subjectList = subjectRows(entries);
  const licensed = productList.filter(
    (p) => p.level === DEMO_LICENSE_LEVEL && p.productType === DEMO_LICENSE_PRODUCT_TYPE && isLevel(p.level),
  );
  const counts = {
    contentEntries: entries.length,
    products: productList.length,
    bundles: bundleList.length,
    subjects: subjectList.length,
    licenseCodes: licensed.length,
    study: {
      studySubjects: studyFiles.length,
      cards: studyFiles.reduce((n, f) => n + f.data.cards.length, 0),
      tests: studyFiles.reduce((n, f) => n + f.data.tests.length, 0),
      questions: studyFiles.reduce((n, f) => n + f.data.tests.reduce((m, t) => m + t.questions.length, 0), 0),
      idioms: studyFiles.reduce((n, f) => n + f.data.idioms.length, 0),
    },
  };

  // The same content was seeded before: skip the writes (fast restarts, no WAL churn).
  const [seeded] = await db.select().from(appMeta).where(eq(appMeta.key, SEED_HASH_KEY));
  if (!force && seeded?.value === digest) return { ...counts, unchanged: true };

  await db.transaction(async (tx) => {
    await tx
      .insert(contentEntries)
      .values(
        entries.map((entry) => {
          const createdAt = entry.sys.createdAt ? new Date(entry.sys.createdAt) : new Date();
          const updatedAt = entry.sys.updatedAt ? new Date(entry.sys.updatedAt) : createdAt;
          return { id: entry.sys.id, contentType: entry.sys.contentType, fields: entry.fields, createdAt, updatedAt };
        }),
      )
      .onConflictDoUpdate({
        target: contentEntries.id,
        set: {
          contentType: excluded(contentEntries.contentType),
          fields: excluded(contentEntries.fields),
          updatedAt: excluded(contentEntries.updatedAt),
        },
      });
    const productRows = await tx
      .insert(products)
      .values(
        productList.map((p) => ({
          sku: p.sku,
          slug: p.slug,
          name: p.name,
          productType: p.productType,
          levelSlug: p.level,
          subjectSlug: p.subject,
          brand: p.brand,
          eanCode: p.eanCode,
          priceCents: p.priceCents,
          isOrderable: p.isOrderable,
          totalQuantity: p.totalQuantity,
          hasPreview: p.hasPreview,
          description: p.description,
          highlights: p.highlights,
          pages: p.pages ?? null,
          featured: p.featured,
        })),
      )
      .onConflictDoUpdate({
        target: products.sku,
        set: {
          slug: excluded(products.slug),
          name: excluded(products.name),
          productType: excluded(products.productType),
          levelSlug: excluded(products.levelSlug),
          subjectSlug: excluded(products.subjectSlug),
          brand: excluded(products.brand),
          eanCode: excluded(products.eanCode),
          priceCents: excluded(products.priceCents),
          isOrderable: excluded(products.isOrderable),
          totalQuantity: excluded(products.totalQuantity),
          hasPreview: excluded(products.hasPreview),
          description: excluded(products.description),
          highlights: excluded(products.highlights),
          pages: excluded(products.pages),
          featured: excluded(products.featured),
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: products.id, sku: products.sku });
    const idBySku = new Map(productRows.map((r) => [r.sku, r.id]));
    for (const b of bundleList) {
      const [row] = await tx
        .insert(bundles)
        .values({ slug: b.slug, name: b.name, levelSlug: b.level, description: b.description })
        .onConflictDoUpdate({
          target: bundles.slug,
          set: { name: b.name, levelSlug: b.level, description: b.description },
        })
        .returning({ id: bundles.id });
      if (!row) throw new Error(`Bundle ${b.slug} was not saved`);
      await tx.delete(bundleProducts).where(sql`${bundleProducts.bundleId} = ${row.id}`);
      await tx.insert(bundleProducts).values(
        b.productSkus.map((sku, position) => {
          const productId = idBySku.get(sku);
          if (productId === undefined) throw new Error(`Bundle ${b.slug} names unknown product ${sku}`);
          return { bundleId: row.id, productId, position };
        }),
      );
    }
    // Reference data: the study subjects (their ids stay the same on every run).
    const subjectIds = await tx
      .insert(subjects)
      .values(subjectList)
      .onConflictDoUpdate({
        target: [subjects.slug, subjects.levelName],
        set: { name: excluded(subjects.name), position: excluded(subjects.position) },
      })
      .returning({ id: subjects.id, slug: subjects.slug, levelName: subjects.levelName });
    const subjectIdOf = new Map(subjectIds.map((r) => [`${r.slug} ${r.levelName}`, r.id]));
    // One unredeemed demo license code per havo exam bundle; a code redeemed before stays redeemed.
    const codes = licensed.map((p) => {
      const productId = idBySku.get(p.sku);
      const subjectId = subjectIdOf.get(`${p.subject} ${p.level}`);
      if (productId === undefined || subjectId === undefined) {
        throw new Error(`Product ${p.sku} has no subject ${p.subject} at ${p.level}`);
      }
      return {
        code: demoLicenseCode(p.sku, 1),
        productId,
        subjectId,
        seats: null as number | null,
        examYear: null as number | null,
      };
    });
    // Two demo class licences per class licence product (issue 31, README): 30 seats, and 2 to see seats run out.
    for (const p of productList.filter((product) => product.productType === 'klaslicentie')) {
      const productId = idBySku.get(p.sku);
      const subjectId = subjectIdOf.get(`${p.subject} ${p.level}`);
      if (productId === undefined || subjectId === undefined) continue;
      const examYear = Number(p.sku.split('-').at(-1)) || null;
      codes.push(
        { code: demoLicenseCode(p.sku, 1), productId, subjectId, seats: 30, examYear },
        { code: demoLicenseCode(p.sku, 2), productId, subjectId, seats: 2, examYear },
      );
    }
    if (codes.length > 0) await tx.insert(licenseCodes).values(codes).onConflictDoNothing();
    // The study area's content of the subjects that have it.
    await importStudyContent(tx, studyFiles, subjectIdOf);
    await tx
      .insert(appMeta)
      .values({ key: SEED_HASH_KEY, value: digest })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: digest, updatedAt: sql`now()` } });
  });
  return { ...counts, unchanged: false };
}
