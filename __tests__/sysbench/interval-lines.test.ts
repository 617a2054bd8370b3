// One --report-interval line at a time, as the runner reads them for live progress; every line
// of a finished output is checked through parseSysbenchReport (parse-output.test.ts).
import { parseIntervalLine } from '../../src/sysbench/interval-lines.js';

describe('parseIntervalLine', () => {
  it('reads a sysbench interval line', () => {
    expect(
      parseIntervalLine(
        '[ 3s ] thds: 16 tps: 688.54 qps: 24636.17 (r/w/o: 19022.81/3566.78/2046.59) lat (ms,95%): 56.84 err/s: 669.52 reconn/s: 0.00',
      ),
    ).toEqual({
      timeS: 3,
      threads: 16,
      tps: 688.54,
      qps: 24636.17,
      readQps: 19022.81,
      writeQps: 3566.78,
      otherQps: 2046.59,
      latencyPercentileMs: 56.84,
      errorsPerS: 669.52,
      reconnectsPerS: 0,
    });
  });

  it('reads the variant printed by sysbench.report_default ("err/s" without a colon)', () => {
    const line =
      '[ 10s ] thds: 1 tps: 1.00 qps: 2.00 (r/w/o: 1.00/1.00/0.00) lat (ms,95%): 0.00 err/s 0.00 reconn/s: 0.00';
    expect(parseIntervalLine(line)).toMatchObject({ timeS: 10, tps: 1, latencyPercentileMs: 0 });
  });

  it.each([
    ['', 'an empty line'],
    ['Threads started!', 'another line'],
    [
      '[ 1s ] thds: 4 tps: -nan qps: 0.00 (r/w/o: 0.00/0.00/0.00) lat (ms,95%): 0.00 err/s: 0.00 reconn/s: 0.00',
      'nan',
    ],
    ['[ 1s ] thds: 4 tps: 1.00 qps: 1.00 (r/w/o: 1.00/0.00/0.00) lat (ms,95%): 0.1', 'a cut line'],
  ])('returns null for %j (%s)', (line) => {
    expect(parseIntervalLine(line)).toBeNull();
  });
});
