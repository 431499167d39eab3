/**
 * The exam reference data in the back office (issue 35, ADR 033): the records with their published and pending
 * versions, a change with what publishing it does, proposing a version, and approving (publishing) or rejecting
 * it. Behind the session (server/api/index.ts: /v1/backoffice/*), then behind the back office's guard on every
 * call (BACKOFFICE_ACCESS), as backoffice-stock.ts.
 */
import { BACKOFFICE_REFUSAL_STATUS } from '#app/modules/backoffice/index.server.ts';
import {
  changeParamsSchema,
  examDataChangeSchema,
  examDataListSchema,
  examDataVersionSchema,
  proposeNTermSchema,
  proposePastExamSchema,
  proposeTimetableSchema,
  rejectChangeSchema,
} from '#app/modules/exam-data/index.ts';
import {
  approveChange,
  EXAM_DATA_REFUSAL_STATUS,
  examDataChange,
  listExamData,
  proposeChange,
  rejectChange,
} from '#app/modules/backoffice-exam-data/index.server.ts';
import { z } from '#app/platform/schemas/z.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter } from '../route-spec.ts';
import { backofficeRoute, guard, refusedBy, rolesOf } from './backoffice-shared.ts';

const route = backofficeRoute;
const refused = refusedBy({ ...BACKOFFICE_REFUSAL_STATUS, ...EXAM_DATA_REFUSAL_STATUS });

const proposed = z.object({ change: examDataVersionSchema, message: z.string() });
const PROPOSE_REFUSALS = {
  409: 'The record has a change waiting already, or this version equals the published one.',
  400: 'A subject is not offered at that level (the field names it, e.g. `exams.2.subject`).',
} as const;
const PROPOSE_TEXT =
  'The version waits for a second staff member (content or admin) to approve it; nothing uses it before. In the ' +
  'audit log as `exam-data.propose`. ';

const BACKOFFICE_EXAM_DATA_ROUTES = [
  route(
    {
      method: 'get',
      path: '/backoffice/exam-data',
      summary: 'The exam reference data',
      description:
        'Every record (a CvTE timetable per exam year, an N-term or a past exam per subject, level, year and ' +
        `tijdvak) with its published version and the version waiting for approval (null when none). ${rolesOf('listExamData')}`,
      answer: { status: 200, description: 'The records.', schema: examDataListSchema },
    },
    async (c) => {
      const access = await guard(c, 'listExamData');
      if (!access.ok) return refused(c, access);
      return c.json(await listExamData(c.var.scope), 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/backoffice/exam-data/changes/{id}',
      summary: 'A version and what publishing it does',
      description:
        'One version of a record, the published version it would replace, and — for a pending timetable — its ' +
        'effect: each subject whose exam date moves for pupils of that exam year (pupils who entered their own ' +
        'date keep it), how many pupils, and their new cards a day before and after from up to 20 of their plans. ' +
        `\`mayDecide\`: the caller may approve or reject it (it is not their own). ${rolesOf('listExamData')}`,
      params: changeParamsSchema,
      answer: { status: 200, description: 'The version.', schema: examDataChangeSchema },
      refusals: { 404: 'No such version.' },
    },
    async (c) => {
      const access = await guard(c, 'listExamData');
      if (!access.ok) return refused(c, access);
      const result = await examDataChange(c.var.scope, access.value, c.req.valid('param').id);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/exam-data/timetables',
      summary: 'Propose a version of an exam year’s timetable',
      description:
        'A whole exam year of the CvTE’s timetable (its Regeling rooster, an amendment as a new version): the ' +
        'reference with its CvTE kenmerk, the publication date, the source on officielebekendmakingen.nl or ' +
        'examenblad.nl, the first and second tijdvak, the flexible digital period of the vmbo bb/kb, and per ' +
        'subject and level the day and times of its first-tijdvak exam (inside the first tijdvak), with a note. ' +
        PROPOSE_TEXT +
        rolesOf('proposeExamData'),
      body: proposeTimetableSchema,
      answer: { status: 201, description: 'Proposed.', schema: proposed },
      refusals: PROPOSE_REFUSALS,
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'proposeExamData');
      if (!access.ok) return refused(c, access);
      const result = await proposeChange(c.var.scope, access.value, 'timetable', c.req.valid('json'));
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 201);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/exam-data/n-terms',
      summary: 'Propose an exam’s N-term',
      description:
        'The N-term of one exam (0.0–3.0 in steps of 0.1; no default is ever taken), its maximum score and the ' +
        `source of its normering. ${PROPOSE_TEXT}${rolesOf('proposeExamData')}`,
      body: proposeNTermSchema,
      answer: { status: 201, description: 'Proposed.', schema: proposed },
      refusals: PROPOSE_REFUSALS,
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'proposeExamData');
      if (!access.ok) return refused(c, access);
      const result = await proposeChange(c.var.scope, access.value, 'n-term', c.req.valid('json'));
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 201);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/exam-data/past-exams',
      summary: 'Propose a past exam',
      description:
        'A past exam with the addresses of the exam, its correctievoorschrift and its normering on examenblad.nl. ' +
        PROPOSE_TEXT +
        rolesOf('proposeExamData'),
      body: proposePastExamSchema,
      answer: { status: 201, description: 'Proposed.', schema: proposed },
      refusals: PROPOSE_REFUSALS,
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'proposeExamData');
      if (!access.ok) return refused(c, access);
      const result = await proposeChange(c.var.scope, access.value, 'past-exam', c.req.valid('json'));
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 201);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/exam-data/changes/{id}/approve',
      summary: 'Approve and publish a version',
      description:
        'A second staff member publishes the version: the published one is superseded, plans use the new exam ' +
        'dates at once (other server copies within 30 seconds), and every pupil whose exam date moved sees a ' +
        'notice in their area. `moved`: how many pupils. The one who proposed it may not approve it (403). In ' +
        `the audit log as \`exam-data.publish\`, with the version before and after. ${rolesOf('decideExamData')}`,
      params: changeParamsSchema,
      answer: {
        status: 200,
        description: 'Published.',
        schema: z.object({ message: z.string(), moved: z.number().int() }),
      },
      refusals: {
        403: 'The caller proposed this version.',
        404: 'No such version.',
        409: 'The version was approved or rejected already.',
      },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'decideExamData');
      if (!access.ok) return refused(c, access);
      const result = await approveChange(c.var.scope, access.value, c.req.valid('param').id);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/exam-data/changes/{id}/reject',
      summary: 'Reject (or withdraw) a version',
      description:
        'A second staff member rejects the version, or the one who proposed it withdraws it, with a reason. ' +
        `Nothing is published. In the audit log as \`exam-data.reject\`. ${rolesOf('decideExamData')}`,
      params: changeParamsSchema,
      body: rejectChangeSchema,
      answer: { status: 200, description: 'Rejected.', schema: z.object({ message: z.string() }) },
      refusals: { 404: 'No such version.', 409: 'The version was approved or rejected already.' },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'decideExamData');
      if (!access.ok) return refused(c, access);
      const result = await rejectChange(c.var.scope, access.value, c.req.valid('param').id, c.req.valid('json').reason);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
];

export const backofficeExamDataApi = () => apiRouter(BACKOFFICE_EXAM_DATA_ROUTES);
