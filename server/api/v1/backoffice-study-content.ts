/**
 * A subject's study content in the back office (issue 35, item 3; ADR 034): the drafts, a draft rendered as pupils
 * would see it with what publishing it changes, uploading a study file (or taking the content service's) as a
 * draft, and publishing or discarding it. Behind the session (server/api/index.ts: /v1/backoffice/*), then behind
 * the back office's guard on every call (BACKOFFICE_ACCESS), as backoffice-exam-data.ts.
 */
import type { Context } from 'hono';
import type { HttpEnv } from '#server/http-env.ts';
import { apiErrorBody, refusalCode } from '#app/platform/schemas/api-error.ts';
import { BACKOFFICE_REFUSAL_STATUS } from '#app/modules/backoffice/index.server.ts';
import { studyContentErrorText } from '#app/modules/study/index.ts';
import {
  draftParamsSchema,
  fromContentServiceSchema,
  STUDY_CONTENT_MAX_BODY_BYTES,
  studyContentAnswerSchema,
  studyContentListSchema,
  studyContentPreviewSchema,
  uploadStudyContentSchema,
} from '#app/modules/backoffice-study-content/index.ts';
import {
  discardStudyContent,
  draftFromContentService,
  listStudyContent,
  publishStudyContent,
  STUDY_CONTENT_REFUSAL_STATUS,
  type StudyContentRefusal,
  studyContentPreview,
  uploadStudyContent,
} from '#app/modules/backoffice-study-content/index.server.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter } from '../route-spec.ts';
import { backofficeRoute, guard, refusedBy, rolesOf } from './backoffice-shared.ts';

const route = backofficeRoute;
const refusedByGuard = refusedBy(BACKOFFICE_REFUSAL_STATUS);

/** The most problems an answer lists (the message says how many there are). */
const LISTED_PROBLEMS = 100;

/** A refusal of study content in the one error shape; the file's problems as `fieldErrors.text`, each with its line. */
function refused<R extends keyof typeof STUDY_CONTENT_REFUSAL_STATUS>(
  c: Context<HttpEnv>,
  refusal: StudyContentRefusal<R>,
) {
  const status = STUDY_CONTENT_REFUSAL_STATUS[refusal.reason];
  const lines = (refusal.errors ?? []).slice(0, LISTED_PROBLEMS).map(studyContentErrorText);
  return c.json(
    apiErrorBody(status, refusalCode(status), refusal.message, lines.length > 0 ? { text: lines } : undefined),
    status,
  );
}

const UPLOAD_TEXT =
  'Checked with the checks of `npm run content:validate` (the format, unique keys, topics that exist, every ' +
  'topic with cards, a card and a check in the light stream, articles that exist and fit the subject, no ' +
  'placeholder text or HTML, formulas KaTeX renders) and the subject one of the catalogue’s. Refused: 400 with ' +
  'every problem in Dutch as `fieldErrors.text`, each starting with its line ("Regel 123, cards[3].title: …"; ' +
  'at most 100). Otherwise kept as a draft: nothing changes for pupils until it is published. In the audit log ' +
  'as `study-content.upload`. ';

const BACKOFFICE_STUDY_CONTENT_ROUTES = [
  route(
    {
      method: 'get',
      path: '/backoffice/study-content',
      summary: 'The study content drafts',
      description: `The uploaded study content, newest first (at most 200), with its status. ${rolesOf('listStudyContent')}`,
      answer: { status: 200, description: 'The drafts.', schema: studyContentListSchema },
    },
    async (c) => {
      const access = await guard(c, 'listStudyContent');
      if (!access.ok) return refusedByGuard(c, access);
      return c.json(await listStudyContent(c.var.scope), 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/backoffice/study-content/drafts/{id}',
      summary: 'A draft as pupils would see it',
      description:
        'A draft rendered as the study area renders its content (Markdown and KaTeX as HTML): its texts, topics, ' +
        'cards, exam checks with their questions and answers, exam words and buddy; while it is a draft, what ' +
        'publishing it changes by key (cards and checks kept with their pupils’ work, new, and removed with it). ' +
        rolesOf('listStudyContent'),
      params: draftParamsSchema,
      answer: { status: 200, description: 'The draft.', schema: studyContentPreviewSchema },
      refusals: { 404: 'No such draft.' },
    },
    async (c) => {
      const access = await guard(c, 'listStudyContent');
      if (!access.ok) return refusedByGuard(c, access);
      const result = await studyContentPreview(c.var.scope, c.req.valid('param').id);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/study-content/drafts',
      summary: 'Upload a subject’s study content as a draft',
      description:
        'A subject’s study file as its text (the format of content/study/<level>-<subject>.json). ' +
        UPLOAD_TEXT +
        rolesOf('uploadStudyContent'),
      body: uploadStudyContentSchema,
      answer: { status: 201, description: 'Kept as a draft.', schema: studyContentAnswerSchema },
      refusals: { 400: 'The text is missing or too long, or the file has problems (each with its line).' },
      limits: { rateLimit: RATE_LIMITS.write, maxBodyBytes: STUDY_CONTENT_MAX_BODY_BYTES },
    },
    async (c) => {
      const access = await guard(c, 'uploadStudyContent');
      if (!access.ok) return refusedByGuard(c, access);
      const result = await uploadStudyContent(c.var.scope, access.value, c.req.valid('json').text);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 201);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/study-content/drafts/from-content-service',
      summary: 'Take a subject’s study content from the content service as a draft',
      description:
        'The content service’s study file of a subject (content type `studySubject`: `slug`, `level` and ' +
        '`content`, the file as a JSON object), read through the content port (local or Contentful). ' +
        UPLOAD_TEXT +
        rolesOf('uploadStudyContent'),
      body: fromContentServiceSchema,
      answer: { status: 201, description: 'Kept as a draft.', schema: studyContentAnswerSchema },
      refusals: {
        400: 'The file has problems (each with its line of the file as JSON with two spaces’ indent).',
        404: 'The content service has no study content for that subject.',
      },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'uploadStudyContent');
      if (!access.ok) return refusedByGuard(c, access);
      const result = await draftFromContentService(c.var.scope, access.value, c.req.valid('json'));
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 201);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/study-content/drafts/{id}/publish',
      summary: 'Publish a draft',
      description:
        'Checks the draft again (an article it names may be gone since), then imports it for its subject in one ' +
        'transaction with the audit entry (`study-content.publish`, with the cards kept, added and removed): a card ' +
        'or check whose key stays keeps its id and every pupil’s learned marks, visits, reviews and attempts; one ' +
        'whose key is gone is deleted with them. Pupils and the product pages of the subject see it at once (other ' +
        `server copies within 30 seconds). ${rolesOf('publishStudyContent')}`,
      params: draftParamsSchema,
      answer: { status: 200, description: 'Published.', schema: studyContentAnswerSchema },
      refusals: {
        404: 'No such draft.',
        409: 'The draft was published or discarded already, or no longer passes the checks (each problem with its line).',
      },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'publishStudyContent');
      if (!access.ok) return refusedByGuard(c, access);
      const result = await publishStudyContent(c.var.scope, access.value, c.req.valid('param').id);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/study-content/drafts/{id}/discard',
      summary: 'Discard a draft',
      description: `The draft is set aside; nothing is published. In the audit log as \`study-content.discard\`. ${rolesOf('publishStudyContent')}`,
      params: draftParamsSchema,
      answer: { status: 200, description: 'Discarded.', schema: studyContentAnswerSchema },
      refusals: { 404: 'No such draft.', 409: 'The draft was published or discarded already.' },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'publishStudyContent');
      if (!access.ok) return refusedByGuard(c, access);
      const result = await discardStudyContent(c.var.scope, access.value, c.req.valid('param').id);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
];

export const backofficeStudyContentApi = () => apiRouter(BACKOFFICE_STUDY_CONTENT_ROUTES);
