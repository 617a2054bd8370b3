// Servers that cannot act for a script (docs/security.md, "The servers' accounts"). A workload
// script from the measured tree (__fixtures__/source-trees/hostile-mariadb/accounts.lua) asks the
// server it is given to read a file of the runner's, write a file in a trusted directory, append to
// a trusted file through the general log, grant itself every privilege and shut down, and tries the
// administrator's account through the socket. Against a server started the old way (no
// secure_file_priv, root without a password: the control) every attempt succeeds; run by the tool
// with the base trusted and the head untrusted, every one fails on both sides, seen from outside.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { afterEach, describe, expect, it } from '@jest/globals';
import { type Connection, createConnection } from 'mysql2/promise';

import { inspectServer, ManagedServer } from '../../src/server/server.js';
import { CleanupScope } from '../../src/shell/cleanup.js';

import { isRunning } from '../helpers/leftovers.js';
import { ROOT, useTempDir } from '../helpers/real-run.js';
import { findCommand, requireCommand } from '../helpers/requirements.js';
import { runSourceCli } from '../helpers/source-cli.js';

const SCRIPT = join(ROOT, '__fixtures__/source-trees/hostile-mariadb/accounts.lua');
const ATTEMPTS = ['load-file', 'outfile', 'general-log', 'grant', 'admin-socket', 'shutdown'];
const SECRET = 'runner-registration-5d0c9e';
const APPENDED = '# the runner user\'s .bashrc\nexport PATH="$HOME/bin:$PATH"\n';
const MARIADBD = findCommand('mariadbd') ?? '/usr/sbin/mariadbd';

const needed = ['bwrap', 'mariadbd', 'mariadb-install-db', 'mariadb', 'sysbench'];
const describeIf = needed.every((name) => requireCommand(name)) ? describe : describe.skip;

/** The measured tree's script and what it aims at: the runner's file, a trusted directory and file. */
function plant(dir: string): { script: string; trusted: string; appended: string } {
  const tree = join(dir, 'tree');
  const trusted = join(dir, 'trusted');
  const home = join(dir, 'home');
  for (const made of [tree, trusted, home]) mkdirSync(made, { recursive: true });
  writeFileSync(join(home, '.credentials'), `{"token": "${SECRET}"}\n`);
  const appended = join(trusted, 'bashrc');
  writeFileSync(appended, APPENDED);
  const script = join(tree, 'accounts.lua');
  copyFileSync(SCRIPT, script);
  const client = findCommand('mariadb') ?? '/usr/bin/mariadb';
  writeFileSync(
    join(tree, 'accounts-targets.lua'),
    `return { secret = "${join(home, '.credentials')}", trusted = "${trusted}", appended = "${appended}", client = "${client}" }\n`,
  );
  return { script, trusted, appended };
}

/** "ATTEMPT name: outcome (error N)" lines → name → outcome. */
function attempts(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of text.matchAll(/^ATTEMPT (\S+): (succeeded|failed)(?: \(error \d+\))?$/gm))
    found[match[1] ?? ''] = match[2] ?? '';
  return found;
}

/** The error numbers the attempts got, for the table: "name" → "1227". */
function errors(text: string): Record<string, string> {
  return Object.fromEntries(
    [...text.matchAll(/^ATTEMPT (\S+): failed \(error (\d+)\)$/gm)].map((match) => [
      match[1] ?? '',
      match[2] ?? '',
    ]),
  );
}

/** Everything under `dir`, as one text. */
function textUnder(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => {
      try {
        return readFileSync(join(dir, name), 'utf8');
      } catch {
        return '';
      }
    })
    .join('\n');
}

/** The table the test prints: each attempt's outcome against each server. */
function table(columns: Record<string, Record<string, string>>): string {
  const names = Object.keys(columns);
  const rows = ATTEMPTS.map((attempt) =>
    [attempt.padEnd(13), ...names.map((name) => (columns[name]?.[attempt] ?? '-').padEnd(11))].join(' '),
  );
  return [['attempt'.padEnd(13), ...names.map((name) => name.padEnd(11))].join(' '), ...rows].join('\n');
}

/** A plain mariadbd as servers were started before: root without a password, no secure_file_priv. */
async function startPlainServer(dir: string): Promise<{ child: ChildProcess; socket: string }> {
  const datadir = join(dir, 'datadir');
  // As root, mariadbd runs only when told which user to be.
  const asUser = process.getuid?.() === 0 ? ['--user=root'] : [];
  const install = spawnSync(
    findCommand('mariadb-install-db') ?? 'mariadb-install-db',
    [
      '--no-defaults',
      `--datadir=${datadir}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      ...asUser,
    ],
    { encoding: 'utf8' },
  );
  if (install.status !== 0) throw new Error(`mariadb-install-db failed: ${install.stderr}`);
  const socket = join(dir, 'mysqld.sock');
  const child = spawn(
    MARIADBD,
    [
      '--no-defaults',
      ...asUser,
      `--datadir=${datadir}`,
      `--socket=${socket}`,
      '--skip-networking',
      `--pid-file=${join(dir, 'mysqld.pid')}`,
      `--log-error=${join(dir, 'error.log')}`,
      `--tmpdir=${dir}`,
      '--innodb-buffer-pool-size=64M',
    ],
    { stdio: 'ignore' },
  );
  for (let tries = 0; tries < 300; tries++) {
    const client = await createConnection({ socketPath: socket, user: 'root', password: '' }).catch(
      () => undefined,
    );
    if (client !== undefined) {
      await client.query('CREATE DATABASE sbtest');
      await client.end();
      return { child, socket };
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the plain server did not start: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
}

describeIf('a workload script from the measured tree, against the servers', () => {
  const tmp = useTempDir('accounts-');
  let plain: ChildProcess | undefined;
  afterEach(() => {
    if (plain?.pid !== undefined && isRunning(plain.pid)) plain.kill('SIGKILL');
    plain = undefined;
  });

  it('makes a server started the old way act for it (the control)', async () => {
    const { script, trusted, appended } = plant(tmp.path);
    const dir = join(tmp.path, 'control');
    mkdirSync(dir);
    const server = await startPlainServer(dir);
    plain = server.child;
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    const run = spawnSync(
      'sysbench',
      [
        script,
        '--db-driver=mysql',
        `--mysql-socket=${server.socket}`,
        '--mysql-user=root',
        '--mysql-db=sbtest',
        '--mysql-ignore-errors=all',
        'prepare',
      ],
      { encoding: 'utf8' },
    );
    const said = attempts(run.stdout);
    process.stderr.write(`against a server started the old way, as root:\n${table({ control: said })}\n`);
    expect(said).toEqual(Object.fromEntries(ATTEMPTS.map((attempt) => [attempt, 'succeeded'])));
    // From outside: the file read, the file written, the lines appended, the server gone.
    expect(run.stdout).toContain(SECRET);
    expect(readFileSync(join(trusted, 'outfile-control'), 'utf8')).toBe('written by control\n');
    const log = readFileSync(appended, 'utf8');
    expect(log.startsWith(APPENDED)).toBe(true);
    expect(log).toContain("SELECT 'appended by control'");
    expect(log).toContain("SELECT 'root from control'");
    await exited;
  }, 120_000);

  it('fails at every attempt on both sides of a run with an untrusted head', async () => {
    const { script, trusted, appended } = plant(tmp.path);
    const suite = join(tmp.path, 'suite.yml');
    writeFileSync(
      suite,
      [
        'name: accounts',
        'connection: socket',
        'threads: [1]',
        'durationSeconds: 1',
        'warmupSeconds: 1',
        'repetitions: 2',
        'serverOptions: { innodb_buffer_pool_size: 64M }',
        'workloads:',
        `  - { name: accounts, kind: sysbench-script, script: ${script}, resetData: none, options: { mysql-ignore-errors: all } }`,
        '',
      ].join('\n'),
    );
    const out = join(tmp.path, 'run', 'results.json');
    const run = await runSourceCli([
      'run',
      '--base',
      MARIADBD,
      '--head',
      MARIADBD,
      '--untrusted-side',
      'head',
      '--suite',
      suite,
      '--out',
      out,
      '--work-dir',
      join(tmp.path, 'w'),
    ]);
    // Both servers outlived the script's SHUTDOWN: the run measured them to the end.
    expect({ code: run.code, output: run.code === 0 ? '' : run.output }).toEqual({ code: 0, output: '' });
    const raw = join(tmp.path, 'run', 'results.raw');
    const output = (side: string): string => readFileSync(join(raw, `${side}-prepare.txt`), 'utf8');
    const said = { base: attempts(output('base')), head: attempts(output('head')) };
    const figures = { ...said, 'base error': errors(output('base')), 'head error': errors(output('head')) };
    process.stderr.write(`run by the tool, base trusted, head untrusted:\n${table(figures)}\n`);
    const failed = Object.fromEntries(ATTEMPTS.map((attempt) => [attempt, 'failed']));
    expect(said).toEqual({ base: failed, head: failed });
    // From outside: nothing written or appended in the trusted directory, nothing read.
    expect(readdirSync(trusted)).toEqual(['bashrc']);
    expect(readFileSync(appended, 'utf8')).toBe(APPENDED);
    expect(textUnder(join(tmp.path, 'run'))).not.toContain(SECRET);
    expect(existsSync(join(tmp.path, 'w')) ? readdirSync(join(tmp.path, 'w')) : []).toEqual([]);
  }, 300_000);
});

describeIf('the accounts of a server the tool starts', () => {
  const tmp = useTempDir('accounts-server-');

  /** The error number a login or statement gets, or 0 when it works. */
  async function errnoOf(work: () => Promise<unknown>): Promise<number> {
    try {
      await work();
      return 0;
    } catch (error) {
      return typeof (error as { errno?: unknown }).errno === 'number'
        ? (error as { errno: number }).errno
        : -1;
    }
  }

  it('lets the tool in by its password alone and the workload only into its database', async () => {
    const scope = new CleanupScope();
    const dir = join(tmp.path, 'head');
    const server = await ManagedServer.create({
      install: await inspectServer(MARIADBD),
      dir,
      options: { innodb_buffer_pool_size: '64M' },
      scope,
    });
    try {
      await server.start();
      const { connection } = server;
      // The passwords were in the init file only until the server had read it.
      expect(existsSync(join(dir, 'accounts.sql'))).toBe(false);
      expect(readFileSync(join(dir, 'my.cnf'), 'utf8')).not.toContain(connection.password);
      expect(statSync(join(dir, 'sysbench.cfg')).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(dir, 'sysbench.cfg'), 'utf8')).toBe(
        `mysql-password=${connection.workload.password}\n`,
      );
      const admin = { socketPath: connection.socketPath, user: 'root', password: connection.password };
      const rows = await withClient(admin, async (client) => ({
        accounts: (await client.query('SELECT CONCAT(User, "@", Host) AS a FROM mysql.user ORDER BY a'))[0],
        root: (await client.query("SHOW CREATE USER 'root'@'localhost'"))[0],
        grants: (await client.query("SHOW GRANTS FOR 'sbtest'@'localhost'"))[0],
        paths: (
          await client.query(
            'SELECT @@secure_file_priv AS files, @@general_log_file AS general, @@slow_query_log_file AS slow',
          )
        )[0],
      }));
      expect((rows.accounts as { a: string }[]).map((row) => row.a)).toEqual([
        'mariadb.sys@localhost',
        'root@localhost',
        'sbtest@127.0.0.1',
        'sbtest@localhost',
      ]);
      expect(JSON.stringify(rows.root)).not.toContain('unix_socket');
      const grants = (rows.grants as Record<string, string>[]).map((row) => Object.values(row)[0] ?? '');
      expect(grants).toHaveLength(2);
      expect(grants[0]).toMatch(
        /^GRANT USAGE ON \*\.\* TO `sbtest`@`localhost` IDENTIFIED BY PASSWORD '\*[0-9A-F]{40}'$/,
      );
      expect(grants[1]).toBe('GRANT ALL PRIVILEGES ON `sbtest`.* TO `sbtest`@`localhost`');
      expect(rows.paths).toEqual([
        { files: `${join(dir, 'files')}/`, general: join(dir, 'general.log'), slow: join(dir, 'slow.log') },
      ]);
      // No root without the password, on the socket (as the unix user root too) or over TCP; the
      // workload's account over TCP as well as the socket.
      const denied = 1045;
      expect(await errnoOf(() => withClient({ ...admin, password: '' }, () => Promise.resolve()))).toBe(
        denied,
      );
      const tcp = { host: '127.0.0.1', port: connection.port };
      expect(
        await errnoOf(() => withClient({ ...tcp, user: 'root', password: '' }, () => Promise.resolve())),
      ).toBe(denied);
      const workload = { ...tcp, user: 'sbtest', password: connection.workload.password, database: 'sbtest' };
      expect(
        await errnoOf(() => withClient(workload, (client) => client.query('CREATE TABLE t (id INT)'))),
      ).toBe(0);
      // A restart runs no init file: the same accounts let the tool in.
      await server.stop();
      await server.start();
      expect(readFileSync(join(dir, 'my.cnf'), 'utf8')).not.toContain('init_file');
      await server.facts();
    } finally {
      await server.destroy();
      await scope.release();
    }
  }, 120_000);
});

async function withClient<T>(
  options: Parameters<typeof createConnection>[0] & object,
  work: (client: Connection) => Promise<T>,
): Promise<T> {
  const client = await createConnection(options);
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
