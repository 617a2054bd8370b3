// The server lifecycle on a real MariaDB (Debian's /usr/sbin/mariadbd): create, start, facts,
// stop, destroy, and the ways it goes wrong. Each test checks that nothing is left behind.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { jest } from '@jest/globals';
import { createConnection } from 'mysql2/promise';

import { InterruptedError, ServerError } from '../../src/errors.js';
import {
  inspectServer,
  ManagedServer,
  type ServerInstall,
  type ServerSetup,
} from '../../src/server/server.js';
import { CleanupScope } from '../../src/shell/cleanup.js';
import { isRunning, processesMentioning } from '../helpers/leftovers.js';
import { findCommand, requireCommand } from '../helpers/requirements.js';

// jest.config.js sets testTimeout inside the integration project, where Jest ignores it.
jest.setTimeout(120_000);

const ready = requireCommand('mariadbd') && requireCommand('mariadb-install-db');
const maybe = ready ? describe : describe.skip;
const MARIADBD = findCommand('mariadbd') ?? '/usr/sbin/mariadbd';
const STRIPPED_REASON = `${MARIADBD} has no .comment section (stripped binaries such as Debian's mariadbd lose it), so its compiler is unknown`;

let tmp: string;
let scope: CleanupScope;
let install: ServerInstall;
let logLines: string[];

function setup(overrides: Partial<ServerSetup> = {}): ServerSetup {
  return {
    install,
    dir: path.join(tmp, 'head'),
    options: {},
    scope,
    startTimeoutMs: 60_000,
    log: (line) => logLines.push(line),
    ...overrides,
  };
}

/** Nothing but the error log (and the side directory holding it) remains, and no process. */
function expectNothingLeft(dir: string, socketPath?: string): void {
  expect(processesMentioning(tmp)).toEqual([]);
  expect(existsSync(path.join(dir, 'datadir'))).toBe(false);
  expect(existsSync(path.join(dir, 'mysqld.pid'))).toBe(false);
  expect(existsSync(path.join(dir, 'tmp'))).toBe(false);
  expect(existsSync(path.join(dir, 'my.cnf'))).toBe(false);
  if (socketPath !== undefined) expect(existsSync(socketPath)).toBe(false);
}

beforeAll(async () => {
  if (ready) install = await inspectServer(MARIADBD);
});

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'gate-server-'));
  scope = new CleanupScope();
  logLines = [];
});

afterEach(async () => {
  // Whatever a test did, its scope removes its servers, as a run's would.
  expect(await scope.release()).toEqual([]);
  expect(processesMentioning(tmp)).toEqual([]);
  rmSync(tmp, { recursive: true, force: true });
});

maybe('inspectServer', () => {
  it('reads flavor, version and compiler of the Debian binary', () => {
    expect(install).toMatchObject({
      binary: MARIADBD,
      basedir: path.dirname(path.dirname(MARIADBD)),
      flavor: 'mariadb',
      compiler: { known: false, reason: STRIPPED_REASON },
    });
    expect(install.versionLine).toContain(`Ver ${install.version}-MariaDB`);
  });

  it('finds the same server from its install prefix', async () => {
    const fromPrefix = await inspectServer(path.dirname(path.dirname(MARIADBD)));
    expect(fromPrefix).toEqual(install);
  });
});

maybe('ManagedServer', () => {
  it('creates, starts, reports facts, restarts, stops and destroys a server, leaving only its error log', async () => {
    const server = await ManagedServer.create(
      setup({ options: { performance_schema: 'ON', max_connections: '77' } }),
    );
    expect(existsSync(path.join(tmp, 'head', 'datadir', 'mysql'))).toBe(true);
    expect(server.pid).toBeUndefined();

    await server.start();
    const pid = server.pid ?? -1;
    expect(isRunning(pid)).toBe(true);
    const { connection } = server;
    expect(connection).toMatchObject({
      host: '127.0.0.1',
      user: 'root',
      database: 'sbtest',
      workload: { user: 'sbtest', passwordFile: path.join(tmp, 'head', 'sysbench.cfg') },
    });
    // Each account has a password of its own, made for this server (accounts.ts).
    expect(connection.password).toMatch(/^[\w-]{32}$/);
    expect(connection.workload.password).toMatch(/^[\w-]{32}$/);
    expect(connection.workload.password).not.toBe(connection.password);
    expect(connection.socketPath).toBe(path.join(tmp, 'head', 'mysqld.sock'));
    await server.assertAlive();

    const facts = await server.facts();
    expect(facts).toMatchObject({
      binary: MARIADBD,
      flavor: 'mariadb',
      version: install.version,
      versionLine: install.versionLine,
      compiler: { known: false, reason: STRIPPED_REASON },
      options: { performance_schema: 'ON', max_connections: '77' },
    });
    expect(facts.versionFunction.startsWith(`${install.version}-MariaDB`)).toBe(true);
    expect(facts.compileMachine).not.toBe('');
    expect(facts.variables.performance_schema).toBe('ON');
    expect(facts.variables.max_connections).toBe('77');
    expect(facts.variables.port).toBe(String(connection.port));
    expect(facts.variables.bind_address).toBe('127.0.0.1');
    // Its status counters, names only: counters of work, no gauges.
    expect(facts.statusCounters).toEqual(
      expect.arrayContaining(['Com_select', 'Handler_read_key', 'Innodb_data_fsyncs']),
    );
    expect(facts.statusCounters).not.toContain('Threads_connected');
    expect(facts.statusCounters).not.toContain('Uptime');
    // Its own tmpdir: a starting server deletes every #sql* file in its tmpdir.
    expect(facts.variables.tmpdir).toBe(path.join(tmp, 'head', 'tmp'));

    // sysbench connects over TCP as well as the socket, into the sbtest database, as the workload's account.
    const tcp = await createConnection({
      host: connection.host,
      port: connection.port,
      user: connection.workload.user,
      password: connection.workload.password,
      database: connection.database,
    });
    const [rows] = await tcp.query('SELECT DATABASE() AS db');
    expect(rows).toEqual([{ db: 'sbtest' }]);
    await tcp.end();

    // The run restarts a server between phases: stop, then start again on the same datadir.
    await server.stop();
    await server.stop();
    expect(isRunning(pid)).toBe(false);
    await expect(server.assertAlive()).rejects.toThrow('was stopped');
    await server.start();
    expect(server.pid).not.toBe(pid);
    await server.assertAlive();

    const restartedPid = server.pid ?? -1;
    await server.destroy();
    await server.destroy();
    expect(isRunning(restartedPid)).toBe(false);
    expect(server.pid).toBeUndefined();
    expectNothingLeft(path.join(tmp, 'head'), connection.socketPath);
    expect(readFileSync(server.errorLogPath, 'utf8')).toContain('ready for connections');
    await expect(server.start()).rejects.toThrow('was destroyed');
  });

  it('reports a server killed with SIGKILL, quoting its error log, through assertAlive and onUnexpectedExit', async () => {
    const server = await ManagedServer.create(setup());
    await server.start();
    const pid = server.pid ?? -1;
    const died = new Promise<ServerError>((resolve) => {
      server.onUnexpectedExit(resolve);
    });
    const unsubscribed = jest.fn();
    server.onUnexpectedExit(unsubscribed)();

    process.kill(pid, 'SIGKILL');
    const error = await died;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toContain(`server ${MARIADBD} (pid ${pid}) died: it was killed by SIGKILL`);
    expect(error.message).toContain(`last lines of its error log (${server.errorLogPath}):`);
    expect(error.message).toContain('ready for connections');
    expect(unsubscribed).not.toHaveBeenCalled();

    const alive = await server.assertAlive().catch((caught: unknown) => caught);
    expect(alive).toBeInstanceOf(ServerError);
    expect((alive as Error).message).toBe(error.message);
    await expect(server.facts()).rejects.toThrow('died: it was killed by SIGKILL');

    const { socketPath } = server.connection;
    await server.destroy();
    expectNothingLeft(path.join(tmp, 'head'), socketPath);
  });

  it.each([
    [
      'a bad value',
      { innodb_buffer_pool_size: 'foo' },
      "Unknown suffix 'f' used for variable 'innodb-buffer-pool-size'",
    ],
    ['an unknown option', { no_such_option_anywhere: '1' }, "unknown variable 'no_such_option_anywhere=1'"],
  ])('fails fast on %s, quoting the error log', async (_name, options, logged) => {
    const server = await ManagedServer.create(setup({ options }));
    const started = Date.now();
    const error = await server.start().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServerError);
    const message = (error as Error).message;
    expect(message).toMatch(new RegExp(`server ${MARIADBD} exited with status \\d+ while starting`));
    expect(message).toContain(`last lines of its error log (${server.errorLogPath}):`);
    expect(message).toContain(logged);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(server.pid).toBeUndefined();
    await server.destroy();
    expectNothingLeft(path.join(tmp, 'head'));
  });

  it('creates the datadir with the options fixed at creation (innodb_page_size), so the server starts with them', async () => {
    const server = await ManagedServer.create(setup({ options: { innodb_page_size: '8k' } }));
    expect(logLines.find((line) => line.startsWith('initializing '))).toContain(' --innodb_page_size=8k');
    await server.start();
    const facts = await server.facts();
    expect(facts.variables.innodb_page_size).toBe('8192');
    await server.destroy();
    expectNothingLeft(path.join(tmp, 'head'));
  });

  it('puts the socket in a short temp directory when the side directory is too deep, and removes it', async () => {
    const deep = path.join(tmp, 'a-rather-long-directory-name-'.repeat(4), 'head');
    mkdirSync(deep, { recursive: true });
    const server = await ManagedServer.create(setup({ dir: deep }));
    await server.start();
    const { socketPath } = server.connection;
    expect(socketPath.startsWith(os.tmpdir())).toBe(true);
    expect(socketPath.startsWith(deep)).toBe(false);
    expect(Buffer.byteLength(socketPath)).toBeLessThanOrEqual(107);
    await server.facts();
    await server.destroy();
    expect(existsSync(path.dirname(socketPath))).toBe(false);
    expectNothingLeft(deep);
  });

  it('stops and removes the server when the scope is released (a failed or interrupted run)', async () => {
    const server = await ManagedServer.create(setup());
    await server.start();
    const pid = server.pid ?? -1;
    const { socketPath } = server.connection;
    expect(await scope.release()).toEqual([]);
    expect(isRunning(pid)).toBe(false);
    expectNothingLeft(path.join(tmp, 'head'), socketPath);
    await server.destroy(); // still safe afterwards
  });

  it.each([
    ['just after the spawn (mariadbd loses an early SIGTERM)', 0],
    ['while it waits for the server', 50],
  ])('stops a server that is still starting when the run is interrupted %s', async (_when, delayMs) => {
    const interrupt = (): void => {
      scope.interrupt('SIGINT');
    };
    const server = await ManagedServer.create(
      setup({
        log: (line) => {
          if (!line.startsWith('started ')) return;
          if (delayMs === 0) interrupt();
          else setTimeout(interrupt, delayMs);
        },
      }),
    );
    const started = Date.now();
    await expect(server.start()).rejects.toBeInstanceOf(InterruptedError);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(server.pid).toBeUndefined();
    expect(await scope.release()).toEqual([]);
    expectNothingLeft(path.join(tmp, 'head'));
  });

  it('finishes the datadir bootstrap when interrupted during it, then removes everything', async () => {
    const creating = ManagedServer.create(
      setup({
        log: (line) => {
          if (line.startsWith('initializing ')) scope.interrupt('SIGINT');
        },
      }),
    );
    await expect(creating).rejects.toBeInstanceOf(InterruptedError);
    // The bootstrap (a script and its mariadbd --bootstrap) ran to its end: nothing is left.
    expect(processesMentioning(tmp)).toEqual([]);
    expectNothingLeft(path.join(tmp, 'head'));
  });

  it('refuses a datadir it did not create, and leaves it alone', async () => {
    const existing = path.join(tmp, 'head', 'datadir');
    mkdirSync(existing, { recursive: true });
    await expect(ManagedServer.create(setup())).rejects.toThrow(`${existing} already exists`);
    expect(existsSync(existing)).toBe(true);
  });

  it('refuses a managed option even if the caller did not merge options', async () => {
    await expect(ManagedServer.create(setup({ options: { datadir: '/var/lib/mysql' } }))).rejects.toThrow(
      'mysql-perf-gate sets datadir itself',
    );
    expect(existsSync(path.join(tmp, 'head'))).toBe(false);
  });
});
