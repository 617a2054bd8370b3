// Instruction suites hold InnoDB purge during warm-ups as during windows, so that purge only runs
// while nothing else does. Against a real throwaway MariaDB and real sysbench: a warm-up step
// goes through the probe's warm-up hook, and the instruction probe's hook really holds purge
// until it is released.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { type CostProbe, instructionProbe, type ProbedServer } from '../../src/run/cost-probe.js';
import { measureStep, type MeasuredSide } from '../../src/run/measure-step.js';
import { withConnection } from '../../src/server/connection.js';
import { inspectServer, ManagedServer, type ServerInstall } from '../../src/server/server.js';
import { CleanupScope } from '../../src/shell/cleanup.js';
import { Suite } from '../../src/suite/suite-schema.js';
import { prepareTables } from '../../src/sysbench/runner.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { findCommand, requireCommand } from '../helpers/requirements.js';

const ready =
  requireCommand('mariadbd') && requireCommand('mariadb-install-db') && requireCommand('sysbench');
const maybe = ready ? describe : describe.skip;
const TEST_TIMEOUT_MS = 120_000;

const suite = Suite.parse({
  name: 'warmup-purge',
  metric: 'instructions',
  threads: [1],
  repetitions: 2,
  warmupEvents: 50,
  tables: 1,
  tableSize: 1000,
  reportIntervalSeconds: 0,
  randSeed: 5,
  workloads: [{ name: 'oltp_write_only', events: 50 }],
});

let dir: string;
let scope: CleanupScope;
let server: ManagedServer;
let install: ServerInstall;
let probed: ProbedServer;

async function historyLength(): Promise<number> {
  return withConnection(server.connection, 'socket', async (client) => {
    const [rows] = await client.query("SHOW GLOBAL STATUS LIKE 'Innodb_history_list_length'");
    return Number((rows as { Value: string }[])[0]?.Value);
  });
}

async function purgedWithin(ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if ((await historyLength()) === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

maybe('purge during warm-ups (real MariaDB, real sysbench)', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(os.tmpdir(), 'gate-warmup-purge-'));
    scope = new CleanupScope();
    install = await inspectServer(findCommand('mariadbd') ?? 'mariadbd');
    server = await ManagedServer.create({
      install,
      dir: join(dir, 'server'),
      options: { innodb_buffer_pool_size: '64M' },
      scope,
    });
    await server.start();
    probed = { pid: server.pid, connection: server.connection, flavor: install.flavor };
    await prepareTables({ kind: 'socket', ...server.connection }, suite);
  }, TEST_TIMEOUT_MS);

  afterAll(async () => {
    await scope.release();
    rmSync(dir, { recursive: true, force: true });
    expect(processesMentioning(dir)).toEqual([]);
  }, 60_000);

  it(
    "the instruction probe's warm-up hook holds purge until released, after purge caught up",
    async () => {
      const probe = instructionProbe({
        paths: { dir, vgdbPrefix: join(dir, 'vgdb'), outFile: join(dir, 'out.%p') },
        rawDir: dir,
        relativeDir: 'raw',
        log: () => undefined,
      });
      const release = await probe.warmup?.(probed, scope.signal);
      if (!release) throw new Error('the instruction probe has no warm-up hook');
      await withConnection(server.connection, 'socket', async (client) => {
        await client.query('DELETE FROM sbtest.sbtest1 WHERE id <= 200');
      });
      expect(await historyLength()).toBeGreaterThan(0);
      expect(await purgedWithin(2000)).toBe(false);
      await release();
      expect(await purgedWithin(30_000)).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'runs a warm-up between the hook and its release, and a repetition between begin and end',
    async () => {
      const calls: string[] = [];
      const probe: CostProbe = {
        begin: () => {
          calls.push('begin');
          return Promise.resolve();
        },
        end: () => {
          calls.push('end');
          return Promise.resolve({ cost: {} });
        },
        abort: () => Promise.resolve(),
        prepare: () => {
          calls.push('prepare');
          return Promise.resolve();
        },
        release: () => {
          calls.push('release');
          return Promise.resolve();
        },
        warmup: () => {
          calls.push('warm-up hook');
          return Promise.resolve(() => {
            calls.push('warm-up release');
            return Promise.resolve();
          });
        },
      };
      const side: MeasuredSide = { name: 'base', install, server, probe };
      const raw = join(dir, 'steps');
      const warm = await measureStep(
        { kind: 'warmup', side: 'base', workload: 'oltp_write_only', threads: 1 },
        side,
        suite,
        raw,
        scope,
      );
      expect(warm.report.transactions).toBe(50);
      expect(calls).toEqual(['warm-up hook', 'warm-up release']);
      const measured = await measureStep(
        { kind: 'measure', side: 'base', workload: 'oltp_write_only', threads: 1, repetition: 1 },
        side,
        suite,
        raw,
        scope,
      );
      expect(measured.report.transactions).toBe(50);
      expect(calls).toEqual(['warm-up hook', 'warm-up release', 'prepare', 'begin', 'end', 'release']);
      // The window's work, from SHOW GLOBAL STATUS around it: exactly the 50 transactions' two
      // UPDATEs each, nothing of the snapshots themselves, and none of the warm-up's.
      expect(warm.work).toBeUndefined();
      expect(measured.work?.Com_update).toBe(100);
      expect(measured.work?.Com_show_status).toBeUndefined();
    },
    TEST_TIMEOUT_MS,
  );
});
