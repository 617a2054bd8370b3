// One variant of a run against another: each cell measured under `dimension=value` is the base of
// the same cell (workload, threads, the other dimensions) under each other value of that dimension.
// What `durable` asks ("durable settings against the defaults"), from one server's run. Pure.
import { InputError } from '../errors.js';
import type { CellResult, Results } from '../results/results-schema.js';
import { cellName } from '../suite/suite-schema.js';
import { allVariants, parseVariantLabel, variantLabel } from '../suite/variants.js';

/** `DIMENSION=VALUE`, as --against-variant gives it. */
export interface VariantBase {
  readonly dimension: string;
  readonly value: string;
}

export function parseVariantBase(text: string, label: string): VariantBase {
  const variant = parseVariantLabel(text.trim());
  const entries = Object.entries(variant ?? {});
  const [entry] = entries;
  if (entry === undefined || entries.length !== 1) {
    throw new InputError(`${label} ${text}: expected DIMENSION=VALUE, e.g. durability=default`);
  }
  return { dimension: entry[0], value: entry[1] };
}

/**
 * The base and head cells of a comparison across `request.dimension`: the run's head-side cells
 * under the other values (head) and, for each, the cell under `request.value` (base) renamed to
 * it, so that the two pair up as an A/B run's sides do.
 */
export function variantSides(
  results: Pick<Results, 'suite' | 'cells'>,
  request: VariantBase,
  label: string,
): { readonly base: CellResult[]; readonly head: CellResult[] } {
  const { dimension, value } = request;
  const values = [...new Set(allVariants(results.suite.variants).map((variant) => variant[dimension]))];
  if (values[0] === undefined) {
    const dimensions = Object.keys(results.suite.variants ?? {});
    throw new InputError(
      `${label} ${dimension}=${value}: suite ${results.suite.name} has no variant dimension ${dimension}` +
        (dimensions.length === 0 ? ' (it has no variants)' : `; its dimensions: ${dimensions.join(', ')}`),
    );
  }
  if (!values.includes(value)) {
    throw new InputError(`${label} ${dimension}=${value}: ${dimension}'s values are ${values.join(', ')}`);
  }
  if (values.length < 2) {
    throw new InputError(`${label} ${dimension}=${value}: ${dimension} has no other value to compare with`);
  }
  const measured = results.cells.filter((cell) => cell.side === 'head');
  const byName = new Map(measured.map((cell) => [cellName(cell), cell]));
  const head = measured.filter(
    (cell) => cell.variant?.[dimension] !== undefined && cell.variant[dimension] !== value,
  );
  const base = head.map((cell): CellResult => {
    const under = { ...cell.variant, [dimension]: value };
    const match = byName.get(cellName({ ...cell, variant: under }));
    if (match === undefined) {
      throw new InputError(
        `${label} ${dimension}=${value}: the run has ${cellName(cell)} but not the same cell under ${variantLabel(under)}`,
      );
    }
    return { ...match, variant: { ...(cell.variant ?? {}) }, side: 'base' };
  });
  if (head.length === 0)
    throw new InputError(`${label} ${dimension}=${value}: the run measured no cell to compare`);
  return { base, head };
}
