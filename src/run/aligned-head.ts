// run --align-settings: once both servers have started and reported their settings, the head's
// server is measured a third time with the base's values of the settings known to change the
// work (results/align-settings.ts), as a variant only the head side runs (suite/head-settings.ts).
// This module decides the aligned head's options, says what it aligns and what it cannot, and
// gives the results their aligned cells apart. Pure.
import type { AlignmentRecord, CellResult } from '../results/results-schema.js';
import { alignmentOf, lacksVariable } from '../results/align-settings.js';
import { normalizeOptionName } from '../server/options.js';
import {
  BASE_SETTINGS,
  HEAD_SETTINGS,
  OWN_SETTINGS,
  splitAlignedCells,
  suiteWithAlignedHead,
  underHeadSettings,
  withoutHeadSettings,
} from '../suite/head-settings.js';
import type { Suite } from '../suite/suite-schema.js';
import { parseVariantLabel, variantLabel, variedOptions } from '../suite/variants.js';
import type { AdaptiveConfig } from './adaptive.js';
import type { StartedSide } from './sides.js';

/** What the run measures with an aligned head: the suite with its `head-settings` dimension. */
export interface AlignedHead {
  readonly suite: Suite;
  readonly record: Omit<AlignmentRecord, 'cells' | 'applied'>;
  /** What to tell the user: each setting aligned (info), each that cannot be (warnings). */
  readonly info: readonly string[];
  readonly warnings: readonly string[];
}

/**
 * The aligned head's options from what both servers reported, each aligned setting and each
 * that cannot be aligned said with why. Options the suite varies stay the variant's: aligning
 * them would undo the variant on one side.
 */
export function planAlignedHead(
  suite: Suite,
  sides: readonly Pick<StartedSide, 'name' | 'facts'>[],
): AlignedHead {
  const base = sides.find((side) => side.name === 'base');
  const head = sides.find((side) => side.name === 'head');
  if (!base || !head) throw new Error('the aligned head needs a base and a head side');
  const alignment = alignmentOf(base.facts, head.facts);
  const varied = new Set([...variedOptions(suite.variants)].map(normalizeOptionName));
  const aligned = alignment.aligned.filter((setting) =>
    Object.keys(setting.options).every((name) => !varied.has(normalizeOptionName(name))),
  );
  const skipped = [
    ...alignment.skipped,
    ...alignment.aligned
      .filter((setting) => !aligned.includes(setting))
      .map((setting) => ({ setting: setting.setting, why: `suite ${suite.name} varies it (variants)` })),
  ];
  const options = Object.assign({}, ...aligned.map((setting) => setting.options)) as Record<string, string>;
  const info =
    aligned.length === 0
      ? ['aligned head: the first-tier settings are the same on both sides; it runs as the head does']
      : aligned.map(
          (setting) => `aligned head: ${setting.setting} ${setting.head} → ${setting.base} (the base's)`,
        );
  // A variable one side lacks is what two versions or flavors are: one line for all of them.
  const lacking = skipped.filter((setting) => lacksVariable(setting.why)).map((setting) => setting.setting);
  return {
    suite: suiteWithAlignedHead(suite, options),
    record: { options, aligned: [...aligned], skipped },
    info: [
      ...info,
      ...(lacking.length === 0
        ? []
        : [`aligned head: not aligned, one side has no such variable: ${lacking.join(', ')}`]),
    ],
    warnings: skipped
      .filter((setting) => !lacksVariable(setting.why))
      .map((setting) => `aligned head: ${setting.setting} not aligned: ${setting.why}`),
  };
}

/**
 * The plan without the aligned setting that sets `option` (the head refused it at start), which
 * is named as not aligned with `why`; undefined when no aligned setting sets it.
 */
export function withoutAlignedOption(
  plan: AlignedHead,
  option: string,
  why: string,
): AlignedHead | undefined {
  const name = normalizeOptionName(option);
  const refused = plan.record.aligned.find((setting) =>
    Object.keys(setting.options).some((candidate) => normalizeOptionName(candidate) === name),
  );
  if (refused === undefined) return undefined;
  const aligned = plan.record.aligned.filter((setting) => setting !== refused);
  const options = Object.assign({}, ...aligned.map((setting) => setting.options)) as Record<string, string>;
  const skipped = [...plan.record.skipped, { setting: refused.setting, why }];
  return {
    // The dimension is replaced in place: the suite already carries it.
    suite: suiteWithAlignedHead(plan.suite, options),
    record: { options, aligned, skipped },
    info: plan.info.filter((line) => !line.startsWith(`aligned head: ${refused.setting} `)),
    warnings: [...plan.warnings, `aligned head: ${refused.setting} not aligned: ${why}`],
  };
}

/**
 * The adaptive run's judge of undecided cells, for a run with an aligned head: it judges the two
 * sides under their own settings, as compare's verdict does, and extends those cells.
 */
export function adaptiveWithAlignedHead(adaptive: AdaptiveConfig | undefined): AdaptiveConfig | undefined {
  if (adaptive === undefined) return undefined;
  return {
    ...adaptive,
    undecided: (cells, machine) =>
      adaptive
        .undecided(splitAlignedCells(cells).own, machine)
        .map((cell) => underHeadSettings(cell, OWN_SETTINGS)),
  };
}

/**
 * The measured cells as results keep them: the comparison's under the suite's own names, and the
 * aligned head's in the alignment record, with what the head reported for the aligned settings
 * and any it did not take.
 */
export function alignedResults(
  cells: readonly CellResult[],
  plan: AlignedHead,
  head: StartedSide,
): { readonly cells: CellResult[]; readonly alignment: AlignmentRecord } {
  const split = splitAlignedCells(cells);
  const applied = appliedSettings(plan, head);
  return { cells: split.own, alignment: { ...plan.record, applied, cells: split.aligned } };
}

/** What the aligned head reported for each aligned variable, from its first start under them. */
function appliedSettings(plan: AlignedHead, head: StartedSide): Record<string, string> {
  const label = [...head.variants.keys()].find(
    (candidate) => parseVariantLabel(candidate)?.[HEAD_SETTINGS] === BASE_SETTINGS,
  );
  return label === undefined ? {} : { ...head.variants.get(label) };
}

/** A side's variants as the results record them: by the suite's own labels, the aligned head's apart. */
export function variantsWithoutAlignment(
  variants: ReadonlyMap<string, Record<string, string>>,
): Map<string, Record<string, string>> {
  const kept = new Map<string, Record<string, string>>();
  for (const [label, values] of variants) {
    const variant = parseVariantLabel(label);
    if (variant?.[HEAD_SETTINGS] === BASE_SETTINGS) continue;
    const own = variant === undefined ? label : variantLabel(withoutHeadSettings(variant));
    if (own !== '') kept.set(own, values);
  }
  return kept;
}
