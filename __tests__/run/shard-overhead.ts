// What splitting a run into shards costs beside the measuring. Not a test (the figures depend on
// the machine): it runs a suite A/B once whole and once as N shards one after another, on the
// same server on both sides, then merges and compares, and prints for each run its wall time,
// the time spent inside sysbench (a wrapper on PATH times every call), the servers' start-up (from
// the run's own log) and what is left: the harness's own work (checks, locking, fingerprints,
// shutdown, writing results). It also prints what merging and comparing take, and how long the
// longest shard took against a perfect 1/N of the whole run.
//
//   PATH=$PWD/node_modules/.bin:$PATH node --experimental-transform-types \
//     --disable-warning=ExperimentalWarning --import ./__tests__/helpers/ts-source-hooks.ts \
//     __tests__/run/shard-overhead.ts [--suite quick] [--shards 3] [--server /usr/sbin/mariadbd] [--dir DIR]
//
// Run it alone on the machine: it measures throughput.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { compareCommand, compareOptionsFromFlags } from '../../src/commands/compare.js';
import { mergeCommand } from '../../src/commands/merge.js';
import { runCommand, runConfigFromFlags, type RunFlags } from '../../src/commands/run.js';
import type { Logger } from '../../src/shell/logger.js';
import { findCommand } from '../helpers/requirements.js';

const { values } = parseArgs({
  options: {
    suite: { type: 'string', default: 'quick' },
    shards: { type: 'string', default: '3' },
    server: { type: 'string', default: '/usr/sbin/mariadbd' },
    dir: { type: 'string' },
  },
});
const SHARDS = Number(values.shards);
const dir = values.dir ?? mkdtempSync(join(os.tmpdir(), 'gate-shard-overhead-'));
mkdirSync(dir, { recursive: true });
const TIMES = join(dir, 'sysbench-times.log');

/** A `sysbench` first on PATH that runs the real one and appends "start end" (epoch seconds). */
function wrapSysbench(): void {
  const real = findCommand('sysbench');
  if (!real) throw new Error('sysbench is not installed');
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    join(bin, 'sysbench'),
    `#!/bin/sh\nstart=$(date +%s.%N)\n"${real}" "$@"\ncode=$?\necho "$start $(date +%s.%N)" >>"${TIMES}"\nexit $code\n`,
  );
  chmodSync(join(bin, 'sysbench'), 0o755);
  process.env.PATH = `${bin}:${process.env.PATH ?? ''}`;
}

/** Seconds inside sysbench between two moments (epoch ms). */
function sysbenchSeconds(fromMs: number, toMs: number): number {
  if (!existsSync(TIMES)) return 0;
  return readFileSync(TIMES, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.split(' ').map(Number) as [number, number])
    .filter(([start, end]) => start * 1000 >= fromMs && end * 1000 <= toMs)
    .reduce((sum, [start, end]) => sum + (end - start), 0);
}

/** A logger that keeps every line with its time, and shows progress lines as they come. */
function timedLogger(lines: { at: number; text: string }[]): Logger {
  const keep = (text: string): void => {
    lines.push({ at: Date.now(), text });
  };
  return {
    info: keep,
    warning: (text) => {
      keep(text);
      process.stderr.write(`  warning: ${text}\n`);
    },
    error: keep,
    debug: keep,
    progress: (text) => {
      keep(text);
      process.stderr.write(`  ${text}\n`);
    },
    group: async (name, fn) => {
      keep(`== ${name}`);
      return fn();
    },
  };
}

interface Timing {
  readonly name: string;
  readonly wall: number;
  readonly sysbench: number;
  readonly startup: number;
}

/** Server start-up: from the line before each "…: … ready on …" line to it (bootstrap, start). */
function startupSeconds(lines: readonly { at: number; text: string }[]): number {
  return lines.reduce((sum, line, index) => {
    const before = lines[index - 1];
    return /^(base|head|server): .* ready on /.test(line.text) && before
      ? sum + (line.at - before.at) / 1000
      : sum;
  }, 0);
}

async function timedRun(name: string, extra: Partial<RunFlags>): Promise<Timing> {
  process.stderr.write(`${name}\n`);
  const flags: RunFlags = {
    base: values.server,
    head: values.server,
    set: [],
    baseSet: [],
    headSet: [],
    suite: values.suite,
    out: join(dir, `${name.replace(/\W+/g, '-')}.json`),
    ...extra,
  };
  const lines: { at: number; text: string }[] = [];
  const started = Date.now();
  await runCommand(runConfigFromFlags(flags), timedLogger(lines));
  const finished = Date.now();
  return {
    name,
    wall: (finished - started) / 1000,
    sysbench: sysbenchSeconds(started, finished),
    startup: startupSeconds(lines),
  };
}

async function timed<T>(fn: () => Promise<T> | T): Promise<{ value: T; seconds: number }> {
  const started = Date.now();
  const value = await fn();
  return { value, seconds: (Date.now() - started) / 1000 };
}

async function compareSeconds(results: string, out: string): Promise<{ seconds: number; verdict: string }> {
  const options = compareOptionsFromFlags({
    tolerance: [],
    alpha: '0.05',
    gate: 'tps,instructions',
    inconclusive: 'pass',
  });
  const { value, seconds } = await timed(() =>
    compareCommand({ resultsPath: results, baselinePath: null, outDir: out, force: false, options }),
  );
  const { counts } = value.verdict;
  return {
    seconds,
    verdict: `${value.verdict.verdict}: ${counts.regression} regression(s), ${counts.improvement} improvement(s), ${counts.inconclusive} inconclusive of ${value.verdict.cells.filter((cell) => cell.gating).length} gating cells`,
  };
}

function row(t: Timing): string {
  const harness = t.wall - t.sysbench - t.startup;
  const cells = [t.name, t.wall, t.sysbench, t.startup, harness].map((value) =>
    typeof value === 'number' ? `${value.toFixed(1)} s`.padStart(10) : value.padEnd(14),
  );
  return cells.join('  ');
}

function report(
  whole: Timing,
  shards: readonly Timing[],
  merge: number,
  compare: { seconds: number; verdict: string },
  wholeCompare: { seconds: number; verdict: string },
): void {
  const harness = shards.map((t) => t.wall - t.sysbench - t.startup);
  const perShard = harness.reduce((a, b) => a + b, 0) / shards.length;
  const longest = Math.max(...shards.map((t) => t.wall));
  const lines = [
    '',
    `suite ${values.suite}, A/B of ${values.server} against itself, ${SHARDS} shards measured one after another on this machine`,
    `${'run'.padEnd(14)}  ${'wall'.padStart(10)}  ${'sysbench'.padStart(10)}  ${'start-up'.padStart(10)}  ${'harness'.padStart(10)}`,
    row(whole),
    ...shards.map(row),
    '',
    `harness per shard: ${perShard.toFixed(1)} s on average (${Math.min(...harness).toFixed(1)}–${Math.max(...harness).toFixed(1)} s); unsharded: ${(whole.wall - whole.sysbench - whole.startup).toFixed(1)} s`,
    `server start-up per shard: ${(shards.reduce((a, t) => a + t.startup, 0) / shards.length).toFixed(1)} s (both sides)`,
    `merge: ${merge.toFixed(2)} s; compare of the merged file (report and charts): ${compare.seconds.toFixed(1)} s (unsharded: ${wholeCompare.seconds.toFixed(1)} s)`,
    `longest shard ${longest.toFixed(1)} s = ${(longest / (whole.wall / SHARDS)).toFixed(2)} × a perfect 1/${SHARDS} of the unsharded run (${(whole.wall / SHARDS).toFixed(1)} s)`,
    `on ${SHARDS} machines: about ${(longest + merge + compare.seconds).toFixed(0)} s against ${(whole.wall + wholeCompare.seconds).toFixed(0)} s unsharded (${((longest + merge + compare.seconds) / (whole.wall + wholeCompare.seconds)).toFixed(2)}×), before the build and its artifact`,
    `verdicts: unsharded ${wholeCompare.verdict}; merged ${compare.verdict}`,
    `files: ${dir}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

wrapSysbench();
const whole = await timedRun('unsharded', {});
const shards: Timing[] = [];
for (let index = 1; index <= SHARDS; index++)
  shards.push(await timedRun(`shard ${index}/${SHARDS}`, { shard: `${index}/${SHARDS}` }));
const silent = timedLogger([]);
const inputs = Array.from({ length: SHARDS }, (_, i) => join(dir, `shard-${i + 1}-${SHARDS}.json`));
const merged = await timed(() => mergeCommand({ inputs, outPath: join(dir, 'merged.json') }, silent));
const compare = await compareSeconds(join(dir, 'merged.json'), join(dir, 'merged-report'));
const wholeCompare = await compareSeconds(join(dir, 'unsharded.json'), join(dir, 'unsharded-report'));
report(whole, shards, merged.seconds, compare, wholeCompare);
