// The operational kinds as a suite states them: what they require and refuse, one line per field,
// what they yield, and the bundled suite; their figures' pure parts (the report, the redo read
// from an error log) against the results schema and the flavors' own log lines.
import { InputError } from '../../src/errors.js';
import { describeFlavor } from '../../src/flavor/flavors.js';
import { Repetition } from '../../src/results/results-schema.js';
import { operationReport, redoBytesRecovered } from '../../src/run/operation-figures.js';
import { planSteps, plannedSeconds } from '../../src/run/plan.js';
import { loadSuite } from '../../src/suite/load-suite.js';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { hasWarmup, measurementLimit } from '../../src/suite/suite-schema.js';
import { kindOf } from '../../src/workload/kinds.js';
import { thrownBy } from '../helpers/errors.js';

function errorLines(input: Record<string, unknown>): string[] {
  const error = thrownBy(InputError, () => parseSuite(JSON.stringify(input), 'ops.yml'));
  return error.message.split('\n').slice(1);
}

const base = {
  name: 'ops',
  metric: 'instructions',
  threads: [1],
  repetitions: 2,
  tables: 2,
  tableSize: 1000,
  randSeed: 7,
};

describe('the operational kinds in a suite', () => {
  it('the bundled operations suite: each kind once, no warm-up, an estimate per repetition', () => {
    const suite = loadSuite('operations');
    const kinds = suite.workloads.map((workload) => kindOf(workload).operation);
    expect(kinds).toEqual(['recovery', 'cold-start', 'replica-apply']);
    for (const workload of suite.workloads) expect(hasWarmup(suite, workload)).toBe(false);
    const cold = suite.workloads[1];
    if (cold === undefined) throw new Error('no cold start');
    expect(measurementLimit(suite, cold, 'measure')).toEqual({ events: 1 });
    const steps = planSteps(suite, ['base', 'head']);
    expect(steps.filter((step) => step.kind === 'warmup')).toEqual([]);
    expect(steps.filter((step) => step.kind === 'measure')).toHaveLength(3 * suite.repetitions * 2);
    // Three kinds at 15-20 s a pass, both sides: minutes, not hours.
    const seconds = steps.reduce((sum, step) => sum + plannedSeconds(step, suite), 0);
    expect(seconds).toBeGreaterThan(60);
    expect(seconds).toBeLessThan(3600);
  });

  it('requires a write load of a recovery or an apply, in events', () => {
    const lines = errorLines({ ...base, workloads: [{ name: 'crash', kind: 'recovery' }] });
    expect(lines).toEqual([
      expect.stringMatching(
        /workloads\[0\]\.events.*required by kind recovery: the transactions of its write load/,
      ),
    ]);
  });

  it('refuses a cold start with a load, client threads, a reset or a warm-up, naming each field', () => {
    const lines = errorLines({
      ...base,
      metric: 'throughput',
      durationSeconds: 5,
      randSeed: 7,
      threads: [1, 4],
      workloads: [{ name: 'start', kind: 'cold-start', events: 10, resetData: 'restore' }],
    });
    expect(lines.join('\n')).toMatch(/workloads\[0\]\.events.*not used by kind cold-start/);
    expect(lines.join('\n')).toMatch(/threads.*must be \[1\]/);
    expect(lines.join('\n')).toMatch(/workloads\[0\]\.resetData.*not used by kind cold-start/);
  });

  it("takes a replica apply's threads as its applier's, in an instruction suite too", () => {
    const suite = parseSuite(
      JSON.stringify({
        ...base,
        workloads: [{ name: 'apply', kind: 'replica-apply', events: 100, threads: [1, 4] }],
      }),
      'ops.yml',
    );
    expect(suite.workloads[0]?.threads).toEqual([1, 4]);
  });

  it('refuses more applier threads than the results record, before the run', () => {
    const lines = errorLines({
      ...base,
      workloads: [{ name: 'apply', kind: 'replica-apply', events: 100, threads: [4, 2000] }],
    });
    expect(lines).toEqual([
      expect.stringMatching(
        /workloads\[0\]\.threads.*2000 applier threads: a replica apply runs at most 1024$/,
      ),
    ]);
  });

  it('allows a write load in events in a throughput suite, for an operation only', () => {
    const input = { ...base, metric: 'throughput', durationSeconds: 5 };
    expect(() =>
      parseSuite(
        JSON.stringify({ ...input, workloads: [{ name: 'crash', kind: 'recovery', events: 100 }] }),
        'ops.yml',
      ),
    ).not.toThrow();
    expect(errorLines({ ...input, workloads: [{ name: 'oltp_point_select', events: 100 }] })).toEqual([
      expect.stringMatching(/workloads\[0\]\.events.*only for metric: instructions/),
    ]);
  });

  it('yields the operation metrics, never throughput or latency', () => {
    const suite = loadSuite('operations');
    for (const workload of suite.workloads) {
      const metrics = kindOf(workload).metrics;
      expect(metrics).toContain('instructions');
      expect(metrics).toContain('seconds');
      expect(metrics).not.toContain('tps');
      expect(metrics).not.toContain('latencyMs');
    }
  });
});

describe("an operation's figures", () => {
  it('a report the results schema takes: its units as transactions, its seconds as its time', () => {
    const report = operationReport(2000, 4, 95);
    const repetition = Repetition.parse({
      index: 1,
      sequence: 1,
      startedAt: new Date(0).toISOString(),
      report,
      rawOutput: 'head/replica_apply-t1-rep1.txt',
      operation: {
        kind: 'replica-apply',
        per: 'applied transaction',
        units: 2000,
        seconds: 4,
        loadEvents: 2000,
      },
    });
    expect(repetition.report.tps).toBe(500);
    expect(repetition.report.transactions).toBe(2000);
  });

  it('refuses figures per something else than the operation is measured per', () => {
    const parsed = Repetition.safeParse({
      index: 1,
      sequence: 1,
      startedAt: new Date(0).toISOString(),
      report: operationReport(1, 0.5, 95),
      rawOutput: 'x.txt',
      operation: { kind: 'recovery', per: 'start', units: 1, seconds: 0.5 },
    });
    expect(parsed.success).toBe(false);
  });

  it("reads the redo a MariaDB recovery applied from its error log's own lines", () => {
    const log = [
      '2026-11-29 10:14:47 0 [Note] InnoDB: Starting crash recovery from checkpoint LSN=44878',
      '2026-11-29 10:14:47 0 [Note] InnoDB: End of log at LSN=9893989',
      '2026-11-29 10:14:47 0 [Note] InnoDB: To recover: 458 pages',
    ].join('\n');
    expect(redoBytesRecovered(log, describeFlavor('mariadb').operations.recovery)).toBe(9893989 - 44878);
  });

  it("reads a MySQL recovery's, from its last line of how far it scanned", () => {
    const log = [
      '[InnoDB] Starting to parse redo log at lsn = 18434616, whereas checkpoint_lsn = 18434560 and start_lsn = 18434048',
      '[InnoDB] Doing recovery: scanned up to log sequence number 23855104',
      '[InnoDB] Doing recovery: scanned up to log sequence number 27721728',
    ].join('\n');
    expect(redoBytesRecovered(log, describeFlavor('mysql').operations.recovery)).toBe(27721728 - 18434560);
  });

  it('says nothing when the log names no recovery, or a log that ends before its checkpoint', () => {
    const { recovery } = describeFlavor('mariadb').operations;
    expect(redoBytesRecovered('[Note] mariadbd: ready for connections.', recovery)).toBeUndefined();
    expect(
      redoBytesRecovered('Starting crash recovery from checkpoint LSN=500\nEnd of log at LSN=400', recovery),
    ).toBeUndefined();
  });
});
