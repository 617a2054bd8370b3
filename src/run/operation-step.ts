// One repetition of an operational cell on one side: the operation run natively for its seconds
// (and its CPU time and status counters), then, in an instruction suite, again under callgrind for
// its instructions, each time from a fresh copy of the same source (operation-sources.ts). A
// recovery or a cold start is timed and counted from the server's spawn to its first answer; a
// replica apply from its applier's start to the last transaction applied. The server is killed
// after each pass (its datadir is a copy) and stays away from its own data until the side's next
// step that is not an operation (operation-host.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { describeFlavor } from '../flavor/flavors.js';
import type { OperationFigures, RepetitionCost } from '../results/results-schema.js';
import { cpuDelta, readProcessCpu } from '../cost/proc-cpu.js';
import { CallgrindControl } from '../cost/valgrind.js';
import { BenchmarkError } from '../errors.js';
import { withConnection } from '../server/connection.js';
import { STATUS_QUERY } from '../server/facts.js';
import { fileSize, readLogSince } from '../server/files.js';
import { statusDeltas, statusSnapshot } from '../results/status-counters.js';
import { findWorkload, type Suite } from '../suite/suite-schema.js';
import { kindOf } from '../workload/kinds.js';
import { OPERATION_UNIT, type OperationKind } from '../workload/operation-names.js';
import { type Foreground, readWindowDump, type WindowCost } from './cost-probe.js';
import type { MeasuredSide, StepOutcome, SysbenchStep } from './measure-step.js';
import { measureWhileAlive, stepLabel } from './measure-step.js';
import type { OperationHost, OperationSource } from './operation-host.js';
import { operationSource, relayLogFile } from './operation-sources.js';
import { operationReport, redoBytesRecovered, RECOVERED_REDO_COUNTER } from './operation-figures.js';
import { applyToEnd, forgetApplied, pointAtRelayLog } from './replica-apply.js';
import { openWorkWindow } from './work-window.js';

type MeasureStep = Extract<SysbenchStep, { kind: 'measure' }>;

/** How often a start asks whether the server answers: what a start's seconds are exact to. */
const NATIVE_POLL_MS = 10;
const COUNTED_POLL_MS = 100;
/** How long an apply may take before it is called stuck: natively, and under callgrind. */
const APPLY_SECONDS = { native: 1800, counted: 4 * 3600 } as const;

/**
 * A start's own work: the threads that start the server and apply the redo (the flavor's
 * `startFunctions`: MariaDB's main thread, MySQL's and its bootstrap thread), from the first
 * instruction to the first answer. The other threads' share depends on timing (purge of the
 * recovered history, page flushing, timers): measured here on MariaDB 10.11, the whole process's
 * count of one recovery moved by ±0.8% between repetitions, its main thread's by 0.1%. The whole
 * process's count is kept beside it (instructionsTotal).
 */
function startForeground(host: OperationHost): Foreground {
  const { startFunctions } = describeFlavor(host.setup.flavor).operations;
  return { functions: startFunctions, what: 'the threads that start the server and apply its redo' };
}

/** One pass's figures. */
interface Pass {
  readonly seconds: number;
  readonly cost: RepetitionCost;
  readonly work?: Record<string, number>;
  readonly profile?: WindowCost['profile'];
  readonly redoBytes?: number;
}

export interface OperationRun {
  readonly suite: Suite;
  readonly rawDir: string;
  /** The side's options under the cell's variant: what it runs with at home. */
  readonly options: Readonly<Record<string, string>>;
  readonly log: (line: string) => void;
}

/** One repetition of an operational cell on `side`, whose server `host` runs. */
export async function measureOperation(
  step: MeasureStep,
  side: MeasuredSide,
  host: OperationHost,
  run: OperationRun,
): Promise<StepOutcome> {
  const workload = findWorkload(run.suite, step.workload);
  const operation = kindOf(workload).operation;
  if (operation === undefined) throw new Error(`workload ${workload.name} is not an operation`);
  const label = stepLabel(step);
  const cell = `${step.workload} on ${step.side}`;
  const startedAt = new Date().toISOString();
  await host.leave(run.options);
  const request = {
    operation,
    suite: run.suite,
    workload,
    variant: step.variant,
    cell,
    options: run.options,
  };
  const source = await operationSource(host, request);
  const native = await onePass(operation, host, side, { source, step, label, counted: false });
  const counted =
    host.setup.callgrind === undefined
      ? undefined
      : await onePass(operation, host, side, { source, step, label, counted: true });
  const units = operation === 'replica-apply' ? (source.loadEvents ?? 0) : 1;
  if (!(units > 0)) throw new BenchmarkError(`${cell}: the write load completed no transaction to apply`);
  const figures: OperationFigures = {
    kind: operation,
    per: OPERATION_UNIT[operation],
    units,
    seconds: round(native.seconds),
    ...(counted ? { countedSeconds: round(counted.seconds) } : {}),
    ...(native.redoBytes === undefined ? {} : { redoBytes: native.redoBytes }),
    ...(source.loadEvents === undefined ? {} : { loadEvents: source.loadEvents }),
    ...(operation === 'replica-apply' ? { applierThreads: step.threads } : {}),
  };
  const rawOutput = join(step.side, `${label}.txt`);
  mkdirSync(join(run.rawDir, step.side), { recursive: true });
  writeFileSync(join(run.rawDir, rawOutput), `${JSON.stringify(figures, null, 2)}\n`);
  const work =
    native.redoBytes === undefined
      ? native.work
      : { ...native.work, [RECOVERED_REDO_COUNTER]: native.redoBytes };
  return {
    report: operationReport(units, native.seconds, run.suite.percentile),
    rawOutput,
    startedAt,
    window: {
      cost: { ...native.cost, ...counted?.cost },
      ...(counted?.profile ? { profile: counted.profile } : {}),
    },
    ...(work === undefined ? {} : { work }),
    operation: figures,
  };
}

const round = (seconds: number): number => Math.round(seconds * 1e6) / 1e6;

interface PassRequest {
  readonly source: OperationSource;
  readonly step: MeasureStep;
  readonly label: string;
  readonly counted: boolean;
}

function onePass(
  operation: OperationKind,
  host: OperationHost,
  side: MeasuredSide,
  pass: PassRequest,
): Promise<Pass> {
  return operation === 'replica-apply' ? applyPass(host, side, pass) : startPass(host, pass);
}

/** A recovery or a cold start: from the spawn to the first answer. */
async function startPass(host: OperationHost, pass: PassRequest): Promise<Pass> {
  const { server, launches } = host.setup;
  await host.use(pass.source.datadir);
  server.useOptions(pass.source.options);
  server.useWrap(
    pass.counted ? launches.fromStart : launches.native,
    pass.counted ? COUNTED_POLL_MS : NATIVE_POLL_MS,
  );
  const offset = await fileSize(server.errorLogPath);
  await server.start();
  const seconds = server.lastStartSeconds ?? 0;
  const pid = server.pid;
  if (pid === undefined) throw new BenchmarkError(`the server of ${pass.label} is gone after its start`);
  try {
    if (pass.counted) {
      const callgrind = host.setup.callgrind;
      if (callgrind === undefined) throw new Error('a counted pass without callgrind');
      const control = new CallgrindControl(callgrind.paths, pid, server.namespacePid);
      const dump = await control.stopCounting(pass.label);
      const window = await readWindowDump(dump, `${pass.label}-counted`, callgrind, startForeground(host));
      return { seconds, cost: window.cost, ...(window.profile ? { profile: window.profile } : {}) };
    }
    const cpu = cpuDelta({ userSeconds: 0, systemSeconds: 0 }, await readProcessCpu(pid));
    const work = await countersSinceStart(host);
    const text = await readLogSince(server.errorLogPath, offset, 1024 * 1024);
    const redoBytes = redoBytesRecovered(text, describeFlavor(host.setup.flavor).operations.recovery);
    return {
      seconds,
      cost: { cpu },
      ...(work ? { work } : {}),
      ...(redoBytes === undefined ? {} : { redoBytes }),
    };
  } finally {
    await server.kill('its datadir is thrown away');
  }
}

/** Every counter's value at the first answer: what the start did, from nothing. */
async function countersSinceStart(host: OperationHost): Promise<Record<string, number> | undefined> {
  try {
    return await withConnection(host.server.connection, 'socket', async (client) => {
      const [rows] = await client.query(STATUS_QUERY);
      const after = statusSnapshot(rows);
      const zero = Object.fromEntries(Object.keys(after).map((name) => [name, '0']));
      return statusDeltas(zero, after);
    });
  } catch (error) {
    host.setup.log(`could not read the status counters after the start: ${String(error)}`);
    return undefined;
  }
}

/** A replica apply: from the applier's start to its last transaction applied. */
async function applyPass(host: OperationHost, side: MeasuredSide, pass: PassRequest): Promise<Pass> {
  const { server, launches, flavor } = host.setup;
  const { replication } = describeFlavor(flavor).operations;
  const threads = pass.step.threads;
  await host.use(pass.source.datadir);
  server.useOptions({
    ...pass.source.options,
    [replication.applierThreads.option]: threads === 1 ? replication.applierThreads.serial : String(threads),
  });
  // Counted: the side's own launch, instrumentation off until the window.
  server.useWrap(pass.counted ? undefined : launches.native);
  await server.start();
  const position = pass.source.lastTransaction;
  if (position === undefined) throw new Error('a replica apply without its last transaction');
  try {
    await forgetApplied(server.connection, flavor);
    await pointAtRelayLog(server.connection, flavor, {
      relay: relayLogFile(replication.replica.relay_log ?? 'relay'),
      // The binary logs were emptied before the load: it starts in the first file.
      primary: relayLogFile(replication.primary.log_bin ?? 'primary-bin'),
    });
    const probed = {
      pid: server.pid,
      namespacePid: server.namespacePid,
      connection: server.connection,
      flavor,
    };
    // A replica that dies while it applies is reported with its error log, not as a lost connection.
    const apply = (): Promise<void> =>
      measureWhileAlive(server, host.setup.scope, () =>
        applyToEnd(server.connection, flavor, position, APPLY_SECONDS[pass.counted ? 'counted' : 'native']),
      );
    if (pass.counted) {
      await side.probe.prepare?.(probed, host.setup.scope.signal);
      await side.probe.begin(probed, host.setup.scope.signal);
      const startMs = performance.now();
      try {
        await apply();
      } catch (error) {
        await side.probe.abort();
        throw error;
      }
      const seconds = (performance.now() - startMs) / 1000;
      const window = await side.probe
        .end(probed, `${pass.label}-counted`, {
          functions: replication.applierFunctions,
          what: "the replica's applier threads",
        })
        .finally(() => side.probe.release?.());
      return { seconds, cost: window.cost, ...(window.profile ? { profile: window.profile } : {}) };
    }
    const pid = server.pid ?? 0;
    const counting = await openWorkWindow(server.connection, host.setup.log);
    const before = await readProcessCpu(pid);
    const startMs = performance.now();
    await apply();
    const seconds = (performance.now() - startMs) / 1000;
    const cpu = cpuDelta(before, await readProcessCpu(pid));
    const work = await counting.finish();
    return { seconds, cost: { cpu }, ...(work ? { work } : {}) };
  } finally {
    await server.kill('its datadir is thrown away');
  }
}
