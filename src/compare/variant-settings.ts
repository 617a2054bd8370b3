// What a comparison across variants changed besides the code: the settings each variant ran with,
// as the server reported them once it ran under it (results' `sides.head.variants`). Against the
// server itself, every variable is the same; what differs is what the variants set, and where a
// variant sets nothing the server did not already have (MySQL 8 logs binary and syncs it by
// default, so `durable` there is its default), the cells compare the server with itself. Pure.
import type { Results } from '../results/results-schema.js';
import { dimensionValues, parseVariantLabel, variantLabel } from '../suite/variants.js';
import { variablesDiff } from './config-diff.js';
import type { VariantBase } from './variant-sides.js';
import type { ConfigDifference } from './verdict-schema.js';

export interface VariantSettings {
  /** Each variable one of the other values ran with otherwise, base the compared-against value's. */
  readonly differences: ConfigDifference[];
  readonly warnings: string[];
}

/**
 * The settings of each other value of `request.dimension` against those of `request.value`, from
 * the head side's record of its variants. With more than one other value, each head value says
 * which it is ("1 (binlog=sync1)").
 */
export function variantSettings(
  results: Pick<Results, 'suite' | 'sides'>,
  request: VariantBase,
): VariantSettings {
  const { dimension, value } = request;
  const recorded = results.sides.head.variants ?? {};
  const byValue = new Map<string, { differences: ConfigDifference[]; compared: Record<string, string> }>();
  for (const [label, settings] of Object.entries(recorded)) {
    const variant = parseVariantLabel(label);
    const other = variant?.[dimension];
    if (variant === undefined || other === undefined || other === value) continue;
    const base = recorded[variantLabel({ ...variant, [dimension]: value })];
    if (base === undefined) continue;
    const entry = byValue.get(other) ?? { differences: [], compared: {} };
    for (const difference of variablesDiff(base, settings)) {
      const seen = entry.differences.some(
        (known) =>
          known.name === difference.name && known.head === difference.head && known.base === difference.base,
      );
      if (!seen) entry.differences.push(difference);
    }
    Object.assign(entry.compared, settings);
    byValue.set(other, entry);
  }
  const several = byValue.size > 1;
  const differences = [...byValue].flatMap(([other, entry]) =>
    entry.differences.map((difference) =>
      several && difference.head !== null
        ? { ...difference, head: `${difference.head} (${dimension}=${other})` }
        : difference,
    ),
  );
  const warnings = [...byValue]
    .filter(([, entry]) => entry.differences.length === 0 && Object.keys(entry.compared).length > 0)
    .filter(
      ([other]) =>
        setsOptions(results.suite, dimension, other) || setsOptions(results.suite, dimension, value),
    )
    .map(
      ([other, entry]) =>
        `${dimension}=${other} ran with the settings ${dimension}=${value} had on this server ` +
        `(${Object.entries(entry.compared)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([name, setting]) => `${name}=${setting}`)
          .join(', ')}): ` +
        `its cells measure the same configuration twice, so a difference there is noise, not the setting`,
    );
  return { differences, warnings };
}

/** Whether a value of the dimension sets server options (a `connection` value sets none). */
function setsOptions(suite: Pick<Results['suite'], 'variants'>, dimension: string, name: string): boolean {
  if (suite.variants?.[dimension] === undefined) return false;
  const found = dimensionValues(suite.variants, dimension).find((candidate) => candidate.name === name);
  return found !== undefined && Object.keys(found.options).length > 0;
}
