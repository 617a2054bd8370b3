// The aligned head of `run --align-settings`: the head's server once more, with the base's values
// of the settings known to change the work, measured as a third side. The run measures it as a
// variant only the head side runs: the dimension `head-settings`, `own` (both sides, as they are)
// and `base` (the head alone, aligned). The results keep the suite as given; the aligned cells go
// to `results.alignment`. Pure.
import type { Suite } from './suite-schema.js';
import { type Variant, type VariantsField } from './variants.js';

/** A cell as the plan, the scheduler and the results carry it. */
interface MeasuredCell {
  readonly workload: string;
  readonly threads: number;
  readonly variant?: Variant;
}

/** The dimension the run adds; a suite may not name one of its own so. */
export const HEAD_SETTINGS = 'head-settings';
/** Both sides with their own settings: the comparison the run is for. */
export const OWN_SETTINGS = 'own';
/** The head alone, with the base's values of the first-tier settings. */
export const BASE_SETTINGS = 'base';

/**
 * The suite the run measures: the given one with the `head-settings` dimension last, so that the
 * cells of every other variant come with their aligned twin. Timings are interleaved variant by
 * variant (the machine's drift falls on the three alike); counts, which do not drift, are
 * measured variant by variant, one restart for the aligned head (under callgrind a restart costs
 * tens of seconds).
 */
export function suiteWithAlignedHead(suite: Suite, options: Readonly<Record<string, string>>): Suite {
  const variants: VariantsField = {
    ...suite.variants,
    [HEAD_SETTINGS]: { [OWN_SETTINGS]: {}, [BASE_SETTINGS]: { ...options } },
  };
  const interleave = suite.interleaveVariants ?? suite.metric === 'throughput';
  return { ...suite, variants, interleaveVariants: interleave };
}

/** Whether `side` measures cells of `variant`: the aligned head is the head's alone. */
export function runsOnSide(variant: Variant | undefined, side: string): boolean {
  return variant?.[HEAD_SETTINGS] !== BASE_SETTINGS || side === 'head';
}

/** A variant without the `head-settings` dimension (undefined when nothing else is left). */
export function withoutHeadSettings(variant: Variant | undefined): Variant | undefined {
  if (variant === undefined || !(HEAD_SETTINGS in variant)) return variant;
  const rest = Object.fromEntries(
    Object.entries(variant).filter(([dimension]) => dimension !== HEAD_SETTINGS),
  );
  return Object.keys(rest).length === 0 ? undefined : rest;
}

/** The cell under `value` of `head-settings`, as the run measures it. */
export function underHeadSettings<T extends MeasuredCell>(cell: T, value: string): T {
  return { ...cell, variant: { ...cell.variant, [HEAD_SETTINGS]: value } };
}

/**
 * The cells the run measured, split: those of both sides under their own settings (the
 * comparison) and those of the aligned head, each without the `head-settings` dimension, so that
 * they carry the suite's own cell names.
 */
export function splitAlignedCells<T extends MeasuredCell>(
  cells: readonly T[],
): { readonly own: T[]; readonly aligned: T[] } {
  const strip = (cell: T): T => {
    const variant = withoutHeadSettings(cell.variant);
    const stripped: T = { ...cell, variant };
    if (variant === undefined) delete (stripped as { variant?: Variant }).variant;
    return stripped;
  };
  return {
    own: cells.filter((cell) => cell.variant?.[HEAD_SETTINGS] !== BASE_SETTINGS).map(strip),
    aligned: cells.filter((cell) => cell.variant?.[HEAD_SETTINGS] === BASE_SETTINGS).map(strip),
  };
}
