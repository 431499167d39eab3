import type { Context } from 'hono';
import { API_ERROR_CODES, API_MESSAGES, apiErrorBody, refusalCode } from '#app/platform/schemas/api-error.ts';
import {
  attemptResultSchema,
  testAnswersSchema,
  testIdParams,
  testListSchema,
  testSchema,
} from '#app/modules/checks/index.ts';
import {
  buddyAnswerSchema,
  buddyQuestionSchema,
  chatbotIdParams,
  chatbotListSchema,
  chatbotSchema,
  idiomIdParams,
  idiomListSchema,
  idiomListsSchema,
  idiomSearchQuerySchema,
} from '#app/modules/buddy/index.ts';
import {
  cardFilterQuerySchema,
  cardIdParams,
  cardListSchema,
  cardSchema,
  cardStateSchema,
  subjectIdParams,
  toCardFilters,
} from '#app/modules/cards/index.ts';
import {
  cardReviewResultSchema,
  cardReviewSchema,
  REVIEW_SECONDS_CAP,
  reviewQueueSchema,
} from '#app/modules/reviews/index.ts';
import { studySubjectSchema } from '#app/modules/study/index.ts';
import { SUBJECT_ANSWER_FIELDS, subjectAnswer } from '#app/platform/schemas/subject-answer.ts';
import {
  askBuddy,
  buddyRefusal,
  getChatbot,
  getIdiomList,
  listMyChatbots,
  listMyIdiomLists,
} from '#app/modules/buddy/index.server.ts';
import {
  getCard,
  listCards,
  setCardLearned,
  visitCard,
  studyRefusal,
  type StudyRefusal,
} from '#app/modules/cards/index.server.ts';
import { checkRefusal, getLatestAttempt, getTest, listTests, submitTest } from '#app/modules/checks/index.server.ts';
import { getStudySubject } from '#app/modules/study/index.server.ts';
import { reviewCardForUser, reviewQueue, reviewRefusal } from '#app/modules/reviews/index.server.ts';
import type { Result } from '#app/platform/result.ts';
import type { HttpEnv } from '#server/http-env.ts';
import { WRITE_ERRORS } from '../errors.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter, routeTable } from '../route-spec.ts';
import { CHECK_MESSAGES } from '#app/modules/checks/index.ts';

const route = routeTable({
  tags: ['Studeren'],
  session: true,
  readErrors: [400, 401, 500],
  writeErrors: [...WRITE_ERRORS, 401],
});

/** A refusal of access to a subject's content (spec §6): not a foreign origin, so it documents itself. */
const NO_ACCESS = {
  403:
    'No access: the subject is not in the user’s has-access list (spec §6), or the card or check belongs to ' +
    'the full stream and the user has a light one (`error: forbidden`). A write from another site is also 403 ' +
    '(`forbidden_origin`).',
} as const;

const STUDY_WRITE = { rateLimit: RATE_LIMITS.study };

const LEARN_DESCRIPTION =
  'Spec §4, §7: sets the learned mark to the state asked for (idempotent, so repeated clicks end in the state of ' +
  'the last request) and answers the card’s topics with their counts. A sheet to print or the corrections card ' +
  'is never learned. No body.';

/** A refusal in the one error shape, with the status and message of its module's refusal table. */
function refusal<S extends 400 | 403 | 404 | 409>(
  c: Context<HttpEnv>,
  { status, message }: { status: S; message: string },
) {
  return c.json(apiErrorBody(status, refusalCode(status), message), status);
}

/** A use case's answer: its value with 200, or its refusal as `refusalOf` says. */
async function answer<T, R extends string, S extends 400 | 403 | 404 | 409>(
  c: Context<HttpEnv>,
  refusalOf: (reason: R) => { status: S; message: string },
  pending: Promise<Result<T, { reason: R }>>,
) {
  const result = await pending;
  return result.ok ? c.json(result.value, 200) : refusal(c, refusalOf(result.reason));
}

const aboutSubject = <R extends StudyRefusal>(reason: R) => studyRefusal(reason, 'subject');
const aboutCard = <R extends StudyRefusal>(reason: R) => studyRefusal(reason, 'card');
const aboutChatbot = <R extends StudyRefusal>(reason: R) => buddyRefusal(reason, 'chatbot');
const aboutIdiom = <R extends StudyRefusal>(reason: R) => buddyRefusal(reason, 'idiom');

/**
 * The study area's calls (spec §7), behind `authenticated` (server/api/index.ts):
 * `c.var.userId` is the session's user, and every service checks their access
 * to the subject the card, check or list belongs to.
 */
const STUDY_ROUTES = [
  route(
    {
      method: 'get',
      path: '/subject/{id}',
      summary: 'A subject as the pupil sees it',
      description:
        'Spec §7: the subject with the user’s stream (spec §4 Subject access), its exam checks, the latest ' +
        'attempt and what its content offers. Also without access (then it says what the subject offers, never a card). ' +
        'Its `slug` is the one of its pages (`/mijnslaagbundel/{id}/{slug}`), `schoolSubject` the school subject’s.',
      params: subjectIdParams,
      answer: { status: 200, description: 'The subject.', schema: studySubjectSchema.extend(SUBJECT_ANSWER_FIELDS) },
      refusals: { 404: 'No such subject.' },
    },
    async (c) => {
      const result = await getStudySubject(c.var.scope, c.var.userId, c.req.valid('param').id);
      // A subject is shown without access too (what it offers): the one refusal is that it does not exist.
      if (!result.ok) return refusal(c, aboutSubject('not_found'));
      return c.json(subjectAnswer(result.value), 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/subject/{id}/cards',
      summary: 'The subject’s learning cards, filtered',
      description:
        'Spec §7 `GET /v1/subject/{id}/cards{filterQuery}`: the cards the user may open (all with full access, the ' +
        'light ones with a light stream) that pass the filters, in the subject’s order, and `availableTopics` with ' +
        'the user’s progress. Filters: `sections[]`, `topicIds[]`, `parentTopicIds[]`, `difficulty[]`, `examTypes[]` ' +
        '(each may repeat; values widen, filters narrow) and `hideLearned=true`. No access: 403.',
      params: subjectIdParams,
      query: cardFilterQuerySchema,
      answer: { status: 200, description: 'Cards and available topics.', schema: cardListSchema },
      refusals: { ...NO_ACCESS, 404: 'No such subject.' },
    },
    async (c) => {
      const filters = toCardFilters(c.req.valid('query'));
      const result = await listCards(c.var.scope, c.var.userId, c.req.valid('param').id, filters);
      if (!result.ok) return refusal(c, aboutSubject(result.reason));
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/subject/{id}/tests',
      summary: 'The subject’s exam checks',
      description:
        'Spec §7: the exam checks with the user’s latest attempt of each; `locked` marks the full-stream ones for ' +
        'a user with a light stream. No access: 403.',
      params: subjectIdParams,
      answer: { status: 200, description: 'The checks.', schema: testListSchema },
      refusals: { ...NO_ACCESS, 404: 'No such subject.' },
    },
    async (c) => {
      const result = await listTests(c.var.scope, c.var.userId, c.req.valid('param').id);
      if (!result.ok) return refusal(c, aboutSubject(result.reason));
      return c.json({ tests: result.value }, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/card/{id}',
      summary: 'One learning card',
      description:
        'Spec §7: the card with its text as HTML (formulas rendered on the server with KaTeX: HTML and MathML). ' +
        'Only a card the user may open (spec §6); otherwise 403.',
      params: cardIdParams,
      answer: { status: 200, description: 'The card.', schema: cardSchema },
      refusals: { ...NO_ACCESS, 404: 'No such card.' },
    },
    async (c) => {
      const id = c.req.valid('param').id;
      const result = await getCard(c.var.scope, c.var.userId, id);
      if (!result.ok) return refusal(c, aboutCard(result.reason));
      // 25–32 kB of the card's texts, the same for every pupil, and a few fields of the pupil's own: the
      // compressed answer is kept for pupils with the same marks (server/infra/shared-json.ts).
      return c.var.sharedJson.answer(c, `card:${id}`, result.value, ['bodyHtml', 'answerHtml']);
    },
  ),
  route(
    {
      method: 'post',
      path: '/users/me/cards/{id}/visit',
      summary: 'Visit a card',
      description:
        'Spec §4, §7: records that the user opened the card; clears its new-content flag and those of its ' +
        'topics. No body.',
      params: cardIdParams,
      answer: { status: 200, description: 'The card’s state and its topics after the visit.', schema: cardStateSchema },
      refusals: { ...NO_ACCESS, 404: 'No such card.' },
      limits: STUDY_WRITE,
    },
    (c) => answer(c, aboutCard, visitCard(c.var.scope, c.var.userId, c.req.valid('param').id)),
  ),
  route(
    {
      method: 'post',
      path: '/users/me/cards/{id}/learn',
      summary: 'Mark a card learned',
      description: LEARN_DESCRIPTION,
      params: cardIdParams,
      answer: { status: 200, description: 'The card’s state and its topics.', schema: cardStateSchema },
      refusals: { ...NO_ACCESS, 404: 'No such card.' },
      limits: STUDY_WRITE,
    },
    (c) => answer(c, aboutCard, setCardLearned(c.var.scope, c.var.userId, c.req.valid('param').id, true)),
  ),
  route(
    {
      method: 'delete',
      path: '/users/me/cards/{id}/learn',
      summary: 'Remove a card’s learned mark',
      description: LEARN_DESCRIPTION,
      params: cardIdParams,
      answer: { status: 200, description: 'The card’s state and its topics.', schema: cardStateSchema },
      refusals: { ...NO_ACCESS, 404: 'No such card.' },
      limits: STUDY_WRITE,
    },
    (c) => answer(c, aboutCard, setCardLearned(c.var.scope, c.var.userId, c.req.valid('param').id, false)),
  ),
  route(
    {
      method: 'post',
      path: '/users/me/cards/{id}/reviews',
      summary: 'Rate your recall of a card',
      description:
        'Issue 20: the pupil’s rating of how well they recalled the card (Opnieuw, Moeilijk, Goed, Makkelijk). ' +
        'The card’s memory moves on with FSRS-6 and the review is kept in the pupil’s review log; the answer says ' +
        'when the next review is. The learned mark (spec §4) is never changed by a review: the answer suggests it, ' +
        'at most. A sheet or the corrections card is not reviewed: 409. Issue 34: with `reviewsBefore`, a rating ' +
        'sent again (a double submit, a key pressed twice) counts once: 200 with the card as it is (`repeated`). ' +
        `The day's minutes of the plan are the seconds sent, at most ${REVIEW_SECONDS_CAP} a review.`,
      params: cardIdParams,
      body: cardReviewSchema,
      answer: [
        { status: 201, description: 'The card’s memory after the review.', schema: cardReviewResultSchema },
        {
          status: 200,
          description: 'Not counted: the card was rated since it was shown (`reviewsBefore`); the card as it is.',
          schema: cardReviewResultSchema,
        },
      ],
      refusals: {
        ...NO_ACCESS,
        404: 'No such card.',
        409: 'A sheet to print or the corrections card: not reviewed (`error: conflict`).',
      },
      limits: STUDY_WRITE,
    },
    async (c) => {
      const result = await reviewCardForUser(c.var.scope, c.var.userId, c.req.valid('param').id, c.req.valid('json'));
      if (result.ok) return result.value.repeated ? c.json(result.value, 200) : c.json(result.value, 201);
      return refusal(c, reviewRefusal(result.reason));
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/me/reviews/due',
      summary: 'The cards due for review now',
      description:
        'Issue 20: the cards the pupil reviewed before that are due again now, across their subjects (only in ' +
        'subjects they still have access to), soonest due first, with the predicted recall of each and about how ' +
        'many minutes reviewing them takes.',
      answer: { status: 200, description: 'The queue.', schema: reviewQueueSchema },
    },
    async (c) => c.json(await reviewQueue(c.var.scope, c.var.userId), 200),
  ),
  route(
    {
      method: 'get',
      path: '/test/{id}',
      summary: 'One exam check',
      description:
        'Spec §7: the check with its questions (multiple choice without the right option; open questions with ' +
        'the model answer and scoring points the pupil scores themselves with) and the latest attempt. No access: 403.',
      params: testIdParams,
      answer: { status: 200, description: 'The check.', schema: testSchema },
      refusals: { ...NO_ACCESS, 404: 'No such check.' },
    },
    (c) => answer(c, checkRefusal, getTest(c.var.scope, c.var.userId, c.req.valid('param').id)),
  ),
  route(
    {
      method: 'post',
      path: '/test/{id}',
      summary: 'Hand in an exam check',
      description:
        'Spec §4, §7: scores the answers (multiple choice on the server, open questions with the points the pupil ' +
        'gave themselves, at most the question’s maximum), saves the attempt — now the test’s and the subject’s ' +
        'latest attempt, also in `GET /v1/users/me/subjects` — and answers the grade (9 · score / max + 1, one ' +
        'decimal), the result per topic and feedback per question. A question left out scores 0; an answer to a ' +
        'question of another check: 400 and nothing is saved.',
      params: testIdParams,
      body: testAnswersSchema,
      answer: { status: 200, description: 'The attempt’s result.', schema: attemptResultSchema },
      refusals: { ...NO_ACCESS, 404: 'No such check.' },
      limits: STUDY_WRITE,
    },
    async (c) => {
      const result = await submitTest(c.var.scope, c.var.userId, c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok && result.reason === 'bad_answer') {
        const field = `answers.${result.questionIndex ?? 0}.questionId`;
        const body = apiErrorBody(400, API_ERROR_CODES.validationFailed, API_MESSAGES.VALIDATION_FAILED, {
          [field]: [CHECK_MESSAGES.ANSWER_QUESTION],
        });
        return c.json(body, 400);
      }
      if (!result.ok) return refusal(c, checkRefusal(result.reason));
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/test/{id}/latest-attempt',
      summary: 'The latest attempt of an exam check',
      description: 'Spec §7: the user’s latest attempt with its answers and feedback; none yet: 404.',
      params: testIdParams,
      answer: { status: 200, description: 'The attempt.', schema: attemptResultSchema },
      refusals: { ...NO_ACCESS, 404: 'No such check, or no attempt yet.' },
    },
    async (c) => {
      const result = await getLatestAttempt(c.var.scope, c.var.userId, c.req.valid('param').id);
      if (!result.ok) return refusal(c, checkRefusal(result.reason));
      if (!result.value) return c.json(apiErrorBody(404, API_ERROR_CODES.notFound, CHECK_MESSAGES.NO_ATTEMPT), 404);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/me/chatbots',
      summary: 'The exam buddies of the user’s subjects',
      description: 'Spec §7: one per subject in the user’s list that has one; `isActive` when the user has access.',
      answer: { status: 200, description: 'The buddies.', schema: chatbotListSchema },
    },
    async (c) => c.json({ chatbots: await listMyChatbots(c.var.scope, c.var.userId) }, 200),
  ),
  route(
    {
      method: 'get',
      path: '/users/me/chatbots/{id}',
      summary: 'One exam buddy',
      description: 'Spec §7: the buddy of a subject the user has access to (`isActive`). No access: 403.',
      params: chatbotIdParams,
      answer: { status: 200, description: 'The buddy.', schema: chatbotSchema },
      refusals: { ...NO_ACCESS, 404: 'No such buddy.' },
    },
    (c) => answer(c, aboutChatbot, getChatbot(c.var.scope, c.var.userId, c.req.valid('param').id)),
  ),
  route(
    {
      method: 'post',
      path: '/users/me/chatbots/{id}/questions',
      summary: 'Ask the exam buddy a question',
      description:
        'The buddy answers from the subject’s own cards and idioms (its own retrieval: Dutch stems, formulas kept ' +
        'whole, the subject’s synonyms), citing them in `sources`, each a whole step of the card with its `path`. ' +
        '`mode` says how the answer was made: `retrieval` (the passages found, as they are) or `language-model` ' +
        '(written by the configured model from those passages only). Cards of the full stream are cited only ' +
        'with full access. No access: 403.',
      params: chatbotIdParams,
      body: buddyQuestionSchema,
      answer: { status: 200, description: 'The answer and its sources.', schema: buddyAnswerSchema },
      refusals: { ...NO_ACCESS, 404: 'No such buddy.' },
      limits: { rateLimit: RATE_LIMITS.buddy },
    },
    (c) =>
      answer(
        c,
        aboutChatbot,
        askBuddy(c.var.scope, c.var.userId, c.req.valid('param').id, c.req.valid('json').question),
      ),
  ),
  route(
    {
      method: 'get',
      path: '/users/me/idioms',
      summary: 'The idiom lists of the user’s subjects',
      description: 'Spec §7: one list of exam vocabulary per subject in the user’s list; `isActive` with access.',
      answer: { status: 200, description: 'The lists.', schema: idiomListsSchema },
    },
    async (c) => c.json({ idioms: await listMyIdiomLists(c.var.scope, c.var.userId) }, 200),
  ),
  route(
    {
      method: 'get',
      path: '/users/me/idioms/{id}',
      summary: 'One idiom list, searchable',
      description:
        'Spec §7: the list with its entries (term, meaning, example); `q` keeps the entries containing every ' +
        'word. No access to the subject: 403.',
      params: idiomIdParams,
      query: idiomSearchQuerySchema,
      answer: { status: 200, description: 'The list.', schema: idiomListSchema },
      refusals: { ...NO_ACCESS, 404: 'No such list.' },
    },
    (c) =>
      answer(c, aboutIdiom, getIdiomList(c.var.scope, c.var.userId, c.req.valid('param').id, c.req.valid('query').q)),
  ),
];

export const studyApi = () => apiRouter(STUDY_ROUTES);
