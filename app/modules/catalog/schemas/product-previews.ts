import { z } from '#app/platform/schemas/z.ts';

/**
 * The file format of the preview copies' sample text (inkijkexemplaar, spec §3
 * EXAMEN_INKIJKEXEMPLAAR): `content/product-previews.json`, an array with one
 * entry per school subject. The server lays each entry out as the sample pages
 * of every product of that subject, per product type
 * (app/modules/catalog/server/product-previews.server.ts); `npm run
 * content:validate` checks the file. Texts are plain Dutch text, no Markdown.
 */

const subjectSlug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'a subject slug is kebab-case, as in school-subjects.json' });
/** Plain text: not empty, no spaces at either end (texts are shown exactly as written). */
const text = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((s) => s.trim() === s, { error: 'no spaces or line breaks at the start or the end' });

/** A term with its explanation, or a word or phrase with its translation and an example. */
export const previewTermSchema = z.strictObject({
  term: text(60),
  text: text(200),
});

export const previewSampleSchema = z.strictObject({
  /** The school subject (a slug of content/school-subjects.json) whose products show this text. */
  subject: subjectSlug,
  /** Chapters of the book, in order: the contents page lists them; the sample question is from the second. */
  chapters: z.array(text(80)).min(1).max(10),
  /** A sample exam question: the source or context, the question and its points. */
  question: z.strictObject({
    context: text(600),
    text: text(400),
    points: z.int().min(1).max(10),
  }),
  /** The worked answer, step by step. */
  answer: z.array(text(300)).min(1).max(8),
  tip: text(300),
  /** Key terms as a summary explains them. */
  terms: z.array(previewTermSchema).min(1).max(10),
  /** For language subjects: words and phrases with a translation and an example (an exam idiom's word list). */
  words: z.array(previewTermSchema).min(1).max(20).optional(),
});

export const productPreviewsFileSchema = z
  .array(previewSampleSchema)
  .min(1)
  .superRefine((samples, ctx) => {
    const seen = new Set<string>();
    samples.forEach((sample, i) => {
      if (seen.has(sample.subject))
        ctx.addIssue({ code: 'custom', path: [i, 'subject'], message: `subject "${sample.subject}" is used twice` });
      seen.add(sample.subject);
    });
  });

export type PreviewTerm = z.output<typeof previewTermSchema>;
export type PreviewSample = z.output<typeof previewSampleSchema>;
export type ProductPreviewsFile = z.output<typeof productPreviewsFileSchema>;

/** An issue's path as written in the file: `terms[2].text`. */
function pathText(path: readonly PropertyKey[]): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? String(k) : `.${String(k)}`)).join('');
}

/**
 * Parses the JSON value of content/product-previews.json. On failure, one line
 * per problem (at most 20) naming the file, the entry with its subject and the
 * path inside it: `product-previews.json[3] frans: question.points: …`.
 */
export function parseProductPreviews(
  raw: unknown,
  file = 'product-previews.json',
): { success: true; data: ProductPreviewsFile } | { success: false; errors: string[] } {
  const parsed = productPreviewsFileSchema.safeParse(raw);
  if (parsed.success) return { success: true, data: parsed.data };
  const errors = parsed.error.issues.slice(0, 20).map((issue) => {
    const [index, ...rest] = issue.path;
    if (typeof index !== 'number') return `${file}: ${issue.message}`;
    const entry: unknown = Array.isArray(raw) ? raw[index] : undefined;
    const subject = typeof entry === 'object' && entry !== null ? (entry as { subject?: unknown }).subject : undefined;
    const where = `${file}[${index}]${typeof subject === 'string' && subject ? ` ${subject}` : ''}`;
    return rest.length ? `${where}: ${pathText(rest)}: ${issue.message}` : `${where}: ${issue.message}`;
  });
  return { success: false, errors };
}
