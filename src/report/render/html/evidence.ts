// The page's evidence sections, every row kept: the stalls, work per transaction, the cost of the
// changed lines, and where the instructions went.
import { verdictLabel } from '../../../compare/verdict-schema.js';
import { formatCount, formatSignedCount } from '../../../format.js';
import { unnamedNote } from '../../document/functions.js';
import { explainedLabel } from '../../document/lines.js';
import type { FunctionCell, Functions, Lines, Resources, Split, Stalls, Work } from '../../document/model.js';
import { SPLIT_LEAD } from '../../document/split.js';
import { section, text, wholeTable } from './format.js';
import { cellTitle } from '../../../suite/suite-schema.js';
import { perUnit, perUnits } from '../../../results/operation-units.js';

/** The cells whose stall seconds regressed, a line each; or why no stall was judged. */
export function stallsSection(stalls: Stalls | null): string {
  if (stalls === null) return '';
  if (stalls.unavailable !== null) return section('Stalls', `<p>${text(stalls.unavailable)}.</p>`);
  if (stalls.sentences.length === 0) return '';
  const gate = stalls.gates
    ? 'They decide the verdict here (the stall gate).'
    : "Reported, not gating: the suite's stallGate, or stallSeconds in the gate, lets them decide.";
  const items = stalls.sentences.map((sentence) => `<li>${text(sentence)}</li>`).join('\n');
  return section(
    'Stalls',
    `<p>${text(`Seconds whose throughput fell below half the repetition's median second, in each side's repetition with the most of them. ${gate}`)}</p>\n<ul>\n${items}\n</ul>`,
  );
}

/** Settings against code: what was aligned, then each gating cell's change in its two parts. */
export function splitSection(split: Split | null): string {
  if (split === null) return '';
  const aligned =
    split.aligned.length === 0
      ? "The first-tier settings were the same on both sides: the whole change is the code's."
      : `${SPLIT_LEAD} (${split.aligned.join(', ')}): settings is the head against it, code is it against the base.`;
  const list = (lines: readonly string[]): string =>
    lines.length === 0 ? '' : `\n<ul>\n${lines.map((line) => `<li>${text(line)}</li>`).join('\n')}\n</ul>`;
  return section(
    'Settings against code',
    `<p>${text(aligned)}</p>${list(split.notes)}${list(split.sentences)}`,
  );
}

/** Work per transaction: the sentence, and the changed counters when any changed. */
export function workSection(work: Work | null): string {
  if (work === null) return '';
  if (work.status === 'unavailable') return section('Work per transaction', `<p>${text(work.reason)}.</p>`);
  const sentence = `<p><strong>${text(work.sentence)}</strong></p>`;
  if (work.table.rows.length === 0) return section('Work per transaction', sentence);
  return section('Work per transaction', `${sentence}\n<p>${text(work.rule)}</p>\n${wholeTable(work.table)}`);
}

/** CPU, context switches and I/O per transaction, every cell. */
export function resourcesSection(resources: Resources | null): string {
  if (resources === null) return '';
  const bound = resources.ioBound;
  const paragraphs = [
    `<p>${text(resources.sentence)}</p>`,
    ...(bound === null
      ? []
      : [
          bound.reading
            ? `<p>${text(bound.sentence)}</p>`
            : `<p><strong>⚠ ${text(bound.sentence)}</strong></p>`,
        ]),
    ...resources.notes.map((note) => `<p>${text(note)}</p>`),
    `<p>${text(resources.legend)}</p>`,
    wholeTable(resources.table),
  ];
  return section('CPU, context switches and I/O per transaction', paragraphs.join('\n'));
}

/** The cost of the changed lines per instruction cell, every hunk kept, or why not. */
export function linesSection(lines: Lines | null): string {
  if (lines === null) return '';
  if (lines.status === 'unavailable')
    return section('Cost of the changed lines', `<p>${text(lines.reason)}.</p>`);
  const body = lines.cells.map(
    (cell) =>
      `<h3>${text(cellTitle(cell))}</h3>\n<p>${text(`The diff's lines explain ${explainedLabel(cell, formatSignedCount)}.`)}</p>\n` +
      wholeTable(cell.hunks),
  );
  return section(
    'Cost of the changed lines',
    `<p>${text(`Instructions ${perUnits(lines.cells.map((cell) => cell.operation?.per))} on the head's added and changed lines less the base's removed ones, ${lines.range}; inlined code is counted on its own lines, and calls made from a line on that line.`)}</p>\n${body.join('\n')}`,
  );
}

function functionTable(cell: FunctionCell): string {
  const change = formatSignedCount(cell.headTotal - cell.baseTotal);
  return (
    `<h3>${text(cellTitle(cell))}${cell.verdict === null ? '' : ` (${text(verdictLabel(cell.verdict))})`}</h3>\n` +
    `<p>${text(`${change} instructions ${perUnit(cell.operation?.per)}, all threads (${formatCount(cell.baseTotal)} → ${formatCount(cell.headTotal)})`)}</p>\n` +
    wholeTable(cell.functions)
  );
}

export function functionsSection(functions: Functions): string {
  if (functions.cells.length === 0) return '';
  const unnamed = unnamedNote(functions.cells.flatMap((cell) => cell.functions.rows));
  return section(
    'Where the instructions went',
    `<p>Self instructions ${perUnits(functions.cells.map((cell) => cell.operation?.per))} of the functions that changed most, per cell.` +
      (unnamed === undefined ? '' : ` ${text(unnamed)}.`) +
      '</p>\n' +
      functions.cells.map(functionTable).join('\n'),
  );
}
