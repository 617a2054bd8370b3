// How often does the adaptive procedure (more repetitions for undecided cells, alpha spent over
// the looks) call a regression that is not there, and how often does it find one that is? Not a
// test: a simulation that prints figures. It resamples real A/A repetitions (both sides of a run
// of one server against itself, pooled per cell: under "no change" either side could have given
// any of them) through the same judging code the run and compare use, and counts.
//
//   PATH=$PWD/node_modules/.bin:$PATH node --experimental-transform-types \
//     --import ./__tests__/helpers/ts-source-hooks.ts \
//     __tests__/stats/adaptive-simulation.ts [RESULTS] [--trials N] [--most N] [--resamples N]
//
// RESULTS defaults to __fixtures__/results/quick-aa-5reps.json. Each trial draws the planned
// repetitions per side for every cell, judges, gives the undecided cells more draws up to the next
// look, and so on to the most; then it records the final verdict. Three procedures are run on the
// same draws: the plan alone, more repetitions with alpha spent over the looks (what the tool
// does), and more repetitions tested at alpha at every look (what it must not do). Then the head's
// draws are made 5% and 10% slower to count detections. The bootstrap interval is computed with
// fewer resamples than the tool's 10,000 (--resamples, default 400) to keep 10,000 trials within
// minutes; it decides only "unchanged", never a regression.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
  buildVerdict,
  type CompareOptions,
  DEFAULT_COMPARE_OPTIONS,
  type SideData,
  undecidedCells,
} from '../../src/compare/verdict.js';
import type { Verdict } from '../../src/compare/verdict-schema.js';
import { parseResults } from '../../src/results/results-file.js';
import type { CellResult, Results } from '../../src/results/results-schema.js';
import { lookSchedule } from '../../src/stats/alpha-spending.js';
import { robustCv } from '../../src/stats/descriptive.js';
import { normalPpf } from '../../src/stats/normal.js';
import { createRng } from '../../src/stats/random.js';

const ROOT = join(import.meta.dirname, '../..');

interface Args {
  readonly file: string;
  readonly trials: number;
  readonly most: number | undefined;
  readonly resamples: number;
  /** The tps tolerance, when not the suite's: 0.0001 makes nearly every significant change a regression. */
  readonly tolerance: number | undefined;
  readonly slowdowns: readonly number[];
}

function parseArgs(argv: readonly string[]): Args {
  let file = join(ROOT, '__fixtures__/results/quick-aa-5reps.json');
  let trials = 10_000;
  let most: number | undefined;
  let resamples = 400;
  let tolerance: number | undefined;
  let slowdowns = [0, 0.05, 0.1];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    const next = (): number => Number(argv[++index]);
    if (arg === '--trials') trials = next();
    else if (arg === '--most') most = next();
    else if (arg === '--resamples') resamples = next();
    else if (arg === '--tolerance') tolerance = next();
    else if (arg === '--slowdowns') slowdowns = (argv[++index] ?? '').split(',').map(Number);
    else file = arg;
  }
  return { file, trials, most, resamples, tolerance, slowdowns };
}

type Pools = Map<string, { workload: string; threads: number; values: number[] }>;

/** Every repetition's tps per cell, both sides together. */
function poolsOf(results: Results): Pools {
  const pools: Pools = new Map();
  for (const cell of results.cells) {
    const key = `${cell.workload}@${cell.threads}`;
    const pool = pools.get(key) ?? { workload: cell.workload, threads: cell.threads, values: [] };
    pool.values.push(...cell.repetitions.map((repetition) => repetition.report.tps));
    pools.set(key, pool);
  }
  return pools;
}

/** A cell of `values` as tps only (no latency, no cost: those metrics are not judged). */
function cellOf(
  workload: string,
  threads: number,
  side: 'base' | 'head',
  values: readonly number[],
): CellResult {
  const repetitions = values.map((tps, index) => ({
    index: index + 1,
    sequence: index + 1,
    startedAt: '2026-11-25T00:00:00.000Z',
    rawOutput: '',
    report: { tps, latencyMs: {} },
  }));
  return { workload, threads, side, repetitions } as unknown as CellResult;
}

interface Trial {
  /** Per cell key: values drawn so far per side (drawn ahead to the most; a procedure uses a prefix). */
  readonly base: Map<string, number[]>;
  readonly head: Map<string, number[]>;
}

/**
 * A smoothed bootstrap: a pooled value times 1 + a normal wobble of a quarter of the pool's own
 * noise. Plain resampling from ten values would repeat values within a trial, and tied samples
 * take the rank test's normal approximation where real repetitions (never tied) take the exact one.
 */
function drawTrial(pools: Pools, most: number, rng: ReturnType<typeof createRng>, slowdown: number): Trial {
  const base = new Map<string, number[]>();
  const head = new Map<string, number[]>();
  const gaussian = (): number => normalPpf((rng.nextUint32() + 0.5) / 4294967296);
  for (const [key, pool] of pools) {
    const bandwidth = robustCv(pool.values) / 4;
    const draw = (): number =>
      (pool.values[rng.nextIntBelow(pool.values.length)] ?? 0) * (1 + bandwidth * gaussian());
    base.set(key, Array.from({ length: most }, draw));
    head.set(
      key,
      Array.from({ length: most }, () => draw() * (1 - slowdown)),
    );
  }
  return { base, head };
}

interface Procedure {
  readonly name: string;
  readonly looks: readonly number[];
  /** Looks passed to the judge: undefined tests every look at alpha. */
  readonly spend: boolean;
}

/** One procedure on one trial: extend undecided cells look by look, then the final verdict. */
function runProcedure(
  trial: Trial,
  pools: Pools,
  procedure: Procedure,
  context: { results: Results; options: CompareOptions },
): Verdict {
  const { results } = context;
  const options: CompareOptions = procedure.spend
    ? { ...context.options, looks: procedure.looks }
    : context.options;
  const taken = new Map([...pools.keys()].map((key) => [key, procedure.looks[0] ?? 0]));
  const cells = (side: 'base' | 'head'): CellResult[] =>
    [...pools].map(([key, pool]) =>
      cellOf(pool.workload, pool.threads, side, (trial[side].get(key) ?? []).slice(0, taken.get(key) ?? 0)),
    );
  for (const look of procedure.looks.slice(1)) {
    const undecided = undecidedCells([...cells('base'), ...cells('head')], results.suite, options);
    if (undecided.length === 0) break;
    for (const cell of undecided) taken.set(`${cell.workload}@${cell.threads}`, look);
  }
  const side = (name: 'base' | 'head'): SideData => ({
    facts: results.sides.head,
    cells: cells(name),
    environment: { ...results.environment, loadAverageBefore: [0, 0, 0] },
  });
  const source = { kind: 'ab' as const, path: 'simulated', savedAt: null };
  return buildVerdict(side('base'), side('head'), results.suite, source, options);
}

interface Tally {
  fail: number;
  inconclusive: number;
  repetitions: number;
  readonly regressions: Map<string, number>;
  readonly improvements: Map<string, number>;
}

function count(tally: Tally, verdict: Verdict): void {
  if (verdict.verdict === 'fail') tally.fail += 1;
  tally.inconclusive += verdict.counts.inconclusive;
  for (const cell of verdict.cells.filter((c) => c.metric === 'tps')) {
    const key = `${cell.workload}@${cell.threads}`;
    tally.repetitions += cell.head.values.length;
    if (cell.verdict === 'regression') tally.regressions.set(key, (tally.regressions.get(key) ?? 0) + 1);
    if (cell.verdict === 'improvement') tally.improvements.set(key, (tally.improvements.get(key) ?? 0) + 1);
  }
}

/** Prints a line (this is a script: its output is the point). */
function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

function percent(part: number, whole: number): string {
  return `${((100 * part) / whole).toFixed(2)}%`;
}

function report(
  title: string,
  tallies: readonly [Procedure, Tally][],
  context: { trials: number; cells: readonly string[] },
): void {
  const { trials, cells } = context;
  print(`\n${title} (${trials} trials)`);
  const header = ['procedure', 'FAIL verdicts', 'inconclusive cells/trial', 'reps/cell', ...cells];
  print(header.join(' | '));
  for (const [procedure, tally] of tallies) {
    print(
      [
        procedure.name,
        percent(tally.fail, trials),
        (tally.inconclusive / trials).toFixed(2),
        (tally.repetitions / trials / cells.length).toFixed(2),
        ...cells.map(
          (cell) =>
            `${percent(tally.regressions.get(cell) ?? 0, trials)} reg / ${percent(tally.improvements.get(cell) ?? 0, trials)} imp`,
        ),
      ].join(' | '),
    );
  }
}

function simulate(args: Args): void {
  const results = parseResults(readFileSync(args.file, 'utf8'), args.file);
  const planned = results.suite.repetitions;
  const most = args.most ?? 2 * planned;
  const looks = lookSchedule(planned, most);
  const pools = poolsOf(results);
  const options: CompareOptions = {
    ...DEFAULT_COMPARE_OPTIONS,
    gateMetrics: ['tps'],
    resamples: args.resamples,
    toleranceRules: args.tolerance === undefined ? [] : [{ metric: 'tps', value: args.tolerance }],
  };
  const procedures: Procedure[] = [
    { name: 'plan only', looks: [planned], spend: false },
    { name: `looks ${looks.join(', ')}, alpha spent`, looks, spend: true },
    { name: `looks ${looks.join(', ')}, alpha at every look`, looks, spend: false },
  ];
  const cells = [...pools.keys()];
  print(
    `${args.file}: ${cells.length} cells, pools of ${[...pools.values()].map((p) => p.values.length).join('/')} repetitions; ` +
      `planned ${planned}, most ${most}, alpha ${options.alpha}, tps tolerance ${args.tolerance ?? "the suite's"}, ` +
      `bootstrap ${args.resamples} resamples`,
  );
  for (const slowdown of args.slowdowns) {
    const rng = createRng(20261125 + Math.round(slowdown * 1000));
    const tallies = procedures.map((procedure): [Procedure, Tally] => [
      procedure,
      { fail: 0, inconclusive: 0, repetitions: 0, regressions: new Map(), improvements: new Map() },
    ]);
    const started = performance.now();
    for (let trial = 0; trial < args.trials; trial++) {
      const drawn = drawTrial(pools, most, rng, slowdown);
      for (const [procedure, tally] of tallies)
        count(tally, runProcedure(drawn, pools, procedure, { results, options }));
    }
    const title =
      slowdown === 0
        ? 'A/A: false alarms (regressions) and false improvements per cell'
        : `head ${slowdown * 100}% slower: detections per cell`;
    report(`${title}, ${((performance.now() - started) / 1000).toFixed(0)} s`, tallies, {
      trials: args.trials,
      cells,
    });
  }
}

simulate(parseArgs(process.argv.slice(2)));
