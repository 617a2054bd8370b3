// A server's hold on this machine's real cgroup hierarchies: frozen by the v2 and the v1
// freezer, or stopped by signals (which a daemon that left the process tree escapes, and its
// group's CPU time shows it); where no group can be made, signals and the tree's own CPU time; a
// cpuset that a sandboxed process inside it cannot widen or leave. The groups themselves (limits,
// removal, the sweep of a killed run's) are checked in cgroup.int.test.ts. Needs root.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { afterEach, describe, expect, it } from '@jest/globals';

import { CgroupSystem, type ControlGroup } from '../../src/shell/cgroup.js';
import { freezePreference } from '../../src/shell/cgroup-layout.js';
import { type FreezeMethod, FREEZER_ENV, ServerHold } from '../../src/shell/freezer.js';
import { procStat } from '../../src/shell/proc-stat.js';
import { processTree } from '../../src/shell/process-tree.js';
import { sandbox } from '../../src/shell/sandbox.js';
import { requireCommand } from '../helpers/requirements.js';

const root = process.getuid?.() === 0;
const systems = {
  'cgroup-v2': CgroupSystem.detect(undefined, freezePreference('cgroup-v2')),
  'cgroup-v1': CgroupSystem.detect(undefined, freezePreference('cgroup-v1')),
  signals: CgroupSystem.detect(),
} as const;
const canGroup =
  root &&
  systems['cgroup-v2'].layout.freeze !== undefined &&
  systems['cgroup-v1'].layout.freeze !== undefined;
const describeIf = canGroup ? describe : describe.skip;

/** A busy loop in the tree, and one that left it (double fork, new session): a daemon. */
const BUSY =
  '(setsid sh -c "while :; do :; done" </dev/null >/dev/null 2>&1 &); sh -c "while :; do :; done" & sleep 120';

const groups: ControlGroup[] = [];
const children: ChildProcess[] = [];

afterEach(async () => {
  Reflect.deleteProperty(process.env, FREEZER_ENV);
  for (const group of groups.splice(0)) await group.remove();
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

async function groupFor(method: FreezeMethod, label: string): Promise<ControlGroup> {
  const group = await systems[method].create(label);
  groups.push(group);
  return group;
}

function started(group: ControlGroup, file: string, args: string[]): number {
  const command = group.wrap({ file, args });
  const child = spawn(command.file, command.args, { stdio: 'ignore', detached: true });
  children.push(child);
  if (child.pid === undefined) throw new Error(`${file} did not start`);
  return child.pid;
}

async function cpuOver(hold: ServerHold, pid: number, ms: number): Promise<number> {
  const before = hold.cpuSeconds(pid) ?? NaN;
  await sleep(ms);
  return (hold.cpuSeconds(pid) ?? NaN) - before;
}

/**
 * How long the CPU time of `pid` (its group's, or its tree's) takes to advance by `seconds`, in
 * ms; Infinity past `withinMs`. A loop that runs gets there however busy the machine is (beside CI
 * and a benchmark, a loop got under a fifth of a CPU: 0.08 s over 0.5 s); a stopped one never does.
 */
async function msToUse(hold: ServerHold, pid: number, seconds: number, withinMs = 15_000): Promise<number> {
  const start = performance.now();
  const before = hold.cpuSeconds(pid) ?? NaN;
  while (performance.now() - start < withinMs) {
    if ((hold.cpuSeconds(pid) ?? NaN) - before >= seconds) return performance.now() - start;
    await sleep(20);
  }
  return Infinity;
}

describeIf('freezing a server', () => {
  it.each<FreezeMethod>(['cgroup-v2', 'cgroup-v1', 'signals'])(
    '%s: frozen while idle, its CPU time read from its group, thawed again',
    async (method) => {
      if (method === 'signals') process.env[FREEZER_ENV] = 'signals';
      const group = await groupFor(method, `test-${method}`);
      const hold = ServerHold.create({ freeze: true, count: true }, group);
      expect(hold.freezing).toBe(method);
      expect(hold.cpuSource).toBe('cgroup');
      const pid = started(group, '/bin/sh', ['-c', BUSY]);
      while ((hold.cpuSeconds(pid) ?? 0) < 0.2) await sleep(20);
      const frozeMs = performance.now();
      await hold.freeze(pid);
      const tookMs = performance.now() - frozeMs;
      // Frozen by a group, nothing in it runs; stopped by signals, the tree stands still and the
      // daemon that left it goes on, which the group counts: its CPU is what names it.
      const whileFrozen =
        method === 'signals' ? await msToUse(hold, pid, 0.1) : await cpuOver(hold, pid, 500);
      const states = processTree(pid).map((member) => procStat(member)?.state);
      await hold.thaw(pid);
      const thawedMs = await msToUse(hold, pid, 0.2);
      process.stdout.write(
        `${method}: froze in ${tookMs.toFixed(1)} ms; while frozen ${method === 'signals' ? `0.1 s of CPU in ${whileFrozen.toFixed(0)} ms` : `${whileFrozen.toFixed(3)} s of CPU over 0.5 s`}; thawed, 0.2 s of CPU in ${thawedMs.toFixed(0)} ms\n`,
      );
      if (method === 'signals') {
        expect(states).toEqual(['T', 'T', 'T']);
        expect(whileFrozen).toBeLessThan(Infinity);
      } else {
        expect(whileFrozen).toBeLessThan(0.005);
      }
      expect(thawedMs).toBeLessThan(Infinity);
      // Removing the group ends what is left in it, the daemon included.
      await group.remove();
      expect(children.every((child) => procStat(child.pid ?? 0)?.state !== 'R')).toBe(true);
    },
    30_000,
  );

  it('falls back to signals, read from the process tree, where no group can be made', async () => {
    const hold = ServerHold.create({ freeze: true, count: true }, undefined, 'no cgroup here');
    expect([hold.freezing, hold.cpuSource, hold.fallback]).toEqual([
      'signals',
      'processes',
      'no cgroup here',
    ]);
    const pid = spawn('/bin/sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' });
    children.push(pid);
    while ((hold.cpuSeconds(pid.pid) ?? 0) < 0.1) await sleep(20);
    await hold.freeze(pid.pid);
    const whileStopped = await cpuOver(hold, pid.pid ?? 0, 300);
    await hold.thaw(pid.pid);
    expect(whileStopped).toBeLessThan(0.005);
    expect(await msToUse(hold, pid.pid ?? 0, 0.1)).toBeLessThan(Infinity);
  });

  it('says a forced freezer the machine lacks, and a name it does not know', () => {
    process.env[FREEZER_ENV] = 'cgroup-v1';
    const v2Only = ServerHold.create({ freeze: true, count: false }, undefined, 'no cgroup here');
    expect(v2Only.fallback).toBe(`${FREEZER_ENV}=cgroup-v1: no cgroup here`);
    process.env[FREEZER_ENV] = 'freezer';
    expect(() => ServerHold.create({ freeze: true, count: false }, undefined)).toThrow(
      `${FREEZER_ENV}=freezer: expected cgroup-v2, cgroup-v1, signals, or unset for the best the machine has`,
    );
  });
});

const twoCpus =
  os.availableParallelism() >= 2 && ['python3', 'taskset', 'bwrap'].every((name) => requireCommand(name));
const describeCpuset =
  root && systems.signals.layout.cpuset !== undefined && twoCpus ? describe : describe.skip;

/** A process that widens its CPU mask to every CPU, then prints the mask it has. */
const WIDEN = [
  '-c',
  'import os; os.sched_setaffinity(0, range(os.cpu_count())); print(",".join(map(str, sorted(os.sched_getaffinity(0)))))',
];

function output(file: string, args: readonly string[]): string {
  return execFileSync(file, args, { encoding: 'utf8' }).trim();
}

describeCpuset('a cpuset', () => {
  it('holds a sandboxed process that widens its own mask, which cannot leave it either; taskset does not', async () => {
    const group = await groupFor('signals', 'cpuset-sandbox');
    const hold = ServerHold.create({ freeze: false, count: false, cpus: '1' }, group);
    expect(hold.cpuset).toMatchObject({ cpus: '1' });
    const cpuset = systems.signals.layout.cpuset;
    const parent = join(cpuset?.parent ?? '', 'cgroup.procs');
    const script = [
      '-c',
      `import os
os.sched_setaffinity(0, range(os.cpu_count()))
print(",".join(map(str, sorted(os.sched_getaffinity(0)))))
try:
    open(${JSON.stringify(parent)}, "w").write(str(os.getpid()))
    print("left")
except OSError as error:
    print(error.strerror)`,
    ];
    const held = group.wrap(sandbox({ writable: [] }).wrap('python3', script));
    // The sandbox shows no cgroup tree (or a read-only one): it cannot leave the group either.
    expect(output(held.file, held.args).split('\n')).toEqual([
      '1',
      expect.stringMatching(/^(Read-only file system|No such file or directory)$/),
    ]);
    // taskset is no boundary: the same process widens a mask it was only given.
    expect(output('taskset', ['-c', '1', 'python3', ...WIDEN])).toBe(
      [...Array(os.availableParallelism()).keys()].join(','),
    );
  });

  it('says why there is none without a group', () => {
    const hold = ServerHold.create({ freeze: false, count: false, cpus: '1' }, undefined, 'no cgroup here');
    expect(hold.cpuset).toEqual({ reason: 'no cgroup here' });
  });
});
