// The data a side's workloads run on: prepared once when its server has started, and brought back
// after every warm-up or repetition of a workload that changes it (workload/kinds.ts decides
// which, and how). The run's two calls into workload kinds.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { InputError } from '../errors.js';
import type { Suite } from '../suite/suite-schema.js';
import { runDataCommands, type SysbenchConnection } from '../sysbench/runner.js';
import { dataResetAfter, suiteDataSets } from '../workload/kinds.js';
import { type SysbenchStep, stepLabel } from './measure-step.js';
import type { Step } from './plan.js';

/**
 * Prepares every data set the suite's workloads run on (sysbench's OLTP tables, a script's own
 * data), each once, on a server that has just started. Returns sysbench's output.
 */
export async function prepareWorkloadData(
  connection: SysbenchConnection,
  suite: Suite,
  signal?: AbortSignal,
): Promise<string> {
  const outputs: string[] = [];
  for (const dataSet of suiteDataSets(suite)) {
    outputs.push(await runDataCommands(connection, suite, dataSet, 'prepare', signal));
  }
  return outputs.join('');
}

/** The side a step ran on, as far as resetting its data goes. */
export interface DataSide {
  readonly name: string;
  readonly server: { readonly connection: SysbenchConnection };
}

/**
 * After `step` (just run on `side`): when its workload changes its data, brings the data back as
 * prepared, so that the next step, of this workload or another, starts from it; sysbench's output
 * goes beside the step's own in `rawDir` (`<side>/<step>-reset.txt`). Nothing for a restart or a
 * workload that keeps its data.
 */
export async function resetDataAfter(
  step: Step,
  side: DataSide,
  suite: Suite,
  rawDir: string,
  signal?: AbortSignal,
): Promise<void> {
  if (step.kind === 'restart') return;
  const reset = dataResetAfter(suite, step.workload);
  if (reset === undefined) return;
  switch (reset.mode) {
    case 're-prepare': {
      const { connection } = side.server;
      const cleanup = await runDataCommands(connection, suite, reset.dataSet, 'cleanup', signal);
      const prepare = await runDataCommands(connection, suite, reset.dataSet, 'prepare', signal);
      writeResetOutput(rawDir, side.name, step, `${cleanup}${prepare}`);
      return;
    }
    case 'restore':
      // Refused when the suite is read (workload/kinds.ts); kept here for an exhaustive switch.
      throw new InputError(
        `workload ${step.workload}: resetData "restore" is not available yet; use "re-prepare"`,
      );
  }
}

function writeResetOutput(rawDir: string, side: string, step: SysbenchStep, output: string): void {
  mkdirSync(join(rawDir, side), { recursive: true });
  writeFileSync(join(rawDir, side, `${stepLabel(step)}-reset.txt`), output);
}
