// ServerProcess with stand-in servers: small Node programs that behave like a server would.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { ServerError } from '../../src/errors.js';
import { ServerProcess } from '../../src/server/process.js';
import { isRunning } from '../helpers/leftovers.js';

let dir: string;
let logFd: number;
const logPath = (): string => path.join(dir, 'out.log');

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gate-process-'));
  logFd = openSync(logPath(), 'a');
});

afterEach(() => {
  closeSync(logFd);
  rmSync(dir, { recursive: true, force: true });
});

function spawnNode(program: string): ServerProcess {
  return ServerProcess.spawn(process.execPath, ['-e', program], logFd);
}

describe('ServerProcess', () => {
  it('stops a process with SIGTERM and forgets its pid', async () => {
    const server = spawnNode('setInterval(() => {}, 1000)');
    await server.started;
    const pid = server.pid;
    expect(pid).toBeGreaterThan(0);
    expect(await server.terminate(10_000)).toEqual({ code: null, signal: 'SIGTERM' });
    expect(server.pid).toBeUndefined();
    expect(isRunning(pid ?? -1)).toBe(false);
    server.signal('SIGKILL'); // after exit: a no-op, never a recycled pid
  });

  it('escalates to SIGKILL when SIGTERM is ignored', async () => {
    const server = spawnNode(
      "process.on('SIGTERM', () => {}); process.stderr.write('ready\\n'); setInterval(() => {}, 1000)",
    );
    await server.started;
    // Wait until the handler is installed, or SIGTERM would kill it before it could ignore it.
    for (let i = 0; i < 100 && !readFileSync(logPath(), 'utf8').includes('ready'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await server.terminate(300)).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('repeats SIGTERM, since a server may lose one sent early in its start', async () => {
    const server = spawnNode(
      "let seen = 0; process.on('SIGTERM', () => { if (++seen === 2) process.exit(0); }); " +
        "process.stderr.write('ready\\n'); setInterval(() => {}, 1000)",
    );
    await server.started;
    for (let i = 0; i < 100 && !readFileSync(logPath(), 'utf8').includes('ready'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await server.terminate(10_000)).toEqual({ code: 0, signal: null });
  });

  it('runs in its own process group, so a terminal Ctrl-C does not reach it', async () => {
    const server = spawnNode('setInterval(() => {}, 1000)');
    await server.started;
    const stat = readFileSync(`/proc/${server.pid ?? 0}/stat`, 'utf8');
    const processGroup = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    expect(processGroup).toBe(server.pid);
    await server.terminate(10_000);
  });

  it('sends what the process prints to the given file', async () => {
    const server = spawnNode("process.stderr.write('to stderr\\n'); process.stdout.write('to stdout\\n')");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(readFileSync(logPath(), 'utf8')).toContain('to stderr\n');
    expect(readFileSync(logPath(), 'utf8')).toContain('to stdout\n');
  });

  it('reports a binary that cannot be spawned', async () => {
    const server = ServerProcess.spawn(path.join(dir, 'no-such-mysqld'), [], logFd);
    await expect(server.started).rejects.toThrow(ServerError);
    await expect(server.started).rejects.toThrow('could not start');
    expect((await server.exited).spawnError?.message).toContain('ENOENT');
    expect(server.pid).toBeUndefined();
  });
});
