// A server's cgroups on this machine's real cgroup hierarchies: frozen by the v2 and the v1
// freezer, or stopped by signals (which a daemon that left the process tree escapes, and its
// group's CPU time shows it); a cpuset that a process inside it, sandboxed or not, cannot widen,
// where taskset can; and the groups of a killed run removed. Needs root (to make groups).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { afterEach, describe, expect, it } from '@jest/globals';

import { cgroupLayout } from '../../src/shell/cgroup-layout.js';
import { type FreezeMethod, joiningGroups, removeLeftGroups, ServerGroup } from '../../src/shell/freezer.js';
import { procStat } from '../../src/shell/proc-stat.js';
import { processTree } from '../../src/shell/process-tree.js';
import { sandbox } from '../../src/shell/sandbox.js';
import { requireCommand } from '../helpers/requirements.js';

const layout = cgroupLayout();
const root = process.getuid?.() === 0;
const canGroup = root && layout.unified !== undefined && layout.v1.freezer !== undefined;
const describeIf = canGroup ? describe : describe.skip;

/** A busy loop in the tree, and one that left it (double fork, new session): a daemon. */
const BUSY =
  '(setsid sh -c "while :; do :; done" </dev/null >/dev/null 2>&1 &); sh -c "while :; do :; done" & sleep 120';

const groups: ServerGroup[] = [];
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const group of groups.splice(0)) await group.remove();
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function started(group: ServerGroup, file: string, args: string[]): number {
  const command = joiningGroups(group.procsFiles, file, args);
  const child = spawn(command.file, command.args, { stdio: 'ignore', detached: true });
  children.push(child);
  if (child.pid === undefined) throw new Error(`${file} did not start`);
  return child.pid;
}

async function cpuOver(group: ServerGroup, pid: number, ms: number): Promise<number> {
  const before = group.cpuSeconds(pid) ?? NaN;
  await sleep(ms);
  return (group.cpuSeconds(pid) ?? NaN) - before;
}

describeIf('freezing a server', () => {
  it.each<FreezeMethod>(['cgroup-v2', 'cgroup-v1', 'signals'])(
    '%s: frozen while idle, its CPU time read from its group, thawed again',
    async (method) => {
      const group = ServerGroup.create({ name: `test-${method}`, freeze: true, count: true, force: method });
      groups.push(group);
      expect(group.freezing).toBe(method);
      expect(group.cpuSource).toBe('cgroup');
      const pid = started(group, '/bin/sh', ['-c', BUSY]);
      while ((group.cpuSeconds(pid) ?? 0) < 0.2) await sleep(20);
      const frozeMs = performance.now();
      expect(await group.freeze(pid)).toBe(true);
      const tookMs = performance.now() - frozeMs;
      const whileFrozen = await cpuOver(group, pid, 500);
      // Stopped by signals, the tree itself stands still; the daemon that left it does not.
      const states = processTree(pid).map((member) => procStat(member)?.state);
      await group.thaw(pid);
      const thawed = await cpuOver(group, pid, 500);
      process.stdout.write(
        `${method}: froze in ${tookMs.toFixed(1)} ms; CPU while frozen ${whileFrozen.toFixed(3)} s of 0.5 s, thawed ${thawed.toFixed(3)} s\n`,
      );
      if (method === 'signals') {
        // The group counts the daemon that left the tree: its CPU is what names it.
        expect(states).toEqual(['T', 'T', 'T']);
        expect(whileFrozen).toBeGreaterThan(0.1);
      } else {
        expect(whileFrozen).toBeLessThan(0.005);
      }
      expect(thawed).toBeGreaterThan(0.2);
      // Removing the group ends what is left in it, the daemon included.
      expect(await group.remove()).toEqual([]);
      groups.splice(groups.indexOf(group), 1);
      expect(group.procsFiles.every((file) => !existsSync(file))).toBe(true);
    },
    30_000,
  );

  it('falls back to signals, read from the process tree, where no group can be made', () => {
    const group = ServerGroup.create({ name: 'none', freeze: true, count: true }, { v1: {} });
    expect([group.freezing, group.cpuSource, group.fallback, group.procsFiles]).toEqual([
      'signals',
      'processes',
      'no cgroup freezer is mounted',
      [],
    ]);
  });

  it("removes a killed run's groups, thawed, and leaves a live run's", async () => {
    const dead = join(layout.v1.freezer ?? '', 'mysql-perf-gate-999999999-1-head');
    const live = ServerGroup.create({ name: 'live', freeze: true, count: true, force: 'cgroup-v1' });
    groups.push(live);
    mkdirSync(dead);
    execFileSync('/bin/sh', ['-c', `echo FROZEN > ${dead}/freezer.state`]);
    const events = await removeLeftGroups();
    // Other killed runs' groups on this machine may go with it.
    expect(events[0]?.kind).toBe('removed');
    expect(events[0]?.message).toMatch(/^removed the cgroups a killed run left: /);
    expect(events[0]?.message.split(': ')[1]?.split(', ')).toContain(dead);
    expect(events.filter((event) => event.kind === 'failed')).toEqual([]);
    expect(existsSync(dead)).toBe(false);
    expect(live.procsFiles.every((file) => existsSync(file))).toBe(true);
  });
});

const twoCpus =
  os.availableParallelism() >= 2 && ['python3', 'taskset', 'bwrap'].every((name) => requireCommand(name));
const describeCpuset = canGroup && layout.v1.cpuset !== undefined && twoCpus ? describe : describe.skip;

/** A process that widens its CPU mask to every CPU, then prints the mask it has. */
const WIDEN = [
  '-c',
  'import os; os.sched_setaffinity(0, range(os.cpu_count())); print(",".join(map(str, sorted(os.sched_getaffinity(0)))))',
];

function output(file: string, args: readonly string[]): string {
  return execFileSync(file, args, { encoding: 'utf8' }).trim();
}

describeCpuset('a cpuset', () => {
  it('holds a process that widens its own mask, where taskset does not', () => {
    const group = ServerGroup.create({ name: 'cpuset', freeze: false, count: false, cpus: '1' });
    groups.push(group);
    expect(group.cpuset).toMatchObject({ cpus: '1' });
    const held = joiningGroups(group.procsFiles, 'python3', WIDEN);
    expect(output(held.file, held.args)).toBe('1');
    // taskset is no boundary: the same process widens a mask it was only given.
    expect(output('taskset', ['-c', '1', 'python3', ...WIDEN])).toBe(
      [...Array(os.availableParallelism()).keys()].join(','),
    );
  });

  it('holds a sandboxed process, which cannot leave it either', () => {
    const group = ServerGroup.create({ name: 'cpuset-sandbox', freeze: false, count: false, cpus: '1' });
    groups.push(group);
    const parent = join(layout.v1.cpuset ?? '', 'cgroup.procs');
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
    const confined = sandbox({ writable: [] }).wrap('python3', script);
    const held = joiningGroups(group.procsFiles, confined.file, confined.args);
    expect(output(held.file, held.args).split('\n')).toEqual(['1', 'Read-only file system']);
  });
});

it('reads the layout of this machine', () => {
  // Whatever it finds, a group it names is a directory of a mounted hierarchy.
  for (const dir of [layout.unified, ...Object.values(layout.v1)]) {
    if (dir !== undefined) expect(readFileSync(join(dir, 'cgroup.procs'), 'utf8')).toBeDefined();
  }
});
