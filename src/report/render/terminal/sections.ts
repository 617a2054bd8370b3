// The evidence below the summary's table, one listing per section: work per transaction, the cost
// of the changed lines, where the instructions went, the latency distributions and the stalls.
import { verdictLabel } from '../../../compare/verdict-schema.js';
import { formatCountPlain, formatSignedCountPlain, plural } from '../../../format.js';
import { pickCells } from '../../document/cells.js';
import { unnamedNote } from '../../document/functions.js';
import { explainedLabel } from '../../document/lines.js';
import { mixLead } from '../../document/mix.js';
import type { Functions, Latency, Lines, Mix, Resources, Split, Stalls, Work } from '../../document/model.js';
import { SPLIT_LEAD } from '../../document/split.js';
import { terminalCells, terminalTable, terminalText } from './format.js';
import { cellTitle } from '../../../suite/suite-schema.js';
import { bothSpellings } from '../../../option-names.js';
import { perUnit, perUnitLabel, perUnits } from '../../../results/operation-units.js';

/** Functions shown per cell in the summary; the report and verdict.json have more. */
const SUMMARY_FUNCTIONS = 6;

/** Work per transaction: its sentence, and each changed counter per cell when one changed. */
export function workLines(work: Work | null): string[] {
  if (work === null) return [];
  if (work.status === 'unavailable') return ['', `Work per transaction: ${work.reason}.`];
  const lines = ['', `Work per transaction (status counters, base → head): ${work.sentence}`];
  let cell = '';
  for (const row of work.table.rows) {
    const at = cellTitle(row);
    if (at !== cell) lines.push(`  ${at}:`);
    cell = at;
    if (row.kind === 'more') {
      lines.push(`    (and ${row.more} more in verdict.json)`);
      continue;
    }
    const note = row.followsThroughput ? ' (follows throughput: same pace per second)' : '';
    lines.push(`    ${row.group}: ${row.described} ${row.per}${note}`);
  }
  return lines;
}

/** CPU, context switches and I/O per transaction per wall-clock cell, and what moved. */
export function resourceLines(resources: Resources | null): string[] {
  if (resources === null) return [];
  const { table } = resources;
  const keys = table.columns.map((column) => column.key);
  const drawn = terminalTable(
    table.columns,
    table.rows.map((row) => pickCells(row, keys)),
  );
  return [
    '',
    `CPU, context switches and I/O per transaction: ${resources.sentence}`,
    ...(resources.ioBound === null
      ? []
      : [`${resources.ioBound.reading ? '' : 'WARNING: '}${resources.ioBound.sentence}`]),
    ...drawn.lines,
    `  ${resources.legend} (*: beyond both ranges)`,
    ...resources.notes.map((note) => `  ${note}`),
  ];
}

/** The cost of the diff's lines per instruction cell, or why it is not known. */
export function lineLines(lines: Lines | null): string[] {
  if (lines === null) return [];
  if (lines.status === 'unavailable') return ['', `Cost of the changed lines: ${lines.reason}.`];
  const out = [
    '',
    `Cost of the changed lines (${lines.range}, ${plural(lines.hunks, 'hunk', 'hunks')}; ` +
      `instructions ${perUnits(lines.cells.map((cell) => cell.operation?.per))} on the head's added and changed lines less the base's removed ones, inlined code included):`,
  ];
  for (const cell of lines.cells) {
    const at = cellTitle(cell);
    out.push(`  ${at}: ${explainedLabel(cell, formatSignedCountPlain)}`);
    for (const hunk of cell.hunks.rows.filter((row) => row.shown)) {
      const share = terminalText(hunk.cells.share);
      out.push(
        `    ${hunk.label}: ${terminalText(hunk.cells.change)} ${perUnitLabel('instructions/txn', cell.operation?.per)} in ${at}` +
          (share ? ` (${share})` : ''),
      );
      if (hunk.inlinedInto.length > 0) out.push(`      inlined into ${hunk.inlinedInto.join(', ')}`);
    }
    if (cell.costlessHunks > 0) {
      out.push(
        `    (${plural(cell.costlessHunks, 'hunk costs', 'hunks cost')} nothing on either side: comments, or code not run)`,
      );
    }
  }
  return out;
}

/** Where the instructions went, for every instruction cell that did not come out unchanged. */
export function functionLines(functions: Functions): string[] {
  const cells = functions.cells.filter((cell) => cell.verdict !== null && cell.verdict !== 'unchanged');
  if (cells.length === 0) return [];
  const lines = [
    '',
    `Where the instructions went (self instructions ${perUnits(cells.map((cell) => cell.operation?.per))}, all threads; base → head):`,
  ];
  for (const cell of cells) {
    const change = cell.headTotal - cell.baseTotal;
    lines.push(
      `  ${cellTitle(cell)} (${cell.verdict === null ? '' : verdictLabel(cell.verdict)}): ${formatSignedCountPlain(change)} ${perUnit(cell.operation?.per)} in all ` +
        `(${formatCountPlain(cell.baseTotal)} → ${formatCountPlain(cell.headTotal)})`,
    );
    for (const fn of cell.functions.rows.slice(0, SUMMARY_FUNCTIONS)) {
      const object = terminalText(fn.cells.object);
      lines.push(
        `    ${terminalText(fn.cells.change).padStart(10)}  ${fn.name}${object ? ` [${object}]` : ''} ` +
          `(${terminalText(fn.cells.base)} → ${terminalText(fn.cells.head)})`,
      );
    }
  }
  if (functions.inlining) lines.push(`  (${functions.inlining})`);
  const unnamed = unnamedNote(cells.flatMap((cell) => cell.functions.rows.slice(0, SUMMARY_FUNCTIONS)));
  if (unnamed !== undefined) lines.push(`  (${unnamed}.)`);
  return lines;
}

/** Every cell's latency distribution in a line: its percentiles and the distribution test. */
export function latencyLines(latency: Latency): string[] {
  const { rows } = latency.table;
  if (rows.length === 0) return [];
  const lines = [
    '',
    'Latency of every event, repetitions pooled (p50, p95, p99 in ms, base → head; KS: distance between ' +
      'the distributions, p from permuting repetitions between the sides):',
  ];
  for (const row of rows) {
    const { cells } = row;
    const [distance, p] = terminalCells(cells.ks);
    lines.push(
      `  ${terminalText(cells.cell)}: p50 ${terminalText(cells.p50)}, ` +
        `p95 ${terminalText(cells.p95)}, p99 ${terminalText(cells.p99)}; ` +
        `KS ${distance ?? ''}, p ${p ?? ''}${row.tailMoved ? '  ← the tail moved' : ''}`,
    );
  }
  return lines;
}

/** Every TPC-C-like cell's mix of transactions, a row per side. */
export function mixLines(mix: Mix): string[] {
  const { columns, rows } = mix.table;
  if (rows.length === 0) return [];
  const keys = columns.map((column) => column.key);
  const table = terminalTable(
    columns,
    rows.map((row) => pickCells(row, keys)),
  );
  return ['', `Mix of TPC-C-like transactions. ${mixLead(mix)}`, ...table.lines];
}

/** The cells whose stall seconds regressed, a line each; or why no stall was judged. */
/** Settings against code: what was aligned, then each gating cell's change in its two parts. */
export function splitLines(split: Split | null): string[] {
  if (split === null) return [];
  const aligned =
    split.aligned.length === 0
      ? ["  The first-tier settings were the same on both sides: the whole change is the code's."]
      : [`  ${SPLIT_LEAD}:`, ...split.aligned.map((line) => `    ${line}`)];
  return [
    '',
    'Settings against code (settings: head against the aligned head; code: the aligned head against base):',
    ...aligned,
    ...split.notes.map((note) => `  ${note}`),
    ...split.sentences.map((sentence) => `  ${sentence}`),
  ];
}

export function stallLines(stalls: Stalls | null): string[] {
  if (stalls === null) return [];
  if (stalls.unavailable !== null) return ['', `Stalls: ${stalls.unavailable}.`];
  if (stalls.sentences.length === 0) return [];
  const gate = stalls.gates
    ? 'gating'
    : `not gating: the suite's stallGate or the gate setting's stallSeconds (${bothSpellings('gate')}) lets them decide`;
  return [
    '',
    `Stalls (seconds below half the repetition's median second; ${gate}):`,
    ...stalls.sentences.map((sentence) => `  ${sentence}`),
  ];
}
