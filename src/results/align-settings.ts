// The head's server with the settings known to change the work per transaction set to the base's
// values: the options that align it (run --align-settings measures it as a third side), and the
// settings that cannot be aligned, each with why. What the head then still does differently is
// its code's doing. Pure.
import { describeFlavor, FLAVORS } from '../flavor/flavors.js';
import { redoLogBytes, redoLogOptions } from '../flavor/redo.js';
import { FLAVOR_NAMES, type Flavor } from './results-schema.js';
import { KNOWN_SETTINGS } from './settings-catalog.js';
import { sameSetting } from './setting-value.js';

export interface AlignedServer {
  readonly flavor: Flavor;
  readonly version: string;
  /** What SHOW GLOBAL VARIABLES said, once it ran with its options. */
  readonly variables: Readonly<Record<string, string>>;
}

export interface AlignedSetting {
  /** A variable, or "redo capacity". */
  readonly setting: string;
  /** The head's value and the base's, as each server reported it. */
  readonly head: string;
  readonly base: string;
  /** The options that give the head the base's value. */
  readonly options: Readonly<Record<string, string>>;
}

export interface Alignment {
  /** Options on top of the head's own, in the order the settings are listed. */
  readonly options: Readonly<Record<string, string>>;
  readonly aligned: readonly AlignedSetting[];
  /** Settings of the first tier that differ but cannot be set on the head. */
  readonly skipped: readonly { readonly setting: string; readonly why: string }[];
}

/** The setting the redo variables are aligned as. */
export const REDO_CAPACITY = 'redo capacity';

/** Variables that make up the redo capacity in any flavor, aligned as one figure. */
export const REDO_VARIABLES: ReadonlySet<string> = new Set(
  FLAVORS.flatMap(({ datadir: { redo } }) => [
    redo.capacityOption,
    redo.fileSizeOption,
    redo.fileCountOption,
  ]).filter((name) => name !== null),
);

function integer(value: string | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  // MariaDB prints some sizes as doubles ("1073741824.000000").
  const match = /^(\d+)(\.0+)?$/.exec(value);
  return match?.[1] === undefined ? undefined : BigInt(match[1]);
}

/**
 * The redo log's capacity in bytes, as the server's flavor reads its variables (src/flavor/redo.ts,
 * the rule the space a run needs is estimated by): innodb_redo_log_capacity (MySQL and Percona
 * 8.0.30+), else innodb_log_file_size times innodb_log_files_in_group (MariaDB 10.5+ has one file).
 */
export function redoCapacity(server: Pick<AlignedServer, 'flavor' | 'variables'>): bigint | undefined {
  return redoLogBytes(describeFlavor(server.flavor).datadir.redo, (name) => integer(server.variables[name]));
}

/** The options that give a server of this flavor, with these variables, a redo capacity of `bytes`. */
export function redoOptions(
  server: Pick<AlignedServer, 'flavor' | 'variables'>,
  bytes: bigint,
): Record<string, string> {
  const read = (name: string): bigint | undefined => integer(server.variables[name]);
  return redoLogOptions(describeFlavor(server.flavor).datadir.redo, read, bytes);
}

/**
 * The options that turn the binary log on or off. On: a base name, as both flavors take it (a
 * value of OFF would name the files "OFF.000001"). Off: `skip_log_bin`, which both flavors' option
 * parsers read as the option disabled whatever value it carries.
 */
export function binaryLogOptions(on: boolean): Record<string, string> {
  return on ? { log_bin: 'mysql-bin' } : { skip_log_bin: 'ON' };
}

function isOn(value: string): boolean {
  return !['OFF', '0', ''].includes(value.toUpperCase());
}

function server(side: AlignedServer): string {
  return `${FLAVOR_NAMES[side.flavor]} ${side.version}`;
}

/** One first-tier variable: aligned, skipped with why, or the same on both sides. */
function alignOne(
  name: string,
  base: AlignedServer,
  head: AlignedServer,
): AlignedSetting | { setting: string; why: string } | undefined {
  const [from, to] = [head.variables[name], base.variables[name]];
  if (from === undefined && to === undefined) return undefined;
  if (from === undefined) return { setting: name, why: `the head (${server(head)}) has no such variable` };
  if (to === undefined) {
    return { setting: name, why: `the base (${server(base)}) has no such variable: no value to set it to` };
  }
  if (sameSetting(from, to)) return undefined;
  if (NEVER_ALIGNED.has(name)) return { setting: name, why: NEVER_ALIGNED.get(name) ?? '' };
  const vocabularies = [base, head].map((side) => describeFlavor(side.flavor).settings.vocabulary[name]);
  if (vocabularies[0] !== vocabularies[1]) {
    const examples = vocabularies.filter((example) => example !== undefined).join('; ');
    return {
      setting: name,
      why: `its values are names ${FLAVOR_NAMES[base.flavor]} and ${FLAVOR_NAMES[head.flavor]} do not share (${examples}); the head might not start with the base's`,
    };
  }
  if (name === 'optimizer_switch') return optimizerSwitch(from, to);
  const options = name === 'log_bin' ? binaryLogOptions(isOn(to)) : { [name]: integer(to)?.toString() ?? to };
  return { setting: name, head: from, base: to, options };
}

/** First-tier settings that are not set on a running comparison, with why. */
const SESSION_ONLY = "not a server option: each connection sets its own (sysbench's client does)";
const NEVER_ALIGNED: ReadonlyMap<string, string> = new Map([
  ['innodb_page_size', "it decides the datadir's layout: the head's tables were created with its own"],
  ['character_set_connection', SESSION_ONLY],
  ['collation_connection', SESSION_ONLY],
]);

/** `flag=on,other=off` as a map. */
function switchFlags(value: string): Map<string, string> {
  return new Map(
    value
      .split(',')
      .map((pair) => pair.trim().split('='))
      .flatMap(([flag, state]) => (flag && state ? [[flag, state] as [string, string]] : [])),
  );
}

/**
 * optimizer_switch flag by flag: only the flags both servers know that differ are set (each
 * version adds flags, and a server refuses one it does not know); the base's other flags are
 * named as not aligned.
 */
function optimizerSwitch(from: string, to: string): AlignedSetting | { setting: string; why: string } {
  const [head, base] = [switchFlags(from), switchFlags(to)];
  const differ = [...base].filter(([flag, state]) => head.has(flag) && head.get(flag) !== state);
  if (differ.length === 0) {
    const only = [...base.keys()].filter((flag) => !head.has(flag));
    return {
      setting: 'optimizer_switch',
      why: `the flags that differ are the base's alone (${only.join(', ')})`,
    };
  }
  const value = differ.map(([flag, state]) => `${flag}=${state}`).join(',');
  const shown = (flags: Map<string, string>): string =>
    differ.map(([flag]) => `${flag}=${flags.get(flag) ?? ''}`).join(',');
  return {
    setting: 'optimizer_switch',
    head: shown(head),
    base: shown(base),
    options: { optimizer_switch: value },
  };
}

/** Whether a reason for not aligning a setting is that one side has no such variable. */
export function lacksVariable(why: string): boolean {
  return why.includes('has no such variable');
}

/** How to give the head the base's first-tier settings, and what cannot be given. */
export function alignmentOf(base: AlignedServer, head: AlignedServer): Alignment {
  const aligned: AlignedSetting[] = [];
  const skipped: { setting: string; why: string }[] = [];
  for (const { name } of KNOWN_SETTINGS) {
    if (REDO_VARIABLES.has(name)) continue;
    const outcome = alignOne(name, base, head);
    if (outcome === undefined) continue;
    if ('why' in outcome) skipped.push(outcome);
    else aligned.push(outcome);
  }
  const [to, from] = [redoCapacity(base), redoCapacity(head)];
  if (to !== undefined && from !== undefined && to !== from) {
    const options = redoOptions(head, to);
    aligned.push({ setting: REDO_CAPACITY, head: `${from} bytes`, base: `${to} bytes`, options });
  }
  const options = Object.assign({}, ...aligned.map((setting) => setting.options)) as Record<string, string>;
  return { options, aligned, skipped };
}

/**
 * Aligned settings the head did not take: its value under the alignment is not the base's (an
 * option its version reads differently, or one a later option overrode).
 */
export function settingsNotTaken(record: {
  readonly aligned: readonly AlignedSetting[];
  readonly applied: Readonly<Record<string, string>>;
}): string[] {
  return record.aligned.flatMap((setting) => {
    if (setting.setting === REDO_CAPACITY) return redoNotTaken(setting, record.applied);
    const reported = record.applied[setting.setting];
    if (reported === undefined || sameSetting(reported, setting.base)) return [];
    // optimizer_switch: the flags aligned, among all the head reports.
    const flags = switchFlags(reported);
    if (
      setting.setting === 'optimizer_switch' &&
      [...switchFlags(setting.base)].every(([flag, state]) => flags.get(flag) === state)
    ) {
      return [];
    }
    return [`${setting.setting}: ${reported}, not the base's ${setting.base}`];
  });
}

/**
 * The redo capacity not taken: an option that aligned it (the one its flavor sizes it by) that
 * the head reports with another value.
 */
function redoNotTaken(setting: AlignedSetting, applied: Readonly<Record<string, string>>): string[] {
  return Object.entries(setting.options).flatMap(([name, value]) => {
    const reported = applied[name];
    if (reported === undefined || sameSetting(reported, value)) return [];
    return [
      `${setting.setting}: ${name} ${reported}, not the ${value} that gives the base's ${setting.base}`,
    ];
  });
}
