// What the command line prints when it is given the wrong file or numbers no statistic takes: one
// line and exit 2 (or a verdict), never a stack trace unless asked for (--verbose on any command,
// or MYSQL_PERF_GATE_DEBUG=1); an error the tool did not expect is one line saying so.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { DEBUG_ENV, main, reportError } from '../../src/cli/program.js';
import { ResultsError } from '../../src/errors.js';
import { captureOutput, ROOT, useTempDir } from '../helpers/real-run.js';

const FIXTURES = join(ROOT, '__fixtures__');
// The same Debian mariadbd on both sides, quick suite, 5 repetitions a side.
const AA = join(FIXTURES, 'results/quick-aa-5reps.json');
// The instructions suite under callgrind, the same server on both sides, 3 repetitions a side.
const INSTRUCTIONS = join(FIXTURES, 'results/instructions-aa.json');
const VERDICT = join(FIXTURES, 'verdict/quick-durability.v3.json');
const BASELINE = join(FIXTURES, 'baseline/quick-mariadb-10.11.baseline.json');
/** What a reader of results says of VERDICT, an A/B verdict: the results it judged, as it names them. */
const JUDGED = 'give the results it judged instead: /work/main/__fixtures__/results/quick-durability.json';

const temp = useTempDir('gate-errors-');
const output = captureOutput();

beforeEach(() => {
  // As a user runs it: no stack unless a test asks for one.
  delete process.env.MYSQL_PERF_GATE_DEBUG;
});

function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

/** Exit 2 and exactly one line on the output, `line` after the program's name; no stack. */
function expectOneLine(code: number, line: string | RegExp): void {
  const lines = output.text.trimEnd().split('\n');
  expect({ code, lines: lines.length }).toEqual({ code: 2, lines: 1 });
  if (typeof line === 'string') expect(lines[0]).toBe(`mysql-perf-gate: ${line}`);
  else expect(lines[0]).toMatch(line);
  expect(output.text).not.toMatch(/\n\s+at /);
}

function writeJson(name: string, data: unknown): string {
  const path = join(temp.path, name);
  writeFileSync(path, JSON.stringify(data));
  return path;
}

interface MutableResults {
  schemaVersion: number;
  cells: {
    side: string;
    repetitions: {
      report: { tps: number };
      cost?: { callgrind?: { total: number; foreground: number } };
    }[];
  }[];
}

function mutated(fixture: string, name: string, change: (results: MutableResults) => void): string {
  const data = JSON.parse(readFileSync(fixture, 'utf8')) as MutableResults;
  change(data);
  return writeJson(name, data);
}

/** A history file, written by history append from the A/A results. */
async function historyFile(): Promise<string> {
  const dir = join(temp.path, 'history');
  const args = ['history', 'append', AA, '--dir', dir, '--commit', 'abcdef1', '--testbed', 'runner'];
  expect(await cli(...args, '--commit-date', '2026-11-02T00:00:00Z')).toBe(0);
  const testbed = join(dir, 'runner');
  const [name] = readdirSync(testbed);
  output.clear();
  return join(testbed, name ?? 'missing');
}

describe('compare given another file than results', () => {
  const wants = 'compare reads the results.json that run writes';

  it('names a verdict, a baseline, a history and a runner check, and who writes each', async () => {
    expectOneLine(
      await cli('compare', VERDICT),
      `${VERDICT} is a verdict (written by compare), not results: ${wants}; ${JUDGED}`,
    );
    output.clear();
    expectOneLine(
      await cli('compare', BASELINE),
      `${BASELINE} is a baseline (written by baseline save), not results: ${wants}`,
    );
    const history = await historyFile();
    expectOneLine(
      await cli('compare', history),
      `${history} is a history (written by history append), not results: ${wants}`,
    );
    output.clear();
    const doctor = writeJson('doctor.json', {
      tool: 'mysql-perf-gate doctor',
      toolVersion: '0.2.0',
      findings: [],
      noise: null,
    });
    expectOneLine(
      await cli('compare', doctor),
      `${doctor} is a runner check (written by doctor --json), not results: ${wants}`,
    );
    output.clear();
    const changes = writeJson('changes.json', { schemaVersion: 1, histories: [] });
    expectOneLine(
      await cli('compare', changes),
      `${changes} is histories' change points (written by history changes), not results: ${wants}`,
    );
  });

  it('names a directory, and the results.json inside it when there is one', async () => {
    const report = join(temp.path, 'report');
    mkdirSync(report);
    expectOneLine(await cli('compare', report), `${report} is a directory, not results: ${wants}`);
    output.clear();
    copyFileSync(AA, join(report, 'results.json'));
    expectOneLine(
      await cli('compare', report),
      `${report} is a directory: give the results.json inside it, ${join(report, 'results.json')}`,
    );
  });

  it('says JSON of no known kind is not a results file, naming the first field that tells', async () => {
    const manifest = join(ROOT, 'package.json');
    expectOneLine(
      await cli('compare', manifest),
      `${manifest} is not a mysql-perf-gate results file: it has no "schemaVersion" field`,
    );
    output.clear();
    const list = writeJson('list.json', [1, 2]);
    expectOneLine(
      await cli('compare', list),
      `${list} is not a mysql-perf-gate results file: it holds an array, not an object`,
    );
    output.clear();
    const extra = writeJson('extra.json', { schemaVersion: 1, cells: [], sides: {}, mine: true });
    expectOneLine(
      await cli('compare', extra),
      `${extra} is not a mysql-perf-gate results file: it has no "tool" field`,
    );
  });

  it('keeps the version hint for results of a newer schema', async () => {
    const newer = mutated(AA, 'newer.json', (results) => {
      results.schemaVersion = 2;
    });
    expectOneLine(
      await cli('compare', newer),
      `${newer} has results schema version 2; this mysql-perf-gate reads version 1`,
    );
  });

  it('--baseline given results or a verdict says what it got', async () => {
    const out = join(temp.path, 'out');
    expectOneLine(
      await cli('compare', AA, '--baseline', AA, '--report-dir', out),
      `${AA} is a results file (written by run), not a baseline: compare reads a baseline file that ` +
        `baseline save writes; store it as one with: mysql-perf-gate baseline save ${AA}`,
    );
    output.clear();
    expectOneLine(
      await cli('compare', AA, '--baseline', VERDICT, '--report-dir', out),
      `${VERDICT} is a verdict (written by compare), not a baseline: compare reads a baseline file that baseline save writes`,
    );
    expect(existsSync(out)).toBe(false);
  });
});

describe('every reader of results, baselines and histories names the wrong file', () => {
  it.each([
    [
      'merge',
      () => ['merge', AA, VERDICT, '--out', join(temp.path, 'merged.json')],
      VERDICT,
      'a verdict (written by compare), not results: merge reads the results.json that run writes; ' + JUDGED,
    ],
    [
      'baseline save',
      () => ['baseline', 'save', BASELINE, '--dir', temp.path],
      BASELINE,
      'a baseline (written by baseline save), not results: baseline save reads the results.json that run writes',
    ],
    [
      'history append',
      () => ['history', 'append', VERDICT, '--dir', temp.path, '--testbed', 'runner'],
      VERDICT,
      'a verdict (written by compare), not results: history append reads the results.json that run writes; ' +
        JUDGED,
    ],
    [
      'baseline show',
      () => ['baseline', 'show', VERDICT],
      VERDICT,
      'a verdict (written by compare), not a baseline: baseline show reads a baseline file that baseline save writes',
    ],
    [
      'history page',
      () => ['history', 'page', '--history', AA, '--report-dir', temp.path],
      AA,
      `a results file (written by run), not a history: history page reads a history file that history append writes; append it to one with: mysql-perf-gate history append ${AA}`,
    ],
  ] as const)('%s', async (_name, args, path, what) => {
    expectOneLine(await cli(...args()), `${path} is ${what}`);
  });
});

describe('numbers no statistic takes: one line, or a verdict', () => {
  const out = (): string => join(temp.path, 'report');

  it.each([
    [
      'a repetition at 0 tps',
      () =>
        mutated(AA, 'zero-tps.json', (results) => {
          results.cells[0]!.repetitions[0]!.report.tps = 0;
        }),
    ],
    [
      'a callgrind count of 0',
      () =>
        mutated(INSTRUCTIONS, 'zero-callgrind.json', (results) => {
          const callgrind = results.cells[0]!.repetitions[0]!.cost?.callgrind;
          if (callgrind === undefined) throw new Error('the fixture has callgrind counts');
          callgrind.total = 0;
          callgrind.foreground = 0;
        }),
    ],
    [
      'one repetition per cell',
      () =>
        mutated(AA, 'one-repetition.json', (results) => {
          for (const cell of results.cells) cell.repetitions = cell.repetitions.slice(0, 1);
        }),
    ],
    [
      'a base side at 1.7e308 tps',
      () =>
        mutated(AA, 'huge.json', (results) => {
          for (const cell of results.cells.filter((each) => each.side === 'base')) {
            for (const repetition of cell.repetitions) repetition.report.tps = 1.7e308;
          }
        }),
    ],
  ])('%s', async (_name, make) => {
    const path = make();
    const code = await cli('compare', path, '--report-dir', out());
    // Refused (the results schema may list the figures it refuses, one per line), or judged.
    if (code === 2) {
      expect(output.text.startsWith(`mysql-perf-gate: ${path} `)).toBe(true);
    } else {
      expect([0, 1]).toContain(code);
      expect(existsSync(join(out(), 'verdict.json'))).toBe(true);
    }
    expect(output.text).not.toMatch(/\n\s+at /);
  });

  it('names the file and the figure a statistic refused', async () => {
    const path = mutated(AA, 'one-repetition.json', (results) => {
      for (const cell of results.cells) cell.repetitions = cell.repetitions.slice(0, 1);
    });
    const code = await cli('compare', path, '--report-dir', out());
    // Once the comparison keeps such cells as unjudged, this is a verdict instead.
    if (code === 2) expectOneLine(code, `${path} cannot be judged: xs must contain at least 2 values; got 1`);
    else expect(existsSync(join(out(), 'verdict.json'))).toBe(true);
  });
});

describe('the stack, when asked for', () => {
  afterEach(() => {
    delete process.env.MYSQL_PERF_GATE_DEBUG;
  });

  it('follows the line with --verbose, on a command that had no --verbose of its own', async () => {
    expect(await cli('compare', VERDICT, '--verbose')).toBe(2);
    const [line, ...rest] = output.text.split('\n');
    expect(line).toMatch(/^mysql-perf-gate: \S+ is a verdict/);
    expect(rest.join('\n')).toMatch(/ResultsError: .* is a verdict[^]*\n\s+at /);
  });

  it(`follows the line with ${DEBUG_ENV}=1`, async () => {
    process.env[DEBUG_ENV] = '1';
    expect(await cli('baseline', 'show', VERDICT)).toBe(2);
    expect(output.text).toMatch(/^mysql-perf-gate: .*\nBaselineError: [^]*\n\s+at /);
  });
});

describe('an error the tool did not expect', () => {
  it('is one line saying so, where to report it and how to see the stack; exit 2', () => {
    const error = new TypeError("Cannot read properties of undefined (reading 'cells')");
    expect(reportError(error, false)).toBe(2);
    const issues = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bugs: { url: string } })
      .bugs.url;
    expect(issues).toMatch(/^https:\/\/github\.com\/.+\/issues$/);
    expect(output.text).toBe(
      "mysql-perf-gate: internal error: Cannot read properties of undefined (reading 'cells') — " +
        `please report it at ${issues}; run with --verbose for the stack\n`,
    );
  });

  it('keeps a message of several lines to one, and prints the stack with verbose', () => {
    expect(reportError(new Error('[\n  {\n    "code": "custom"\n  }\n]'), true)).toBe(2);
    const [line, ...stack] = output.text.split('\n');
    expect(line).toMatch(
      /^mysql-perf-gate: internal error: \[ \{ "code": "custom" \} \] — please report it at /,
    );
    expect(stack.join('\n')).toMatch(/\n\s+at /);
  });

  it("prints the tool's own errors as their message alone", () => {
    expect(reportError(new ResultsError('r.json is not JSON: Unexpected end of JSON input'), false)).toBe(2);
    expect(output.text).toBe('mysql-perf-gate: r.json is not JSON: Unexpected end of JSON input\n');
  });
});
