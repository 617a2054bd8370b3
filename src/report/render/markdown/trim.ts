// Fitting the comment into GitHub's limit: the blocks are rendered whole when they fit, and
// otherwise shortened step by step (see Block), with a note near the top on what was left out.
import { formatCount, groupThousands, plural } from '../../../format.js';
import type { Block } from './blocks.js';

interface Shortening {
  /** Indices of the details blocks left out. */
  readonly dropped: ReadonlySet<number>;
  /** Rows kept per table or list. */
  readonly rowLimit: number;
  /** Whether the end of the comment is cut off as well. */
  readonly endCut: boolean;
}

const FULL: Shortening = { dropped: new Set(), rowLimit: Number.POSITIVE_INFINITY, endCut: false };

/** Sections named in the cut note before the rest are only counted. */
const CUT_NOTE_SECTIONS = 3;

function cutNote(blocks: readonly Block[], shortening: Shortening, maxLength: number): string {
  const left: string[] = [];
  const droppedWhat = [
    ...new Set(
      blocks.flatMap((block, index) =>
        block.kind === 'details' && shortening.dropped.has(index) ? [block.what] : [],
      ),
    ),
  ];
  if (droppedWhat.length > 0) left.push(`the folded sections (${droppedWhat.join('; ')})`);
  const cut = blocks.flatMap((block) =>
    block.kind === 'rows' && block.rows.length > shortening.rowLimit ? [block] : [],
  );
  if (cut.length > 0) {
    const named = cut
      .slice(0, CUT_NOTE_SECTIONS)
      .map(
        (block) =>
          `${block.what} (${formatCount(Math.min(block.rows.length, shortening.rowLimit))} of ${formatCount(block.rows.length)} shown)`,
      );
    const more = cut.length - named.length;
    left.push(
      `rows of ${named.join(', ')}${more > 0 ? ` and of ${plural(more, 'more section', 'more sections')}` : ''}`,
    );
  }
  if (shortening.endCut) left.push('the end of the comment');
  if (left.length === 0) return '';
  return (
    `> ✂️ **Shortened to fit the ${groupThousands(String(maxLength))}-character limit of a comment.** ` +
    `Left out: ${left.join('; ')}. The full report is \`report.html\` in the \`report\` artifact of this workflow run.`
  );
}

function renderBlocks(blocks: readonly Block[], shortening: Shortening, maxLength: number): string {
  const parts = blocks.map((block, index): string => {
    switch (block.kind) {
      case 'text':
        return block.text;
      case 'cut-note':
        return cutNote(blocks, shortening, maxLength);
      case 'details':
        return shortening.dropped.has(index) ? '' : block.text;
      case 'rows': {
        const kept = block.rows.slice(0, shortening.rowLimit);
        const body = [block.lead, ...kept].filter((line) => line !== '').join('\n');
        const missing = block.rows.length - kept.length;
        // A blank line first: a line right below a table would become one of its rows.
        return missing > 0
          ? `${body}\n\n*… ${formatCount(missing)} more ${missing === 1 ? 'row' : 'rows'} left out to fit; the full report has them.*`
          : body;
      }
    }
  });
  return `${parts.filter((part) => part !== '').join('\n\n')}\n`;
}

/** The last resort: cuts the end off the shortest comment the blocks allow, at a line boundary. */
function cutEnd(text: string, maxLength: number): string {
  const tail = '\n\n*… cut here to fit.*\n';
  const budget = maxLength - tail.length;
  if (budget <= 0) return text.slice(0, maxLength);
  const lineEnd = text.lastIndexOf('\n', budget);
  return `${text.slice(0, lineEnd > 0 ? lineEnd : budget)}${tail}`;
}

/** The blocks as markdown of at most `maxLength` characters, shortened as little as that allows. */
export function shorten(blocks: readonly Block[], maxLength: number): string {
  const render = (shortening: Shortening): string => renderBlocks(blocks, shortening, maxLength);
  const full = render(FULL);
  if (full.length <= maxLength) return full;
  // Folded details first, the last (least important) first.
  const dropped = new Set<number>();
  for (let index = blocks.length - 1; index >= 0; index--) {
    if (blocks[index]?.kind !== 'details') continue;
    dropped.add(index);
    const text = render({ ...FULL, dropped });
    if (text.length <= maxLength) return text;
  }
  // Then the same row limit for every table and list, as high as fits: the longest (a config
  // diff of hundreds of variables) is cut, the short per-workload tables stay whole.
  const longest = Math.max(0, ...blocks.map((block) => (block.kind === 'rows' ? block.rows.length : 0)));
  let fits = -1;
  let tooLong = longest;
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (render({ dropped, rowLimit: middle, endCut: false }).length <= maxLength) fits = middle;
    else tooLong = middle;
  }
  if (fits >= 0) return render({ dropped, rowLimit: fits, endCut: false });
  return cutEnd(render({ dropped, rowLimit: 0, endCut: true }), maxLength);
}
