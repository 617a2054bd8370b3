// Server-option variants through the CLI's main() against a real MariaDB and real sysbench: every
// cell measured once per variant, the server restarted under each, what it then reported for the
// variant's options kept in the results; one variant judged against another; a flag that sets a
// varied option refused.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import { readResults } from '../../src/results/results-file.js';
import { cellName } from '../../src/suite/suite-schema.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { captureStderr, useTempDir } from '../helpers/real-run.js';
import { findCommand, requireCommand } from '../helpers/requirements.js';

const ready = requireCommand('mariadbd') && requireCommand('sysbench');
const maybe = ready ? describe : describe.skip;
const TIMEOUT_MS = 240_000;

const temp = useTempDir('gate-variants-');
const stderr = captureStderr();

const SUITE = `
name: variants
threads: [2]
durationSeconds: 1
repetitions: 2
reportIntervalSeconds: 0
tables: 1
tableSize: 100
serverOptions:
  innodb_buffer_pool_size: 64M
variants:
  threading:
    threads: {thread_handling: one-thread-per-connection}
    pool: {options: {thread_handling: pool-of-threads}, flavors: [mariadb, percona]}
  innodb_adaptive_hash_index: ['OFF', 'ON']
  # MariaDB 10.6 removed it, and keeps the option as a no-op: these variants are left out.
  innodb_thread_concurrency: [0, 8]
workloads:
  - name: oltp_point_select
`;

async function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

maybe('server-option variants (real MariaDB, real sysbench)', () => {
  it(
    'measures every cell under every variant, each taking effect, and judges one variant against another',
    async () => {
      const suite = join(temp.path, 'variants.yml');
      writeFileSync(suite, SUITE);
      const out = join(temp.path, 'results.json');
      const work = join(temp.path, 'work');
      const server = findCommand('mariadbd') ?? 'mariadbd';
      const code = await cli('run', '--server', server, '--suite', suite, '--out', out, '--work-dir', work);
      expect({ code, log: code === 0 ? '' : stderr.text }).toEqual({ code: 0, log: '' });
      expect(processesMentioning(work)).toEqual([]);

      const results = readResults(out);
      expect(results.cells.map(cellName)).toEqual([
        'oltp_point_select@2[threading=threads,innodb_adaptive_hash_index=OFF]',
        'oltp_point_select@2[threading=threads,innodb_adaptive_hash_index=ON]',
        'oltp_point_select@2[threading=pool,innodb_adaptive_hash_index=OFF]',
        'oltp_point_select@2[threading=pool,innodb_adaptive_hash_index=ON]',
      ]);
      for (const cell of results.cells) expect(cell.repetitions).toHaveLength(2);
      // What the server said once restarted under each: the variant really took effect.
      expect(results.sides.head.variants).toEqual({
        'threading=threads,innodb_adaptive_hash_index=OFF': {
          thread_handling: 'one-thread-per-connection',
          innodb_adaptive_hash_index: 'OFF',
        },
        'threading=threads,innodb_adaptive_hash_index=ON': {
          thread_handling: 'one-thread-per-connection',
          innodb_adaptive_hash_index: 'ON',
        },
        'threading=pool,innodb_adaptive_hash_index=OFF': {
          thread_handling: 'pool-of-threads',
          innodb_adaptive_hash_index: 'OFF',
        },
        'threading=pool,innodb_adaptive_hash_index=ON': {
          thread_handling: 'pool-of-threads',
          innodb_adaptive_hash_index: 'ON',
        },
      });
      expect(stderr.text).toMatch(
        /variants innodb_thread_concurrency=0, 8 are left out: head \(10\.\d+\.\d+-MariaDB[^)]*\) has no variable innodb_thread_concurrency/,
      );
      expect(results.suite.variants).not.toHaveProperty('innodb_thread_concurrency');
      expect(stderr.text).toContain(
        '[variant] head server under threading=pool,innodb_adaptive_hash_index=OFF',
      );

      const report = join(temp.path, 'report');
      const compared = await cli(
        'compare',
        out,
        '--against-variant',
        'threading=threads',
        '--report-dir',
        report,
      );
      expect(compared === 0 || compared === 1).toBe(true);
      const verdict = Verdict.parse(JSON.parse(readFileSync(join(report, 'verdict.json'), 'utf8')));
      expect(verdict.baseSource).toMatchObject({
        kind: 'variant',
        variant: { dimension: 'threading', value: 'threads' },
      });
      expect([...new Set(verdict.cells.map(cellName))]).toEqual([
        'oltp_point_select@2[threading=pool,innodb_adaptive_hash_index=OFF]',
        'oltp_point_select@2[threading=pool,innodb_adaptive_hash_index=ON]',
      ]);
      // One server on both sides: what differs is what the variants set, as the server reported it.
      expect(verdict.configDiff.map(({ name, base, head }) => ({ name, base, head }))).toEqual([
        { name: 'thread_handling', base: 'one-thread-per-connection', head: 'pool-of-threads' },
      ]);
      const comment = readFileSync(join(report, 'comment.md'), 'utf8');
      expect(comment).toContain('against the same cell under the other values of `threading`');
      expect(comment).toContain('pool-of-threads');
      expect(comment).toContain('threading=pool,innodb\\_adaptive\\_hash\\_index=ON');
    },
    TIMEOUT_MS,
  );

  it('refuses a flag that sets an option the suite varies, before starting anything', async () => {
    const suite = join(temp.path, 'variants.yml');
    writeFileSync(suite, SUITE);
    const server = findCommand('mariadbd') ?? 'mariadbd';
    const code = await cli(
      'run',
      '--server',
      server,
      '--suite',
      suite,
      '--set',
      'innodb_thread_concurrency=4',
      '--out',
      join(temp.path, 'r.json'),
    );
    expect(code).toBe(2);
    expect(stderr.text).toContain(
      '--set innodb_thread_concurrency: suite variants varies innodb_thread_concurrency (variants)',
    );
  });

  it(
    'starts the server under every variant before measuring: one it will not run under ends the run at once, naming it',
    async () => {
      const suite = join(temp.path, 'refused.yml');
      writeFileSync(
        suite,
        [
          'name: refused',
          'threads: [1]',
          'durationSeconds: 1',
          'repetitions: 2',
          'tables: 1',
          'tableSize: 100',
          'serverOptions:',
          '  innodb_buffer_pool_size: 64M',
          'variants:',
          '  thread_handling: [one-thread-per-connection, no-such-handling]',
          'workloads:',
          '  - name: oltp_point_select',
          '',
        ].join('\n'),
      );
      const out = join(temp.path, 'refused.json');
      const work = join(temp.path, 'refused-work');
      const server = findCommand('mariadbd') ?? 'mariadbd';
      const started = Date.now();
      const code = await cli('run', '--server', server, '--suite', suite, '--out', out, '--work-dir', work);
      expect({ code, seconds: (Date.now() - started) / 1000 < 60 }).toEqual({ code: 2, seconds: true });
      expect(stderr.text).toContain(
        "variant thread_handling=no-such-handling: head's server would not start with its options " +
          '(thread_handling=no-such-handling), so nothing was measured',
      );
      // Before the data and the first repetition: no measurement was made, and nothing is left.
      expect(stderr.text).not.toContain('repetition 1/2');
      expect(processesMentioning(work)).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
