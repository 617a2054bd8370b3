// metric: instructions end to end through the CLI: real mariadbd under real valgrind, real sysbench.
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

import { main } from '../../src/cli/program.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import { readResults } from '../../src/results/results-file.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { captureStderr, ROOT, useTempDir } from '../helpers/real-run.js';
import { findCommand, requireCommand } from '../helpers/requirements.js';

const ready = requireCommand('mariadbd') && requireCommand('sysbench') && requireCommand('valgrind');
const maybe = ready ? describe : describe.skip;
const SUITE = join(ROOT, '__fixtures__/suites/tiny-instructions.yml');
const MARIADBD = '/usr/sbin/mariadbd';
const TIMEOUT_MS = 600_000;

const dir = useTempDir('gate-instr-');
const stderr = captureStderr();

function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

async function runAb(name: string, ...extra: string[]): Promise<{ out: string; work: string }> {
  const out = join(dir.path, `${name}.json`);
  const work = join(dir.path, `${name}-work`);
  const code = await cli(
    'run',
    '--base',
    MARIADBD,
    '--head',
    MARIADBD,
    '--suite',
    SUITE,
    '--out',
    out,
    '--work-dir',
    work,
    ...extra,
  );
  expect({ code, log: code === 0 ? '' : stderr.text }).toEqual({ code: 0, log: '' });
  return { out, work };
}

function readVerdict(path: string): Verdict {
  return Verdict.parse(JSON.parse(readFileSync(path, 'utf8')));
}

maybe('metric: instructions (real mariadbd under callgrind)', () => {
  it(
    'counts the same instructions on both sides of an A/A run, judges them by the counts, and leaves nothing behind',
    async () => {
      const { out, work } = await runAb('aa');
      const results = readResults(out);
      expect(results.costCounters?.valgrind).toMatch(/^\d+\.\d+/);
      expect(results.cells).toHaveLength(2 * 2);
      // A count suite measures both sides at once by default, each on a CPU of its own, and lists
      // base before head whichever finished first.
      expect(results.parallelSides).toEqual({ base: '0', head: '1' });
      expect(results.placement).toBeUndefined();
      expect(results.cells.map((cell) => cell.side)).toEqual(['base', 'head', 'base', 'head']);
      expect(results.stages?.sides.head?.measure).toBeGreaterThan(0);
      expect(stderr.text).toMatch(/^measure \(both sides at once\) +\d+\.\d s$/m);
      for (const cell of results.cells) {
        for (const repetition of cell.repetitions) {
          const counts = repetition.cost?.callgrind;
          if (!counts) throw new Error(`no callgrind counts for ${cell.workload} on ${cell.side}`);
          expect(counts.foregroundFunction).toMatch(/^do_command\(/);
          expect(counts.foreground).toBeGreaterThan(0);
          // Background threads only add to the statements' work.
          expect(counts.total).toBeGreaterThanOrEqual(counts.foreground);
          const profile = gunzipSync(readFileSync(join(dir.path, results.rawDir, counts.profile))).toString(
            'utf8',
          );
          expect(profile).toMatch(/^# callgrind format/);
          expect(profile).toContain(`totals: ${counts.total}`);
        }
        // Every function with a share of the work, largest first.
        expect(cell.functions?.length ?? 0).toBeGreaterThan(100);
      }
      const pointSelect = results.cells.find(
        (cell) => cell.workload === 'oltp_point_select' && cell.side === 'base',
      );
      const perTransaction = pointSelect?.repetitions.map(
        (repetition) => (repetition.cost?.callgrind?.foreground ?? 0) / repetition.report.transactions,
      );
      // About 43k here (MariaDB 10.11); the bounds only catch a window that counted nothing or everything.
      for (const value of perTransaction ?? []) expect(value).toBeGreaterThan(10_000);
      for (const value of perTransaction ?? []) expect(value).toBeLessThan(500_000);

      expect(processesMentioning(work)).toEqual([]);
      expect(readdirSync(work)).toEqual([]);

      const verdictDir = join(dir.path, 'aa-verdict');
      expect(await cli('compare', out, '--report-dir', verdictDir)).toBe(0);
      const verdict = readVerdict(join(verdictDir, 'verdict.json'));
      const cell = verdict.cells.find(
        (c) => c.workload === 'oltp_point_select' && c.metric === 'instructions',
      );
      // A busy machine (other tests measuring beside this one) can shift one side's count by a
      // few tenths of a percent the same way in every pairing (spin loops that wait longer): a
      // difference within the tolerance, which passes, never a regression.
      expect(cell).toMatchObject({ judgedBy: 'counts', gating: true });
      expect(['unchanged', 'within-tolerance']).toContain(cell?.verdict);
      expect(Math.abs(cell?.change ?? 1)).toBeLessThan(0.005);
      expect(verdict.counts.regression).toBe(0);
      // Throughput under valgrind means nothing and is not judged.
      expect(verdict.cells.some((c) => c.metric === 'tps')).toBe(false);
    },
    TIMEOUT_MS,
  );

  it(
    'sees performance_schema=ON as a regression of several percent in every point select, and names it',
    async () => {
      const { out } = await runAb(
        'pfs',
        '--no-parallel-sides',
        '--base-set',
        'performance_schema=OFF',
        '--head-set',
        'performance_schema=ON',
      );
      const verdictDir = join(dir.path, 'pfs-verdict');
      const code = await cli('compare', out, '--report-dir', verdictDir);
      expect({ code, log: code === 1 ? '' : stderr.text }).toEqual({ code: 1, log: '' });
      expect(readResults(out).parallelSides).toBeUndefined();
      expect(stderr.text).toMatch(/^measure \(head\) +\d+\.\d s {2}\d+ repetitions$/m);
      const verdict = readVerdict(join(verdictDir, 'verdict.json'));
      const cell = verdict.cells.find(
        (c) => c.workload === 'oltp_point_select' && c.metric === 'instructions',
      );
      expect(cell?.verdict).toBe('regression');
      expect(cell?.change).toBeGreaterThan(0.02);
      expect(verdict.configDiff).toContainEqual(
        expect.objectContaining({ name: 'performance_schema', base: 'OFF', head: 'ON', tier: 1 }),
      );
      const deltas = verdict.functionDeltas.find((c) => c.workload === 'oltp_point_select');
      expect(deltas?.headTotal).toBeGreaterThan(deltas?.baseTotal ?? Infinity);
      expect(deltas?.functions.length).toBeGreaterThan(0);
      // Code that does not run at all with performance_schema OFF.
      expect(deltas?.functions.some((fn) => fn.base === 0 && fn.head > 0)).toBe(true);
    },
    TIMEOUT_MS,
  );

  it(
    'reports a server killed mid-window, without waiting on vgdb, and leaves nothing behind',
    async () => {
      const suite = join(dir.path, 'long.yml');
      writeFileSync(
        suite,
        readFileSync(SUITE, 'utf8')
          .replace(/events: 300/, 'events: 20000')
          .replace(/ {2}- name: oltp_write_only\n {4}events: 60\n/, ''),
      );
      const work = join(dir.path, 'work');
      const run = cli(
        'run',
        '--server',
        MARIADBD,
        '--suite',
        suite,
        '--out',
        join(dir.path, 'k.json'),
        '--work-dir',
        work,
      );
      const deadline = Date.now() + 300_000;
      while (!stderr.text.includes('repetition 1/2') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const pids = processesMentioning(`valgrind.*${work}`);
      expect(pids).toHaveLength(1);
      for (const pid of pids) process.kill(pid, 'SIGKILL');
      const started = Date.now();
      const code = await run;
      // vgdb would wait for a dead process for good; the run must not.
      const elapsed = Date.now() - started;
      const quick = elapsed < 30_000;
      const log = code === 2 && quick ? '' : `exit ${code} after ${elapsed} ms:\n${stderr.text}`;
      expect({ code, quick, log }).toEqual({ code: 2, quick: true, log: '' });
      expect(stderr.text).toMatch(/died: it was killed by SIGKILL/);
      expect(processesMentioning(work)).toEqual([]);
      expect(readdirSync(work)).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it('says how to install valgrind when it is missing, before starting any server', async () => {
    const bin = join(dir.path, 'bin');
    mkdirSync(bin);
    const sysbench = findCommand('sysbench');
    if (!sysbench) throw new Error('sysbench vanished');
    symlinkSync(sysbench, join(bin, 'sysbench'));
    const path = process.env.PATH;
    process.env.PATH = bin;
    let code: number;
    try {
      code = await cli('run', '--server', MARIADBD, '--suite', SUITE, '--out', join(dir.path, 'r.json'));
    } finally {
      process.env.PATH = path;
    }
    expect(code).toBe(2);
    expect(stderr.text).toContain('apt-get install valgrind');
    expect(existsSync(join(dir.path, 'r.json'))).toBe(false);
  });
});
