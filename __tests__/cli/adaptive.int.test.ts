// More repetitions for undecided cells, end to end through the CLI: real MariaDB, real sysbench.
// A tolerance of 0.01% leaves every cell undecided (no interval is that narrow, and no test with
// this few repetitions can reach the later looks' levels), so the run extends each cell to the
// most, look by look; compare then holds each cell to its last look's share of alpha.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import { readResults } from '../../src/results/results-file.js';
import { lookLevels } from '../../src/stats/alpha-spending.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { captureStderr, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const ready = requireCommand('mariadbd') && requireCommand('sysbench');
const maybe = ready ? describe : describe.skip;
const MARIADBD = '/usr/sbin/mariadbd';

/**
 * One cell no run can resolve, its repetitions this many seconds long: 1 where the looks are
 * checked (their count is the subject, not the seconds), 2 where the budget is (its 11 s is chosen
 * for that length: about what the planned repetitions take, with no room for one more batch).
 */
const suiteText = (durationSeconds: number): string => `
name: undecided
description: One cell whose tolerance no run can resolve.
connection: socket
threads: [1]
durationSeconds: ${durationSeconds}
warmupSeconds: 1
repetitions: 2
tables: 1
tableSize: 1000
serverOptions:
  innodb_buffer_pool_size: 64M
tolerances:
  tps: 0.0001
workloads:
  - name: oltp_point_select
`;

const temp = useTempDir('gate-adaptive-');
const stderr = captureStderr();

function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

maybe('run with more repetitions for undecided cells (real MariaDB)', () => {
  it('extends an undecided cell look by look to the most, and compare judges it at the last look', async () => {
    const suite = join(temp.path, 'undecided.yml');
    writeFileSync(suite, suiteText(1));
    const out = join(temp.path, 'ab.json');
    const work = join(temp.path, 'work');
    const ab = ['--base', MARIADBD, '--head', MARIADBD, '--suite', suite, '--work-dir', work];
    const code = await cli('run', ...ab, '--out', out, '--max-repetitions', '4');
    expect({ code, log: code === 0 ? '' : stderr.text }).toEqual({ code: 0, log: '' });
    expect(stderr.text).toContain('1 cell undecided after 2 repetitions: up to 3 each, least decided first');
    expect(stderr.text).toContain('1 cell undecided after 3 repetitions: up to 4 each, least decided first');
    expect(stderr.text).toContain('repetition 4/4');
    expect(stderr.text).toContain(
      'undecided cells: more repetitions, looks at 2, 3, 4; stopped with the most repetitions reached',
    );

    const results = readResults(out);
    expect(results.adaptive).toEqual({
      planned: 2,
      most: 4,
      looks: [2, 3, 4],
      budgetSeconds: null,
      stopped: 'most',
    });
    const order = results.cells
      .flatMap((cell) => cell.repetitions.map((repetition) => ({ side: cell.side, ...repetition })))
      .sort((a, b) => a.sequence - b.sequence)
      .map((repetition) => `${repetition.side[0] ?? ''}${repetition.index}`);
    // A B, B A, then on where the plan stopped: A B, B A.
    expect(order).toEqual(['b1', 'h1', 'h2', 'b2', 'b3', 'h3', 'h4', 'b4']);

    const report = join(temp.path, 'report');
    expect(await cli('compare', out, '--report-dir', report)).toBe(0);
    const verdict = Verdict.parse(JSON.parse(readFileSync(join(report, 'verdict.json'), 'utf8')));
    expect(verdict.settings.looks).toEqual([2, 3, 4]);
    const tps = verdict.cells.find((cell) => cell.metric === 'tps');
    expect(tps?.level).toBeCloseTo(lookLevels(0.05, [2, 3, 4])[2] ?? 0, 12);
    expect(tps?.base.values).toHaveLength(4);
    expect(tps?.verdict).toBe('inconclusive');
    expect(processesMentioning(work)).toEqual([]);
  });

  it('adds nothing when the next batch would not fit in the budget, and says so', async () => {
    const suite = join(temp.path, 'undecided.yml');
    writeFileSync(suite, suiteText(2));
    const out = join(temp.path, 'budget.json');
    const code = await cli(
      'run',
      ...['--base', MARIADBD, '--head', MARIADBD, '--suite', suite, '--out', out],
      ...['--max-repetitions', '4', '--budget', '11s'],
    );
    expect({ code, log: code === 0 ? '' : stderr.text }).toEqual({ code: 0, log: '' });
    expect(stderr.text).toMatch(
      /the budget is spent: \S+ of 11s taken, oltp_point_select @ 1 would need about \S+ more/,
    );
    const results = readResults(out);
    expect(results.adaptive?.stopped).toBe('budget');
    expect(results.cells.map((cell) => cell.repetitions.length)).toEqual([2, 2]);
  });
});
