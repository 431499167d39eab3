/**
 * The back office's study content (issue 35, item 3): one schema per write, shared by the upload page's form, its
 * action and the API, and the views the pages and the API answer. The file's own checks are the study module's
 * (`checkStudyContent`): this schema only takes its text.
 */
import { LEVEL_ORDER } from '#app/platform/levels.ts';
import { rowId } from '#app/platform/schemas/fields.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { CARD_SECTIONS, DIFFICULTIES, EXAM_TYPES } from '#app/modules/cards/index.ts';
import { STUDY_CONTENT_MESSAGES as M } from '../domain/messages.ts';
import { STUDY_CONTENT_MAX_CHARS } from '../domain/paths.ts';

/** POST /v1/backoffice/study-content/drafts and the upload page: a subject's study file, as its text. */
export const uploadStudyContentSchema = z.object({
  text: z
    .string({ error: M.TEXT })
    .refine((text) => text.trim().length > 0, { error: M.TEXT })
    .refine((text) => text.length <= STUDY_CONTENT_MAX_CHARS, { error: M.TOO_LONG })
    .meta({
      description:
        'The study file’s text, exactly as the file holds it (so that each problem names its line): the format of ' +
        'content/study/<level>-<subject>.json (app/modules/study/schemas/study-content.ts), for a subject of the ' +
        'catalogue. At most 1,500,000 characters.',
      example: '{\n  "subject": { "slug": "geschiedenis", "level": "havo" },\n  …\n}',
    }),
});
export type UploadStudyContentInput = z.output<typeof uploadStudyContentSchema>;

/** POST /v1/backoffice/study-content/drafts/from-content-service and its form: the subject whose entry to take. */
export const fromContentServiceSchema = z.object({
  subject: z
    .string({ error: M.SUBJECT })
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: M.SUBJECT })
    .max(80, { error: M.SUBJECT })
    .meta({ description: 'The school subject’s slug.', example: 'geschiedenis' }),
  level: z.enum(LEVEL_ORDER, { error: M.LEVEL }),
});

/** A draft's id in a path. */
export const draftParamsSchema = z.object({ id: textNumber(rowId(M.NOT_FOUND)) });

export const STUDY_CONTENT_STATUSES = ['draft', 'published', 'discarded'] as const;
export const STUDY_CONTENT_STATUS_LABELS: Record<(typeof STUDY_CONTENT_STATUSES)[number], string> = {
  draft: 'Concept',
  published: 'Gepubliceerd',
  discarded: 'Verworpen',
};

export const studyContentCountsSchema = z.object({
  parentTopics: z.number().int(),
  topics: z.number().int(),
  cards: z.number().int(),
  tests: z.number().int(),
  questions: z.number().int(),
  idioms: z.number().int(),
});

/** A draft: whose subject, what it holds, who uploaded it and what became of it. */
export const studyContentDraftSchema = z.object({
  id: z.number().int(),
  subject: z.object({
    id: z.number().int(),
    slug: z.string(),
    level: z.enum(LEVEL_ORDER),
    name: z.string().meta({ example: 'Geschiedenis havo' }),
  }),
  status: z.enum(STUDY_CONTENT_STATUSES),
  origin: z.enum(['upload', 'content-service']),
  newSubject: z.boolean().meta({ description: 'The subject had no study content when the draft was uploaded.' }),
  counts: studyContentCountsSchema,
  uploadedBy: z.string().nullable().meta({ description: 'The staff member’s name.' }),
  uploadedAt: z.iso.datetime(),
  publishedBy: z.string().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  discardedBy: z.string().nullable(),
  discardedAt: z.iso.datetime().nullable(),
});
export type StudyContentDraftView = z.output<typeof studyContentDraftSchema>;

/** GET /v1/backoffice/study-content: the drafts, newest first. */
export const studyContentListSchema = z.object({ drafts: z.array(studyContentDraftSchema) });
export type StudyContentListView = z.output<typeof studyContentListSchema>;

/** A draft saved, or published or discarded: the draft and what the page says. */
export const studyContentAnswerSchema = z.object({ draft: studyContentDraftSchema, message: z.string() });

const changedEntries = z.object({
  kept: z.number().int().meta({ description: 'Entries whose key stays: their ids, and pupils’ work on them, stay.' }),
  added: z.number().int(),
  removed: z
    .array(z.object({ key: z.string(), title: z.string() }))
    .meta({ description: 'Entries whose key is gone: deleted, with pupils’ marks, reviews or attempts of them.' }),
});

/** What publishing a draft changes for the subject's pupils, by key. */
export const studyContentChangesSchema = z.object({
  newSubject: z.boolean(),
  cards: changedEntries,
  tests: changedEntries,
});

/** GET /v1/backoffice/study-content/drafts/{id} and its page: the draft as pupils would see it, rendered. */
export const studyContentPreviewSchema = z.object({
  draft: studyContentDraftSchema,
  changes: studyContentChangesSchema.nullable().meta({ description: 'Null once the draft is no draft any more.' }),
  aboutHtml: z.string(),
  teachersHtml: z.string(),
  chapters: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      topics: z.array(z.object({ key: z.string(), name: z.string(), cards: z.number().int() })),
    }),
  ),
  cards: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      section: z.enum(CARD_SECTIONS),
      examType: z.enum(EXAM_TYPES),
      difficulty: z.enum(DIFFICULTIES),
      light: z.boolean(),
      download: z.boolean(),
      new: z.boolean(),
      corrections: z.boolean(),
      topics: z.array(z.string()).meta({ description: 'The names of its topics.' }),
      bodyHtml: z.string(),
      answerHtml: z.string().nullable(),
    }),
  ),
  tests: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      description: z.string(),
      light: z.boolean(),
      questions: z.array(
        z.object({
          kind: z.enum(['choice', 'open']),
          topic: z.string(),
          promptHtml: z.string(),
          options: z.array(z.object({ html: z.string(), correct: z.boolean() })),
          explanationHtml: z.string().nullable(),
          modelAnswerHtml: z.string().nullable(),
          scoringPoints: z.array(z.string()),
          maxPoints: z.number().int(),
        }),
      ),
    }),
  ),
  idioms: z.array(z.object({ term: z.string(), meaning: z.string(), example: z.string() })),
  buddy: z.object({ name: z.string(), intro: z.string() }),
  articles: z.array(z.string()),
});
export type StudyContentPreviewView = z.output<typeof studyContentPreviewSchema>;
