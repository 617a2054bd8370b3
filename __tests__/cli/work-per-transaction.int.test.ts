// CPU, context switches and I/O per transaction, end to end through the CLI's main(): an A/A
// run of a small IO-bound suite (data 7× a tiny buffer pool, O_DIRECT) on Debian's mariadbd, then
// compare. Every wall-clock cell gets every figure on both sides, read-only transactions read
// more than one page from disk each, the reports say so, and the A/A's spreads are shown. The
// same suite (one table of the four) with a pool its data fits in is refused before anything is
// measured.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import { IO_BOUND } from '../../src/results/io-bound.js';
import { RESOURCE_FIGURES } from '../../src/results/resource-figures.js';
import { readResults } from '../../src/results/results-file.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { captureOutput, describeWithServer, useTempDir } from '../helpers/real-run.js';

const MARIADBD = '/usr/sbin/mariadbd';
const POOL = 8 * 2 ** 20;

// About 56 MB of tables against an 8 MB pool; 2 repetitions of 2 s per cell and side. Every figure
// is per transaction, so a shorter window changes none of them, only how many transactions they
// are taken over (thousands of point selects a second, hundreds of the others).
const suiteText = (tables: number): string => `
name: io-small
threads: [1]
durationSeconds: 2
warmupSeconds: 1
repetitions: 2
tables: ${tables}
tableSize: 60000
expect: io-bound
serverOptions:
  innodb_buffer_pool_size: ${POOL}
  innodb_flush_method: O_DIRECT
workloads:
  - name: oltp_point_select
    options: { rand-type: uniform }
  - name: oltp_read_only
    options: { rand-type: uniform }
  - name: oltp_write_only
    options: { rand-type: uniform }
`;

const temp = useTempDir('gate-work-txn-');
const output = captureOutput();

function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

describeWithServer()('CPU, context switches and I/O per transaction (real MariaDB)', () => {
  it('measures every figure in every cell of an IO-bound A/A run, and the reports show them with their spread', async () => {
    const suite = join(temp.path, 'io-small.yml');
    writeFileSync(suite, suiteText(4));
    const out = join(temp.path, 'aa.json');
    const runCode = await cli('run', '--base', MARIADBD, '--head', MARIADBD, '--suite', suite, '--out', out);
    expect({ runCode, log: runCode === 0 ? '' : output.text }).toEqual({ runCode: 0, log: '' });
    const runText = output.text;
    expect(runText).toMatch(/ctx switches\/txn +reads\/txn +KB read\/txn +KB written\/txn/);
    expect(runText).toMatch(/^reads from disk as the suite expects \(io-bound\)/m);

    const results = readResults(out);
    for (const facts of [results.sides.base, results.sides.head]) {
      expect(facts?.processCounters).toEqual({
        contextSwitches: { available: true },
        io: { available: true },
      });
      expect((facts?.dataBytes ?? 0) / POOL).toBeGreaterThanOrEqual(IO_BOUND.dataToPool);
    }
    for (const cell of results.cells) {
      for (const repetition of cell.repetitions) {
        const { contextSwitches, io } = repetition.cost ?? {};
        // A transaction wakes its connection's thread at least once.
        expect((contextSwitches?.voluntary ?? 0) + (contextSwitches?.involuntary ?? 0)).toBeGreaterThan(
          repetition.report.transactions / 2,
        );
        // O_DIRECT: the pages the pool misses are read from the storage, by the server.
        expect(io?.readBytes).toBeGreaterThan(0);
        if (cell.workload === 'oltp_write_only') expect(io?.writeBytes).toBeGreaterThan(0);
      }
    }

    output.clear();
    const report = join(temp.path, 'report');
    const compareCode = await cli('compare', out, '--report-dir', report);
    expect(compareCode).toBe(0);
    const verdict = Verdict.parse(JSON.parse(readFileSync(join(report, 'verdict.json'), 'utf8')));
    const section = verdict.resources;
    expect(section?.cells.map((cell) => cell.workload)).toEqual([
      'oltp_point_select',
      'oltp_read_only',
      'oltp_write_only',
    ]);
    for (const cell of section?.cells ?? []) {
      expect(Object.keys(cell.base)).toEqual([...RESOURCE_FIGURES]);
      expect(Object.keys(cell.head)).toEqual([...RESOURCE_FIGURES]);
    }
    const readOnly = section?.cells.find((cell) => cell.workload === 'oltp_read_only');
    expect(readOnly?.head.reads?.median).toBeGreaterThan(1);
    expect(readOnly?.base.reads?.median).toBeGreaterThan(1);
    expect(section?.ioBound?.reading).toBe(true);
    expect(section?.ioBound?.data).toEqual([
      expect.stringMatching(/^base \d+ MB, \d+\.\d× the 8 MB buffer pool$/),
      expect.stringMatching(/^head \d+ MB, \d+\.\d× the 8 MB buffer pool$/),
    ]);

    // Every medium: the sentence, and each side's figures with their spread beside them.
    const comment = readFileSync(join(report, 'comment.md'), 'utf8');
    const html = readFileSync(join(report, 'report.html'), 'utf8');
    const terminal = output.text;
    for (const text of [comment, html, terminal]) {
      expect(text).toContain('CPU, context switches and I/O per transaction');
      expect(text).toMatch(
        /reads from disk as the suite expects \(io-bound\): [\d.]+ to [\d.]+ buffer pool reads/,
      );
    }
    const headRow = comment
      .split('\n')
      .find((line) => line.startsWith('| oltp\\_read\\_only | 1 thread | head |'));
    // A figure of 0 (a read-only transaction writes nothing) has no spread to show.
    const nonZero = RESOURCE_FIGURES.filter((figure) => (readOnly?.head[figure]?.median ?? 0) > 0);
    expect(nonZero.length).toBeGreaterThanOrEqual(4);
    expect(headRow?.match(/±[\d.]+%/g)).toHaveLength(nonZero.length);
    expect(terminal).toMatch(/oltp_read_only @ 1 +head +[\d.]+ ±[\d.]+%/);
  });

  it('refuses, before measuring, data that fits in the buffer pool', async () => {
    // One table (about 14 MB) is enough to fit in the larger pool, and a quarter of the prepare.
    const suite = join(temp.path, 'io-small.yml');
    writeFileSync(suite, suiteText(1));
    const work = join(temp.path, 'work');
    const code = await cli(
      'run',
      '--server',
      MARIADBD,
      '--suite',
      suite,
      '--set',
      'innodb_buffer_pool_size=256M',
      '--out',
      join(temp.path, 'fits.json'),
      '--work-dir',
      work,
    );
    expect(code).toBe(2);
    expect(output.text).toMatch(
      /suite io-small expects to be IO-bound \(data at least 5× the buffer pool\), but the head's prepared data is \d+ MB, 0\.\d× the 256 MB buffer pool: raise tables or tableSize, or lower innodb_buffer_pool_size/,
    );
    expect(output.text).not.toMatch(/repetition 1\//);
    expect(processesMentioning(work)).toEqual([]);
    expect(readdirSync(work)).toEqual([]);
  });
});
