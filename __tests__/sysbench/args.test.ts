import { InputError } from '../../src/errors.js';
import { Suite, type SuiteInput } from '../../src/suite/suite-schema.js';
import {
  cleanupArgs,
  connectionArgs,
  prepareArgs,
  redactArgs,
  runArgs,
  type SysbenchConnection,
  sysbenchValue,
} from '../../src/sysbench/args.js';

const socket: SysbenchConnection = {
  kind: 'socket',
  socketPath: '/tmp/run/mysqld.sock',
  host: '127.0.0.1',
  port: 3307,
  workload: { user: 'sbtest', password: 'w0rkload', passwordFile: '/tmp/run/sysbench.cfg' },
  database: 'sbtest',
};
const tcp: SysbenchConnection = { ...socket, kind: 'tcp', workload: { user: 'bench', password: 's3cret' } };
const noPassword = { user: 'bench', password: '' };

function suite(overrides: Partial<SuiteInput> = {}): Suite {
  return Suite.parse({
    name: 'smoke',
    threads: [1, 4],
    durationSeconds: 30,
    repetitions: 3,
    tables: 8,
    tableSize: 10000,
    workloads: [{ name: 'oltp_point_select' }],
    ...overrides,
  });
}

const SEEDED = '/opt/gate/assets/sysbench/seeded_prepare.lua';

function firstWorkload(s: Suite) {
  const workload = s.workloads[0];
  if (!workload) throw new Error('suite has no workload');
  return workload;
}

describe('connectionArgs', () => {
  it.each<[string, SysbenchConnection, string[]]>([
    [
      'socket, the password in an option file',
      socket,
      [
        '--db-driver=mysql',
        '--mysql-socket=/tmp/run/mysqld.sock',
        '--mysql-user=sbtest',
        '--config-file=/tmp/run/sysbench.cfg',
        '--mysql-db=sbtest',
      ],
    ],
    [
      'tcp with a password',
      tcp,
      [
        '--db-driver=mysql',
        '--mysql-host=127.0.0.1',
        '--mysql-port=3307',
        '--mysql-user=bench',
        '--mysql-password=s3cret',
        '--mysql-db=sbtest',
      ],
    ],
    [
      'tcp to "localhost" (which the client would turn into a socket)',
      { ...tcp, host: 'localhost', workload: noPassword },
      [
        '--db-driver=mysql',
        '--mysql-host=127.0.0.1',
        '--mysql-port=3307',
        '--mysql-user=bench',
        '--mysql-db=sbtest',
      ],
    ],
    [
      'tcp to another host',
      { ...tcp, host: 'db.example', port: 3306, workload: noPassword },
      [
        '--db-driver=mysql',
        '--mysql-host=db.example',
        '--mysql-port=3306',
        '--mysql-user=bench',
        '--mysql-db=sbtest',
      ],
    ],
  ])('%s', (_what, connection, expected) => {
    expect(connectionArgs(connection, 'socket')).toEqual(expected);
  });

  it("follows the suite's connection when the connection has no kind", () => {
    const unrouted: SysbenchConnection = { ...tcp, kind: undefined };
    expect(connectionArgs(unrouted, 'tcp')).toContain('--mysql-port=3307');
    expect(connectionArgs(unrouted, 'socket')).toContain('--mysql-socket=/tmp/run/mysqld.sock');
    const s = suite({ connection: 'tcp' });
    expect(runArgs(unrouted, s, firstWorkload(s), 1, { seconds: 10 })).toContain('--mysql-host=127.0.0.1');
    expect(prepareArgs(unrouted, s, SEEDED)).toContain('--mysql-host=127.0.0.1');
    expect(cleanupArgs(unrouted, s)).toContain('--mysql-host=127.0.0.1');
  });
});

describe('runArgs', () => {
  it('builds a socket run with the suite defaults', () => {
    const s = suite();
    expect(runArgs(socket, s, firstWorkload(s), 4, { seconds: 30 })).toEqual([
      'oltp_point_select',
      '--db-driver=mysql',
      '--mysql-socket=/tmp/run/mysqld.sock',
      '--mysql-user=sbtest',
      '--config-file=/tmp/run/sysbench.cfg',
      '--mysql-db=sbtest',
      '--tables=8',
      '--table-size=10000',
      '--threads=4',
      '--time=30',
      '--events=0',
      '--report-interval=1',
      '--percentile=95',
      '--histogram=on',
      'run',
    ]);
  });

  it('builds a TCP run with seed, percentile, interval, a .lua path and workload options', () => {
    const s = suite({
      connection: 'tcp',
      randSeed: 42,
      percentile: 99,
      reportIntervalSeconds: 0,
      workloads: [
        {
          name: 'ranges',
          script: '/opt/bench/ranges.lua',
          options: { range_size: 50, skip_trx: true, 'point-selects': '5', secondary: 'OFF' },
        },
      ],
    });
    expect(runArgs(tcp, s, firstWorkload(s), 64, { seconds: 8 })).toEqual([
      '/opt/bench/ranges.lua',
      '--db-driver=mysql',
      '--mysql-host=127.0.0.1',
      '--mysql-port=3307',
      '--mysql-user=bench',
      '--mysql-password=s3cret',
      '--mysql-db=sbtest',
      '--tables=8',
      '--table-size=10000',
      '--threads=64',
      '--time=8',
      '--events=0',
      '--report-interval=0',
      '--percentile=99',
      '--rand-seed=42',
      '--histogram=on',
      '--range_size=50',
      '--skip_trx=on',
      '--point-selects=5',
      '--secondary=off',
      'run',
    ]);
  });

  it('bounds an instruction cell by events instead of time', () => {
    const s = suite();
    const args = runArgs(socket, s, firstWorkload(s), 1, { events: 5000 });
    expect(args).toEqual(expect.arrayContaining(['--time=0', '--events=5000']));
    expect(args.filter((arg) => arg.startsWith('--time=') || arg.startsWith('--events='))).toHaveLength(2);
    expect(() => runArgs(socket, s, firstWorkload(s), 1, { events: 0 })).toThrow(/events/);
  });

  it('runs the workload name when it has no script (a bundled script)', () => {
    const s = suite({ workloads: [{ name: 'oltp_read_only', options: { range_selects: false } }] });
    const args = runArgs(socket, s, firstWorkload(s), 1, { seconds: 10 });
    expect(args[0]).toBe('oltp_read_only');
    expect(args).toContain('--range_selects=off');
    expect(args.at(-1)).toBe('run');
  });

  it.each([
    ['threads', 'the suite or workload "threads"'],
    ['time', 'durationSeconds'],
    ['table-size', 'tableSize'],
    ['table_size', 'tableSize'],
    ['rand-seed', 'randSeed'],
    ['report_interval', 'reportIntervalSeconds'],
    ['mysql-socket', 'the server connection'],
    ['histogram', 'always on'],
  ])('rejects workload option %s, which the suite controls', (name, controlledBy) => {
    const s = suite({ workloads: [{ name: 'oltp_point_select', options: { [name]: '1' } }] });
    expect(() => runArgs(socket, s, firstWorkload(s), 1, { seconds: 10 })).toThrow(InputError);
    expect(() => runArgs(socket, s, firstWorkload(s), 1, { seconds: 10 })).toThrow(
      new RegExp(`workload "oltp_point_select" options sets sysbench option "${name}".*${controlledBy}`),
    );
  });

  it.each([
    [0, 10, 'thread count'],
    [2.5, 10, 'thread count'],
    [4, 0, 'duration'],
  ])('rejects %d threads for %d s', (threads, seconds, what) => {
    const s = suite();
    expect(() => runArgs(socket, s, firstWorkload(s), threads, { seconds: seconds })).toThrow(
      new RegExp(what),
    );
  });

  it('rejects a script that would read as an option', () => {
    const s = suite({ workloads: [{ name: 'w', script: '--help' }] });
    expect(() => runArgs(socket, s, firstWorkload(s), 1, { seconds: 10 })).toThrow(/starts with "-"/);
  });
});

describe('prepareArgs and cleanupArgs', () => {
  it.each([
    [1, '--threads=1'],
    [3, '--threads=3'],
    [4, '--threads=4'],
    [16, '--threads=4'],
  ])('prepares %d tables with %s', (tables, threadsArg) => {
    const args = prepareArgs(socket, suite({ tables }), SEEDED);
    expect(args).toContain(threadsArg);
    expect(args).toContain(`--tables=${tables}`);
  });

  it('prepares with a bundled oltp script and the prepare options, in parallel, without a seed', () => {
    const s = suite({ prepareOptions: { mysql_storage_engine: 'myisam', create_secondary: false } });
    expect(prepareArgs(socket, s, SEEDED)).toEqual([
      'oltp_read_write',
      '--db-driver=mysql',
      '--mysql-socket=/tmp/run/mysqld.sock',
      '--mysql-user=sbtest',
      '--config-file=/tmp/run/sysbench.cfg',
      '--mysql-db=sbtest',
      '--tables=8',
      '--table-size=10000',
      '--threads=4',
      '--mysql_storage_engine=myisam',
      '--create_secondary=off',
      'prepare',
    ]);
  });

  it('prepares the same rows every time with a seed: the seeded script, on one thread', () => {
    const s = suite({ randSeed: 7, prepareOptions: { create_secondary: false } });
    expect(prepareArgs(socket, s, SEEDED)).toEqual([
      SEEDED,
      '--db-driver=mysql',
      '--mysql-socket=/tmp/run/mysqld.sock',
      '--mysql-user=sbtest',
      '--config-file=/tmp/run/sysbench.cfg',
      '--mysql-db=sbtest',
      '--tables=8',
      '--table-size=10000',
      '--threads=1',
      '--rand-seed=7',
      '--prepare-seed=7',
      '--create_secondary=off',
      'prepare',
    ]);
    expect(() => prepareArgs(socket, suite({ prepareOptions: { 'prepare-seed': 3 } }), SEEDED)).toThrow(
      /sets sysbench option "prepare-seed", which mysql-perf-gate sets from the suite "randSeed"/,
    );
  });

  it('rejects prepare options the suite controls', () => {
    expect(() => prepareArgs(socket, suite({ prepareOptions: { tables: 3 } }), SEEDED)).toThrow(
      /suite "smoke" prepareOptions sets sysbench option "tables"/,
    );
  });

  it('cleans up the suite tables', () => {
    expect(cleanupArgs(tcp, suite())).toEqual([
      'oltp_read_write',
      '--db-driver=mysql',
      '--mysql-host=127.0.0.1',
      '--mysql-port=3307',
      '--mysql-user=bench',
      '--mysql-password=s3cret',
      '--mysql-db=sbtest',
      '--tables=8',
      'cleanup',
    ]);
  });
});

describe('helpers', () => {
  it('hides the password', () => {
    expect(redactArgs(connectionArgs(tcp, 'tcp'))).toContain('--mysql-password=***');
    expect(redactArgs(connectionArgs(tcp, 'tcp')).join(' ')).not.toContain('s3cret');
  });

  it.each([
    ['ON', 'on'],
    ['OFF', 'off'],
    ['True', 'true'],
    ['false', 'false'],
    ['InnoDB', 'InnoDB'],
    ['100', '100'],
  ])('passes %s to sysbench as %s', (value, expected) => {
    expect(sysbenchValue(value)).toBe(expected);
  });
});
