import { keptJson } from '#server/api/kept-json.ts';
import { createRoute, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { API_ERROR_CODES, API_MESSAGES, apiErrorBody, apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import {
  attemptResultSchema,
  buddyAnswerSchema,
  buddyQuestionSchema,
  cardFilterQuerySchema,
  cardIdParams,
  cardListSchema,
  cardSchema,
  cardReviewResultSchema,
  cardReviewSchema,
  cardStateSchema,
  reviewQueueSchema,
  chatbotIdParams,
  chatbotListSchema,
  chatbotSchema,
  idiomIdParams,
  idiomListSchema,
  idiomListsSchema,
  idiomSearchQuerySchema,
  STUDY_MESSAGES,
  studySubjectSchema,
  subjectIdParams,
  testAnswersSchema,
  testIdParams,
  testListSchema,
  testSchema,
  toCardFilters,
} from '#app/modules/study/index.ts';
import {
  askBuddy,
  getChatbot,
  getIdiomList,
  listMyChatbots,
  listMyIdiomLists,
  getCard,
  getLatestAttempt,
  getStudySubject,
  getTest,
  listCards,
  listTests,
  reviewCardForUser,
  reviewQueue,
  setCardLearned,
  submitTest,
  visitCard,
  studyRefusal,
  type StudyRefusal,
  type StudyThing,
} from '#app/modules/study/index.server.ts';
import type { HttpEnv } from '#server/http-env.ts';
import { errorResponses, WRITE_ERRORS } from '../errors.ts';
import { RATE_LIMITS, writeLimits } from '../limits.ts';
import { createApiRouter } from '../router.ts';

const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': { schema } });
const session = [{ session: [] }];
const TAGS = ['Studeren'];
const READ_ERRORS = [400, 401, 500] as const;
const WRITE_ERRORS_SIGNED_IN = [...WRITE_ERRORS, 401] as const;

/** A refusal of access to a subject's content (spec §6): not a foreign origin, so it documents itself. */
const NO_ACCESS_RESPONSE = {
  403: {
    description:
      'No access: the subject is not in the user’s has-access list (spec §6), or the card or check belongs to ' +
      'the full stream and the user has a light one (`error: forbidden`). A write from another site is also 403 ' +
      '(`forbidden_origin`).',
    content: json(apiErrorSchema),
  },
};
const NOT_FOUND = (description: string) => ({ 404: { description, content: json(apiErrorSchema) } });

const studyWrite = writeLimits({ rateLimit: RATE_LIMITS.study });

export const getStudySubjectRoute = createRoute({
  method: 'get',
  path: '/subject/{id}',
  tags: TAGS,
  security: session,
  summary: 'A subject as the pupil sees it',
  description:
    'Spec §7: the subject with the user’s stream (spec §4 Subject access), its exam checks, the latest attempt ' +
    'and what its content offers. Also without access (then it says what the subject offers, never a card).',
  request: { params: subjectIdParams },
  responses: {
    200: { description: 'The subject.', content: json(studySubjectSchema) },
    ...NOT_FOUND('No such subject.'),
    ...errorResponses(...READ_ERRORS),
  },
});

export const listCardsRoute = createRoute({
  method: 'get',
  path: '/subject/{id}/cards',
  tags: TAGS,
  security: session,
  summary: 'The subject’s learning cards, filtered',
  description:
    'Spec §7 `GET /v1/subject/{id}/cards{filterQuery}`: the cards the user may open (all with full access, the ' +
    'light ones with a light stream) that pass the filters, in the subject’s order, and `availableTopics` with ' +
    'the user’s progress. Filters: `sections[]`, `topicIds[]`, `parentTopicIds[]`, `difficulty[]`, `examTypes[]` ' +
    '(each may repeat; values widen, filters narrow) and `hideLearned=true`. No access: 403.',
  request: { params: subjectIdParams, query: cardFilterQuerySchema },
  responses: {
    200: { description: 'Cards and available topics.', content: json(cardListSchema) },
    ...NO_ACCESS_RESPONSE,
    ...NOT_FOUND('No such subject.'),
    ...errorResponses(...READ_ERRORS),
  },
});

export const listTestsRoute = createRoute({
  method: 'get',
  path: '/subject/{id}/tests',
  tags: TAGS,
  security: session,
  summary: 'The subject’s exam checks',
  description:
    'Spec §7: the exam checks with the user’s latest attempt of each; `locked` marks the full-stream ones for ' +
    'a user with a light stream. No access: 403.',
  request: { params: subjectIdParams },
  responses: {
    200: { description: 'The checks.', content: json(testListSchema) },
    ...NO_ACCESS_RESPONSE,
    ...NOT_FOUND('No such subject.'),
    ...errorResponses(...READ_ERRORS),
  },
});

export const getCardRoute = createRoute({
  method: 'get',
  path: '/card/{id}',
  tags: TAGS,
  security: session,
  summary: 'One learning card',
  description:
    'Spec §7: the card with its text as HTML (formulas rendered on the server with KaTeX: HTML and MathML). ' +
    'Only a card the user may open (spec §6); otherwise 403.',
  request: { params: cardIdParams },
  responses: {
    200: { description: 'The card.', content: json(cardSchema) },
    ...NO_ACCESS_RESPONSE,
    ...NOT_FOUND('No such card.'),
    ...errorResponses(...READ_ERRORS),
  },
});

export const visitCardRoute = createRoute({
  method: 'post',
  path: '/users/me/cards/{id}/visit',
  tags: TAGS,
  security: session,
  summary: 'Visit a card',
  description:
    'Spec §4, §7: records that the user opened the card; clears its new-content flag and those of its topics. ' +
    'No body.',
  request: { params: cardIdParams },
  ...studyWrite,
  responses: {
    200: { description: 'The card’s state and its topics after the visit.', content: json(cardStateSchema) },
    ...NOT_FOUND('No such card.'),
    ...errorResponses(...WRITE_ERRORS_SIGNED_IN),
    ...NO_ACCESS_RESPONSE,
  },
});

const learnDescription =
  'Spec §4, §7: sets the learned mark to the state asked for (idempotent, so repeated clicks end in the state of ' +
  'the last request) and answers the card’s topics with their counts. A sheet to print or the corrections card ' +
  'is never learned. No body.';

export const learnCardRoute = createRoute({
  method: 'post',
  path: '/users/me/cards/{id}/learn',
  tags: TAGS,
  security: session,
  summary: 'Mark a card learned',
  description: learnDescription,
  request: { params: cardIdParams },
  ...studyWrite,
  responses: {
    200: { description: 'The card’s state and its topics.', content: json(cardStateSchema) },
    ...NOT_FOUND('No such card.'),
    ...errorResponses(...WRITE_ERRORS_SIGNED_IN),
    ...NO_ACCESS_RESPONSE,
  },
});

export const unlearnCardRoute = createRoute({
  method: 'delete',
  path: '/users/me/cards/{id}/learn',
  tags: TAGS,
  security: session,
  summary: 'Remove a card’s learned mark',
  description: learnDescription,
  request: { params: cardIdParams },
  ...studyWrite,
  responses: {
    200: { description: 'The card’s state and its topics.', content: json(cardStateSchema) },
    ...NOT_FOUND('No such card.'),
    ...errorResponses(...WRITE_ERRORS_SIGNED_IN),
    ...NO_ACCESS_RESPONSE,
  },
});

export const getTestRoute = createRoute({
  method: 'get',
  path: '/test/{id}',
  tags: TAGS,
  security: session,
  summary: 'One exam check',
  description:
    'Spec §7: the check with its questions (multiple choice without the right option; open questions with the ' +
    'model answer and scoring points the pupil scores themselves with) and the latest attempt. No access: 403.',
  request: { params: testIdParams },
  responses: {
    200: { description: 'The check.', content: json(testSchema) },
    ...NO_ACCESS_RESPONSE,
    ...NOT_FOUND('No such check.'),
    ...errorResponses(...READ_ERRORS),
  },
});

export const submitTestRoute = createRoute({
  method: 'post',
  path: '/test/{id}',
  tags: TAGS,
  security: session,
  summary: 'Hand in an exam check',
  description:
    'Spec §4, §7: scores the answers (multiple choice on the server, open questions with the points the pupil ' +
    'gave themselves, at most the question’s maximum), saves the attempt — now the test’s and the subject’s ' +
    'latest attempt, also in `GET /v1/users/me/subjects` — and answers the grade (9 · score / max + 1, one ' +
    'decimal), the result per topic and feedback per question. A question left out scores 0; an answer to a ' +
    'question of another check: 400 and nothing is saved.',
  request: { params: testIdParams, body: { required: true, content: json(testAnswersSchema) } },
  ...studyWrite,
  responses: {
    200: { description: 'The attempt’s result.', content: json(attemptResultSchema) },
    ...NOT_FOUND('No such check.'),
    ...errorResponses(...WRITE_ERRORS_SIGNED_IN),
    ...NO_ACCESS_RESPONSE,
  },
});

export const latestAttemptRoute = createRoute({
  method: 'get',
  path: '/test/{id}/latest-attempt',
  tags: TAGS,
  security: session,
  summary: 'The latest attempt of an exam check',
  description: 'Spec §7: the user’s latest attempt with its answers and feedback; none yet: 404.',
  request: { params: testIdParams },
  responses: {
    200: { description: 'The attempt.', content: json(attemptResultSchema) },
    ...NO_ACCESS_RESPONSE,
    ...NOT_FOUND('No such check, or no attempt yet.'),
    ...errorResponses(...READ_ERRORS),
  },
});

export const listChatbotsRoute = createRoute({
  method: 'get',
  path: '/users/me/chatbots',
  tags: TAGS,
  security: session,
  summary: 'The exam buddies of the user’s subjects',
  description: 'Spec §7: one per subject in the user’s list that has one; `isActive` when the user has access.',
  responses: {
    200: { description: 'The buddies.', content: json(chatbotListSchema) },
    ...errorResponses(...READ_ERRORS),
  },
});

export const getChatbotRoute = createRoute({
  method: 'get',
  path: '/users/me/chatbots/{id}',
  tags: TAGS,
  security: session,
  summary: 'One exam buddy',
  description: 'Spec §7: the buddy of a subject the user has access to (`isActive`). No access: 403.',
  request: { params: chatbotIdParams },
  responses: {
    200: { description: 'The buddy.', content: json(chatbotSchema) },
    ...NO_ACCESS_RESPONSE,
    ...NOT_FOUND('No such buddy.'),
    ...errorResponses(...READ_ERRORS),
  },
});

export const askBuddyRoute = createRoute({
  method: 'post',
  path: '/users/me/chatbots/{id}/questions',
  tags: TAGS,
  security: session,
  summary: 'Ask the exam buddy a question',
  description:
    'The buddy answers from the subject’s own cards and idioms (full-text retrieval, Dutch), citing them in ' +
    '`sources`. `mode` says how the answer was made: `retrieval` (the passages found, as they are) or ' +
    '`language-model` (written by the configured model from those passages only). Cards of the full stream ' +
    'are cited only with full access. No access: 403.',
  request: { params: chatbotIdParams, body: { required: true, content: json(buddyQuestionSchema) } },
  ...writeLimits({ rateLimit: RATE_LIMITS.buddy }),
  responses: {
    200: { description: 'The answer and its sources.', content: json(buddyAnswerSchema) },
    ...NOT_FOUND('No such buddy.'),
    ...errorResponses(...WRITE_ERRORS_SIGNED_IN),
    ...NO_ACCESS_RESPONSE,
  },
});

export const listIdiomsRoute = createRoute({
  method: 'get',
  path: '/users/me/idioms',
  tags: TAGS,
  security: session,
  summary: 'The idiom lists of the user’s subjects',
  description: 'Spec §7: one list of exam vocabulary per subject in the user’s list; `isActive` with access.',
  responses: {
    200: { description: 'The lists.', content: json(idiomListsSchema) },
    ...errorResponses(...READ_ERRORS),
  },
});

export const reviewCardRoute = createRoute({
  method: 'post',
  path: '/users/me/cards/{id}/reviews',
  tags: TAGS,
  security: session,
  summary: 'Rate your recall of a card',
  description:
    'Issue 20: the pupil’s rating of how well they recalled the card (Opnieuw, Moeilijk, Goed, Makkelijk). The ' +
    'card’s memory moves on with FSRS-6 and the review is kept in the pupil’s review log; the answer says when the ' +
    'next review is. The learned mark (spec §4) is never changed by a review: the answer suggests it, at most. ' +
    'A sheet or the corrections card is not reviewed: 409.',
  request: { params: cardIdParams, body: { required: true, content: json(cardReviewSchema) } },
  ...studyWrite,
  responses: {
    201: { description: 'The card’s memory after the review.', content: json(cardReviewResultSchema) },
    ...NOT_FOUND('No such card.'),
    409: {
      description: 'A sheet to print or the corrections card: not reviewed (`error: conflict`).',
      content: json(apiErrorSchema),
    },
    ...errorResponses(...WRITE_ERRORS_SIGNED_IN),
    ...NO_ACCESS_RESPONSE,
  },
});

export const reviewQueueRoute = createRoute({
  method: 'get',
  path: '/users/me/reviews/due',
  tags: TAGS,
  security: session,
  summary: 'The cards due for review now',
  description:
    'Issue 20: the cards the pupil reviewed before that are due again now, across their subjects (only in ' +
    'subjects they still have access to), soonest due first, with the predicted recall of each and about how ' +
    'many minutes reviewing them takes.',
  responses: {
    200: { description: 'The queue.', content: json(reviewQueueSchema) },
    ...errorResponses(...READ_ERRORS),
  },
});

export const getIdiomsRoute = createRoute({
  method: 'get',
  path: '/users/me/idioms/{id}',
  tags: TAGS,
  security: session,
  summary: 'One idiom list, searchable',
  description:
    'Spec §7: the list with its entries (term, meaning, example); `q` keeps the entries containing every word. ' +
    'No access to the subject: 403.',
  request: { params: idiomIdParams, query: idiomSearchQuerySchema },
  responses: {
    200: { description: 'The list.', content: json(idiomListSchema) },
    ...NO_ACCESS_RESPONSE,
    ...NOT_FOUND('No such list.'),
    ...errorResponses(...READ_ERRORS),
  },
});

/** A refusal in the one error shape, with the status and message of the study module's refusal table. */
function refusal<R extends StudyRefusal>(c: Context<HttpEnv>, reason: R, thing: StudyThing) {
  const { status, message } = studyRefusal(reason, thing);
  return c.json(apiErrorBody(status, REFUSAL_CODES[status], message), status);
}

const REFUSAL_CODES = {
  400: API_ERROR_CODES.validationFailed,
  403: API_ERROR_CODES.forbidden,
  404: API_ERROR_CODES.notFound,
  409: API_ERROR_CODES.conflict,
} as const;

/**
 * The study area's calls (spec §7), behind `authenticated` (server/api/index.ts):
 * `c.var.userId` is the session's user, and every service checks their access
 * to the subject the card, check or list belongs to.
 */
export function studyApi() {
  return createApiRouter()
    .openapi(getStudySubjectRoute, async (c) => {
      const result = await getStudySubject(c.var.scope, c.var.userId, c.req.valid('param').id);
      // A subject is shown without access too (what it offers): the one refusal is that it does not exist.
      if (!result.ok) return refusal(c, 'not_found', 'subject');
      return c.json(result.value, 200);
    })
    .openapi(listCardsRoute, async (c) => {
      const filters = toCardFilters(c.req.valid('query'));
      const result = await listCards(c.var.scope, c.var.userId, c.req.valid('param').id, filters);
      if (!result.ok) return refusal(c, result.reason, 'subject');
      // The view listCards keeps (ADR 019), serialised once.
      return keptJson(c, result.value);
    })
    .openapi(listTestsRoute, async (c) => {
      const result = await listTests(c.var.scope, c.var.userId, c.req.valid('param').id);
      if (!result.ok) return refusal(c, result.reason, 'subject');
      return c.json({ tests: result.value }, 200);
    })
    .openapi(getCardRoute, async (c) => {
      const result = await getCard(c.var.scope, c.var.userId, c.req.valid('param').id);
      if (!result.ok) return refusal(c, result.reason, 'card');
      return c.json(result.value, 200);
    })
    .openapi(visitCardRoute, async (c) => {
      const result = await visitCard(c.var.scope, c.var.userId, c.req.valid('param').id);
      if (!result.ok) return refusal(c, result.reason, 'card');
      return c.json(result.value, 200);
    })
    .openapi(learnCardRoute, async (c) => {
      const result = await setCardLearned(c.var.scope, c.var.userId, c.req.valid('param').id, true);
      if (!result.ok) return refusal(c, result.reason, 'card');
      return c.json(result.value, 200);
    })
    .openapi(unlearnCardRoute, async (c) => {
      const result = await setCardLearned(c.var.scope, c.var.userId, c.req.valid('param').id, false);
      if (!result.ok) return refusal(c, result.reason, 'card');
      return c.json(result.value, 200);
    })
    .openapi(reviewCardRoute, async (c) => {
      const result = await reviewCardForUser(c.var.scope, c.var.userId, c.req.valid('param').id, c.req.valid('json'));
      if (result.ok) return c.json(result.value, 201);
      return refusal(c, result.reason, 'card');
    })
    .openapi(reviewQueueRoute, async (c) => c.json(await reviewQueue(c.var.scope, c.var.userId), 200))
    .openapi(getTestRoute, async (c) => {
      const result = await getTest(c.var.scope, c.var.userId, c.req.valid('param').id);
      if (!result.ok) return refusal(c, result.reason, 'test');
      return c.json(result.value, 200);
    })
    .openapi(submitTestRoute, async (c) => {
      const result = await submitTest(c.var.scope, c.var.userId, c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok && result.reason === 'bad_answer') {
        const field = `answers.${result.questionIndex ?? 0}.questionId`;
        const body = apiErrorBody(400, API_ERROR_CODES.validationFailed, API_MESSAGES.VALIDATION_FAILED, {
          [field]: [STUDY_MESSAGES.ANSWER_QUESTION],
        });
        return c.json(body, 400);
      }
      if (!result.ok) return refusal(c, result.reason, 'test');
      return c.json(result.value, 200);
    })
    .openapi(latestAttemptRoute, async (c) => {
      const result = await getLatestAttempt(c.var.scope, c.var.userId, c.req.valid('param').id);
      if (!result.ok) return refusal(c, result.reason, 'test');
      if (!result.value) return c.json(apiErrorBody(404, API_ERROR_CODES.notFound, STUDY_MESSAGES.NO_ATTEMPT), 404);
      return c.json(result.value, 200);
    })
    .openapi(listChatbotsRoute, async (c) => {
      return c.json({ chatbots: await listMyChatbots(c.var.scope, c.var.userId) }, 200);
    })
    .openapi(getChatbotRoute, async (c) => {
      const result = await getChatbot(c.var.scope, c.var.userId, c.req.valid('param').id);
      if (!result.ok) return refusal(c, result.reason, 'chatbot');
      return c.json(result.value, 200);
    })
    .openapi(askBuddyRoute, async (c) => {
      const result = await askBuddy(c.var.scope, c.var.userId, c.req.valid('param').id, c.req.valid('json').question);
      if (!result.ok) return refusal(c, result.reason, 'chatbot');
      return c.json(result.value, 200);
    })
    .openapi(listIdiomsRoute, async (c) => {
      return c.json({ idioms: await listMyIdiomLists(c.var.scope, c.var.userId) }, 200);
    })
    .openapi(getIdiomsRoute, async (c) => {
      const result = await getIdiomList(c.var.scope, c.var.userId, c.req.valid('param').id, c.req.valid('query').q);
      if (!result.ok) return refusal(c, result.reason, 'idiom');
      return c.json(result.value, 200);
    });
}
