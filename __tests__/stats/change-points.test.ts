import { StatisticsError } from '../../src/errors.js';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { detectChangePoints } from '../../src/stats/change-points.js';

// Reference change points from apache-otava 0.8.0 (otava.analysis.compute_change_points), made by
// __fixtures__/change-points/otava_reference.py; see __fixtures__/change-points/README.md.
interface ReferenceCase {
  name: string;
  windowLength: number;
  maxPValue: number;
  minMagnitude: number;
  values: number[];
  weakIndices: number[];
  changePoints: { index: number; meanBefore: number; meanAfter: number; pValue: number }[];
}
interface Reference {
  otava: string;
  cases: ReferenceCase[];
}

const fixtureDir = path.resolve('__fixtures__/change-points');
const reference = JSON.parse(readFileSync(path.join(fixtureDir, 'cases.json'), 'utf8')) as Reference;

function indicesOf(c: ReferenceCase): number[] {
  return detectChangePoints(c.values, {
    windowLength: c.windowLength,
    maxPValue: c.maxPValue,
    minMagnitude: c.minMagnitude,
  }).map((cp) => cp.index);
}

describe('detectChangePoints against apache-otava', () => {
  it('has the reference cases', () => {
    expect(reference.cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(reference.cases.map((c) => [c.name, c] as const))('%s: same indices as Otava', (_name, c) => {
    expect(indicesOf(c)).toEqual(c.changePoints.map((cp) => cp.index));
  });

  it.each(reference.cases.map((c) => [c.name, c] as const))('%s: same means and p-values', (_name, c) => {
    const ours = detectChangePoints(c.values, {
      windowLength: c.windowLength,
      maxPValue: c.maxPValue,
      minMagnitude: c.minMagnitude,
    });
    ours.forEach((cp, i) => {
      const theirs = c.changePoints[i]!;
      expect(cp.meanBefore).toBeCloseTo(theirs.meanBefore, 9);
      expect(cp.meanAfter).toBeCloseTo(theirs.meanAfter, 9);
      if (theirs.pValue > 1e-300) expect(Math.abs(cp.pValue / theirs.pValue - 1)).toBeLessThan(1e-6);
      else expect(cp.pValue).toBeLessThan(1e-290);
      expect(cp.relativeChange).toBeCloseTo(theirs.meanAfter / theirs.meanBefore - 1, 12);
    });
  });
});

describe('detectChangePoints input checks', () => {
  it.each([
    [[], {}],
    [[1, NaN, 2], {}],
    [[1, Infinity], {}],
    [[1, 2, 3], { windowLength: 1 }],
    [[1, 2, 3], { maxPValue: 0 }],
    [[1, 2, 3], { minMagnitude: -1 }],
  ])('rejects %j with %j', (values, options) => {
    expect(() => detectChangePoints(values, options)).toThrow(StatisticsError);
  });

  it('finds nothing in a constant series or a single value', () => {
    expect(detectChangePoints(new Array<number>(80).fill(5))).toEqual([]);
    expect(detectChangePoints([5])).toEqual([]);
  });
});

// Runs Otava itself when the reference venv exists: python3 -m venv .work/otava &&
// .work/otava/bin/pip install apache-otava==0.8.0. Under CI=true the venv must exist.
const otavaPython = path.resolve('.work/otava/bin/python');
const haveOtava = existsSync(otavaPython);
if (!haveOtava) {
  const message =
    'apache-otava is not installed: python3 -m venv .work/otava && .work/otava/bin/pip install apache-otava==0.8.0';
  if (process.env.CI === 'true') {
    it('needs apache-otava under CI', () => {
      throw new Error(message);
    });
  } else {
    it.skip(`live Otava comparison skipped: ${message}`, () => undefined);
  }
}
(haveOtava ? describe : describe.skip)('detectChangePoints against a live apache-otava', () => {
  it('matches every case Otava computes now', () => {
    const live = JSON.parse(
      execFileSync(otavaPython, [path.join(fixtureDir, 'otava_reference.py'), '--stdout'], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      }),
    ) as Reference;
    expect(live.cases.length).toBe(reference.cases.length);
    for (const c of live.cases) {
      expect({ name: c.name, indices: indicesOf(c) }).toEqual({
        name: c.name,
        indices: c.changePoints.map((cp) => cp.index),
      });
    }
  }, 60_000);
});
