// Names and sentences the pull-request comment and the HTML report both show, so that the two say
// the same thing in the same words. Raw text: each caller escapes it for where it goes. Pure.
import { type MetricName } from '../compare/metrics.js';
import type { Verdict } from '../compare/verdict-schema.js';
import { formatLoadAverage, plural } from '../format.js';
import { type Environment, FLAVOR_NAMES } from '../results/results-schema.js';
import { cellTitle } from '../suite/suite-schema.js';

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
    case 'seconds':
      return 'seconds (s)';
    case 'applyRate':
      return 'applied trx/s';
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
    case 'inconclusive': {
      const parts = [
        ...(counts.inconclusive > 0
          ? [`${plural(counts.inconclusive, 'cell', 'cells')} too noisy to decide`]
          : []),
        ...(counts.unjudged > 0 ? [`${plural(counts.unjudged, 'cell', 'cells')} not judged`] : []),
      ];
      return `⚠️ Performance: inconclusive — ${parts.join(', ')}`;
    }
  }
}

/** The tally of the gating cells, part by part: "1 regression", …, "2 not judged" (when any). */
export function tallyParts(counts: Verdict['counts']): string[] {
  return [
    plural(counts.regression, 'regression', 'regressions'),
    plural(counts.improvement, 'improvement', 'improvements'),
    `${counts.withinTolerance} within tolerance`,
    `${counts.unchanged} unchanged`,
    `${counts.inconclusive} inconclusive`,
    ...(counts.unjudged > 0 ? [`${counts.unjudged} not judged`] : []),
  ];
}

/** ", 1 unjudged" after the other counts, or '' when every gating cell was judged. */
export function unjudgedCount(counts: Verdict['counts']): string {
  return counts.unjudged > 0 ? `, ${counts.unjudged} not judged` : '';
}

/**
 * The cells of the input that could not be judged, each with why; null when there is none. A
 * gating one counts as an inconclusive cell does, so it is named wherever the verdict is.
 */
export function unjudgedWarning(
  verdict: Verdict,
): { readonly lead: string; readonly items: readonly string[] } | null {
  if (verdict.unjudged.length === 0) return null;
  const gating = verdict.unjudged.filter((cell) => cell.gating).length;
  const policy = verdict.settings.inconclusivePolicy;
  return {
    lead:
      gating > 0
        ? `${plural(gating, 'gating cell was', 'gating cells were')} not judged: each counts as inconclusive, which counts as ${policy} here.`
        : `${plural(verdict.unjudged.length, 'cell was', 'cells were')} not judged (none gates):`,
    items: verdict.unjudged.map(
      (cell) => `${cellTitle(cell)} ${cell.metric}${cell.gating ? '' : ' (not gating)'}: ${cell.reason}`,
    ),
  };
}

/**
 * What each cell's change is, in one sentence every medium states: the ratio of the medians, or,
 * for counts of an A/B run's repetitions run in lockstep, the median of each repetition's ratio to
 * its counterpart.
 */
export function changeRule(verdict: Pick<Verdict, 'cells'>): string {
  const ofPairs = 'the median of head ÷ base − 1 over each repetition and its counterpart, run in lockstep';
  const pairedCells = verdict.cells.filter((cell) => cell.paired === true);
  if (pairedCells.length === 0) return 'change = head ÷ base − 1 of the medians';
  if (pairedCells.length === verdict.cells.length) return `change = ${ofPairs}`;
  // By metric where every cell of it is paired, by cell otherwise.
  const metrics = [...new Set(pairedCells.map((cell) => cell.metric))];
  const whole = metrics.filter((metric) =>
    verdict.cells.every((cell) => cell.metric !== metric || cell.paired === true),
  );
  const named = [
    ...whole,
    ...pairedCells
      .filter((cell) => !whole.includes(cell.metric))
      .map((cell) => `${cellTitle(cell)} ${cell.metric}`),
  ];
  return `change = head ÷ base − 1 of the medians; for ${named.join(', ')}: ${ofPairs}`;
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

/** What a chart's dot for a change is, in a few words (the legend's rule, changeRule, shortened). */
export function changeDotLabel(cells: readonly Pick<Verdict['cells'][number], 'paired'>[]): string {
  const paired = cells.filter((cell) => cell.paired === true).length;
  if (paired === 0) return 'change of the medians';
  if (paired === cells.length) return "median of each repetition's change against its counterpart";
  return "change of the medians (paired counts: median of each repetition's change against its counterpart)";
}
