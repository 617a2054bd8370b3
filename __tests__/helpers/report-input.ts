// Report inputs built from the real results fixtures, as `compare` builds them for an A/B file.
import { readFileSync } from 'node:fs';

import { sideOf } from '../../src/compare/judge.js';
import { buildVerdict, type CompareOptions, DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import type { ReportInput } from '../../src/report/report-input.js';
import { parseResults } from '../../src/results/results-file.js';
import type { Results } from '../../src/results/results-schema.js';

/** A results file from __fixtures__/results/. */
export function fixtureResults(name: string): Results {
  const path = new URL(`../../__fixtures__/results/${name}`, import.meta.url).pathname;
  return parseResults(readFileSync(path, 'utf8'), path);
}

/** The report input for an A/B results file judged against its own base side. */
export function abReportInput(
  results: Results,
  path = 'results.json',
  options: CompareOptions = DEFAULT_COMPARE_OPTIONS,
): ReportInput {
  const base = sideOf(results, 'base');
  const head = sideOf(results, 'head');
  const verdict = buildVerdict(base, head, results.suite, { kind: 'ab', path, savedAt: null }, options);
  return { verdict: Verdict.parse(verdict), base, head, suite: results.suite, history: [] };
}
