import { StatisticsError } from '../../src/errors.js';
import {
  MAX_PERMUTATIONS,
  pool,
  repetitionKsTest,
  type Weighted,
  weightedPercentile,
} from '../../src/stats/distribution-test.js';
import { createRng } from '../../src/stats/random.js';

/** A histogram of `events` draws from a log-normal latency around `medianMs`. */
function draw(rng: ReturnType<typeof createRng>, medianMs: number, events: number): Weighted {
  const buckets = new Map<number, number>();
  for (let i = 0; i < events; i += 1) {
    const u1 = Math.max(rng.nextFloat(), 1e-12);
    const u2 = rng.nextFloat();
    const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    // sysbench's buckets: about 1.8% apart, printed to three decimals.
    const value = Number((medianMs * Math.exp(0.3 * z)).toPrecision(2));
    buckets.set(value, (buckets.get(value) ?? 0) + 1);
  }
  const values = [...buckets.keys()].sort((a, b) => a - b);
  return { values, counts: values.map((value) => buckets.get(value) ?? 0) };
}

describe('pool and weightedPercentile', () => {
  it('merges equal values, sorts, and finds the value at the nearest rank, floor(n·p/100 + 0.5)', () => {
    const pooled = pool([
      { values: [0.2, 0.5], counts: [3, 1] },
      { values: [0.1, 0.2], counts: [2, 4] },
    ]);
    expect(pooled).toEqual({ values: [0.1, 0.2, 0.5], counts: [2, 7, 1] });
    // Ten events: 0.1 holds ranks 1-2, 0.2 ranks 3-9, 0.5 rank 10.
    expect(weightedPercentile(pooled, 20)).toBe(0.1); // rank floor(2.5) = 2
    expect(weightedPercentile(pooled, 24)).toBe(0.1); // rank floor(2.9) = 2: n·p/100 = 2.4 itself would reach 0.2
    expect(weightedPercentile(pooled, 25)).toBe(0.2); // rank floor(3.0) = 3
    expect(weightedPercentile(pooled, 94)).toBe(0.2); // rank floor(9.9) = 9
    expect(weightedPercentile(pooled, 95)).toBe(0.5); // rank floor(10.0) = 10
    expect(weightedPercentile(pooled, 100)).toBe(0.5);
    // Below half an event the rank is 0: the first value, where sysbench would print its lowest bucket.
    expect(weightedPercentile({ values: [3], counts: [1] }, 10)).toBe(3);
    expect(() => weightedPercentile(pooled, 0)).toThrow(StatisticsError);
    expect(() => weightedPercentile(pooled, 100.5)).toThrow(StatisticsError);
  });

  it('rounds n·p/100 as sysbench does when it is exactly half an event', () => {
    // Ten events at 95: 9.5 rounds up to rank 10, the last event.
    expect(weightedPercentile({ values: [1, 2], counts: [9, 1] }, 95)).toBe(2);
    // Thirty at 95: 28.5 → rank 29.
    expect(weightedPercentile({ values: [1, 2], counts: [28, 2] }, 95)).toBe(2);
    expect(weightedPercentile({ values: [1, 2], counts: [29, 1] }, 95)).toBe(1);
  });
});

describe('repetitionKsTest', () => {
  it('measures the largest distance between the pooled CDFs (0.3 worked by hand)', () => {
    // F(base) = 0.3, 0.8, 1, 1 and F(head) = 0.1, 0.5, 0.8, 1 at 0.1, 0.2, 0.35, 0.5.
    const base = [{ values: [0.1, 0.2, 0.35], counts: [3, 5, 2] }];
    const head = [{ values: [0.1, 0.2, 0.35, 0.5], counts: [1, 4, 3, 2] }];
    expect(repetitionKsTest(base, head).statistic).toBeCloseTo(0.3, 12);
    expect(repetitionKsTest(base, base).statistic).toBe(0);
    expect(repetitionKsTest([{ values: [1], counts: [5] }], [{ values: [2], counts: [5] }]).statistic).toBe(
      1,
    );
  });

  it('looks at every split of 5 vs 5 repetitions, and a clear shift gets the smallest p (2 of 252)', () => {
    const rng = createRng(7);
    const base = Array.from({ length: 5 }, () => draw(rng, 0.1, 2000));
    const head = Array.from({ length: 5 }, () => draw(rng, 0.12, 2000));
    const test = repetitionKsTest(base, head);
    expect(test.exact).toBe(true);
    expect(test.permutations).toBe(252);
    // The split itself and its mirror image (the sides swapped) are the two most extreme.
    expect(test.pValue).toBeCloseTo(2 / 252, 12);
    expect(test.statistic).toBeGreaterThan(0.2);
  });

  it('holds its error rate when repetitions differ more than their events say (where the textbook KS fails)', () => {
    const rng = createRng(11);
    let alarms = 0;
    let textbookAlarms = 0;
    const trials = 100;
    for (let trial = 0; trial < trials; trial += 1) {
      // Each repetition's median wanders by up to 5%: the same server, another moment.
      const side = () =>
        Array.from({ length: 5 }, () => draw(rng, 0.1 * (1 + 0.05 * (rng.nextFloat() - 0.5) * 2), 1000));
      const test = repetitionKsTest(side(), side());
      if (test.pValue <= 0.05) alarms += 1;
      // The asymptotic KS critical value at 5% for n = m = 5,000 events: 1.358·sqrt(2/5000).
      if (test.statistic > 1.358 * Math.sqrt(2 / 5000)) textbookAlarms += 1;
    }
    // Seen here: 7 of 100 (6.25% of 400, within noise of 5%); the textbook test about half.
    expect(alarms / trials).toBeLessThanOrEqual(0.12);
    expect(textbookAlarms / trials).toBeGreaterThan(0.3);
  });

  it('samples splits past MAX_PERMUTATIONS, the same ones for the same seed', () => {
    const rng = createRng(3);
    const base = Array.from({ length: 10 }, () => draw(rng, 0.1, 300));
    const head = Array.from({ length: 10 }, () => draw(rng, 0.1, 300));
    const first = repetitionKsTest(base, head, 5);
    expect(first.exact).toBe(false);
    expect(first.permutations).toBe(MAX_PERMUTATIONS);
    expect(first.pValue).toBeGreaterThan(0);
    expect(repetitionKsTest(base, head, 5)).toEqual(first);
  });

  it('refuses a side without repetitions', () => {
    expect(() => repetitionKsTest([], [{ values: [1], counts: [1] }])).toThrow(StatisticsError);
  });
});
