// The top of the page: the verdict with an inline icon, its tally and the two servers.
import type { BaseOrigin, Headline } from '../../document/model.js';
import { tallyParts } from '../../labels.js';
import { rawTable, text } from './format.js';

/**
 * The headline's icon, drawn inline: the comment's emoji need an emoji font, and a reader's
 * machine without one shows a missing-glyph box in the report's first line. Paths need no font;
 * they take the headline's colour (currentColor, set per verdict in the style sheet). The label is
 * what a screen reader says for the emoji it replaces.
 */
const VERDICT_ICONS: Record<Headline['verdict'], { readonly label: string; readonly shape: string }> = {
  pass: {
    label: 'check mark',
    shape:
      '<circle cx="12" cy="12" r="11" fill="currentColor"/>' +
      '<path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>',
  },
  fail: {
    label: 'cross mark',
    shape:
      '<circle cx="12" cy="12" r="11" fill="currentColor"/>' +
      '<path d="M8 8l8 8M16 8l-8 8" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>',
  },
  inconclusive: {
    label: 'warning',
    shape:
      '<path d="M12 2.5L22.5 21h-21z" fill="currentColor" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round"/>' +
      '<path d="M12 9v5.5" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/>' +
      '<circle cx="12" cy="17.8" r="1.3" fill="#fff"/>',
  },
};

function verdictIcon(verdict: Headline['verdict']): string {
  const { label, shape } = VERDICT_ICONS[verdict];
  return `<svg class="icon" viewBox="0 0 24 24" width="24" height="24" role="img" aria-label="${label}">${shape}</svg>`;
}

function originText(origin: BaseOrigin): string {
  if (origin.kind === 'variant' && origin.variant !== undefined) {
    const { dimension, value } = origin.variant;
    return `the cells of ${origin.path} under ${dimension}=${value}, each against the same cell under the other values of ${dimension}`;
  }
  return origin.kind === 'ab'
    ? `the base side of the A/B run ${origin.path}`
    : `stored baseline ${origin.path}${origin.savedAt === null ? '' : `, saved ${origin.savedAt}`}` +
        (origin.commit === null ? '' : `, commit ${origin.commit}`);
}

export function header(headline: Headline): string {
  const { counts } = headline;
  const tally = tallyParts(counts).join(' · ');
  const policy =
    headline.verdict === 'inconclusive' ? ` Inconclusive counts as ${headline.inconclusivePolicy} here.` : '';
  const judged =
    headline.gatingMetrics.length > 0
      ? `judged on ${headline.gatingMetrics.join(', ')}`
      : 'no cell judged on a gating metric';
  const side = (name: string, summary: Headline['base'], note: string): string[] => [
    text(name),
    text(summary.server),
    `<code>${text(summary.binary)}</code>`,
    text(note),
  ];
  // The comment's title without its leading emoji, which the icon draws instead.
  const title = headline.title.replace(/^[\p{Extended_Pictographic}\u{FE0F}\s]+/u, '');
  return (
    `<header class="${headline.verdict}">\n<h1>${verdictIcon(headline.verdict)}${text(title)}</h1>\n` +
    `<p class="tally">Suite <code>${text(headline.suite)}</code>, ${text(judged)}: <strong>${text(tally)}</strong>.${text(policy)}</p>\n` +
    rawTable(
      ['side', 'server', 'binary', 'note'],
      [side('base', headline.base, originText(headline.origin)), side('head', headline.head, '')],
    ) +
    '\n</header>'
  );
}
