// The action in bisect mode: the first commit between two where a cell changed, on a checkout of
// the server (commands/bisect.ts), for a workflow a maintainer dispatches from an alert issue.
// It builds and runs the repository's own commits, so it runs on the pinned runner with a
// read-only token, like the nightly's measuring job. Errors go up to main.ts.
import * as core from '@actions/core';

import {
  bisectCommand,
  BISECT_DEFAULTS,
  type BisectFlags,
  bisectOptionsFromFlags,
} from '../commands/bisect.js';
import { actionSpelling } from '../commands/spelling.js';
import { InputError } from '../errors.js';
import { coreLogger } from './core-logger.js';
import { booleanInput, optionalInput } from './inputs.js';
import { input, multilineInput } from './settings-inputs.js';
import { saveStateForPost } from './post.js';

function required(name: string): string {
  const value = optionalInput(name);
  if (value === undefined) throw new InputError(`input "${name}" is empty: bisect mode needs it`);
  return value;
}

/** The bisect inputs, as the flags the CLI would build. */
export function readBisectInputs(): BisectFlags {
  const optional = (name: string, flag: keyof BisectFlags): Partial<BisectFlags> => {
    const value = optionalInput(name);
    return value === undefined ? {} : { [flag]: value };
  };
  return {
    source: required('source'),
    good: required('good'),
    bad: required('bad'),
    cell: multilineInput('cells'),
    suite: input('suite') || BISECT_DEFAULTS.suite,
    compiler: input('compiler') || BISECT_DEFAULTS.compiler,
    maxRepetitions: input('max-repetitions') || BISECT_DEFAULTS.maxRepetitions,
    state: input('state') || BISECT_DEFAULTS.state,
    reportDir: input('report-dir') || BISECT_DEFAULTS.reportDir,
    set: multilineInput('set'),
    buildType: input('build-type'),
    cmakeArg: multilineInput('cmake-args'),
    ccache: input('ccache'),
    fullInstall: booleanInput('full-install'),
    ...optional('metric', 'metric'),
    ...optional('prefix', 'prefix'),
    ...optional('build-dir', 'buildDir'),
    ...optional('ccache-dir', 'ccacheDir'),
    ...optional('store', 'store'),
    ...optional('store-size', 'storeSize'),
    ...optional('lock-timeout', 'lockTimeout'),
    ...optional('build-while-measuring', 'buildWhileMeasuring'),
    ...optional('history', 'history'),
    ...optional('testbed', 'testbed'),
  };
}

/** Runs the bisection; why the step fails, when the bisection could not decide. */
export async function bisectFromInputs(): Promise<string | undefined> {
  const options = bisectOptionsFromFlags(readBisectInputs(), actionSpelling);
  // Before the first server starts: a cancelled job's post step stops what this step leaves running.
  saveStateForPost();
  const outcome = await bisectCommand(options, coreLogger);
  coreLogger.info(outcome.summary);
  const result = outcome.state.result;
  core.setOutput('report-dir', options.outDir);
  core.setOutput('first-bad', result?.outcome === 'found' ? result.sha : '');
  if (process.env.GITHUB_STEP_SUMMARY) {
    await core.summary
      .addRaw(`### Bisection\n\n\`\`\`\n${outcome.summary.replace(/`/g, "'")}\n\`\`\`\n`)
      .write();
  }
  return outcome.exitCode === 0 ? undefined : 'the bisection could not decide; see the table above';
}
