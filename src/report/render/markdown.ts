// Markdown renderings of the report document: the pull-request comment (also the job summary's
// body) and the table of stage times.
export {
  type CommentChart,
  type CommentOptions,
  commentMarker,
  GITHUB_COMMENT_LIMIT,
  renderMarkdownComment,
} from './markdown/comment.js';
export { stageMarkdown } from './markdown/stages.js';
