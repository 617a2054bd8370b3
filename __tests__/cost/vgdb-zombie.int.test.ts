// A server that dies while vgdb talks to it. When the server was blocked in a system call, vgdb
// attaches with ptrace, and a tracee that dies stays a zombie until its tracer lets go: kill(pid,
// 0) still succeeds on it and its parent hears nothing. These tests make such a zombie for real
// (a child whose parent never collects it) and put a vgdb on PATH that, like a stuck one, ignores
// SIGTERM and never answers.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { CallgrindControl, callgrindPaths } from '../../src/cost/valgrind.js';
import { BenchmarkError } from '../../src/errors.js';
import { isRunning, procStat } from '../../src/shell/proc-stat.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { useTempDir } from '../helpers/real-run.js';

const temp = useTempDir('gate-zombie-');
const parents: ChildProcess[] = [];

afterEach(() => {
  // The parent's death hands its zombie to init, which collects it.
  for (const parent of parents.splice(0)) parent.kill('SIGKILL');
});

/** A running `sleep` whose parent never collects it: killed, it stays a zombie. */
async function uncollectedChild(): Promise<number> {
  // The shell starts the child, prints its pid, then becomes a `sleep` that never calls wait().
  // Until that exec the shell would collect a dead child itself, so wait for it.
  const parent = spawn('sh', ['-c', 'sleep 300 & echo $!; exec sleep 301'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  parents.push(parent);
  const line = await new Promise<string>((resolve) => {
    parent.stdout.once('data', (chunk: Buffer) => {
      resolve(String(chunk));
    });
  });
  await until(() => parentIsSleep(parent.pid), 'the parent runs sleep');
  return Number(line.trim());
}

function parentIsSleep(pid: number | undefined): boolean {
  try {
    return readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8') === 'sleep\u0000301\u0000';
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('isRunning', () => {
  it('tells a zombie from a running process, where signal 0 cannot', async () => {
    const pid = await uncollectedChild();
    expect(isRunning(pid)).toBe(true);
    expect(procStat(pid)?.state).toMatch(/^[RS]$/);
    process.kill(pid, 'SIGKILL');
    await until(() => procStat(pid)?.state === 'Z', 'the child is a zombie');
    expect(() => process.kill(pid, 0)).not.toThrow();
    expect(isRunning(pid)).toBe(false);
  });

  it('says no for a pid with no process, and yes for this one', () => {
    expect(isRunning(process.pid)).toBe(true);
    expect(procStat(process.pid)?.startTime).toMatch(/^\d+$/);
    expect(isRunning(2 ** 22 + 1)).toBe(false); // above Linux's largest pid
  });
});

describe('CallgrindControl with a vgdb that never answers', () => {
  it('gives up as soon as the process dies, and kills vgdb though it ignores SIGTERM', async () => {
    const marker = `stuck-vgdb-${process.pid}-${Date.now()}`;
    writeFileSync(join(temp.path, 'vgdb'), `#!/bin/bash\ntrap '' TERM\nexec -a ${marker} sleep 600\n`);
    chmodSync(join(temp.path, 'vgdb'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${temp.path}:${path ?? ''}`;
    try {
      const pid = await uncollectedChild();
      const control = new CallgrindControl(callgrindPaths(join(temp.path, 'callgrind')), pid);
      const started = Date.now();
      const counting = control.startCounting();
      await until(() => processesMentioning(marker).length === 1, 'vgdb runs');
      process.kill(pid, 'SIGKILL');
      await expect(counting).rejects.toThrow(BenchmarkError);
      await expect(counting).rejects.toThrow(/the process died meanwhile/);
      expect(Date.now() - started).toBeLessThan(10_000);
      await until(() => processesMentioning(marker).length === 0, 'vgdb is gone');
    } finally {
      process.env.PATH = path;
      for (const pid of processesMentioning(marker)) process.kill(pid, 'SIGKILL');
    }
  }, 30_000);
});
