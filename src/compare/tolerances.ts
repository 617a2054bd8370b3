// How much worse a cell may get before it can count as a regression. Pure.
//
// Sources: the flags (or action inputs) that match the cell, else the suite's rules that do, else
// the metric's default; within either, the most specific rule wins (workload@threads, then
// workload, then every cell) and, at the same specificity, the later one. A flag is what the user
// asked for this run, so `--tolerance instructions=10%` holds for every cell even where the suite
// has a rule per workload.
import { InputError } from '../errors.js';
import type { Tolerances } from '../suite/suite-schema.js';
import { isMetricName, METRIC_NAMES, METRICS, type MetricName } from './metrics.js';

export interface ToleranceRule {
  readonly workload?: string;
  readonly threads?: number;
  readonly metric: MetricName;
  /** Fraction of the base value: 0.05 is 5%. */
  readonly value: number;
}

const RULE = /^(?:([A-Za-z0-9_.-]+)(?:@(\d+))?:)?([A-Za-z][A-Za-z0-9]*)=([0-9.]+)(%?)$/;

/** `tps=0.05`, `latencyMs=10%`, `oltp_point_select:tps=0.08`, `oltp_insert@64:tps=0.1`. */
export function parseToleranceRule(text: string, flag: string): ToleranceRule {
  const match = RULE.exec(text.trim());
  const example = `e.g. ${flag} tps=0.05, ${flag} oltp_point_select@1:tps=8%`;
  if (!match)
    throw new InputError(
      `${flag} ${JSON.stringify(text)}: expected [WORKLOAD[@THREADS]:]METRIC=FRACTION, ${example}`,
    );
  const [, workload, threads, metric = '', number = '', percentSign] = match;
  if (!isMetricName(metric)) {
    throw new InputError(
      `${flag} ${JSON.stringify(text)}: unknown metric "${metric}"; metrics: ${METRIC_NAMES.join(', ')}`,
    );
  }
  const value = Number(number) / (percentSign ? 100 : 1);
  if (!Number.isFinite(value) || value <= 0 || value >= 10) {
    throw new InputError(
      `${flag} ${JSON.stringify(text)}: the tolerance must be a fraction above 0 (0.05 or 5%)`,
    );
  }
  return {
    metric,
    value,
    ...(workload !== undefined ? { workload } : {}),
    ...(threads !== undefined ? { threads: Number(threads) } : {}),
  };
}

function suiteRules(tolerances: Tolerances): ToleranceRule[] {
  const rules: ToleranceRule[] = [];
  for (const metric of METRIC_NAMES) {
    const global = tolerances[metric];
    if (global !== undefined) rules.push({ metric, value: global });
    for (const override of tolerances.overrides) {
      const value = override[metric];
      if (value === undefined) continue;
      rules.push({
        metric,
        value,
        workload: override.workload,
        ...(override.threads !== undefined ? { threads: override.threads } : {}),
      });
    }
  }
  return rules;
}

function specificity(rule: ToleranceRule): number {
  if (rule.workload !== undefined && rule.threads !== undefined) return 3;
  return rule.workload !== undefined ? 2 : 1;
}

function matches(rule: ToleranceRule, workload: string, threads: number, metric: MetricName): boolean {
  return (
    rule.metric === metric &&
    (rule.workload === undefined || rule.workload === workload) &&
    (rule.threads === undefined || rule.threads === threads)
  );
}

export function toleranceFor(
  cell: { readonly workload: string; readonly threads: number },
  metric: MetricName,
  suite: Tolerances,
  flags: readonly ToleranceRule[],
): number {
  const mostSpecific = (rules: readonly ToleranceRule[]): ToleranceRule | undefined => {
    let best: ToleranceRule | undefined;
    for (const rule of rules) {
      if (!matches(rule, cell.workload, cell.threads, metric)) continue;
      if (!best || specificity(rule) >= specificity(best)) best = rule;
    }
    return best;
  };
  return (mostSpecific(flags) ?? mostSpecific(suiteRules(suite)))?.value ?? METRICS[metric].defaultTolerance;
}
