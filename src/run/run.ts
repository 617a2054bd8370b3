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

import { currentLoadAverage, captureEnvironment } from '../environment/fingerprint.js';
import { GateError, InputError, InterruptedError, ServerError } from '../errors.js';
import { packageVersion } from '../package-root.js';
import { writeResults } from '../results/io.js';
import type { CellResult, Repetition, Results, ServerFacts, SideName } from '../results/schema.js';
import { inspectServer, ManagedServer, type ServerInstall } from '../server/server.js';
import { mergeOptions } from '../server/options.js';
import type { CleanupScope } from '../shell/cleanup.js';
import type { Logger } from '../shell/logger.js';
import type { Suite, Workload } from '../suite/schema.js';
import { checkSysbench, prepareTables, runWorkload } from '../sysbench/runner.js';
import { rawDirFor, type RunConfig } from './config.js';
import { planSteps, type Step } from './plan.js';
import { formatDuration, ProgressTracker } from './progress.js';

const RAW_MARKER = '.mysql-perf-gate-raw';
/** How long a failed measurement waits for news of the server's death before blaming sysbench. */
const DEATH_GRACE_MS = 2000;

interface Side {
  readonly name: SideName;
  readonly install: ServerInstall;
  readonly server: ManagedServer;
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

function findWorkload(suite: Suite, name: string): Workload {
  const workload = suite.workloads.find((candidate) => candidate.name === name);
  if (!workload) throw new Error(`plan names unknown workload ${name}`);
  return workload;
}

function stepFile(step: Exclude<Step, { kind: 'restart' }>): string {
  const what = step.kind === 'warmup' ? 'warmup' : `rep${step.repetition}`;
  return join(step.side, `${step.workload}-t${step.threads}-${what}.txt`);
}

/** Runs the whole suite. Everything it creates is registered in `scope` and removed on exit. */
export async function runSuite(config: RunConfig, logger: Logger, scope: CleanupScope): Promise<Results> {
  const startedAt = new Date().toISOString();
  const { suite } = config;

  // Validate everything before starting anything: a typo must not cost a server bootstrap.
  const sysbenchVersion = await checkSysbench();
  const sideOptions = config.sides.map((side) =>
    mergeOptions([
      { source: `suite ${suite.name} serverOptions`, options: suite.serverOptions },
      { source: config.commonOptionsLabel, options: config.commonOptions },
      { source: side.labels.options, options: side.options },
    ]),
  );
  const installs = await Promise.all(
    config.sides.map((side) => inspectServer(side.serverPath, side.labels.server)),
  );

  const outPath = resolve(config.outPath);
  mkdirSync(dirname(outPath), { recursive: true });
  const rawDir = rawDirFor(outPath);
  prepareRawDir(rawDir);

  try {
    return await measure(config, logger, scope, {
      startedAt,
      sysbenchVersion,
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
  const { startedAt, sysbenchVersion, sideOptions, installs, outPath, rawDir } = validated;
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
      logger.info(`${sideConfig.name}: ${install.binary} (${install.flavor} ${install.version})`);
      const server = await ManagedServer.create({
        install,
        dir: join(runDir, sideConfig.name),
        options,
        scope,
        log: (line) => {
          logger.debug(`${sideConfig.name}: ${line}`);
        },
      });
      const side: Side = { name: sideConfig.name, install, server };
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
      const duration = step.kind === 'warmup' ? suite.warmupSeconds : suite.durationSeconds;
      const startedAtStep = new Date().toISOString();
      const outcome = await measureWhileAlive(side.server, scope, (signal) =>
        runWorkload(side.server.connection, suite, workload, step.threads, duration, cell, signal),
      );
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
      };
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
        `  ${step.side} ${step.workload} @ ${step.threads}: ${outcome.report.tps.toFixed(1)} tps`,
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
    rawDir: relative(dirname(outPath), rawDir) || basename(rawDir),
    cells: [...cells.values()],
  };
  writeResults(outPath, results);
  return results;
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
