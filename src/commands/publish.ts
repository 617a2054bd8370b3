// The `publish` half of a two-workflow set-up. The measuring half runs on `pull_request` with a
// read-only token and uploads what it measured as an artifact; this half runs on `workflow_run`
// with `pull-requests: write`, downloads that artifact and posts the comment. Everything in the
// artifact was produced by the pull request's own code, so it is data to check, never something to
// run, post as is or follow:
//   - only files with fixed names are read, after lstat (no symbolic links, regular files only) and
//     a size cap, and validated with the project's schemas (artifact/read-artifact.ts); every other
//     file (an uploaded comment.md, charts, names with `../`) is ignored;
//   - the verdict is judged again from results.json by the judge compare uses, with the settings
//     and tolerances verdict.json records, and must agree with verdict.json (compare/rejudge.ts): a
//     verdict that claims more than its numbers show is refused, and the comment is rendered from
//     the verdict judged here;
//   - the comment and charts are rendered here from the validated data (the renderers escape
//     everything they quote), into a report directory outside the artifact;
//   - the pull request is found through the API by the run's head SHA; a number the artifact
//     claims must be that pull request's.
// What this cannot do is vouch for the measurements: the pull request's code ran them. The
// comment is a faithful rendering of those numbers under the recorded settings, nothing more.
import { existsSync, lstatSync, mkdirSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

import { ignoredNote, oddWorkloadsNote, readArtifact } from '../artifact/read-artifact.js';
import { workflowRepositoryUrl } from '../compare/line-links.js';
import { rejudge } from '../compare/rejudge.js';
import { verdictExitCode } from '../compare/verdict.js';
import type { Verdict } from '../compare/verdict-schema.js';
import { renderVerdictSummary } from '../report/render/terminal.js';
import { errorMessage, InputError } from '../errors.js';
import type { GitHubClient } from '../github/client.js';
import { findPullRequest, type FoundPullRequest } from '../github/find-pull-request.js';
import type { PostOutcome } from '../github/post-report.js';
import { writeReport, type WrittenReport } from '../report/write-report.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import type { Logger } from '../shell/logger.js';
import { deliverVerdict } from '../sinks/deliver.js';
import { pullRequestCommentSink } from '../sinks/pull-request-comment.js';
import type { Sink } from '../sinks/sink.js';
import { cliSpelling, type FlagSpelling } from './spelling.js';

export interface PublishConfig {
  /** The downloaded artifact: read, never written. */
  readonly artifactDir: string;
  /** Where verdict.json, the comment and the charts are written; must be outside the artifact. */
  readonly outDir: string;
  readonly owner: string;
  readonly repo: string;
  /** The measuring run's head commit, from the workflow_run event (not from the artifact). */
  readonly headSha: string;
  /** `<owner>:<branch>` of the run's head repository, to find a pull request from a fork. */
  readonly headLabel?: string;
  readonly chartsBranch: string;
  /** Unique per publishing run (and attempt), so two runs never write the same image paths. */
  readonly runKey: string;
  /** The publishing run, whose uploaded report holds the charts when they cannot be shown. */
  readonly runUrl: string;
}

export interface PublishOutcome {
  /** The verdict judged here from results.json (it agrees with the artifact's verdict.json). */
  readonly verdict: Verdict;
  readonly verdictPath: string;
  readonly summary: string;
  readonly report: WrittenReport;
  readonly pullRequest: FoundPullRequest;
  readonly posted: PostOutcome;
  /** 0 pass, 1 fail, as compare would exit on the same verdict. */
  readonly exitCode: 0 | 1;
}

function isInside(child: string, parent: string): boolean {
  const path = relative(parent, child);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}

/** `path` with its nearest existing ancestor's links resolved: where a write would really land. */
function realPathOf(path: string): string {
  const absolute = resolve(path);
  for (let dir = absolute; ; dir = dirname(dir)) {
    if (existsSync(dir)) return join(realpathSync(dir), relative(dir, absolute));
    if (dirname(dir) === dir) return absolute;
  }
}

/** The artifact's real directory; the report directory must be neither inside it nor around it. */
function checkDirectories(config: PublishConfig): { artifactDir: string; outDir: string } {
  let artifactDir: string;
  try {
    artifactDir = realpathSync(config.artifactDir);
  } catch (error) {
    throw new InputError(`cannot read the artifact directory ${config.artifactDir}: ${errorMessage(error)}`);
  }
  if (!lstatSync(artifactDir).isDirectory()) {
    throw new InputError(`the artifact ${config.artifactDir} is not a directory`);
  }
  const outDir = resolve(config.outDir);
  const realOut = realPathOf(outDir);
  if (isInside(realOut, artifactDir) || isInside(artifactDir, realOut)) {
    throw new InputError(
      `the report directory ${config.outDir} and the artifact directory ${config.artifactDir} overlap; ` +
        'write the report elsewhere: nothing is written into the artifact',
    );
  }
  return { artifactDir, outDir };
}

/**
 * Validates the artifact, judges it again, finds the pull request, renders and posts; then
 * delivers to `sinks` too (the job summary), whose failures are warnings: the comment is this
 * command's job, so its failure is an error.
 */
export async function publishCommand(
  config: PublishConfig,
  octokit: GitHubClient,
  logger: Logger,
  sinks: readonly Sink[] = [],
): Promise<PublishOutcome> {
  const { artifactDir, outDir } = checkDirectories(config);
  const artifact = readArtifact(artifactDir);
  const ignored = ignoredNote(artifactDir);
  if (ignored !== null) logger.info(ignored);
  const odd = oddWorkloadsNote(artifact.results);
  if (odd !== null) logger.warning(odd);
  const input = rejudge(artifact, workflowRepositoryUrl(process.env).sourceUrl ?? null);
  const { verdict } = input;
  logger.info(`artifact checked: results.json judged again gives ${verdict.verdict}, as verdict.json says`);
  const pullRequest = await findPullRequest(octokit, {
    owner: config.owner,
    repo: config.repo,
    headSha: config.headSha,
    ...(config.headLabel === undefined ? {} : { headLabel: config.headLabel }),
    ...(artifact.claimedPullRequest === undefined
      ? {}
      : { claimed: artifact.claimedPullRequest, claimSource: 'pull-request.txt of the artifact' }),
  });
  logger.info(`pull request #${pullRequest.number} has head ${config.headSha}`);
  mkdirSync(outDir, { recursive: true });
  const verdictPath = join(outDir, 'verdict.json');
  writeFileAtomic(verdictPath, `${JSON.stringify(verdict, null, 2)}\n`);
  const report = await writeReport(outDir, input);
  for (const warning of report.warnings) logger.debug(warning);
  const delivery = {
    verdict,
    verdictPath,
    report,
    suite: input.suite.name,
    stages: [],
    context: {
      repository: `${config.owner}/${config.repo}`,
      runUrl: config.runUrl,
      pullRequest: pullRequest.number,
    },
  };
  const { posted } = await pullRequestCommentSink({
    client: octokit,
    owner: config.owner,
    repo: config.repo,
    pullRequest: pullRequest.number,
    chartsBranch: config.chartsBranch,
    runKey: config.runKey,
    runUrl: config.runUrl,
  }).deliver(delivery, logger);
  await deliverVerdict(delivery, sinks, logger);
  return {
    verdict,
    verdictPath,
    summary: renderVerdictSummary(verdict),
    report,
    pullRequest,
    posted,
    exitCode: verdictExitCode(verdict),
  };
}

export interface PublishFlags {
  readonly artifact: string | undefined;
  readonly headSha: string | undefined;
  readonly reportDir: string | undefined;
}

export interface PublishPaths {
  readonly artifactDir: string;
  readonly headSha: string;
  readonly outDir: string;
}

export const DEFAULT_PUBLISH_REPORT_DIR = 'mysql-perf-gate-report';

/** The publish options given as strings (action inputs), checked. */
export function publishPathsFromFlags(flags: PublishFlags, spell: FlagSpelling = cliSpelling): PublishPaths {
  if (flags.artifact === undefined) {
    throw new InputError(
      `${spell('artifact')}: name the directory the measuring run's artifact was downloaded to`,
    );
  }
  const headSha = flags.headSha?.trim() ?? '';
  if (!/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(headSha)) {
    throw new InputError(
      `${spell('head-sha')} ${JSON.stringify(headSha)}: expected the measured commit's full SHA ` +
        '(github.event.workflow_run.head_sha)',
    );
  }
  return { artifactDir: flags.artifact, headSha, outDir: flags.reportDir ?? DEFAULT_PUBLISH_REPORT_DIR };
}
