// The runner against a real throwaway MariaDB (started by the project's ManagedServer in a temp
// dir, never the system service) and the real sysbench.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { createConnection } from 'mysql2/promise';

import { BenchmarkError, InterruptedError } from '../../src/errors.js';
import { inspectServer, ManagedServer } from '../../src/server/server.js';
import { CleanupScope } from '../../src/shell/cleanup.js';
import { Suite } from '../../src/suite/suite-schema.js';
import type { SysbenchConnection } from '../../src/sysbench/args.js';
import type { IntervalReport } from '../../src/sysbench/report-schema.js';
import { checkSysbench, cleanupTables, prepareTables, runWorkload } from '../../src/sysbench/runner.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { findCommand, requireCommand } from '../helpers/requirements.js';

const ready =
  requireCommand('mariadbd') && requireCommand('mariadb-install-db') && requireCommand('sysbench');
const maybe = ready ? describe : describe.skip;
/** Jest's per-project testTimeout does not apply to a single file run, so each test says its own. */
const TEST_TIMEOUT_MS = 120_000;

let dir: string;
let scope: CleanupScope;
let server: ManagedServer;
let socketConnection: SysbenchConnection;

async function query(sql: string): Promise<unknown> {
  const client = await createConnection({
    socketPath: socketConnection.socketPath,
    // The tool's own account: the workload's may not read another database.
    user: server.connection.user,
    password: server.connection.password,
  });
  try {
    const [rows] = await client.query(sql);
    return rows;
  } finally {
    await client.end();
  }
}

function suiteWith(tables: number, percentile = 95): Suite {
  return Suite.parse(suiteInput(tables, percentile));
}

function suiteInput(tables: number, percentile = 95) {
  return {
    name: 'int',
    threads: [2],
    durationSeconds: 2,
    repetitions: 2,
    tables,
    tableSize: 1000,
    reportIntervalSeconds: 1,
    percentile,
    randSeed: 42,
    workloads: [
      { name: 'oltp_point_select' },
      { name: 'rw', script: 'oltp_read_write', options: { skip_trx: false } },
    ],
  };
}

maybe('sysbench runner against a real MariaDB', () => {
  const suite = suiteWith(2);
  const pointSelect = suite.workloads[0]!;
  const readWrite = suite.workloads[1]!;

  beforeAll(async () => {
    // The project's own server lifecycle: its own datadir, tmpdir, socket and port.
    dir = mkdtempSync(join(os.tmpdir(), 'sb-int-'));
    scope = new CleanupScope();
    server = await ManagedServer.create({
      install: await inspectServer(findCommand('mariadbd') ?? 'mariadbd'),
      dir: join(dir, 'server'),
      options: { innodb_buffer_pool_size: '64M' },
      scope,
    });
    await server.start();
    socketConnection = { kind: 'socket', ...server.connection };
  }, 120_000);

  afterAll(async () => {
    await scope.release();
    rmSync(dir, { recursive: true, force: true });
    expect(processesMentioning(dir)).toEqual([]);
  }, 60_000);

  it(
    'finds sysbench 1.x',
    async () => {
      await expect(checkSysbench()).resolves.toMatch(/^1\.\d+\.\d+/);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'prepares the suite tables',
    async () => {
      const output = await prepareTables(socketConnection, suite);
      expect(output).toContain("Inserting 1000 records into 'sbtest1'");
      expect(output).toContain("Inserting 1000 records into 'sbtest2'");
      expect(await query('SELECT COUNT(*) AS n FROM sbtest.sbtest2')).toEqual([{ n: 1000 }]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'fills the tables with the same rows on every prepare with a seed, and new ones without',
    async () => {
      const checksums = async (seed: number, database: string): Promise<unknown> => {
        await query(`CREATE DATABASE ${database}`);
        // The workload's account has privileges on its own database only.
        await query(
          `GRANT ALL PRIVILEGES ON ${database}.* TO '${socketConnection.workload.user}'@'localhost'`,
        );
        const seeded = Suite.parse({ ...suiteInput(2), randSeed: seed });
        const output = await prepareTables({ ...socketConnection, database }, seeded);
        if (seed !== 0) expect(output).toContain('Creating table');
        const rows = await query(`CHECKSUM TABLE ${database}.sbtest1, ${database}.sbtest2`);
        return (rows as { Checksum: number }[]).map((row) => row.Checksum);
      };
      const first = await checksums(42, 'seeded_a');
      expect(await checksums(42, 'seeded_b')).toEqual(first);
      expect(await checksums(43, 'seeded_c')).not.toEqual(first);
      const unseeded = await checksums(0, 'unseeded_a');
      expect(await checksums(0, 'unseeded_b')).not.toEqual(unseeded);
      for (const database of ['seeded_a', 'seeded_b', 'seeded_c', 'unseeded_a', 'unseeded_b']) {
        await query(`DROP DATABASE ${database}`);
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'runs a 2-second point-select cell over the socket with 1-second intervals',
    async () => {
      const live: IntervalReport[] = [];
      const run = await runWorkload(
        socketConnection,
        suite,
        pointSelect,
        2,
        { seconds: 2 },
        'point select @ 2',
        {
          onInterval: (i) => {
            live.push(i);
          },
        },
      );
      expect(run.report.tps).toBeGreaterThan(0);
      expect(run.report.threads).toBe(2);
      expect(run.report.queries.read).toBeGreaterThan(0);
      expect(run.report.intervals.length).toBeGreaterThan(0);
      expect(run.report.intervals[0]).toMatchObject({ timeS: 1, threads: 2 });
      expect(live).toEqual(run.report.intervals);
      expect(run.args).toContain(`--mysql-socket=${socketConnection.socketPath}`);
      expect(run.raw).toContain('SQL statistics:');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'runs oltp_read_write over TCP',
    async () => {
      const tcp: SysbenchConnection = { ...socketConnection, kind: 'tcp' };
      const run = await runWorkload(tcp, suite, readWrite, 2, { seconds: 2 }, 'read write @ 2 over tcp');
      expect(run.args).toContain(`--mysql-port=${tcp.port}`);
      expect(run.report.tps).toBeGreaterThan(0);
      expect(run.report.queries.write).toBeGreaterThan(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'runs exactly the events asked for, with no time limit',
    async () => {
      const run = await runWorkload(
        socketConnection,
        suite,
        pointSelect,
        1,
        { events: 321 },
        'point select x 321',
      );
      expect(run.args).toEqual(expect.arrayContaining(['--time=0', '--events=321']));
      expect(run.report.transactions).toBe(321);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'fails with the FATAL lines when the suite names tables that were not prepared',
    async () => {
      const error = await runWorkload(
        socketConnection,
        suiteWith(3),
        pointSelect,
        2,
        { seconds: 2 },
        'too many tables',
      ).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BenchmarkError);
      expect((error as Error).message).toContain('sysbench for too many tables exited with status 1');
      expect((error as Error).message).toContain("Table 'sbtest.sbtest3' doesn't exist");
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'kills sysbench when aborted, leaving no process behind',
    async () => {
      // Only sysbench's command line has this (mariadbd's has --socket=…); no leading "-" for pgrep.
      const sysbenchNeedle = `mysql-socket=${socketConnection.socketPath}`;
      const controller = new AbortController();
      const running = runWorkload(socketConnection, suite, pointSelect, 2, { seconds: 60 }, 'aborted cell', {
        signal: controller.signal,
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(processesMentioning(sysbenchNeedle)).not.toEqual([]);
      const reason = new InterruptedError('SIGTERM');
      controller.abort(reason);
      await expect(running).rejects.toBe(reason);
      for (let waited = 0; processesMentioning(sysbenchNeedle).length > 0 && waited < 5000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(processesMentioning(sysbenchNeedle)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'cleans up the tables',
    async () => {
      await cleanupTables(socketConnection, suite);
      expect(
        await query("SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = 'sbtest'"),
      ).toEqual([{ n: 0 }]);
    },
    TEST_TIMEOUT_MS,
  );
});
