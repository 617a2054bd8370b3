// A server run sandboxed (--untrusted-side head) under callgrind beside the same server run as
// trusted code: it starts, is measured through its socket by a sandboxed sysbench, counted by
// callgrind through vgdb in its namespaces, shut down cleanly, and counts what the trusted side
// counts. The hostile tree (hostile-tree.int.test.ts) shows what the sandbox keeps out.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { describe, expect, it } from '@jest/globals';

import { readResults } from '../../src/results/results-file.js';
import { cgroupSystem } from '../../src/shell/cgroup.js';
import { parseMountinfo } from '../../src/shell/cgroup-layout.js';
import { ROOT, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';
import { runSourceCli } from '../helpers/source-cli.js';

const SUITE = join(ROOT, '__fixtures__/suites/tiny-instructions.yml');
const describeIf = ['bwrap', 'mariadbd', 'sysbench', 'valgrind', 'nsenter'].every((name) =>
  requireCommand(name),
)
  ? describe
  : describe.skip;

/** Where a cpuset keeps the head's server: as root, on a machine with one, with two CPUs to widen to. */
const cpusetChecked =
  process.getuid?.() === 0 &&
  cgroupSystem().layout.cpuset !== undefined &&
  ['python3', 'nsenter'].every((name) => requireCommand(name));

/** The processes of the head's sandboxed server, found by the cpuset group they are in. */
function headServerProcesses(): { pid: number; cpus: string; group: string }[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const group = /^\d+:cpuset:(\/(?:.*\/)?mysql-perf-gate\/\d+-\d+-server-head)$/m.exec(
          readFileSync(`/proc/${entry}/cgroup`, 'utf8'),
        )?.[1];
        const cpus = /^Cpus_allowed_list:\s*(\S+)$/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
        return group && cpus ? [{ pid: Number(entry), cpus, group }] : [];
      } catch {
        return [];
      }
    });
}

/** A process in the server's cpuset and sandbox widens its mask to every CPU and tries to leave. */
const WIDEN = `import os
os.sched_setaffinity(0, range(os.cpu_count()))
print(",".join(map(str, sorted(os.sched_getaffinity(0)))))
try:
    open("/sys/fs/cgroup/cpuset/cgroup.procs", "w").write(str(os.getpid()))
    print("left")
except OSError as error:
    print(error.strerror)`;

/** While the run goes: the head's server's processes, and what a process entered into them got. */
async function widenWhileRunning(done: () => boolean) {
  let seen: { pid: number; cpus: string; group: string }[] = [];
  let widened = '';
  const mount =
    parseMountinfo(readFileSync('/proc/self/mountinfo', 'utf8')).find((candidate) =>
      candidate.controllers.includes('cpuset'),
    )?.mountPoint ?? '/sys/fs/cgroup';
  while (widened === '' && !done()) {
    await sleep(500);
    seen = headServerProcesses();
    const deepest = seen.at(-1);
    if (deepest === undefined) continue;
    const enter = `echo $$ > ${mount}${deepest.group}/cgroup.procs && exec nsenter -t ${deepest.pid} -U -m -p --preserve-credentials python3 -c '${WIDEN}'`;
    try {
      widened = execFileSync('/bin/sh', ['-c', enter], { encoding: 'utf8' }).trim();
    } catch {
      // The server went away between the two: look again.
    }
  }
  return { seen, widened };
}

describeIf('a sandboxed server under callgrind', () => {
  const tmp = useTempDir('sandboxed-server-');

  it('is measured as the trusted one is, and leaves nothing behind', async () => {
    const out = join(tmp.path, 'results.json');
    const work = join(tmp.path, 'work');
    let finished = false;
    const running = runSourceCli([
      'run',
      '--base',
      '/usr/sbin/mariadbd',
      '--head',
      '/usr/sbin/mariadbd',
      '--untrusted-side',
      'head',
      '--suite',
      SUITE,
      '--out',
      out,
      '--work-dir',
      work,
    ]).finally(() => {
      finished = true;
    });
    const cpuset = cpusetChecked ? await widenWhileRunning(() => finished) : undefined;
    const run = await running;
    expect({ code: run.code, output: run.code === 0 ? '' : run.output }).toEqual({ code: 0, output: '' });
    expect(run.output).toContain('sandboxed (untrusted code): head');
    const results = readResults(out);
    for (const workload of ['oltp_point_select', 'oltp_write_only']) {
      const median = (side: string): number => {
        const cell = results.cells.find(
          (candidate) => candidate.workload === workload && candidate.side === side,
        );
        const counts = (cell?.repetitions ?? []).map(
          (repetition) => repetition.cost?.callgrind?.foreground ?? 0,
        );
        return counts.sort((a, b) => a - b)[Math.floor(counts.length / 2)] ?? 0;
      };
      process.stderr.write(
        `${workload}: foreground instructions, median head ${median('head')}, base ${median('base')}, ` +
          `head/base ${(median('head') / median('base')).toFixed(5)}\n`,
      );
      expect(median('head')).toBeGreaterThan(0);
      // The same binary: the counts agree within the suite's few hundred events' noise.
      expect(Math.abs(median('head') / median('base') - 1)).toBeLessThan(0.02);
    }
    // valgrind ran as pid 2 of the sandbox's PID namespace (bwrap's init is pid 1), and the server
    // shut down cleanly on the SIGTERM sent to it, not to bwrap.
    const log = readFileSync(join(tmp.path, 'results.raw', 'head-error.log'), 'utf8');
    expect(log).toMatch(/^==2== /m);
    expect(log).toContain('Shutdown complete');
    // The work directory is gone, and with it the sandbox's FIFOs and sockets.
    expect(existsSync(work) ? readdirSync(work) : []).toEqual([]);
    if (cpuset === undefined) return;
    // Both sides at once, each on its own CPU: the head's server and its sandbox's processes all
    // on the head's, and a process entered into them keeps it, whatever mask it asks for.
    const headCpus = results.parallelSides?.head ?? '';
    process.stderr.write(
      `cpuset: the head's server on CPU ${headCpus}; its processes' masks ${cpuset.seen.map((entry) => `${entry.pid}:${entry.cpus}`).join(' ')}; ` +
        `a process in its sandbox widened to all CPUs and got ${cpuset.widened.split('\n').join(', ')}\n`,
    );
    expect(run.output).toMatch(
      new RegExp(`head: its server is kept to CPU ${headCpus} by a cgroup v[12] cpuset`),
    );
    expect(cpuset.seen.length).toBeGreaterThan(0);
    expect(cpuset.seen.every((entry) => entry.cpus === headCpus)).toBe(true);
    // Its /sys has no cgroup tree (or a read-only one): it cannot leave the group either.
    expect(cpuset.widened.split('\n')).toEqual([
      headCpus,
      expect.stringMatching(/^(Read-only file system|No such file or directory)$/),
    ]);
  }, 300_000);
});
