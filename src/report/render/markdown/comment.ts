// The pull-request comment: GitHub-flavoured markdown whose first lines say whether the change
// made the server slower, followed by the evidence. Free of clocks, so the same document gives the
// same text (snapshot-tested, and an unchanged comment need not be re-posted).
//
// Everything quoted from results or servers goes through markdown.ts: a pull request controls
// its server's variables and the names in its results, and must not be able to inject markup.
//
// Each section renders to blocks; trim.ts fits them into the limit.
import type { ChartRef, ReportDocument } from '../../document/model.js';
import type { Block } from './blocks.js';
import {
  chartBlocks,
  footer,
  functionBlock,
  historyBlocks,
  machineBlock,
  nextBlocks,
  warningBlocks,
} from './context.js';
import { differenceBlocks } from './differences.js';
import {
  latencyTailBlocks,
  lineBlocks,
  mixBlocks,
  resourceBlocks,
  splitBlocks,
  stallBlocks,
  workBlocks,
} from './evidence.js';
import { headlineText } from './headline.js';
import { noteBlocks, otherMetricsBlock, resultBlocks } from './results.js';
import { shorten } from './trim.js';

/** GitHub rejects a comment body longer than this many characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;

/**
 * Left free in a comment that keeps a state line: an acceptance's block is inserted under the
 * headline later (commands/accept.ts), at most a 500-character reason (escaped) and ten failures.
 */
export const ACCEPTANCE_ROOM = 8_000;

export interface CommentChart extends ChartRef {
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
  /**
   * A line right under the headline, markdown written by the caller (not escaped): e.g. that the
   * pull request moved on since the commit this verdict is for.
   */
  readonly lead?: string;
  /** The nightly history's page, linked after the charts. */
  readonly historyPageUrl?: string;
  /**
   * A hidden line kept last, whatever the length limit cuts: what the publishing run decided
   * (github/comment-state.ts), written by the caller.
   */
  readonly state?: string;
  /** Longest comment allowed, in UTF-16 code units (never fewer than GitHub's characters). */
  readonly maxLength?: number;
}

/** The hidden first line of the comment for `suite`: one comment per suite and pull request. */
export function commentMarker(suite: string): string {
  // encodeURIComponent encodes '<' and '>', so no suite name can close the HTML comment early.
  return `<!-- mysql-perf-gate:suite=${encodeURIComponent(suite)} -->`;
}

/** The comment for `document`, at most `maxLength` characters. */
export function renderMarkdownComment(
  document: ReportDocument<CommentChart>,
  options: Omit<CommentOptions, 'charts'>,
): string {
  const { headline, differences, results, functions } = document;
  const blocks: Block[] = [
    { kind: 'text', text: headlineText(headline, differences.same, options.marker) },
    ...(options.lead === undefined ? [] : [{ kind: 'text' as const, text: options.lead }]),
    { kind: 'cut-note' },
    ...differenceBlocks(differences),
    ...resultBlocks(results, document.method.confidence),
    ...noteBlocks(document.method),
    ...splitBlocks(document.split),
    ...stallBlocks(document.stalls),
    ...resourceBlocks(document.resources),
    ...workBlocks(document.work),
    ...otherMetricsBlock(results),
    ...latencyTailBlocks(document.latency),
    ...mixBlocks(document.mix),
    ...lineBlocks(document.lines),
    ...functions.cells.map((cell) => functionBlock(cell, functions.inlining)),
    ...warningBlocks(document.warnings),
    ...(document.machine === null ? [] : [machineBlock(document.machine)]),
    ...chartBlocks(document.charts, options.artifactNote),
    ...historyBlocks(options.historyPageUrl),
    ...nextBlocks(document.next),
    { kind: 'text', text: footer(document.method) },
  ];
  const limit = options.maxLength ?? GITHUB_COMMENT_LIMIT;
  if (options.state === undefined) return shorten(blocks, limit);
  // An acceptance adds its block and, in the state, its own copy of what failed.
  const room = limit - 2 * options.state.length - 1 - ACCEPTANCE_ROOM;
  return `${shorten(blocks, room)}\n${options.state}`;
}
