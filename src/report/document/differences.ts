// What differs between the sides besides the code: server version, flavor and compiler, and the
// variables. In every report, because a changed default explains many "regressions". Pure.
import { groupConfigDiff, oneSidedHeadline } from '../../compare/config-groups.js';
import { type ConfigDifference, isChange, type Verdict } from '../../compare/verdict-schema.js';
import { code, column, text } from './cells.js';
import type { Cell, Differences, OneSidedList, SettingKey, SettingRow } from './model.js';

/**
 * Folds variables that follow another one (performance_schema_* sizes autosized only when
 * performance_schema is ON) under it, so the cause is not lost among its consequences.
 */
export function foldConfigDiff(
  diff: readonly ConfigDifference[],
): { entry: ConfigDifference; followers: number }[] {
  const names = new Set(diff.map((entry) => entry.name));
  const folded: { entry: ConfigDifference; followers: number }[] = [];
  for (const entry of diff) {
    const parent = [...names].find((name) => name !== entry.name && entry.name.startsWith(`${name}_`));
    if (parent !== undefined) continue;
    const followers = diff.filter((other) => other.name.startsWith(`${entry.name}_`)).length;
    folded.push({ entry, followers });
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

function settingRow(
  role: SettingRow['role'],
  setting: Cell,
  entry: ConfigDifference,
  followers = 0,
): SettingRow {
  return {
    role,
    name: entry.name,
    followers,
    cells: { setting, base: code(entry.base), head: code(entry.head) },
  };
}

const SETTING_COLUMNS = [
  column<SettingKey>('setting', 'setting', 'left'),
  column<SettingKey>('base', 'base', 'left'),
  column<SettingKey>('head', 'head', 'left'),
];

/** The server's facts, then each variable with the variables that follow it below it. */
function settingRows(verdict: Verdict, rows: readonly ConfigDifference[]): SettingRow[] {
  const table = verdict.serverDiff.map((entry) =>
    settingRow('server', text(serverDiffLabel(entry.name), true), entry),
  );
  for (const { entry, followers } of foldConfigDiff(rows)) {
    table.push(settingRow('variable', code(entry.name), entry, followers));
    for (const other of rows) {
      if (other.name.startsWith(`${entry.name}_`))
        table.push(settingRow('follower', code(other.name), other));
    }
  }
  return table;
}

export function differencesOf(verdict: Verdict): Differences {
  const grouped = groupConfigDiff(verdict);
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
    settings: { columns: SETTING_COLUMNS, rows: settingRows(verdict, grouped.rows) },
    oneSided,
  };
}
