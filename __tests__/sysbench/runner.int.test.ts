// The runner against a real throwaway MariaDB (started here with --no-defaults in a temp dir,
// never the system service) and the real sysbench.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { join } from 'node:path';

import { createConnection } from 'mysql2/promise';

import { BenchmarkError, InterruptedError } from '../../src/errors.js';
import { Suite } from '../../src/suite/schema.js';
import type { SysbenchConnection } from '../../src/sysbench/args.js';
import type { IntervalReport } from '../../src/sysbench/report.js';
import { checkSysbench, cleanupTables, prepareTables, runWorkload } from '../../src/sysbench/runner.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { findCommand, requireCommand } from '../helpers/requirements.js';

const ready =
  requireCommand('mariadbd') && requireCommand('mariadb-install-db') && requireCommand('sysbench');
const maybe = ready ? describe : describe.skip;
/** Jest's per-project testTimeout does not apply to a single file run, so each test says its own. */
const TEST_TIMEOUT_MS = 120_000;

const user = os.userInfo().username;
let dir: string;
let server: ChildProcess | undefined;
let socketConnection: SysbenchConnection;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

async function query(sql: string): Promise<unknown> {
  const client = await createConnection({
    socketPath: socketConnection.socketPath,
    user: 'root',
    password: '',
  });
  try {
    const [rows] = await client.query(sql);
    return rows;
  } finally {
    await client.end();
  }
}

async function waitForServer(): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server?.exitCode !== null) throw new Error(`mariadbd exited; see ${join(dir, 'error.log')}`);
    try {
      await query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

function stopServer(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function suiteWith(tables: number, percentile = 95): Suite {
  return Suite.parse({
    name: 'int',
    threads: [2],
    durationSeconds: 2,
    repetitions: 1,
    tables,
    tableSize: 1000,
    reportIntervalSeconds: 1,
    percentile,
    randSeed: 42,
    workloads: [
      { name: 'oltp_point_select' },
      { name: 'rw', script: 'oltp_read_write', options: { skip_trx: false } },
    ],
  });
}

maybe('sysbench runner against a real MariaDB', () => {
  const suite = suiteWith(2);
  const pointSelect = suite.workloads[0]!;
  const readWrite = suite.workloads[1]!;

  beforeAll(async () => {
    dir = mkdtempSync(join(os.tmpdir(), 'sb-int-'));
    const datadir = join(dir, 'data');
    execFileSync(
      findCommand('mariadb-install-db')!,
      [
        '--no-defaults',
        `--datadir=${datadir}`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        `--user=${user}`,
      ],
      { stdio: 'pipe' },
    );
    const port = await freePort();
    socketConnection = {
      kind: 'socket',
      socketPath: join(dir, 'mysqld.sock'),
      host: '127.0.0.1',
      port,
      user: 'root',
      password: '',
      database: 'sbtest',
    };
    server = spawn(
      findCommand('mariadbd')!,
      [
        '--no-defaults',
        `--datadir=${datadir}`,
        `--socket=${socketConnection.socketPath}`,
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        `--user=${user}`,
        `--log-error=${join(dir, 'error.log')}`,
        `--pid-file=${join(dir, 'mysqld.pid')}`,
        '--innodb-buffer-pool-size=64M',
      ],
      { stdio: 'ignore' },
    );
    await waitForServer();
    await query('CREATE DATABASE sbtest');
  }, 120_000);

  afterAll(async () => {
    await stopServer();
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
    'runs a 2-second point-select cell over the socket with 1-second intervals',
    async () => {
      const live: IntervalReport[] = [];
      const run = await runWorkload(
        socketConnection,
        suite,
        pointSelect,
        2,
        2,
        'point select @ 2',
        undefined,
        (i) => {
          live.push(i);
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
      const run = await runWorkload(tcp, suite, readWrite, 2, 2, 'read write @ 2 over tcp');
      expect(run.args).toContain(`--mysql-port=${tcp.port}`);
      expect(run.report.tps).toBeGreaterThan(0);
      expect(run.report.queries.write).toBeGreaterThan(0);
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
        2,
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
      const running = runWorkload(
        socketConnection,
        suite,
        pointSelect,
        2,
        60,
        'aborted cell',
        controller.signal,
      );
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
