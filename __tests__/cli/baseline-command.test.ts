// `baseline save|show` through commander, writing into a temp directory.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { Command, CommanderError } from 'commander';

import { newestEntry } from '../../src/baseline/entry.js';
import { readBaselineFile } from '../../src/baseline/store.js';
import { addBaselineCommands } from '../../src/cli/baseline-command.js';
import { BaselineError, InputError, ResultsError } from '../../src/errors.js';
import { writeResults } from '../../src/results/results-file.js';
import { median } from '../../src/stats/descriptive.js';
import { fixtureResults, laterRun, RESULTS_FIXTURE } from '../../__fixtures__/baseline/results.js';

const NOW = new Date('2026-11-22T17:00:00.000Z');
const SHA = 'abcdef0123456789abcdef0123456789abcdef01';

let dir: string;
let baselines: string;

beforeEach(() => {
  dir = mkdtempSync(join(os.tmpdir(), 'gate-baseline-cli-'));
  baselines = join(dir, 'baselines');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCodes: number[];
}

/** Runs `mysql-perf-gate <args>` with only the baseline commands, capturing everything it writes. */
async function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const exitCodes: number[] = [];
  const program = new Command('mysql-perf-gate').configureOutput({
    writeOut: (text) => out.push(text),
    writeErr: (text) => err.push(text),
  });
  program.exitOverride();
  addBaselineCommands(program, (code) => exitCodes.push(code), {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    env,
    now: () => NOW,
  });
  await program.parseAsync(args, { from: 'user' });
  return { stdout: out.join(''), stderr: err.join(''), exitCodes };
}

async function failure<E extends Error>(
  errorClass: abstract new (...args: never[]) => E,
  args: string[],
): Promise<E> {
  const error: unknown = await cli(args).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (error instanceof errorClass) return error;
  throw new Error(`expected ${errorClass.name}, got ${String(error)}`);
}

function resultsFile(name: string, minutes: number): string {
  const path = join(dir, name);
  writeResults(path, laterRun(minutes));
  return path;
}

describe('baseline save', () => {
  it('stores the head side under <dir>/<fingerprint>/, with GITHUB_SHA as the commit, and prints path and count', async () => {
    const run = await cli(['baseline', 'save', RESULTS_FIXTURE, '--dir', baselines], { GITHUB_SHA: SHA });
    const match = /^saved (\S+) \(1 entry, newest last, keeping at most 20\)\n$/.exec(run.stdout);
    const path = match?.[1] ?? '';
    expect(path).toMatch(new RegExp(`^${baselines}/73565f5a8c11a8d9/quick-[0-9a-f]{12}\\.json$`));
    expect(run.stderr).toBe(
      'testbed 73565f5a8c11a8d9 is the hardware fingerprint; --testbed gives it a name\n',
    );
    expect(run.exitCodes).toEqual([0]);
    const entry = newestEntry(readBaselineFile(path));
    expect(entry).toMatchObject({ commit: SHA, savedAt: NOW.toISOString(), side: 'head' });
    expect(entry.cells).toEqual(fixtureResults().cells);
  });

  it('prefers --commit, names the testbed, and keeps --keep entries', async () => {
    const args = ['--dir', baselines, '--testbed', 'ci runner', '--keep', '2', '--commit', 'ABCDEF1'];
    await cli(['baseline', 'save', resultsFile('a.json', 0), ...args], { GITHUB_SHA: SHA });
    await cli(['baseline', 'save', resultsFile('b.json', 60), ...args]);
    const third = await cli(['baseline', 'save', resultsFile('c.json', 120), ...args]);
    expect(third.stdout).toMatch(
      /^saved \S+\/ci_runner\/quick-[0-9a-f]{12}\.json \(2 entries, newest last, keeping at most 2\)\n$/,
    );
    expect(third.stderr).toBe('dropped the oldest 1 entry to keep 2\n');
    const path = third.stdout.split(' ')[1] ?? '';
    const file = readBaselineFile(path);
    expect(file.key.testbed).toBe('ci runner');
    expect(file.entries.map((entry) => [entry.commit, entry.run.startedAt])).toEqual([
      ['abcdef1', laterRun(60).startedAt],
      ['abcdef1', laterRun(120).startedAt],
    ]);
  });

  it('says when the run was stored already and no commit is known', async () => {
    await cli(['baseline', 'save', RESULTS_FIXTURE, '--dir', baselines, '--testbed', 'tb']);
    const again = await cli(['baseline', 'save', RESULTS_FIXTURE, '--dir', baselines, '--testbed', 'tb']);
    expect(again.stdout).toMatch(/^already stored: \S+ holds this run \(1 entry\); nothing changed\n$/);
    expect(again.stderr).toBe('no commit recorded: pass --commit, or set GITHUB_SHA\n');
  });

  const badInputs: [string, string[], string][] = [
    ['--keep 0', ['--keep', '0'], '--keep must be a whole number of entries, 1 or more; got 0'],
    ['--keep 2.5', ['--keep', '2.5'], '--keep must be a whole number of entries, 1 or more; got "2.5"'],
    [
      '--commit main',
      ['--commit', 'main'],
      '--commit is "main", not a commit SHA (7 to 64 hex digits, e.g. from git rev-parse HEAD)',
    ],
    [
      '--side base of a single run',
      ['--side', 'base'],
      'the results have no base side: a single-server run has only the head side',
    ],
    [
      '--testbed ..',
      ['--testbed', '..'],
      'testbed name ".." has no letter or digit to name a directory or file with',
    ],
  ];

  it.each(badInputs)('refuses %s, naming the flag', async (_name, flags, message) => {
    const error = await failure(InputError, [
      'baseline',
      'save',
      RESULTS_FIXTURE,
      '--dir',
      baselines,
      ...flags,
    ]);
    expect(error.message).toBe(message);
  });

  it('refuses a results file that cannot be read, and unknown --side values', async () => {
    const missing = join(dir, 'missing.json');
    expect((await failure(ResultsError, ['baseline', 'save', missing])).message).toContain(
      `cannot read ${missing}`,
    );
    const usage = await failure(CommanderError, ['baseline', 'save', RESULTS_FIXTURE, '--side', 'left']);
    expect(usage.code).toBe('commander.invalidArgument');
  });

  it('refuses to save onto a corrupted baseline and leaves it as it was', async () => {
    const first = await cli(['baseline', 'save', resultsFile('a.json', 0), '--dir', baselines]);
    const path = first.stdout.split(' ')[1] ?? '';
    writeFileSync(path, '{"schemaVersion": 1, "key": {}}');
    const before = readFileSync(path, 'latin1');
    const error = await failure(BaselineError, [
      'baseline',
      'save',
      resultsFile('b.json', 60),
      '--dir',
      baselines,
    ]);
    expect(error.message).toContain(
      `${path} is not a mysql-perf-gate baseline file: it has no "entries" field`,
    );
    expect(error.message).toContain(`nothing was saved and ${path} was left as it is`);
    expect(readFileSync(path, 'latin1')).toBe(before);
  });
});

describe('baseline show', () => {
  async function saveTwo(): Promise<string> {
    await cli([
      'baseline',
      'save',
      resultsFile('a.json', 0),
      '--dir',
      baselines,
      '--testbed',
      'tb-a',
      '--commit',
      SHA,
    ]);
    const second = await cli([
      'baseline',
      'save',
      resultsFile('b.json', 60),
      '--dir',
      baselines,
      '--testbed',
      'tb-a',
    ]);
    await cli(['baseline', 'save', RESULTS_FIXTURE, '--dir', baselines, '--testbed', 'tb-b']);
    return second.stdout.split(' ')[1] ?? '';
  }

  it('lists every baseline under --dir with entries and the newest date and commit', async () => {
    await saveTwo();
    const run = await cli(['baseline', 'show', '--dir', baselines]);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^testbed\s+suite\s+options\s+entries\s+newest saved\s+commit\s+file$/);
    expect(lines.slice(2)).toEqual([
      expect.stringMatching(
        /^tb-a\s+quick\s+[0-9a-f]{12}\s+2\s+2026-11-22T17:00:00\.000Z\s+-\s+\S+\/tb-a\/quick-[0-9a-f]{12}\.json$/,
      ),
      expect.stringMatching(
        /^tb-b\s+quick\s+[0-9a-f]{12}\s+1\s+2026-11-22T17:00:00\.000Z\s+-\s+\S+\/tb-b\/quick-/,
      ),
    ]);
    expect(run.stderr).toBe('');
    expect(run.exitCodes).toEqual([0]);
    expect(
      (await cli(['baseline', 'show', '--dir', baselines, '--testbed', 'tb-b'])).stdout.split('\n'),
    ).toHaveLength(4);
  });

  it('says so on stderr when nothing matches', async () => {
    await saveTwo();
    const none = await cli(['baseline', 'show', '--dir', baselines, '--suite', 'standard']);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe(
      `no baselines for suite standard under ${baselines}; store one with: mysql-perf-gate baseline save RESULTS\n`,
    );
    const missing = await cli(['baseline', 'show', '--dir', join(dir, 'nowhere')]);
    expect(missing.stderr).toContain('(the directory does not exist)');
  });

  it('shows one file: its entries and the newest entry’s median tps per cell', async () => {
    const path = await saveTwo();
    const run = await cli(['baseline', 'show', path]);
    const lines = run.stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      `baseline ${path}`,
      expect.stringMatching(
        /^testbed tb-a, suite quick, options [0-9a-f]{12} \(innodb_buffer_pool_size=256M max_connections=200\)$/,
      ),
      '2 entries, oldest first:',
    ]);
    expect(run.stdout).toMatch(
      new RegExp(
        `\\n1\\s+2026-11-22T17:00:00\\.000Z\\s+${laterRun(0).startedAt}\\s+${SHA.slice(0, 12)}\\s+mariadb 10\\.11\\.19-MariaDB-0\\+deb12u1\\s+unknown\\s+`,
      ),
    );
    expect(run.stdout).toMatch(/\n2\s+2026-11-22T17:00:00\.000Z\s+\S+\s+-\s+mariadb 10\.11\.19/);
    const cell = fixtureResults().cells.find(
      (item) => item.workload === 'oltp_point_select' && item.threads === 1,
    );
    const tps = median(cell?.repetitions.map((repetition) => repetition.report.tps) ?? []);
    expect(run.stdout).toMatch(new RegExp(`\\noltp_point_select\\s+1\\s+3\\s+${tps.toFixed(0)}\\s`));
    expect(lines.filter((line) => line.startsWith('oltp_'))).toHaveLength(6);
  });

  it('lists the readable baselines, then fails naming the damaged one', async () => {
    await saveTwo();
    const broken = join(baselines, 'tb-b', 'broken.json');
    writeFileSync(broken, '{"schemaVersion": 7}');
    const out: string[] = [];
    const program = new Command('mysql-perf-gate');
    addBaselineCommands(program, () => undefined, {
      stdout: (text) => out.push(text),
      stderr: () => undefined,
      env: {},
      now: () => NOW,
    });
    const error: unknown = await program
      .parseAsync(['baseline', 'show', '--dir', baselines], { from: 'user' })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(BaselineError);
    expect((error as BaselineError).message).toBe(
      `1 baseline file under ${baselines} could not be read:\nbaseline ${broken} has baseline schema version 7; this mysql-perf-gate reads version 1`,
    );
    expect(
      out
        .join('')
        .split('\n')
        .filter((line) => line.startsWith('tb-')),
    ).toHaveLength(2);
  });

  it('refuses list filters together with a FILE', async () => {
    const error = await failure(InputError, ['baseline', 'show', 'x.json', '--suite', 'quick']);
    expect(error.message).toBe(
      '--testbed and --suite choose baselines to list; leave them out when naming a FILE',
    );
  });
});
