// The machine lock with the kernel's flock (util-linux's command), in a state directory of each
// test's own: two holders in this process (each opens the file anew, and flock(2) locks belong to
// open files, so they exclude each other as two processes would), and a holder of another process.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { InterruptedError, LockTimeoutError } from '../../src/errors.js';
import { CleanupScope } from '../../src/shell/cleanup.js';
import type { Logger } from '../../src/shell/logger.js';
import { acquireMachineLock, LOCK_FILE_NAME, type LockRequest } from '../../src/shell/machine-lock.js';
import { isRunning } from '../helpers/leftovers.js';
import { useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const maybe = requireCommand('flock') ? describe : describe.skip;
const temp = useTempDir('gate-lock-');
let lockPath: string;
const scopes: CleanupScope[] = [];
const children: ChildProcess[] = [];

beforeEach(() => {
  process.env.MYSQL_PERF_GATE_STATE_DIR = temp.path;
  lockPath = join(temp.path, LOCK_FILE_NAME);
});

afterEach(async () => {
  for (const scope of scopes.splice(0)) await scope.release();
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function recordingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger: Logger = {
    info: (message) => lines.push(message),
    warning: (message) => lines.push(`warning: ${message}`),
    error: (message) => lines.push(`error: ${message}`),
    debug: () => undefined,
    progress: (message) => lines.push(message),
    group: (_name, fn) => fn(),
  };
  return { logger, lines };
}

function newScope(): CleanupScope {
  const scope = new CleanupScope();
  scopes.push(scope);
  return scope;
}

function request(suite: string, timeoutMs: number | null): LockRequest {
  return { suite, timeoutMs, timeoutLabel: '--lock-timeout', remindEveryMs: 100 };
}

function recordedPid(): number | undefined {
  const text = readFileSync(lockPath, 'utf8');
  return text === '' ? undefined : (JSON.parse(text) as { pid: number }).pid;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** util-linux's flock holding the lock file in a process of its own, as a run that left no record. */
async function foreignHolder(): Promise<ChildProcess> {
  // --no-fork: the lock is held by the process we can kill, not by a child of it.
  const child = spawn('flock', ['--no-fork', lockPath, 'sh', '-c', 'echo locked; exec sleep 60'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  await until(() => out.includes('locked'), 'the foreign holder');
  return child;
}

maybe('the machine lock', () => {
  it('is taken at once when free, records its holder, and empties the record on release', async () => {
    const { logger, lines } = recordingLogger();
    const release = await acquireMachineLock(request('quick', 0), logger, newScope());
    expect(lines).toEqual([]);
    const record = JSON.parse(readFileSync(lockPath, 'utf8')) as Record<string, unknown>;
    expect(record).toMatchObject({ pid: process.pid, suite: 'quick' });
    expect(Date.parse(String(record.since))).toBeLessThanOrEqual(Date.now());
    await release();
    expect(readFileSync(lockPath, 'utf8')).toBe('');
    // Free again: the next one gets it without waiting.
    await acquireMachineLock(request('again', 0), logger, newScope());
    expect(recordedPid()).toBe(process.pid);
  });

  it('makes a second run wait, saying whom for and again while it waits, until the first releases it', async () => {
    const first = await acquireMachineLock(request('first', null), recordingLogger().logger, newScope());
    const { logger, lines } = recordingLogger();
    let acquired = false;
    const second = acquireMachineLock(request('second', null), logger, newScope()).then((release) => {
      acquired = true;
      return release;
    });
    await until(() => lines.some((line) => line.startsWith('still waiting')), 'a reminder');
    expect(acquired).toBe(false);
    expect(lines[0]).toMatch(
      new RegExp(
        `^waiting for the run of pid ${process.pid} \\(suite first, by .+ on .+, started \\d\\d:\\d\\d:\\d\\d UTC, 0s ago\\) to finish: one benchmark at a time on this machine \\(lock ${lockPath}\\)$`,
      ),
    );
    await first();
    await second;
    expect(lines.at(-1)).toMatch(/^the machine lock is ours after waiting \ds$/);
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ suite: 'second' });
  });

  it('gives up after the timeout with whom it waited for, leaving the holder its lock and record', async () => {
    await acquireMachineLock(request('first', null), recordingLogger().logger, newScope());
    const holder = readFileSync(lockPath, 'utf8');
    const started = Date.now();
    const error = await acquireMachineLock(
      request('second', 1000),
      recordingLogger().logger,
      newScope(),
    ).catch((thrown: unknown) => thrown);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(error).toBeInstanceOf(LockTimeoutError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^gave up waiting for the machine after 1s \\(--lock-timeout\\): the run of pid ${process.pid} \\(suite first, .*started \\d\\d:\\d\\d:\\d\\d UTC, 1s ago\\) still holds its lock`,
      ),
    );
    expect(readFileSync(lockPath, 'utf8')).toBe(holder);
    // Still held: a third run is refused too.
    await expect(
      acquireMachineLock(request('third', 0), recordingLogger().logger, newScope()),
    ).rejects.toThrow(/does not wait: the run of pid/);
  });

  it('stops waiting at once when the run is interrupted', async () => {
    await acquireMachineLock(request('first', null), recordingLogger().logger, newScope());
    const { logger, lines } = recordingLogger();
    const scope = newScope();
    const waiting = acquireMachineLock(request('second', null), logger, scope);
    await until(() => lines.length > 0, 'the waiting line');
    const interrupted = Date.now();
    scope.interrupt('SIGTERM');
    await expect(waiting).rejects.toBeInstanceOf(InterruptedError);
    expect(Date.now() - interrupted).toBeLessThan(1000);
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ suite: 'first' });
  });

  it('names a holder whose record appears a moment after it took the lock (a run just starting)', async () => {
    const holder = await foreignHolder();
    const record = { pid: holder.pid, user: 'u', host: 'h', suite: 'late', command: 'c' };
    const writeRecordIn = (ms: number): void => {
      setTimeout(() => {
        writeFileSync(lockPath, JSON.stringify({ ...record, since: new Date().toISOString() }));
      }, ms);
    };
    // Waiting (up to 2 s here): the record written 800 ms after the lock was found taken.
    writeRecordIn(800);
    const waiting = recordingLogger();
    await expect(acquireMachineLock(request('mine', 2000), waiting.logger, newScope())).rejects.toThrow(
      LockTimeoutError,
    );
    expect(waiting.lines[0]).toContain(`waiting for the run of pid ${holder.pid} (suite late,`);
    // --lock-timeout 0 fails at once, but still looks for the record for a moment.
    writeFileSync(lockPath, '');
    writeRecordIn(150);
    const started = Date.now();
    await expect(
      acquireMachineLock(request('mine', 0), recordingLogger().logger, newScope()),
    ).rejects.toThrow(`does not wait: the run of pid ${holder.pid} (suite late,`);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('waits for a holder that left no record, and a dead pid in the record is no holder', async () => {
    // A record left by a killed run: its pid is gone.
    const dead = spawn('true');
    await new Promise((resolve) => dead.on('close', resolve));
    expect(isRunning(dead.pid!)).toBe(false);
    writeFileSync(
      lockPath,
      JSON.stringify({
        pid: dead.pid,
        user: 'x',
        host: 'y',
        suite: 'gone',
        command: 'c',
        since: new Date().toISOString(),
      }),
    );
    const holder = await foreignHolder();
    await expect(
      acquireMachineLock(request('mine', 0), recordingLogger().logger, newScope()),
    ).rejects.toThrow(
      'the machine is busy and --lock-timeout 0 does not wait: a run that left no record of itself (it may be starting) holds its lock',
    );
    // SIGKILL of the holder frees the lock: the kernel closes its file.
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.on('close', resolve));
    const { logger, lines } = recordingLogger();
    await acquireMachineLock(request('mine', 0), logger, newScope());
    expect(lines).toEqual([]);
    expect(recordedPid()).toBe(process.pid);
  });
});
