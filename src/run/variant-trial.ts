// Before anything is measured, a side's server is started once under each server-option variant
// it will run: a server refuses combinations of options its version cannot run (MySQL 9.7 will
// not start with innodb_thread_concurrency=1000 and its default 100M redo log), and a refusal
// found only when that variant's turn comes would lose every measurement before it (a scaling run
// lost 8 minutes so). What the server reports for the variants' options is recorded on the way.
// A variant the server will not start under ends the run in one line that names it.
import { GateError } from '../errors.js';
import type { Logger } from '../shell/logger.js';
import type { SideServer } from '../server/side-server.js';
import { BASE_SETTINGS, HEAD_SETTINGS } from '../suite/head-settings.js';
import { suiteCells, type Suite } from '../suite/suite-schema.js';
import { type Variant, variantLabel, variantOptions } from '../suite/variants.js';
import { optionsUnder, recordVariants } from './variant-options.js';

export interface TrialSide {
  readonly name: string;
  readonly server: SideServer;
  /** The side's own options, before any variant's. */
  readonly options: Readonly<Record<string, string>>;
}

/**
 * The variants to try, grouped by the options the server runs with under them (a `connection`
 * value restarts nothing): each group but the one the server started under, the aligned head's
 * aside (aligned-trial.ts). `started` is that group.
 */
export function variantsToTry(
  suite: Suite,
  options: Readonly<Record<string, string>>,
): { readonly started: Variant[]; readonly tried: Variant[][] } {
  const cells = suiteCells(suite);
  const groups = new Map<string, Variant[]>();
  const seen = new Set<string>();
  for (const { variant } of cells) {
    if (variant === undefined || variant[HEAD_SETTINGS] === BASE_SETTINGS) continue;
    const label = variantLabel(variant);
    if (seen.has(label)) continue;
    seen.add(label);
    const key = JSON.stringify(optionsUnder(options, suite, variant));
    groups.set(key, [...(groups.get(key) ?? []), variant]);
  }
  const startedKey = JSON.stringify(optionsUnder(options, suite, cells[0]?.variant));
  return {
    started: groups.get(startedKey) ?? [],
    tried: [...groups].filter(([key]) => key !== startedKey).map(([, group]) => group),
  };
}

/**
 * Starts `side`'s server under each variant to try, then under the first again. `variants` gets
 * what the server reported under each.
 */
export async function trialVariants(
  side: TrialSide,
  suite: Suite,
  logger: Logger,
  variants: Map<string, Record<string, string>>,
): Promise<void> {
  const { started, tried } = variantsToTry(suite, side.options);
  const { server } = side;
  await recordVariants(server, suite, started, variants);
  if (tried.length === 0) return;
  logger.info(
    `${side.name}: starting the server once under each of its ${tried.length} other variant option set(s) before measuring`,
  );
  for (const group of tried) {
    const [variant] = group;
    if (variant === undefined) continue;
    const options = optionsUnder(side.options, suite, variant);
    await server.stop();
    server.useOptions(options);
    try {
      await server.start();
    } catch (error) {
      throw refusal(side.name, suite, variant, error);
    }
    await recordVariants(server, suite, group, variants);
  }
  await server.stop();
  server.useOptions(optionsUnder(side.options, suite, suiteCells(suite)[0]?.variant));
  await server.start();
}

function refusal(side: string, suite: Suite, variant: Variant, error: unknown): GateError {
  const set = Object.entries(variantOptions(suite.variants, variant))
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  return new GateError(
    `variant ${variantLabel(variant)}: ${side}'s server would not start with its options (${set}), ` +
      `so nothing was measured; change the suite's variants or serverOptions. ${error instanceof Error ? error.message : String(error)}`,
  );
}
