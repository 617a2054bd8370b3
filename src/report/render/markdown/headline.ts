// The top of the comment: whether the change made the server slower, the tally of cells, and
// which servers were compared.
import { plural } from '../../../format.js';
import type { BaseOrigin, Headline } from '../../document/model.js';
import { codeSpan, escapeMarkdown } from '../../markdown.js';

/** "Suite `x`, 6 cells judged on throughput (tps): **1 regression** · 0 improvements · …". */
function tally(headline: Headline): string {
  const { counts } = headline;
  const bold = (count: number, text: string): string => (count > 0 ? `**${text}**` : text);
  const judged =
    headline.gatingCells > 0
      ? `${plural(headline.gatingCells, 'cell', 'cells')} judged on ${escapeMarkdown(headline.gatingMetrics.join(', '))}`
      : 'no cell judged on a gating metric';
  return (
    `Suite ${codeSpan(headline.suite)}, ${judged}: ` +
    [
      bold(counts.regression, plural(counts.regression, 'regression', 'regressions')),
      bold(counts.improvement, plural(counts.improvement, 'improvement', 'improvements')),
      `${counts.withinTolerance} within tolerance`,
      `${counts.unchanged} unchanged`,
      bold(counts.inconclusive, `${counts.inconclusive} inconclusive`),
      ...(counts.unjudged > 0 ? [`**${counts.unjudged} not judged**`] : []),
    ].join(' · ') +
    '.' +
    (headline.verdict === 'inconclusive'
      ? ` Inconclusive counts as **${headline.inconclusivePolicy}** here.`
      : '')
  );
}

/** Where the base side came from: this A/B run, or a stored baseline (with its date and commit). */
function baseOrigin(origin: BaseOrigin): string {
  if (origin.kind === 'variant' && origin.variant !== undefined) {
    const { dimension, value } = origin.variant;
    return `every cell under ${codeSpan(`${dimension}=${value}`)}, against the same cell under the other values of ${codeSpan(dimension)}`;
  }
  return origin.kind === 'ab'
    ? 'the base side of this A/B run'
    : `stored baseline ${codeSpan(origin.path)}` +
        (origin.savedAt === null ? '' : `, saved ${escapeMarkdown(origin.savedAt)}`) +
        (origin.commit === null ? '' : `, commit ${codeSpan(origin.commit)}`);
}

/** The marker, the verdict's title, the tally and the two servers. */
export function headlineText(headline: Headline, same: boolean, marker: string): string {
  return (
    `${marker}\n## ${headline.title}\n\n${tally(headline)}\n\n` +
    `- **Base:** ${escapeMarkdown(headline.base.server)} (${baseOrigin(headline.origin)})\n` +
    `- **Head:** ${escapeMarkdown(headline.head.server)}` +
    (same
      ? '\n\nServer variables, version and compiler are the same on both sides (volatile ones such as paths and ports aside).'
      : '')
  );
}
