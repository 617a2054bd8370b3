// The results schema refuses what no run measures, in one line naming the file, the field and the
// value: figures a verdict would otherwise judge as if they had been measured.
import { readFileSync } from 'node:fs';

import { ResultsError } from '../../src/errors.js';
import { parseResults } from '../../src/results/results-file.js';
import { describeValue, schemaRefusal, valueAt } from '../../src/results/schema-refusal.js';

type Document = {
  mode: string;
  sides: { base?: unknown; head: unknown };
  cells: {
    workload: string;
    side: string;
    repetitions: {
      index: number;
      report: { tps: number; transactions: number; totalTimeS: number };
      cost?: { callgrind?: { foreground: number; total: number } };
    }[];
    functions?: { perTransaction: number }[];
  }[];
};

function fixture(name: string): Document {
  return JSON.parse(
    readFileSync(new URL(`../../__fixtures__/results/${name}`, import.meta.url), 'utf8'),
  ) as Document;
}

function refusal(document: Document): string {
  try {
    parseResults(JSON.stringify(document), 'r.json');
  } catch (error) {
    if (!(error instanceof ResultsError)) throw error;
    expect(error.message).not.toContain('\n');
    return error.message;
  }
  throw new Error('the results were accepted');
}

const instructions = () => fixture('instructions-aa.json');
const quick = () => fixture('quick-aa-5reps.json');
const firstRepetition = (document: Document) => {
  const repetition = document.cells[0]?.repetitions[0];
  if (repetition === undefined) throw new Error('the fixture has a repetition');
  return repetition;
};
const counts = (document: Document) => {
  const callgrind = firstRepetition(document).cost?.callgrind;
  if (callgrind === undefined) throw new Error('the fixture has callgrind counts');
  return callgrind;
};

describe('impossible results are refused in one line', () => {
  it('the fixtures themselves are accepted', () => {
    expect(() => parseResults(JSON.stringify(instructions()), 'r.json')).not.toThrow();
    expect(() => parseResults(JSON.stringify(quick()), 'r.json')).not.toThrow();
  });

  it.each([
    [
      'a repetition at 0 tps that completed transactions',
      quick,
      (d: Document): void => {
        firstRepetition(d).report.tps = 0;
      },
      /^r\.json is not a valid results file: cells\[0\]\.repetitions\[0\]\.report\.tps = 0: must be above 0 when the repetition completed transactions \(\d+\)/,
    ],
    [
      'a tps of 1.7e308 over 8 seconds',
      quick,
      (d: Document): void => {
        firstRepetition(d).report.tps = 1.7e308;
      },
      /^r\.json is not a valid results file: cells\[0\]\.repetitions\[0\]\.report\.tps = 1\.7e\+308: is not the repetition's transactions over its time/,
    ],
    [
      'a foreground count above the process total',
      instructions,
      (d: Document): void => {
        counts(d).foreground = 1e300;
      },
      /^r\.json is not a valid results file: cells\[0\]\.repetitions\[0\]\.cost\.callgrind\.foreground = 1e\+300: is more than the whole process counted \(total \d+\)$/,
    ],
    [
      'a count of 0 instructions for thousands of transactions',
      instructions,
      (d: Document): void => {
        counts(d).foreground = 0;
      },
      /cost\.callgrind\.foreground = 0: must be above 0 when the repetition completed transactions$/,
    ],
    [
      'a repetition index twice in a cell',
      instructions,
      (d: Document): void => {
        const [, second] = d.cells[0]?.repetitions ?? [];
        if (second !== undefined) second.index = 1;
      },
      /cells\[0\]\.repetitions\[1\]\.index = 1: repetition 1 appears twice in the cell$/,
    ],
    [
      'self costs above the process total',
      instructions,
      (d: Document): void => {
        const [top] = d.cells[0]?.functions ?? [];
        if (top !== undefined) top.perTransaction = 1e12;
      },
      /cells\[0\]\.functions = a list of \d+: self instructions add up to \d+ per transaction, more than the process counted/,
    ],
    [
      'a base cell in a single run',
      quick,
      (d: Document): void => {
        d.mode = 'single';
      },
      /cells\[0\]\.side = "base": a single run \(mode "single"\) measures the head only/,
    ],
    [
      'an A/B run without the base side',
      quick,
      (d: Document): void => {
        delete d.sides.base;
      },
      /sides\.base is missing: an A\/B run \(mode "ab"\) must have the base side's facts/,
    ],
    [
      'a workload the suite does not have',
      quick,
      (d: Document): void => {
        const [first] = d.cells;
        if (first !== undefined) first.workload = 'oltp_nonesuch';
      },
      /cells\[0\]\.workload = "oltp_nonesuch": the suite "quick" has no such workload/,
    ],
    [
      'the same cell twice on a side',
      quick,
      (d: Document): void => {
        const [first] = d.cells;
        if (first !== undefined) d.cells.push(structuredClone(first));
      },
      /cells\[\d+\] = an object: the same cell appears twice on this side/,
    ],
  ] as const)('%s', (_name, make, edit, expected) => {
    const document = make();
    edit(document);
    expect(refusal(document)).toMatch(expected);
  });
});

describe('schemaRefusal', () => {
  it('names the file, the first field, its value and how many problems more', () => {
    const issues = [
      { code: 'custom' as const, path: ['a', 0, 'b'], message: 'must be above 0', input: undefined },
      { code: 'custom' as const, path: ['c'], message: 'x', input: undefined },
      { code: 'custom' as const, path: ['d'], message: 'y', input: undefined },
    ];
    expect(schemaRefusal('f.json', 'results', { a: [{ b: -2 }] }, issues)).toBe(
      'f.json is not a valid results file: a[0].b = -2: must be above 0 (and 2 more problems)',
    );
  });

  it('quotes a value short, and says what a missing or structured one is', () => {
    expect(describeValue(undefined)).toBe('is missing');
    expect(describeValue([1, 2])).toBe('= a list of 2');
    expect(describeValue({})).toBe('= an object');
    expect(describeValue('x'.repeat(200))).toBe(`= "${'x'.repeat(79)}…`);
    // Control characters stay escaped: one line whatever the file holds.
    expect(describeValue('a\nb')).toBe('= "a\\nb"');
    expect(valueAt({ a: [{ b: 3 }] }, ['a', 0, 'b'])).toBe(3);
    expect(valueAt({ a: 1 }, ['a', 'b'])).toBeUndefined();
  });
});
