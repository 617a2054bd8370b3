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
import { type CheckedRun, checkRun, measureChecked, runSuite } from '../run/run-suite.js';
import { type CleanupScope, inCleanupScope } from '../shell/cleanup.js';
import type { Logger } from '../shell/logger.js';
import { checkThenLock } from '../shell/preflight-lock.js';
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
  /** How long to wait for another run's machine lock (ms; null: for ever), and how the user named it. */
  readonly lockTimeout: { readonly ms: number | null; readonly label: string };
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
    lockTimeout: settings.lockTimeout,
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

/** The first line of why a part failed; an interruption still ends the check. */
function reasonOf(error: unknown): string {
  if (error instanceof InterruptedError) throw error;
  return errorMessage(error).split('\n')[0] ?? 'the measurement failed';
}

/** A suite measured on the server (checked first, unless `checked` says how it was); a failure's reason. */
async function measured(
  suite: Suite,
  settings: NoiseSettings,
  outDir: string,
  { logger, scope }: Run,
  checked?: CheckedRun,
): Promise<Results | string> {
  const config = runConfig(suite, settings, outDir);
  try {
    return await (checked === undefined
      ? runSuite(config, logger, scope)
      : measureChecked(config, checked, logger, scope));
  } catch (error) {
    return reasonOf(error);
  }
}

/** Where the measurement reports and what removes what it leaves. */
interface Run {
  readonly logger: Logger;
  readonly scope: CleanupScope;
}

/**
 * Throughput's spread, and instructions' from perf or callgrind, under the machine lock (held over
 * both, so that no other run measures in between). The throughput run is checked before the wait:
 * a server that cannot start is said at once, and nothing waits. A failed part is "unmeasured"
 * with its reason; another run holding the lock for the whole timeout throws LockTimeoutError.
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
    const throughput = runConfig(throughputSuite(settings), settings, outDir);
    const checked = await checkRun(throughput, logger).catch(reasonOf);
    if (typeof checked === 'string') {
      const reason = { reason: checked };
      return { server: settings.server, throughput: reason, instructions: reason, seconds: 0 };
    }
    const { ms, label } = settings.lockTimeout;
    return checkThenLock(
      {
        check: () => Promise.resolve(checked),
        lock: { timeoutMs: ms, timeoutLabel: label, suite: 'doctor-noise' },
        work: (run) => measureLocked(settings, outDir, run, { logger, scope }),
      },
      logger,
      scope,
    );
  });
}

async function measureLocked(
  settings: NoiseSettings,
  outDir: string,
  checked: CheckedRun,
  run: Run,
): Promise<NoiseFigures> {
  const { logger } = run;
  const started = performance.now();
  const throughputRun = await logger.group('Noise: throughput', () =>
    measured(throughputSuite(settings), settings, outDir, run, checked),
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
    const counting = await logger.group('Noise: instructions (callgrind)', () =>
      measured(callgrindSuite(), settings, outDir, run),
    );
    const values = typeof counting === 'string' ? [] : perTransaction(counting, 'instructions');
    instructions =
      typeof counting === 'string'
        ? { reason: counting }
        : values.length < 2
          ? { reason: 'callgrind counted fewer than 2 repetitions' }
          : { ...spreadOf(values), counter: 'callgrind' };
  }
  return { server: settings.server, throughput, instructions, seconds: (performance.now() - started) / 1000 };
}
