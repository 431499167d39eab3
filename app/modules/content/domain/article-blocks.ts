/**
 * The blocks an editor can embed in an article's rich text (spec §2 "lazily
 * loaded product blocks"), each on a line of its own:
 *
 * | source                       | block                                                        |
 * | ---------------------------- | ------------------------------------------------------------ |
 * | `[[product: SKU]]`           | the product, linking to its page                             |
 * | `[[inkijkexemplaar: SKU]]`   | the product with its preview copy                            |
 * | `[[in-winkelwagen: SKU]]`    | the product with an add-to-cart button                       |
 * | `[[examencheck: SKU]]`       | the exam check of the product's subject in Mijn Slaagbundel  |
 * | `[[licentiecode]]`           | activating the license code from the back of a book          |
 * | `[[nieuwsbrief]]`            | the newsletter sign-up (double opt-in)                       |
 * | `[[examenrooster]]`          | the CvTE timetables published, and the plan's estimate else  |
 *
 * One grammar for the renderer (app/platform/server/rich-text.server.ts) and the
 * content validator (content/validate.ts). Unknown blocks, and blocks
 * without the reference they need, are dropped.
 */
export const BLOCK_LINE = /^[ \t]*\[\[\s*([a-z-]+)\s*(?::\s*([A-Za-z0-9-]+)\s*)?\]\][ \t]*$/gm;

export type ProductBlockKind = 'product' | 'product-preview' | 'add-to-cart' | 'exam-check';

/** An embedded block as written, before its product is looked up. */
export type PlainBlockKind = 'newsletter' | 'license' | 'exam-timetable';
export type EmbeddedBlock = { kind: ProductBlockKind; sku: string } | { kind: PlainBlockKind };

const PRODUCT_BLOCKS: Record<string, ProductBlockKind> = {
  product: 'product',
  inkijkexemplaar: 'product-preview',
  'in-winkelwagen': 'add-to-cart',
  examencheck: 'exam-check',
};
const PLAIN_BLOCKS: Record<string, PlainBlockKind> = {
  nieuwsbrief: 'newsletter',
  licentiecode: 'license',
  examenrooster: 'exam-timetable',
};

/** The block a `[[name: ref]]` line stands for, or null when it is not one we know. */
export function toEmbeddedBlock(name: string, ref: string | undefined): EmbeddedBlock | null {
  const plain = PLAIN_BLOCKS[name];
  if (plain) return ref ? null : { kind: plain };
  const kind = PRODUCT_BLOCKS[name];
  return kind && ref ? { kind, sku: ref } : null;
}

export const isProductBlock = (block: EmbeddedBlock): block is { kind: ProductBlockKind; sku: string } =>
  'sku' in block;
