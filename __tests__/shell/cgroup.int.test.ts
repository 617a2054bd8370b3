// The control groups this machine really gives (cgroup v1 here, with the controller-less v2 at
// /sys/fs/cgroup/unified for freezing and CPU time; v2 alone under systemd): a group joined before
// its command starts, its process and memory limits reached and counted, freeze and thaw, CPU time,
// a cpuset its processes cannot widen, removal with whatever still runs, and the sweep of a group
// whose run is gone. Each part runs where the machine gives what it needs, and says when it does not.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import {
  CGROUP_CONTAINER,
  type CgroupCapability,
  CgroupSystem,
  evacuate,
  EVACUATED,
} from '../../src/shell/cgroup.js';
import type { ControlGroup } from '../../src/shell/cgroup-group.js';
import { layoutHierarchies } from '../../src/shell/cgroup-layout.js';
import { LimitedGroup } from '../../src/shell/limits.js';
import type { Logger } from '../../src/shell/logger.js';

const system = CgroupSystem.detect();
const has = (...capabilities: CgroupCapability[]): boolean => {
  const missing = system.missing(capabilities);
  if (missing.length > 0)
    process.stderr.write(`skipping cgroup tests that need ${missing.join(', ')}: not given here\n`);
  return missing.length === 0;
};
const itWith = (capabilities: CgroupCapability[]): typeof it => (has(...capabilities) ? it : it.skip);

const quiet: Logger = {
  info: () => undefined,
  warning: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  progress: () => undefined,
  group: (_name, fn) => fn(),
};

/** Runs `script` in `group` to its end: its status and output. */
function runIn(group: ControlGroup, script: string): { status: number | null; stdout: string } {
  const command = group.wrap({ file: 'sh', args: ['-c', script] });
  const run = spawnSync(command.file, command.args, { encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stdout: run.stdout };
}

const groups: ControlGroup[] = [];
afterAll(async () => {
  for (const group of groups) await group.remove();
});

async function make(label: string, limits = {}): Promise<ControlGroup> {
  const group = await system.create(label, limits);
  groups.push(group);
  return group;
}

describe('the control groups of this machine', () => {
  it('says which hierarchy gives what', () => {
    process.stderr.write(`cgroup layout here: ${JSON.stringify(system.layout)}\n`);
    expect(system.usable).toBe(layoutHierarchies(system.layout).length > 0);
  });

  itWith(['processes'])('joins the group before the command runs, in every hierarchy', async () => {
    const group = await make('join');
    const { stdout } = runIn(group, 'cat /proc/self/cgroup; echo pid $$');
    for (const file of group.procsFiles) expect(existsSync(file)).toBe(true);
    // Every hierarchy the group uses lists it for the command's own shell.
    const lines = stdout.split('\n');
    expect(lines.filter((line) => line.includes(group.name)).length).toBe(group.procsFiles.length);
  });

  itWith(['processes'])('refuses forks past the process limit and counts them', async () => {
    const group = await make('fork-bomb', { processes: 8 });
    const start = Date.now();
    // The shell stops at the first fork refused; the sleeps it started stay in the group.
    runIn(group, 'exec >/dev/null 2>&1; for i in $(seq 40); do sleep 30 & done; exit 0');
    const running = group.pids().length;
    const counts = group.limitCounts();
    process.stderr.write(
      `process limit 8: ${running} sleeps left running, ${counts.processes} fork(s) refused\n`,
    );
    expect(running).toBeGreaterThan(0);
    expect(running).toBeLessThanOrEqual(8);
    expect(counts.processes).toBeGreaterThan(0);
    expect(Date.now() - start).toBeLessThan(20_000);
  });

  itWith(['memory'])('kills a process past the memory limit and counts it', async () => {
    const group = await make('memory-hog', { memoryBytes: 64 * 2 ** 20 });
    // tail keeps everything it reads while it waits for a newline that /dev/zero never sends.
    const { status } = runIn(group, 'exec tail /dev/zero');
    const counts = group.limitCounts();
    process.stderr.write(
      `memory limit 64 MiB: tail /dev/zero ended with status ${status}, ${counts.memory} OOM kill(s)\n`,
    );
    expect(status).not.toBe(0);
    expect(counts.memory).toBeGreaterThanOrEqual(1);
  });

  it('names the limit reached in one line, with the flag that sets it', async () => {
    if (!has('processes')) return;
    const limited = await LimitedGroup.open(
      'limited',
      'the build of the head',
      {
        processes: 6,
        memoryBytes: 2 ** 30,
        labels: { processes: '--max-processes', memory: '--max-memory' },
      },
      quiet,
      system,
      50,
    );
    if (limited === undefined) throw new Error('no group made');
    const aborted = limited.signal();
    expect(limited.reached()).toBeUndefined();
    runIn(limited.group, 'exec >/dev/null 2>&1; for i in $(seq 20); do sleep 30 & done; exit 0');
    await sleep(200);
    const line = limited.reached();
    process.stderr.write(`${line ?? ''}\n`);
    expect(line).toMatch(
      /^the build of the head hit its process limit \(--max-processes 6\): \d+ forks? (was|were) refused at 6 processes and threads$/,
    );
    expect(aborted.aborted).toBe(true);
    await limited.close();
    expect(limited.group.pids()).toEqual([]);
  });

  itWith(['freeze', 'cpuUsage'])('freezes and thaws a busy process, and reads its CPU time', async () => {
    const group = await make('freeze');
    const command = group.wrap({ file: 'sh', args: ['-c', 'while :; do :; done'] });
    const child = spawn(command.file, command.args, { stdio: 'ignore' });
    try {
      // On a loaded machine the loop may get a small share of a CPU: wait for its time, up to 10 s.
      const cpuAbove = async (from: number, micros: number): Promise<number> => {
        const until = Date.now() + 10_000;
        let used = (group.cpuMicroseconds() ?? 0) - from;
        while (used <= micros && Date.now() < until) {
          await sleep(50);
          used = (group.cpuMicroseconds() ?? 0) - from;
        }
        return used;
      };
      const busy = await cpuAbove(0, 50_000);
      expect(busy).toBeGreaterThan(50_000);
      await group.freeze();
      expect(group.frozen).toBe(true);
      const frozenAt = group.cpuMicroseconds() ?? 0;
      await sleep(500);
      const whileFrozen = (group.cpuMicroseconds() ?? 0) - frozenAt;
      await group.thaw();
      expect(group.frozen).toBe(false);
      const afterThaw = await cpuAbove(frozenAt, 10_000);
      process.stderr.write(
        `freeze: ${busy} µs busy before, ${whileFrozen} µs over 500 ms frozen, ${afterThaw} µs after the thaw\n`,
      );
      expect(whileFrozen).toBeLessThan(5_000);
      // Running again.
      expect(afterThaw).toBeGreaterThan(10_000);
    } finally {
      child.kill('SIGKILL');
    }
  });

  itWith(['cpuset'])('keeps its processes on its CPUs, even when they ask for more', async () => {
    const group = await make('cpuset');
    group.setCpus('0');
    expect(group.cpus).toBe('0');
    const { stdout } = runIn(
      group,
      'taskset -p -c 0-63 $$ >/dev/null 2>&1; grep Cpus_allowed_list /proc/self/status',
    );
    expect(stdout.trim()).toBe('Cpus_allowed_list:\t0');
  });

  itWith(['processes'])('removes a group with whatever still runs in it', async () => {
    const group = await system.create('remove');
    const command = group.wrap({ file: 'sh', args: ['-c', 'sleep 60 & sleep 60 & wait'] });
    const child = spawn(command.file, command.args, { stdio: 'ignore', detached: true });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await sleep(200);
    expect(group.pids().length).toBe(3);
    await group.remove();
    for (const file of group.procsFiles) expect(existsSync(file)).toBe(false);
    await exited;
  });

  itWith(['processes'])('sweeps a group whose run is gone, and kills what it left there', async () => {
    // A group named for an owner that does not run: pid 999999999 never does.
    const name = '999999999-1-orphan';
    const sleeper = spawn('sleep', ['60'], { stdio: 'ignore', detached: true });
    const exit = new Promise<NodeJS.Signals | null>((resolve) =>
      sleeper.once('exit', (_code, signal) => {
        resolve(signal);
      }),
    );
    const dirs = layoutHierarchies(system.layout).map((place) => join(place.parent, CGROUP_CONTAINER, name));
    for (const dir of dirs) {
      mkdirSync(dir);
      for (const file of ['cpuset.cpus', 'cpuset.mems']) {
        const parent = join(dir, '..', file);
        if (existsSync(join(dir, file))) writeFileSync(join(dir, file), readFileSync(parent, 'utf8').trim());
      }
      writeFileSync(join(dir, 'cgroup.procs'), String(sleeper.pid));
    }
    const events = await system.sweepOrphans();
    const mine = events.filter((event) => event.message.includes(name));
    expect(mine.map((event) => event.kind)).toEqual(['removed']);
    expect(mine[0]?.message).toMatch(/^removed the control group 999999999-1-orphan /);
    for (const dir of dirs) expect(existsSync(dir)).toBe(false);
    expect(await exit).toBe('SIGKILL');
  });

  const v2 = Object.values(system.layout).find((place) => place.version === 'v2');
  (v2 ? it : it.skip)(
    "moves a delegated v2 group's processes into a leaf, so that it may hand out memory",
    async () => {
      const service = join(v2?.parent ?? '', `${CGROUP_CONTAINER}-service-${process.pid}`);
      mkdirSync(service);
      const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
      try {
        writeFileSync(join(service, 'cgroup.procs'), String(sleeper.pid));
        expect(evacuate(service)).toBe(true);
        expect(readFileSync(join(service, 'cgroup.procs'), 'utf8')).toBe('');
        expect(readFileSync(join(service, EVACUATED, 'cgroup.procs'), 'utf8').trim()).toBe(
          String(sleeper.pid),
        );
      } finally {
        sleeper.kill('SIGKILL');
        await new Promise((resolve) => sleeper.once('exit', resolve));
        await sleep(100);
        rmdirSync(join(service, EVACUATED));
        rmdirSync(service);
      }
    },
  );
});
