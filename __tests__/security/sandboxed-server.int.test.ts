// A server run sandboxed (--untrusted-side head) under callgrind beside the same server run as
// trusted code: it starts, is measured through its socket by a sandboxed sysbench, counted by
// callgrind through vgdb in its namespaces, shut down cleanly, and counts what the trusted side
// counts. The hostile tree (hostile-tree.int.test.ts) shows what the sandbox keeps out.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { readResults } from '../../src/results/results-file.js';
import { ROOT, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';
import { runSourceCli } from '../helpers/source-cli.js';

const SUITE = join(ROOT, '__fixtures__/suites/tiny-instructions.yml');
const describeIf = ['bwrap', 'mariadbd', 'sysbench', 'valgrind', 'nsenter'].every((name) =>
  requireCommand(name),
)
  ? describe
  : describe.skip;

describeIf('a sandboxed server under callgrind', () => {
  const tmp = useTempDir('sandboxed-server-');

  it('is measured as the trusted one is, and leaves nothing behind', async () => {
    const out = join(tmp.path, 'results.json');
    const work = join(tmp.path, 'work');
    const run = await runSourceCli([
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
    ]);
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
  }, 300_000);
});
