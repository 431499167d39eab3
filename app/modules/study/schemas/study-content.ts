import { LEVEL_ORDER } from '#app/platform/levels.ts';
import { CARD_SECTIONS, DIFFICULTIES, EXAM_TYPES } from '#app/modules/cards/index.ts';
import { z } from '#app/platform/schemas/z.ts';

/**
 * The file format of the study area's demo content: one file per
 * subject in `content/study/<level>-<subject slug>.json` (or uploaded in the back office, ADR 034), imported
 * into the study tables by the seed or a publication (app/modules/study/server/content-import.server.ts) and
 * checked by ./study-content-checks.ts (`npm run content:validate` and the upload). Rich text is Markdown with formulas in KaTeX
 * syntax (`$…$` inline, `$$…$$` on lines of their own); raw HTML is dropped.
 * Keys are stable: re-importing a file keeps the ids (and so every pupil's
 * learned marks and results) of the entries whose key stayed the same.
 */

/** The format's own messages (English, as `npm run content:validate` prints them; the back office says them in Dutch). */
export const STUDY_FORMAT_MESSAGES = {
  KEY: 'a key is kebab-case: lower-case letters, digits and hyphens',
  ONE_CORRECT: 'exactly one option is correct',
} as const;

const key = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: STUDY_FORMAT_MESSAGES.KEY })
  .max(80);
const text = (max: number) => z.string().trim().min(1).max(max);
const markdown = (max: number) => z.string().trim().min(1).max(max);

export const studyTopicSchema = z.strictObject({
  key,
  name: text(80),
});

/** A parent topic (a chapter) with its topics; cards and questions name topics, never parents. */
export const studyParentTopicSchema = z.strictObject({
  key,
  name: text(80),
  topics: z.array(studyTopicSchema).min(1).max(12),
});

export const studyCardSchema = z.strictObject({
  key,
  title: text(120),
  /** One or more topic keys (leaf topics). */
  topics: z.array(key).min(1).max(4),
  section: z.enum(CARD_SECTIONS),
  examType: z.enum(EXAM_TYPES),
  difficulty: z.enum(DIFFICULTIES),
  /** Part of the light stream: what a pupil with light access may study. */
  light: z.boolean().default(false),
  /** Marked as new content (a pupil sees a "Nieuw" badge until they open it). */
  new: z.boolean().default(false),
  /** A sheet to print or save as pdf (a formula sheet, a checklist): not counted as learnable. */
  download: z.boolean().default(false),
  /** The card's text: theory, a worked example, or (section 'oefenen'/'examenvragen') the question. */
  body: markdown(6000),
  /** The worked answer of a practice or exam question, shown on request. */
  answer: markdown(6000).optional(),
});

const choiceOptionSchema = z.strictObject({
  text: markdown(600),
  correct: z.boolean().default(false),
});

export const studyChoiceQuestionSchema = z.strictObject({
  kind: z.literal('choice'),
  topic: key,
  prompt: markdown(3000),
  options: z
    .array(choiceOptionSchema)
    .min(2)
    .max(6)
    .refine((options) => options.filter((o) => o.correct).length === 1, {
      error: STUDY_FORMAT_MESSAGES.ONE_CORRECT,
    }),
  /** Why the right answer is right; shown with the results. */
  explanation: markdown(2000),
});

export const studyOpenQuestionSchema = z.strictObject({
  kind: z.literal('open'),
  topic: key,
  prompt: markdown(3000),
  /** The model answer the pupil compares their own answer with. */
  modelAnswer: markdown(3000),
  /** One point each, as in a correction model: "1p: de afgeleide is …". The question's maximum is their number. */
  scoringPoints: z.array(text(400)).min(1).max(6),
});

export const studyQuestionSchema = z.discriminatedUnion('kind', [studyChoiceQuestionSchema, studyOpenQuestionSchema]);

export const studyTestSchema = z.strictObject({
  key,
  title: text(100),
  description: text(400),
  /** Open to pupils with light access. */
  light: z.boolean().default(false),
  questions: z.array(studyQuestionSchema).min(15).max(40),
});

export const studyIdiomSchema = z.strictObject({
  term: text(80),
  meaning: text(500),
  example: text(500),
});

export const studySubjectFileSchema = z.strictObject({
  subject: z.strictObject({ slug: key, level: z.enum(LEVEL_ORDER) }),
  /** What the subject covers, for pupils (the subject page, the upsell without access). Markdown. */
  about: markdown(2000),
  /** For teachers: what it covers and how to use it in class. Markdown. */
  teachers: markdown(4000),
  parentTopics: z.array(studyParentTopicSchema).min(2).max(12),
  cards: z.array(studyCardSchema).min(40).max(400),
  /** The key of the card with corrections to the printed bundle (errata), if any. */
  correctionsCard: key.optional(),
  tests: z.array(studyTestSchema).min(2).max(10),
  idioms: z.array(studyIdiomSchema).min(10).max(200),
  buddy: z.strictObject({
    name: text(60),
    intro: text(400),
    /**
     * Groups of the subject's words that mean the same to a pupil's question (a word, a phrase or a formula:
     * ["afgeleide", "differentiëren", "kettingregel"]): the buddy searches each for the others (docs/buddy.md).
     */
    synonyms: z
      .array(z.array(text(60)).min(2).max(12))
      .max(200)
      .default([]),
  }),
  /** Slugs of articles in content/articles.json that help with this subject. */
  articles: z.array(key).max(10).default([]),
});

export type StudySubjectFile = z.output<typeof studySubjectFileSchema>;
export type StudyQuestion = z.output<typeof studyQuestionSchema>;
