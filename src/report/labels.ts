// Names and sentences the pull-request comment and the HTML report both show, so that the two say
// the same thing in the same words. Raw text: each caller escapes it for where it goes. Pure.
import { type MetricName } from '../compare/metrics.js';
import type { Verdict } from '../compare/verdict-schema.js';
import { formatLoadAverage, plural } from '../format.js';
import { type Environment, FLAVOR_NAMES } from '../results/results-schema.js';

/** A metric's name in a table: short, with its unit. */
export function metricLabel(metric: MetricName, percentile: number): string {
  switch (metric) {
    case 'tps':
      return 'throughput (tps)';
    case 'notpm':
      return 'new orders/min (NOTPM)';
    case 'latencyMs':
      return `latency p${percentile} (ms)`;
    case 'p50Ms':
      return 'latency p50, all events (ms)';
    case 'p95Ms':
      return 'latency p95, all events (ms)';
    case 'p99Ms':
      return 'latency p99, all events (ms)';
    case 'instructions':
      return 'instructions/txn';
    case 'instructionsTotal':
      return 'instructions/txn, all threads';
    case 'cpuTimeUs':
      return 'CPU time (µs/txn)';
    case 'hwInstructions':
      return 'HW instructions/txn';
    case 'lowestSecondRatio':
      return 'lowest second (× median)';
    case 'stallSeconds':
      return 'stall seconds (s)';
  }
}

/** "MariaDB 10.11.19-MariaDB-0+deb12u1, compiler unknown". */
export function serverLabel(side: Verdict['sides']['base']): string {
  const compiler = side.compiler.known ? side.compiler.name : 'compiler unknown';
  const build = side.build
    ? `; built here with ${side.build.compiler}, ${side.build.buildType}${side.build.sourceCommit ? ` at ${side.build.sourceCommit.slice(0, 12)}` : ''}`
    : '';
  return `${FLAVOR_NAMES[side.flavor]} ${side.versionFunction}, ${compiler}${build}`;
}

/** "4 threads": a cell's client threads. */
export function threadsLabel(threads: number): string {
  return plural(threads, 'thread', 'threads');
}

/** The one-line machine description. */
export function environmentLabel(env: Environment): string {
  const cores =
    env.physicalCores === null
      ? plural(env.logicalCores, 'logical core', 'logical cores')
      : `${plural(env.logicalCores, 'logical core', 'logical cores')} (${env.physicalCores} physical, SMT ${
          env.smt === null ? 'unknown' : env.smt ? 'on' : 'off'
        })`;
  const load = (values: readonly number[]): string => formatLoadAverage(values[0] ?? 0);
  return [
    env.cpuModel,
    cores,
    env.governor === null ? 'no frequency governor exposed' : `governor ${env.governor}`,
    env.virtualized ? 'virtual machine' : 'bare metal',
    `load average ${load(env.loadAverageBefore)} before the run, ${load(env.loadAverageAfter)} after`,
    `${env.os}, kernel ${env.kernel}`,
    `sysbench ${env.sysbenchVersion}`,
    ...(env.runnerCheck ? [`runner check ${runnerCheckLabel(env.runnerCheck)}`] : []),
  ].join(' · ');
}

/** "B (82/100)": the runner check's grade (`doctor`), as the measuring job recorded it. */
export function runnerCheckLabel(check: NonNullable<Environment['runnerCheck']>): string {
  return `${check.letter} (${check.score}/100)`;
}

/** "❌ Performance: fail — 4 regressions". */
export function verdictTitle(verdict: Verdict): string {
  const { counts } = verdict;
  switch (verdict.verdict) {
    case 'pass':
      return '✅ Performance: pass — no regression found';
    case 'fail':
      return counts.regression === 0 && verdict.settings.gateWork
        ? '❌ Performance: fail — the work per transaction changed'
        : `❌ Performance: fail — ${plural(counts.regression, 'regression', 'regressions')}`;
    case 'inconclusive':
      return `⚠️ Performance: inconclusive — ${plural(counts.inconclusive, 'cell', 'cells')} too noisy to decide`;
  }
}

/**
 * What an inconclusive gating cell means, for the warnings; null when there is none. An
 * inconclusive verdict counts as a pass by default, which must not read as a clean bill.
 */
export function noiseWarning(verdict: Verdict): { readonly lead: string; readonly detail: string } | null {
  const gating = verdict.cells.filter((cell) => cell.gating);
  const inconclusive = gating.filter((cell) => cell.verdict === 'inconclusive');
  if (inconclusive.length === 0) return null;
  const needed = Math.max(0, ...inconclusive.map((cell) => cell.repetitionsNeeded ?? 0));
  return {
    lead: `${inconclusive.length} of ${plural(gating.length, 'gating cell is', 'gating cells are')} inconclusive:`,
    detail:
      'their repetitions vary too much to tell a change the size of the tolerance from noise, so they neither ' +
      'show nor rule out a slowdown. ' +
      (needed > 0 ? `More repetitions (up to ${needed} per side, see the reasons), ` : 'More repetitions, ') +
      'a quieter machine or a larger tolerance would decide them.',
  };
}
