// The sticky pull-request comment: the chart images committed to the charts branch, then one
// comment per pull request and suite, edited in place on later runs (github/post-report.ts).
import type { GitHubClient } from '../github/client.js';
import { type PostOutcome, postReport, type PostTarget } from '../github/post-report.js';
import type { Sink, SinkReceipt } from './sink.js';

export const PULL_REQUEST_COMMENT = 'pull-request comment';

export interface PullRequestTarget extends Omit<PostTarget, 'suite'> {
  readonly client: GitHubClient;
  /** The log group its messages go in; none when the caller's own group holds them. */
  readonly group?: string;
}

export interface PullRequestReceipt extends SinkReceipt {
  readonly url: string;
  readonly posted: PostOutcome;
}

/** Images that could not be published are a warning (the comment says where they are instead). */
export function pullRequestCommentSink(target: PullRequestTarget): Sink<PullRequestReceipt> {
  const { client, group, ...post } = target;
  return {
    name: PULL_REQUEST_COMMENT,
    deliver(delivery, logger) {
      const comment = async (): Promise<PullRequestReceipt> => {
        const posted = await postReport(client, delivery.report, { ...post, suite: delivery.suite });
        if (posted.imagesNotPublished !== undefined) logger.warning(posted.imagesNotPublished);
        for (const warning of posted.pruneWarnings ?? []) logger.warning(warning);
        if ((posted.pruned ?? []).length > 0) {
          logger.info(`charts branch ${post.chartsBranch}: dropped ${(posted.pruned ?? []).join(', ')}`);
        }
        logger.info(`comment ${posted.action}: ${posted.commentUrl}`);
        return { sink: PULL_REQUEST_COMMENT, url: posted.commentUrl, posted };
      };
      return group === undefined ? comment() : logger.group(group, comment);
    },
  };
}
