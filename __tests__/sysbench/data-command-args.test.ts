// The argument lists of a kind's data commands and of a run, for kinds other than sysbench's
// OLTP tables (whose lists args.test.ts pins down).
import { InputError } from '../../src/errors.js';
import { Suite } from '../../src/suite/suite-schema.js';
import { dataCommandArgs, runArgs, type SysbenchConnection } from '../../src/sysbench/args.js';
import { suiteDataSets } from '../../src/workload/kinds.js';
import { sysbenchScript } from '../../src/workload/sysbench-script.js';
import { tpcc } from '../../src/workload/tpcc.js';

const socket: SysbenchConnection = {
  kind: 'socket',
  socketPath: '/tmp/run/mysqld.sock',
  host: '127.0.0.1',
  port: 3307,
  workload: { user: 'sbtest', password: 'w0rkload', passwordFile: '/tmp/run/sysbench.cfg' },
  database: 'sbtest',
};
const CONNECTION = [
  '--db-driver=mysql',
  '--mysql-socket=/tmp/run/mysqld.sock',
  '--mysql-user=sbtest',
  '--config-file=/tmp/run/sysbench.cfg',
  '--mysql-db=sbtest',
];
const TPCC = '/opt/bench/tpcc.lua';

const suite = Suite.parse({
  name: 'tpcc-like',
  threads: [1],
  durationSeconds: 10,
  repetitions: 2,
  randSeed: 9,
  workloads: [
    {
      name: 'tpcc',
      kind: 'sysbench-script',
      script: TPCC,
      // A script's own options, "tables" among them: only the OLTP kind reserves that name.
      options: { scale: 2, tables: 1 },
      resetData: 're-prepare',
    },
  ],
});
const workload = suite.workloads[0]!;
const noAsset = (): string => {
  throw new Error('no script of ours');
};

describe('a sysbench-script workload', () => {
  const [dataSet] = suiteDataSets(suite);

  it("prepares with the script's own prepare, on one thread, with the workload's options", () => {
    expect(
      dataSet?.prepare.map((command) => dataCommandArgs(socket, suite, command, sysbenchScript, noAsset)),
    ).toEqual([[TPCC, ...CONNECTION, '--threads=1', '--scale=2', '--tables=1', 'prepare']]);
  });

  it("cleans up with the script's own cleanup", () => {
    expect(
      dataSet?.cleanup.map((command) => dataCommandArgs(socket, suite, command, sysbenchScript, noAsset)),
    ).toEqual([[TPCC, ...CONNECTION, '--scale=2', '--tables=1', 'cleanup']]);
  });

  it('runs without the OLTP table arguments', () => {
    expect(runArgs(socket, suite, workload, 1, { seconds: 10 })).toEqual([
      TPCC,
      ...CONNECTION,
      '--threads=1',
      '--time=10',
      '--events=0',
      '--report-interval=1',
      '--percentile=95',
      '--rand-seed=9',
      '--histogram=on',
      '--scale=2',
      '--tables=1',
      'run',
    ]);
  });

  it('still refuses the options every kind leaves to the suite, in prepare and run alike', () => {
    const threads = { ...workload, options: { threads: '4' } };
    const own = Suite.parse({ ...suite, workloads: [threads] });
    expect(() => runArgs(socket, own, threads, 1, { seconds: 10 })).toThrow(InputError);
    const [set] = suiteDataSets(own);
    expect(() =>
      set?.prepare.map((command) => dataCommandArgs(socket, own, command, sysbenchScript, noAsset)),
    ).toThrow(
      /workload "tpcc" options sets sysbench option "threads", which mysql-perf-gate sets from the suite or workload "threads"/,
    );
  });
});

describe('a tpcc workload', () => {
  const tpccSuite = Suite.parse({
    name: 'tpcc',
    threads: [4],
    durationSeconds: 20,
    repetitions: 2,
    warehouses: 2,
    workloads: [{ name: 'tpcc', kind: 'tpcc', options: { mysql_ignore_errors: '1213,1205' } }],
  });
  const assets = (asset: string): string => `/pkg/assets/sysbench/${asset}`;
  const [dataSet] = suiteDataSets(tpccSuite);

  it("prepares with our own script, sized by the suite, on one thread, without the run's options", () => {
    expect(
      dataSet?.prepare.map((command) => dataCommandArgs(socket, tpccSuite, command, tpcc, assets)),
    ).toEqual([['/pkg/assets/sysbench/tpcc.lua', ...CONNECTION, '--warehouses=2', '--threads=1', 'prepare']]);
  });

  it('cleans up with the same script', () => {
    expect(
      dataSet?.cleanup.map((command) => dataCommandArgs(socket, tpccSuite, command, tpcc, assets)),
    ).toEqual([['/pkg/assets/sysbench/tpcc.lua', ...CONNECTION, '--warehouses=2', 'cleanup']]);
  });

  it("runs our own script with the warehouses and the workload's options", () => {
    expect(runArgs(socket, tpccSuite, tpccSuite.workloads[0]!, 4, { seconds: 20 }, assets)).toEqual([
      '/pkg/assets/sysbench/tpcc.lua',
      ...CONNECTION,
      '--warehouses=2',
      '--threads=4',
      '--time=20',
      '--events=0',
      '--report-interval=1',
      '--percentile=95',
      '--histogram=on',
      '--mysql_ignore_errors=1213,1205',
      'run',
    ]);
  });

  it('leaves the warehouses to the suite', () => {
    const own = { ...tpccSuite.workloads[0]!, options: { warehouses: '10' } };
    expect(() =>
      runArgs(socket, { ...tpccSuite, workloads: [own] }, own, 4, { seconds: 20 }, assets),
    ).toThrow(
      /workload "tpcc" options sets sysbench option "warehouses", which mysql-perf-gate sets from the suite "warehouses"/,
    );
  });
});
