// The search over the candidates: scripted good/bad answers must lead to the first bad commit in
// at most ⌈log2(n)⌉ + 1 steps wherever it is, and skipped commits must be stepped around the way
// `git bisect skip` does, ending with the list of suspects when only skipped ones are left.
import {
  estimateSteps,
  nextStep,
  rangeSize,
  type SearchCall,
  type SearchStep,
  searchRange,
  untested,
} from '../../src/bisect/bisect-search.js';

/** Runs the search with an oracle until it stops; the last step and how many commits it measured. */
function simulate(count: number, oracle: (index: number) => SearchCall): { end: SearchStep; steps: number } {
  const calls = new Map<number, SearchCall>();
  for (let steps = 0; steps <= count; steps++) {
    const step = nextStep(count, calls);
    if (step.kind !== 'measure') return { end: step, steps };
    if (calls.has(step.index)) throw new Error(`index ${step.index} measured twice`);
    calls.set(step.index, oracle(step.index));
  }
  throw new Error('the search did not stop');
}

describe('the search finds the first bad commit', () => {
  const cases = Array.from({ length: 40 }, (_, i) => i + 1).flatMap((count) =>
    Array.from({ length: count }, (_, firstBad) => ({ count, firstBad })),
  );
  it.each(cases)('$count candidates, first bad at $firstBad', ({ count, firstBad }) => {
    const { end, steps } = simulate(count, (index) => (index >= firstBad ? 'bad' : 'good'));
    expect(end).toMatchObject({ kind: 'found', index: firstBad });
    expect(steps).toBeLessThanOrEqual(Math.ceil(Math.log2(count)) + 1);
    // The estimate printed at the start is an upper bound without skips.
    expect(steps).toBeLessThanOrEqual(estimateSteps(count - 1));
  });
});

describe('estimateSteps: ⌈log2(open + 1)⌉', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 2],
    [3, 2],
    [4, 3],
    [7, 3],
    [8, 4],
    [1000, 10],
  ])('%i untested candidates → about %i steps', (open, steps) => {
    expect(estimateSteps(open)).toBe(steps);
  });
});

describe('nextStep picks the untested candidate nearest the middle of the range', () => {
  const calls = (entries: [number, SearchCall][]): Map<number, SearchCall> => new Map(entries);
  it.each([
    {
      name: 'one candidate: BAD is the answer at once',
      count: 1,
      given: [],
      expected: { kind: 'found', index: 0 },
    },
    { name: 'two candidates: the older one', count: 2, given: [], expected: { kind: 'measure', index: 0 } },
    {
      name: 'five: the lower of the two middles',
      count: 5,
      given: [],
      expected: { kind: 'measure', index: 1 },
    },
    {
      name: 'five, the middle skipped: its neighbour',
      count: 5,
      given: [[1, 'skipped']],
      expected: { kind: 'measure', index: 2 },
    },
    {
      name: 'a good call moves the range up',
      count: 8,
      given: [[3, 'good']],
      expected: { kind: 'measure', index: 5 },
    },
    {
      name: 'a bad call moves it down',
      count: 8,
      given: [[3, 'bad']],
      expected: { kind: 'measure', index: 1 },
    },
    {
      name: 'good next to bad: found',
      count: 8,
      given: [
        [3, 'good'],
        [4, 'bad'],
      ],
      expected: { kind: 'found', index: 4 },
    },
    {
      name: 'only skipped between good and bad: every one of them is a suspect, the bad one last',
      count: 6,
      given: [
        [1, 'good'],
        [2, 'skipped'],
        [3, 'skipped'],
        [4, 'bad'],
      ],
      expected: { kind: 'only-skipped', indices: [2, 3, 4] },
    },
    {
      name: 'everything skipped: all candidates are suspects',
      count: 3,
      given: [
        [0, 'skipped'],
        [1, 'skipped'],
      ],
      expected: { kind: 'only-skipped', indices: [0, 1, 2] },
    },
  ] as { name: string; count: number; given: [number, SearchCall][]; expected: object }[])(
    '$name',
    ({ count, given, expected }) => {
      expect(nextStep(count, calls(given))).toMatchObject(expected);
    },
  );
});

describe('searchRange', () => {
  it('spans GOOD (−1) to BAD (count − 1) before any call', () => {
    expect(searchRange(5, new Map())).toEqual({ lastGood: -1, firstBad: 4 });
    expect(rangeSize(searchRange(5, new Map()))).toBe(5);
  });

  it('ignores a good call above the oldest bad one (a noisy call cannot widen the range)', () => {
    const calls = new Map<number, SearchCall>([
      [1, 'good'],
      [2, 'bad'],
      [3, 'good'],
    ]);
    expect(searchRange(6, calls)).toEqual({ lastGood: 1, firstBad: 2 });
    expect(untested(searchRange(6, calls), calls)).toEqual([]);
  });

  it('refuses an empty bisection', () => {
    expect(() => searchRange(0, new Map())).toThrow(/at least one candidate/);
  });
});

describe('skipped commits (every subset, up to 9 candidates)', () => {
  const cases: { count: number; firstBad: number; skipped: number[] }[] = [];
  for (let count = 1; count <= 9; count++) {
    for (let firstBad = 0; firstBad < count; firstBad++) {
      // BAD (count − 1) is never measured, so only the others can be skipped.
      for (let mask = 0; mask < 2 ** (count - 1); mask++) {
        const skipped = Array.from({ length: count - 1 }, (_, i) => i).filter((i) => (mask >> i) & 1);
        cases.push({ count, firstBad, skipped });
      }
    }
  }

  it(`ends with the first bad commit or a list of suspects that holds it (${cases.length} cases)`, () => {
    for (const { count, firstBad, skipped } of cases) {
      const skip = new Set(skipped);
      const { end, steps } = simulate(count, (index) =>
        skip.has(index) ? 'skipped' : index >= firstBad ? 'bad' : 'good',
      );
      const label = JSON.stringify({ count, firstBad, skipped });
      expect({ label, measuredAtMost: steps <= count - 1 }).toEqual({ label, measuredAtMost: true });
      if (end.kind === 'found') {
        expect({ label, index: end.index }).toEqual({ label, index: firstBad });
      } else if (end.kind === 'only-skipped') {
        const { indices } = end;
        expect({ label, holds: indices.includes(firstBad) }).toEqual({ label, holds: true });
        // Contiguous, every one but the last skipped, the last the oldest bad commit known.
        expect(indices).toEqual(Array.from({ length: indices.length }, (_, i) => (indices[0] ?? 0) + i));
        expect(indices.slice(0, -1).every((index) => skip.has(index))).toBe(true);
      } else {
        throw new Error(`${label}: ended with ${end.kind}`);
      }
    }
  });

  it('without a skip next to the first bad commit, finds it', () => {
    // First bad at 6 of 10; 2 and 3 do not build: far from the answer, so they do not matter.
    const { end } = simulate(10, (index) =>
      [2, 3].includes(index) ? 'skipped' : index >= 6 ? 'bad' : 'good',
    );
    expect(end).toMatchObject({ kind: 'found', index: 6 });
  });
});
