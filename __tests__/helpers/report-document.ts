// One report input with every section filled, from real fixtures: the instructions run
// (performance_schema OFF → ON: a variable that others follow, functions), the durability run's
// work per transaction, the stalling server's latency tail, and the cost of the changed lines
// (the one section no fixture has, so made here: a costly hunk, a cheaper one, one that costs
// nothing). Every renderer is tested on this one input.
import type { CellLines, HunkCost, LineSection } from '../../src/compare/verdict-schema.js';
import type { ReportInput } from '../../src/report/report-input.js';
import { abReportInput, fixtureResults } from './report-input.js';

function hunk(label: string, base: number, head: number, inlinedInto: string[] = []): HunkCost {
  return {
    path: 'sql/sql_parse.cc',
    label,
    headStart: 1627,
    headLines: 8,
    baseStart: 1627,
    baseLines: 0,
    base,
    head,
    delta: head - base,
    shareOfTransaction: base === 0 && head === 0 ? null : (head - base) / 43_005,
    inlinedInto,
  };
}

/** The point-select cell's changed lines: +3,000 of the +3,593 measured. */
const POINT_SELECT_LINES: CellLines = {
  workload: 'oltp_point_select',
  threads: 1,
  measured: 3593,
  explained: 3000,
  share: 3000 / 3593,
  hunks: [
    hunk('sql/sql_parse.cc:1627–1634 (+8 lines)', 0, 3600, ['dispatch_command(THD*)']),
    hunk('sql/sql_select.cc:400–402 (3 lines for 2)', 700, 100),
    hunk('sql/comment.cc:1 (+1 line)', 0, 0),
  ],
  costlessHunks: 1,
};

export const LINES: LineSection = {
  status: 'mapped',
  baseCommit: 'a'.repeat(40),
  headCommit: 'b'.repeat(40),
  hunks: 3,
  sourceUrl: 'https://github.com/MariaDB/server',
  cells: [POINT_SELECT_LINES],
};

/**
 * The instructions run with the durability run's work (one cell, 7 counters left out) and latency
 * distributions (the stall's and the durability run's).
 */
export function everySection(): ReportInput {
  const input = abReportInput(fixtureResults('instructions-performance-schema.json'), 'r.json');
  const durability = abReportInput(fixtureResults('quick-durability.json'), 'r.json');
  const stall = abReportInput(fixtureResults('tail-latency-stall.json'), 'r.json');
  const work = durability.verdict.work;
  if (work?.status !== 'compared') throw new Error('the durability fixture compared no work');
  const [cell] = work.cells;
  if (cell === undefined) throw new Error('the durability fixture changed no counter');
  return {
    ...input,
    verdict: {
      ...input.verdict,
      work: { ...work, cells: [{ ...cell, changes: cell.changes.slice(0, 3), more: 7 }] },
      // The stall's tail moved; of the durability run's six cells, two moved and four held.
      latency: [...stall.verdict.latency, ...durability.verdict.latency],
      lines: LINES,
    },
  };
}
