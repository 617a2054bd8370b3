// Good, bad or ambiguous from measured values: instruction counts judged against their spread,
// timings against Student-t intervals, several cells by unanimity.
import {
  type CellJudgement,
  combineCells,
  COUNT_FLOOR,
  DEFAULT_MAX_REPETITIONS,
  judgeAllEnds,
  judgeCell,
  judgeCommit,
  judgeEnds,
  spread,
  studentTQuantile,
  tInterval,
} from '../../src/bisect/bisect-classify.js';
import { createRng } from '../../src/stats/random.js';

describe('studentTQuantile (two-sided, 95%)', () => {
  // Tables of Student's t, e.g. NIST/SEMATECH e-Handbook §1.3.6.7.2, upper 2.5% points.
  it.each([
    [1, 12.706],
    [2, 4.303],
    [4, 2.776],
    [10, 2.228],
    [30, 2.042],
    [1000, 1.962],
  ])('df %i → %f', (df, t) => {
    expect(studentTQuantile(0.95, df)).toBeCloseTo(t, 3);
  });

  it('has no finite value without a degree of freedom', () => {
    expect(studentTQuantile(0.95, 0)).toBe(Infinity);
  });
});

describe('tInterval', () => {
  it('is mean ± t·s/√n', () => {
    // mean 2, s = 1, n = 3: 2 ± 4.303 / √3.
    const interval = tInterval([1, 2, 3]);
    expect(interval.centre).toBe(2);
    expect(interval.halfWidth).toBeCloseTo(4.3027 / Math.sqrt(3), 3);
  });

  it('is infinitely wide for one value', () => {
    expect(tInterval([5]).halfWidth).toBe(Infinity);
  });
});

describe('spread', () => {
  it.each([
    [[], 0],
    [[3], 0],
    [[3, 1], 2],
    // From three on, robust: twice 1.4826 × the median absolute deviation.
    [[3, 1, 2], 2 * 1.482602218505602],
    [[42_701.86, 42_889.69, 42_932.19], 2 * 1.482602218505602 * 42.5],
  ])('%j → %d', (values, expected) => {
    expect(spread(values)).toBeCloseTo(expected, 6);
  });
});

describe('judgeEnds, counted metrics', () => {
  it.each([
    { name: 'a clear step', good: [1000, 1001, 1000], bad: [1100, 1100, 1101], distinct: true },
    { name: 'one binary measured twice', good: [41297, 41297], bad: [41297, 41297], distinct: false },
    {
      name: 'a step within three spreads',
      good: [1000, 1010, 1020],
      bad: [1050, 1060, 1070],
      distinct: false,
    },
    {
      name: 'exact repeats, but below the floor',
      good: [100000, 100000],
      bad: [100000 * (1 + COUNT_FLOOR / 2)],
      distinct: false,
    },
    { name: 'exact repeats above the floor', good: [100000, 100000], bad: [100500, 100500], distinct: true },
    { name: 'a drop counts as well as a rise', good: [2000, 2001], bad: [1900, 1901], distinct: true },
  ])('$name → distinct: $distinct', ({ good, bad, distinct }) => {
    expect(judgeEnds(good, bad, true).distinct).toBe(distinct);
  });

  it('says what the noise is', () => {
    expect(judgeEnds([1000, 1010], [2000, 2010], true).noiseText).toMatch(/3 × the repetitions' spread = 30/);
    expect(judgeEnds([1000, 1000], [1000, 1000], true).noiseText).toMatch(/0\.1% of the median = 1\.00/);
  });
});

describe('judgeEnds, throughput-like metrics', () => {
  it.each([
    { name: 'far apart, tight', good: [1000, 1002, 998, 1001], bad: [900, 902, 898, 901], distinct: true },
    { name: 'overlapping', good: [1000, 1040, 960], bad: [990, 1030, 950], distinct: false },
    { name: 'two repetitions each: t(1) is 12.7', good: [1000, 1010], bad: [980, 990], distinct: false },
    { name: 'a single repetition has no interval', good: [1000], bad: [500, 501], distinct: false },
  ])('$name → distinct: $distinct', ({ good, bad, distinct }) => {
    expect(judgeEnds(good, bad, false).distinct).toBe(distinct);
  });
});

describe('judgeCell', () => {
  const ends = { good: 1000, bad: 1100 };
  it.each([
    { name: 'counted, at the bad end', values: [1099, 1100, 1101], counted: true, call: 'bad', more: false },
    { name: 'counted, at the good end', values: [1000, 1001], counted: true, call: 'good', more: false },
    { name: 'counted, beyond the bad end', values: [1300, 1300], counted: true, call: 'bad', more: false },
    {
      name: 'counted, past the middle by 10 with a spread of 2',
      values: [1060, 1062],
      counted: true,
      call: 'bad',
      more: false,
    },
    {
      name: 'counted, too spread to tell: skipped, not measured again',
      values: [1040, 1070],
      counted: true,
      call: 'ambiguous',
      more: false,
    },
    {
      name: 'timed, interval on the bad side',
      values: [1098, 1102, 1100, 1101, 1099],
      counted: false,
      call: 'bad',
      more: false,
    },
    {
      name: 'timed, interval across the middle: measure more',
      values: [1000, 1100, 1050],
      counted: false,
      call: 'ambiguous',
      more: true,
    },
    {
      name: 'timed, across the middle at the maximum: no more',
      values: Array.from({ length: DEFAULT_MAX_REPETITIONS }, (_, i) => (i % 2 === 0 ? 1000 : 1100)),
      counted: false,
      call: 'ambiguous',
      more: false,
    },
  ])('$name → $call', ({ values, counted, call, more }) => {
    const judged = judgeCell(ends, values, counted, DEFAULT_MAX_REPETITIONS);
    expect({ call: judged.call, more: judged.more }).toEqual({ call, more });
    expect(judged.reason).not.toBe('');
  });

  it('works the same when the bad end is lower (an improvement)', () => {
    expect(judgeCell({ good: 1100, bad: 1000 }, [1001, 1000], true, 15).call).toBe('bad');
    expect(judgeCell({ good: 1100, bad: 1000 }, [1099, 1100], true, 15).call).toBe('good');
  });
});

describe('combineCells: every cell must agree', () => {
  const judged = (call: CellJudgement['call'], more = false): CellJudgement => ({
    call,
    value: 0,
    reason: `said ${call}`,
    more,
  });
  it.each([
    { name: 'all good', cells: { a: judged('good'), b: judged('good') }, call: 'good' },
    { name: 'all bad', cells: { a: judged('bad'), b: judged('bad') }, call: 'bad' },
    { name: 'one says good, one bad', cells: { a: judged('good'), b: judged('bad') }, call: 'skipped' },
    {
      name: 'disagreement outweighs ambiguity',
      cells: { a: judged('good'), b: judged('bad'), c: judged('ambiguous', true) },
      call: 'skipped',
    },
    {
      name: 'ambiguous, more possible',
      cells: { a: judged('bad'), b: judged('ambiguous', true) },
      call: 'more',
    },
    { name: 'ambiguous, no more possible', cells: { a: judged('ambiguous', false) }, call: 'skipped' },
    { name: 'nothing measured', cells: {}, call: 'skipped' },
  ] as { name: string; cells: Record<string, CellJudgement>; call: string }[])(
    '$name → $call',
    ({ cells, call }) => {
      expect(combineCells(cells).call).toBe(call);
    },
  );

  it('names the cells that disagree', () => {
    expect(combineCells({ 'a@1': judged('good'), 'b@4': judged('bad') }).reason).toBe(
      'the cells disagree: a@1 say good, b@4 say bad',
    );
  });
});

describe('judgeAllEnds and judgeCommit', () => {
  it('lists every cell whose ends are alike, with both values and the noise', () => {
    const ends = judgeAllEnds(
      { 'a@1': [100, 100], 'b@1': [10, 10] },
      { 'a@1': [200, 200], 'b@1': [10, 10] },
      ['a@1', 'b@1'],
      true,
    );
    expect(ends.distinct).toBe(false);
    expect(ends.reason).toBe(
      'b@1: good 10.00, bad 10.00, a difference of 0 within the noise (0.1% of the median = 0.010)',
    );
  });

  it('a cell the commit was not measured on makes it skipped', () => {
    const ends = judgeAllEnds({ 'a@1': [100] }, { 'a@1': [200] }, ['a@1'], true);
    expect(judgeCommit(ends.cells, {}, true, 15)).toEqual({
      call: 'skipped',
      reason: 'ambiguous: a@1: not measured',
    });
    expect(judgeCommit(ends.cells, { 'a@1': [199] }, true, 15).call).toBe('bad');
  });
});

describe('noisy throughput, measured adaptively', () => {
  /** Normal values by Box-Muller from the project's seeded generator. */
  function sampler(seed: number): (mean: number, sd: number) => number {
    const rng = createRng(seed);
    return (mean, sd) => {
      const u = Math.max(rng.nextFloat(), 1e-12);
      const v = rng.nextFloat();
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    };
  }

  it('calls commits from either side right, measuring ambiguous ones again, and skips rather than err', () => {
    const normal = sampler(20240611);
    const draw = (mean: number, n: number): number[] => Array.from({ length: n }, () => normal(mean, 20));
    // An 8% drop with 2% noise: the ends have 10 repetitions, each commit 3 per run, up to 15.
    const ends = judgeAllEnds({ 'c@1': draw(1000, 10) }, { 'c@1': draw(920, 10) }, ['c@1'], false);
    expect(ends.distinct).toBe(true);
    // With 3 each the intervals' half-widths (4.30 × 20 / √3 ≈ 50 each) would cover the step.
    expect(
      judgeAllEnds({ 'c@1': draw(1000, 3) }, { 'c@1': draw(920, 3) }, ['c@1'], false).cells['c@1']?.noise,
    ).toBeGreaterThan(80);
    const tally = { right: 0, wrong: 0, skipped: 0, repetitions: 0, most: 0 };
    for (let trial = 0; trial < 300; trial++) {
      const truth = trial % 2 === 0 ? 'good' : 'bad';
      const mean = truth === 'good' ? 1000 : 920;
      let values = draw(mean, 3);
      let call = judgeCommit(ends.cells, { 'c@1': values }, false, 15);
      while (call.call === 'more') {
        values = [...values, ...draw(mean, 3)];
        call = judgeCommit(ends.cells, { 'c@1': values }, false, 15);
      }
      tally.repetitions += values.length;
      tally.most = Math.max(tally.most, values.length);
      if (call.call === 'skipped') tally.skipped++;
      else if (call.call === truth) tally.right++;
      else tally.wrong++;
    }
    // A wrong call misleads the whole search; a skip only costs a step.
    expect(tally.wrong).toBeLessThanOrEqual(3);
    expect(tally.right).toBeGreaterThanOrEqual(285);
    // Most commits need more than one run of 3 repetitions, and none more than 15.
    expect(tally.repetitions / 300).toBeGreaterThan(3);
    expect(tally.most).toBeLessThanOrEqual(15);
  });
});

describe('counts: a stray repetition', () => {
  it('does not hide a 1% step between two real ends (MariaDB point selects, one build 0.4% off in one repetition)', () => {
    const ends = judgeEnds([42_494.1, 42_439.41, 42_460.95], [42_701.86, 42_889.69, 42_932.19], true);
    expect(ends.distinct).toBe(true);
    expect(judgeCell(ends, [42_942.23, 42_950.71, 42_929.71], true, 15).call).toBe('bad');
    expect(judgeCell(ends, [42_548.06, 42_538.15, 42_559.07], true, 15).call).toBe('good');
  });
});

describe('counts: a commit that measures like an end is decided whenever the ends were distinct', () => {
  it('calls a commit with the bad end values and twice their spread bad, not ambiguous', () => {
    const good = [100, 100.3];
    const bad = [103, 103.3];
    const ends = judgeEnds(good, bad, true);
    expect(ends.distinct).toBe(true);
    // Its own spread (0.6) is twice the ends'; 3 × that (1.8) would exceed its 1.7 from the midpoint.
    expect(judgeCell(ends, [103, 103.6], true, 15).call).toBe('bad');
    expect(judgeCell(ends, [100, 100.6], true, 15).call).toBe('good');
    // Near the midpoint it stays ambiguous, and is skipped rather than repeated.
    expect(judgeCell(ends, [101.6, 101.7], true, 15)).toMatchObject({ call: 'ambiguous', more: false });
  });
});
