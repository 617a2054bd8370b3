// The pull-request comment: GitHub-flavoured markdown whose first lines say whether the change
// made the server slower, followed by the evidence. Pure and free of clocks, so the same input
// gives the same text (snapshot-tested, and an unchanged comment need not be re-posted).
//
// Everything quoted from results or servers goes through markdown.ts: a pull request controls
// its server's variables and the names in its results, and must not be able to inject markup.
//
// The sections are in comment/, one file per kind; comment/trim.ts fits them into the limit.
import { inliningNote } from '../compare/function-deltas.js';
import type { Block } from './comment/blocks.js';
import { chartBlocks, environmentBlock, footer, warningBlocks } from './comment/context.js';
import { differenceBlocks } from './comment/differences.js';
import { functionBlock } from './comment/functions.js';
import { headline } from './comment/headline.js';
import { latencyTailBlocks } from './comment/latency.js';
import { otherMetricsBlock, resultBlocks } from './comment/results.js';
import { shorten } from './comment/trim.js';
import { workBlocks } from './comment/work.js';
import { lineBlocks } from './comment/lines.js';
import type { ReportInput } from './report-input.js';

/** GitHub rejects a comment body longer than this many characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;

export interface CommentChart {
  readonly name: string;
  readonly title: string;
  /** Where the rendered image was published; null when it could not be. */
  readonly url: string | null;
}

export interface CommentOptions {
  readonly charts: readonly CommentChart[];
  /** The hidden first line by which the comment is found again and updated (see commentMarker). */
  readonly marker: string;
  /**
   * Shown instead of the charts whose images could not be published: where to find them. Markdown
   * written by the caller (a link to the run, say), so it is not escaped.
   */
  readonly artifactNote?: string;
  /** Longest comment allowed, in UTF-16 code units (never fewer than GitHub's characters). */
  readonly maxLength?: number;
}

/** The hidden first line of the comment for `suite`: one comment per suite and pull request. */
export function commentMarker(suite: string): string {
  // encodeURIComponent encodes '<' and '>', so no suite name can close the HTML comment early.
  return `<!-- mysql-perf-gate:suite=${encodeURIComponent(suite)} -->`;
}

/** The pull-request comment for `input`, at most `maxLength` characters. */
export function renderComment(input: ReportInput, options: CommentOptions): string {
  const maxLength = options.maxLength ?? GITHUB_COMMENT_LIMIT;
  const blocks: Block[] = [
    { kind: 'text', text: headline(input, options.marker) },
    { kind: 'cut-note' },
    ...differenceBlocks(input.verdict),
    ...resultBlocks(input),
    ...workBlocks(input.verdict),
    ...otherMetricsBlock(input),
    ...latencyTailBlocks(input),
    ...lineBlocks(input.verdict),
    ...input.verdict.functionDeltas.map((cell) => functionBlock(cell, inliningNote(input.verdict))),
    ...warningBlocks(input.verdict),
    environmentBlock(input),
    ...chartBlocks(options.charts, options.artifactNote),
    { kind: 'text', text: footer(input.verdict) },
  ];
  return shorten(blocks, maxLength);
}
