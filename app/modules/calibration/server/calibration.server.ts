/**
 * The calibration of the plan's recall predictions (issue 33, ADR 028): a run replays every pupil's review log
 * with FSRS-6 and tallies how the predictions came true, per subject and for every subject together, in three
 * sets — FSRS-6's defaults on every review; the pupils' own fitted parameters on the reviews made after their
 * fit (out of sample: the fit never saw them); and the defaults on those same reviews, the fair comparison. It
 * also tallies the predicted CE grade's band against the CE grades pupils entered after their exams (ADR 032). The
 * nightly job runs it, and staff may run it at once; each run is kept, so the history shows.
 */
import { recordAudit, type StaffActor } from '#app/modules/backoffice/index.server.ts';
import { subjectOfCard } from '#app/modules/cards/index.server.ts';
import { getSubjects } from '#app/modules/catalog/index.server.ts';
import { ceGradeOutcomes } from '#app/modules/grades/index.server.ts';
import { levelLabel } from '#app/platform/levels.ts';
import { pupilsWithReviews, reviewLogsOf } from '#app/modules/reviews/index.server.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import {
  addPrediction,
  emptyTally,
  figuresOf,
  recalledAt,
  type LoggedReview,
  type Tally,
} from '../domain/calibration.ts';
import { addCeGrade, CE_BASES, ceFiguresOf, emptyCeTally, type CeBasis, type CeTally } from '../domain/ce-bands.ts';
import { HISTORY_RUNS, PREDICTION_SETS, type CalibrationTrigger, type PredictionSet } from '../domain/sets.ts';
import type { CalibrationReport } from '../schemas/calibration.ts';
import {
  ceFiguresOfRun,
  figuresOfRun,
  insertRun,
  latestRuns,
  overallCeFiguresOf,
  overallFiguresOf,
  type CeFigureRow,
  type FigureRow,
} from '../db/calibration.server.ts';
import { replayPredictions } from './replay.server.ts';

/** The job that runs it (app/jobs/calibrate-predictions.ts). */
export const CALIBRATE_JOB = 'calibrate-predictions';

/** Pupils read per round trip. */
const BATCH = 200;
/** Every subject together. */
const ALL = 0;

/** Runs the calibration over every pupil's reviews and keeps its figures. */
export async function runCalibration(
  s: Scope,
  trigger: CalibrationTrigger,
  now: Date = new Date(),
): Promise<{ id: number; ranAt: string; trigger: CalibrationTrigger; pupils: number; reviews: number }> {
  const tallies = new Map<string, Tally>();
  const tally = (set: PredictionSet, subjectId: number) => {
    const key = `${set}:${subjectId}`;
    let found = tallies.get(key);
    if (!found) tallies.set(key, (found = emptyTally()));
    return found;
  };
  const add =
    (set: PredictionSet, from?: Date) =>
    (review: LoggedReview, p: number): void => {
      // The fitted sets take only the reviews the fit never saw; the replay still needs every review before.
      if (from && review.reviewedAt <= from) return;
      addPrediction(tally(set, ALL), p, recalledAt(review));
      addPrediction(tally(set, review.subjectId), p, recalledAt(review));
    };
  let pupils = 0;
  let reviews = 0;
  let after = '';
  for (;;) {
    const ids = await pupilsWithReviews(s.db, after, BATCH);
    if (ids.length === 0) break;
    after = ids.at(-1)!;
    const { logs, fits } = await reviewLogsOf(s.db, ids);
    // Each card's subject once a batch, not once a review.
    const cardIds = new Set([...logs.values()].flatMap((entries) => entries.map((entry) => entry.cardId)));
    const subjectOf = new Map<number, number | null>();
    for (const cardId of cardIds) subjectOf.set(cardId, await subjectOfCard(s, cardId));
    for (const [userId, entries] of logs) {
      pupils += 1;
      reviews += entries.length;
      const log: LoggedReview[] = [];
      for (const entry of entries) {
        // A card whose subject is gone has no subject to count for.
        const subjectId = subjectOf.get(entry.cardId) ?? null;
        if (subjectId !== null) log.push({ ...entry, subjectId });
      }
      replayPredictions(log, undefined, add('defaults'));
      const fit = fits.get(userId);
      if (fit) {
        replayPredictions(log, fit.weights, add('fitted', fit.fittedAt));
        replayPredictions(log, undefined, add('defaults_on_fitted', fit.fittedAt));
      }
    }
  }
  const subjectIds = [...new Set([...tallies.keys()].map((key) => Number(key.split(':')[1])))].filter(
    (id) => id !== ALL,
  );
  const names = new Map(
    (await getSubjects(s, subjectIds)).map((subject) => [subject.id, `${subject.name} ${subject.levelName}`]),
  );
  const rows: FigureRow[] = [];
  for (const set of PREDICTION_SETS) {
    for (const subjectId of [ALL, ...subjectIds]) {
      const found = tallies.get(`${set}:${subjectId}`);
      const figures = found ? figuresOf(found) : null;
      if (!figures) continue;
      rows.push({
        subjectId: subjectId === ALL ? null : subjectId,
        subjectName: subjectId === ALL ? 'Alle vakken' : (names.get(subjectId) ?? `Vak ${subjectId}`),
        predictions: set,
        ...figures,
      });
    }
  }
  const id = await insertRun(s.db, { ranAt: now, trigger, pupils, reviews }, rows, await tallyCeBands(s));
  return { id, ranAt: now.toISOString(), trigger, pupils, reviews };
}

/**
 * The CE bands (ADR 032): every real CE grade pupils entered against the prediction kept at its entry, per basis,
 * per exam subject of a level and for every subject together; read BATCH at a time, only sums kept.
 */
async function tallyCeBands(s: Scope): Promise<CeFigureRow[]> {
  const tallies = new Map<
    string,
    { basis: CeBasis; level: string | null; key: string | null; name: string; tally: CeTally }
  >();
  const tally = (basis: CeBasis, level: string | null, key: string | null, name: string) => {
    const id = `${basis}:${level ?? ''}:${key ?? ''}`;
    let found = tallies.get(id);
    if (!found) tallies.set(id, (found = { basis, level, key, name, tally: emptyCeTally() }));
    return found.tally;
  };
  let after: Parameters<typeof ceGradeOutcomes>[1] = null;
  for (;;) {
    const { outcomes, next } = await ceGradeOutcomes(s, after, BATCH);
    for (const outcome of outcomes) {
      const basis = outcome.prediction?.basis ?? 'none';
      addCeGrade(tally(basis, null, null, 'Alle vakken'), outcome.ceTenths, outcome.prediction);
      const name = `${outcome.name} ${levelLabel(outcome.level)}`;
      addCeGrade(tally(basis, outcome.level, outcome.key, name), outcome.ceTenths, outcome.prediction);
    }
    if (outcomes.length < BATCH) break;
    after = next;
  }
  const order = (basis: CeBasis) => CE_BASES.indexOf(basis);
  return [...tallies.values()]
    .sort((a, b) => order(a.basis) - order(b.basis))
    .flatMap(({ basis, level, key, name, tally: sums }) => {
      const figures = ceFiguresOf(sums, basis);
      if (!figures) return [];
      const { grades, inside, meanAbsError } = figures;
      return [{ basis, level, subjectKey: key, subjectName: name, grades, inside, meanAbsError }];
    });
}

/** GET /v1/backoffice/calibration and `/beheer/kalibratie`: the newest run's figures and the history. */
export async function calibrationReport(s: Pick<Scope, 'db'>): Promise<CalibrationReport> {
  const runs = await latestRuns(s.db, HISTORY_RUNS);
  const newest = runs[0];
  const runIds = runs.map((run) => run.id);
  const [figures, overall, ceFigures, ceOverall] = await Promise.all([
    newest ? figuresOfRun(s.db, newest.id) : Promise.resolve([]),
    overallFiguresOf(s.db, runIds),
    newest ? ceFiguresOfRun(s.db, newest.id) : Promise.resolve([]),
    overallCeFiguresOf(s.db, runIds),
  ]);
  const basisOrder = (basis: string) => CE_BASES.indexOf(basis as CeBasis);
  const runView = (run: (typeof runs)[number]) => ({
    id: run.id,
    ranAt: run.ranAt.toISOString(),
    trigger: run.trigger as CalibrationTrigger,
    pupils: run.pupils,
    reviews: run.reviews,
  });
  const setOrder = (set: string) => PREDICTION_SETS.indexOf(set as PredictionSet);
  return {
    latest: newest
      ? {
          ...runView(newest),
          figures: figures.map((row) => ({
            subjectId: row.subjectId,
            subjectName: row.subjectName,
            predictions: row.predictions as PredictionSet,
            reviews: row.reviews,
            logLoss: row.logLoss,
            rmseBins: row.rmseBins,
            recalled: row.recalled,
            predicted: row.predicted,
            bins: row.bins,
          })),
          ceBands: [...ceFigures]
            .sort(
              (a, b) =>
                Number(a.subjectKey !== null) - Number(b.subjectKey !== null) ||
                a.subjectName.localeCompare(b.subjectName, 'nl') ||
                basisOrder(a.basis) - basisOrder(b.basis),
            )
            .map((row) => ({
              basis: row.basis as CeBasis,
              level: row.level,
              subject: row.subjectKey,
              subjectName: row.subjectName,
              grades: row.grades,
              inside: row.inside,
              share: row.grades > 0 && row.inside !== null ? round4(row.inside / row.grades) : null,
              meanAbsError: row.meanAbsError,
            })),
        }
      : null,
    history: runs.map((run) => ({
      ...runView(run),
      overall: overall
        .filter((row) => row.runId === run.id)
        .sort((a, b) => setOrder(a.predictions) - setOrder(b.predictions))
        .map((row) => ({
          predictions: row.predictions as PredictionSet,
          reviews: row.reviews,
          logLoss: row.logLoss,
          rmseBins: row.rmseBins,
        })),
      ceOverall: ceOverall
        .filter((row) => row.runId === run.id)
        .sort((a, b) => basisOrder(a.basis) - basisOrder(b.basis))
        .map((row) => ({
          basis: row.basis as CeBasis,
          grades: row.grades,
          share: row.grades > 0 && row.inside !== null ? round4(row.inside / row.grades) : null,
          meanAbsError: row.meanAbsError,
        })),
    })),
  };
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * POST /v1/backoffice/calibration/runs and "Nu berekenen": queues a run now (the nightly job's queue is
 * `stately`, so clicks while one waits queue nothing more), in the audit log as `calibration.run`.
 */
export async function requestCalibration(s: Scope, actor: StaffActor): Promise<{ queued: boolean; message: string }> {
  const id = await s.jobs.enqueue(CALIBRATE_JOB, { trigger: 'staff' }, { singletonKey: 'calibration' });
  await recordAudit(s.db, {
    actorUserId: actor.userId,
    actorRole: actor.role,
    action: 'calibration.run',
    objectType: 'calibration',
    objectId: 'predictions',
    before: null,
    after: { queued: id !== null },
  });
  return {
    queued: id !== null,
    message:
      id !== null
        ? 'De berekening staat klaar en loopt binnen een minuut. Vernieuw de pagina daarna.'
        : 'Er staat al een berekening klaar.',
  };
}
