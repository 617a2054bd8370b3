// --pin on, end to end: the real mariadbd and the real sysbench run on the CPUs the placement
// names, read from the kernel (/proc/<pid>/status) while they run, and the results record it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { formatCpuList, parseCpuList } from '../../src/cpu-list.js';
import { readResults } from '../../src/results/results-file.js';
import { allowedCpus } from '../../src/shell/cpu-affinity.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { captureStderr, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const ready = requireCommand('mariadbd') && requireCommand('sysbench') && requireCommand('taskset');
const twoCpus = allowedCpus().length >= 2;
const maybe = ready && twoCpus ? describe : describe.skip;
const MARIADBD = '/usr/sbin/mariadbd';

const SUITE = `
name: pinned
description: One cell long enough to look at the processes.
connection: socket
threads: [1]
durationSeconds: 3
warmupSeconds: 1
repetitions: 2
tables: 1
tableSize: 1000
serverOptions:
  innodb_buffer_pool_size: 64M
workloads:
  - name: oltp_point_select
`;

const temp = useTempDir('gate-pin-');
const stderr = captureStderr();

/** The CPUs a running process may use, from the kernel. */
function affinityOf(pid: number): string | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const list = /^Cpus_allowed_list:\s*(\S+)$/m.exec(status)?.[1];
    return list === undefined ? undefined : formatCpuList(parseCpuList(list));
  } catch {
    return undefined; // gone meanwhile
  }
}

maybe('run --pin on (real MariaDB, real sysbench)', () => {
  it('runs the servers on the CPUs after the first and sysbench on the first, and records it', async () => {
    const suite = join(temp.path, 'pinned.yml');
    writeFileSync(suite, SUITE);
    const out = join(temp.path, 'pinned.json');
    const work = join(temp.path, 'work');
    const seen = { server: new Set<string>(), client: new Set<string>() };
    const watch = setInterval(() => {
      // After taskset has exec'd them: the command line starts with the program itself (the
      // bootstrap, run with --no-defaults, is not measured and not pinned).
      for (const pid of processesMentioning(`^${MARIADBD} --defaults-file=${work}`)) {
        const cpus = affinityOf(pid);
        if (cpus !== undefined) seen.server.add(cpus);
      }
      // This run's sysbench only (other tests may run theirs meanwhile): it names this socket.
      for (const pid of processesMentioning(`^sysbench oltp_point_select .*--mysql-socket=${work}.* run$`)) {
        const cpus = affinityOf(pid);
        if (cpus !== undefined) seen.client.add(cpus);
      }
    }, 100);
    let code: number;
    try {
      code = await main(
        ['node', 'mysql-perf-gate', 'run', '--base', MARIADBD, '--head', MARIADBD, '--suite', suite].concat([
          '--out',
          out,
          '--work-dir',
          work,
          '--pin',
          'on',
        ]),
      );
    } finally {
      clearInterval(watch);
    }
    expect({ code, log: code === 0 ? '' : stderr.text }).toEqual({ code: 0, log: '' });
    const cpus = allowedCpus();
    const client = formatCpuList(cpus.slice(0, Math.max(1, Math.floor(cpus.length / 4))));
    const server = formatCpuList(cpus.slice(Math.max(1, Math.floor(cpus.length / 4))));
    expect(readResults(out).placement).toEqual({ pinned: true, server, client });
    expect(stderr.text).toContain(
      `placement: the server on CPU ${server}, sysbench on CPU ${client} (--pin)`,
    );
    expect([...seen.server]).toEqual([server]);
    expect([...seen.client]).toEqual([client]);
    expect(processesMentioning(work)).toEqual([]);
  });
});
