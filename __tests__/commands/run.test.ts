import { InputError } from '../../src/errors.js';
import { runConfigFromFlags, type RunFlags, untrustedSides } from '../../src/commands/run.js';
import { actionSpelling, cliSpelling } from '../../src/commands/spelling.js';
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
        server: '/usr/sbin/mariadbd',
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
        server: '/a',
        options: { performance_schema: 'OFF' },
        labels: { server: '--base' },
      },
      {
        name: 'head',
        server: '/b',
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

describe('more repetitions for undecided cells (--max-repetitions, --budget)', () => {
  const ab = { ...defaults, base: '/usr/sbin/mariadbd', head: '/usr/sbin/mariadbd' };

  it('are off unless asked for', () => {
    expect(runConfigFromFlags(ab).adaptive).toBeUndefined();
    expect(runConfigFromFlags({ ...ab, maxRepetitions: ' ', budget: '' }).adaptive).toBeUndefined();
  });

  it('take the most repetitions as given, with no time limit', () => {
    const adaptive = runConfigFromFlags({ ...ab, maxRepetitions: '12' }).adaptive;
    expect(adaptive?.most).toBe(12);
    expect(adaptive?.budgetSeconds).toBeNull();
  });

  it('take the most from a budget alone: twice the plan, twice the repetitions', () => {
    // The quick suite plans 2 sides × 6 cells × (5 s warm-up + 5 × 8 s): 540 s.
    const adaptive = runConfigFromFlags({ ...ab, budget: '18m' }).adaptive;
    expect(adaptive?.budgetSeconds).toBe(1080);
    expect(adaptive?.most).toBe(10);
    expect(runConfigFromFlags({ ...ab, budget: '18m', maxRepetitions: '7' }).adaptive?.most).toBe(7);
  });

  it('judge as compare does: no cells of a fresh run are undecided', () => {
    const adaptive = runConfigFromFlags({ ...ab, maxRepetitions: '10' }).adaptive;
    expect(adaptive?.undecided([], { fingerprint: 'here' })).toEqual([]);
  });

  it('refuse a one-server run, a most below the plan, a budget within the plan and one that is not a duration', () => {
    expect(inputError({ server: '/usr/sbin/mariadbd', budget: '10m' })).toBe(
      '--budget adds repetitions to the cells an A/B run (--base/--head) leaves undecided; one server has nothing to decide',
    );
    expect(inputError({ server: '/usr/sbin/mariadbd', budget: '10m', maxRepetitions: '9' })).toMatch(
      /^--max-repetitions and --budget add repetitions/,
    );
    for (const budget of ['0', '0s', '9m']) {
      expect(inputError({ ...ab, budget })).toBe(
        `--budget ${budget} leaves nothing for more repetitions: the plan alone takes about 9m00s; give more than that (twice the plan lets undecided cells reach twice the repetitions)`,
      );
    }
    expect(runConfigFromFlags({ ...ab, budget: '1000h' }).adaptive?.most).toBe(1000);
    expect(inputError({ ...ab, maxRepetitions: '3' })).toBe(
      "--max-repetitions 3: expected a whole number from the suite's 5 repetitions to 1000",
    );
    expect(inputError({ ...ab, budget: 'ten minutes' })).toMatch(
      /^--budget "ten minutes" is not a duration: give a number with a unit, e\.g\. 30s, 10m, 1h or 1h30m \(how long the measurements may take\)$/,
    );
  });
});

describe('--parallel-sides', () => {
  it('is auto unless given, and on or off as the flag or input says', () => {
    const ab = { base: '/b', head: '/h', suite: 'instructions' };
    expect(runConfigFromFlags({ ...defaults, ...ab }).parallelSides.mode).toBe('auto');
    expect(runConfigFromFlags({ ...defaults, ...ab, parallelSides: false }).parallelSides.mode).toBe('off');
    expect(runConfigFromFlags({ ...defaults, ...ab, parallelSides: 'true' }).parallelSides.mode).toBe('on');
    expect(inputError({ ...ab, parallelSides: 'maybe' })).toBe(
      '--parallel-sides maybe: expected auto, true or false',
    );
  });

  it('is refused for a wall-clock suite when the flags are read, before anything is built', () => {
    expect(inputError({ base: '/b', head: '/h', suite: 'quick', parallelSides: true })).toMatch(
      /^--parallel-sides is for count suites \(metric: instructions\): suite quick measures time/,
    );
  });
});

describe('--freeze-idle-side', () => {
  it('freezes unless told off, and names the flag or the input when it cannot read it', () => {
    const ab = { base: '/b', head: '/h' };
    expect(runConfigFromFlags({ ...defaults, ...ab }).freezeIdleSide).toBe(true);
    expect(runConfigFromFlags({ ...defaults, ...ab, freezeIdleSide: '' }).freezeIdleSide).toBe(true);
    expect(runConfigFromFlags({ ...defaults, ...ab, freezeIdleSide: 'OFF' }).freezeIdleSide).toBe(false);
    expect(inputError({ ...ab, freezeIdleSide: 'sometimes' })).toBe(
      "--freeze-idle-side sometimes: expected on or off (off leaves the idle side's server running while the other is measured)",
    );
    const spelled = thrownBy(InputError, () =>
      runConfigFromFlags({ ...defaults, ...ab, freezeIdleSide: 'no' }, actionSpelling),
    ).message;
    expect(spelled).toMatch(/^input "freeze-idle-side" no: expected on or off/);
  });
});

describe('--shard K/N', () => {
  const ab = { base: '/a', head: '/b' };

  it('cuts the suite to the shard and records the whole suite and its cells', () => {
    const config = runConfigFromFlags({ ...defaults, ...ab, shard: '2/3' });
    expect(config.shard?.spec).toEqual({ index: 2, count: 3 });
    expect(config.shard?.suite.name).toBe('quick');
    expect(config.shard?.cells).toEqual(['oltp_point_select@4', 'oltp_write_only@1']);
    // The run measures only those cells; the whole suite is kept for merge.
    const cells = config.suite.workloads.flatMap((w) =>
      (w.threads ?? config.suite.threads).map((t) => `${w.name}@${t}`),
    );
    expect(cells).toEqual(['oltp_point_select@4', 'oltp_write_only@1']);
    expect(runConfigFromFlags({ ...defaults, ...ab }).shard).toBeUndefined();
  });

  it('refuses a malformed shard, too many shards, and a budget without max-repetitions', () => {
    expect(inputError({ ...ab, shard: '4/3' })).toMatch(/^--shard 4\/3: expected K\/N/);
    expect(inputError({ ...ab, shard: '1/7' })).toBe(
      'suite quick has 6 cell(s), too few for 7 shards: use at most 6',
    );
    expect(inputError({ ...ab, shard: '1/3', budget: '20m' })).toMatch(
      /^--budget with --shard needs --max-repetitions too: every shard must look at its cells at the same repetitions/,
    );
    expect(
      runConfigFromFlags({ ...defaults, ...ab, shard: '1/3', budget: '20m', maxRepetitions: '10' }).adaptive
        ?.most,
    ).toBe(10);
  });
});

describe('--untrusted-side', () => {
  const sides = (ab: boolean, value: string | undefined): string[] => untrustedSides(value, ab, cliSpelling);

  it.each([
    [true, undefined, []],
    [true, 'none', []],
    [true, 'head', ['head']],
    [true, 'base', ['base']],
    [true, 'BOTH', ['base', 'head']],
    [false, 'head', ['head']],
    [false, 'both', ['head']],
  ])('an A/B run %j with %j sandboxes %j', (ab, value, expected) => {
    expect(sides(ab, value)).toEqual(expected);
  });

  it('refuses what it does not know, and a base where there is one server', () => {
    expect(() => sides(true, 'fork')).toThrow('--untrusted-side fork: expected none, head, base or both');
    expect(() => sides(false, 'base')).toThrow(
      '--untrusted-side base names the base, but --server measures one server',
    );
  });

  it('marks the sides of the run config', () => {
    const config = runConfigFromFlags({
      base: '/usr/sbin/mariadbd',
      head: '/tmp/fork/prefix',
      set: [],
      baseSet: [],
      headSet: [],
      suite: 'quick',
      out: 'r.json',
      untrustedSide: 'head',
    });
    expect(config.sides.map((side) => [side.name, side.untrusted === true])).toEqual([
      ['base', false],
      ['head', true],
    ]);
  });
});
