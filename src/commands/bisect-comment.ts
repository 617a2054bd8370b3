// The bisection's result, written back to the alert issue that asked for it (the action's
// `mode: bisect-comment`). The bisecting job builds and runs the server's code with a read-only
// token and uploads bisect.json; a second job, which runs no server code and holds `issues: write`,
// downloads it and runs this: bisect.json is read as data to check (no link, regular file, size
// cap, the report's schema), rendered here with everything escaped (report/bisect-comment.ts),
// and posted as one comment per bisected range, edited in place when the bisection is run again.
import { readCappedFile } from '../artifact/read-artifact.js';
import { BisectReport } from '../bisect/bisect-report.js';
import { refuse } from '../compare/artifact-refusal.js';
import { InputError } from '../errors.js';
import type { GitHubClient } from '../github/client.js';
import { upsertStickyComment } from '../github/sticky-comment.js';
import { bisectComment, bisectCommentMarker } from '../report/bisect-comment.js';
import { formatPath } from '../suite/parse-suite.js';
import type { Logger } from '../shell/logger.js';
import type { FlagSpelling } from './spelling.js';

/** bisect.json of a bisection of thousands of commits is well under this. */
export const MAX_BISECT_REPORT_BYTES = 5 * 1024 * 1024;

export interface BisectCommentConfig {
  /** The downloaded artifact: only bisect.json is read from it. */
  readonly artifact: string;
  readonly owner: string;
  readonly repo: string;
  readonly issue: number;
  /** The workflow run that bisected, linked from the comment. */
  readonly runUrl: string;
}

export interface BisectCommentOutcome {
  readonly url: string;
  readonly action: 'created' | 'updated';
  readonly report: BisectReport;
}

/** An issue number as the user wrote it: a positive whole number. */
export function parseIssueNumber(text: string, spell: FlagSpelling): number {
  const trimmed = text.trim().replace(/^#/, '');
  if (!/^[1-9][0-9]{0,9}$/.test(trimmed)) {
    throw new InputError(`${spell('issue')} ${JSON.stringify(text)}: expected an issue number, such as 42`);
  }
  return Number(trimmed);
}

/** bisect.json from the artifact, checked; an ArtifactError (one line) otherwise. */
export function readBisectReport(dir: string): BisectReport {
  const text = readCappedFile(dir, 'bisect.json', MAX_BISECT_REPORT_BYTES);
  if (text === null) throw refuse('bisect.json is missing (the bisecting job writes it)');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw refuse('bisect.json is not JSON');
  }
  const parsed = BisectReport.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
    throw refuse(`bisect.json is not a bisection report (${issues.join('; ')})`);
  }
  return parsed.data;
}

export async function bisectCommentCommand(
  client: GitHubClient,
  config: BisectCommentConfig,
  logger: Logger,
): Promise<BisectCommentOutcome> {
  const report = readBisectReport(config.artifact);
  const posted = await upsertStickyComment(client, {
    owner: config.owner,
    repo: config.repo,
    issueNumber: config.issue,
    marker: bisectCommentMarker(report),
    body: bisectComment(report, config.runUrl),
  });
  logger.info(`bisection result ${posted.action} on issue #${config.issue}: ${posted.url}`);
  return { url: posted.url, action: posted.action, report };
}
