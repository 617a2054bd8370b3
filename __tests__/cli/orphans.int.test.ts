// Servers a run leaves when it is killed, and how fast an interrupted run stops its own: the CLI
// as a real process (from the sources), real servers, each test with its own state directory.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { procProcesses } from '../../src/server/registry.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { describeWithServer, TINY_SUITE, useTempDir } from '../helpers/real-run.js';
import { ENTRIES, killProcessesMentioning, runEntry, serverRecords, writeMicroSuite } from './killed-run.js';

const maybe = describeWithServer();
const temp = useTempDir('gate-orphan-');

/** Running, not a zombie: an orphan's new parent (pid 1 or a subreaper) may be slow to reap it. */
const isRunning = (pid: number): boolean => procProcesses.startTime(pid) !== undefined;

/**
 * The one server recorded in `stateDir`, as a pid safe to signal: never 0 or negative, which
 * kill(2) takes for a whole process group or every process there is.
 */
function recordedServerPid(stateDir: string): number {
  const pids = serverRecords(stateDir).map((record) => record.server.pid);
  const [pid] = pids;
  if (pids.length !== 1 || pid === undefined || !Number.isInteger(pid) || pid <= 0) {
    throw new Error(`expected one recorded server in ${stateDir}, found pids [${pids.join(', ')}]`);
  }
  return pid;
}

afterEach(() => {
  // Whatever a failed test left running (a stopped server included).
  killProcessesMentioning(temp.path);
});

function runArgs(suite: string, out: string, work: string, ...extra: string[]): string[] {
  return [
    'run',
    '--server',
    '/usr/sbin/mariadbd',
    '--suite',
    suite,
    '--out',
    out,
    '--work-dir',
    work,
    ...extra,
  ];
}

maybe('a run killed with SIGKILL', () => {
  it('leaves its server running; the next run stops it, says so, and removes its work directory', async () => {
    const env = { ...process.env, MYSQL_PERF_GATE_STATE_DIR: join(temp.path, 'state') };
    const work = join(temp.path, 'killed-work');
    const killed = runEntry(ENTRIES.cli, runArgs(TINY_SUITE, join(temp.path, 'killed.json'), work), env);
    await killed.waitFor('ready on');
    killed.child.kill('SIGKILL');
    expect(await killed.exit).toBe('SIGKILL');

    const records = serverRecords(join(temp.path, 'state'));
    expect(records.map((record) => record.owner.pid)).toEqual([killed.child.pid]);
    const [{ server }] = records as [(typeof records)[number]];
    expect(isRunning(server.pid)).toBe(true); // orphaned: nobody will stop it but the next run

    const next = runEntry(
      ENTRIES.cli,
      runArgs(writeMicroSuite(temp.path), join(temp.path, 'next.json'), join(temp.path, 'next-work')),
      env,
    );
    const code = await next.exit;
    expect({ code, output: code === 0 ? '' : next.output() }).toEqual({ code: 0, output: '' });
    expect(next.output()).toContain(
      `warning: stopped an orphaned mariadbd (pid ${server.pid}, datadir ${server.datadir}) ` +
        `left by run pid ${killed.child.pid ?? '?'}, which is gone\n`,
    );
    expect(isRunning(server.pid)).toBe(false);
    expect(processesMentioning(work)).toEqual([]);
    expect(readdirSync(work)).toEqual([]);
    expect(serverRecords(join(temp.path, 'state'))).toEqual([]);
    expect(readdirSync(join(temp.path, 'state', 'work-dirs'))).toEqual([]);
  });
});

maybe('an interrupted run', () => {
  it('kills its server at once instead of waiting for a clean shutdown (SIGINT, a server that would never stop on SIGTERM)', async () => {
    const env = { ...process.env, MYSQL_PERF_GATE_STATE_DIR: join(temp.path, 'state') };
    const work = join(temp.path, 'work');
    const run = runEntry(ENTRIES.cli, runArgs(TINY_SUITE, join(temp.path, 'r.json'), work, '--verbose'), env);
    await run.waitFor('ready on');
    const pid = recordedServerPid(join(temp.path, 'state'));
    // A stopped process acts on no SIGTERM: a clean shutdown would now take the whole 120 s grace.
    process.kill(pid, 'SIGSTOP');
    const started = Date.now();
    run.child.kill('SIGINT');
    const code = await run.exit;
    const seconds = (Date.now() - started) / 1000;
    expect({ code, output: code === 130 ? '' : run.output() }).toEqual({ code: 130, output: '' });
    expect(seconds).toBeLessThan(10);
    expect(run.output()).toContain(
      `debug: head: killing server pid ${pid} (SIGKILL): the run was interrupted\n`,
    );
    expect(isRunning(pid)).toBe(false);
    expect(processesMentioning(work)).toEqual([]);
    expect(readdirSync(work)).toEqual([]);
    expect(serverRecords(join(temp.path, 'state'))).toEqual([]);
  });
});

maybe('a run whose reader goes away (`run … | head`)', () => {
  it('is interrupted as by SIGPIPE: its server stopped and its work directory removed, not left running', async () => {
    const env = { ...process.env, MYSQL_PERF_GATE_STATE_DIR: join(temp.path, 'state') };
    const work = join(temp.path, 'work');
    const run = runEntry(ENTRIES.cli, runArgs(TINY_SUITE, join(temp.path, 'r.json'), work, '--verbose'), env);
    await run.waitFor('ready on');
    const pid = recordedServerPid(join(temp.path, 'state'));
    // Our ends of its stdout and stderr: its next line meets EPIPE, as under a `head` that has quit.
    run.child.stdout?.destroy();
    run.child.stderr?.destroy();
    expect(await run.exit).toBe(141);
    expect(isRunning(pid)).toBe(false);
    expect(processesMentioning(work)).toEqual([]);
    expect(readdirSync(work)).toEqual([]);
    expect(serverRecords(join(temp.path, 'state'))).toEqual([]);
  });
});
