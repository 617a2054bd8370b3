import { InputError } from '../../src/errors.js';
import { parseToleranceRule, toleranceFor } from '../../src/compare/tolerances.js';
import { Tolerances } from '../../src/suite/suite-schema.js';
import { thrownBy } from '../helpers/errors.js';

describe('parseToleranceRule', () => {
  it.each([
    ['tps=0.03', { metric: 'tps', value: 0.03 }],
    ['latencyMs=10%', { metric: 'latencyMs', value: 0.1 }],
    ['oltp_point_select:tps=8%', { metric: 'tps', value: 0.08, workload: 'oltp_point_select' }],
    ['oltp_insert@64:tps=0.1', { metric: 'tps', value: 0.1, workload: 'oltp_insert', threads: 64 }],
  ])('reads %s', (text, rule) => {
    expect(parseToleranceRule(text, '--tolerance')).toEqual(rule);
  });

  it.each([
    ['tps', 'expected [WORKLOAD[@THREADS]:]METRIC=FRACTION'],
    ['qps=0.1', 'unknown metric "qps"; metrics: tps, notpm, latencyMs'],
    ['tps=0', 'must be a fraction above 0'],
  ])('rejects %s', (text, message) => {
    expect(thrownBy(InputError, () => parseToleranceRule(text, '--tolerance')).message).toContain(message);
  });
});

describe('toleranceFor', () => {
  const suite = Tolerances.parse({
    tps: 0.04,
    overrides: [
      { workload: 'oltp_point_select', tps: 0.08 },
      { workload: 'oltp_point_select', threads: 64, tps: 0.12 },
    ],
  });
  const cell = (workload: string, threads: number) => ({ workload, threads });

  it('takes the most specific suite rule, then the metric default', () => {
    expect(toleranceFor(cell('oltp_read_only', 1), 'tps', suite, [])).toBe(0.04);
    expect(toleranceFor(cell('oltp_point_select', 1), 'tps', suite, [])).toBe(0.08);
    expect(toleranceFor(cell('oltp_point_select', 64), 'tps', suite, [])).toBe(0.12);
    expect(toleranceFor(cell('oltp_point_select', 64), 'latencyMs', suite, [])).toBe(0.1);
  });

  it("lets a flag hold for every cell it matches, whatever the suite's rules are keyed on", () => {
    const flags = [
      parseToleranceRule('tps=0.02', '--tolerance'),
      parseToleranceRule('oltp_point_select:tps=0.5', '--tolerance'),
    ];
    expect(toleranceFor(cell('oltp_read_only', 1), 'tps', suite, flags)).toBe(0.02);
    expect(toleranceFor(cell('oltp_point_select', 1), 'tps', suite, flags)).toBe(0.5);
    // The suite's oltp_point_select@64 rule (12%) is more specific, but the flag is what was asked.
    expect(toleranceFor(cell('oltp_point_select', 64), 'tps', suite, flags)).toBe(0.5);
    // Flags still rank among themselves by specificity, and the suite decides where none matches.
    const narrow = [parseToleranceRule('oltp_point_select@64:tps=0.3', '--tolerance'), ...flags];
    expect(toleranceFor(cell('oltp_point_select', 64), 'tps', suite, narrow)).toBe(0.3);
    expect(toleranceFor(cell('oltp_point_select', 64), 'latencyMs', suite, flags)).toBe(
      toleranceFor(cell('oltp_point_select', 64), 'latencyMs', suite, []),
    );
  });
});
