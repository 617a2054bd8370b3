// Action inputs, read once into the same option strings the CLI builds from its command line, so
// the command layer checks both the same way (errors say `input "x"` here, `--x` there).
import * as core from '@actions/core';

import type { CompareOptionFlags } from '../commands/compare.js';
import type { DoctorGateFlags } from '../commands/doctor-gate.js';
import type { JudgeFlags } from '../commands/gate.js';
import type { RunFlags } from '../commands/run.js';
import { SETTINGS, type SettingName } from '../commands/settings-schema.js';
import { InputError } from '../errors.js';
import { input, multilineInput, namedInput, optionalInput } from './settings-inputs.js';

export { optionalInput };

/** Every boolean input: each is a field of the settings file, its default there. */
const BOOLEAN_INPUTS = [
  'full-install',
  'align-settings',
  'gate-work',
  'force',
  'comment',
  'fail-on-regression',
  'alert',
] as const satisfies readonly SettingName[];

export type BooleanInputName = (typeof BOOLEAN_INPUTS)[number];

/** The boolean inputs' defaults, from the settings schema (a test holds action.yml's descriptions to them). */
export const BOOLEAN_INPUT_DEFAULTS = Object.fromEntries(
  BOOLEAN_INPUTS.map((name) => [name, SETTINGS[name].default === 'true']),
) as Readonly<Record<BooleanInputName, boolean>>;

/**
 * A boolean input, read as GitHub reads one (`core.getBooleanInput`, YAML 1.2's core schema): true,
 * True, TRUE, false, False, FALSE; anything else is refused, never taken as false. Empty: the
 * settings file's, else the default.
 */
export function booleanInput(name: BooleanInputName): boolean {
  const value = input(name);
  if (value === '') return BOOLEAN_INPUT_DEFAULTS[name];
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  throw new InputError(
    `input "${name}" ${JSON.stringify(value)}: expected true or false (true, True, TRUE, false, False, FALSE)`,
  );
}

export function readRunInputs(): RunFlags {
  return {
    server: optionalInput('server'),
    base: optionalInput('base'),
    head: optionalInput('head'),
    set: multilineInput('set'),
    baseSet: multilineInput('base-set'),
    headSet: multilineInput('head-set'),
    suite: input('suite') || 'quick',
    out: input('out') || 'mysql-perf-gate/results.json',
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
  // The gate's default is the judge's to work out (the runner check may add seconds): not given is
  // not the schema's default written out.
  const gate = namedInput('gate');
  return {
    alpha: input('alpha'),
    ...(gate === undefined ? {} : { gate }),
    inconclusive: input('inconclusive'),
    gateWork: booleanInput('gate-work'),
  };
}

export function readCompareInputs(): JudgeFlags {
  return {
    baseline: optionalInput('baseline'),
    reportDir: optionalInput('report-dir'),
    tolerance: multilineInput('tolerance'),
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
    buildDir: input('build-dir') || 'mysql-perf-gate/build',
    ...(run.workDir === undefined ? {} : { workDir: run.workDir }),
    ...(run.lockTimeout === undefined ? {} : { lockTimeout: run.lockTimeout }),
  };
}
