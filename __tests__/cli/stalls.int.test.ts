// Stalls, end to end through the CLI: real MariaDB, real sysbench. The head is a copy of the
// distribution's mariadbd linked with __fixtures__/slow-server/stall-recv.c, which stops the whole
// server for 2 s every 4-6 s; the suite gates on stalls (stallGate). Its stall seconds are a
// regression and the report names them; an A/A run (the plain server on both sides) calls no stall.
//
// Other tests run beside this one, and on this 2-core machine a neighbour takes a plain server's
// second below half its median now and then (up to 3 such seconds in a repetition were seen here
// at a load of 9): so a stall needs more than one stall second per repetition over the base's
// median before it counts (the metric's resolution), and the copy's stalls are long enough to
// take whole seconds to nothing.
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { jest } from '@jest/globals';

import { main } from '../../src/cli/program.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import { quickDeadline } from '../../src/shell/deadline.js';
import { exec } from '../../src/shell/exec.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { captureStderr, ROOT, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const ready =
  requireCommand('mariadbd') &&
  requireCommand('sysbench') &&
  requireCommand('gcc') &&
  requireCommand('patchelf');
const maybe = ready ? describe : describe.skip;
const MARIADBD = '/usr/sbin/mariadbd';

const SUITE = `
name: stalls
description: Point selects on one thread, judged on stalls.
connection: socket
threads: [1]
durationSeconds: 10
warmupSeconds: 1
repetitions: 4
tables: 1
tableSize: 1000
reportIntervalSeconds: 1
stallGate: true
serverOptions:
  innodb_buffer_pool_size: 64M
workloads:
  - name: oltp_point_select
`;

const temp = useTempDir('gate-stalls-');
const stderr = captureStderr();

function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

/** A copy of mariadbd that stalls, built from the fixture into `dir`. */
async function stallingCopy(dir: string): Promise<string> {
  const library = join(dir, 'libstall.so');
  const source = join(ROOT, '__fixtures__/slow-server/stall-recv.c');
  await exec('gcc', ['-O2', '-shared', '-fPIC', '-o', library, source, '-lpthread'], {
    deadline: quickDeadline('gcc'),
  });
  const copy = join(dir, 'mariadbd');
  copyFileSync(MARIADBD, copy);
  await exec('patchelf', ['--add-needed', library, copy], { deadline: quickDeadline('patchelf') });
  return copy;
}

/** Runs base against head with the suite and compares: the exit status, the verdict and the text. */
async function measure(base: string, head: string, name: string) {
  const suite = join(temp.path, 'stalls.yml');
  writeFileSync(suite, SUITE);
  const out = join(temp.path, `${name}.json`);
  const work = join(temp.path, `work-${name}`);
  const code = await cli(
    'run',
    '--base',
    base,
    '--head',
    head,
    '--suite',
    suite,
    '--work-dir',
    work,
    '--out',
    out,
  );
  expect({ code, log: code === 0 ? '' : stderr.text }).toEqual({ code: 0, log: '' });
  expect(processesMentioning(work)).toEqual([]);
  const report = join(temp.path, `report-${name}`);
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const compared = await cli('compare', out, '--report-dir', report);
  const terminal = stdout.mock.calls.map(([chunk]) => String(chunk)).join('');
  stdout.mockRestore();
  const verdict = Verdict.parse(JSON.parse(readFileSync(join(report, 'verdict.json'), 'utf8')));
  const cell = (metric: string) => verdict.cells.find((candidate) => candidate.metric === metric);
  const figures = ['tps', 'stallSeconds', 'lowestSecondRatio'].map((metric) => {
    const judged = cell(metric);
    return `${metric}: ${JSON.stringify(judged?.base.values)} → ${JSON.stringify(judged?.head.values)}, ${judged?.verdict}`;
  });
  // The figures of the run, for whoever reads the test's output (stderr is captured).
  process.stdout.write(`${name}: ${figures.join('; ')}\n`);
  return {
    compared,
    verdict,
    stall: cell('stallSeconds'),
    terminal,
    comment: readFileSync(join(report, 'comment.md'), 'utf8'),
    html: readFileSync(join(report, 'report.html'), 'utf8'),
    chart: join(report, 'charts', 'stalls.png'),
  };
}

maybe('stalls (real MariaDB)', () => {
  it('a head that stalls every few seconds: a gating regression, its stall seconds named', async () => {
    const head = await stallingCopy(temp.path);
    const { compared, verdict, stall, terminal, comment, html, chart } = await measure(MARIADBD, head, 'ab');
    expect(stall).toMatchObject({ verdict: 'regression', gating: true });
    expect(compared).toBe(1);
    expect(verdict.verdict).toBe('fail');
    // The comment escapes the workload's name (oltp\_point\_select @⁠ 1): the seconds are what it names.
    const named = /head stalled at \d+ s(, \d+ s)* of repetition \d: \d+% of the median/;
    expect(terminal).toMatch(/oltp_point_select @ 1: head stalled at /);
    expect(terminal).toMatch(named);
    expect(comment).toMatch(named);
    expect(html).toMatch(named);
    expect(existsSync(chart)).toBe(true);
  });

  it('an A/A run calls no stall', async () => {
    const { verdict, stall, terminal, comment } = await measure(MARIADBD, MARIADBD, 'aa');
    expect(stall?.gating).toBe(true);
    expect(stall?.verdict).not.toBe('regression');
    expect(verdict.stalls).toEqual({ status: 'judged', cells: [] });
    expect(terminal).not.toContain('stalled at');
    expect(comment).not.toContain('stalled at');
  });
});
