// Sides for verdict tests: the real quick-suite results against Debian's mariadbd, with each
// repetition's tps (and latency) set by the test.
import { readFileSync } from 'node:fs';

import type { SideData } from '../../src/compare/verdict.js';
import { parseResults } from '../../src/results/results-file.js';
import type { CellResult, Results } from '../../src/results/results-schema.js';

const FIXTURE = new URL('../../__fixtures__/results/quick-mariadb-10.11.json', import.meta.url).pathname;
export const real: Results = parseResults(readFileSync(FIXTURE, 'utf8'), FIXTURE);

/** The fixture's cells with their tps (and latency) replaced by `tps(cell, index)` per repetition. */
export function side(values: (cell: CellResult, index: number) => number, repetitions = 5): SideData {
  const cells = real.cells.map((cell) => ({
    ...cell,
    repetitions: Array.from({ length: repetitions }, (_, index) => {
      const template = cell.repetitions[index % cell.repetitions.length];
      if (!template) throw new Error('fixture cell without repetitions');
      const tps = values(cell, index);
      const scale = tps / template.report.tps;
      return {
        ...template,
        index: index + 1,
        report: {
          ...template.report,
          tps,
          latencyMs: {
            ...template.report.latencyMs,
            atPercentile: Number((template.report.latencyMs.atPercentile / scale).toFixed(2)),
          },
        },
      };
    }),
  }));
  return {
    facts: real.sides.head,
    cells,
    environment: { ...real.environment, loadAverageBefore: [0.1, 0.1, 0.1] },
  };
}

/** Deterministic noise of about ±2% around each cell's real median. */
export function noisy(seed: number) {
  return (cell: CellResult, index: number): number => {
    const first = cell.repetitions[0]?.report.tps ?? 1;
    const wobble = Math.sin(seed * 12.9898 + index * 78.233 + cell.threads) * 0.02;
    return first * (1 + wobble);
  };
}
