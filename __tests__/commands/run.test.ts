import { InputError } from '../../src/errors.js';
import { runConfigFromFlags, type RunFlags } from '../../src/commands/run.js';
import { thrownBy } from '../helpers/errors.js';

const defaults: RunFlags = {
  set: [],
  baseSet: [],
  headSet: [],
  suite: 'quick',
  out: 'r.json',
  keepWorkDir: false,
  verbose: false,
};

function inputError(flags: Partial<RunFlags>): string {
  return thrownBy(InputError, () => runConfigFromFlags({ ...defaults, ...flags })).message;
}

describe('runConfigFromFlags', () => {
  it('makes a one-server run whose side is the head', () => {
    const config = runConfigFromFlags({
      ...defaults,
      server: '/usr/sbin/mariadbd',
      set: ['max_connections=300'],
    });
    expect(config.sides).toEqual([
      {
        name: 'head',
        serverPath: '/usr/sbin/mariadbd',
        options: {},
        labels: { server: '--server', options: '--set' },
      },
    ]);
    expect(config.commonOptions).toEqual({ max_connections: '300' });
    expect(config.suite.name).toBe('quick');
    expect(config.workDir).toBeNull();
  });

  it('makes an A/B run with per-side options, base first', () => {
    const config = runConfigFromFlags({
      ...defaults,
      base: '/a',
      head: '/b',
      baseSet: ['performance_schema=OFF'],
      headSet: ['performance-schema=ON', 'log_bin=mysql-bin'],
    });
    expect(config.sides).toMatchObject([
      {
        name: 'base',
        serverPath: '/a',
        options: { performance_schema: 'OFF' },
        labels: { server: '--base' },
      },
      {
        name: 'head',
        serverPath: '/b',
        options: { performance_schema: 'ON', log_bin: 'mysql-bin' },
        labels: { server: '--head', options: '--head-set' },
      },
    ]);
  });

  it.each<[Partial<RunFlags>, string]>([
    [{}, 'say which server to measure'],
    [{ server: '/a', base: '/b', head: '/c' }, 'use either --server (one server) or --base and --head (two)'],
    [{ base: '/b' }, '--base needs --head too'],
    [{ head: '/b' }, '--head needs --base too'],
    [{ server: '/a', headSet: ['x=1'] }, '--base-set and --head-set apply to A/B runs'],
    [{ server: '/a', set: ['performance_schema'] }, '--set "performance_schema": expected NAME=VALUE'],
    [{ server: '/a', suite: 'nope' }, '--suite nope: no such file'],
  ])('rejects %j', (flags, message) => {
    expect(inputError(flags)).toContain(message);
  });
});
