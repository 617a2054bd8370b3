// Action inputs, read once into the same RunFlags the CLI builds from its command line.
import * as core from '@actions/core';

import type { CompareOptionFlags } from '../commands/compare-options.js';
import type { RunFlags } from '../commands/run-options.js';

function optional(name: string): string | undefined {
  const value = core.getInput(name);
  return value === '' ? undefined : value;
}

export function readRunInputs(): RunFlags {
  return {
    server: optional('server'),
    base: optional('base'),
    head: optional('head'),
    set: core.getMultilineInput('set'),
    baseSet: core.getMultilineInput('base-set'),
    headSet: core.getMultilineInput('head-set'),
    suite: core.getInput('suite') || 'quick',
    out: core.getInput('out') || 'mysql-perf-gate/results.json',
    workDir: optional('work-dir') ?? process.env.RUNNER_TEMP,
    keepWorkDir: false,
    verbose: core.isDebug(),
  };
}

export interface CompareInputs extends CompareOptionFlags {
  baseline: string | undefined;
  reportDir: string | undefined;
  force: boolean;
  failOnRegression: boolean;
}

export function readCompareInputs(): CompareInputs {
  return {
    baseline: optional('baseline'),
    reportDir: optional('report-dir'),
    tolerance: core.getMultilineInput('tolerance'),
    alpha: core.getInput('alpha') || '0.05',
    gate: core.getInput('gate') || 'tps,instructions',
    inconclusive: core.getInput('inconclusive') || 'pass',
    force: core.getInput('force') === 'true',
    failOnRegression: core.getInput('fail-on-regression') !== 'false',
  };
}
