// `init` in a scratch repository with a CMake stand-in tree: the files it writes (each call of a
// reusable workflow pinned, the default branch and the machine's labels in place, the settings
// file read back by its own reader), actionlint on them, a second run that changes nothing, a
// changed file refused without --force, and bad flags in one line before anything is written.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse as parseYaml } from 'yaml';

import { main } from '../../src/cli/program.js';
import { readWorkflowSettings } from '../../src/commands/workflow-settings.js';
import { git } from '../helpers/git-repo.js';
import { ALICE, type GitHubMock, startGitHubMock } from '../helpers/github-mock.js';
import { captureStderr, captureStdout, ROOT, useTempDir } from '../helpers/real-run.js';

const SHA = 'c0ffee'.padEnd(40, '0');
const temp = useTempDir('gate-init-');
let repositories = 0;
const stderr = captureStderr();
const stdout = captureStdout();
// actionlint as CI installs it (scripts/lint-workflows.sh), when it is there.
const actionlintDir = join(ROOT, '.work', 'bin');
const hasActionlint = existsSync(join(actionlintDir, 'actionlint'));

/** A git checkout whose top looks like a MariaDB tree, its origin on GitHub, its default branch trunk. */
function scratchRepository(origin = 'git@github.com:acme/server.git'): string {
  const repo = join(temp.path, `server-${String(++repositories)}`);
  mkdirSync(join(repo, 'sql'), { recursive: true });
  writeFileSync(join(repo, 'CMakeLists.txt'), 'cmake_minimum_required(VERSION 3.16)\nproject(server)\n');
  writeFileSync(join(repo, 'sql', 'mariadb.h'), '/* the mark of a MariaDB tree */\n');
  writeFileSync(
    join(repo, 'VERSION'),
    'MYSQL_VERSION_MAJOR=11\nMYSQL_VERSION_MINOR=4\nMYSQL_VERSION_PATCH=9\nSERVER_MATURITY=stable\n',
  );
  git(repo, 'init', '-q', '-b', 'trunk');
  git(repo, 'add', '.');
  git(repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'tree');
  git(repo, 'remote', 'add', 'origin', origin);
  git(repo, 'update-ref', 'refs/remotes/origin/trunk', 'HEAD');
  git(repo, 'symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/trunk');
  return repo;
}

async function init(repo: string, ...flags: string[]): Promise<{ code: number; out: string; err: string }> {
  const [outStart, errStart] = [stdout.text.length, stderr.text.length];
  const path = process.env.PATH;
  if (hasActionlint) process.env.PATH = `${actionlintDir}:${path ?? ''}`;
  try {
    const code = await main(['node', 'mysql-perf-gate', 'init', '--dir', repo, '--ref', SHA, ...flags]);
    // Node's own warning about the VM modules the tests run under is not the command's.
    const err = stderr.text
      .slice(errStart)
      .split('\n')
      .filter((line) => !/ExperimentalWarning|--trace-warnings/.test(line))
      .join('\n');
    return { code, out: stdout.text.slice(outStart), err };
  } finally {
    process.env.PATH = path;
  }
}

describe('init', () => {
  it('writes the pinned workflows and the settings file, keeps them on a second run, refuses to overwrite', async () => {
    const repo = scratchRepository();
    const first = await init(repo, '--runs-on', 'self-hosted,perf-box', '--compiler', 'clang-16');
    expect(first.err).toBe('');
    expect(first.out).toContain('MariaDB 11.4.9, default branch trunk, github.com/acme/server');
    const workflows = [
      'pr-gate.yml',
      'pr-publish.yml',
      'pr-unlabel.yml',
      'pr-accept.yml',
      'nightly.yml',
      'bisect.yml',
    ];
    for (const name of workflows) expect(first.out).toContain(`wrote .github/workflows/${name}: `);
    expect(existsSync(join(repo, '.github/workflows/pr-instructions.yml'))).toBe(false);

    // Every call of a reusable workflow is pinned to the commit, nothing else.
    for (const name of workflows) {
      const text = readFileSync(join(repo, '.github/workflows', name), 'utf8');
      const calls = [
        ...text.matchAll(/uses: mysql-perf-gate\/mysql-perf-gate\/\.github\/workflows\/\S+@(\S+)/g),
      ];
      expect(calls.map((call) => call[1])).toEqual(calls.map(() => SHA));
      expect(() => parseYaml(text) as unknown).not.toThrow();
    }
    const gate = parseYaml(readFileSync(join(repo, '.github/workflows/pr-gate.yml'), 'utf8')) as {
      jobs: { measure: { with: Record<string, string> } };
    };
    expect(JSON.parse(gate.jobs.measure.with['runs-on'] ?? '')).toEqual(['self-hosted', 'perf-box']);
    // The compiler lives in the settings file only.
    expect(gate.jobs.measure.with.compiler).toBeUndefined();
    expect(readFileSync(join(repo, '.github/workflows/nightly.yml'), 'utf8')).toMatch(/^\s+ref: trunk$/m);
    expect(readWorkflowSettings(join(repo, '.github/mysql-perf-gate.yml'))).toMatchObject({
      'runs-on': '["self-hosted","perf-box"]',
      testbed: 'perf-box-1',
      compiler: 'clang-16',
    });
    // The example's other options come along, commented out, for the maintainer to turn on.
    expect(readFileSync(join(repo, '.github/mysql-perf-gate.yml'), 'utf8')).toMatch(
      /^# max-repetitions: \d+$/m,
    );
    if (hasActionlint) expect(first.out).toContain('actionlint: no findings');
    else expect(process.env.CI).not.toBe('true');
    expect(first.out).toContain('https://github.com/acme/server/settings/rules');
    expect(first.code).toBe(0);

    // Again: nothing to write.
    const second = await init(repo, '--runs-on', 'self-hosted,perf-box', '--compiler', 'clang-16');
    expect(second.out).not.toContain('wrote ');
    expect(second.out.match(/^kept /gm)).toHaveLength(workflows.length + 1);

    // Another compiler: the settings file is the repository's own by now, and kept.
    const changed = await init(repo, '--runs-on', 'self-hosted,perf-box');
    expect(changed.code).toBe(0);
    expect(changed.out).toContain('kept .github/mysql-perf-gate.yml: it is yours already');
    expect(readWorkflowSettings(join(repo, '.github/mysql-perf-gate.yml')).compiler).toBe('clang-16');
    // A workflow changed by hand is refused, in one line, unless --force.
    const gatePath = join(repo, '.github/workflows/pr-gate.yml');
    writeFileSync(gatePath, `${readFileSync(gatePath, 'utf8')}# edited\n`);
    const edited = await init(repo, '--runs-on', 'self-hosted,perf-box');
    expect(edited.code).toBe(2);
    expect(edited.err.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^mysql-perf-gate: \.github\/workflows\/pr-gate\.yml already exists with other text: pass --force/,
      ),
    ]);
    const forced = await init(repo, '--runs-on', 'self-hosted,perf-box', '--force', '--instructions');
    expect(forced.out).toContain('wrote .github/workflows/pr-instructions.yml');
    expect(readWorkflowSettings(join(repo, '.github/mysql-perf-gate.yml')).compiler).toBe('gcc-12');
  }, 120_000);

  it('refuses bad flags in one line, before writing anything', async () => {
    const repo = scratchRepository();
    for (const [flags, line] of [
      [
        ['--runs-on', 'self-hosted,bad label'],
        /^mysql-perf-gate: --runs-on "self-hosted,bad label": a runner label/,
      ],
      [['--testbed', '../x'], /^mysql-perf-gate: --testbed "\.\.\/x": a testbed name/],
      [['--ref', 'main'], /^mysql-perf-gate: --ref main: expected a full 40-hex commit SHA/],
    ] as const) {
      const outcome = await init(repo, ...flags);
      expect(outcome.code).toBe(2);
      expect(outcome.err.trim().split('\n')).toEqual([expect.stringMatching(line)]);
    }
    const outside = await main(['node', 'mysql-perf-gate', 'init', '--dir', temp.path, '--ref', SHA]);
    expect(outside).toBe(2);
    expect(existsSync(join(repo, '.github'))).toBe(false);
  }, 60_000);
});

describe('init --check (against the GitHub mock, validated by its OpenAPI description)', () => {
  let mock: GitHubMock;
  beforeAll(async () => {
    mock = await startGitHubMock();
    mock.tokens.set('admin', { user: ALICE, installation: false, readOnly: false });
  });
  afterAll(() => mock.close());

  async function check(
    repo: string,
    token: string | undefined,
  ): Promise<{ code: number; out: string; err: string }> {
    const saved = {
      api: process.env.GITHUB_API_URL,
      token: process.env.GITHUB_TOKEN,
      gh: process.env.GH_TOKEN,
    };
    process.env.GITHUB_API_URL = mock.baseUrl;
    delete process.env.GH_TOKEN;
    if (token === undefined) delete process.env.GITHUB_TOKEN;
    else process.env.GITHUB_TOKEN = token;
    try {
      return await init(repo, '--check');
    } finally {
      for (const [name, value] of [
        ['GITHUB_API_URL', saved.api],
        ['GITHUB_TOKEN', saved.token],
        ['GH_TOKEN', saved.gh],
      ] as const) {
        if (value === undefined) Reflect.deleteProperty(process.env, name);
        else process.env[name] = value;
      }
    }
  }

  it('says what is missing, then ok once each step is taken, and unknown where the token may not read', async () => {
    const repo = scratchRepository('https://github.com/octo-org/server.git');
    await init(repo, '--runs-on', 'self-hosted,perf-box');
    const before = await check(repo, 'admin');
    expect(before.err).toBe('');
    expect(before.code).toBe(1);
    expect(before.out.split('\n').filter((line) => line.startsWith('  '))).toEqual([
      expect.stringMatching(
        /^ {2}MISSING a self-hosted runner labelled self-hosted, perf-box: none of the repository's 0 runner/,
      ),
      expect.stringMatching(
        /^ {2}MISSING the status "mysql-perf-gate" required on trunk: no ruleset or branch protection requires it$/,
      ),
      expect.stringMatching(
        /^ {2}MISSING outside contributors' workflows held for approval: the policy is first_time_contributors/,
      ),
      expect.stringMatching(/^ {2}MISSING the label "perf-approved": does not exist/),
    ]);

    mock.setup.runners.push({
      name: 'bench-1',
      labels: ['self-hosted', 'Linux', 'perf-box'],
      status: 'online',
    });
    mock.setup.protectionChecks.set('trunk', ['build', 'mysql-perf-gate']);
    mock.setup.approvalPolicy = 'all_external_contributors';
    mock.labels.add('perf-approved');
    const after = await check(repo, 'admin');
    expect(after.out).not.toMatch(/MISSING|unknown/);
    expect(after.out).toContain(
      'ok      a self-hosted runner labelled self-hosted, perf-box: bench-1 (online)',
    );
    expect(after.out).toContain("the branch's protection requires it");
    expect(after.code).toBe(0);

    // A ruleset does as well as classic protection.
    mock.setup.protectionChecks.delete('trunk');
    mock.setup.rulesetChecks.set('trunk', ['mysql-perf-gate']);
    expect((await check(repo, 'admin')).out).toContain('a ruleset requires it');

    // A token without admin rights: unknown, never ok or missing.
    mock.setup.denied.add('actions/list-self-hosted-runners-for-repo');
    mock.setup.denied.add('actions/get-fork-pr-contributor-approval-permissions-repository');
    const limited = await check(repo, 'admin');
    expect(limited.out).toMatch(/unknown a self-hosted runner .*: the token cannot read it \(HTTP 403/);
    expect(limited.out).toMatch(
      /unknown outside contributors' workflows held for approval: the token cannot read it \(HTTP 404/,
    );
    expect(limited.code).toBe(0);
    // GitHub answers 403 to a token without admin rights on the runners' list, though its
    // description lists only 200 there: the one disagreement, and the only one.
    expect(mock.failures).toEqual([
      'GET /repos/octo-org/server/actions/runners (actions/list-self-hosted-runners-for-repo): status 403 is undocumented',
    ]);
  }, 60_000);

  it('needs a token and a GitHub remote, each said in one line', async () => {
    const repo = scratchRepository('https://github.com/octo-org/server.git');
    const none = await check(repo, undefined);
    expect(none.code).toBe(2);
    expect(none.err.trim()).toMatch(/^mysql-perf-gate: init --check asks GitHub: set GITHUB_TOKEN/);
    const elsewhere = await check(scratchRepository('https://gitlab.example.com/x/server.git'), 'admin');
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.err.trim().split('\n').at(-1)).toMatch(
      /has no github\.com remote named origin: nothing to check$/,
    );
  }, 60_000);
});
