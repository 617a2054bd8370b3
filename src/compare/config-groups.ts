// The config diff as a reader wants it: the variables both servers have, one row each, and those
// only one side has, grouped. Pure.
//
// MariaDB 10.11 against MySQL 9.7 differ in hundreds of variables that exist on one side only
// (wsrep_*, aria_* against innodb_redo_log_*, group_replication_* …): listed one per row they hide
// the few shared settings that differ, which are what may explain a change. A server upgrade adds
// a handful, which stay in the table.
import { FLAVOR_NAMES } from '../results/results-schema.js';
import type { RankedDifference, Verdict } from './verdict-schema.js';

/** More variables than this on one side only are grouped even when both sides are one flavor. */
export const ONE_SIDED_INLINE_MAX = 8;

export interface OneSidedGroup {
  readonly side: 'base' | 'head';
  /** "MySQL 9.7.2" when the flavors differ, "the head (MariaDB 11.4.2)" otherwise. */
  readonly label: string;
  /** The variables, as the config diff has them (the other side's value null). */
  readonly entries: readonly RankedDifference[];
}

export interface GroupedConfigDiff {
  /**
   * Rows of the table: shared variables that differ, one-sided ones known to change the work
   * (tier 1: the reader must see MySQL's innodb_redo_log_capacity beside MariaDB's
   * innodb_log_file_size), and other one-sided ones not grouped.
   */
  readonly rows: readonly RankedDifference[];
  /** Variables only one side has, when there are too many (or the flavors differ) to list. */
  readonly groups: readonly OneSidedGroup[];
}

export function groupConfigDiff(verdict: Pick<Verdict, 'configDiff' | 'sides'>): GroupedConfigDiff {
  const { base, head } = verdict.sides;
  const crossFlavor = base.flavor !== head.flavor;
  const only = {
    base: verdict.configDiff.filter((entry) => entry.head === null && entry.tier !== 1),
    head: verdict.configDiff.filter((entry) => entry.base === null && entry.tier !== 1),
  };
  const grouped = (side: 'base' | 'head'): boolean =>
    only[side].length > 0 && (crossFlavor || only[side].length > ONE_SIDED_INLINE_MAX);
  const groups: OneSidedGroup[] = (['head', 'base'] as const).filter(grouped).map((side) => {
    const identity = verdict.sides[side];
    const server = `${FLAVOR_NAMES[identity.flavor]} ${identity.version}`;
    return { side, label: crossFlavor ? server : `the ${side} (${server})`, entries: only[side] };
  });
  const hidden = new Set<RankedDifference>(groups.flatMap((group) => group.entries));
  return { rows: verdict.configDiff.filter((entry) => !hidden.has(entry)), groups };
}

/** "212 variables exist only in MySQL 9.7.2". */
export function oneSidedHeadline(group: OneSidedGroup): string {
  const count = group.entries.length;
  return `${count} variable${count === 1 ? '' : 's'} exist${count === 1 ? 's' : ''} only in ${group.label}`;
}

/** The warning a verdict between two flavors carries, or undefined for one flavor. */
export function crossFlavorWarning(sides: Verdict['sides']): string | undefined {
  const { base, head } = sides;
  if (base.flavor === head.flavor) return undefined;
  const name = (side: Verdict['sides']['base']): string => `${FLAVOR_NAMES[side.flavor]} ${side.version}`;
  return (
    `the sides are different servers, ${name(base)} (base) and ${name(head)} (head): their code, defaults and ` +
    'variables differ throughout, so a change here compares two products, not a change to one; ' +
    'the config diff lists the settings both have, and groups those only one has'
  );
}
