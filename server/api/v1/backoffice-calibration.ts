/**
 * The calibration of the plan's recall predictions in the back office (issue 33, ADR 028): the newest run's
 * figures with the history, and a run queued now. Behind the session (server/api/index.ts: /v1/backoffice/*),
 * then behind the back office's guard on every call (BACKOFFICE_ACCESS), as backoffice-stock.ts.
 */
import { BACKOFFICE_REFUSAL_STATUS } from '#app/modules/backoffice/index.server.ts';
import { calibrationReportSchema } from '#app/modules/calibration/index.ts';
import { calibrationReport, requestCalibration } from '#app/modules/calibration/index.server.ts';
import { z } from '#app/platform/schemas/z.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter } from '../route-spec.ts';
import { backofficeRoute, guard, refusedBy, rolesOf } from './backoffice-shared.ts';

const route = backofficeRoute;
const refused = refusedBy(BACKOFFICE_REFUSAL_STATUS);

const BACKOFFICE_CALIBRATION_ROUTES = [
  route(
    {
      method: 'get',
      path: '/backoffice/calibration',
      summary: 'How the recall predictions came true',
      description:
        'The newest calibration run (nightly at 03:47, or queued by staff) with its figures per subject and for ' +
        'every subject together (`subjectId` null), in three sets of predictions: FSRS-6’s defaults on every ' +
        'review (`defaults`), the pupils’ own fitted parameters on the reviews after their fit (`fitted`), and the ' +
        'defaults on those same reviews (`defaults_on_fitted`). Each with the log loss, the RMSE over recall bins ' +
        'of 5 points and the bins; only reviews a day or more after the one before count. `ceBands`: the predicted ' +
        'CE grade’s band against the CE grades pupils entered after their exams (ADR 032), per basis of the ' +
        'prediction they had before the exam (`checks`, `recall`, `none`: no prediction, only counted), per exam ' +
        'subject of a level and together: how many, how many inside the band, the share and the mean absolute ' +
        'error in grade points; empty before any pupil entered one. `history`: the newest 30 runs with their ' +
        `overall figures. \`latest\` is null before the first run. ${rolesOf('viewCalibration')}`,
      answer: { status: 200, description: 'The newest run and the history.', schema: calibrationReportSchema },
    },
    async (c) => {
      const access = await guard(c, 'viewCalibration');
      if (!access.ok) return refused(c, access);
      return c.json(await calibrationReport(c.var.scope), 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/calibration/runs',
      summary: 'Run the calibration now',
      description:
        'Queues a calibration run (`queued: false` when one waits already). The run replays every pupil’s review ' +
        `log; its figures appear in GET /backoffice/calibration when it ends. In the audit log as \`calibration.run\`. ${rolesOf('runCalibration')}`,
      answer: {
        status: 202,
        description: 'Queued, or one waits already.',
        schema: z.object({ queued: z.boolean(), message: z.string() }),
      },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'runCalibration');
      if (!access.ok) return refused(c, access);
      return c.json(await requestCalibration(c.var.scope, access.value), 202);
    },
  ),
];

export const backofficeCalibrationApi = () => apiRouter(BACKOFFICE_CALIBRATION_ROUTES);
