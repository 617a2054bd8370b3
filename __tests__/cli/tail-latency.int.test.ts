// A slower tail, end to end: a copy of the real mariadbd that stalls 1 ms in every 50 ms
// (__fixtures__/slow-server/slow-recv.c, linked in with patchelf), against the plain binary, both
// under a fixed rate of point selects. Throughput and the median hold; the 99th percentile of every
// event grows; the latency gate (--gate tps,p99Ms) fails the verdict on it.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import { captureStderr, ROOT, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const ready =
  requireCommand('mariadbd') &&
  requireCommand('sysbench') &&
  requireCommand('gcc') &&
  requireCommand('patchelf');
const maybe = ready ? describe : describe.skip;
const MARIADBD = '/usr/sbin/mariadbd';
const TIMEOUT_MS = 300_000;

// A fixed arrival rate well below what the machine serves (even while other tests run), so both
// sides do the same work per second and a stall shows as waiting, not as lost throughput.
const SUITE = `
name: tail
description: Point selects at a fixed 5,000 per second over 8 threads.
connection: socket
threads: [8]
durationSeconds: 3
warmupSeconds: 1
repetitions: 5
tables: 1
tableSize: 1000
reportIntervalSeconds: 1
serverOptions:
  innodb_buffer_pool_size: 64M
workloads:
  - name: oltp_point_select
    options:
      rate: 5000
`;

const temp = useTempDir('gate-tail-');
const stderr = captureStderr();

/** A copy of mariadbd that loads the stall library; the original is untouched. */
function stallingCopy(dir: string): string {
  const library = join(dir, 'libslow.so');
  execFileSync('gcc', [
    '-O2',
    '-shared',
    '-fPIC',
    '-o',
    library,
    join(ROOT, '__fixtures__/slow-server/slow-recv.c'),
    '-ldl',
  ]);
  const copy = join(dir, 'mariadbd');
  copyFileSync(MARIADBD, copy);
  execFileSync('patchelf', ['--add-needed', library, copy]);
  return copy;
}

function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

maybe('a head that stalls 1 ms in every 50 ms (real MariaDB, real sysbench)', () => {
  const saved = { ...process.env };
  afterAll(() => {
    process.env = saved;
  });

  it(
    'is a p99 regression on the latency gate and not a throughput regression',
    async () => {
      const head = stallingCopy(temp.path);
      const suite = join(temp.path, 'tail.yml');
      writeFileSync(suite, SUITE);
      const results = join(temp.path, 'tail.json');
      // The servers inherit the environment; only the copy has the library that reads it.
      process.env.STALL_PERIOD_NS = '50000000';
      process.env.SPIN_NS = '1000000';
      const ran = await cli('run', '--base', MARIADBD, '--head', head, '--suite', suite, '--out', results);
      expect({ ran, log: ran === 0 ? '' : stderr.text }).toEqual({ ran: 0, log: '' });
      const report = join(temp.path, 'report');
      const compared = await cli('compare', results, '--out', report, '--gate', 'tps,p99Ms');
      const verdict = Verdict.parse(JSON.parse(readFileSync(join(report, 'verdict.json'), 'utf8')));
      const verdictOf = (metric: string) => verdict.cells.find((cell) => cell.metric === metric)?.verdict;
      const latency = verdict.latency[0];
      expect({
        compared,
        tps: verdictOf('tps'),
        p99: verdictOf('p99Ms'),
        tailMoved: latency?.tailMoved,
        medianHeld: (latency?.head.p50 ?? 0) / (latency?.base.p50 ?? 1) < 1.2,
        tailGrew: (latency?.head.p99 ?? 0) / (latency?.base.p99 ?? 1) > 1.5,
      }).toEqual({
        compared: 1,
        tps: 'unchanged',
        p99: 'regression',
        tailMoved: true,
        medianHeld: true,
        tailGrew: true,
      });
    },
    TIMEOUT_MS,
  );
});
