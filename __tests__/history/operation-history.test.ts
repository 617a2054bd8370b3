// Operational cells (recovery, cold start, replica apply) in a nightly history and in bisect: their
// series are their seconds, a replica's apply rate and their figures per unit, never a throughput
// their report's rate only looks like; client cells keep their series, without gaps for metrics
// only an operation yields.
import { chosenMetric } from '../../src/bisect/bisect-inputs.js';
import { analyzeSeries, historySeries } from '../../src/history/changes.js';
import { appendToHistory, historyRun } from '../../src/history/history-entry.js';
import { panelName } from '../../src/report/specs/history.js';
import { fixtureResults } from '../helpers/report-input.js';
import {
  slowerRecovery,
  slowerReplicaApply,
  steadyColdStart,
  withOperationCells,
} from '../helpers/operation-results.js';

const quick = fixtureResults('quick-durability.json');
const counted = fixtureResults('instructions-performance-schema-work.json');
const options = { commit: 'a'.repeat(40), commitDate: null };

describe('a history of results with operational cells', () => {
  const results = withOperationCells(quick, [slowerRecovery(5), steadyColdStart(5), slowerReplicaApply(5)]);
  const run = historyRun(results, options);
  const series = (cell: string): Record<string, number[] | null> => {
    const values = run.entry.values[run.cells.indexOf(cell)] ?? [];
    return Object.fromEntries(run.metrics.map((metric, at) => [metric, values[at] ?? null]));
  };

  it("keeps each operational cell's seconds, apply rate and CPU per unit, and no throughput", () => {
    expect(run.metrics).toEqual(expect.arrayContaining(['tps', 'cpuTimeUs', 'seconds', 'applyRate']));
    const crash = series('crash@1');
    expect(crash.tps).toBeNull();
    expect(crash.latencyMs).toBeNull();
    expect(crash.applyRate).toBeNull();
    expect(crash.seconds).toEqual([3.2, 3.21, 3.22, 3.23, 3.24]);
    expect(crash.cpuTimeUs?.[0]).toBeCloseTo(2.4e6, -1);
    const apply = series('apply@1');
    expect(apply.applyRate?.[0]).toBeCloseTo(1000 / 4.8, 3);
    // Per applied transaction: the apply's CPU over the 1,000 transactions.
    expect(apply.cpuTimeUs?.[0]).toBeCloseTo(3.6e3, 0);
  });

  it("names each operational series' unit on the history's page", () => {
    const file = appendToHistory(null, results, run, { where: 'history.json' }).file;
    const all = historySeries(file);
    const cpu = all.find((one) => one.cell === 'crash@1' && one.metric === 'cpuTimeUs');
    expect(cpu?.per).toBe('recovery');
    const settings = { windowLength: 2, maxPValue: 0.05 };
    const analysed = (one: (typeof all)[number]) => analyzeSeries(one, results.suite.tolerances, settings);
    expect(panelName(analysed(cpu ?? all[0]!))).toBe('crash @ 1 (µs/recovery)');
    const client = all.find((one) => one.cell === 'oltp_write_only@1' && one.metric === 'cpuTimeUs');
    expect(panelName(analysed(client ?? all[0]!))).toBe('oltp_write_only @ 1 (µs/txn)');
    expect(all.some((one) => one.cell === 'crash@1' && one.metric === 'tps')).toBe(false);
  });

  it('gives client cells no operation series and names no gap for them', () => {
    const client = series('oltp_write_only@1');
    expect(client.seconds).toBeNull();
    expect(client.applyRate).toBeNull();
    expect(client.tps?.length).toBe(5);
    expect(run.gaps).toEqual(historyRun(quick, options).gaps);
  });

  it('keeps no operation metric for results without operational cells', () => {
    const plain = historyRun(quick, options);
    expect(plain.metrics).not.toContain('seconds');
    expect(plain.metrics).not.toContain('applyRate');
    const instructions = historyRun(withOperationCells(counted, [slowerRecovery(3)]), options);
    const values = instructions.entry.values[instructions.cells.indexOf('crash@1')] ?? [];
    expect(values[instructions.metrics.indexOf('instructions')]?.[0]).toBeCloseTo(6.4e9, -3);
  });
});

describe('bisecting an operational cell', () => {
  const suite = withOperationCells(quick, [slowerRecovery(5)]).suite;
  const instructionSuite = withOperationCells(counted, [slowerRecovery(3)]).suite;

  it('takes its seconds by default in a throughput suite, its instructions in an instruction suite', () => {
    expect(chosenMetric(suite, undefined, '--metric', [{ workload: 'crash' }])).toBe('seconds');
    expect(chosenMetric(instructionSuite, undefined, '--metric', [{ workload: 'crash' }])).toBe(
      'instructions',
    );
    expect(chosenMetric(suite, undefined, '--metric', [{ workload: 'oltp_write_only' }])).toBe('tps');
    expect(chosenMetric(suite, 'cpuTimeUs', '--metric', [{ workload: 'crash' }])).toBe('cpuTimeUs');
  });

  it('refuses a metric a chosen cell does not measure, naming the workload', () => {
    expect(() => chosenMetric(suite, 'tps', '--metric', [{ workload: 'crash' }])).toThrow(
      /^--metric tps: workload crash \(kind recovery\) does not measure tps; bisect cells that share a metric, and name it \(tps, /,
    );
    expect(() =>
      chosenMetric(suite, undefined, '--metric', [{ workload: 'oltp_write_only' }, { workload: 'crash' }]),
    ).toThrow(/^--metric: workload crash \(kind recovery\) does not measure tps/);
  });
});
