// The data a side's workloads run on: prepared once when its server has started, brought back
// after every warm-up or repetition of a workload that changes it (workload/kinds.ts decides
// which, and how), and checksummed before each repetition of such a workload.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { ConnectionInfo } from '../server/connection.js';
import { tablesChecksum } from '../server/table-checksum.js';
import type { Suite } from '../suite/suite-schema.js';
import { runDataCommands, type SysbenchConnection } from '../sysbench/runner.js';
import { type DataReset, dataResetAfter, suiteDataSets } from '../workload/kinds.js';
import type { DatadirSnapshot } from './datadir-snapshot.js';
import type { CleanupScope } from '../shell/cleanup.js';
import { type MeasuredSide, measureWhileAlive, type SysbenchStep, stepLabel } from './measure-step.js';
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
  /** sysbench connects as its workload account, the checksums as the tool's own. */
  readonly server: { readonly connection: ConnectionInfo };
  /** Its prepared datadir's copy, when a workload of the suite restores its data. */
  readonly snapshot?: Pick<DatadirSnapshot, 'restore'>;
}

/** A reset done after a step, and how long it took. */
export interface ResetDone {
  readonly mode: DataReset['mode'];
  readonly seconds: number;
}

/**
 * After `step` (just run on `side`): when its workload changes its data, brings the data back as
 * prepared, so that the next step, of this workload or another, starts from it: sysbench's cleanup
 * and prepare (its output beside the step's own in `rawDir`, `<side>/<step>-reset.txt`), or the
 * prepared datadir put back. Nothing for a restart or a workload that keeps its data.
 */
export async function resetDataAfter(
  step: Step,
  side: DataSide,
  suite: Suite,
  rawDir: string,
  signal?: AbortSignal,
): Promise<ResetDone | undefined> {
  if (step.kind === 'restart') return undefined;
  const reset = dataResetAfter(suite, step.workload);
  if (reset === undefined) return undefined;
  const startMs = performance.now();
  const done = (): ResetDone => ({ mode: reset.mode, seconds: (performance.now() - startMs) / 1000 });
  switch (reset.mode) {
    case 're-prepare': {
      const { connection } = side.server;
      const cleanup = await runDataCommands(connection, suite, reset.dataSet, 'cleanup', signal);
      const prepare = await runDataCommands(connection, suite, reset.dataSet, 'prepare', signal);
      writeResetOutput(rawDir, side.name, step, `${cleanup}${prepare}`);
      return done();
    }
    case 'restore':
      if (side.snapshot === undefined)
        throw new Error(`side ${side.name} has no copy of its datadir to restore`);
      await side.snapshot.restore();
      return done();
  }
}

/**
 * Before a repetition of a workload whose data is reset: a checksum of its tables, recorded with
 * the repetition, so that every repetition can be seen to start from the same rows. Undefined for
 * a warm-up and a workload that keeps its data (nothing to check: it is never reset).
 */
export async function dataChecksumBefore(
  step: SysbenchStep,
  side: DataSide,
  suite: Suite,
): Promise<string | undefined> {
  if (step.kind !== 'measure') return undefined;
  const reset = dataResetAfter(suite, step.workload);
  if (reset === undefined) return undefined;
  return tablesChecksum(side.server.connection, reset.dataSet.tables);
}

function writeResetOutput(rawDir: string, side: string, step: SysbenchStep, output: string): void {
  mkdirSync(join(rawDir, side), { recursive: true });
  writeFileSync(join(rawDir, side, `${stepLabel(step)}-reset.txt`), output);
}

/**
 * Fills a side's tables for the suite and keeps sysbench's output beside the results; returns
 * the seconds it took. Apart from starting, so that a side can prepare its data again between
 * steps, for a workload that changes its data as it runs.
 */
export async function prepareData(
  side: MeasuredSide,
  suite: Suite,
  scope: CleanupScope,
  rawDir: string,
): Promise<number> {
  const startMs = performance.now();
  // A server that dies meanwhile is reported as such, with its error log, not as sysbench's errors.
  const prepared = await measureWhileAlive(side.server, scope, (signal) =>
    prepareWorkloadData(side.server.connection, suite, signal),
  );
  const seconds = (performance.now() - startMs) / 1000;
  writeFileSync(join(rawDir, `${side.name}-prepare.txt`), prepared);
  return seconds;
}
