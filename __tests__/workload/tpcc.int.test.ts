// The TPC-C-like workload against a real MariaDB and the real sysbench: its prepare makes the nine
// tables with the specification's row counts, and its cleanup drops them; and the tool runs it as a
// user would (`run` A/A, then `compare`): each side's own prepare made the same rows (every
// repetition of both starts from one checksum), every repetition ran the standard mix within 2
// points, New-Orders per minute are measured, and the same server on both sides reads unchanged.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { jest as jestGlobals } from '@jest/globals';
import { createConnection } from 'mysql2/promise';

import { main } from '../../src/cli/program.js';
import { METRICS } from '../../src/compare/metrics.js';
import { parseVerdict } from '../../src/compare/verdict-versions.js';
import { readResults } from '../../src/results/results-file.js';
import { inspectServer, ManagedServer } from '../../src/server/server.js';
import { CleanupScope } from '../../src/shell/cleanup.js';
import { Suite } from '../../src/suite/suite-schema.js';
import type { SysbenchConnection } from '../../src/sysbench/args.js';
import { TRANSACTION_TYPES } from '../../src/sysbench/report-schema.js';
import { runDataCommands } from '../../src/sysbench/runner.js';
import { suiteDataSets } from '../../src/workload/kinds.js';
import { MIX_TOLERANCE, pooledMix, STANDARD_MIX } from '../../src/workload/tpcc-mix.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { captureStderr, useTempDir } from '../helpers/real-run.js';
import { findCommand, requireCommand } from '../helpers/requirements.js';

const ready =
  requireCommand('mariadbd') && requireCommand('mariadb-install-db') && requireCommand('sysbench');
const maybe = ready ? describe : describe.skip;
const WAREHOUSES = 2;
const TABLES = [
  'warehouse',
  'district',
  'customer',
  'history',
  'new_orders',
  'orders',
  'order_line',
  'item',
  'stock',
];

const suite = Suite.parse({
  name: 'tpcc-int',
  threads: [4],
  durationSeconds: 5,
  repetitions: 2,
  warehouses: WAREHOUSES,
  workloads: [{ name: 'tpcc', kind: 'tpcc' }],
});

maybe('the TPC-C-like data on a real MariaDB', () => {
  let dir: string;
  let scope: CleanupScope;
  let connection: SysbenchConnection;
  /** The tool's own account, for the checks: the workload's may touch its database only. */
  let admin: { user: string; password: string };

  async function query<T>(sql: string): Promise<T[]> {
    const client = await createConnection({ socketPath: connection.socketPath, ...admin });
    try {
      const [rows] = await client.query(sql);
      return rows as T[];
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(os.tmpdir(), 'tpcc-int-'));
    scope = new CleanupScope();
    const server = await ManagedServer.create({
      install: await inspectServer(findCommand('mariadbd') ?? 'mariadbd'),
      dir: join(dir, 'server'),
      options: { innodb_buffer_pool_size: '512M' },
      scope,
    });
    await server.start();
    connection = { kind: 'socket', ...server.connection, database: 'tpcc' };
    admin = { user: server.connection.user, password: server.connection.password };
    await query('CREATE DATABASE tpcc');
    await query(`GRANT ALL PRIVILEGES ON tpcc.* TO '${connection.workload.user}'@'localhost'`);
  }, 120_000);

  afterAll(async () => {
    await scope.release();
    rmSync(dir, { recursive: true, force: true });
    expect(processesMentioning(dir)).toEqual([]);
  }, 60_000);

  it('prepares the nine tables at the scale of the warehouses, and its cleanup drops them', async () => {
    const [dataSet] = suiteDataSets(suite);
    if (dataSet === undefined) throw new Error('no data set');
    const started = Date.now();
    await runDataCommands(connection, suite, dataSet, 'prepare');
    const seconds = (Date.now() - started) / 1000;
    const count = async (sql: string): Promise<number> =>
      Number((await query<{ n: number | string }>(sql))[0]?.n ?? NaN);
    const rows: Record<string, number> = {};
    for (const table of TABLES) rows[table] = await count(`SELECT COUNT(*) AS n FROM tpcc.${table}`);
    const lines = await count('SELECT SUM(o_ol_cnt) AS n FROM tpcc.orders');
    expect(rows).toEqual({
      warehouse: WAREHOUSES,
      district: 10 * WAREHOUSES,
      customer: 30_000 * WAREHOUSES,
      history: 30_000 * WAREHOUSES,
      new_orders: 9_000 * WAREHOUSES,
      orders: 30_000 * WAREHOUSES,
      order_line: lines,
      item: 100_000,
      stock: 100_000 * WAREHOUSES,
    });
    // 5 to 15 lines an order, 10 on average.
    expect(lines / rows.orders!).toBeGreaterThan(9.8);
    expect(lines / rows.orders!).toBeLessThan(10.2);
    // The last 900 orders of every district are the undelivered ones.
    expect(
      await query(
        'SELECT MIN(no_o_id) AS low, MAX(no_o_id) AS high, COUNT(*) AS n FROM tpcc.new_orders GROUP BY no_w_id, no_d_id LIMIT 1',
      ),
    ).toEqual([{ low: 2101, high: 3000, n: 900 }]);
    // Every last name in every district: the first 1,000 customers take each once.
    expect(
      await count('SELECT COUNT(DISTINCT c_last) AS n FROM tpcc.customer WHERE c_w_id = 2 AND c_d_id = 7'),
    ).toBe(1000);
    process.stderr.write(`tpcc prepare of ${WAREHOUSES} warehouses: ${seconds.toFixed(1)} s\n`);

    // That a prepare makes the same rows every time is checked on the run below, whose two sides
    // each prepare their own: one more prepare here would only repeat it.
    await runDataCommands(connection, suite, dataSet, 'cleanup');
    expect(await query('SHOW TABLES FROM tpcc')).toEqual([]);
  }, 240_000);
});

maybe('the tpcc suite run as a user would (real MariaDB, real sysbench)', () => {
  const temp = useTempDir('gate-tpcc-');
  const stderr = captureStderr();

  it('runs the standard mix on both sides, measures New-Orders per minute, and an A/A reads unchanged', async () => {
    const dir = temp.path;
    const suitePath = join(dir, 'tpcc.yml');
    // The bundled suite, shortened: one thread count, two repetitions of 5 s, no warm-up.
    const bundled = readFileSync(new URL('../../suites/tpcc.yml', import.meta.url), 'utf8');
    writeFileSync(
      suitePath,
      bundled
        .replace(/^threads: .*$/m, 'threads: [4]')
        .replace(/^durationSeconds: .*$/m, 'durationSeconds: 5')
        .replace(/^warmupSeconds: .*$/m, 'warmupSeconds: 0')
        .replace(/^repetitions: .*$/m, 'repetitions: 2'),
    );
    const server = findCommand('mariadbd') ?? 'mariadbd';
    const out = join(dir, 'aa.json');
    const work = join(dir, 'work');
    const stdout = jestGlobals.spyOn(process.stdout, 'write').mockImplementation(() => true);
    let runCode: number;
    let compareCode: number;
    try {
      runCode = await main([
        'node',
        'mysql-perf-gate',
        'run',
        '--base',
        server,
        '--head',
        server,
        '--suite',
        suitePath,
        '--out',
        out,
        '--work-dir',
        work,
      ]);
      compareCode =
        runCode === 0
          ? await main(['node', 'mysql-perf-gate', 'compare', out, '--report-dir', join(dir, 'report')])
          : -1;
    } finally {
      stdout.mockRestore();
    }
    expect({ code: runCode, log: runCode === 0 ? '' : stderr.text }).toEqual({ code: 0, log: '' });
    expect(processesMentioning(work)).toEqual([]);

    const results = readResults(out);
    expect(results.suite.warehouses).toBe(WAREHOUSES);
    expect(results.cells).toHaveLength(2);
    // Each side prepared its own tables, and every repetition started from them as prepared: the
    // tables' checksum before each repetition, one and the same on both sides.
    const sums = results.cells.flatMap((cell) =>
      cell.repetitions.map((repetition) => repetition.dataChecksum),
    );
    expect(sums).toHaveLength(4);
    expect(sums[0]).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(sums)).toEqual(new Set([sums[0]]));
    for (const cell of results.cells) {
      expect(cell.repetitions).toHaveLength(2);
      for (const repetition of cell.repetitions) {
        const mix = pooledMix([repetition.report.mix]);
        if (mix === undefined) throw new Error(`${cell.side} repetition ${repetition.index} has no mix`);
        for (const type of TRANSACTION_TYPES) {
          expect({ type, off: Math.abs(mix.shares[type] - STANDARD_MIX[type]) <= MIX_TOLERANCE }).toEqual({
            type,
            off: true,
          });
        }
        expect(METRICS.notpm.value(repetition)).toBeGreaterThan(0);
      }
    }

    // The same server on both sides: no change called either way, the mix standard on both.
    expect(compareCode).toBe(0);
    const { verdict } = parseVerdict(
      readFileSync(join(dir, 'report', 'verdict.json'), 'utf8'),
      'verdict.json',
    );
    const judged = verdict.cells.filter((cell) => cell.metric === 'tps' || cell.metric === 'notpm');
    expect(judged.map((cell) => cell.metric).sort()).toEqual(['notpm', 'tps']);
    for (const cell of judged)
      expect(['unchanged', 'within-tolerance', 'inconclusive']).toContain(cell.verdict);
    expect(verdict.verdict).not.toBe('fail');
    expect(verdict.mix).toEqual([expect.objectContaining({ workload: 'tpcc', threads: 4, standard: true })]);
    expect(verdict.warnings.filter((warning) => /TPC-C-like/.test(warning))).toEqual([]);
    const comment = readFileSync(join(dir, 'report', 'comment.md'), 'utf8');
    expect(comment).toContain('Mix of TPC-C-like transactions');
    expect(comment).toContain('new orders/min (NOTPM)');
  }, 300_000);
});
