// Whether the operational cells' seconds gate: "gating by default for counts and reported for
// seconds (seconds gate when the machine's doctor grade allows)". An operation's seconds (and a
// replica's apply rate) are timed natively, once per repetition, on whatever the machine is doing:
// they gate by default only where the runner check (`doctor`, results' environment.runnerCheck)
// graded the machine of every side judged A or B. A gate the user named (--gate, the input, the
// settings file, or verdict.json's own settings when judged again) decides alone, either way.
// Decided here, once, for compare and the publishing half alike (judge.ts). Pure.
import type { MetricName } from '../metric-names.js';
import type { Environment, RunnerCheck } from '../results/results-schema.js';
import type { Suite } from '../suite/suite-schema.js';
import { yieldsMetric } from './operation-cells.js';
import type { CompareOptions } from './verdict.js';

/** The metrics the runner check's grade lets gate when the user named no gate. */
export const GRADED_METRICS: readonly MetricName[] = ['seconds', 'applyRate'];

/** The grades of a machine quiet enough for a native timing to gate. */
export const GATING_GRADES: readonly RunnerCheck['letter'][] = ['A', 'B'];

/** Why graded metrics judged do not gate when the user named a gate without them. */
const LEFT_OUT = 'the gate metrics named leave them out';

/** Why the graded metrics gate or not, for the verdict's settings (and the line the report shows). */
export interface GradedGate {
  readonly gating: boolean;
  /** The gate was named by the user: the grade did not decide. */
  readonly named: boolean;
  /** "seconds gate: the runner check graded this machine B". */
  readonly line: string;
}

interface Decision {
  readonly gating: boolean;
  readonly named: boolean;
  /** What decided, after "gate: " or "reported, not gating: ". */
  readonly because: string;
}

/** What the gate reads of a side's machine: which machine, and the runner check's grade of it. */
export type GradedMachine = Pick<Environment, 'fingerprint' | 'runnerCheck'>;

/** The machine of each side judged. */
export interface GradedMachines {
  readonly base: GradedMachine;
  readonly head: GradedMachine;
}

/** The grade each side's machine got, one entry when both sides ran on one machine. */
function grades(environments: GradedMachines) {
  const { base, head } = environments;
  const same = base === head || base.fingerprint === head.fingerprint;
  return same && base.runnerCheck?.letter === head.runnerCheck?.letter
    ? [{ side: null, check: head.runnerCheck }]
    : [
        { side: 'base', check: base.runnerCheck },
        { side: 'head', check: head.runnerCheck },
      ];
}

function decide(
  options: Pick<CompareOptions, 'gateMetrics' | 'gateNamed'>,
  environments: GradedMachines,
): Decision {
  if (options.gateNamed === true) {
    const gating = options.gateMetrics.some((metric) => GRADED_METRICS.includes(metric));
    return {
      gating,
      named: true,
      because: gating ? 'named among the gate metrics' : LEFT_OUT,
    };
  }
  const graded = grades(environments);
  const gating = graded.every(({ check }) => check !== undefined && GATING_GRADES.includes(check.letter));
  const machine = (side: string | null): string => (side === null ? 'this machine' : `the ${side}'s machine`);
  if (gating) {
    const said = graded.map(({ side, check }) => `${machine(side)} ${check?.letter ?? ''}`).join(' and ');
    return { gating, named: false, because: `the runner check graded ${said}` };
  }
  const ungraded = graded.filter(({ check }) => check === undefined);
  const low = graded.filter(({ check }) => check !== undefined && !GATING_GRADES.includes(check.letter));
  const parts = [
    ...(ungraded.length > 0
      ? [`no runner check (doctor) graded ${ungraded.map(({ side }) => machine(side)).join(' or ')} A or B`]
      : []),
    ...low.map(
      ({ side, check }) => `the runner check graded ${machine(side)} ${check?.letter ?? ''}, not A or B`,
    ),
  ];
  return { gating, named: false, because: parts.join('; ') };
}

/**
 * The options with the graded metrics the suite's workloads yield added to the gate when the grade
 * lets them gate, and why. Only for a gate the user did not name; a named gate is left as it is.
 */
export function gradedGate(
  options: CompareOptions,
  environments: GradedMachines,
  suite: Pick<Suite, 'workloads'>,
): { readonly options: CompareOptions; readonly decision: Decision } {
  const decision = decide(options, environments);
  if (decision.named || !decision.gating) return { options, decision };
  const added = GRADED_METRICS.filter(
    (metric) =>
      !options.gateMetrics.includes(metric) &&
      suite.workloads.some((workload) => yieldsMetric(suite, workload.name, metric)),
  );
  return { options: { ...options, gateMetrics: [...options.gateMetrics, ...added] }, decision };
}

/**
 * The line the verdict records, naming the graded metrics judged that gate ("seconds", "seconds
 * and applyRate"), or, when none does, those reported; undefined when it judged none of them. A
 * gate the user named lists only the graded metrics it names: with `tps,seconds`, a replica's
 * applyRate is judged but does not gate, and the line says "seconds gate".
 */
export function gradedGateLine(
  decision: Decision,
  judged: readonly MetricName[],
  gateMetrics: readonly MetricName[],
): GradedGate | undefined {
  const metrics = GRADED_METRICS.filter((metric) => judged.includes(metric));
  if (metrics.length === 0) return undefined;
  const gating = decision.gating ? metrics.filter((metric) => gateMetrics.includes(metric)) : [];
  const listed = gating.length > 0 ? gating : metrics;
  const subject = listed.join(' and ');
  // "seconds" reads as a plural, as do two metrics; "applyRate" alone does not.
  const plural = listed.length > 1 || listed[0] === 'seconds';
  const because = gating.length === 0 && decision.named ? LEFT_OUT : decision.because;
  const line =
    gating.length > 0
      ? `${subject} ${plural ? 'gate' : 'gates'}: ${because}`
      : `${subject} ${plural ? 'are' : 'is'} reported, not gating: ${because}`;
  return { gating: gating.length > 0, named: decision.named, line };
}

/** A judged cell as the warning below reads it. */
interface JudgedCell {
  readonly workload: string;
  readonly threads: number;
  readonly variant?: Readonly<Record<string, string>> | undefined;
  readonly gating: boolean;
  readonly operation?: unknown;
}

/**
 * One warning per operational cell none of whose metrics gates (a throughput suite counts no
 * instructions, and its seconds gate only on a machine graded A or B): a slower recovery would
 * not fail the verdict, and the verdict says so rather than pass it in silence.
 */
export function ungatedOperationWarnings(cells: readonly JudgedCell[]): string[] {
  const byCell = new Map<string, boolean>();
  for (const cell of cells) {
    if (cell.operation === undefined) continue;
    const variant = Object.entries(cell.variant ?? {})
      .map(([dimension, value]) => `${dimension}=${value}`)
      .join(',');
    const name = `${cell.workload} @ ${cell.threads}${variant === '' ? '' : ` [${variant}]`}`;
    byCell.set(name, (byCell.get(name) ?? false) || cell.gating);
  }
  return [...byCell.entries()]
    .filter(([, gating]) => !gating)
    .map(
      ([name]) =>
        `${name}: none of its metrics gates (no instructions counted, and its seconds reported only), ` +
        'so a slower operation cannot fail this verdict: count it in an instruction suite, or grade the machine (doctor) A or B',
    );
}
