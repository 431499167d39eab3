/**
 * `npm run bench:scheduler` — the exam-aimed planner measured fairly (issue 33). No server, no build: a
 * seeded simulation of pupils against the app's own planner (`planToday`, `reviewCard` from the reviews
 * module's entry) and against (b′) FSRS-6 that stops at each exam, (b″) FSRS-6 tuned to the budget, (c) read
 * once, (d) SM-2 and the oracle (the planner given the pupil's true parameters), over a grid of budgets,
 * skipped days, cards and days to the first exam, for three memory models the planner never sees.
 *
 * Arguments: `--seeds dev|heldout|fresh` (default heldout: the headline; fresh: a second held-out set, see
 * setting.ts), `--quick` (three small cells, three pupils: a smoke run), `--design full|fraction` (default
 * full: all 81 cells; fraction: 27 of them), `--pupils N`, `--workers N` (default 2), `--report FILE` (print a
 * results file's tables and criteria again). Prints one table per memory model, the factor levels and the issue's
 * Done-when criteria (reported, not asserted), and writes bench/results/scheduler-latest.json. The pieces are
 * in bench/scheduler/; the method in bench/README.md.
 */
import { readFileSync } from 'node:fs';
import process from 'node:process';
import {
  cellStats,
  criteria,
  formatInterval,
  levelRows,
  POLICY_LABELS,
  pooled,
  pooledGapShare,
  minutesRatio,
  type CellStats,
} from './scheduler/analyze.ts';
import {
  B_PRIME_RETENTION,
  BINDS_SHARE,
  FIT_CELL,
  RETENTIONS,
  TUNING_TWINS,
  type PupilRuns,
} from './scheduler/experiment.ts';
import { MODEL_LABELS, MODELS, type ModelName } from './scheduler/memory-models.ts';
import { Pool } from './scheduler/pool.ts';
import {
  cellName,
  fractionalFactorial,
  fullFactorial,
  quickCells,
  SECONDS_PER_NEW,
  SECONDS_PER_REVIEW,
  SEED_BASE,
  SUBJECTS,
  WORLD,
  type Cell,
  type SeedSet,
} from './scheduler/setting.ts';
import { printTable, round, verdict, writeResults } from './harness/report.ts';

const USAGE =
  'npm run bench:scheduler [-- --seeds dev|heldout|fresh] [--quick] [--design full|fraction] [--pupils N] [--workers N] [--report FILE]';
/** Pupils per cell and model: sized so the full grid takes about ten minutes on two idle cores. */
const DEFAULT_PUPILS = { fraction: 24, full: 10, quick: 3 };
/** A unit's relative cost: the planner's work grows with the cards and the days. */
const cost = (cell: Cell) => cell.cards * SUBJECTS.length * (cell.firstExam + 40);

interface Options {
  /** Re-print the tables and criteria of a results file (bench/results/…json) instead of running. */
  report: string | null;
  seeds: SeedSet;
  quick: boolean;
  design: 'fraction' | 'full';
  pupils: number | null;
  workers: number;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { report: null, seeds: 'heldout', quick: false, design: 'full', pupils: null, workers: 2 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = argv[i + 1];
    if (arg === '--quick') options.quick = true;
    else if (arg === '--report' && value) {
      options.report = value;
      i++;
    } else if (arg === '--seeds' && (value === 'dev' || value === 'heldout' || value === 'fresh')) {
      options.seeds = value;
      i++;
    } else if (arg === '--design' && (value === 'fraction' || value === 'full')) {
      options.design = value;
      i++;
    } else if ((arg === '--pupils' || arg === '--workers') && Number.isInteger(Number(value)) && Number(value) > 0) {
      options[arg === '--pupils' ? 'pupils' : 'workers'] = Number(value);
      i++;
    } else throw new Error(`bad argument ${arg} (usage: ${USAGE})`);
  }
  return options;
}

const pp = (x: number, digits = 1) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(digits)}` : 'n/a');
const pct = (x: number, digits = 1) => (Number.isFinite(x) ? `${(x * 100).toFixed(digits)}` : 'n/a');
const gapText = (g: number | null) => (g === null ? '—' : `${Math.round(g * 100)} %`);
/** A point estimate marked * when its interval excludes 0. */
const starred = (i: { mean: number; low: number; high: number }) =>
  `${pp(i.mean)}${i.low > 0 || i.high < 0 ? '*' : ''}`;
const sumOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

function printModel(model: ModelName, stats: CellStats[]) {
  const rows = stats.map((s) => {
    const m = s.means;
    return [
      cellName(s.cell),
      `${pct(s.bPrimeCapShare, 0)}${s.binds ? ' B' : ''}`,
      pct(m.bPrime!.recallAll),
      formatInterval(s.ours.recallAll),
      starred(s.ours.recallRead),
      starred(s.ours.points),
      s.versus.oracle ? starred(s.versus.oracle) : '—',
      gapText(s.gapShare),
      `${s.bDoubleRetention.toFixed(2)} ${starred(s.versus.bDouble!)}`,
      starred(s.versus.sm2!),
      starred(s.versus.readOnce!),
      `${starred(s.equalMinutes.diff)}${s.equalMinutes.clamped ? ` (${s.equalMinutes.clamped}c)` : ''}`,
      `${m.ours!.minutesPerDay.toFixed(1)}/${m.bPrime!.minutesPerDay.toFixed(1)}`,
      `${Math.round(m.ours!.unread)}/${Math.round(m.bPrime!.unread)}`,
      `${Math.round(sumOf(m.ours!.reviewsBeforeExam))}/${Math.round(sumOf(m.bPrime!.reviewsBeforeExam))}`,
    ];
  });
  console.log(`\n## ${MODEL_LABELS[model]} (${model}), ${stats[0]!.pupils} pupils a cell\n`);
  printTable(
    [
      'cell',
      "b' cap%",
      "b' all%",
      "ours−b' all, pp [95 %]",
      'read',
      'points',
      "orac−b'",
      'gap',
      "b'' r, −b'",
      "SM2−b'",
      "1×−b'",
      '≡min',
      "min/d o/b'",
      "unread o/b'",
      "reviews o/b'",
    ],
    rows,
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
  );
  console.log('');
  printTable(
    ['factor level', 'cells', 'binding', "ours−b' all, pp [95 %]", 'gap', "min o/b'"],
    levelRows(stats).map((r) => [
      `${r.factor} ${r.factor === 'skip' ? `${Math.round(r.level * 100)} %` : r.level}`,
      String(r.cells),
      String(r.binding),
      formatInterval(r.ours),
      gapText(r.gapShare),
      `${Math.round(r.minutesRatio * 100)} %`,
    ]),
    [1, 2, 3, 4, 5],
  );
  console.log(
    `all cells: ours − (b') ${formatInterval(pooled(stats))} pp, gap closed ${gapText(pooledGapShare(stats))}, ` +
      `minutes ${Math.round(minutesRatio(stats) * 100)} % of (b')'s`,
  );
}

function printReport(stats: CellStats[], set: string) {
  for (const model of MODELS)
    printModel(
      model,
      stats.filter((s) => s.model === model),
    );
  console.log(
    `\nColumns: cell = budget (min/day) / skipped days / cards per subject / days to the first exam. b' cap% = share of ` +
      `(b')'s study days the budget stopped it (B: the budget binds, ≥ ${BINDS_SHARE * 100} %). all / read / points = ` +
      `exam-morning recall over all cards, over the cards read, expected exam points (topics by their share of the exam); ` +
      `differences in percentage points against (b'), paired per pupil, [95 % t interval], * = interval excludes 0. ` +
      `gap = (ours − b') / (oracle − b') where the oracle is ≥ 0.5 pp above (b'). b'' r = its tuned retention. ` +
      `≡min = ours − FSRS-6 at ours' minutes: (b') capped at ours' minutes a day, or where ours studied more, ` +
      `FSRS-6 at the retention that studies as much ((Nc): N pupils beyond retention 0.95). o/b' = ours / (b').`,
  );

  const verdicts = criteria(stats);
  console.log(`\nThe issue's Done-when criteria on the ${set} seeds (reported, not asserted):`);
  for (const c of verdicts) console.log(`- ${c.name}: ${verdict(c.pass)} — ${c.detail}`);
  return verdicts;
}

async function main() {
  const started = performance.now();
  const options = parseArgs(process.argv.slice(2));
  if (options.report) {
    const data = JSON.parse(readFileSync(options.report, 'utf8')) as { seeds: string; cellStats: CellStats[] };
    printReport(data.cellStats, data.seeds);
    return;
  }
  const cells: Cell[] = options.quick
    ? quickCells()
    : options.design === 'full'
      ? fullFactorial()
      : fractionalFactorial();
  const pupils = options.pupils ?? DEFAULT_PUPILS[options.quick ? 'quick' : options.design];
  const set = options.seeds;
  console.log(
    `Scheduler bench (issue 33): ${set} seeds, ${cells.length} cells${options.quick ? ' (quick)' : options.design === 'fraction' ? ' (the 3⁴⁻¹ fraction of the grid)' : ' (full factorial)'} × ` +
      `${MODELS.length} memory models × ${pupils} pupils, ${options.workers} worker threads.\n` +
      `Subjects and exam mornings (09:00, Amsterdam): ${SUBJECTS.map((s) => `${s.name} ${s.examDate}${s.central ? '' : ' (school exam)'}`).join(', ')}; ` +
      `first tijdvak ${WORLD.tijdvak.from} – ${WORLD.tijdvak.to} (${WORLD.tijdvak.days.length} school days, content/exam-timetable.json).\n` +
      `One session a day at 16:00; ${SECONDS_PER_REVIEW} s a review, ${SECONDS_PER_NEW} s a first read. ` +
      `Policies: ${Object.values(POLICY_LABELS).join('; ')}.`,
  );

  const pool = new Pool(options.workers);
  try {
    // The ACT-R oracle's fitted parameters first (the ACT-R pupils' runs wait for them), then every pupil of
    // every cell and model under every policy, the costliest cells first so both cores finish together, and
    // (b″)'s retention per cell (tuned on twins) alongside.
    const fits = Array.from({ length: pupils }, (_, index) => pool.run<number[] | null>({ type: 'fit', set, index }));
    const units = cells
      .flatMap((cell, c) =>
        MODELS.flatMap((model) => Array.from({ length: pupils }, (_, index) => ({ cell, c, model, index }))),
      )
      .sort((a, b) => cost(b.cell) - cost(a.cell));
    let done = 0;
    let lastReport = performance.now();
    const run = async (unit: (typeof units)[number], oracleWeights: number[] | null) => {
      const runs = await pool.run<PupilRuns>({
        type: 'run',
        cell: unit.cell,
        model: unit.model,
        set,
        index: unit.index,
        oracleWeights,
      });
      done++;
      if (performance.now() - lastReport > 60_000) {
        lastReport = performance.now();
        console.error(`… ${done} of ${units.length} pupil runs, ${Math.round((lastReport - started) / 1000)} s`);
      }
      return { ...unit, runs };
    };
    const fsrsRuns = units.filter((u) => u.model !== 'act-r').map((u) => run(u, null));
    const tuning = Promise.all(
      cells.map((cell) =>
        pool.run<{ retention: number; capShare: number[]; unread: number[] }>({ type: 'tune', cell }),
      ),
    );
    const fitted = await Promise.all(fits);
    const actrRuns = units.filter((u) => u.model === 'act-r').map((u) => run(u, fitted[u.index]!));
    const results = await Promise.all([...fsrsRuns, ...actrRuns]);
    const tuned = await tuning;

    const stats: CellStats[] = [];
    for (const model of MODELS)
      cells.forEach((cell, c) => {
        const runs = results.filter((r) => r.c === c && r.model === model).sort((a, b) => a.index - b.index);
        stats.push(
          cellStats(
            cell,
            model,
            runs.map((r) => r.runs),
            tuned[c]!.retention,
          ),
        );
      });

    const verdicts = printReport(stats, set);

    const wallSeconds = (performance.now() - started) / 1000;
    const data = {
      issue: 33,
      seeds: set,
      design: options.quick ? 'quick' : options.design,
      cells: cells.length,
      pupilsPerCell: pupils,
      workers: options.workers,
      wallSeconds: round(wallSeconds, 0),
      setting: {
        subjects: SUBJECTS,
        tijdvak: WORLD.tijdvak,
        secondsPerReview: SECONDS_PER_REVIEW,
        secondsPerNew: SECONDS_PER_NEW,
        sessionHour: 16,
        retentions: RETENTIONS,
        bPrimeRetention: B_PRIME_RETENTION,
        bindsShare: BINDS_SHARE,
        tuningTwins: TUNING_TWINS,
        fitCell: FIT_CELL,
        seedBase: SEED_BASE,
      },
      policies: POLICY_LABELS,
      models: MODEL_LABELS,
      tuning: cells.map((cell, c) => ({ cell, ...tuned[c]! })),
      actrOracleFitted: fitted.map((w) => w !== null),
      criteria: verdicts.map(({ name, pass, figures }) => ({ name, pass, figures })),
      cellStats: stats.map(({ perPupil, ...rest }) => ({ ...rest, perPupil })),
    };
    // The full grid is the headline (scheduler-latest.json); the fraction and the smoke run keep files of their own.
    const fraction = options.design === 'fraction' ? '-fraction' : '';
    const outFile = writeResults(options.quick ? 'scheduler-quick.json' : `scheduler${fraction}-latest.json`, data);
    if (!options.quick) writeResults(`scheduler-${set}${fraction}.json`, data);
    console.log(`\nWritten ${outFile} in ${Math.round(wallSeconds)} s.`);
  } finally {
    await pool.close();
  }
}

await main();
