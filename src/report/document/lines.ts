// The cost of the changed lines: per instruction cell, each hunk of the diff and the instructions
// per transaction (an operational cell's: per its unit) on its lines, linked to them at the head
// commit when the repository's address is known. Pure.
import type { CellLines, HunkCost, LineSection, Verdict } from '../../compare/verdict-schema.js';
import { column, number, text } from './cells.js';
import type { HunkKey, HunkRow, LineCell, Lines } from './model.js';
import { variantOf } from '../../suite/suite-schema.js';
import { type OperationUnit, unitNoun } from '../../results/operation-units.js';

/** Hunks shown per cell where space is short (the summary, the comment); verdict.json keeps more. */
export const HUNKS_SHOWN = 8;

/** The hunks worth a row: those whose lines cost anything on either side, costliest first. */
export function shownHunks(cell: CellLines): HunkCost[] {
  return cell.hunks.filter((hunk) => hunk.base > 0 || hunk.head > 0).slice(0, HUNKS_SHOWN);
}

/** "+2,412 of the +2,450 measured (98%)": what the diff's lines explain of a cell's change. */
export function explainedLabel(
  cell: Pick<LineCell, 'explained' | 'measured' | 'share'>,
  count: (value: number) => string,
): string {
  const share = cell.share === null ? '' : ` (${Math.round(cell.share * 100)}%)`;
  return `${count(cell.explained)} of the ${count(cell.measured)} measured${share}`;
}

/** "+5.6% of the transaction" (of an operational cell's unit: "of the recovery"), or '' when the base did nothing. */
export function transactionShare(hunk: HunkCost, per?: OperationUnit): string {
  if (hunk.shareOfTransaction === null || hunk.delta === 0) return '';
  const percent = hunk.shareOfTransaction * 100;
  return `${percent >= 0 ? '+' : '−'}${Math.abs(percent).toFixed(Math.abs(percent) < 0.1 ? 2 : 1)}% of the ${unitNoun(per)}`;
}

/** The hunk's lines at `commit` on the repository's site: ".../blob/<commit>/<path>#L12-L19". */
export function hunkUrl(
  sourceUrl: string,
  commit: string,
  hunk: Pick<HunkCost, 'path' | 'headStart' | 'headLines'>,
): string {
  const start = Math.max(1, hunk.headStart);
  const end = start + Math.max(hunk.headLines, 1) - 1;
  const path = hunk.path.split('/').map(encodeURIComponent).join('/');
  return `${sourceUrl}/blob/${commit}/${path}#L${start}${end > start ? `-L${end}` : ''}`;
}

const HUNK_COLUMNS = [
  column<HunkKey>('lines', 'lines', 'left'),
  column<HunkKey>('change', 'change', 'right'),
  column<HunkKey>('base', 'base', 'right'),
  column<HunkKey>('head', 'head', 'right'),
  column<HunkKey>('share', 'share', 'right'),
  column<HunkKey>('inlined', 'inlined into', 'left'),
];

type Mapped = Extract<LineSection, { status: 'mapped' }>;

function hunkRow(lines: Mapped, cell: CellLines, hunk: HunkCost, shown: boolean): HunkRow {
  const url = lines.sourceUrl === null ? null : hunkUrl(lines.sourceUrl, lines.headCommit, hunk);
  return {
    label: hunk.label,
    inlinedInto: hunk.inlinedInto,
    shown,
    cells: {
      lines: { kind: 'link', text: hunk.label, url },
      change: number(hunk.delta, 'signed-count'),
      base: number(hunk.base, 'count'),
      head: number(hunk.head, 'count'),
      share: text(transactionShare(hunk, cell.operation?.per)),
      inlined: text(hunk.inlinedInto.join(', ')),
    },
  };
}

function lineCell(lines: Mapped, cell: CellLines): LineCell {
  const shown = new Set(shownHunks(cell));
  return {
    workload: cell.workload,
    threads: cell.threads,
    ...variantOf(cell),
    ...(cell.operation === undefined ? {} : { operation: cell.operation }),
    explained: cell.explained,
    measured: cell.measured,
    share: cell.share,
    costlessHunks: cell.costlessHunks,
    hunks: {
      columns: HUNK_COLUMNS,
      rows: cell.hunks.map((hunk) => hunkRow(lines, cell, hunk, shown.has(hunk))),
    },
  };
}

export function linesOf(verdict: Verdict): Lines | null {
  const { lines } = verdict;
  if (lines === undefined) return null;
  if (lines.status === 'unavailable') return lines;
  return {
    status: 'mapped',
    range: `${lines.baseCommit.slice(0, 12)}..${lines.headCommit.slice(0, 12)}`,
    hunks: lines.hunks,
    cells: lines.cells.map((cell) => lineCell(lines, cell)),
  };
}
