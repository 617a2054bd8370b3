// The kind of a .lua script that owns its data: sysbench runs the script's own `prepare` and
// `cleanup` commands, with the workload's options (its size among them: a TPC-C-like script's
// warehouses), and the script's `run` against what they made. Pure.
import { CLIENT_METRIC_NAMES } from '../metric-names.js';
import type { Suite, Workload } from '../suite/suite-shape.js';
import { type DataCommand, type KindIssue, type WorkloadKind, workloadScript } from './workload-kind.js';

export const SYSBENCH_SCRIPT = 'sysbench-script';

/** The middle figure of the OLTP kind's: nothing is known about a script before it ran. */
const EVENT_SECONDS = 0.02;
const PREPARE_SECONDS = 2;

function command(workload: Workload, name: DataCommand['command']): DataCommand {
  return {
    command: name,
    script: workloadScript(workload),
    // One prepare thread: the rows a script makes should not depend on how threads interleave.
    args: name === 'prepare' ? ['--threads=1'] : [],
    options: workload.options,
    optionsSource: `workload "${workload.name}" options`,
  };
}

function validate(suite: Suite, workloads: readonly number[]): KindIssue[] {
  return workloads.flatMap((index): KindIssue[] => {
    const workload = suite.workloads[index];
    if (workload === undefined) return [];
    const issues: KindIssue[] = [];
    if (workload.script === undefined || !workload.script.endsWith('.lua')) {
      issues.push({
        path: ['workloads', index, 'script'],
        message: `kind ${SYSBENCH_SCRIPT} needs the path of a .lua script that defines its own prepare and cleanup commands${workload.script === undefined ? '' : `, got "${workload.script}"`}`,
      });
    }
    if (workload.resetData === undefined) {
      issues.push({
        path: ['workloads', index, 'resetData'],
        message: `required for kind ${SYSBENCH_SCRIPT}: "re-prepare" if the script's runs change its data (add or remove rows), "none" if they leave it as prepared`,
      });
    }
    return issues;
  });
}

/** What a script's data is guessed to take, not knowing it. */
export const SCRIPT_DATA_BYTES = 256 * 1024 * 1024;

export const sysbenchScript: WorkloadKind = {
  name: SYSBENCH_SCRIPT,
  summary: "a .lua script with prepare and cleanup commands of its own, sized by the workload's options",
  sizeFields: ['workloads[].options'],
  validate,
  dataSet: (_suite, workload) => {
    const script = workloadScript(workload);
    const options = Object.entries(workload.options)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => `${name}=${value}`);
    return {
      // Workloads running the same script with the same options share its data.
      key: [SYSBENCH_SCRIPT, script, ...options].join(' '),
      kind: SYSBENCH_SCRIPT,
      what: `the data of ${script}`,
      prepare: [command(workload, 'prepare')],
      cleanup: [command(workload, 'cleanup')],
    };
  },
  runDataArgs: () => [],
  runScript: workloadScript,
  reservedOptions: new Map(),
  changesData: () => 'unknown',
  defaultReset: () => undefined,
  eventSeconds: () => EVENT_SECONDS,
  prepareSeconds: () => PREPARE_SECONDS,
  // A script's data is its own: a guess, which the check of free space says it is.
  dataBytes: () => SCRIPT_DATA_BYTES,
  metrics: CLIENT_METRIC_NAMES,
};
