// Test copies of the example and reusable workflows, for running them under act on this machine
// (no Docker, no network to GitHub). Everything of ours runs as written except what this file
// changes, which is all listed here:
//
// 1. `uses: actions/checkout@<sha>`, `actions/upload-artifact@<sha>` and
//    `actions/download-artifact@<sha>` (which act would fetch from GitHub) become `run:` steps that
//    call the stand-in of the same name in __tests__/workflows/stand-ins/ (see its README), with
//    the step's `with:` as INPUT_<NAME> variables; name, id, if and continue-on-error stay. A
//    third-party action that is not pinned to a full commit SHA, or that has no stand-in, fails the
//    rewriting.
// 2. `uses: mysql-perf-gate/mysql-perf-gate@<ref>` (the action) becomes `uses: ./.mysql-perf-gate`,
//    a local action, preceded by a step that copies the action under test there (act, like the
//    runner, reads a local action from the job's workspace).
// 3. `uses: mysql-perf-gate/mysql-perf-gate/.github/workflows/<file>@<ref>` (a reusable workflow)
//    becomes `uses: ./.github/workflows/mysql-perf-gate-<file>`, where the test copy of our
//    reusable workflow is written.
// 4. Inputs of a call, when a test overrides them (`with`: the tiny suites instead of `standard`).
// 5. Optionally, a probe step at the end of a job: it tries to write a comment with the job's token
//    (the token the workflow gave the job, which the action itself is not given) and prints the
//    HTTP status the API answered.
// 6. Optionally, a job's `strategy.max-parallel` set to a number: act reads the field as a plain
//    number, so an expression (`${{ inputs.machines }}`, which GitHub evaluates) becomes 0 there
//    and the matrix runs one job at a time.
// 7. Optionally, inputs added to the action's measuring steps (those without a `mode`): the tests
//    that are not about the runner check turn it off (`doctor: off`), which otherwise measures the
//    runner's noise before every measuring job (action.int.test.ts checks it through the action).
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse, stringify } from 'yaml';

import { ROOT } from './real-run.js';

export const STAND_INS = join(ROOT, '__tests__', 'workflows', 'stand-ins');
/** Where the test copy puts the action under test in a job's workspace. */
export const ACTION_IN_WORKSPACE = '.mysql-perf-gate';
export const PROBE_STEP_NAME = "(test) write a comment with this job's token";

const STOOD_IN = new Map([
  ['actions/checkout', 'checkout.sh'],
  ['actions/upload-artifact', 'upload-artifact.sh'],
  ['actions/download-artifact', 'download-artifact.sh'],
]);

type Scalar = string | number | boolean;

interface Step {
  name?: string;
  id?: string;
  if?: Scalar;
  uses?: string;
  with?: Record<string, Scalar>;
  env?: Record<string, Scalar>;
  run?: string;
  shell?: string;
  'continue-on-error'?: Scalar;
}

interface Job {
  uses?: string;
  with?: Record<string, Scalar>;
  steps?: Step[];
  strategy?: { 'max-parallel'?: Scalar };
}

interface Workflow {
  jobs: Record<string, Job>;
}

export interface TestCopyOptions {
  /** Inputs to set on the calls to reusable workflows, per job id. */
  readonly callInputs?: Readonly<Record<string, Readonly<Record<string, Scalar>>>>;
  /** Job ids that get the token probe step at their end. */
  readonly probeTokenIn?: readonly string[];
  /** `strategy.max-parallel` per job id, for jobs whose value is an expression act cannot read. */
  readonly maxParallel?: Readonly<Record<string, number>>;
  /** Inputs added to every step that measures with the action (one without a `mode` input). */
  readonly measureInputs?: Readonly<Record<string, Scalar>>;
}

/** The measuring steps' inputs of a test that is not about the runner check (item 7 above). */
export const NO_RUNNER_CHECK = { doctor: 'off' } as const;

function standIn(step: Step, action: string, script: string): Step {
  const env: Record<string, string> = {};
  for (const [input, value] of Object.entries(step.with ?? {})) {
    env[`INPUT_${input.toUpperCase().replace(/-/g, '_')}`] = String(value);
  }
  const copy: Step = { name: step.name ?? `${action} (stand-in)` };
  if (step.id !== undefined) copy.id = step.id;
  if (step.if !== undefined) copy.if = step.if;
  if (step['continue-on-error'] !== undefined) copy['continue-on-error'] = step['continue-on-error'];
  return { ...copy, shell: 'bash', env, run: `bash "$ACT_TEST_STAND_INS/${script}"` };
}

function rewriteStep(step: Step, measureInputs: Readonly<Record<string, Scalar>> = {}): Step[] {
  const uses = step.uses;
  if (uses === undefined) return [step];
  if (/^mysql-perf-gate\/mysql-perf-gate@/.test(uses)) {
    const install: Step = {
      name: '(test) the action under test, into the workspace',
      if: 'always()',
      shell: 'bash',
      run: `test -d ${ACTION_IN_WORKSPACE} || cp -a "$ACT_TEST_ACTION" ${ACTION_IN_WORKSPACE}`,
    };
    const local = { ...step, uses: `./${ACTION_IN_WORKSPACE}` };
    const measures = step.with?.mode === undefined && Object.keys(measureInputs).length > 0;
    return [install, measures ? { ...local, with: { ...step.with, ...measureInputs } } : local];
  }
  const match = /^([^@]+)@(.+)$/.exec(uses);
  const script = match ? STOOD_IN.get(match[1] ?? '') : undefined;
  if (!match || script === undefined) throw new Error(`no stand-in for the action ${uses}`);
  if (!/^[0-9a-f]{40}$/.test(match[2] ?? '')) throw new Error(`${uses} is not pinned to a full commit SHA`);
  return [standIn(step, match[1] ?? '', script)];
}

function probeStep(): Step {
  // Node rather than curl: the runner's tools are not what is tested.
  const script = [
    'const url = `${process.env.GITHUB_API_URL}/repos/${process.env.GITHUB_REPOSITORY}/issues/${process.env.NUMBER}/comments`;',
    'const response = await fetch(url, { method: "POST", headers: { authorization: `token ${process.env.TOKEN}`,',
    '  "content-type": "application/json" }, body: JSON.stringify({ body: "written with the measuring job token" }) });',
    'console.log(`a write with this job token: HTTP ${response.status}`);',
  ].join('\n');
  return {
    name: PROBE_STEP_NAME,
    if: 'always()',
    shell: 'bash',
    env: { TOKEN: '${{ github.token }}', NUMBER: '${{ github.event.pull_request.number }}' },
    run: `node --input-type=module -e '${script}'`,
  };
}

/** The test copy of a workflow's text (see the list at the top of this file). */
export function testCopyOf(text: string, options: TestCopyOptions = {}): string {
  const workflow = parse(text) as Workflow;
  for (const [id, job] of Object.entries(workflow.jobs)) {
    if (job.uses !== undefined) {
      const call = /^mysql-perf-gate\/mysql-perf-gate\/\.github\/workflows\/([a-z-]+\.yml)@/.exec(job.uses);
      if (!call) throw new Error(`job ${id} calls ${job.uses}, which has no local copy`);
      job.uses = `./.github/workflows/mysql-perf-gate-${call[1] ?? ''}`;
      const inputs = options.callInputs?.[id];
      if (inputs) job.with = { ...job.with, ...inputs };
    }
    if (job.steps) {
      job.steps = job.steps.flatMap((step) => rewriteStep(step, options.measureInputs));
      if (options.probeTokenIn?.includes(id)) job.steps.push(probeStep());
    }
    const parallel = options.maxParallel?.[id];
    if (parallel !== undefined) {
      if (job.strategy?.['max-parallel'] === undefined)
        throw new Error(`job ${id} has no strategy.max-parallel to set`);
      job.strategy['max-parallel'] = parallel;
    }
  }
  return stringify(workflow, { lineWidth: 0 });
}

export interface ActRepositoryFiles {
  /** examples/workflows/<file>, written to .github/workflows/<file>. */
  readonly examples: Readonly<Record<string, TestCopyOptions>>;
  /** .github/workflows/<file> of this repository, written to .github/workflows/mysql-perf-gate-<file>. */
  readonly reusable: Readonly<Record<string, TestCopyOptions>>;
}

/** Writes the test copies into `repo`/.github/workflows/. */
export function writeTestWorkflows(repo: string, files: ActRepositoryFiles): void {
  const dir = join(repo, '.github', 'workflows');
  mkdirSync(dir, { recursive: true });
  for (const [file, options] of Object.entries(files.examples)) {
    const text = readFileSync(join(ROOT, 'examples', 'workflows', file), 'utf8');
    writeFileSync(join(dir, file), testCopyOf(text, options));
  }
  for (const [file, options] of Object.entries(files.reusable)) {
    const text = readFileSync(join(ROOT, '.github', 'workflows', file), 'utf8');
    writeFileSync(join(dir, `mysql-perf-gate-${file}`), testCopyOf(text, options));
  }
}

/**
 * The action as a runner would download it: action.yml, package.json, suites/, assets/, and the
 * bundle (`bundleDir`, dist/ or a bundle of the working tree) as dist/.
 */
export function copyActionUnderTest(dest: string, bundleDir: string): void {
  mkdirSync(dest, { recursive: true });
  for (const entry of ['action.yml', 'package.json', 'suites', 'assets']) {
    cpSync(join(ROOT, entry), join(dest, entry), { recursive: true });
  }
  cpSync(bundleDir, join(dest, 'dist'), { recursive: true });
}

/**
 * The environment every act run of a test gets: the local GitHub API, the server repository's
 * origin, where artifacts go, the stand-in actions, the action under test (copied into
 * `scratch/action`) and a machine state directory of the run's own (`dir/state`).
 */
export function actTestEnv(options: {
  apiUrl: string;
  origin: string;
  scratch: string;
  dir: string;
}): Record<string, string> {
  return {
    GITHUB_API_URL: options.apiUrl,
    ACT_TEST_ORIGIN: options.origin,
    ACT_TEST_ARTIFACTS: join(options.scratch, 'artifacts'),
    ACT_TEST_STAND_INS: STAND_INS,
    ACT_TEST_ACTION: join(options.scratch, 'action'),
    MYSQL_PERF_GATE_STATE_DIR: join(options.dir, 'state'),
  };
}
