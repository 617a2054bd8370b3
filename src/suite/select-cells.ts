// Some cells of a suite: "workload@threads" names (as the nightly history writes them) checked
// against the suite, and the suite cut down to those cells, so that a run measures only them.
// Pure.
import { InputError } from '../errors.js';
import { type Cell, cellName, type Suite, suiteCells, workloadThreads } from './suite-schema.js';
import { parseVariantLabel, variantLabel, variantsForFlavors, variantsForVariables } from './variants.js';

export { cellName } from './suite-schema.js';

/**
 * "oltp_point_select@1" or "oltp_point_select@1[innodb_thread_concurrency=8]" → the cell;
 * `label` (--cell) names the flag in errors.
 */
export function parseCellName(text: string, label: string): Cell {
  const match = /^([A-Za-z0-9_.-]+)@(\d+)(?:\[([^\]]*)\])?$/.exec(text.trim());
  const variant = match?.[3] === undefined ? {} : parseVariantLabel(match[3]);
  if (!match?.[1] || !match[2] || Number(match[2]) < 1 || variant === undefined || match[3] === '') {
    throw new InputError(
      `${label} ${text}: expected WORKLOAD@THREADS or WORKLOAD@THREADS[OPTION=VALUE], ` +
        'e.g. oltp_point_select@1 or oltp_point_select@64[innodb_thread_concurrency=8]',
    );
  }
  const cell = { workload: match[1], threads: Number(match[2]) };
  return variantLabel(variant) === '' ? cell : { ...cell, variant };
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

/**
 * The suite with only `cells` (cells of it): other workloads dropped, thread counts narrowed, and
 * with variants, the cells named (`cells`), since variants and threads do not always multiply out.
 */
export function selectCells(suite: Suite, cells: readonly Cell[]): Suite {
  const keep = new Set(cells.map(cellName));
  const all = suiteCells(suite).filter((cell) => keep.has(cellName(cell)));
  const workloads = suite.workloads.flatMap((workload) => {
    const threads = workloadThreads(suite, workload).filter((count) =>
      all.some((cell) => cell.workload === workload.name && cell.threads === count),
    );
    return threads.length === 0 ? [] : [{ ...workload, threads }];
  });
  if (workloads.length === 0) throw new Error(`no cell of suite ${suite.name} was selected`);
  if (suite.variants === undefined) return { ...suite, workloads };
  return { ...suite, workloads, cells: all.map(cellName) };
}

/**
 * The suite without the variants a server of one of `flavors` lacks (MySQL has no thread pool),
 * and a note for each value left out.
 */
export function suiteForFlavors(suite: Suite, flavors: readonly string[]): { suite: Suite; notes: string[] } {
  return narrowVariants(suite, variantsForFlavors(suite.variants, flavors));
}

/**
 * The suite without the variants whose options the servers have no variable for (they start
 * with such an option and ignore it), and a note for each value left out.
 */
export function suiteForVariables(
  suite: Suite,
  servers: readonly { readonly label: string; readonly variables: ReadonlySet<string> }[],
): { suite: Suite; notes: string[] } {
  return narrowVariants(suite, variantsForVariables(suite.variants, servers));
}

function narrowVariants(
  suite: Suite,
  { field, notes }: { field: Suite['variants']; notes: string[] },
): { suite: Suite; notes: string[] } {
  if (notes.length === 0) return { suite, notes };
  const narrowed: Suite = { ...suite, variants: field, cells: undefined };
  if (field === undefined) delete narrowed.variants;
  delete narrowed.cells;
  if (suite.cells === undefined) return { suite: narrowed, notes };
  const left = new Set(suiteCells(narrowed).map(cellName));
  const cells = suite.cells.filter((name) => left.has(name));
  if (cells.length === 0)
    throw new InputError(`none of the cells asked for can run here: ${notes.join('; ')}`);
  return { suite: { ...narrowed, cells }, notes };
}
