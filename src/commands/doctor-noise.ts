// The runner check's noise measurement: the run's own machinery (a private server, sysbench, the
// machine lock, the cleanup scope) on two tiny built-in suites. Short repetitions of
// oltp_point_select give the spread of throughput; instructions per transaction come from perf's
// counter in the same repetitions where the machine has one, else from a few short callgrind
// repetitions. Nothing is left behind: the run removes its servers and datadirs on every exit,
// and the results go to a temporary directory removed here.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { METRICS } from '../compare/metrics.js';
import { spreadOf } from '../environment/doctor-grade.js';
import type { NoiseFigures } from '../environment/doctor-schema.js';
import { errorMessage, InterruptedError } from '../errors.js';
import type { Results } from '../results/results-schema.js';
import type { RunConfig } from '../run/run-config.js';
import { ServerRegistry } from '../server/registry.js';
import { runSuite } from '../run/run-suite.js';
import { type CleanupScope, inCleanupScope } from '../shell/cleanup.js';
import type { Logger } from '../shell/logger.js';
import { acquireMachineLock } from '../shell/machine-lock.js';
import { Suite, type SuiteInput } from '../suite/suite-schema.js';
import { cliSpelling, offSpelling, optionNames } from './spelling.js';

export interface NoiseSettings {
  /** The server to measure: a mariadbd/mysqld binary or an install prefix. */
  readonly server: string;
  readonly workDir: string | null;
  /** Throughput repetitions and their seconds. */
  readonly repetitions: number;
  readonly seconds: number;
  /** Count instructions with callgrind where perf cannot (about 30 s more). */
  readonly callgrind: boolean;
  readonly lockTimeoutMs: number | null;
}

const COMMON: Partial<SuiteInput> = {
  connection: 'socket',
  threads: [1],
  tables: 1,
  tableSize: 10000,
  serverOptions: { innodb_buffer_pool_size: '128M', max_connections: 50 },
};

export function throughputSuite(settings: Pick<NoiseSettings, 'repetitions' | 'seconds'>): Suite {
  return Suite.parse({
    ...COMMON,
    name: 'doctor-noise',
    description: 'The runner check: short point-select repetitions for the spread of throughput.',
    durationSeconds: settings.seconds,
    warmupSeconds: 3,
    repetitions: settings.repetitions,
    reportIntervalSeconds: 0,
    workloads: [{ name: 'oltp_point_select' }],
  });
}

export function callgrindSuite(): Suite {
  return Suite.parse({
    ...COMMON,
    name: 'doctor-instructions',
    description: 'The runner check: a few short callgrind repetitions for the spread of instructions.',
    metric: 'instructions',
    repetitions: 3,
    randSeed: 42,
    warmupEvents: 100,
    reportIntervalSeconds: 0,
    serverOptions: { ...COMMON.serverOptions, innodb_stats_auto_recalc: 'OFF' },
    workloads: [{ name: 'oltp_point_select', events: 500 }],
  });
}

function runConfig(suite: Suite, settings: NoiseSettings, outDir: string): RunConfig {
  return {
    suite,
    sides: [
      {
        name: 'head',
        server: settings.server,
        options: {},
        labels: { server: cliSpelling('server'), options: cliSpelling('set') },
      },
    ],
    commonOptions: {},
    names: optionNames(cliSpelling),
    outPath: join(outDir, `${suite.name}.json`),
    workDir: settings.workDir,
    keepWorkDir: false,
    lockTimeout: { ms: settings.lockTimeoutMs, label: cliSpelling('lock-timeout') },
    pin: { mode: 'auto', label: cliSpelling('pin') },
    parallelSides: {
      mode: 'off',
      label: cliSpelling('parallel-sides'),
      offLabel: offSpelling(cliSpelling, 'parallel-sides'),
    },
  };
}

function repetitionsOf(results: Results) {
  return results.cells.filter((cell) => cell.side === 'head').flatMap((cell) => cell.repetitions);
}

function perTransaction(results: Results, metric: 'hwInstructions' | 'instructions'): number[] {
  return repetitionsOf(results).flatMap((repetition) => {
    const value = METRICS[metric].value(repetition);
    return value === undefined ? [] : [value];
  });
}

async function measured(
  suite: Suite,
  settings: NoiseSettings,
  outDir: string,
  logger: Logger,
  scope: CleanupScope,
): Promise<Results | string> {
  try {
    return await runSuite(runConfig(suite, settings, outDir), logger, scope);
  } catch (error) {
    if (error instanceof InterruptedError) throw error;
    return errorMessage(error).split('\n')[0] ?? 'the measurement failed';
  }
}

/**
 * Throughput's spread, and instructions' from perf or callgrind, under the machine lock (held over
 * both, so that no other run measures in between). A failed part is "unmeasured" with its reason.
 * It runs in a cleanup scope of its own, so that its servers, their logs and its results are all
 * gone when it returns, whatever the caller does next.
 */
export async function measureNoise(settings: NoiseSettings, logger: Logger): Promise<NoiseFigures> {
  return inCleanupScope(logger, async (scope) => {
    const root = settings.workDir ?? os.tmpdir();
    mkdirSync(root, { recursive: true });
    const outDir = mkdtempSync(join(root, 'mysql-perf-gate-doctor-'));
    // Recorded as a run's work directory is, so that a later run (or the action's post step)
    // removes it even if this process is killed; added first, so released last: after the runs
    // have copied their logs into it.
    const forget = ServerRegistry.forThisProcess().addWorkDir(outDir);
    scope.add(`remove ${outDir}`, () => {
      rmSync(outDir, { recursive: true, force: true });
      forget();
      return Promise.resolve();
    });
    const release = await acquireMachineLock(
      { timeoutMs: settings.lockTimeoutMs, timeoutLabel: '--lock-timeout', suite: 'doctor-noise' },
      logger,
      scope,
    );
    const figures = await measureLocked(settings, outDir, logger, scope);
    await release();
    return figures;
  });
}

async function measureLocked(
  settings: NoiseSettings,
  outDir: string,
  logger: Logger,
  scope: CleanupScope,
): Promise<NoiseFigures> {
  const started = performance.now();
  const throughputRun = await logger.group('Noise: throughput', () =>
    measured(throughputSuite(settings), settings, outDir, logger, scope),
  );
  const throughput =
    typeof throughputRun === 'string'
      ? { reason: throughputRun }
      : {
          ...spreadOf(repetitionsOf(throughputRun).map((repetition) => repetition.report.tps)),
          secondsPerRepetition: settings.seconds,
        };
  const counted = typeof throughputRun === 'string' ? [] : perTransaction(throughputRun, 'hwInstructions');
  let instructions: NoiseFigures['instructions'];
  if (counted.length >= 2) {
    instructions = { ...spreadOf(counted), counter: 'perf' };
  } else if (!settings.callgrind) {
    instructions = { reason: 'perf cannot count instructions here, and callgrind was not asked for' };
  } else {
    const run = await logger.group('Noise: instructions (callgrind)', () =>
      measured(callgrindSuite(), settings, outDir, logger, scope),
    );
    const values = typeof run === 'string' ? [] : perTransaction(run, 'instructions');
    instructions =
      typeof run === 'string'
        ? { reason: run }
        : values.length < 2
          ? { reason: 'callgrind counted fewer than 2 repetitions' }
          : { ...spreadOf(values), counter: 'callgrind' };
  }
  return { server: settings.server, throughput, instructions, seconds: (performance.now() - started) / 1000 };
}
