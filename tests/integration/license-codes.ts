/** Licence codes for the back office's tests (issue 32): a pool of unredeemed codes of an exam bundle, a batch. */
import { and, eq } from 'drizzle-orm';
import { products, subjects } from '#app/modules/catalog/db/tables.ts';
import { insertBatch, insertCodes } from '#app/modules/licenses/index.server.ts';
import type { TestRuntime } from './test-db.ts';

export interface CodePool {
  productId: number;
  subjectId: number;
  productName: string;
  batchId: number;
  /** The pool's first code (never used up by `next`). */
  first: string;
  /** A code no call used yet. */
  next(): string;
}

/** The havo exam bundle of a subject (by the product's SKU) with its subject. */
export async function bundleOf(rt: TestRuntime, sku = 'SB-HAVO-WB-2027') {
  const [row] = await rt.database.db
    .select({ productId: products.id, name: products.name, subjectId: subjects.id })
    .from(products)
    .innerJoin(subjects, and(eq(subjects.slug, products.subjectSlug), eq(subjects.levelName, products.levelSlug)))
    .where(eq(products.sku, sku));
  if (!row) throw new Error(`no product ${sku}`);
  return row;
}

/** `n` unredeemed codes of one exam bundle in a batch, 'SB-POOL-<tag>-0001' on. */
export async function codePool(rt: TestRuntime, n: number, tag = 'A'): Promise<CodePool> {
  const { productId, subjectId, name } = await bundleOf(rt);
  const { db } = rt.database;
  const codes = Array.from({ length: n }, (_, i) => `SB-POOL-${tag}-${String(i + 1).padStart(4, '0')}`);
  const batchId = await db.transaction(async (tx) => {
    const batch = await insertBatch(tx, { label: `Pool ${tag}`, productId, count: n, createdBy: null });
    await insertCodes(
      tx,
      codes.map((code) => ({ code, productId, subjectId, batchId: batch.id })),
      { kind: 'batch_created' },
    );
    return batch.id;
  });
  let used = 1;
  return {
    productId,
    subjectId,
    productName: name,
    batchId,
    first: codes[0]!,
    next: () => {
      const code = codes[used];
      if (!code) throw new Error('the code pool is used up');
      used += 1;
      return code;
    },
  };
}
