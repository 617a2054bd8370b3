// The idle side, end to end: real MariaDB, real sysbench. The head's server is a wrapper
// (__fixtures__/idle-spin/) that runs the real mariadbd and, while it has no client, a busy loop
// on every CPU that has left its process tree; the base is the plain server, the same binary.
//   - not frozen (--freeze-idle-side off): the loop takes the machine from the base while the base
//     is measured (its CPU time, read from its group, shows it), the head/base ratio moves away
//     from 1 as far as the machine's other work lets it (printed), and the verdict names the head;
//   - frozen (the default, this machine's cgroup freezer): the idle server and its loops use no CPU
//     over the other side's repetitions, the ratio is printed beside the spread of an A/A run made
//     just before, and the verdict names nothing;
//   - stopped by signals (MYSQL_PERF_GATE_FREEZER=signals): the loop escapes SIGSTOP, its group's
//     CPU time shows it, and the verdict names the head.
// (The cpuset of an untrusted server under counts is checked in sandboxed-server.int.test.ts.)
// Each run prints its figures (ratios, the A/A spread, the time freezing took) to stdout.
import { chmodSync, copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { main } from '../../src/cli/program.js';
import { judge } from '../../src/compare/judge.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { readResults } from '../../src/results/results-file.js';
import type { Results } from '../../src/results/results-schema.js';
import { FREEZER_ENV } from '../../src/shell/freezer.js';
import { median } from '../../src/stats/descriptive.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { captureStderr, ROOT, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const MARIADBD = '/usr/sbin/mariadbd';
const root = process.getuid?.() === 0;
const ready = ['mariadbd', 'sysbench', 'python3'].every((name) => requireCommand(name)) && root;
const maybe = ready ? describe : describe.skip;

const SUITE = `
name: idle-side
description: Point selects and read-only transactions on one thread, short repetitions.
connection: socket
threads: [1]
durationSeconds: 2
warmupSeconds: 1
repetitions: 4
tables: 1
tableSize: 1000
reportIntervalSeconds: 1
serverOptions:
  innodb_buffer_pool_size: 64M
workloads:
  - name: oltp_point_select
  - name: oltp_read_only
`;

/** Enough to see a loop escape the signals: its CPU time is read, not a ratio. */
const SHORT_SUITE = SUITE.replace('repetitions: 4', 'repetitions: 2').replace(
  '  - name: oltp_read_only\n',
  '',
);

const temp = useTempDir('gate-idle-side-');
const stderr = captureStderr();

/** The head that spins while idle: the fixture's wrapper as `mariadbd`, beside its loop. */
function spinningHead(dir: string): string {
  const wrapper = join(dir, 'mariadbd');
  const text = readFileSync(join(ROOT, '__fixtures__/idle-spin/spinning-server.sh'), 'utf8');
  writeFileSync(wrapper, text.replaceAll('@REAL@', MARIADBD));
  chmodSync(wrapper, 0o755);
  copyFileSync(join(ROOT, '__fixtures__/idle-spin/spin.py'), join(dir, 'spin.py'));
  return wrapper;
}

/** Runs base against head in turn: the results, after checking that nothing was left running. */
async function measure(
  name: string,
  head: string,
  extra: string[] = [],
  env: Record<string, string> = {},
  suiteText = SUITE,
) {
  const slug = name.replace(/[^a-z0-9]+/g, '-');
  const suite = join(temp.path, `${slug}.yml`);
  writeFileSync(suite, suiteText);
  const out = join(temp.path, `${slug}.json`);
  const work = join(temp.path, `work-${slug}`);
  const saved = { ...process.env };
  Object.assign(process.env, env);
  const logStart = stderr.text.length;
  let code: number;
  try {
    code = await main([
      'node',
      'mysql-perf-gate',
      'run',
      '--base',
      MARIADBD,
      '--head',
      head,
      '--suite',
      suite,
      '--work-dir',
      work,
      '--out',
      out,
      ...extra,
    ]);
  } finally {
    for (const key of Object.keys(env)) {
      if (saved[key] === undefined) Reflect.deleteProperty(process.env, key);
      else process.env[key] = saved[key];
    }
  }
  const log = stderr.text.slice(logStart);
  expect({ code, log: code === 0 ? '' : log }).toEqual({ code: 0, log: '' });
  expect(processesMentioning(work)).toEqual([]);
  expect(processesMentioning(join(temp.path, 'spin.py'))).toEqual([]);
  const results = readResults(out);
  const verdict = judge({
    results,
    resultsPath: out,
    base: { kind: 'ab' },
    options: DEFAULT_COMPARE_OPTIONS,
  }).verdict;
  return { results, verdict, log, figures: figures(name, results) };
}

/** Per cell: the head/base ratio of median tps, the paired repetitions' ratios, the idle CPU. */
function figures(name: string, results: Results) {
  const cells = [...new Set(results.cells.map((cell) => cell.workload))].map((workload) => {
    const side = (which: string) =>
      results.cells.find((cell) => cell.workload === workload && cell.side === which);
    const tps = (which: string) =>
      (side(which)?.repetitions ?? []).map((repetition) => repetition.report.tps);
    const [base, head] = [tps('base'), tps('head')];
    const idle = ['base', 'head'].flatMap((which) =>
      (side(which)?.repetitions ?? []).map((repetition) => repetition.idleSide?.cpuSeconds ?? NaN),
    );
    return {
      workload,
      ratio: median(head) / median(base),
      pairs: head.map((value, index) => value / (base[index] ?? NaN)),
      idleCpuMax: Math.max(...idle),
    };
  });
  const repetitions = results.cells.reduce((sum, cell) => sum + cell.repetitions.length, 0);
  const freezing = results.idleSide?.seconds ?? 0;
  process.stdout.write(
    `${name}: ` +
      cells
        .map(
          (cell) =>
            `${cell.workload} head/base ${cell.ratio.toFixed(3)} (pairs ${cell.pairs.map((r) => r.toFixed(2)).join(' ')}, idle CPU up to ${cell.idleCpuMax.toFixed(2)} s)`,
        )
        .join('; ') +
      `; idle side ${results.idleSide?.freezer ?? '?'} counted from ${results.idleSide?.cpuFrom ?? '?'}, ` +
      `${freezing.toFixed(3)} s freezing over ${repetitions} repetitions (${(freezing / repetitions).toFixed(4)} s each); ` +
      `measuring took ${results.stages?.measure ?? NaN} s\n`,
  );
  return cells;
}

/** The geometric mean of the cells' head/base ratios. */
function geometricMean(cells: readonly { ratio: number }[]): number {
  return Math.exp(cells.reduce((sum, cell) => sum + Math.log(cell.ratio), 0) / cells.length);
}

const named = (warnings: readonly string[]) =>
  warnings.filter((warning) => warning.includes("the head's server worked"));

maybe('the idle side (real MariaDB, a head that spins while idle)', () => {
  it('skews the ratio unfrozen, stays within an A/A spread frozen, and is named when it escapes signals', async () => {
    const head = spinningHead(temp.path);
    const aa = await measure('a/a', MARIADBD);
    const off = await measure('spinning, not frozen', head, ['--freeze-idle-side', 'off']);
    const frozen = await measure('spinning, frozen', head);
    const signals = await measure('spinning, signals', head, [], { [FREEZER_ENV]: 'signals' }, SHORT_SUITE);

    // The A/A run's spread: every paired repetition's ratio, every cell.
    const spread = aa.figures.flatMap((cell) => cell.pairs);
    const [low, high] = [Math.min(...spread), Math.max(...spread)];
    process.stdout.write(`a/a spread of paired head/base ratios: ${low.toFixed(3)} to ${high.toFixed(3)}\n`);

    // Not frozen: the base is measured beside busy loops on every CPU. How far that moves the
    // ratio depends on what else the machine runs (beside a whole CI run's other tests the A/A
    // pairs spread from 0.63 to 1.77, and the unfrozen cells came out 0.989 once, 1.533 another
    // time), so the ratios are printed, not bounded: what the test holds is the attack itself, the
    // idle server's CPU over the base's repetitions, read from its group, and what the verdict
    // makes of it. The quiet machine's figures are in docs/security.md.
    const [offMean, frozenMean, aaMean] = [
      geometricMean(off.figures),
      geometricMean(frozen.figures),
      geometricMean(aa.figures),
    ];
    process.stdout.write(
      `geometric mean of the cells' head/base: a/a ${aaMean.toFixed(3)}, not frozen ${offMean.toFixed(3)}, frozen ${frozenMean.toFixed(3)}\n`,
    );
    expect(off.results.idleSide).toMatchObject({ freezer: 'off', cpuFrom: 'cgroup' });
    // Ten times the verdict's threshold (1% of a 2 s repetition): the loops plainly ran.
    for (const cell of off.figures) expect(cell.idleCpuMax).toBeGreaterThan(0.2);
    expect(named(off.verdict.warnings)).toEqual([expect.stringContaining('as it was not frozen')]);
    expect(off.verdict.cells.every((cell) => cell.verdict === 'inconclusive')).toBe(true);

    // Frozen: the loop is in the server's cgroup and freezes with it: no CPU over any repetition of
    // the other side. (Whether the ratio then stays within the A/A spread is a figure, printed: with
    // a benchmark beside a CI run one frozen cell came out 0.75 against A/A pairs of 0.91 to 1.31,
    // the load having changed between the two runs; docs/security.md has the quiet machine's.)
    expect(frozen.results.idleSide?.freezer).toMatch(/^cgroup-v[12]$/);
    for (const cell of frozen.figures) {
      expect(cell.idleCpuMax).toBeLessThan(0.01);
      const inSpread = cell.ratio >= low && cell.ratio <= high;
      process.stdout.write(
        `frozen ${cell.workload}: head/base ${cell.ratio.toFixed(3)}, ${inSpread ? 'within' : 'outside'} the A/A spread\n`,
      );
    }
    expect(named(frozen.verdict.warnings)).toEqual([]);
    expect(frozen.log).toMatch(/idle side: frozen while the other is measured \(cgroup v[12] freezer\)/);
    expect(frozen.log).toMatch(
      /idle side: frozen and thawed \d+ times, [\d.]+ s in all, [\d.]+ s per repetition/,
    );

    // Signals: the server's tree stops, the loop that left it does not, and its group shows it.
    expect(signals.results.idleSide).toMatchObject({
      freezer: 'signals',
      cpuFrom: 'cgroup',
      fallback: `${FREEZER_ENV}=signals`,
    });
    expect(signals.log).toContain(
      'idle side: no cgroup freezer (MYSQL_PERF_GATE_FREEZER=signals): stopped with SIGSTOP instead',
    );
    expect(named(signals.verdict.warnings)).toEqual([expect.stringContaining('stopped with SIGSTOP')]);
    const idleBase = signals.results.cells
      .filter((cell) => cell.side === 'base')
      .flatMap((cell) => cell.repetitions.map((repetition) => repetition.idleSide));
    expect(idleBase.every((figure) => figure?.held === 'signals' && figure.cpuSeconds > 0)).toBe(true);
  }, 1_200_000);
});
