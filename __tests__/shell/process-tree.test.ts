// A process tree as /proc shows it: its CPU ticks, its descendants, and stopping and continuing
// them all, on real processes (a shell with a busy loop and a sleeper below it).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

import { procStat } from '../../src/shell/proc-stat.js';
import {
  continueTree,
  processTree,
  statCpuTicks,
  stopTree,
  treeCpuSeconds,
} from '../../src/shell/process-tree.js';

describe('CPU ticks from /proc/<pid>/stat', () => {
  it('adds utime, stime, cutime and cstime, wherever the name has spaces or parentheses', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime …
    const stat = '4242 (my (odd) name) S 1 4242 4242 0 -1 4194560 100 0 0 0 150 25 7 3 20 0 1 0 999 0 0';
    expect(statCpuTicks(stat)).toBe(150 + 25 + 7 + 3);
    expect(statCpuTicks(readFileSync('/proc/self/stat', 'utf8'))).toBeGreaterThan(0);
  });

  it('takes nothing that is not a stat line', () => {
    expect(statCpuTicks('')).toBeUndefined();
    expect(statCpuTicks('4242 (x) S 1 2')).toBeUndefined();
  });
});

describe('a process tree', () => {
  let shell: ChildProcess | undefined;

  afterEach(() => {
    const pid = shell?.pid;
    if (pid !== undefined) {
      for (const member of processTree(pid).reverse()) {
        try {
          process.kill(member, 'SIGKILL');
        } catch {
          // Gone.
        }
      }
    }
    shell = undefined;
  });

  /** A shell with a busy loop and a sleeper below it; resolves once both run. */
  async function busyTree(): Promise<number> {
    shell = spawn('/bin/sh', ['-c', 'sh -c "while :; do :; done" & sleep 60 & wait'], { stdio: 'ignore' });
    const pid = shell.pid;
    if (pid === undefined) throw new Error('sh did not start');
    while (processTree(pid).length < 3) await sleep(10);
    return pid;
  }

  it('is found below its root, parents first', async () => {
    const root = await busyTree();
    const tree = processTree(root);
    expect(tree[0]).toBe(root);
    expect(tree).toHaveLength(3);
  });

  it('is stopped whole (its CPU time then stands still) and continued whole', async () => {
    const root = await busyTree();
    expect(await stopTree(root, 5_000)).toBe(true);
    expect(processTree(root).map((pid) => procStat(pid)?.state)).toEqual(['T', 'T', 'T']);
    const stopped = treeCpuSeconds(root);
    await sleep(300);
    expect(treeCpuSeconds(root)).toBe(stopped);
    continueTree(root);
    await sleep(300);
    expect(processTree(root).some((pid) => procStat(pid)?.state === 'R')).toBe(true);
    // The busy loop ran again: 300 ms of it at 100 ticks a second, whatever else the machine does.
    expect(treeCpuSeconds(root)).toBeGreaterThan(stopped);
  });
});
