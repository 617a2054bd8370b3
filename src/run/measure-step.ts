// One step of the schedule on one server: a warm-up or a measured repetition, with the server's
// cost over exactly the sysbench run, and its raw output kept beside the results. A server that
// dies meanwhile is reported with its error log rather than as sysbench's connection errors.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { ServerError } from '../errors.js';
import type { IdleSideFigure, OperationFigures, SideName } from '../results/results-schema.js';
import type { ServerInstall } from '../server/server.js';
import type { SideServer } from '../server/side-server.js';
import type { CleanupScope } from '../shell/cleanup.js';
import { cellTitle, findWorkload, measurementLimit, type Suite } from '../suite/suite-schema.js';
import { variantConnection, variantLabel } from '../suite/variants.js';
import type { SysbenchReport } from '../sysbench/report-schema.js';
import { runWorkload } from '../sysbench/runner.js';
import { kindOf } from '../workload/kinds.js';
import type { CostProbe, WindowCost } from './cost-probe.js';
import type { Step } from './plan.js';
import { CellPace } from './cell-pace.js';
import { openWorkWindow } from './work-window.js';

/** How long a failed measurement waits for news of the server's death before blaming sysbench. */
const DEATH_GRACE_MS = 2000;

/** A server being measured, with what was learned about it when it started. */
export interface MeasuredSide {
  readonly name: SideName;
  readonly install: ServerInstall;
  readonly server: SideServer;
  readonly probe: CostProbe;
  /** The CPUs sysbench runs on when the run is pinned (a taskset list); any otherwise. */
  readonly clientCpus?: string;
}

export type SysbenchStep = Exclude<Step, { kind: 'restart' }>;

export interface StepOutcome {
  readonly report: SysbenchReport;
  /** Path of sysbench's raw output, relative to the raw directory. */
  readonly rawOutput: string;
  readonly startedAt: string;
  /** The server's cost over the window; undefined for warm-ups. */
  readonly window: WindowCost | undefined;
  /** Status counters that moved over the window (increments); undefined for warm-ups or unread. */
  readonly work?: Record<string, number>;
  /** The checksum of the workload's tables before the step, when its data is reset between steps. */
  readonly dataChecksum?: string;
  /** What the other side's server used meanwhile, when the sides are measured in turn (idle-side.ts). */
  readonly idleSide?: IdleSideFigure;
  /** An operational cell's figures (operation-step.ts). */
  readonly operation?: OperationFigures;
}

/** "oltp_read_only-t1-rep2": names the step's files. */
export function stepLabel(step: SysbenchStep): string {
  const what = step.kind === 'warmup' ? 'warmup' : `rep${step.repetition}`;
  const label = variantLabel(step.variant);
  return `${step.workload}-t${step.threads}${label === '' ? '' : `-${label}`}-${what}`;
}

/** Where a step stands in the schedule, in the words of a message: "repetition 2", "warm-up". */
function stepPhase(step: SysbenchStep): string {
  return step.kind === 'warmup' ? 'warm-up' : `repetition ${step.repetition}`;
}

export interface MeasureOptions {
  /** Warnings on the way (a status counter that could not be read). */
  readonly log?: (line: string) => void;
  /** The pace of the run so far: the step's deadline under callgrind. */
  readonly pace?: CellPace;
}

/** Runs one warm-up or repetition and keeps sysbench's output in `rawDir`. */
export async function measureStep(
  step: SysbenchStep,
  side: MeasuredSide,
  suite: Suite,
  rawDir: string,
  scope: CleanupScope,
  options: MeasureOptions = {},
): Promise<StepOutcome> {
  const log = options.log ?? (() => undefined);
  const workload = findWorkload(suite, step.workload);
  const cell = `${cellTitle(step)} thread${step.threads === 1 ? '' : 's'} on ${step.side} (${stepPhase(step)})`;
  // A `connection` variant says how sysbench reaches the server for this cell.
  const route = variantConnection(step.variant);
  const reached = route === undefined ? suite : { ...suite, connection: route };
  const limit = measurementLimit(suite, workload, step.kind);
  const where = `sysbench for ${cell}`;
  const rough = kindOf(workload).eventSeconds(workload);
  const deadline = (options.pace ?? new CellPace()).deadline(step, limit, where, rough);
  const startedAt = new Date().toISOString();
  const probed = {
    pid: side.server.pid,
    namespacePid: side.server.namespacePid,
    connection: side.server.connection,
    flavor: side.install.flavor,
  };
  const { run, window, work } = await measureWhileAlive(side.server, scope, async (signal) => {
    const runIt = () =>
      runWorkload(side.server.connection, reached, workload, step.threads, limit, cell, {
        signal,
        deadline,
        ...(side.clientCpus === undefined ? {} : { cpus: side.clientCpus }),
      });
    if (step.kind === 'warmup') {
      const release = await side.probe.warmup?.(probed, signal);
      try {
        return { run: await runIt(), window: undefined, work: undefined };
      } finally {
        await release?.();
      }
    }
    // The status snapshots come before the probe starts counting and after it stopped, so that
    // neither the probe nor an instruction count sees them.
    await side.probe.prepare?.(probed, signal);
    const counting = await openWorkWindow(side.server.connection, log);
    try {
      await side.probe.begin(probed, signal);
      const measured = await runIt();
      const cost = await side.probe.end(probed, stepLabel(step));
      return { run: measured, window: cost, work: await counting.finish() };
    } catch (error) {
      await side.probe.abort();
      throw error;
    } finally {
      await counting.close();
      await side.probe.release?.();
    }
  });
  const rawOutput = join(step.side, `${stepLabel(step)}.txt`);
  mkdirSync(join(rawDir, step.side), { recursive: true });
  writeFileSync(join(rawDir, rawOutput), run.raw);
  return { report: run.report, rawOutput, startedAt, window, ...(work ? { work } : {}) };
}

/**
 * Runs one measurement, aborting it at once if the server dies meanwhile; a dead server is
 * reported as a ServerError quoting its error log rather than as sysbench's connection errors.
 */
export async function measureWhileAlive<T>(
  server: SideServer,
  scope: CleanupScope,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let died: (error: ServerError) => void = () => undefined;
  const death = new Promise<ServerError>((resolve) => {
    died = resolve;
  });
  const unsubscribe = server.onUnexpectedExit((error) => {
    died(error);
    controller.abort(error);
  });
  // A server that reached a limit of its control group (refused threads, a process killed for
  // memory) ends the step in the line that names the limit, whether or not sysbench noticed.
  const limit = (): ServerError | undefined => {
    const line = server.limitReached?.();
    return line === undefined ? undefined : new ServerError(line);
  };
  try {
    const done = await work(AbortSignal.any([controller.signal, scope.signal]));
    const reached = limit();
    if (reached) throw reached;
    return done;
  } catch (error) {
    // sysbench can fail on a refused connection before the server's exit has been reaped; give
    // the exit a moment to arrive so the user sees the server's error log, not a client error.
    const grace = sleep(DEATH_GRACE_MS, undefined, { ref: false });
    const dead = await Promise.race([death, grace]);
    if (dead) throw dead;
    await server.assertAlive();
    throw limit() ?? error;
  } finally {
    unsubscribe();
  }
}
