// The runner check as the measuring job runs it, before anything is built or measured: no tuning,
// a short noise measurement (throughput only), the grade recorded in the results, and below the
// lowest grade asked for a warning or, when asked, the job's failure.
import { belowGrade, gradeLine } from '../environment/doctor-grade.js';
import type { DoctorReport, GradeLetter } from '../environment/doctor-schema.js';
import { GateError, InputError } from '../errors.js';
import type { Logger } from '../shell/logger.js';
import { type DoctorConfig, doctorCommand, doctorConfigFromFlags, parseGradeLetter } from './doctor.js';
import type { FlagSpelling } from './spelling.js';

export class RunnerCheckError extends GateError {}

export const DOCTOR_GATE_MODES = ['warn', 'fail', 'off'] as const;
export type DoctorGateMode = (typeof DOCTOR_GATE_MODES)[number];

export interface DoctorGateFlags {
  /** warn (default), fail or off. */
  doctor?: string;
  minGrade?: string;
  buildDir?: string;
  workDir?: string;
  /** The run's: the check waits for another run's machine lock as long as the run would. */
  lockTimeout?: string;
}

export interface DoctorGate {
  readonly mode: 'warn' | 'fail';
  readonly minGrade: GradeLetter;
  readonly config: DoctorConfig;
  /** How the user named the inputs, for the messages. */
  readonly spell: FlagSpelling;
}

/** Throughput repetitions the job measures the noise with: shorter than the command's. */
const GATE_NOISE = { repetitions: 5, seconds: 2, callgrind: false } as const;

/** The check the gate runs; undefined when turned off. */
export function doctorGateFromFlags(flags: DoctorGateFlags, spell: FlagSpelling): DoctorGate | undefined {
  const mode = (flags.doctor ?? 'warn').trim().toLowerCase() || 'warn';
  const known = DOCTOR_GATE_MODES.find((candidate) => candidate === mode);
  if (known === undefined) {
    throw new InputError(
      `${spell('doctor')} ${flags.doctor ?? ''}: expected ${DOCTOR_GATE_MODES.join(', ')}`,
    );
  }
  if (known === 'off') return undefined;
  const minGrade = parseGradeLetter(flags.minGrade ?? 'C', spell('doctor-min-grade'));
  const config = doctorConfigFromFlags(
    {
      ...(flags.buildDir === undefined ? {} : { buildDir: flags.buildDir }),
      ...(flags.workDir === undefined ? {} : { workDir: flags.workDir }),
      ...(flags.lockTimeout === undefined ? {} : { lockTimeout: flags.lockTimeout }),
    },
    spell,
  );
  return {
    mode: known,
    minGrade,
    config: { ...config, noise: config.noise === null ? null : { ...config.noise, ...GATE_NOISE } },
    spell,
  };
}

export interface RunnerChecked {
  readonly report: DoctorReport;
  /** The grade is below the lowest asked for: what the warning (or failure) says. */
  readonly below: string | null;
}

/** Runs the check; throws RunnerCheckError when the grade is too low and failing was asked for. */
export async function checkRunner(gate: DoctorGate, logger: Logger): Promise<RunnerChecked> {
  const outcome = await logger.group('Runner check', () => doctorCommand(gate.config, logger));
  const report = outcome.report;
  if (report === null) throw new Error('the runner check returned no report');
  logger.info(outcome.output);
  const below = belowGrade(report.grade.letter, gate.minGrade)
    ? `runner check: ${gradeLine(report.grade)}; below ${gate.minGrade} (${gate.spell('doctor-min-grade')})`
    : null;
  if (below !== null && gate.mode === 'fail') {
    throw new RunnerCheckError(`${below}; ${gate.spell('doctor')} is fail, so nothing was measured`);
  }
  if (below !== null) logger.warning(below);
  return { report, below };
}
