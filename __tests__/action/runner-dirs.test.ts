// Runners that share a machine: the step of each workflow that chooses the build directories is
// run in bash as the runner would run it, and each self-hosted runner gets a build directory of
// its own (named for it, whatever its name holds), while the ccache stays shared per trust level.
// A GitHub-hosted runner keeps the paths its Actions-cached ccache was filled at, and the
// warm-ccache job of the instructions example builds main at exactly the paths, with the compiler
// and options, of a pull request's job, under the cache key pull requests restore.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { parse } from 'yaml';

import { ccacheCacheKeys } from '../../src/action/ccache-cache.js';
import { ccacheOfBuilds, commonBuildRequest } from '../../src/commands/build.js';
import { planBuilds } from '../../src/commands/source-builds.js';

const ROOT = join(import.meta.dirname, '../..');

interface Step {
  name?: string;
  id?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Job {
  steps?: Step[];
  with?: Record<string, string>;
}

function jobs(path: string): Record<string, Job> {
  return (parse(readFileSync(join(ROOT, path), 'utf8')) as { jobs: Record<string, Job> }).jobs;
}

function dirsStep(job: Job | undefined): Step {
  const step = job?.steps?.find((candidate) => candidate.id === 'dirs');
  if (step?.run === undefined) throw new Error('no step with id dirs');
  return step;
}

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(join(os.tmpdir(), 'gate-runner-dirs-'));
});
afterEach(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs the step's script in bash with the runner's variables; its outputs. */
function runStep(step: Step, runner: Record<string, string>): Record<string, string> {
  const output = join(scratch, 'output');
  writeFileSync(output, '');
  const stepEnv = {
    HEAD_REPO: 'o/r',
    REPO: 'o/r',
    NUMBER: '7',
    BUILD_ROOT: '',
    CCACHE_DAYS: '14',
    BASELINE: '',
  };
  execFileSync('bash', ['-e', '-c', step.run ?? ''], {
    env: {
      PATH: process.env.PATH,
      HOME: join(scratch, 'home'),
      GITHUB_OUTPUT: output,
      ...stepEnv,
      ...runner,
    },
    stdio: 'pipe',
  });
  return Object.fromEntries(
    readFileSync(output, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

const measure = jobs('.github/workflows/measure.yml');
const steps: [string, Step][] = [
  ['measure.yml, measure', dirsStep(measure.measure)],
  ['measure.yml, build-for-shards', dirsStep(measure['build-for-shards'])],
  ['nightly.yml', dirsStep(jobs('.github/workflows/nightly.yml').measure)],
  ['bisect.yml', dirsStep(jobs('.github/workflows/bisect.yml').bisect)],
];

describe.each(steps)('%s: the build and ccache directories', (_name, step) => {
  const self = (name: string) => ({ RUNNER_ENVIRONMENT: 'self-hosted', RUNNER_NAME: name });

  it('a self-hosted runner builds in a directory named for it; the ccache is shared', () => {
    const one = runStep(step, self('perf-pinned-1'));
    const two = runStep(step, self('perf-pinned-2'));
    expect(one['build-dir']).toContain(
      `${join(scratch, 'home', 'mysql-perf-gate', 'trusted', 'build')}/perf-pinned-1`,
    );
    expect(two['build-dir']).toContain('/trusted/build/perf-pinned-2');
    expect(one['ccache-dir']).toBe(join(scratch, 'home', 'mysql-perf-gate', 'trusted', 'ccache'));
    expect(two['ccache-dir']).toBe(one['ccache-dir']);
  });

  it('a runner name is one plain path component, whatever it holds', () => {
    const dirs = runStep(step, self('../../etc perf #2'));
    expect(dirs['build-dir']).toContain('/trusted/build/______etc_perf__2');
    expect(dirs['build-dir']).not.toContain('..');
  });
});

describe('a GitHub-hosted runner', () => {
  it('keeps the paths its Actions-cached ccache was filled at: no runner name', () => {
    const dirs = runStep(dirsStep(measure.measure), {
      RUNNER_ENVIRONMENT: 'github-hosted',
      RUNNER_NAME: 'GitHub Actions 12',
    });
    expect(dirs['build-dir']).toBe(join(scratch, 'home', 'mysql-perf-gate', 'trusted', 'build'));
  });
});

describe("the pull requests' ccache, warmed by main's runs", () => {
  const example = jobs('examples/workflows/pr-instructions.yml');
  const warm = example['warm-ccache'];
  const build = warm?.steps?.find((step) => step.with?.mode === 'build');
  const pr = example.measure?.with ?? {};

  it('builds main at the paths of a pull request job on a GitHub-hosted runner', () => {
    const hosted = { RUNNER_ENVIRONMENT: 'github-hosted', RUNNER_NAME: 'GitHub Actions 3' };
    const prDirs = runStep(dirsStep(measure.measure), hosted);
    const warmDirs = runStep(dirsStep(warm), hosted);
    expect(warmDirs['build-dir']).toBe(prDirs['build-dir']);
    expect(warmDirs['ccache-dir']).toBe(prDirs['ccache-dir']);
    // measure.yml's checkouts and build step: head, and base beside it.
    const prBuild = measure.measure?.steps?.find((step) =>
      step.uses?.startsWith('mysql-perf-gate/mysql-perf-gate@'),
    );
    expect(build?.with?.source).toBe(prBuild?.with?.source);
    expect(build?.with?.['base-source']).toBe(prBuild?.with?.['base-source']);
    expect(build?.with?.['build-dir']).toBe('${{ steps.dirs.outputs.build-dir }}');
    expect(build?.with?.['ccache-dir']).toBe('${{ steps.dirs.outputs.ccache-dir }}');
  });

  it('with the compiler and CMake options the pull requests use', () => {
    expect(build?.with?.compiler).toBe(pr.compiler);
    expect(build?.with?.['cmake-args']).toBe(pr['cmake-args']);
  });

  it('saves under a key whose prefix every pull request of the same compiler restores', async () => {
    const common = commonBuildRequest({ buildType: 'RelWithDebInfo', ccache: 'auto' });
    const sides = (source: string, baseSource: string) =>
      planBuilds({ source, baseSource, compiler: 'gcc-12', baseCompiler: undefined, common, buildDir: '/b' });
    const main = await ccacheOfBuilds(common, sides('head', 'base'));
    const pull = await ccacheOfBuilds(common, sides('head', 'base'));
    expect(main).toBeDefined();
    const saved = ccacheCacheKeys(main?.keyBase ?? '', { GITHUB_RUN_ID: '900', GITHUB_RUN_ATTEMPT: '1' });
    const restored = ccacheCacheKeys(pull?.keyBase ?? '', { GITHUB_RUN_ID: '901', GITHUB_RUN_ATTEMPT: '2' });
    expect(saved.key).toBe('mysql-perf-gate-ccache-gcc-12-gcc-12-900-1');
    expect(restored.key).not.toBe(saved.key); // a key is written once: one per run and attempt
    expect(saved.key.startsWith(restored.restorePrefix)).toBe(true);
    // Another compiler's cache is never restored for these builds.
    const clang = await ccacheOfBuilds(
      common,
      planBuilds({
        source: 'head',
        baseSource: 'base',
        compiler: 'clang-16',
        baseCompiler: undefined,
        common,
        buildDir: '/b',
      }),
    );
    const other = ccacheCacheKeys(clang?.keyBase ?? '', { GITHUB_RUN_ID: '902', GITHUB_RUN_ATTEMPT: '1' });
    expect(other.key.startsWith(restored.restorePrefix)).toBe(false);
  });
});
