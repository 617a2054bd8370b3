// What follows the tables: the warnings, the machine, the charts and how the verdict was reached.
import { spentOver } from '../../compare/verdict-summary.js';
import type { Verdict } from '../../compare/verdict-schema.js';
import type { CommentChart } from '../comment.js';
import { environmentLabel, noiseWarning } from '../labels.js';
import { escapeMarkdown, markdownUrl } from '../markdown.js';
import type { ReportInput } from '../report-input.js';
import type { Block } from './blocks.js';

/** The noise warning first (an inconclusive pass must not read as a clean bill), then the verdict's. */
export function warningBlocks(verdict: Verdict): Block[] {
  const rows: string[] = [];
  const noise = noiseWarning(verdict);
  if (noise) rows.push(`- **${noise.lead}** ${noise.detail}`);
  rows.push(...verdict.warnings.map((warning) => `- ${escapeMarkdown(warning)}`));
  if (rows.length === 0) return [];
  return [{ kind: 'rows', what: 'the warnings', lead: '### ⚠️ Warnings', rows }];
}

/** One line for the machine, or one per side when the sides ran on different ones. */
export function environmentBlock(input: ReportInput): Block {
  const base = environmentLabel(input.base.environment);
  const head = environmentLabel(input.head.environment);
  return {
    kind: 'text',
    text:
      base === head
        ? `**Machine:** ${escapeMarkdown(head)}`
        : `- **Base machine:** ${escapeMarkdown(base)}\n- **Head machine:** ${escapeMarkdown(head)}`,
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

export function footer(verdict: Verdict): string {
  return (
    '<sub>A regression is worse than its tolerance and significant (one-sided Mann-Whitney U, ' +
    `Benjamini-Hochberg adjusted per metric, α = ${verdict.settings.alpha}${escapeMarkdown(spentOver(verdict))}); "counts" cells are instruction ` +
    'counts whose repetitions agree closely, judged on the change itself. The full report (every metric, ' +
    'min–max, noise, p-values, charts) is `report.html` in the `report` artifact of this workflow run.</sub>'
  );
}
