import { API_ERROR_CODES, API_MESSAGES, apiErrorBody } from '#app/platform/schemas/api-error.ts';
import { addSubjectsSchema, userSubjectsNoticeSchema, userSubjectsSchema } from '#app/modules/checks/index.ts';
import { MY_SUBJECT_MESSAGES, STUDY_MESSAGES } from '#app/modules/cards/index.ts';
import { TRIAL_MESSAGES } from '#app/modules/study/index.ts';
import { startTrial, TRIAL_REFUSAL_STATUS } from '#app/modules/study/index.server.ts';
import {
  levelProfileParamsSchema,
  primarySubjectsSchema,
  SUBJECT_MESSAGES,
  subjectIdParamsSchema,
  subjectSchema,
} from '#app/modules/catalog/index.ts';
import { SUBJECT_ANSWER_FIELDS, subjectAnswer } from '#app/platform/schemas/subject-answer.ts';
import {
  licenseCodeSchema,
  licenseRedeemedSchema,
  ownedProductsSchema,
  LICENSE_MESSAGES,
} from '#app/modules/licenses/index.ts';
import {
  addMySubjects,
  listMySubjects,
  MY_SUBJECT_REFUSAL_STATUS,
  removeMySubject,
} from '#app/modules/checks/index.server.ts';
import { getSubject, primarySubjects } from '#app/modules/catalog/index.server.ts';
import { LICENSE_REFUSAL_STATUS, listOwnedProducts, redeemLicense } from '#app/modules/licenses/index.server.ts';
import { WRITE_ERRORS } from '../errors.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter, routeTable } from '../route-spec.ts';

const READ_ERRORS = [400, 401, 500] as const;
const WRITE_ERRORS_SIGNED_IN = [...WRITE_ERRORS, 401] as const;
const route = routeTable({
  tags: ['Vakken'],
  session: true,
  readErrors: READ_ERRORS,
  writeErrors: WRITE_ERRORS_SIGNED_IN,
});

const notFound = (message: string) => apiErrorBody(404, API_ERROR_CODES.notFound, message);
/** A refusal of one field's value, in the one error shape. */
const fieldError = (status: 400 | 409, message: string, field: string, fieldMessage: string) =>
  apiErrorBody(status, status === 409 ? API_ERROR_CODES.conflict : API_ERROR_CODES.validationFailed, message, {
    [field]: [fieldMessage],
  });

/**
 * Subjects and the signed-in user's subjects, access and license codes;
 * mounted behind `authenticated` (server/api/index.ts), so `c.var.userId` is
 * the session's user and no request can name another user.
 */
const SUBJECT_ROUTES = [
  route(
    {
      method: 'get',
      path: '/subjects/{id}',
      summary: 'One subject',
      description:
        'Spec §7: one study subject (a school subject at a level) by id. Its `slug` is the one of its pages ' +
        '(`/mijnslaagbundel/{id}/{slug}`), `schoolSubject` the school subject’s. Unknown: 404.',
      params: subjectIdParamsSchema,
      answer: { status: 200, description: 'The subject.', schema: subjectSchema.extend(SUBJECT_ANSWER_FIELDS) },
      errors: [...READ_ERRORS, 404],
    },
    async (c) => {
      const subject = await getSubject(c.var.scope, c.req.valid('param').id);
      if (!subject) return c.json(notFound(SUBJECT_MESSAGES.UNKNOWN_SUBJECT), 404);
      return c.json(subjectAnswer(subject), 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/subjects/{level}/{profile}',
      summary: 'The subjects of a level, marked required for a profile',
      description:
        'Spec §7: every subject of the level, each with `required` (Nederlands and Engels always; on havo/vwo ' +
        'also the profile’s subjects). Required ones first. Vmbo levels and teachers use the profile `geen`.',
      params: levelProfileParamsSchema,
      answer: { status: 200, description: 'The subjects.', schema: primarySubjectsSchema },
    },
    async (c) => {
      const { level, profile } = c.req.valid('param');
      return c.json({ subjects: (await primarySubjects(c.var.scope, level, profile)).map(subjectAnswer) }, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/me/subjects',
      summary: 'The user’s subjects',
      description:
        'Spec §7: the subjects the user chose, each with its stream (spec §4: `userHasAccess` for full access, ' +
        '`isLightStream` for a light one, a free trial), by level order. Each `slug` is the one of the ' +
        'subject’s pages: `/mijnslaagbundel/{id}/{slug}` is its address, and every link to it uses it.',
      answer: { status: 200, description: 'The user’s subjects.', schema: userSubjectsSchema },
    },
    async (c) => c.json({ subjects: (await listMySubjects(c.var.scope, c.var.userId)).map(subjectAnswer) }, 200),
  ),
  route(
    {
      method: 'post',
      path: '/users/me/subjects',
      summary: 'Add subjects to the user’s list',
      description:
        'Spec §7: adds the subjects (ones already in the list stay as they are) and answers the updated list ' +
        'with the notice of spec §8. An unknown id: 400 with `fieldErrors.ids`, and nothing is added.',
      body: addSubjectsSchema,
      answer: { status: 200, description: 'The updated list and a notice.', schema: userSubjectsNoticeSchema },
    },
    async (c) => {
      const result = await addMySubjects(c.var.scope, c.var.userId, c.req.valid('json').ids);
      if (!result.ok) {
        const status = MY_SUBJECT_REFUSAL_STATUS.unknown_subjects;
        return c.json(
          fieldError(status, API_MESSAGES.VALIDATION_FAILED, 'ids', SUBJECT_MESSAGES.UNKNOWN_SUBJECT),
          status,
        );
      }
      return c.json({ subjects: result.value.map(subjectAnswer), message: MY_SUBJECT_MESSAGES.ADDED }, 200);
    },
  ),
  route(
    {
      method: 'delete',
      path: '/users/me/subjects/{id}',
      summary: 'Remove a subject from the user’s list',
      description:
        'Spec §7: removes the subject (access bought for it stays) and answers the updated list with the notice ' +
        'of spec §8. Not in the list: 404.',
      params: subjectIdParamsSchema,
      answer: { status: 200, description: 'The updated list and a notice.', schema: userSubjectsNoticeSchema },
      errors: [...WRITE_ERRORS_SIGNED_IN, 404],
    },
    async (c) => {
      const removed = await removeMySubject(c.var.scope, c.var.userId, c.req.valid('param').id);
      if (!removed.ok) return c.json(notFound(MY_SUBJECT_MESSAGES.NOT_YOURS), MY_SUBJECT_REFUSAL_STATUS.not_in_list);
      return c.json({ subjects: removed.value.map(subjectAnswer), message: MY_SUBJECT_MESSAGES.REMOVED }, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/users/me/licenses',
      summary: 'Redeem a license code',
      description:
        'The code in the back of a book (case and spaces do not matter) gives full access to its subject, which ' +
        'joins the user’s list. Unknown code (or a class licence, which a teacher activates on a class): 400, used ' +
        'code: 409, both with `fieldErrors.code`. At most ' +
        `${RATE_LIMITS.license.points} attempts per user in ${RATE_LIMITS.license.durationSeconds / 60} minutes ` +
        '(on top of the per-client limit); beyond it 429 with `Retry-After`.',
      body: licenseCodeSchema,
      answer: {
        status: 200,
        description: 'Redeemed: the updated list, the product and a notice.',
        schema: licenseRedeemedSchema,
      },
      refusals: { 409: 'The code has been used already, or was revoked.' },
    },
    async (c) => {
      const result = await redeemLicense(c.var.scope, c.var.userId, c.req.valid('json').code);
      if (!result.ok && result.reason === 'rate_limited') {
        const seconds = result.retryAfterSeconds;
        const status = LICENSE_REFUSAL_STATUS.rate_limited;
        const body = apiErrorBody(status, API_ERROR_CODES.rateLimited, API_MESSAGES.rateLimited(seconds));
        return c.json(body, status, { 'Retry-After': String(seconds) });
      }
      if (!result.ok && (result.reason === 'used' || result.reason === 'revoked')) {
        const status = LICENSE_REFUSAL_STATUS[result.reason];
        const message = result.reason === 'used' ? LICENSE_MESSAGES.USED : LICENSE_MESSAGES.REVOKED;
        return c.json(fieldError(status, message, 'code', message), status);
      }
      if (!result.ok) {
        const status = LICENSE_REFUSAL_STATUS.unknown;
        const message = result.reason === 'class_code' ? LICENSE_MESSAGES.CLASS_CODE : LICENSE_MESSAGES.UNKNOWN;
        return c.json(fieldError(status, message, 'code', message), status);
      }
      const { subjects, product } = result.value;
      return c.json(
        { subjects: subjects.map(subjectAnswer), product, message: LICENSE_MESSAGES.REDEEMED(product.name) },
        200,
      );
    },
  ),
  route(
    {
      method: 'post',
      path: '/users/me/subjects/{id}/trial',
      summary: 'Start the free trial of a subject',
      description:
        'Issue 34: the light stream of a subject with online content (a part of its cards and its light exam ' +
        'check); the subject joins the user’s list. Access the user has already stays as it is, so a second ' +
        'start changes nothing. Answers the updated list with a notice. Unknown subject or no study content: ' +
        '404; no free trial: 409.',
      params: subjectIdParamsSchema,
      answer: { status: 200, description: 'The updated list and a notice.', schema: userSubjectsNoticeSchema },
      errors: [...WRITE_ERRORS_SIGNED_IN, 404],
      refusals: { 409: 'The subject has no free trial.' },
    },
    async (c) => {
      const { scope, userId } = c.var;
      const started = await startTrial(scope, userId, c.req.valid('param').id);
      if (!started.ok && started.reason === 'no_trial') {
        const status = TRIAL_REFUSAL_STATUS.no_trial;
        return c.json(apiErrorBody(status, API_ERROR_CODES.conflict, TRIAL_MESSAGES.NO_TRIAL), status);
      }
      if (!started.ok) return c.json(notFound(STUDY_MESSAGES.UNKNOWN_SUBJECT), TRIAL_REFUSAL_STATUS.not_found);
      const subjects = await listMySubjects(scope, userId);
      const name = subjects.find((subject) => subject.id === started.value.subject.id)?.name ?? '';
      return c.json({ subjects: subjects.map(subjectAnswer), message: TRIAL_MESSAGES.STARTED(name) }, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/me/products',
      summary: 'The user’s products',
      description: 'The products the user owns through redeemed license codes, oldest first.',
      answer: { status: 200, description: 'The products.', schema: ownedProductsSchema },
    },
    async (c) => c.json({ products: await listOwnedProducts(c.var.scope, c.var.userId) }, 200),
  ),
];

export const subjectsApi = () => apiRouter(SUBJECT_ROUTES);
