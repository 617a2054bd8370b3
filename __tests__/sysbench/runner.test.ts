// The runner against a stand-in `sysbench` script on PATH that prints real captured outputs:
// exit codes, signals, aborts and timeouts are real processes, only the server is missing.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { BenchmarkError, DeadlineError, DependencyError, InterruptedError } from '../../src/errors.js';
import { quickDeadline } from '../../src/shell/deadline.js';
import { Suite } from '../../src/suite/suite-schema.js';
import type { SysbenchConnection } from '../../src/sysbench/args.js';
import type { IntervalReport } from '../../src/sysbench/report-schema.js';
import {
  checkSysbench,
  cleanupTables,
  prepareTables,
  runSysbench,
  runWorkload,
} from '../../src/sysbench/runner.js';
import { isRunning } from '../helpers/leftovers.js';

const FIXTURES = new URL('../../__fixtures__/sysbench/', import.meta.url);
const fixturePath = (name: string): string => new URL(name, FIXTURES).pathname;

// Its settings come from a file beside it: a child gets only the allow-listed environment.
const FAKE_SYSBENCH = `#!/bin/sh
FAKE_DIR=$(dirname "$0")
if [ -f "$FAKE_DIR/settings" ]; then . "$FAKE_DIR/settings"; fi
printf '%s\\n' "$@" > "$FAKE_DIR/args"
echo $$ > "$FAKE_DIR/pid"
if [ "$1" = "--version" ]; then printf '%s\\n' "\${FAKE_VERSION:-sysbench 1.0.20}"; exit "\${FAKE_EXIT:-0}"; fi
if [ -n "$FAKE_STDERR" ]; then printf '%s\\n' "$FAKE_STDERR" >&2; fi
if [ -n "$FAKE_OUTPUT" ]; then cat "$FAKE_OUTPUT"; fi
if [ -n "$FAKE_SIGNAL" ]; then kill -s "$FAKE_SIGNAL" $$; fi
if [ -n "$FAKE_SLEEP" ]; then exec sleep "$FAKE_SLEEP"; fi
exit "\${FAKE_EXIT:-0}"
`;

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the names fake() takes
const FAKE_VARIABLES = [
  'FAKE_VERSION',
  'FAKE_EXIT',
  'FAKE_STDERR',
  'FAKE_OUTPUT',
  'FAKE_SIGNAL',
  'FAKE_SLEEP',
];

const connection: SysbenchConnection = {
  kind: 'socket',
  socketPath: '/tmp/nowhere.sock',
  host: '127.0.0.1',
  port: 3306,
  workload: { user: 'bench', password: 'hunter2' },
  database: 'sbtest',
};

const suite = Suite.parse({
  name: 'fake',
  threads: [4],
  durationSeconds: 5,
  repetitions: 2,
  tables: 4,
  tableSize: 10000,
  percentile: 99,
  workloads: [{ name: 'oltp_point_select' }],
});
const workload = suite.workloads[0]!;
const CELL = 'oltp_point_select @ 4 threads on head';

let dir: string;
let savedPath: string | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(os.tmpdir(), 'sysbench-runner-test-'));
  writeFileSync(join(dir, 'sysbench'), FAKE_SYSBENCH);
  chmodSync(join(dir, 'sysbench'), 0o755);
  savedPath = process.env.PATH;
  process.env.PATH = `${dir}:${savedPath ?? ''}`;
});

afterEach(() => {
  rmSync(join(dir, 'settings'), { force: true });
});

afterAll(() => {
  process.env.PATH = savedPath;
  rmSync(dir, { recursive: true, force: true });
});

type FakeVariable = (typeof FAKE_VARIABLES)[number];

function fake(settings: Partial<Record<FakeVariable, string>>): void {
  const lines = Object.entries(settings).map(
    ([name, value]) => `${name}='${(value ?? '').replaceAll("'", "'\\''")}'`,
  );
  writeFileSync(join(dir, 'settings'), `${lines.join('\n')}\n`);
}

function recordedArgs(): string[] {
  return readFileSync(join(dir, 'args'), 'utf8').trimEnd().split('\n');
}

async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`rejected with a non-Error: ${String(error)}`);
  }
  throw new Error('expected a rejection');
}

describe('checkSysbench', () => {
  it('returns the version', async () => {
    await expect(checkSysbench()).resolves.toBe('1.0.20');
    expect(recordedArgs()).toEqual(['--version']);
  });

  it('keeps a suffix such as a git build id', async () => {
    fake({ FAKE_VERSION: 'sysbench 1.1.0-df89d34 (using bundled LuaJIT 2.1.0-beta3)' });
    await expect(checkSysbench()).resolves.toBe('1.1.0-df89d34');
  });

  it('rejects sysbench 0.x, whose output is different', async () => {
    fake({ FAKE_VERSION: 'sysbench 0.4.12' });
    const error = await rejectionOf(checkSysbench());
    expect(error).toBeInstanceOf(DependencyError);
    expect(error.message).toContain('sysbench 0.4.12 is not supported');
    expect(error.message).toContain('sudo apt-get install sysbench');
  });

  it('rejects a sysbench that prints no version', async () => {
    fake({ FAKE_VERSION: 'hello', FAKE_EXIT: '1' });
    const error = await rejectionOf(checkSysbench());
    expect(error).toBeInstanceOf(DependencyError);
    expect(error.message).toContain('did not print a sysbench version');
  });

  it('says how to install sysbench when it is missing', async () => {
    const path = process.env.PATH;
    process.env.PATH = join(dir, 'empty');
    try {
      const error = await rejectionOf(checkSysbench());
      expect(error).toBeInstanceOf(DependencyError);
      expect(error.message).toContain('sudo apt-get install sysbench');
      expect(error.message).toContain('https://github.com/akopytov/sysbench#installing-from-binary-packages');
    } finally {
      process.env.PATH = path;
    }
  });
});

describe('runWorkload', () => {
  it('runs, parses and reports each interval as it comes', async () => {
    fake({ FAKE_OUTPUT: fixturePath('point-select-intervals.txt') });
    const intervals: IntervalReport[] = [];
    const run = await runWorkload(connection, suite, workload, 4, { seconds: 5 }, CELL, {
      onInterval: (interval) => {
        intervals.push(interval);
      },
    });
    expect(run.report.tps).toBe(83305.53);
    expect(run.report.intervals).toHaveLength(4);
    expect(intervals).toEqual(run.report.intervals);
    expect(run.raw).toBe(readFileSync(fixturePath('point-select-intervals.txt'), 'utf8'));
    expect(run.args).toContain('--mysql-password=***');
    expect(run.args).toContain('--threads=4');
    expect(recordedArgs()).toContain('--mysql-password=hunter2');
  });

  it('keeps stderr in the raw output', async () => {
    fake({ FAKE_OUTPUT: fixturePath('point-select-intervals.txt'), FAKE_STDERR: 'WARNING: something odd' });
    const run = await runWorkload(connection, suite, workload, 4, { seconds: 5 }, CELL);
    expect(run.raw).toMatch(/--- stderr ---\nWARNING: something odd\n$/);
  });

  it('fails when sysbench exits non-zero, naming the cell and quoting stdout and stderr', async () => {
    fake({
      FAKE_OUTPUT: fixturePath('fatal-missing-tables.txt'),
      FAKE_STDERR: 'some stderr line',
      FAKE_EXIT: '1',
    });
    const error = await rejectionOf(runWorkload(connection, suite, workload, 4, { seconds: 5 }, CELL));
    expect(error).toBeInstanceOf(BenchmarkError);
    expect(error.message).toContain(`sysbench for ${CELL} exited with status 1`);
    expect(error.message).toContain(`FATAL: MySQL error: 1146 "Table 'sbtest.sbtest5' doesn't exist"`);
    expect(error.message).toContain('some stderr line');
    expect(error.message).toContain('--mysql-password=***');
    expect(error.message).not.toContain('hunter2');
  });

  it('fails when sysbench prints FATAL but exits 0', async () => {
    fake({ FAKE_OUTPUT: fixturePath('fatal-connection-killed.txt') });
    const error = await rejectionOf(runWorkload(connection, suite, workload, 4, { seconds: 5 }, CELL));
    expect(error).toBeInstanceOf(BenchmarkError);
    expect(error.message).toContain('reported FATAL errors');
    expect(error.message).toContain('Server has gone away');
  });

  it('fails when sysbench crashes', async () => {
    fake({ FAKE_OUTPUT: fixturePath('reconnect-segfault.txt'), FAKE_SIGNAL: 'SEGV' });
    const error = await rejectionOf(runWorkload(connection, suite, workload, 4, { seconds: 5 }, CELL));
    expect(error).toBeInstanceOf(BenchmarkError);
    expect(error.message).toContain(`sysbench for ${CELL} was killed by SIGSEGV`);
    expect(error.message).toContain('[ 1s ] thds: 2 tps: 4073.35');
  });

  it('fails on a truncated output that exited 0', async () => {
    fake({ FAKE_OUTPUT: fixturePath('truncated.txt') });
    const error = await rejectionOf(runWorkload(connection, suite, workload, 4, { seconds: 5 }, CELL));
    expect(error).toBeInstanceOf(BenchmarkError);
    expect(error.message).toContain(CELL);
    expect(error.message).toContain('truncated');
  });

  it('fails when the report is for another thread count or percentile', async () => {
    fake({ FAKE_OUTPUT: fixturePath('point-select-intervals.txt') });
    await expect(runWorkload(connection, suite, workload, 8, { seconds: 5 }, CELL)).rejects.toThrow(
      /ran 4 threads, not the 8 asked for/,
    );
    const suite95 = { ...suite, percentile: 95 };
    await expect(runWorkload(connection, suite95, workload, 4, { seconds: 5 }, CELL)).rejects.toThrow(
      /99th latency percentile, not the suite's 95th/,
    );
  });

  it('kills sysbench when the signal aborts, and rethrows the reason', async () => {
    fake({ FAKE_SLEEP: '30' });
    const controller = new AbortController();
    const started = Date.now();
    const running = runWorkload(connection, suite, workload, 4, { seconds: 5 }, CELL, {
      signal: controller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const pid = Number(readFileSync(join(dir, 'pid'), 'utf8'));
    expect(isRunning(pid)).toBe(true);
    const reason = new InterruptedError('SIGINT');
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(10_000);
    for (let waited = 0; isRunning(pid) && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(isRunning(pid)).toBe(false);
  });

  it('rethrows an error thrown by onInterval once sysbench has finished', async () => {
    fake({ FAKE_OUTPUT: fixturePath('point-select-intervals.txt') });
    const error = new Error('progress display broke');
    await expect(
      runWorkload(connection, suite, workload, 4, { seconds: 5 }, CELL, {
        onInterval: () => {
          throw error;
        },
      }),
    ).rejects.toBe(error);
  });
});

describe('runSysbench', () => {
  it('stops a sysbench that outlives its deadline and says so in one line', async () => {
    fake({ FAKE_OUTPUT: fixturePath('reconnect-segfault.txt'), FAKE_SLEEP: '30' });
    const deadline = { what: `sysbench for ${CELL}`, seconds: 0.5 };
    const error = await rejectionOf(runSysbench({ args: ['x', 'run'], what: CELL, deadline }));
    expect(error).toBeInstanceOf(DeadlineError);
    expect(error.message).toBe(
      `sysbench for ${CELL} did not finish within its deadline of 1s and was stopped: is it hung (a dead connection, a stopped process, a full disk)?`,
    );
    expect(error instanceof DeadlineError && error.output.stdout).toContain('[ 1s ] thds: 2 tps: 4073.35');
  });

  it('reports a sysbench that cannot be started without quoting the password', async () => {
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    writeFileSync(join(locked, 'sysbench'), FAKE_SYSBENCH, { mode: 0o644 });
    const path = process.env.PATH;
    process.env.PATH = locked;
    try {
      const error = await rejectionOf(
        runSysbench({
          args: ['x', '--mysql-password=hunter2', 'run'],
          what: CELL,
          deadline: quickDeadline('sysbench'),
        }),
      );
      expect(error).toBeInstanceOf(BenchmarkError);
      expect(error.message).toContain(`could not start sysbench for ${CELL}`);
      expect(error.message).not.toContain('hunter2');
    } finally {
      process.env.PATH = path;
    }
  });
});

describe('prepareTables and cleanupTables', () => {
  it('prepares and returns the output', async () => {
    fake({ FAKE_OUTPUT: fixturePath('read-write-normal.txt') });
    await expect(prepareTables(connection, suite)).resolves.toContain('SQL statistics:');
    expect(recordedArgs()).toEqual(
      expect.arrayContaining(['oltp_read_write', '--tables=4', '--threads=4', 'prepare']),
    );
  });

  it('explains a prepare over existing tables', async () => {
    writeFileSync(
      join(dir, 'exists.txt'),
      "FATAL: `sysbench.cmdline.call_command' function failed: /usr/share/sysbench/oltp_common.lua:197: SQL error, errno = 1050, state = '42S01': Table 'sbtest1' already exists\n",
    );
    fake({ FAKE_OUTPUT: join(dir, 'exists.txt'), FAKE_EXIT: '1' });
    const error = await rejectionOf(prepareTables(connection, suite));
    expect(error).toBeInstanceOf(BenchmarkError);
    expect(error.message).toContain('prepare of 4 table(s) in database sbtest exited with status 1');
    expect(error.message).toContain('left from an earlier prepare');
  });

  it('cleans up', async () => {
    fake({ FAKE_OUTPUT: '' });
    await expect(cleanupTables(connection, suite)).resolves.toBe('');
    expect(recordedArgs()).toEqual(expect.arrayContaining(['oltp_read_write', '--tables=4', 'cleanup']));
  });
});
