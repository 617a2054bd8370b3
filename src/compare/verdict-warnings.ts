// What a verdict warns of besides its cells: machines that differ between the sides or the shards,
// a gate that decided nothing, different statements on the two sides. Pure.
import { formatLoadAverage } from '../format.js';
import type { Environment } from '../results/results-schema.js';
import { machinesWarning, mergedMachines } from '../run/merge-shards.js';
import type { Suite } from '../suite/suite-schema.js';
import { sourceTurnedOff } from './cell-inputs.js';
import { metricsFor, type MetricName } from './metrics.js';
import type { CompareOptions, SideData } from './verdict.js';
import type { CellComparison, WorkSection } from './verdict-schema.js';
import { bothSpellings } from '../option-names.js';

export function environmentWarnings(base: Environment, head: Environment): string[] {
  const warnings: string[] = [];
  const fields: [string, unknown, unknown][] = [
    ['CPU model', base.cpuModel, head.cpuModel],
    ['logical cores', base.logicalCores, head.logicalCores],
    ['frequency governor', base.governor, head.governor],
    ['kernel', base.kernel, head.kernel],
    ['memory (bytes)', base.memoryBytes, head.memoryBytes],
  ];
  for (const [name, a, b] of fields) {
    if (a !== b)
      warnings.push(`the sides ran with a different ${name}: base ${String(a)}, head ${String(b)}`);
  }
  for (const env of base === head ? [head] : [base, head]) {
    const load = env.loadAverageBefore[0];
    if (load > env.logicalCores * 0.5) {
      warnings.push(
        `the machine was busy before the run (load average ${formatLoadAverage(load)} on ${env.logicalCores} logical cores): other work competes with the servers`,
      );
    }
  }
  return warnings;
}

/**
 * Results merged from shards of machines with different hardware say so (once per merge); when
 * the base is not the same file's (a stored baseline), each change may hold some of the machine.
 */
export function shardMachineWarnings(base: SideData, head: SideData): string[] {
  const merges = [...new Set([base.merged, head.merged])].filter((merged) => merged !== undefined);
  return merges.flatMap((merged) => {
    const groups = mergedMachines({ merged });
    return groups.length > 0 ? [machinesWarning(groups, base.merged === head.merged ? 'ab' : 'single')] : [];
  });
}

/** A verdict that no cell could decide must say so, or a green check would mean nothing. */
export function noGatingWarning(
  cells: readonly CellComparison[],
  suite: Suite,
  options: CompareOptions,
): string[] {
  if (cells.some((cell) => cell.gating)) return [];
  const measuredMetrics = [...new Set(cells.map((cell) => cell.metric))];
  return [
    `no cell was judged on a gating metric (${options.gateMetrics.join(', ')}); this ${suite.metric} suite measured ` +
      `${measuredMetrics.join(', ') || 'nothing comparable'}: the verdict decides nothing (see the gate setting: ${bothSpellings('gate')})`,
  ];
}

/**
 * A gating metric this kind of suite measures but no cell was judged on (a base without latency
 * histograms under --gate tps,p99Ms, say): the gate the user asked for decided nothing.
 */
export function unjudgedGateWarnings(
  cells: readonly CellComparison[],
  suite: Suite,
  options: CompareOptions,
): string[] {
  const measurable = new Set(metricsFor(suite.metric).map((metric) => metric.name));
  // The stall metrics are read from the per-second reports, which a suite may turn off.
  const fromIntervals = (name: MetricName): boolean => sourceTurnedOff(suite, { name });
  return options.gateMetrics
    .filter((name) => measurable.has(name) && !cells.some((cell) => cell.metric === name))
    .map((name) =>
      fromIntervals(name)
        ? `${name} is a gating metric, but the suite turns sysbench's per-second reports off (reportIntervalSeconds: 0), which it is read from: it decided nothing`
        : `${name} is a gating metric, but no cell could be judged on it (one side lacks it in every repetition: results or a baseline from before it was measured, or a machine without it): it decided nothing, and each of its cells is listed as not judged`,
    );
}

/** Different statements make every other comparison suspect; a work gate without counts decides nothing. */
export function workWarnings(work: WorkSection, options: CompareOptions): string[] {
  if (work.status === 'unavailable') {
    return options.gateWork
      ? [`the work gate (${bothSpellings('gate-work')}) decided nothing: ${work.reason}`]
      : [];
  }
  return work.summary === 'different-statements' ? [work.sentence] : [];
}
