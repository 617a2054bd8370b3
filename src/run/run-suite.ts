// `run`: set up one or two servers, measure the suite on them interleaved, write results.json.
// The CLI and the action both call runSuite; this is the only place the pieces meet.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';

import { detectPerfCounters, type PerfSupport } from '../cost/perf.js';
import {
  callgrindLaunch,
  callgrindPaths,
  checkValgrind,
  supportsBufferPoolSizeMax,
  VALGRIND_START_TIMEOUT_MS,
  VALGRIND_STOP_TIMEOUT_MS,
  valgrindServerOptions,
} from '../cost/valgrind.js';
import { currentLoadAverage, captureEnvironment } from '../environment/machine.js';
import { GateError, InputError, InterruptedError, ServerError } from '../errors.js';
import { packageVersion } from '../shell/package-root.js';
import { writeResults } from '../results/results-file.js';
import type {
  CellResult,
  FunctionCost,
  Repetition,
  Results,
  ServerFacts,
  SideName,
} from '../results/results-schema.js';
import { inspectServer, ManagedServer, type ServerInstall } from '../server/server.js';
import { mergeOptions } from '../server/options.js';
import type { CleanupScope } from '../shell/cleanup.js';
import type { Logger } from '../shell/logger.js';
import { findWorkload, measurementLimit } from '../suite/suite-schema.js';
import { checkSysbench, prepareTables, runWorkload } from '../sysbench/runner.js';
import { rawDirFor, type RunConfig } from './run-config.js';
import { instructionProbe, throughputProbe, type CostProbe, type WindowCost } from './cost-probe.js';
import { FunctionTally } from './function-tally.js';
import { planSteps, type Step } from './plan.js';
import { formatDuration, ProgressTracker } from './progress.js';

const RAW_MARKER = '.mysql-perf-gate-raw';
/** How long a failed measurement waits for news of the server's death before blaming sysbench. */
const DEATH_GRACE_MS = 2000;

interface Side {
  readonly name: SideName;
  readonly install: ServerInstall;
  readonly server: ManagedServer;
  readonly probe: CostProbe;
  facts?: Omit<ServerFacts, 'errorLog'>;
}

/** Creates (or reuses, if it is ours) the raw directory beside the results file. */
function prepareRawDir(rawDir: string): void {
  if (existsSync(rawDir)) {
    const entries = readdirSync(rawDir);
    if (entries.length > 0 && !entries.includes(RAW_MARKER)) {
      throw new InputError(
        `${rawDir} exists and was not written by mysql-perf-gate; choose another --out or remove that directory`,
      );
    }
    rmSync(rawDir, { recursive: true, force: true });
  }
  mkdirSync(rawDir, { recursive: true });
  writeFileSync(join(rawDir, RAW_MARKER), 'raw sysbench output and server error logs of one run\n');
}

function stepLabel(step: Exclude<Step, { kind: 'restart' }>): string {
  const what = step.kind === 'warmup' ? 'warmup' : `rep${step.repetition}`;
  return `${step.workload}-t${step.threads}-${what}`;
}

function stepFile(step: Exclude<Step, { kind: 'restart' }>): string {
  return join(step.side, `${stepLabel(step)}.txt`);
}

/** Runs the whole suite. Everything it creates is registered in `scope` and removed on exit. */
export async function runSuite(config: RunConfig, logger: Logger, scope: CleanupScope): Promise<Results> {
  const startedAt = new Date().toISOString();
  const { suite } = config;

  // Validate everything before starting anything: a typo must not cost a server bootstrap.
  const sysbenchVersion = await checkSysbench();
  const userOptions = config.sides.map((side) =>
    mergeOptions([
      { source: `suite ${suite.name} serverOptions`, options: suite.serverOptions },
      { source: config.commonOptionsLabel, options: config.commonOptions },
      { source: side.labels.options, options: side.options },
    ]),
  );
  const installs = await Promise.all(
    config.sides.map((side) => inspectServer(side.serverPath, side.labels.server)),
  );
  const instructions = suite.metric === 'instructions';
  const valgrind = instructions ? await checkValgrind() : undefined;
  const sideOptions = instructions
    ? await Promise.all(
        installs.map(async (install, index) => {
          const options = userOptions[index] ?? {};
          const required = valgrindServerOptions(
            install.flavor,
            options,
            await supportsBufferPoolSizeMax(install.binary),
          );
          return mergeOptions([
            { source: 'the options given', options },
            { source: 'what the server needs under valgrind', options: required },
          ]);
        }),
      )
    : userOptions;
  const perf: PerfSupport = instructions
    ? { available: false, reason: 'not counted with metric: instructions (callgrind counts instead)' }
    : await detectPerfCounters('instructions');
  if (!perf.available && !instructions) {
    logger.info(`hardware instruction counts: not available (${perf.reason}); measuring without them`);
  }

  const outPath = resolve(config.outPath);
  mkdirSync(dirname(outPath), { recursive: true });
  const rawDir = rawDirFor(outPath);
  prepareRawDir(rawDir);

  try {
    return await measure(config, logger, scope, {
      startedAt,
      sysbenchVersion,
      valgrind,
      perf,
      sideOptions,
      installs,
      outPath,
      rawDir,
    });
  } catch (error) {
    // The error may quote files in the work directory, which is gone by now; say where the copies are.
    if (error instanceof GateError && !(error instanceof InterruptedError)) {
      error.message += `\nsysbench's raw output and the servers' error logs are kept in ${rawDir}/`;
    }
    throw error;
  }
}

interface Validated {
  readonly startedAt: string;
  readonly sysbenchVersion: string;
  /** valgrind's version when the suite counts instructions. */
  readonly valgrind: string | undefined;
  readonly perf: PerfSupport;
  readonly sideOptions: readonly Record<string, string>[];
  readonly installs: readonly ServerInstall[];
  readonly outPath: string;
  readonly rawDir: string;
}

async function measure(
  config: RunConfig,
  logger: Logger,
  scope: CleanupScope,
  validated: Validated,
): Promise<Results> {
  const { suite } = config;
  const { startedAt, sysbenchVersion, sideOptions, installs, outPath, rawDir, valgrind, perf } = validated;
  const workRoot = config.workDir ? resolve(config.workDir) : os.tmpdir();
  mkdirSync(workRoot, { recursive: true });
  const runDir = mkdtempSync(join(workRoot, 'mysql-perf-gate-'));
  scope.add(`remove ${runDir}`, () => {
    if (config.keepWorkDir) logger.info(`kept the work directory ${runDir} (--keep-work-dir)`);
    else rmSync(runDir, { recursive: true, force: true });
    return Promise.resolve();
  });

  const environment = captureEnvironment(sysbenchVersion);
  const sides: Side[] = [];
  // Error logs are copied beside the results whether the run passes or fails: nothing is lost.
  scope.add('copy server error logs', () => {
    for (const side of sides) {
      if (existsSync(side.server.errorLogPath)) {
        copyFileSync(side.server.errorLogPath, join(rawDir, `${side.name}-error.log`));
      }
    }
    return Promise.resolve();
  });

  await logger.group('Set up servers', async () => {
    for (const [index, sideConfig] of config.sides.entries()) {
      const install = installs[index];
      const options = sideOptions[index];
      if (!install || !options) throw new Error('side configuration out of step');
      logger.info(
        `${sideConfig.name}: ${install.binary} (${install.flavor} ${install.version})` +
          (valgrind ? `, under valgrind ${valgrind} (callgrind)` : ''),
      );
      const sideDir = join(runDir, sideConfig.name);
      const log = (line: string): void => {
        logger.debug(`${sideConfig.name}: ${line}`);
      };
      const paths = callgrindPaths(join(sideDir, 'callgrind'));
      if (valgrind) mkdirSync(paths.dir, { recursive: true });
      const server = await ManagedServer.create({
        install,
        dir: sideDir,
        options,
        scope,
        log,
        ...(valgrind
          ? {
              wrap: (binary, args) => callgrindLaunch(paths, binary, args, join(sideDir, 'tmp')),
              startTimeoutMs: VALGRIND_START_TIMEOUT_MS,
              stopTimeoutMs: VALGRIND_STOP_TIMEOUT_MS,
            }
          : {}),
      });
      const probe = valgrind
        ? instructionProbe({ paths, rawDir, relativeDir: sideConfig.name, log })
        : throughputProbe(perf);
      const side: Side = { name: sideConfig.name, install, server, probe };
      sides.push(side);
      await server.start();
      const facts = await server.facts();
      side.facts = facts;
      logger.info(`${sideConfig.name}: ${facts.versionFunction} ready on ${server.connection.socketPath}`);
      const prepared = await prepareTables(server.connection, suite, scope.signal);
      writeFileSync(join(rawDir, `${side.name}-prepare.txt`), prepared);
    }
  });

  const steps = planSteps(
    suite,
    sides.map((side) => side.name),
  );
  const progress = new ProgressTracker(steps, suite);
  logger.info(
    `${steps.filter((step) => step.kind === 'measure').length} measurements planned, about ${formatDuration(progress.plannedTotalSeconds)}`,
  );
  const cells = new Map<string, CellResult>();
  const functionTallies = new Map<string, FunctionTally>();
  let sequence = 0;

  await logger.group(`Measure suite ${suite.name}`, async () => {
    for (const step of steps) {
      scope.throwIfInterrupted();
      logger.progress(progress.describe(step));
      const side = sides.find((candidate) => candidate.name === step.side);
      if (!side) throw new Error(`plan names unknown side ${step.side}`);
      if (step.kind === 'restart') {
        await side.server.stop();
        await side.server.start();
        progress.done(step);
        continue;
      }
      const workload = findWorkload(suite, step.workload);
      const cell = `${step.workload} @ ${step.threads} threads on ${step.side}`;
      const limit = measurementLimit(suite, workload, step.kind);
      const startedAtStep = new Date().toISOString();
      const probed = {
        pid: side.server.pid,
        connection: side.server.connection,
        flavor: side.install.flavor,
      };
      const { run: outcome, window } = await measureWhileAlive(side.server, scope, async (signal) => {
        const runIt = () =>
          runWorkload(side.server.connection, suite, workload, step.threads, limit, cell, signal);
        if (step.kind === 'warmup') return { run: await runIt(), window: undefined };
        await side.probe.begin(probed, signal);
        try {
          const run = await runIt();
          return { run, window: await side.probe.end(probed, stepLabel(step)) };
        } catch (error) {
          await side.probe.abort();
          throw error;
        }
      });
      const rawOutput = stepFile(step);
      mkdirSync(join(rawDir, step.side), { recursive: true });
      writeFileSync(join(rawDir, rawOutput), outcome.raw);
      progress.done(step);
      if (step.kind === 'warmup') continue;
      sequence += 1;
      const key = `${step.workload}\0${step.threads}\0${step.side}`;
      const repetition: Repetition = {
        index: step.repetition,
        sequence,
        startedAt: startedAtStep,
        report: outcome.report,
        rawOutput,
        ...(window ? { cost: window.cost } : {}),
      };
      if (window?.profile) {
        const tally = functionTallies.get(key) ?? new FunctionTally();
        tally.add(window.profile.functions, outcome.report.transactions);
        functionTallies.set(key, tally);
      }
      const existing = cells.get(key);
      if (existing) existing.repetitions.push(repetition);
      else
        cells.set(key, {
          workload: step.workload,
          threads: step.threads,
          side: step.side,
          repetitions: [repetition],
        });
      logger.progress(
        `  ${step.side} ${step.workload} @ ${step.threads}: ${describeWindow(outcome.report, window)}`,
      );
    }
  });

  const serverFacts = (side: Side): ServerFacts => {
    if (!side.facts) throw new Error(`no facts captured for ${side.name}`);
    return { ...side.facts, errorLog: `${side.name}-error.log` };
  };
  const head = sides.find((side) => side.name === 'head');
  const base = sides.find((side) => side.name === 'base');
  if (!head) throw new Error('a run always has a head side');

  for (const side of sides) await side.server.stop();
  const results: Results = {
    schemaVersion: 1,
    tool: { name: 'mysql-perf-gate', version: packageVersion() },
    startedAt,
    finishedAt: new Date().toISOString(),
    mode: base ? 'ab' : 'single',
    environment: { ...environment, loadAverageAfter: currentLoadAverage() },
    suite,
    sides: base ? { base: serverFacts(base), head: serverFacts(head) } : { head: serverFacts(head) },
    costCounters: {
      ...(valgrind ? { valgrind } : {}),
      hardwareInstructions: perf.available
        ? { available: true, perfVersion: perf.perfVersion }
        : { available: false, reason: perf.reason },
    },
    rawDir: relative(dirname(outPath), rawDir) || basename(rawDir),
    cells: [...cells.entries()].map(([key, cell]) => {
      const functions: FunctionCost[] | undefined = functionTallies.get(key)?.perTransaction();
      return functions ? { ...cell, functions } : cell;
    }),
  };
  writeResults(outPath, results);
  return results;
}

function describeWindow(
  report: { tps: number; transactions: number },
  window: WindowCost | undefined,
): string {
  const callgrind = window?.cost.callgrind;
  if (callgrind) {
    const perTransaction = (value: number): string =>
      Math.round(value / report.transactions).toLocaleString('en-US');
    return `${perTransaction(callgrind.foreground)} instructions/transaction in statements (${perTransaction(callgrind.total)} with background threads)`;
  }
  const cpu = window?.cost.cpu;
  const cpuPart = cpu
    ? `, server CPU ${Math.round(((cpu.userSeconds + cpu.systemSeconds) / report.transactions) * 1e6)} µs/transaction`
    : '';
  return `${report.tps.toFixed(1)} tps${cpuPart}`;
}

/**
 * Runs one measurement, aborting it at once if the server dies meanwhile; a dead server is
 * reported as a ServerError quoting its error log rather than as sysbench's connection errors.
 */
async function measureWhileAlive<T>(
  server: ManagedServer,
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
  try {
    return await work(AbortSignal.any([controller.signal, scope.signal]));
  } catch (error) {
    // sysbench can fail on a refused connection before the server's exit has been reaped; give
    // the exit a moment to arrive so the user sees the server's error log, not a client error.
    const grace = sleep(DEATH_GRACE_MS, undefined, { ref: false });
    const dead = await Promise.race([death, grace]);
    if (dead) throw dead;
    await server.assertAlive();
    throw error;
  } finally {
    unsubscribe();
  }
}
