// Action inputs, read once into the same option strings the CLI builds from its command line, so
// the command layer checks both the same way (errors say `input "x"` here, `--x` there).
import * as core from '@actions/core';

import { COMPARE_FLAG_DEFAULTS, type CompareOptionFlags } from '../commands/compare.js';
import type { DoctorGateFlags } from '../commands/doctor-gate.js';
import type { JudgeFlags } from '../commands/gate.js';
import type { RunFlags } from '../commands/run.js';
import { InputError } from '../errors.js';

export function optionalInput(name: string): string | undefined {
  const value = core.getInput(name);
  return value === '' ? undefined : value;
}

/**
 * Every boolean input, with its default in action.yml (a test holds the two together). The runner
 * always gives the default for an input the workflow leaves out; the table is read only where no
 * runner is (an input empty outside GitHub).
 */
export const BOOLEAN_INPUT_DEFAULTS = {
  'full-install': false,
  'align-settings': false,
  'gate-work': COMPARE_FLAG_DEFAULTS.gateWork,
  force: false,
  comment: true,
  'fail-on-regression': true,
  alert: true,
} as const satisfies Record<string, boolean>;

export type BooleanInputName = keyof typeof BOOLEAN_INPUT_DEFAULTS;

/**
 * A boolean input, read as GitHub reads one (`core.getBooleanInput`, YAML 1.2's core schema): true,
 * True, TRUE, false, False, FALSE; anything else is refused, never taken as false. Empty is the
 * default action.yml gives.
 */
export function booleanInput(name: BooleanInputName): boolean {
  const value = core.getInput(name);
  if (value === '') return BOOLEAN_INPUT_DEFAULTS[name];
  try {
    return core.getBooleanInput(name);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new InputError(
      `input "${name}" ${JSON.stringify(value)}: expected true or false (true, True, TRUE, false, False, FALSE)`,
    );
  }
}

export function readRunInputs(): RunFlags {
  return {
    server: optionalInput('server'),
    base: optionalInput('base'),
    head: optionalInput('head'),
    set: core.getMultilineInput('set'),
    baseSet: core.getMultilineInput('base-set'),
    headSet: core.getMultilineInput('head-set'),
    suite: core.getInput('suite') || 'quick',
    out: core.getInput('out') || 'mysql-perf-gate/results.json',
    workDir: optionalInput('work-dir') ?? process.env.RUNNER_TEMP,
    keepWorkDir: false,
    lockTimeout: optionalInput('lock-timeout'),
    maxRepetitions: optionalInput('max-repetitions'),
    budget: optionalInput('budget'),
    pin: optionalInput('pin'),
    parallelSides: optionalInput('parallel-sides'),
    freezeIdleSide: optionalInput('freeze-idle-side'),
    untrustedSide: optionalInput('untrusted-side'),
    ...limitInputs(),
    shard: optionalInput('shard'),
    timeLimit: optionalInput('time-limit'),
    alignSettings: booleanInput('align-settings'),
    verbose: core.isDebug(),
  };
}

/** Inputs max-processes and max-memory: the limits of untrusted builds and servers. */
export function limitInputs(): { maxProcesses?: string; maxMemory?: string } {
  const maxProcesses = optionalInput('max-processes');
  const maxMemory = optionalInput('max-memory');
  return {
    ...(maxProcesses === undefined ? {} : { maxProcesses }),
    ...(maxMemory === undefined ? {} : { maxMemory }),
  };
}

/** Inputs alpha, gate, inconclusive and gate-work: measure, merge and publish judge with them. */
export function judgingInputs(): Omit<CompareOptionFlags, 'tolerance'> {
  return {
    alpha: optionalInput('alpha') ?? COMPARE_FLAG_DEFAULTS.alpha,
    gate: optionalInput('gate') ?? COMPARE_FLAG_DEFAULTS.gate,
    inconclusive: optionalInput('inconclusive') ?? COMPARE_FLAG_DEFAULTS.inconclusive,
    gateWork: booleanInput('gate-work'),
  };
}

export function readCompareInputs(): JudgeFlags {
  return {
    baseline: optionalInput('baseline'),
    reportDir: optionalInput('report-dir'),
    tolerance: core.getMultilineInput('tolerance'),
    ...judgingInputs(),
    force: booleanInput('force'),
    failOnRegression: booleanInput('fail-on-regression'),
  };
}

/** Inputs doctor and doctor-min-grade, with the directories whose free disk the check reads. */
export function readDoctorInputs(run: RunFlags): DoctorGateFlags {
  return {
    doctor: optionalInput('doctor'),
    minGrade: optionalInput('doctor-min-grade'),
    buildDir: core.getInput('build-dir') || 'mysql-perf-gate/build',
    ...(run.workDir === undefined ? {} : { workDir: run.workDir }),
    ...(run.lockTimeout === undefined ? {} : { lockTimeout: run.lockTimeout }),
  };
}
