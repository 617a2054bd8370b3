// The pull-request comment for a report input: the report document rendered as markdown (see
// render/markdown/comment.ts), at most GitHub's limit long.
import { buildReportDocument } from './document/build.js';
import { type CommentOptions, renderMarkdownComment } from './render/markdown.js';
import type { ReportInput } from './report-input.js';

export {
  type CommentChart,
  type CommentOptions,
  commentMarker,
  GITHUB_COMMENT_LIMIT,
} from './render/markdown.js';

/** The pull-request comment for `input`, at most `maxLength` characters. */
export function renderComment(input: ReportInput, options: CommentOptions): string {
  return renderMarkdownComment(buildReportDocument(input, options.charts), options);
}
