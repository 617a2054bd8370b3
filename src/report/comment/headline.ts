// The top of the comment: whether the change made the server slower, the tally of cells, and
// which servers were compared.
import { plural } from '../../format.js';
import { metricLabel, serverLabel, verdictTitle } from '../labels.js';
import { codeSpan, escapeMarkdown } from '../markdown.js';
import type { ReportInput } from '../report-input.js';

/** "Suite `x`, 6 cells judged on throughput (tps): **1 regression** · 0 improvements · …". */
function tally(input: ReportInput): string {
  const { verdict } = input;
  const { counts } = verdict;
  const gating = verdict.cells.filter((cell) => cell.gating);
  const bold = (count: number, text: string): string => (count > 0 ? `**${text}**` : text);
  const gatingMetrics = [...new Set(gating.map((cell) => cell.metric))].map((metric) =>
    metricLabel(metric, input.suite.percentile),
  );
  const judged =
    gating.length > 0
      ? `${plural(gating.length, 'cell', 'cells')} judged on ${escapeMarkdown(gatingMetrics.join(', '))}`
      : 'no cell judged on a gating metric';
  return (
    `Suite ${codeSpan(verdict.suite)}, ${judged}: ` +
    [
      bold(counts.regression, plural(counts.regression, 'regression', 'regressions')),
      bold(counts.improvement, plural(counts.improvement, 'improvement', 'improvements')),
      `${counts.withinTolerance} within tolerance`,
      `${counts.unchanged} unchanged`,
      bold(counts.inconclusive, `${counts.inconclusive} inconclusive`),
    ].join(' · ') +
    '.' +
    (verdict.verdict === 'inconclusive'
      ? ` Inconclusive counts as **${verdict.settings.inconclusivePolicy}** here.`
      : '')
  );
}

/** Where the base side came from: this A/B run, or a stored baseline (with its date and commit). */
function baseOrigin(input: ReportInput): string {
  const source = input.verdict.baseSource;
  const newest = input.history.at(-1);
  return source.kind === 'ab'
    ? 'the base side of this A/B run'
    : `stored baseline ${codeSpan(source.path)}` +
        (source.savedAt === null ? '' : `, saved ${escapeMarkdown(source.savedAt)}`) +
        (newest?.commit === undefined ? '' : `, commit ${codeSpan(newest.commit)}`);
}

/** The marker, the verdict's title, the tally and the two servers. */
export function headline(input: ReportInput, marker: string): string {
  const { verdict } = input;
  const same =
    verdict.configDiff.length === 0 && verdict.serverDiff.length === 0
      ? '\n\nServer variables, version and compiler are the same on both sides (volatile ones such as paths and ports aside).'
      : '';
  return (
    `${marker}\n## ${verdictTitle(verdict)}\n\n${tally(input)}\n\n` +
    `- **Base:** ${escapeMarkdown(serverLabel(verdict.sides.base))} (${baseOrigin(input)})\n` +
    `- **Head:** ${escapeMarkdown(serverLabel(verdict.sides.head))}` +
    same
  );
}
