// The comment's folded function lists, and what follows them: the warnings, the machine, the
// charts, what to do next and how the verdict was reached.
import { verdictLabel } from '../../../compare/verdict-schema.js';
import { perUnit } from '../../../results/operation-units.js';
import { formatCount, formatSignedCount } from '../../../format.js';
import { pickCells } from '../../document/cells.js';
import { unnamedNote } from '../../document/functions.js';
import type { FunctionCell, Machine, Method, NextSteps, Warnings } from '../../document/model.js';
import { threadsLabel } from '../../labels.js';
import { codeBlock, escapeMarkdown, markdownUrl } from '../../markdown.js';
import type { CommentChart } from './comment.js';
import { type Block, details } from './blocks.js';
import { markdownRow, tableLead } from './format.js';

/** Functions listed per cell (verdict.json has up to 15). */
const COMMENT_FUNCTIONS = 10;

/** A folded table of one cell's largest changes; `inlining` says why some functions vanished. */
export function functionBlock(cell: FunctionCell, inlining: string | undefined): Block {
  const { columns, rows } = cell.functions;
  const shown = rows.slice(0, COMMENT_FUNCTIONS);
  const keys = columns.map((column) => column.key);
  const note = unnamedNote(shown);
  const unnamed = note === undefined ? '' : `\n\n${escapeMarkdown(note)}.`;
  const total = formatSignedCount(cell.headTotal - cell.baseTotal);
  const per = perUnit(cell.operation?.per);
  const table = [tableLead(columns), ...shown.map((row) => markdownRow(pickCells(row, keys)))].join('\n');
  return {
    kind: 'details',
    what: 'where the instructions went',
    text: details(
      `Where the instructions went: ${cell.workload} @ ${threadsLabel(cell.threads)}` +
        `${cell.verdict === null ? '' : ` (${verdictLabel(cell.verdict)})`}: ${total} instructions ${per}, all threads ` +
        `(${formatCount(cell.baseTotal)} → ${formatCount(cell.headTotal)})`,
      `Self instructions ${per}, largest changes first.\n\n${table}${unnamed}` +
        (inlining ? `\n\n${escapeMarkdown(inlining)}` : ''),
    ),
  };
}

/** The noise warning first (an inconclusive pass must not read as a clean bill), then the verdict's. */
export function warningBlocks(warnings: Warnings): Block[] {
  const rows: string[] = [];
  if (warnings.unjudged) {
    rows.push(`- **${escapeMarkdown(warnings.unjudged.lead)}**`);
    rows.push(...warnings.unjudged.items.map((item) => `  - ${escapeMarkdown(item)}`));
  }
  if (warnings.noise) rows.push(`- **${warnings.noise.lead}** ${warnings.noise.detail}`);
  rows.push(...warnings.items.map((warning) => `- ${escapeMarkdown(warning)}`));
  if (rows.length === 0) return [];
  return [{ kind: 'rows', what: 'the warnings', lead: '### ⚠️ Warnings', rows }];
}

/** One line for the machine, or one per side when the sides ran on different ones. */
export function machineBlock(machine: Machine): Block {
  return {
    kind: 'text',
    text:
      machine.base === machine.head
        ? `**Machine:** ${escapeMarkdown(machine.head)}`
        : `- **Base machine:** ${escapeMarkdown(machine.base)}\n- **Head machine:** ${escapeMarkdown(machine.head)}`,
  };
}

/** The published chart images; `artifactNote` (markdown) stands in for those that could not be. */
export function chartBlocks(charts: readonly CommentChart[], artifactNote: string | undefined): Block[] {
  if (charts.length === 0) return [];
  const images = charts.flatMap((chart) =>
    chart.url === null ? [] : [`![${escapeMarkdown(chart.title)}](${markdownUrl(chart.url)})`],
  );
  const missing = charts.some((chart) => chart.url === null);
  const parts = [...images];
  if (missing && artifactNote !== undefined) parts.push(artifactNote);
  if (parts.length === 0) return [];
  return [{ kind: 'text', text: `### Charts\n\n${parts.join('\n\n')}` }];
}

/** A link to the nightly history's page, when the repository has one. */
export function historyBlocks(url: string | undefined): Block[] {
  if (url === undefined) return [];
  return [
    {
      kind: 'text',
      text: `**History:** every workload over the nightly runs, change points marked, on [the history page](${markdownUrl(url)}).`,
    },
  ];
}

export function footer(method: Method): string {
  return (
    '<sub>A regression is worse than its tolerance and significant (one-sided Mann-Whitney U, ' +
    `Benjamini-Hochberg adjusted per metric, α = ${method.alpha}${escapeMarkdown(method.spentOver)}); ${escapeMarkdown(method.changeRule)}; "counts" cells are instruction ` +
    'counts whose repetitions agree closely, judged on the change itself. The full report (every metric, ' +
    'min–max, noise, p-values, charts) is `report.html` in the `report` artifact of this workflow run.</sub>'
  );
}

/**
 * What next: the bisect command in the open when a regression lies between two commits, and the
 * commands that measure the same again folded (they are long, and most readers do not need them).
 */
export function nextBlocks(next: NextSteps): Block[] {
  if (next.reproduce.length === 0) return [];
  const notes = next.notes.map((note) => `- ${escapeMarkdown(note)}`).join('\n');
  const reproduce = `${next.fromCheckout ? 'From a checkout of the server' : 'Where both servers are at these paths'}:\n\n${codeBlock(next.reproduce.join('\n'))}${notes === '' ? '' : `\n\n${notes}`}`;
  return [
    ...(next.bisect === null
      ? []
      : [
          {
            kind: 'text' as const,
            text: `**Find the commit:** the regression lies between the two commits; from a checkout of the server:\n\n${codeBlock(next.bisect.join('\n'))}`,
          },
        ]),
    {
      kind: 'details',
      what: 'the commands to reproduce',
      text: details('Reproduce this verdict on your machine', reproduce),
    },
  ];
}
