// Some cells of a suite: "workload@threads" names (as the nightly history writes them) checked
// against the suite, and the suite cut down to those cells, so that a run measures only them.
// Pure.
import { InputError } from '../errors.js';
import { type Cell, type Suite, suiteCells, workloadThreads } from './suite-schema.js';

/** "oltp_point_select@1". */
export function cellName(cell: Cell): string {
  return `${cell.workload}@${cell.threads}`;
}

/** "oltp_point_select@1" → the cell; `label` (--cell) names the flag in errors. */
export function parseCellName(text: string, label: string): Cell {
  const match = /^([A-Za-z0-9_.-]+)@(\d+)$/.exec(text.trim());
  if (!match?.[1] || !match[2] || Number(match[2]) < 1) {
    throw new InputError(`${label} ${text}: expected WORKLOAD@THREADS, e.g. oltp_point_select@1`);
  }
  return { workload: match[1], threads: Number(match[2]) };
}

/**
 * The named cells, each checked to be a cell of the suite, in suite order and without repeats.
 * An unknown name fails with the suite's cells listed.
 */
export function suiteCellsNamed(suite: Suite, names: readonly string[], label: string): Cell[] {
  const all = suiteCells(suite);
  const wanted = new Set<string>();
  for (const name of names) {
    const cell = parseCellName(name, label);
    if (!all.some((known) => cellName(known) === cellName(cell))) {
      throw new InputError(
        `${label} ${name}: suite ${suite.name} has no such cell; its cells: ${all.map(cellName).join(', ')}`,
      );
    }
    wanted.add(cellName(cell));
  }
  return all.filter((cell) => wanted.has(cellName(cell)));
}

/** The suite with only `cells` (cells of it): other workloads dropped, thread counts narrowed. */
export function selectCells(suite: Suite, cells: readonly Cell[]): Suite {
  const keep = new Set(cells.map(cellName));
  const workloads = suite.workloads.flatMap((workload) => {
    const threads = workloadThreads(suite, workload).filter((count) =>
      keep.has(cellName({ workload: workload.name, threads: count })),
    );
    return threads.length === 0 ? [] : [{ ...workload, threads }];
  });
  if (workloads.length === 0) throw new Error(`no cell of suite ${suite.name} was selected`);
  return { ...suite, workloads };
}
