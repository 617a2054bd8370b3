// What differs between the sides besides the code: server version and flavor, compiler and
// variables. Visible, because a changed default explains many "regressions".
import { groupConfigDiff, oneSidedHeadline } from '../../compare/config-groups.js';
import { foldConfigDiff } from '../../compare/verdict-summary.js';
import { type ConfigDifference, isChange, type Verdict } from '../../compare/verdict-schema.js';
import { escapeTableCell, tableDelimiter, tableRow } from '../markdown.js';
import { type Block, details } from './blocks.js';

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

function absentOr(value: string | null): string {
  return value === null ? '*(absent)*' : escapeTableCell(value);
}

function diffRow(name: string, entry: ConfigDifference): string {
  return tableRow([name, absentOr(entry.base), absentOr(entry.head)]);
}

const DIFF_LEAD = `${tableRow(['setting', 'base', 'head'])}\n${tableDelimiter(['l', 'l', 'l'])}`;

/** The table of differences, then one folded list per variable that others follow. */
export function differenceBlocks(verdict: Verdict): Block[] {
  if (verdict.configDiff.length === 0 && verdict.serverDiff.length === 0) return [];
  const changed = verdict.cells.some((cell) => isChange(cell.verdict));
  const grouped = groupConfigDiff(verdict);
  const folded = foldConfigDiff(grouped.rows);
  const rows = [
    ...verdict.serverDiff.map((entry) =>
      diffRow(`**${escapeTableCell(serverDiffLabel(entry.name))}**`, entry),
    ),
    ...folded.map(({ entry, followers }) =>
      diffRow(
        escapeTableCell(entry.name) +
          (followers > 0 ? ` (and ${followers} ${escapeTableCell(`${entry.name}_*`)} that follow it)` : ''),
        entry,
      ),
    ),
    ...grouped.groups.map((group) =>
      tableRow([`*${escapeTableCell(oneSidedHeadline(group))}* (listed below)`, '', '']),
    ),
  ];
  const blocks: Block[] = [
    {
      kind: 'text',
      text:
        '### What else differs between the sides\n\n' +
        (changed
          ? 'Besides the code, these differ; they may explain the changes below.'
          : 'Besides the code, these differ.'),
    },
    { kind: 'rows', what: 'the differences between the sides', lead: DIFF_LEAD, rows },
  ];
  for (const group of grouped.groups) {
    const lead = `${tableRow(['variable', `value in ${escapeTableCell(group.label)}`])}\n${tableDelimiter(['l', 'l'])}`;
    const rowsOf = group.entries.map((entry) =>
      tableRow([escapeTableCell(entry.name), absentOr(entry[group.side])]),
    );
    blocks.push({
      kind: 'details',
      what: 'the variables only one side has',
      text: details(oneSidedHeadline(group), [lead, ...rowsOf].join('\n')),
    });
  }
  for (const { entry, followers } of folded) {
    if (followers === 0) continue;
    const list = grouped.rows.filter((other) => other.name.startsWith(`${entry.name}_`));
    blocks.push({
      kind: 'details',
      what: 'the variables that follow a changed one',
      text: details(
        `The ${followers} ${entry.name}_* variables that follow ${entry.name}`,
        [DIFF_LEAD, ...list.map((other) => diffRow(escapeTableCell(other.name), other))].join('\n'),
      ),
    });
  }
  return blocks;
}
