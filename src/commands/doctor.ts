// The `doctor` command: the runner check. It reads the machine (what decides the noise of a
// measurement, and the tools a run and a build need), measures its noise (about 30 s of short
// point-select repetitions on a private server), judges each finding and grades the machine.
// `--tune` applies the safe settings and saves what was there; `--reset` writes that back.
import { existsSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { machineFindings } from '../environment/doctor-findings.js';
import { belowGrade, gradeLine, gradeOf, noiseFindings } from '../environment/doctor-grade.js';
import {
  readAslr,
  readCpuJiffies,
  readFreeSpace,
  readIsolation,
  readNeighbours,
  readPerfParanoid,
  readSmt,
  readSwap,
  readThp,
  readTunables,
  readFrequency,
  readTurbo,
  type SysRoot,
} from '../environment/doctor-readers.js';
import { known, type MachineReadings, stealPercent, unknown } from '../environment/doctor-readings.js';
import { renderDoctorText, renderTuneSteps } from '../environment/doctor-render.js';
import {
  DoctorReport,
  GRADE_LETTERS,
  type GradeLetter,
  type NoiseFigures,
} from '../environment/doctor-schema.js';
import { tuningSteps } from '../environment/doctor-tuning.js';
import { applyTuning, resetTuning, TuneError } from '../environment/doctor-tune.js';
import { errorMessage, InputError, InterruptedError, LockTimeoutError } from '../errors.js';
import { formatDuration } from '../format.js';
import { parseLockTimeout } from '../shell/lock-holder.js';
import type { Logger } from '../shell/logger.js';
import { packageVersion } from '../shell/package-root.js';
import { measureNoise, type NoiseSettings } from './doctor-noise.js';
import { readTools } from './doctor-tools.js';
import { cliSpelling, type FlagSpelling } from './spelling.js';

export interface DoctorFlags {
  server?: string;
  /** false: --no-noise. */
  noise?: boolean;
  buildDir?: string;
  workDir?: string;
  sysfsRoot?: string;
  json?: boolean;
  tune?: boolean;
  reset?: boolean;
  minGrade?: string;
  lockTimeout?: string;
}

export type DoctorAction = 'check' | 'tune' | 'reset';

export interface DoctorConfig {
  readonly action: DoctorAction;
  readonly root: SysRoot;
  readonly buildDir: string;
  readonly workDir: string;
  /** null: no noise measurement, for `noiseSkipped`. */
  readonly noise: NoiseSettings | null;
  readonly noiseSkipped: string;
  readonly minGrade: GradeLetter | null;
  readonly json: boolean;
  /** Whether this process runs as root (--tune and --reset need it). */
  readonly asRoot: boolean;
}

/**
 * How long `doctor` waits for another run's machine lock before it reports without the noise:
 * about two of its own throughput measurements (30 s each), so that a check started beside another
 * check, or at the end of a run, still measures; while a run of a suite, which holds the lock for
 * many minutes, costs the person at the terminal a minute, not the rest of that run.
 */
export const DOCTOR_LOCK_TIMEOUT = '60s';

/** `doctor`'s exit status when the noise was not measured because another run held the machine. */
export const EXIT_BUSY = 3;

/** Debian's and most distributions' server, when --server is not given. */
export const DEFAULT_SERVERS = ['/usr/sbin/mariadbd', '/usr/sbin/mysqld'];

export function parseGradeLetter(value: string, label: string): GradeLetter {
  const letter = GRADE_LETTERS.find((candidate) => candidate === value.trim().toUpperCase());
  if (letter === undefined)
    throw new InputError(`${label} ${value}: expected one of ${GRADE_LETTERS.join(', ')}`);
  return letter;
}

export function doctorConfigFromFlags(flags: DoctorFlags, spell: FlagSpelling = cliSpelling): DoctorConfig {
  if (flags.tune === true && flags.reset === true) {
    throw new InputError(`${spell('tune')} and ${spell('reset')} undo each other: give one`);
  }
  const action: DoctorAction = flags.tune === true ? 'tune' : flags.reset === true ? 'reset' : 'check';
  const server = flags.server ?? DEFAULT_SERVERS.find((path) => existsSync(path));
  if (flags.server !== undefined && !existsSync(flags.server)) {
    throw new InputError(
      `${spell('server')} ${flags.server}: no such file or directory; pass a mysqld/mariadbd binary or its install prefix`,
    );
  }
  const workDir = flags.workDir ?? os.tmpdir();
  const noise =
    flags.noise === false || server === undefined
      ? null
      : {
          server,
          workDir: flags.workDir ?? null,
          repetitions: 8,
          seconds: 3,
          callgrind: true,
          lockTimeout: {
            ms: parseLockTimeout(flags.lockTimeout, spell('lock-timeout')),
            label: spell('lock-timeout'),
          },
        };
  return {
    action,
    root: { root: resolve(flags.sysfsRoot ?? '/') },
    buildDir: resolve(flags.buildDir ?? '.'),
    workDir: resolve(workDir),
    noise,
    noiseSkipped:
      flags.noise === false
        ? `skipped (${spell('no-noise')})`
        : `no server to measure with: none of ${DEFAULT_SERVERS.join(', ')}; give ${spell('server')}`,
    minGrade: flags.minGrade === undefined ? null : parseGradeLetter(flags.minGrade, spell('min-grade')),
    json: flags.json ?? false,
    asRoot: process.getuid?.() === 0,
  };
}

export interface DoctorOutcome {
  /** The check's document; null for --tune and --reset. */
  readonly report: DoctorReport | null;
  /** What the front end prints on stdout: the findings and the grade, or the JSON document. */
  readonly output: string;
  /**
   * 1 when the grade is below --min-grade (it would be no higher with the noise: an unknown item
   * costs nothing); else EXIT_BUSY when the noise was not measured because another run held the
   * machine lock, so the grade counts only what was read; else 0.
   */
  readonly exitCode: 0 | 1 | typeof EXIT_BUSY;
}

/** Reads every item but the tools; steal needs a window, measured by the caller. */
function readMachine(
  config: DoctorConfig,
): Omit<MachineReadings, 'steal' | 'valgrind' | 'sysbench' | 'compilers' | 'bubblewrap' | 'perfCounters'> {
  const { root } = config;
  const neighbours = readNeighbours(root);
  const frequency = readFrequency(root);
  return {
    logicalCores: os.availableParallelism(),
    frequency,
    turbo: readTurbo(root),
    smt: readSmt(root),
    aslr: readAslr(root),
    thp: readThp(root),
    swap: readSwap(root),
    isolation: readIsolation(root),
    irqbalance: neighbours.irqbalance,
    otherRunners: neighbours.runners,
    otherDatabases: neighbours.databases,
    buildDisk: readFreeSpace(config.buildDir),
    workDisk: readFreeSpace(config.workDir),
    perfParanoid: readPerfParanoid(root),
    root: config.asRoot,
  };
}

/**
 * The noise as unknown, with why (another run held the lock, no flock…), and that reason again
 * when it was a busy machine; an interruption still ends the check.
 */
function unmeasured(config: DoctorConfig, error: unknown): Noise {
  if (error instanceof InterruptedError) throw error;
  const busy = error instanceof LockTimeoutError ? busyReason(error, config.noise?.lockTimeout) : null;
  const reason = busy ?? errorMessage(error).split('\n')[0] ?? 'the measurement failed';
  const figures = {
    server: config.noise?.server ?? '',
    throughput: { reason },
    instructions: { reason },
    seconds: 0,
  };
  return { figures, busy };
}

/** "not measured: the machine is busy: the run of pid … held its lock through the 1m of --lock-timeout". */
function busyReason(error: LockTimeoutError, timeout: NoiseSettings['lockTimeout'] | undefined): string {
  const label = timeout?.label ?? '--lock-timeout';
  const waited =
    timeout?.ms === undefined || timeout.ms === null || timeout.ms === 0
      ? `held its lock (${label} 0 does not wait)`
      : `held its lock through the ${formatDuration(timeout.ms / 1000)} of ${label}`;
  return `not measured: the machine is busy: ${error.holder} ${waited}`;
}

/** The noise figures, and why not when another run held the machine lock (null otherwise). */
interface Noise {
  readonly figures: NoiseFigures | null;
  readonly busy: string | null;
}

/** The noise measured (null when not asked for), or unknown with why; busy when another run held the lock. */
async function noiseOf(config: DoctorConfig, logger: Logger): Promise<Noise> {
  if (config.noise === null) return { figures: null, busy: null };
  logger.info(`measuring the noise with ${config.noise.server} (about 30 s, more where callgrind counts)`);
  return measureNoise(config.noise, logger).then(
    (figures) => ({ figures, busy: null }),
    (error: unknown) => unmeasured(config, error),
  );
}

/** CPU steal is read over the noise measurement, and at least over this window. */
const STEAL_WINDOW_MS = 2000;

async function check(config: DoctorConfig, logger: Logger): Promise<DoctorOutcome> {
  const machine = readMachine(config);
  const tools = await readTools();
  const before = readCpuJiffies(config.root);
  const started = performance.now();
  const { figures: noise, busy } = await noiseOf(config, logger);
  // Steal needs a window of some length, also when the noise could not be measured.
  const elapsedMs = performance.now() - started;
  if (elapsedMs < STEAL_WINDOW_MS) await sleep(STEAL_WINDOW_MS - elapsedMs);
  const after = readCpuJiffies(config.root);
  const steal =
    before === undefined || after === undefined
      ? unknown<{ percent: number; seconds: number }>('not present: /proc/stat has no cpu line')
      : known({ percent: stealPercent(before, after), seconds: (performance.now() - started) / 1000 });
  const findings = [
    ...machineFindings({ ...machine, ...tools, steal }),
    ...noiseFindings(noise, config.noiseSkipped),
  ];
  const report = DoctorReport.parse({
    tool: 'mysql-perf-gate doctor',
    toolVersion: packageVersion(),
    checkedAt: new Date().toISOString(),
    hostname: os.hostname(),
    findings,
    noise,
    grade: gradeOf(findings),
  });
  const lowest = config.minGrade;
  const below = lowest !== null && belowGrade(report.grade.letter, lowest);
  if (below) logger.warning(`${gradeLine(report.grade)}: below the lowest grade asked for (${lowest})`);
  if (busy !== null) {
    logger.warning(
      `the noise was ${busy}; the grade counts only what doctor read without the lock: run doctor again when that run is done`,
    );
  }
  return {
    report,
    output: config.json ? JSON.stringify(report, null, 2) : renderDoctorText(report),
    exitCode: below ? 1 : busy !== null ? EXIT_BUSY : 0,
  };
}

function needRoot(config: DoctorConfig): void {
  if (!config.asRoot) {
    throw new InputError(
      `doctor --${config.action} needs root: it writes kernel settings under /sys and /proc; run it with sudo`,
    );
  }
}

function tune(config: DoctorConfig): DoctorOutcome {
  needRoot(config);
  const steps = tuningSteps(readTunables(config.root));
  const outcome = applyTuning(config.root, steps);
  const lines =
    steps.length === 0
      ? ['nothing to tune: every setting doctor --tune changes is already as it would set it']
      : [
          ...renderTuneSteps(steps, config.root.root),
          `saved what was there in ${outcome.statePath}${outcome.keptEarlierState ? ' (kept the first --tune’s values)' : ''}; doctor --reset restores it`,
        ];
  return { report: null, output: lines.join('\n'), exitCode: 0 };
}

function reset(config: DoctorConfig): DoctorOutcome {
  needRoot(config);
  const outcome = resetTuning();
  if (outcome.statePath === null) {
    return {
      report: null,
      output: 'nothing to reset: no saved state (doctor --tune was not run, or was reset)',
      exitCode: 0,
    };
  }
  const lines = outcome.restored.map((file) => `${file.path}: ${file.wrote} → ${file.restore}`);
  if (outcome.mismatches.length > 0) {
    throw new TuneError(
      `reset wrote every saved value back, but some read otherwise:\n${outcome.mismatches.join('\n')}`,
    );
  }
  return {
    report: null,
    output: [
      ...lines,
      `restored ${outcome.restored.length} setting(s) and removed ${outcome.statePath}`,
    ].join('\n'),
    exitCode: 0,
  };
}

export async function doctorCommand(config: DoctorConfig, logger: Logger): Promise<DoctorOutcome> {
  switch (config.action) {
    case 'check':
      return check(config, logger);
    case 'tune':
      return tune(config);
    case 'reset':
      return reset(config);
  }
}
