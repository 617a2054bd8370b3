// A side's server under a suite's server-option variants: the options it runs with under each,
// and what it reported, once it did, for every option the variants set.
import { mergeOptions } from '../server/options.js';
import { variableValues } from '../server/queries.js';
import type { SideServer } from '../server/side-server.js';
import type { Suite } from '../suite/suite-schema.js';
import {
  parseVariantLabel,
  type Variant,
  variantLabel,
  variantOptions,
  variedOptions,
} from '../suite/variants.js';

/** Reads back the options of `variant` from the running server and keeps them under its label. */
export async function recordVariant(
  server: SideServer,
  suite: Suite,
  variant: Variant | undefined,
  into: Map<string, Record<string, string>>,
): Promise<void> {
  await recordVariants(server, suite, variant === undefined ? [] : [variant], into);
}

/**
 * Reads back, once, the options every variant sets from the running server, and keeps them under
 * the label of each of `variants` not recorded yet (variants the server runs with the same options).
 */
export async function recordVariants(
  server: SideServer,
  suite: Suite,
  variants: readonly Variant[],
  into: Map<string, Record<string, string>>,
): Promise<void> {
  const labels = variants.map(variantLabel).filter((label) => label !== '' && !into.has(label));
  if (labels.length === 0) return;
  // Every option any variant sets, not only this one's: what the server had for the others'
  // options under this variant is what a comparison across variants differs by (compare's
  // variant-settings.ts). `skip_log_bin` sets the variable log_bin: read back what the option set.
  const names = [...variedOptions(suite.variants)].map((name) =>
    name.replace(/^(skip|disable|enable|loose)[-_]/i, ''),
  );
  const values = await variableValues(server.connection, names);
  for (const label of labels) into.set(label, { ...values });
}

/** The options a server runs with under the variant labelled `label`; undefined for one the suite no longer has. */
export function currentOptions(
  options: Readonly<Record<string, string>>,
  suite: Suite,
  label: string | undefined,
): Readonly<Record<string, string>> | undefined {
  try {
    return optionsUnder(options, suite, parseVariantLabel(label ?? ''));
  } catch {
    return undefined;
  }
}

/** The options a side's server runs with under `variant`: its own, then the variant's. */
export function optionsUnder(
  options: Readonly<Record<string, string>>,
  suite: Suite,
  variant: Variant | undefined,
): Readonly<Record<string, string>> {
  const label = variantLabel(variant);
  if (variant === undefined || label === '') return options;
  return mergeOptions([
    { source: 'the options given', options },
    { source: `suite ${suite.name} variant ${label}`, options: variantOptions(suite.variants, variant) },
  ]);
}
