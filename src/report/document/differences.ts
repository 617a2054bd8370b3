// What differs between the sides besides the code: server version, flavor and compiler, and the
// variables. In every report, because a changed default explains many "regressions". Pure.
import { groupConfigDiff, oneSidedHeadline } from '../../compare/config-groups.js';
import { WORK_GROUP_TITLES } from '../../compare/work-changes.js';
import {
  type ConfigDifference,
  isChange,
  type RankedDifference,
  type Verdict,
} from '../../compare/verdict-schema.js';
import { code, column, text } from './cells.js';
import {
  type Differences,
  type OneSidedList,
  type SettingGroup,
  type SettingKey,
  type SettingRow,
  TIER_TITLES,
} from './model.js';

/**
 * Folds variables that follow another one (performance_schema_* sizes autosized only when
 * performance_schema is ON) under it, so the cause is not lost among its consequences. A variable
 * that `standsAlone` (one known to change the work itself, such as innodb_io_capacity_max beside
 * innodb_io_capacity) keeps a row of its own.
 */
export function foldConfigDiff<T extends ConfigDifference>(
  diff: readonly T[],
  standsAlone: (entry: T) => boolean = () => false,
): { entry: T; followers: T[] }[] {
  const names = new Set(diff.map((entry) => entry.name));
  const follows = (entry: T, name: string): boolean =>
    name !== entry.name && entry.name.startsWith(`${name}_`) && !standsAlone(entry);
  const folded: { entry: T; followers: T[] }[] = [];
  for (const entry of diff) {
    if ([...names].some((name) => follows(entry, name))) continue;
    folded.push({ entry, followers: diff.filter((other) => follows(other, entry.name)) });
  }
  return folded;
}

/** Server-diff names as a reader knows them (config-diff.ts names them after the facts). */
function serverDiffLabel(name: string): string {
  switch (name) {
    case 'flavor':
      return 'server flavor';
    case 'version':
      return 'server version';
    default:
      return name;
  }
}

/** What a ranked variable changes, why it ranks where it does, or what it follows. */
function changesText(entry: RankedDifference): string {
  if (entry.changes !== undefined) return entry.changes;
  if (entry.counters !== undefined) {
    return `work counters of its kind moved: ${entry.counters.map((group) => WORK_GROUP_TITLES[group]).join(', ')}`;
  }
  return entry.follows === undefined ? '' : `follows ${entry.follows}`;
}

function serverRow(entry: ConfigDifference): SettingRow {
  return {
    role: 'server',
    name: entry.name,
    followers: 0,
    tier: null,
    cells: {
      setting: text(serverDiffLabel(entry.name), true),
      base: code(entry.base),
      head: code(entry.head),
      changes: text(''),
    },
  };
}

function variableRow(role: 'variable' | 'follower', entry: RankedDifference, followers = 0): SettingRow {
  return {
    role,
    name: entry.name,
    followers,
    tier: entry.tier,
    cells: {
      setting: code(entry.name),
      base: code(entry.base),
      head: code(entry.head),
      changes: text(changesText(entry)),
    },
  };
}

const SETTING_COLUMNS = [
  column<SettingKey>('setting', 'setting', 'left'),
  column<SettingKey>('base', 'base', 'left'),
  column<SettingKey>('head', 'head', 'left'),
  column<SettingKey>('changes', 'what it changes', 'left'),
];

/**
 * The server's facts, then each variable in the verdict's order (tier 1 first) with the variables
 * that follow it below it.
 */
function settingRows(verdict: Verdict, rows: readonly RankedDifference[]): SettingRow[] {
  const table = verdict.serverDiff.map(serverRow);
  for (const { entry, followers } of foldConfigDiff(rows, (row) => row.tier === 1)) {
    table.push(variableRow('variable', entry, followers.length));
    // A follower stays under the variable it follows, in its tier.
    for (const other of followers) table.push({ ...variableRow('follower', other), tier: entry.tier });
  }
  return table;
}

/** The rows under their headings: the servers, then each tier that has a variable. */
function settingGroups(rows: readonly SettingRow[]): SettingGroup[] {
  const servers = rows.filter((row) => row.role === 'server');
  const groups: SettingGroup[] =
    servers.length > 0 ? [{ title: 'The servers', tier: null, rows: servers }] : [];
  for (const tier of [1, 2, 3] as const) {
    const tiered = rows.filter((row) => row.role !== 'server' && row.tier === tier);
    if (tiered.length > 0) groups.push({ title: TIER_TITLES[tier], tier, rows: tiered });
  }
  return groups;
}

export function differencesOf(verdict: Verdict): Differences {
  const grouped = groupConfigDiff(verdict);
  const rows = settingRows(verdict, grouped.rows);
  const oneSided = grouped.groups.map((group): OneSidedList => ({
    headline: oneSidedHeadline(group),
    label: group.label,
    names: group.entries.map((entry) => entry.name),
    table: {
      columns: [
        column('variable', 'variable', 'left'),
        column('value', 'value in', 'left', { quoted: group.label }),
      ],
      rows: group.entries.map((entry) => ({
        cells: { variable: code(entry.name), value: code(entry[group.side]) },
      })),
    },
  }));
  return {
    same: verdict.configDiff.length === 0 && verdict.serverDiff.length === 0,
    explainsChanges: verdict.cells.some((cell) => isChange(cell.verdict)),
    settings: { columns: SETTING_COLUMNS, rows },
    groups: settingGroups(rows),
    oneSided,
  };
}
