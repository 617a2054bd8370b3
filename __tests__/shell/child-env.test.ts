import { describe, expect, it } from '@jest/globals';

import { childEnv, passesOn } from '../../src/shell/child-env.js';
import { quickDeadline } from '../../src/shell/deadline.js';
import { exec } from '../../src/shell/exec.js';

describe('passesOn', () => {
  it.each([
    ['PATH', true],
    ['HOME', true],
    ['LANG', true],
    ['LC_ALL', true],
    ['TMPDIR', true],
    ['CCACHE_DIR', true],
    ['CCACHE_MAXSIZE', true],
    ['CC', true],
    ['CXXFLAGS', true],
    ['GLIBC_TUNABLES', true],
    ['GIT_AUTHOR_NAME', true],
    ['https_proxy', true],
    ['INPUT_GITHUB-TOKEN', false],
    ['INPUT_SUITE', false],
    ['ACTIONS_RUNTIME_TOKEN', false],
    ['ACTIONS_ID_TOKEN_REQUEST_URL', false],
    ['GITHUB_TOKEN', false],
    ['GITHUB_WORKSPACE', false],
    ['RUNNER_TEMP', false],
    ['NPM_TOKEN', false],
    ['AWS_SECRET_ACCESS_KEY', false],
    ['CCACHE_SECRET', false],
    ['CCACHE_REMOTE_STORAGE_PASSWORD', false],
    ['LC_AUTH', false],
    ['MYSQL_PWD', false],
    ['SOMETHING_ELSE', false],
    ['NODE_OPTIONS', false],
    ['LD_PRELOAD', false],
  ])('%s → %s', (name, expected) => {
    expect(passesOn(name)).toBe(expected);
  });
});

describe('childEnv', () => {
  it('keeps the allowed names of what it is given and drops the rest', () => {
    expect(
      childEnv({
        PATH: '/usr/bin',
        'INPUT_GITHUB-TOKEN': 'ghs_x',
        CCACHE_DIR: '/c',
        HOME: '/h',
        EMPTY: undefined,
      }),
    ).toEqual({ PATH: '/usr/bin', CCACHE_DIR: '/c', HOME: '/h' });
  });
});

describe('exec', () => {
  it("never hands a child the action's inputs or the runner's tokens", async () => {
    const env = {
      ...process.env,
      'INPUT_GITHUB-TOKEN': 'ghs_secret',
      ACTIONS_RUNTIME_TOKEN: 'runtime',
      GITHUB_TOKEN: 'ghs_other',
      LC_ALL: 'C',
    };
    const { stdout } = await exec('env', [], { env, deadline: quickDeadline('env') });
    const names = stdout.split('\n').map((line) => line.split('=')[0]);
    expect(names).toContain('LC_ALL');
    expect(names).toContain('PATH');
    expect(names.filter((name) => /^(INPUT_|ACTIONS_|GITHUB_)/.test(name ?? ''))).toEqual([]);
    expect(stdout).not.toContain('ghs_');
  });
});
