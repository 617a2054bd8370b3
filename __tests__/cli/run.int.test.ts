// End to end through the CLI's main(): real MariaDB servers, real sysbench, the tiny suite.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { readResults } from '../../src/results/results-file.js';
import { volatileVariable } from '../../src/results/volatile.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { captureStderr, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const ready = requireCommand('mariadbd') && requireCommand('sysbench');
const maybe = ready ? describe : describe.skip;
const TINY = join(import.meta.dirname, '../../__fixtures__/suites/tiny.yml');
const MARIADBD = '/usr/sbin/mariadbd';
/**
 * The tiny suite with repetitions of 2 s instead of 3: what the A/B run checks is per transaction,
 * per cell or per side, none of it a matter of how long a repetition runs (8 cells, 16 s less).
 */
const SHORT = readFileSync(TINY, 'utf8').replace(/^durationSeconds: 3$/m, 'durationSeconds: 2');

const temp = useTempDir('gate-cli-');
const stderr = captureStderr();
let dir: string;

beforeEach(() => {
  dir = temp.path;
});

function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

maybe('mysql-perf-gate run (real MariaDB)', () => {
  it('measures base and head interleaved; their variables differ on performance_schema only, besides volatile ones', async () => {
    const out = join(dir, 'ab.json');
    const work = join(dir, 'work');
    const suite = join(dir, 'short.yml');
    expect(SHORT).toMatch(/^durationSeconds: 2$/m);
    writeFileSync(suite, SHORT);
    const code = await cli(
      'run',
      '--base',
      MARIADBD,
      '--head',
      MARIADBD,
      '--base-set',
      'performance_schema=OFF',
      '--head-set',
      'performance_schema=ON',
      '--suite',
      suite,
      '--out',
      out,
      '--work-dir',
      work,
    );
    expect({ code, log: code === 0 ? '' : stderr.text }).toEqual({ code: 0, log: '' });
    const results = readResults(out);
    expect(results.mode).toBe('ab');
    expect(results.cells).toHaveLength(2 * 2 * 2);
    for (const cell of results.cells) {
      expect(cell.repetitions).toHaveLength(2);
      for (const repetition of cell.repetitions) {
        expect(repetition.report.tps).toBeGreaterThan(0);
        expect(repetition.report.intervals.length).toBeGreaterThan(0);
        // The server's own CPU time over the window: it served thousands of transactions.
        const cpu = repetition.cost?.cpu;
        expect((cpu?.userSeconds ?? 0) + (cpu?.systemSeconds ?? 0)).toBeGreaterThan(0);
        // Hardware counts exactly when the machine has counters.
        expect(repetition.cost?.hardwareInstructions !== undefined).toBe(
          results.costCounters?.hardwareInstructions.available,
        );
        expect(existsSync(join(dir, results.rawDir, repetition.rawOutput))).toBe(true);
        // The work: SHOW GLOBAL STATUS before and after, the snapshots' own statements taken
        // out. A point select runs one SELECT per transaction, write-only two UPDATEs (and now
        // and then a retry after a deadlock between the two threads).
        const perTransaction = (name: string): number =>
          (repetition.work?.[name] ?? 0) / repetition.report.transactions;
        const [counter, expected] =
          cell.workload === 'oltp_point_select' ? ['Com_select', 1] : ['Com_update', 2];
        expect(Math.abs(perTransaction(counter) - expected)).toBeLessThan(0.05);
        expect(repetition.work?.Com_show_status).toBeUndefined();
        expect(repetition.work?.Threads_connected).toBeUndefined();
      }
    }
    expect(results.sides.head.statusCounters).toContain('Com_select');
    // Interleaving: within each cell the sides alternate A B, B A.
    const firstCell = results.cells
      .filter((cell) => cell.workload === 'oltp_point_select' && cell.threads === 1)
      .flatMap((cell) =>
        cell.repetitions.map((repetition) => ({ side: cell.side, sequence: repetition.sequence })),
      )
      .sort((a, b) => a.sequence - b.sequence)
      .map((entry) => entry.side);
    expect(firstCell).toEqual(['base', 'head', 'head', 'base']);

    const base = results.sides.base;
    const head = results.sides.head;
    expect(base?.variables.performance_schema).toBe('OFF');
    expect(head.variables.performance_schema).toBe('ON');
    const names = new Set([...Object.keys(base?.variables ?? {}), ...Object.keys(head.variables)]);
    const differing = [...names].filter(
      (name) => !volatileVariable(name) && base?.variables[name] !== head.variables[name],
    );
    // performance_schema itself, and the sizes the server autosizes only when it is ON.
    expect(differing).toContain('performance_schema');
    expect(differing.filter((name) => !name.startsWith('performance_schema'))).toEqual([]);

    expect(head.flavor).toBe('mariadb');
    expect(head.compiler).toMatchObject({ known: false });
    expect(results.environment.logicalCores).toBeGreaterThan(0);
    expect(existsSync(join(dir, results.rawDir, 'head-error.log'))).toBe(true);
    // Nothing left: no server, and the run's directory inside --work-dir is gone.
    expect(processesMentioning(work)).toEqual([]);
    expect(readdirSync(work)).toEqual([]);
    expect(stderr.text).toMatch(
      /\[cell 1\/4\] oltp_point_select @ 1 thread, base: repetition 1\/2 — elapsed/,
    );
  });

  it('names the field of an invalid suite and exits 2 before starting anything', async () => {
    const code = await cli(
      'run',
      '--server',
      MARIADBD,
      '--suite',
      join(import.meta.dirname, '../../__fixtures__/suites/invalid-connection.yml'),
    );
    expect(code).toBe(2);
    expect(stderr.text).toMatch(/field connection: Invalid option: expected one of "socket"\|"tcp"/);
  });

  it('says how to install sysbench when it is missing', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const code = await cli('run', '--server', MARIADBD, '--suite', TINY, '--out', join(dir, 'r.json'));
      expect(code).toBe(2);
    } finally {
      process.env.PATH = path;
    }
    expect(stderr.text).toContain('apt-get install sysbench');
    expect(existsSync(join(dir, 'r.json'))).toBe(false);
  });

  it('refuses --server together with --base/--head', async () => {
    expect(await cli('run', '--server', MARIADBD, '--base', MARIADBD, '--head', MARIADBD)).toBe(2);
    expect(stderr.text).toContain('use either --server (one server)');
  });

  it('reports a server killed mid-run with its error log, and leaves nothing behind', async () => {
    const work = join(dir, 'work');
    const out = join(dir, 'killed.json');
    const run = cli('run', '--server', MARIADBD, '--suite', TINY, '--out', out, '--work-dir', work);
    // Kill the server once the first timed repetition has started.
    const deadline = Date.now() + 120_000;
    while (!stderr.text.includes('repetition 1/2') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pids = processesMentioning(`mariadbd.*${work}`);
    expect(pids.length).toBe(1);
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    const code = await run;
    expect(code).toBe(2);
    const message = stderr.text;
    expect(message).toMatch(/died/);
    expect(message).toMatch(/error log/);
    expect(message).toMatch(/mariadbd|InnoDB/);
    expect(message).toContain(`error logs are kept in ${join(dir, 'killed.raw')}/`);
    expect(existsSync(out)).toBe(false);
    expect(processesMentioning(work)).toEqual([]);
    expect(readdirSync(work)).toEqual([]);
    expect(readFileSync(join(dir, 'killed.raw', 'head-error.log'), 'utf8')).toMatch(/ready for connections/);
  });
});
