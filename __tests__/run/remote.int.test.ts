// A server on "another machine" (run --host): here a MariaDB the test starts itself and reaches
// over TCP on loopback as a user with a password, as a server on a second host would be. The run
// must measure it without starting, stopping or reading any process of it, take the password from
// the environment and never put it on a command line or in a file it keeps, and leave the server
// as it found it (its sbtest database gone again); a database holding tables is not touched.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { readResults } from '../../src/results/results-file.js';
import { withConnection } from '../../src/server/connection.js';
import { REMOTE_PASSWORD_VARIABLE, REMOTE_USER_VARIABLE } from '../../src/server/remote.js';
import { inspectServer, ManagedServer } from '../../src/server/server.js';
import { CleanupScope } from '../../src/shell/cleanup.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { captureStderr } from '../helpers/real-run.js';
import { findCommand, requireCommand } from '../helpers/requirements.js';

const ready =
  requireCommand('mariadbd') && requireCommand('mariadb-install-db') && requireCommand('sysbench');
const maybe = ready ? describe : describe.skip;
const TIMEOUT_MS = 240_000;
const USER = 'bench';
const PASSWORD = 'pw-7f3a9c-not-on-any-command-line';

const stderr = captureStderr();

const SUITE = `
name: remote
threads: [1, 2]
durationSeconds: 1
repetitions: 2
reportIntervalSeconds: 1
tables: 1
tableSize: 200
variants:
  connection: [socket, tcp]
workloads:
  - name: oltp_point_select
  - name: oltp_insert
    resetData: re-prepare
`;

/** Every file under `dir`, read as text. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [readFileSync(path, 'utf8')];
  });
}

maybe('a server on another machine (run --host)', () => {
  let tmp: string;
  let scope: CleanupScope;
  let server: ManagedServer;
  const saved = { user: process.env[REMOTE_USER_VARIABLE], password: process.env[REMOTE_PASSWORD_VARIABLE] };

  beforeAll(async () => {
    tmp = mkdtempSync(join(os.tmpdir(), 'gate-remote-'));
    scope = new CleanupScope();
    const install = await inspectServer(findCommand('mariadbd') ?? '/usr/sbin/mariadbd');
    server = await ManagedServer.create({ install, dir: join(tmp, 'db2'), options: {}, scope });
    await server.start();
    await withConnection(server.connection, 'socket', async (connection) => {
      await connection.query('DROP DATABASE IF EXISTS sbtest');
      await connection.query(`CREATE USER '${USER}'@'127.0.0.1' IDENTIFIED BY '${PASSWORD}'`);
      await connection.query(`GRANT ALL ON sbtest.* TO '${USER}'@'127.0.0.1'`);
    });
  }, TIMEOUT_MS);

  afterAll(async () => {
    process.env[REMOTE_USER_VARIABLE] = saved.user;
    process.env[REMOTE_PASSWORD_VARIABLE] = saved.password;
    if (saved.user === undefined) delete process.env.MYSQL_PERF_GATE_USER;
    if (saved.password === undefined) delete process.env.MYSQL_PERF_GATE_PASSWORD;
    await server.destroy();
    expect(await scope.release()).toEqual([]);
    rmSync(tmp, { recursive: true, force: true });
  });

  const databases = (): Promise<string[]> =>
    withConnection(server.connection, 'socket', async (connection) => {
      const [rows] = await connection.query("SHOW DATABASES LIKE 'sbtest'");
      return (rows as Record<string, string>[]).map((row) => Object.values(row)[0] ?? '');
    });

  async function runAgainst(host: string, out: string): Promise<number> {
    const suite = join(tmp, 'remote.yml');
    writeFileSync(suite, SUITE);
    return main([
      'node',
      'mysql-perf-gate',
      'run',
      '--host',
      host,
      '--suite',
      suite,
      '--out',
      out,
      '--work-dir',
      join(tmp, 'work'),
    ]);
  }

  it(
    'measures it over TCP as the environment’s user, and leaves it as it was',
    async () => {
      process.env[REMOTE_USER_VARIABLE] = USER;
      process.env[REMOTE_PASSWORD_VARIABLE] = PASSWORD;
      const out = join(tmp, 'results.json');
      const code = await runAgainst(`127.0.0.1:${server.connection.port}`, out);
      expect({ code, log: code === 0 ? '' : stderr.text }).toEqual({ code: 0, log: '' });
      const results = readResults(out);
      // Reached over TCP only: the socket variant is left out, the suite's connection made TCP.
      expect(stderr.text).toContain(
        'variant connection=socket is left out: a server on another machine is reached over TCP only',
      );
      expect(results.suite.connection).toBe('tcp');
      // No server here to pin: the results say so rather than name a CPU it never ran on.
      expect(results.placement).toEqual({
        pinned: false,
        reason: `the server runs on another machine (127.0.0.1:${server.connection.port}): there is no server here to keep apart from sysbench`,
      });
      expect(stderr.text).not.toMatch(/the server (on|runs on) .*CPU/);
      expect(results.cells.map((cell) => `${cell.workload}@${cell.threads}`)).toEqual([
        'oltp_point_select@1',
        'oltp_point_select@2',
        'oltp_insert@1',
        'oltp_insert@2',
      ]);
      expect(results.sides.head.binary).toBe(`127.0.0.1:${server.connection.port} (another machine)`);
      expect(results.sides.head.versionFunction).toMatch(/MariaDB/);
      for (const cell of results.cells) {
        for (const repetition of cell.repetitions) {
          expect(repetition.report.transactions).toBeGreaterThan(0);
          // The work it did is counted; no process of it is read here.
          expect(repetition.work?.Com_select ?? repetition.work?.Com_insert).toBeGreaterThan(0);
          expect(repetition.cost?.cpu).toBeUndefined();
        }
      }
      // Its sbtest database was the run's: gone again. The server still runs.
      expect(await databases()).toEqual([]);
      await server.assertAlive();
      // The password is in no file the run kept, and the work directory is gone.
      for (const text of [readFileSync(out, 'utf8'), ...filesUnder(join(tmp, 'results.raw'))]) {
        expect(text).not.toContain(PASSWORD);
      }
      expect(processesMentioning(PASSWORD)).toEqual([]);
      expect(readdirSync(join(tmp, 'work'))).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'refuses without a user in the environment, and a database that holds tables',
    async () => {
      delete process.env.MYSQL_PERF_GATE_USER;
      expect(await runAgainst(`127.0.0.1:${server.connection.port}`, join(tmp, 'a.json'))).toBe(2);
      expect(stderr.text).toContain(`--host needs the server's user in ${REMOTE_USER_VARIABLE}`);

      process.env[REMOTE_USER_VARIABLE] = USER;
      await withConnection(server.connection, 'socket', async (connection) => {
        await connection.query('CREATE DATABASE sbtest');
        await connection.query('CREATE TABLE sbtest.keep (id INT PRIMARY KEY)');
      });
      expect(await runAgainst(`127.0.0.1:${server.connection.port}`, join(tmp, 'b.json'))).not.toBe(0);
      expect(stderr.text).toContain('holds 1 table(s)');
      // Someone else's table is still there.
      const kept = await withConnection(server.connection, 'socket', async (connection) => {
        const [rows] = await connection.query('SHOW TABLES FROM sbtest');
        return (rows as unknown[]).length;
      });
      expect(kept).toBe(1);
    },
    TIMEOUT_MS,
  );
});
