// The real results fixture (quick suite, Debian 12's mariadbd, 2-core VM), and variations of it
// for baseline tests: later runs of the same setup, or the same run on a changed setup.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parseResults } from '../../src/results/results-file.js';
import type { Environment, Results } from '../../src/results/results-schema.js';

export const RESULTS_FIXTURE = join(import.meta.dirname, '../results/quick-mariadb-10.11.json');
const text = readFileSync(RESULTS_FIXTURE, 'utf8');

/** A fresh, validated copy each call, so a test can change it freely. */
export function fixtureResults(): Results {
  return parseResults(text, RESULTS_FIXTURE);
}

/** The same setup measured `minutes` later (another run: start and finish move, tps scaled). */
export function laterRun(minutes: number, tpsFactor = 1): Results {
  const results = fixtureResults();
  const shift = (iso: string): string => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
  return {
    ...results,
    startedAt: shift(results.startedAt),
    finishedAt: shift(results.finishedAt),
    cells: results.cells.map((cell) => ({
      ...cell,
      repetitions: cell.repetitions.map((repetition) => ({
        ...repetition,
        startedAt: shift(repetition.startedAt),
        report: { ...repetition.report, tps: repetition.report.tps * tpsFactor },
      })),
    })),
  };
}

export function withEnvironment(results: Results, changes: Partial<Environment>): Results {
  return { ...results, environment: { ...results.environment, ...changes } };
}
