import { checkComparable, optionDifferences, suiteDifferences } from '../../src/baseline/comparable.js';
import { createEntry } from '../../src/baseline/entry.js';
import { suiteHash } from '../../src/suite/suite-hash.js';
import type { BaselineEntry } from '../../src/baseline/baseline-schema.js';
import { BaselineError } from '../../src/errors.js';
import type { Environment, Results } from '../../src/results/results-schema.js';
import { fixtureResults, laterRun, withEnvironment } from '../../__fixtures__/baseline/results.js';
import { thrownBy } from '../helpers/errors.js';

const SAVED_AT = '2026-11-22T17:00:00.000Z';
const COMMIT = '0123456789abcdef0123456789abcdef01234567';

function entry(): BaselineEntry {
  return createEntry(fixtureResults(), { savedAt: SAVED_AT, commit: COMMIT });
}

/** The same setup measured an hour later, with some of its machine facts changed. */
function head(changes: Partial<Environment> = {}): Results {
  return withEnvironment(laterRun(60, 0.97), changes);
}

function refusal(results: Results): string {
  return thrownBy(BaselineError, () => checkComparable(entry(), results)).message;
}

describe('checkComparable', () => {
  it('accepts a later run of the same setup without warnings', () => {
    expect(checkComparable(entry(), head())).toEqual([]);
  });

  const warnings: [string, Partial<Environment>, string][] = [
    [
      'governor',
      { governor: 'performance' },
      'CPU frequency governor differs: baseline none, results performance',
    ],
    [
      'kernel',
      { kernel: '6.1.0-27-amd64' },
      'kernel differs: baseline 6.18.44-fc-v657, results 6.1.0-27-amd64',
    ],
    [
      'CPU model (same fingerprint)',
      { cpuModel: 'Intel(R) Xeon(R) Gold 6230' },
      'CPU model differs: baseline Intel(R) Xeon(R) Processor, results Intel(R) Xeon(R) Gold 6230',
    ],
    [
      'memory (same fingerprint: same GiB)',
      { memoryBytes: 25_276_510_208 - 4096 },
      'memory differs: baseline 25276510208 bytes (23.5 GiB), results 25276506112 bytes (23.5 GiB)',
    ],
    [
      'virtualization',
      { virtualized: false },
      'virtualization differs: the baseline ran under a hypervisor, the results on bare metal',
    ],
    [
      'sysbench version',
      { sysbenchVersion: '1.0.18' },
      'sysbench version differs: baseline 1.0.20, results 1.0.18',
    ],
  ];

  it.each(warnings)('warns when the %s differs', (_name, changes, warning) => {
    expect(checkComparable(entry(), head(changes))).toEqual([warning]);
  });

  it('warns about every drift at once, in a fixed order', () => {
    expect(
      checkComparable(entry(), head({ kernel: 'k2', governor: 'powersave', virtualized: false })),
    ).toEqual([
      'CPU frequency governor differs: baseline none, results powersave',
      'kernel differs: baseline 6.18.44-fc-v657, results k2',
      'virtualization differs: the baseline ran under a hypervisor, the results on bare metal',
    ]);
  });

  it('warns when the server options differ, naming each option', () => {
    const results = head();
    const options = { innodb_buffer_pool_size: '1G', performance_schema: 'ON' };
    const changed = { ...results, sides: { head: { ...results.sides.head, options } } };
    expect(checkComparable(entry(), changed)).toEqual([
      'server options differ: innodb_buffer_pool_size 256M → 1G, max_connections 200 → (unset), performance_schema (unset) → ON',
    ]);
    expect(optionDifferences({ 'a-b': '1' }, { a_b: '1' })).toEqual([]);
  });

  it('refuses other hardware, naming the facts that differ and --force', () => {
    const message = refusal(
      head({
        fingerprint: '0000aaaa0000aaaa',
        cpuModel: 'AMD EPYC 7B13',
        logicalCores: 8,
        memoryBytes: 2 ** 35,
      }),
    );
    expect(message).toBe(
      `the results are not comparable with the baseline entry saved ${SAVED_AT} (commit ${COMMIT}):\n` +
        '  - different hardware (fingerprint 73565f5a8c11a8d9 → 0000aaaa0000aaaa): CPU model "Intel(R) Xeon(R) Processor" → "AMD EPYC 7B13", logical cores 2 → 8, memory 23.5 GiB → 32.0 GiB\n' +
        'pass the force option (--force, input "force") to compare anyway; these differences then become warnings',
    );
  });

  it('refuses another suite by name', () => {
    const results = head();
    expect(refusal({ ...results, suite: { ...results.suite, name: 'standard' } })).toContain(
      '  - different suites: the baseline ran suite "quick", the results suite "standard"\n',
    );
  });

  it('refuses another definition of the same suite, naming the fields and both hashes', () => {
    const results = head();
    const suite = { ...results.suite, durationSeconds: 60, threads: [1, 4, 16], description: 'longer' };
    const message = refusal({ ...results, suite });
    expect(message).toContain(
      `  - the definition of suite "quick" differs (baseline hash ${suiteHash(results.suite)}, results hash ${suiteHash(suite)}): threads [1,4] → [1,4,16], durationSeconds 10 → 60\n`,
    );
    expect(message).not.toContain('description');
    expect(
      checkComparable(entry(), {
        ...results,
        suite: { ...results.suite, tolerances: { tps: 0.5, overrides: [] } },
      }),
    ).toEqual([]);
  });

  it('lists every refusal in one error', () => {
    const results = head({ fingerprint: 'ffffffffffffffff' });
    const message = refusal({ ...results, suite: { ...results.suite, repetitions: 5 } });
    expect(message.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(2);
  });

  it('with force, turns refusals into warnings and keeps the other warnings', () => {
    const results = head({ fingerprint: 'ffffffffffffffff', cpuModel: 'AMD EPYC 7B13', kernel: 'k2' });
    expect(checkComparable(entry(), results, { force: true })).toEqual([
      'compared anyway (--force, input "force") despite different hardware (fingerprint 73565f5a8c11a8d9 → ffffffffffffffff): CPU model "Intel(R) Xeon(R) Processor" → "AMD EPYC 7B13"',
      'kernel differs: baseline 6.18.44-fc-v657, results k2',
    ]);
  });

  it('names what changed inside options and workloads', () => {
    const suite = fixtureResults().suite;
    const [first, second] = suite.workloads;
    const workloads = [
      { ...first!, options: { skip_trx: 'ON' } },
      second!,
      { name: 'oltp_update_index', options: {} },
    ];
    const serverOptions = { ...suite.serverOptions, innodb_buffer_pool_size: '1G', sync_binlog: '1' };
    expect(suiteDifferences(suite, { ...suite, workloads, serverOptions })).toEqual([
      'serverOptions.innodb_buffer_pool_size "256M" → "1G"',
      'serverOptions.sync_binlog (unset) → "1"',
      'workloads removed oltp_write_only',
      'workloads added oltp_update_index',
      'workloads[oltp_point_select].options.skip_trx (unset) → "ON"',
    ]);
    expect(suiteDifferences(suite, { ...suite, workloads: [...suite.workloads].reverse() })).toEqual([
      'workloads reordered',
    ]);
    expect(suiteDifferences(suite, { ...suite, prepareOptions: { x: 'y'.repeat(80) } })).toEqual([
      `prepareOptions.x (unset) → "${'y'.repeat(46)}…`,
    ]);
  });
});
