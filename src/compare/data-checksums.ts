// Whether every repetition of a workload whose data is reset (re-prepare, restore) started from
// the same rows: the checksums of its tables, taken before each repetition, all equal across its
// cells and both sides. When they are not, its cells compare runs on different data. Pure.
import { plural } from '../format.js';
import type { CellResult } from '../results/results-schema.js';
import type { Suite } from '../suite/suite-schema.js';

/**
 * One warning per workload whose repetitions started from different data. Without a fixed
 * `randSeed`, each prepare fills the tables with new values: every re-prepare, and each side's
 * own prepare, then differ in their values though not in their rows' count.
 */
export function dataChecksumWarnings(results: {
  readonly cells: readonly CellResult[];
  readonly suite: Pick<Suite, 'randSeed'>;
}): string[] {
  const { cells } = results;
  const hint =
    results.suite.randSeed === 0
      ? ' (the suite has no randSeed, so each prepare fills the tables with new values; a fixed randSeed makes them the same)'
      : '';
  const byWorkload = new Map<string, { sums: Set<string>; repetitions: number; sides: Set<string> }>();
  for (const cell of cells) {
    for (const repetition of cell.repetitions) {
      if (repetition.dataChecksum === undefined) continue;
      const entry = byWorkload.get(cell.workload) ?? { sums: new Set(), repetitions: 0, sides: new Set() };
      entry.sums.add(repetition.dataChecksum);
      entry.repetitions += 1;
      entry.sides.add(cell.side);
      byWorkload.set(cell.workload, entry);
    }
  }
  return [...byWorkload.entries()]
    .filter(([, entry]) => entry.sums.size > 1)
    .map(
      ([workload, entry]) =>
        `workload ${workload}: its repetitions did not all start from the same data ` +
        `(${plural(entry.sums.size, 'checksum', 'checksums')} of its tables over ` +
        `${plural(entry.repetitions, 'repetition', 'repetitions')}, ${[...entry.sides].sort().join(' and ')}): ` +
        `its cells do not compare like with like${hint}`,
    );
}
