// The figures per transaction of a wall-clock cell (CPU, context switches, reads, KB read and
// written), their spread over a cell's repetitions, and when two sides differ beyond it.
import {
  beyondSpread,
  cellFigure,
  cellFigures,
  figureValue,
  relativeSpread,
  type ResourceFigure,
} from '../../src/results/resource-figures.js';
import { type Repetition, RepetitionCost, ServerFacts } from '../../src/results/results-schema.js';
import { fixtureResults } from '../helpers/report-input.js';

/** A real repetition of `quick` with its transactions, cost and work replaced. */
function repetition(transactions: number, cost: Repetition['cost'], work?: Repetition['work']): Repetition {
  const real = fixtureResults('quick-durability.json').cells[0]?.repetitions[0];
  if (real === undefined) throw new Error('the fixture has no repetition');
  return {
    index: real.index,
    sequence: real.sequence,
    startedAt: real.startedAt,
    rawOutput: real.rawOutput,
    report: { ...real.report, transactions },
    ...(cost === undefined ? {} : { cost }),
    ...(work === undefined ? {} : { work }),
  };
}

const full = repetition(
  1000,
  {
    cpu: { userSeconds: 0.03, systemSeconds: 0.02 },
    contextSwitches: { voluntary: 1500, involuntary: 500, threadsEnded: 0 },
    io: { readBytes: 16 * 1024 * 1000, writeBytes: 512 * 1000, readCalls: 10, writeCalls: 20 },
  },
  { Innodb_buffer_pool_reads: 940, Com_select: 1000 },
);

describe('figureValue', () => {
  it.each<[ResourceFigure, Repetition, number | undefined]>([
    ['cpuUs', full, 50],
    ['contextSwitches', full, 2],
    ['reads', full, 0.94],
    ['kbRead', full, 16],
    ['kbWritten', full, 0.5],
    // A counter that did not move is not in `work`: no reads.
    ['reads', repetition(1000, undefined, { Com_select: 1000 }), 0],
    // Not measured: no status counters, no /proc readings (older results, an unreadable /proc).
    ['reads', repetition(1000, { cpu: { userSeconds: 1, systemSeconds: 0 } }), undefined],
    ['contextSwitches', repetition(1000, { cpu: { userSeconds: 1, systemSeconds: 0 } }), undefined],
    ['kbWritten', repetition(1000, undefined), undefined],
    // No transactions: nothing per transaction.
    ['cpuUs', repetition(0, { cpu: { userSeconds: 1, systemSeconds: 0 } }), undefined],
  ])('%s of a repetition', (figure, measured, expected) => {
    const value = figureValue(figure, measured);
    if (expected === undefined) expect(value).toBeUndefined();
    else expect(value).toBeCloseTo(expected, 9);
  });
});

describe('a cell', () => {
  const reads = (count: number): Repetition =>
    repetition(1000, undefined, { Innodb_buffer_pool_reads: count });

  it('gives each figure its median, lowest and highest over the repetitions that measured it', () => {
    const cell = { repetitions: [reads(900), reads(1000), reads(950), repetition(1000, undefined)] };
    expect(cellFigure(cell, 'reads')).toEqual({ median: 0.95, low: 0.9, high: 1 });
    expect(cellFigure(cell, 'cpuUs')).toBeUndefined();
    expect(Object.keys(cellFigures({ repetitions: [full] }))).toEqual([
      'cpuUs',
      'contextSwitches',
      'reads',
      'kbRead',
      'kbWritten',
    ]);
  });

  it.each([
    [{ median: 1, low: 0.9, high: 1.1 }, 0.1],
    [{ median: 50, low: 50, high: 50 }, 0],
    [{ median: 0, low: 0, high: 0 }, undefined],
  ])('spreads %o by ±%s', (spread, expected) => {
    const value = relativeSpread(spread);
    if (expected === undefined) expect(value).toBeUndefined();
    else expect(value).toBeCloseTo(expected, 9);
  });

  it.each([
    // An A/A: the medians differ by less than the ranges together.
    [{ median: 50, low: 48, high: 52 }, { median: 53, low: 51, high: 55 }, false],
    // A real change: 10 apart, ranges 4 and 4.
    [{ median: 50, low: 48, high: 52 }, { median: 60, low: 58, high: 62 }, true],
    // Exact counts that differ at all.
    [{ median: 1, low: 1, high: 1 }, { median: 2, low: 2, high: 2 }, true],
    [{ median: 0, low: 0, high: 0 }, { median: 0, low: 0, high: 0 }, false],
  ])('tells %o from %o beyond both ranges: %s', (base, head, expected) => {
    expect(beyondSpread(base, head)).toBe(expected);
  });
});

describe('what the results accept from the measuring side', () => {
  const io = { readBytes: 1, writeBytes: 2, readCalls: 3, writeCalls: 4 };

  it.each([
    ['counts as measured', { contextSwitches: { voluntary: 5, involuntary: 1, threadsEnded: 0 }, io }, true],
    ['a negative count', { io: { ...io, readBytes: -1 } }, false],
    [
      'a fraction of a switch',
      { contextSwitches: { voluntary: 0.5, involuntary: 1, threadsEnded: 0 } },
      false,
    ],
    ['a count beyond what a double holds exactly', { io: { ...io, writeBytes: 2 ** 60 } }, false],
    ['a field of its own', { io: { ...io, cancelledWriteBytes: 1 } }, false],
  ])('a repetition cost with %s: %s', (_what, cost, valid) => {
    expect(RepetitionCost.safeParse(cost).success).toBe(valid);
  });

  it('caps the reason a source was unavailable', () => {
    const facts = fixtureResults('quick-durability.json').sides.head;
    const counters = (reason: string) => ({
      ...facts,
      processCounters: { contextSwitches: { available: true }, io: { available: false, reason } },
    });
    expect(ServerFacts.safeParse(counters('cannot read /proc/1/io: EACCES')).success).toBe(true);
    expect(ServerFacts.safeParse(counters('x'.repeat(501))).success).toBe(false);
    expect(ServerFacts.safeParse({ ...facts, dataBytes: -1 }).success).toBe(false);
  });
});
