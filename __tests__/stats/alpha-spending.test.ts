import { StatisticsError } from '../../src/errors.js';
import { lookIndex, lookLevels, lookSchedule, pocockSpending } from '../../src/stats/alpha-spending.js';
import { normalPpf } from '../../src/stats/normal.js';
import { createRng } from '../../src/stats/random.js';

describe('pocockSpending', () => {
  it('spends nothing at the start, everything at the end, more early than late', () => {
    expect(pocockSpending(0)).toBe(0);
    expect(pocockSpending(1)).toBeCloseTo(1, 12);
    // Lan & DeMets' Pocock-type function at t = 0.5: ln(1 + (e − 1)/2) = 0.6201.
    expect(pocockSpending(0.5)).toBeCloseTo(0.6201, 4);
    expect(pocockSpending(0.25) - pocockSpending(0)).toBeGreaterThan(
      pocockSpending(1) - pocockSpending(0.75),
    );
  });

  it('refuses a fraction outside [0, 1]', () => {
    expect(() => pocockSpending(1.2)).toThrow(/t must lie in \[0, 1\], got 1.2/);
    expect(() => pocockSpending(Number.NaN)).toThrow(StatisticsError);
  });
});

describe('lookSchedule', () => {
  it.each([
    [5, 5, [5]],
    [5, 6, [5, 6]],
    [5, 10, [5, 8, 10]],
    [5, 11, [5, 8, 11]],
    [3, 15, [3, 9, 15]],
    [5, 7, [5, 6, 7]],
  ])('planned %i, at most %i: %j', (planned, most, looks) => {
    expect(lookSchedule(planned, most)).toEqual(looks);
  });

  it('takes more or fewer looks on request', () => {
    expect(lookSchedule(5, 20, 3)).toEqual([5, 10, 15, 20]);
    expect(lookSchedule(5, 20, 0)).toEqual([5]);
  });

  it('refuses a most below the plan', () => {
    expect(() => lookSchedule(5, 4)).toThrow(/most must be an integer of at least 5; got 4/);
  });
});

describe('lookLevels', () => {
  it('gives a single look all of alpha', () => {
    expect(lookLevels(0.05, [5])).toEqual([0.05]);
  });

  it('spends exactly alpha over the looks, most of it at the first', () => {
    const levels = lookLevels(0.05, [5, 8, 10]);
    expect(levels.reduce((sum, level) => sum + level, 0)).toBeCloseTo(0.05, 12);
    expect(levels[0]).toBeCloseTo(0.05 * 0.6201, 5);
    expect(levels.every((level) => level > 0)).toBe(true);
  });

  it('refuses looks that do not increase', () => {
    expect(() => lookLevels(0.05, [5, 5])).toThrow(/looks must increase, got 5, 5/);
    expect(() => lookLevels(0.05, [])).toThrow(/no looks/);
  });

  // The property the levels exist for, on the case the union bound is loosest for: a statistic
  // that accumulates independent increments (a standardised sum, as a rank test's is for large
  // samples), looked at after each batch, under no change. Testing at alpha at every look
  // exceeds alpha; the spent levels do not.
  it('keeps the chance of a false alarm at any look below alpha, where alpha at every look does not', () => {
    const looks = [5, 8, 10];
    const alpha = 0.05;
    const levels = lookLevels(alpha, looks);
    const rng = createRng(20261125);
    const gaussian = (): number => normalPpf((rng.nextUint32() + 0.5) / 4294967296);
    const trials = 40_000;
    let spent = 0;
    let naive = 0;
    for (let trial = 0; trial < trials; trial++) {
      let sum = 0;
      let n = 0;
      let spentAlarm = false;
      let naiveAlarm = false;
      for (const [index, look] of looks.entries()) {
        for (; n < look; n++) sum += gaussian();
        const z = sum / Math.sqrt(n);
        if (z > normalPpf(1 - (levels[index] ?? 0))) spentAlarm = true;
        if (z > normalPpf(1 - alpha)) naiveAlarm = true;
      }
      if (spentAlarm) spent++;
      if (naiveAlarm) naive++;
    }
    // Binomial standard error at 0.05 with 40,000 trials is 0.0011.
    expect(spent / trials).toBeLessThan(alpha + 0.003);
    expect(naive / trials).toBeGreaterThan(alpha + 0.01);
  });
});

describe('lookIndex', () => {
  it('places a cell at the first look its repetitions reach', () => {
    const looks = [5, 8, 10];
    expect([5, 6, 8, 9, 10, 12].map((n) => lookIndex(looks, n))).toEqual([0, 1, 1, 2, 2, 2]);
  });
});
