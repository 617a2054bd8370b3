// The short human summary `compare` prints: the verdict, what else differs between the sides, the
// table of cells, and the evidence below it. Plain text for a terminal.
import type { Verdict } from '../../../compare/verdict-schema.js';
import { buildReportDocument, buildVerdictDocument } from '../../document/build.js';
import type { ReportInput } from '../../report-input.js';
import { pickCells, pickColumns, withVariant } from '../../document/cells.js';
import type { Differences, Headline, Method, ReportDocument, ResultKey } from '../../document/model.js';
import { unjudgedCount } from '../../labels.js';
import { terminalTable, terminalText } from './format.js';
import {
  functionLines,
  latencyLines,
  lineLines,
  mixLines,
  resourceLines,
  splitLines,
  stallLines,
  workLines,
} from './sections.js';
import { cellTitle } from '../../../suite/suite-schema.js';
import { bothSpellings } from '../../../option-names.js';

/** The first names of a list, and how many more (the report lists them all). */
function namesSample(names: readonly string[], shown = 12): string {
  const more = names.length - shown;
  return names.slice(0, shown).join(', ') + (more > 0 ? `, … (${more} more, all in the report)` : '');
}

function baseText(origin: Headline['origin']): string {
  if (origin.kind === 'variant' && origin.variant !== undefined) {
    const { dimension, value } = origin.variant;
    return `${origin.path}'s cells under ${dimension}=${value}, against the other values of ${dimension}`;
  }
  return `${origin.kind === 'ab' ? 'the base side of' : 'baseline'} ${origin.path}`;
}

function headlineLines(headline: Headline, method: Method): string[] {
  const { counts, origin } = headline;
  return [
    `verdict: ${headline.verdict.toUpperCase()} — ${counts.regression} regression(s), ${counts.improvement} improvement(s), ` +
      `${counts.withinTolerance} within tolerance, ${counts.unchanged} unchanged, ${counts.inconclusive} inconclusive${unjudgedCount(counts)} (suite ${headline.suite}; base: ${baseText(origin)})` +
      (headline.failedOn === null ? '' : `; failed on ${headline.failedOn}`),
    `${method.changeRule}; a regression must exceed its tolerance and be significant ` +
      `(one-sided Mann-Whitney U, Benjamini-Hochberg adjusted per metric, alpha ${method.alpha}${method.spentOver}; ` +
      `p "counts": instruction counts that agree closely, judged on the change itself, over every pairing of a base and ` +
      `a head repetition, or of each repetition and its counterpart where they ran in lockstep); ` +
      `gating metrics: ${method.gateMetrics.join(', ')}`,
    ...method.notes,
  ];
}

function differenceLines(differences: Differences): string[] {
  if (differences.same) {
    return [
      '',
      'Server variables, version and compiler are the same on both sides (volatile ones such as paths and ports aside).',
    ];
  }
  const lines = [
    '',
    differences.explainsChanges
      ? 'What else differs between the sides (it may explain the changes below):'
      : 'What else differs between the sides:',
  ];
  for (const group of differences.groups) {
    lines.push(`  ${group.title}:`);
    for (const row of group.rows) {
      if (row.role === 'follower') continue;
      const change = `${terminalText(row.cells.base)} → ${terminalText(row.cells.head)}`;
      const label = row.role === 'server' ? `server ${row.name}` : row.name;
      const followers =
        row.followers > 0 ? ` (and ${row.followers} ${row.name}_* variable(s) that follow it)` : '';
      const changes = terminalText(row.cells.changes);
      lines.push(`    ${label}: ${change}${followers}${changes === '' ? '' : ` — ${changes}`}`);
    }
  }
  for (const list of differences.oneSided) lines.push(`  ${list.headline}: ${namesSample(list.names)}`);
  return lines;
}

const TABLE_COLUMNS: readonly ResultKey[] = [
  'workload',
  'threads',
  'metric',
  'baseMedian',
  'headMedian',
  'change',
  'p',
  'reps',
  'tolerance',
  'verdict',
];

/** The cells' table, and why each gating cell that is not unchanged came out so. */
function resultLines(document: ReportDocument): string[] {
  const { results } = document;
  // Percentiles from the histograms have lines of their own below unless they gate.
  const tabled = results.rows.filter((row) => row.gating || !row.fromHistogram);
  const keys = withVariant(TABLE_COLUMNS, results);
  const table = terminalTable(
    pickColumns(results.columns, keys),
    tabled.map((row) => pickCells(row, keys)),
  );
  const reasons = results.rows
    .filter((row) => row.verdict !== 'unchanged' && row.gating)
    .map((row) => `  ${cellTitle(row)} ${row.metric}: ${row.reason}`);
  return ['', table.lines.join('\n'), ...reasons];
}

/** The summary of a report document. */
export function renderTerminalSummary(document: ReportDocument): string {
  const { headline, warnings } = document;
  const lines = [
    ...headlineLines(headline, document.method),
    ...differenceLines(document.differences),
    ...resultLines(document),
    ...splitLines(document.split),
    ...stallLines(document.stalls),
    ...resourceLines(document.resources),
    ...workLines(document.work),
    ...lineLines(document.lines),
    ...functionLines(document.functions),
    ...latencyLines(document.latency),
    ...mixLines(document.mix),
  ];
  if (warnings.unjudged) {
    lines.push(
      '',
      `NOT JUDGED: ${warnings.unjudged.lead}`,
      ...warnings.unjudged.items.map((item) => `  - ${item}`),
    );
  }
  if (warnings.items.length > 0) {
    lines.push('', 'Warnings:', ...warnings.items.map((warning) => `  - ${warning}`));
  }
  if (headline.verdict === 'inconclusive') {
    const policy = headline.inconclusivePolicy;
    const why =
      headline.counts.unjudged > 0 && headline.counts.inconclusive === 0
        ? 'some gating cells could not be judged'
        : headline.counts.unjudged > 0
          ? 'some gating cells could not be judged, others are too noisy to judge'
          : 'some cells are too noisy to judge';
    lines.push(
      '',
      `INCONCLUSIVE: ${why}; this counts as ${policy} (${bothSpellings('inconclusive')}: ${policy}).`,
    );
  }
  lines.push(...nextLines(document.next));
  return lines.join('\n');
}

/** The bisect command, when a regression lies between two commits; how to reproduce, always. */
function nextLines(next: ReportDocument['next']): string[] {
  if (next.reproduce.length === 0) return [];
  const indented = (commands: readonly string[]) => commands.map((command) => `  ${command}`);
  return [
    ...(next.bisect === null
      ? []
      : ['', 'Find the commit (from a checkout of the server):', ...indented(next.bisect)]),
    '',
    `Reproduce (${next.fromCheckout ? 'from a checkout of the server' : 'where both servers are at these paths'}):`,
    ...indented(next.reproduce),
    ...next.notes.map((note) => `  # ${note}`),
  ];
}

/** The summary `compare` and `publish` print, from the verdict alone. */
export function renderVerdictSummary(verdict: Verdict): string {
  return renderTerminalSummary(buildVerdictDocument(verdict));
}

/** The summary with the measurements at hand: what next names each side's options too. */
export function renderReportSummary(input: ReportInput): string {
  return renderTerminalSummary(buildReportDocument(input));
}
