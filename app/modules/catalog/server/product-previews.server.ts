import { readFileSync } from 'node:fs';
import path from 'node:path';
import { levelLabel } from '#app/platform/levels.ts';
import { productTypeLabel } from '#app/modules/catalog/domain/products.ts';
import { parseProductPreviews, type PreviewSample } from '#app/modules/catalog/schemas/product-previews.ts';
import type { PreviewBlock, PreviewPage } from '#app/modules/catalog/schemas/views.ts';

/**
 * The preview copy (inkijkexemplaar, spec §3 EXAMEN_INKIJKEXEMPLAAR) of a
 * product: its cover and three sample pages, written per subject and laid out
 * per product type — an exam bundle shows its contents, a sample exam question
 * and its worked answer; a summary its contents, key terms and a self-test; an
 * exam idiom its contents, a word list and how to learn the words.
 *
 * The text per subject is content: content/product-previews.json (format:
 * app/modules/catalog/schemas/product-previews.ts), read once when this module
 * loads. Like the seed's content files it is found from the working directory,
 * the repository root (`npm start`, `npm run dev`, the tests).
 */

/** content/product-previews.json, relative to the working directory. */
const PREVIEWS_FILE = path.join('content', 'product-previews.json');

/** The sample text per subject, in the file's order; a missing or invalid file stops the server with its problems. */
function readSamples(file: string): ReadonlyMap<string, PreviewSample> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path.resolve(process.cwd(), file), 'utf8'));
  } catch (error) {
    throw new Error(`${file}: cannot read the preview copies' text: ${(error as Error).message}`, { cause: error });
  }
  const parsed = parseProductPreviews(raw, file);
  if (!parsed.success) throw new Error(`${file} is invalid (npm run content:validate):\n${parsed.errors.join('\n')}`);
  return new Map(parsed.data.map((sample) => [sample.subject, sample]));
}

const SAMPLES = readSamples(PREVIEWS_FILE);

/** Page numbers of chapters spread over a book of `pages` pages, after its introduction. */
function chapterPages(count: number, first: number, pages: number): number[] {
  const step = Math.max(2, Math.floor((pages * 0.55 - first) / Math.max(1, count)));
  return Array.from({ length: count }, (_, i) => first + i * step);
}

interface PreviewProduct {
  name: string;
  productType: string;
  level: string;
  subject: string;
  pages: number | null;
  image: string;
}

function bundlePages(sample: PreviewSample, pages: number): PreviewPage[] {
  const starts = chapterPages(sample.chapters.length, 8, pages);
  const examStart = Math.round(pages * 0.55);
  const questionPage = (starts[1] ?? 12) + 4;
  return [
    {
      kind: 'page',
      title: 'Inhoud',
      pageNumber: 3,
      blocks: [
        {
          kind: 'contents',
          entries: [
            { title: 'Zo werk je met deze bundel', page: 5 },
            ...sample.chapters.map((title, i) => ({ title, page: starts[i] ?? 8 })),
            { title: 'Oefenexamen 1', page: examStart },
            { title: 'Oefenexamen 2', page: examStart + Math.round(pages * 0.12) },
            { title: 'Uitwerkingen', page: examStart + Math.round(pages * 0.25) },
          ],
        },
      ],
    },
    {
      kind: 'page',
      title: `Examentraining: ${sample.chapters[1] ?? sample.chapters[0] ?? ''}`,
      pageNumber: questionPage,
      blocks: [
        { kind: 'paragraph', text: sample.question.context },
        { kind: 'question', label: 'Vraag 1', points: sample.question.points, text: sample.question.text },
      ],
    },
    {
      kind: 'page',
      title: 'Uitwerking vraag 1',
      pageNumber: questionPage + 1,
      blocks: [
        { kind: 'list', items: [...sample.answer] },
        { kind: 'tip', text: sample.tip },
      ],
    },
  ];
}

function summaryPages(p: PreviewProduct, sample: PreviewSample, pages: number): PreviewPage[] {
  const starts = chapterPages(sample.chapters.length, 6, Math.round(pages * 1.6));
  return [
    {
      kind: 'page',
      title: 'Inhoud',
      pageNumber: 3,
      blocks: [
        {
          kind: 'contents',
          entries: [
            ...sample.chapters.map((title, i) => ({ title, page: starts[i] ?? 6 })),
            { title: 'Begrippenlijst', page: pages - 12 },
            { title: 'Test jezelf: examenvragen', page: pages - 6 },
          ],
        },
      ],
    },
    {
      kind: 'page',
      title: `Hoofdstuk 1 · ${sample.chapters[0] ?? ''}`,
      pageNumber: starts[0] ?? 6,
      blocks: [
        {
          kind: 'paragraph',
          text: `De begrippen die je voor het examen ${levelLabel(p.level)} moet kunnen uitleggen, kort en in gewone taal.`,
        },
        { kind: 'terms', entries: [...sample.terms] },
      ],
    },
    {
      kind: 'page',
      title: 'Test jezelf',
      pageNumber: pages - 6,
      blocks: [
        { kind: 'paragraph', text: sample.question.context },
        { kind: 'question', label: 'Vraag 1', points: sample.question.points, text: sample.question.text },
        { kind: 'tip', text: sample.tip },
      ],
    },
  ];
}

function idiomPages(sample: PreviewSample, pages: number): PreviewPage[] {
  const words = sample.words ?? sample.terms;
  const wordBlock: PreviewBlock = { kind: 'terms', entries: [...words] };
  return [
    {
      kind: 'page',
      title: 'Inhoud',
      pageNumber: 3,
      blocks: [
        {
          kind: 'contents',
          entries: [
            { title: 'Zo gebruik je dit examenidioom', page: 4 },
            { title: 'Signaalwoorden en vaste uitdrukkingen', page: 6 },
            { title: 'Thema: school en werk', page: Math.round(pages * 0.25) },
            { title: 'Thema: milieu en samenleving', page: Math.round(pages * 0.45) },
            { title: 'Thema: media en technologie', page: Math.round(pages * 0.65) },
            { title: 'Woordenlijst van A tot Z', page: Math.round(pages * 0.82) },
          ],
        },
      ],
    },
    {
      kind: 'page',
      title: 'Zo leer je de woorden',
      pageNumber: 4,
      blocks: [
        {
          kind: 'list',
          items: [
            'Leer elke dag tien woorden en herhaal ze twee dagen later nog een keer.',
            'Lees de voorbeeldzin hardop: zo onthoud je het woord in zijn verband.',
            'Streep woorden die je zeker kent weg, zodat je tijd overhoudt voor de lastige.',
            'Oefen met de leerkaarten in Mijn Slaagbundel; die laten de woorden zien die je nog niet kent.',
          ],
        },
        { kind: 'tip', text: sample.tip },
      ],
    },
    { kind: 'page', title: 'Signaalwoorden en vaste uitdrukkingen', pageNumber: 6, blocks: [wordBlock] },
  ];
}

/**
 * The preview copy of a product: the cover and three sample pages; null when
 * the product has none (hasPreview false) or its subject has no sample text.
 */
export function previewPages(product: PreviewProduct & { hasPreview: boolean }): PreviewPage[] | null {
  const sample = SAMPLES.get(product.subject);
  if (!product.hasPreview || !sample) return null;
  const pages = product.pages ?? 120;
  const cover: PreviewPage = {
    kind: 'cover',
    title: `Omslag: ${productTypeLabel(product.productType)} ${levelLabel(product.level)}`,
    image: product.image,
  };
  const inside =
    product.productType === 'samenvatting'
      ? summaryPages(product, sample, pages)
      : product.productType === 'examenidioom'
        ? idiomPages(sample, pages)
        : bundlePages(sample, pages);
  return [cover, ...inside];
}

/** The subjects that have preview text: every subject a preview copy may be of. */
export const PREVIEW_SUBJECTS: readonly string[] = [...SAMPLES.keys()];
