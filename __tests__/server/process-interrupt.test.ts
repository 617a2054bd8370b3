// An interrupted run does not wait for a clean shutdown: ServerProcess with a stand-in server that
// ignores SIGTERM, as a busy (or stopped) server would for the whole grace period.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { ServerProcess } from '../../src/server/process.js';

let dir: string;
let logFd: number;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gate-process-'));
  logFd = openSync(path.join(dir, 'out.log'), 'a');
});

afterEach(() => {
  closeSync(logFd);
  rmSync(dir, { recursive: true, force: true });
});

/** A stand-in that ignores SIGTERM, once its handler is installed. */
async function stubbornServer(): Promise<ServerProcess> {
  const server = ServerProcess.spawn(
    process.execPath,
    ['-e', "process.on('SIGTERM', () => {}); process.stderr.write('ready\\n'); setInterval(() => {}, 1000)"],
    logFd,
  );
  await server.started;
  for (let i = 0; i < 100 && !readFileSync(path.join(dir, 'out.log'), 'utf8').includes('ready'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server;
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work;
  return { value, ms: Date.now() - started };
}

describe('stopping a server when the run is interrupted', () => {
  it('kill() sends SIGKILL at once', async () => {
    const server = await stubbornServer();
    const { value, ms } = await timed(server.kill());
    expect(value).toEqual({ code: null, signal: 'SIGKILL' });
    expect(ms).toBeLessThan(2_000);
    expect(await server.kill()).toEqual(value); // after exit: the same status, no signal
  });

  it('terminate() skips the grace period when the interrupt came first', async () => {
    const server = await stubbornServer();
    const { value, ms } = await timed(server.terminate(120_000, 30_000, AbortSignal.abort()));
    expect(value).toEqual({ code: null, signal: 'SIGKILL' });
    expect(ms).toBeLessThan(2_000);
  });

  it('terminate() cuts the grace period short when the interrupt comes during it', async () => {
    const server = await stubbornServer();
    const interrupt = new AbortController();
    setTimeout(() => {
      interrupt.abort();
    }, 300);
    const { value, ms } = await timed(server.terminate(120_000, 30_000, interrupt.signal));
    expect(value).toEqual({ code: null, signal: 'SIGKILL' });
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(2_000);
  });
});
