// Puts the report where the maintainers look: the charts as images on a dedicated branch (GitHub
// strips data: URIs from comments, so images must be served from the repository), then one sticky
// comment per pull request and suite, edited in place on later runs. When the token cannot write
// to the repository (a fork's pull request, a read-only token), the comment says where the charts
// are instead of linking broken images.
import { readFileSync } from 'node:fs';

import type { CommentNotes, WrittenReport } from '../report/write-report.js';
import { commentMarker } from '../report/comment.js';
import type { GitHubClient } from './client.js';
import { upsertStickyComment } from './sticky-comment.js';
import { ImagePublishError } from './github-errors.js';
import { publishImages } from './images.js';

export interface PostTarget {
  readonly owner: string;
  readonly repo: string;
  readonly pullRequest: number;
  readonly suite: string;
  /** Branch the chart images are committed to. */
  readonly chartsBranch: string;
  /** Unique per run (and attempt), so two runs never write the same image paths. */
  readonly runKey: string;
  /** Where the run's uploaded artifacts can be found, for the note when images cannot be published. */
  readonly runUrl: string;
  /** Runs kept per pull request on the charts branch (closed pull requests' dropped); 0 or none: all. */
  readonly chartsKeep?: number;
  /** A line under the headline, and the history page to link: see CommentNotes. */
  readonly notes?: Pick<CommentNotes, 'lead' | 'historyPageUrl' | 'state'>;
}

export interface PostOutcome {
  readonly commentUrl: string;
  readonly action: 'created' | 'updated';
  /** Why the images were not published, when they were not. */
  readonly imagesNotPublished?: string;
  /** What the charts branch dropped (older runs of this pull request, closed pull requests). */
  readonly pruned?: readonly string[];
  /** Why the charts branch was not pruned, when that failed. */
  readonly pruneWarnings?: readonly string[];
}

export async function postReport(
  octokit: GitHubClient,
  report: WrittenReport,
  target: PostTarget,
): Promise<PostOutcome> {
  const { owner, repo } = target;
  let body: string;
  let imagesNotPublished: string | undefined;
  let pruning: { pruned: readonly string[]; pruneWarnings: readonly string[] } | undefined;
  try {
    const published = await publishImages(octokit, {
      owner,
      repo,
      branch: target.chartsBranch,
      directory: `pr-${target.pullRequest}/${target.runKey}`,
      files: report.charts.map((chart) => ({
        name: `${chart.name}.png`,
        content: readFileSync(chart.pngPath),
      })),
      ...(target.chartsKeep === undefined || target.chartsKeep === 0
        ? {}
        : { prune: { keep: target.chartsKeep, pullRequest: target.pullRequest, runKey: target.runKey } }),
    });
    pruning = { pruned: published.pruned, pruneWarnings: published.warnings };
    body = report.renderComment(
      report.charts.map((chart) => ({
        name: chart.name,
        title: chart.title,
        url: published.urls[`${chart.name}.png`] ?? null,
      })),
      target.notes,
    );
  } catch (error) {
    if (!(error instanceof ImagePublishError) || !error.permission) throw error;
    imagesNotPublished = error.message;
    body = report.renderComment(
      report.charts.map((chart) => ({ name: chart.name, title: chart.title, url: null })),
      {
        ...target.notes,
        artifactNote:
          `The charts could not be published to this repository (the token cannot write to it), so they are not shown here: ` +
          `they are in the report directory of [this run's artifacts](${target.runUrl}) (\`charts/*.png\`, interactive in \`report.html\`).`,
      },
    );
  }
  const posted = await upsertStickyComment(octokit, {
    owner,
    repo,
    issueNumber: target.pullRequest,
    marker: commentMarker(target.suite),
    body,
  });
  return {
    commentUrl: posted.url,
    action: posted.action,
    ...(imagesNotPublished === undefined ? {} : { imagesNotPublished }),
    ...pruning,
  };
}
