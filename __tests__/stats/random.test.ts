// The seeded generator against Blackman & Vigna's reference C, and the draws built on it.
import { StatisticsError } from '../../src/errors.js';
import { createRng } from '../../src/stats/random.js';

// gcc -O2 -o /tmp/xoshiro_reference __fixtures__/stats/xoshiro128starstar_reference.c && /tmp/xoshiro_reference
// [seed, first eight outputs of xoshiro128** 1.1 seeded from SplitMix64(seed)]
const REFERENCE: readonly (readonly [number, readonly number[]])[] = [
  [0, [3737715805, 2584255861, 2876756834, 3286328325, 1553311962, 1625202774, 3260698944, 2754151956]],
  [1, [1695105466, 1423115009, 634581793, 1068227753, 716759206, 4186505319, 3777694425, 2710820970]],
  [24301, [3301592408, 1162876812, 2530983789, 2862617477, 2231866221, 3039618361, 2338360019, 3443858324]],
  [4294967295, [331202089, 2303545133, 2732085799, 1755962312, 20464611, 435992899, 115300070, 2552219694]],
  [
    9007199254740991,
    [1233166643, 1287031142, 661813442, 2960669951, 2601079046, 1036114921, 2300589652, 2591400186],
  ],
];

describe('Xoshiro128StarStar', () => {
  it.each(REFERENCE)('seed %p gives the reference C outputs', (seed, outputs) => {
    const rng = createRng(seed);
    expect(outputs.map(() => rng.nextUint32())).toEqual(outputs);
  });

  it('nextFloat is nextUint32 / 2³², in [0, 1)', () => {
    const a = createRng(5);
    const b = createRng(5);
    for (let i = 0; i < 1000; i++) {
      const float = a.nextFloat();
      expect(float).toBe(b.nextUint32() / 2 ** 32);
      expect(float).toBeGreaterThanOrEqual(0);
      expect(float).toBeLessThan(1);
    }
  });

  it('nextIntBelow covers [0, bound) evenly', () => {
    // Chi-square goodness of fit over 60,000 draws into 6 cells; 20.52 is the 0.999 quantile of
    // chi-square with 5 degrees of freedom. Deterministic for this seed, so it cannot flake.
    const rng = createRng(3);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[rng.nextIntBelow(6)]! += 1;
    const chiSquare = counts.reduce((sum, count) => sum + (count - 10_000) ** 2 / 10_000, 0);
    expect(chiSquare).toBeLessThan(20.52);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60_000);
  });

  it('nextIntBelow(1) is always 0 and nextIntBelow(2³²) takes every output as it is', () => {
    const a = createRng(9);
    const b = createRng(9);
    expect(a.nextIntBelow(1)).toBe(0);
    b.nextUint32();
    expect(a.nextIntBelow(2 ** 32)).toBe(b.nextUint32());
  });

  it('rejects seeds and bounds that are not non-negative safe integers', () => {
    expect(() => createRng(-1)).toThrow(new StatisticsError('seed must be an integer of at least 0; got -1'));
    expect(() => createRng(1.5)).toThrow(StatisticsError);
    expect(() => createRng(Number.NaN)).toThrow(StatisticsError);
    expect(() => createRng(2 ** 53)).toThrow(StatisticsError);
    expect(() => createRng(1).nextIntBelow(0)).toThrow(
      new StatisticsError('bound must be an integer from 1 to 2^32; got 0'),
    );
    expect(() => createRng(1).nextIntBelow(2.5)).toThrow(StatisticsError);
    expect(() => createRng(1).nextIntBelow(Number.NaN)).toThrow(StatisticsError);
    expect(() => createRng(1).nextIntBelow(2 ** 32 + 1)).toThrow(StatisticsError);
  });
});
