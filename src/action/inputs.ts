// Action inputs, read once into the same option strings the CLI builds from its command line, so
// the command layer checks both the same way (errors say `input "x"` here, `--x` there).
import * as core from '@actions/core';

import type { DoctorGateFlags } from '../commands/doctor-gate.js';
import type { JudgeFlags } from '../commands/gate.js';
import type { RunFlags } from '../commands/run.js';
import { InputError } from '../errors.js';

export function optionalInput(name: string): string | undefined {
  const value = core.getInput(name);
  return value === '' ? undefined : value;
}

/** A true/false input; empty is false, anything else is refused (not silently false). */
function booleanInput(name: string): boolean {
  const value = core.getInput(name).trim().toLowerCase();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new InputError(`input "${name}" ${JSON.stringify(value)}: expected true or false`);
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
    untrustedSide: optionalInput('untrusted-side'),
    shard: optionalInput('shard'),
    timeLimit: optionalInput('time-limit'),
    alignSettings: booleanInput('align-settings'),
    verbose: core.isDebug(),
  };
}

export function readCompareInputs(): JudgeFlags {
  return {
    baseline: optionalInput('baseline'),
    reportDir: optionalInput('report-dir'),
    tolerance: core.getMultilineInput('tolerance'),
    alpha: core.getInput('alpha') || '0.05',
    gate: core.getInput('gate') || 'tps,instructions',
    inconclusive: core.getInput('inconclusive') || 'pass',
    gateWork: core.getInput('gate-work') === 'true',
    force: core.getInput('force') === 'true',
    failOnRegression: core.getInput('fail-on-regression') !== 'false',
  };
}

/** Inputs doctor and doctor-min-grade, with the directories whose free disk the check reads. */
export function readDoctorInputs(run: RunFlags): DoctorGateFlags {
  return {
    doctor: optionalInput('doctor'),
    minGrade: optionalInput('doctor-min-grade'),
    buildDir: core.getInput('build-dir') || 'mysql-perf-gate/build',
    ...(run.workDir === undefined ? {} : { workDir: run.workDir }),
  };
}
