// Before two versions or flavors are measured: the settings known to distort such a comparison
// (durability, the binary log, redo capacity, the buffer pool) that the two servers run with
// differently, each with the options that would align them. Percona's 2026 ecosystem benchmark
// ran MariaDB with half the redo capacity of the others; MySQL 5.7 "got slower" than 5.6 because
// sync_binlog went from 0 to 1. Pure.
import { type Flavor, FLAVOR_NAMES } from './results-schema.js';
import { binaryLogOptions, REDO_VARIABLES, redoCapacity, redoOptions } from './align-settings.js';
import { KNOWN_SETTINGS } from './settings-catalog.js';
import { sameSetting } from './setting-value.js';

export interface FairnessSide {
  readonly flavor: Flavor;
  /** The server's version as it reports it (`10.11.19`, `9.7.2`). */
  readonly version: string;
  readonly variables: Readonly<Record<string, string>>;
  /** How the user sets an option on this side: `--head-set`, `input "head-set"`. */
  readonly optionsLabel: string;
}

/** A side as the check takes it, from what the server reported and how its options are set. */
export function fairnessSide(
  facts: Pick<FairnessSide, 'flavor' | 'version' | 'variables'>,
  optionsLabel: string,
): FairnessSide {
  return { flavor: facts.flavor, version: facts.version, variables: facts.variables, optionsLabel };
}

export interface UnfairSetting {
  /** A variable, or "redo capacity" for the variables that make it up. */
  readonly setting: string;
  readonly base: string;
  readonly head: string;
  /** Options that would align the sides, each a complete alternative: `--base-set sync_binlog=1`. */
  readonly align: readonly string[];
}

function mebibytes(bytes: bigint): string {
  return bytes % 1048576n === 0n ? `${bytes / 1048576n} MiB` : `${bytes} bytes`;
}

/** `--head-set name=value …` for one side's options. */
function flags(side: FairnessSide, options: Readonly<Record<string, string>>): string {
  return Object.entries(options)
    .map(([name, value]) => `${side.optionsLabel} ${name}=${value}`)
    .join(' ');
}

/**
 * The options that align one setting: each side set to the other's value (the binary log turned
 * on where it is off, or off where it is on).
 */
function alignOptions(name: string, base: FairnessSide, head: FairnessSide): string[] {
  const value = (side: FairnessSide): string => side.variables[name] ?? '';
  if (name === 'log_bin') {
    const [on, off] = value(base).toUpperCase() === 'OFF' ? [head, base] : [base, head];
    return [flags(off, binaryLogOptions(true)), flags(on, binaryLogOptions(false))];
  }
  return [`${head.optionsLabel} ${name}=${value(base)}`, `${base.optionsLabel} ${name}=${value(head)}`];
}

/**
 * The distorting settings the two servers differ in, in the curated table's order, when they are
 * different versions or flavors; none when they are the same server (a changed setting is then
 * what the run compares).
 */
export function unfairSettings(base: FairnessSide, head: FairnessSide): UnfairSetting[] {
  if (base.flavor === head.flavor && base.version === head.version) return [];
  const unfair: UnfairSetting[] = [];
  for (const { name } of KNOWN_SETTINGS.filter(
    (setting) => setting.distorts && !REDO_VARIABLES.has(setting.name),
  )) {
    const [a, b] = [base.variables[name], head.variables[name]];
    if (a === undefined || b === undefined || sameSetting(a, b)) continue;
    unfair.push({ setting: name, base: a, head: b, align: alignOptions(name, base, head) });
  }
  const [a, b] = [redoCapacity(base), redoCapacity(head)];
  if (a !== undefined && b !== undefined && a !== b) {
    unfair.push({
      setting: 'redo capacity',
      base: mebibytes(a),
      head: mebibytes(b),
      align: [flags(head, redoOptions(head, a)), flags(base, redoOptions(base, b))],
    });
  }
  return unfair;
}

/** The run's one warning about them, or undefined when there is nothing to align. */
export function fairnessWarning(base: FairnessSide, head: FairnessSide): string | undefined {
  const unfair = unfairSettings(base, head);
  if (unfair.length === 0) return undefined;
  const items = unfair.map(
    (item) => `${item.setting} ${item.base} → ${item.head} (align: ${item.align.join(' or ')})`,
  );
  return (
    `base and head are different servers (${FLAVOR_NAMES[base.flavor]} ${base.version}, ` +
    `${FLAVOR_NAMES[head.flavor]} ${head.version}) ` +
    `and differ in settings known to distort such a comparison: ${items.join('; ')}`
  );
}
