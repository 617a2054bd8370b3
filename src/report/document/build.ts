// Builds the report document: once per report, from the verdict and, when they are at hand, the
// measurements behind it. Pure.
import type { MetricName } from '../../compare/metrics.js';
import type { Verdict } from '../../compare/verdict-schema.js';
import { metricLabel } from '../labels.js';
import type { ReportInput } from '../report-input.js';
import { historyOf, machineOf, warningsOf } from './context.js';
import { differencesOf } from './differences.js';
import { functionsOf } from './functions.js';
import { headlineOf, methodOf } from './headline.js';
import { latencyOf } from './latency.js';
import { linesOf } from './lines.js';
import { mixOf } from './mix.js';
import { nextStepsOf } from './next-steps.js';
import type { ChartRef, ReportDocument } from './model.js';
import { resourcesOf } from './resources.js';
import { resultsOf } from './results.js';
import { splitOf } from './split.js';
import { stallsOf } from './stalls.js';
import { workOf } from './work.js';

function documentOf<C extends ChartRef>(
  verdict: Verdict,
  input: ReportInput | null,
  charts: readonly C[],
): ReportDocument<C> {
  // Without the suite the latency percentile is unknown: metrics go by their names.
  const label = (metric: MetricName): string =>
    input === null ? metric : metricLabel(metric, input.suite.percentile);
  const history = input?.history ?? [];
  return {
    headline: headlineOf(verdict, label, history),
    method: methodOf(verdict),
    differences: differencesOf(verdict),
    results: resultsOf(verdict, label),
    work: workOf(verdict),
    resources: resourcesOf(verdict),
    latency: latencyOf(verdict),
    mix: mixOf(verdict.mix),
    stalls: stallsOf(verdict),
    split: splitOf(verdict),
    lines: linesOf(verdict),
    functions: functionsOf(verdict),
    warnings: warningsOf(verdict),
    machine: input === null ? null : machineOf(input.base.environment, input.head.environment),
    history: historyOf(history),
    charts,
    next: nextStepsOf(verdict, input),
  };
}

/** The whole report: the verdict, the machines, a baseline's history and the charts. */
export function buildReportDocument<C extends ChartRef>(
  input: ReportInput,
  charts: readonly C[] = [],
): ReportDocument<C> {
  return documentOf(input.verdict, input, charts);
}

/** A verdict read alone (verdict.json): no machines, no history, no charts. */
export function buildVerdictDocument(verdict: Verdict): ReportDocument {
  return documentOf(verdict, null, []);
}
