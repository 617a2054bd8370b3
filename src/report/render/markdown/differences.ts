// What differs between the sides besides the code, in the comment: one table, then a folded list
// per group of one-sided variables and per variable that others follow.
import { pickCells } from '../../document/cells.js';
import type { Differences, SettingKey, SettingRow } from '../../document/model.js';
import { escapeTableCell, tableRow } from '../../markdown.js';
import { type Block, details } from './blocks.js';
import { markdownCells, markdownRow, tableLead } from './format.js';

const KEYS: readonly SettingKey[] = ['setting', 'base', 'head', 'changes'];
const FOLLOWER_KEYS: readonly SettingKey[] = ['setting', 'base', 'head'];

/** A variable's row says how many follow it; they are listed in a folded table of their own. */
function mainRow(row: SettingRow, keys: readonly SettingKey[]): string {
  const [setting = '', ...values] = pickCells(row, keys).flatMap(markdownCells);
  const followers =
    row.followers > 0 ? ` (and ${row.followers} ${escapeTableCell(`${row.name}_*`)} that follow it)` : '';
  return tableRow([setting + followers, ...values]);
}

/** Each variable that others follow, with the rows that follow it. */
function followed(rows: readonly SettingRow[]): { parent: SettingRow; followers: SettingRow[] }[] {
  const lists: { parent: SettingRow; followers: SettingRow[] }[] = [];
  for (const row of rows) {
    if (row.role === 'variable' && row.followers > 0) lists.push({ parent: row, followers: [] });
    if (row.role === 'follower') lists.at(-1)?.followers.push(row);
  }
  return lists;
}

export function differenceBlocks(differences: Differences): Block[] {
  if (differences.same) return [];
  const { settings, oneSided, groups } = differences;
  const lead = tableLead(settings.columns);
  // The servers' table has no line on what they change, nor do the followers'.
  const shortLead = tableLead(settings.columns.slice(0, FOLLOWER_KEYS.length));
  const blocks: Block[] = [
    {
      kind: 'text',
      text:
        '### What else differs between the sides\n\n' +
        (differences.explainsChanges
          ? 'Besides the code, these differ; they may explain the changes below.'
          : 'Besides the code, these differ.') +
        (groups.some((group) => group.tier === 1)
          ? ' Settings known to change the work per transaction come first.'
          : ''),
    },
  ];
  // The one-sided lists close the last table (or make one), as one row each.
  const listed = oneSided.map((list) =>
    tableRow([`*${escapeTableCell(list.headline)}* (listed below)`, '', '', '']),
  );
  const tables = groups.map((group) => {
    const keys = group.tier === null ? FOLLOWER_KEYS : KEYS;
    return {
      title: group.title,
      lead: group.tier === null ? shortLead : lead,
      rows: group.rows.filter((row) => row.role !== 'follower').map((row) => mainRow(row, keys)),
    };
  });
  const last = tables.at(-1);
  if (last !== undefined && last.lead === lead) last.rows.push(...listed);
  else if (listed.length > 0) tables.push({ title: 'Variables only one side has', lead, rows: listed });
  for (const table of tables) {
    blocks.push({ kind: 'text', text: `**${table.title}**` });
    blocks.push({
      kind: 'rows',
      what: `the differences between the sides (${table.title.toLowerCase()})`,
      lead: table.lead,
      rows: table.rows,
    });
  }
  for (const list of oneSided) {
    const keys = list.table.columns.map((column) => column.key);
    blocks.push({
      kind: 'details',
      what: 'the variables only one side has',
      text: details(
        list.headline,
        [
          tableLead(list.table.columns),
          ...list.table.rows.map((row) => markdownRow(pickCells(row, keys))),
        ].join('\n'),
      ),
    });
  }
  for (const { parent, followers } of followed(settings.rows)) {
    blocks.push({
      kind: 'details',
      what: 'the variables that follow a changed one',
      text: details(
        `The ${parent.followers} ${parent.name}_* variables that follow ${parent.name}`,
        // Followers have no line of their own: setting, base and head only.
        [shortLead, ...followers.map((row) => markdownRow(pickCells(row, FOLLOWER_KEYS)))].join('\n'),
      ),
    });
  }
  return blocks;
}
