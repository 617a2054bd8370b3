// The `publish` half of a two-workflow set-up. The measuring half runs on `pull_request` with a
// read-only token and uploads what it measured as an artifact; this half runs on `workflow_run`
// with `pull-requests: write` and `statuses: write`, downloads that artifact, posts the comment and
// sets the commit status maintainers make required. Everything in the artifact was produced by the
// pull request's own code and workflow files, so it is data to check, never something to run, post
// as is or follow:
//   - only files with fixed names are read, after lstat (no symbolic links, regular files only) and
//     a size cap, and validated with the project's schemas (artifact/read-artifact.ts); every other
//     file (an uploaded comment.md, charts, names with `../`) is ignored;
//   - the pull request is found through the API by the run's head SHA and head repository (both
//     from the event); a number the artifact claims must be that pull request's. A fork can open a
//     pull request at the same commit as one from a branch of this repository, so a pull request
//     from another head repository is never the run's, and until the run's pull request is found
//     no status is set at all: the commit may be someone else's;
//   - only the merged results of an A/B run are judged (base and head side by side); one shard's
//     results and a verdict against a stored baseline (reference numbers from the artifact) are
//     refused;
//   - a fork's head is published only when someone with write access approved that commit, asked
//     of the API (github/approval-check.ts); until then the comment says it awaits approval and
//     the status is pending;
//   - the verdict is checked against results.json under the settings verdict.json records, then
//     judged again with the publishing workflow's settings (the default branch's suite, tolerances,
//     gate and alpha), after refusing results measured with another suite (compare/rejudge.ts);
//   - the comment and charts are rendered here from the validated data (the renderers escape
//     everything they quote), into a report directory outside the artifact;
//   - the status goes on the measured head SHA from the event: success, failure, pending, or
//     error when anything above refuses. When the pull request was pushed again since the run, the
//     verdict is still the measured commit's: the comment says so and names the newer head, which
//     its own run will measure.
// What this cannot do is vouch for the measurements: the pull request's code ran them, on a runner
// whose sandbox keeps that code from what is trusted. The approval is what stands behind them.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import {
  ignoredNote,
  oddWorkloadsNote,
  readArtifact,
  readClaim,
  readSettingsChanged,
} from '../artifact/read-artifact.js';
import { workflowRepositoryUrl } from '../compare/line-links.js';
import type { PublishJudging } from '../compare/publish-settings.js';
import { rejudge } from '../compare/rejudge.js';
import { verdictExitCode } from '../compare/verdict.js';
import type { Verdict } from '../compare/verdict-schema.js';
import { renderReportSummary } from '../report/render/terminal.js';
import { checkDirectories } from './publish-dirs.js';
import { acceptanceParts, awaitingStateLine } from './publish-acceptance.js';
import type { Acceptance } from '../compare/acceptance.js';
import { errorMessage } from '../errors.js';
import { type Approval, approvalLine, type RequireApproval } from '../github/approval.js';
import { checkApproval } from '../github/approval-check.js';
import type { GitHubClient } from '../github/client.js';
import {
  awaitingStatus,
  type CommitStatus,
  refusedStatus,
  setCommitStatus,
} from '../github/commit-status.js';
import { findPullRequest, type FoundPullRequest } from '../github/find-pull-request.js';
import type { PostOutcome } from '../github/post-report.js';
import { upsertStickyComment } from '../github/sticky-comment.js';
import { commentMarker } from '../report/comment.js';
import { renderAwaitingComment } from '../report/render/markdown/awaiting.js';
import { writeReport, type WrittenReport } from '../report/write-report.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import type { Logger } from '../shell/logger.js';
import { deliverVerdict } from '../sinks/deliver.js';
import { pullRequestCommentSink } from '../sinks/pull-request-comment.js';
import type { Sink } from '../sinks/sink.js';

// For the options' parser (commands/publish-flags.ts): GitHub is called from this module only.
export { REQUIRE_APPROVAL } from '../github/approval.js';
export { DEFAULT_STATUS_CONTEXT } from '../github/commit-status.js';

export interface PublishConfig {
  /** The downloaded artifact: read, never written. */
  readonly artifactDir: string;
  /** Where verdict.json, the comment and the charts are written; must be outside the artifact. */
  readonly outDir: string;
  readonly owner: string;
  readonly repo: string;
  /** The measuring run's head commit, from the workflow_run event (not from the artifact). */
  readonly headSha: string;
  /**
   * `owner/name` of the run's head repository (workflow_run.head_repository.full_name, which GitHub
   * writes): the pull request published to must come from it, and it alone says whether the head
   * is a fork's.
   */
  readonly headRepository: string;
  /** `<owner>:<branch>` of the run's head repository, to find a pull request from a fork. */
  readonly headLabel?: string;
  readonly chartsBranch: string;
  /** Unique per publishing run (and attempt), so two runs never write the same image paths. */
  readonly runKey: string;
  /** The publishing run, whose uploaded report holds the charts when they cannot be shown. */
  readonly runUrl: string;
  /** The publishing workflow's suite and judging options: the default branch's, never the artifact's. */
  readonly judging: PublishJudging;
  /** The commit status's context (the check maintainers make required). */
  readonly statusContext: string;
  /** The label a maintainer adds to approve a fork's head. */
  readonly forkLabel: string;
  readonly requireApproval: RequireApproval;
  /** Logins whose forks' pull requests need no approval (the publishing workflow's list). */
  readonly trustedAuthors: readonly string[];
  /**
   * Who set the measuring run off: its actor and triggering actor, from the workflow_run event
   * (none known: the label approves nothing, github/approval.ts).
   */
  readonly triggeredBy: readonly string[];
  /** The nightly history's page, linked from the comment when given. */
  readonly historyPageUrl?: string;
  /** Runs of a pull request the charts branch keeps (closed pull requests' dropped); 0 or none: all. */
  readonly chartsKeep?: number;
}

export interface PublishedVerdict {
  readonly kind: 'published';
  /** Why the head could be published: no approval needed, or who approved it. */
  readonly approval: Approval;
  /** The verdict judged here from results.json (it agrees with the artifact's verdict.json). */
  readonly verdict: Verdict;
  readonly verdictPath: string;
  readonly summary: string;
  readonly report: WrittenReport;
  readonly pullRequest: FoundPullRequest;
  readonly posted: PostOutcome;
  /** 0 pass, 1 fail, as compare would exit on the same verdict. */
  readonly exitCode: 0 | 1;
  /** The acceptance that makes a failing verdict's status success (kept from the comment), if any. */
  readonly accepted: Acceptance | null;
}

/** A fork's head nobody with write access approved: no verdict, a comment and a pending status. */
export interface AwaitingApprovalOutcome {
  readonly kind: 'awaiting';
  readonly pullRequest: FoundPullRequest;
  readonly why: string;
  readonly commentUrl: string;
}

export type PublishOutcome = PublishedVerdict | AwaitingApprovalOutcome;

type StatusSetter = (status: CommitStatus) => Promise<void>;

function statusSetter(config: PublishConfig, octokit: GitHubClient, logger: Logger): StatusSetter {
  const target = {
    owner: config.owner,
    repo: config.repo,
    sha: config.headSha,
    context: config.statusContext,
    targetUrl: config.runUrl,
  };
  return async (status) => {
    await setCommitStatus(octokit, target, status);
    logger.info(
      `status ${config.statusContext} on ${config.headSha}: ${status.state} (${status.description})`,
    );
  };
}

/** The sticky comment that stands in for the verdict, and the pending status. */
async function awaitApproval(
  config: PublishConfig,
  octokit: GitHubClient,
  pullRequest: FoundPullRequest,
  why: string,
  setStatus: StatusSetter,
): Promise<AwaitingApprovalOutcome> {
  const suite = config.judging.suite.name;
  const posted = await upsertStickyComment(octokit, {
    owner: config.owner,
    repo: config.repo,
    issueNumber: pullRequest.number,
    marker: commentMarker(suite),
    body:
      renderAwaitingComment({
        suite,
        headSha: config.headSha,
        forkLabel: config.forkLabel,
        why,
        runUrl: config.runUrl,
      }) +
      awaitingStateLine({
        sha: config.headSha,
        suite,
        context: config.statusContext,
        at: new Date().toISOString(),
      }),
  });
  await setStatus(awaitingStatus(config.headSha));
  return { kind: 'awaiting', pullRequest, why, commentUrl: posted.url };
}

/** The run's pull request: the one at the run's head SHA from the run's head repository. */
async function runsPullRequest(
  config: PublishConfig,
  artifactDir: string,
  octokit: GitHubClient,
): Promise<FoundPullRequest> {
  const claimed = readClaim(artifactDir);
  return findPullRequest(octokit, {
    owner: config.owner,
    repo: config.repo,
    headSha: config.headSha,
    headRepository: config.headRepository,
    ...(config.headLabel === undefined ? {} : { headLabel: config.headLabel }),
    ...(claimed === undefined ? {} : { claimed, claimSource: 'pull-request.txt of the artifact' }),
  });
}

/** The artifact read and validated, the approval checked, then judged and posted. */
async function publishChecked(
  config: PublishConfig,
  artifactDir: string,
  pullRequest: FoundPullRequest,
  how: Delivering,
): Promise<PublishOutcome> {
  const { octokit, logger, setStatus } = how;
  const artifact = readArtifact(artifactDir);
  const settingsChanged = readSettingsChanged(artifactDir);
  const ignored = ignoredNote(artifactDir);
  if (ignored !== null) logger.info(ignored);
  const odd = oddWorkloadsNote(artifact.results);
  if (odd !== null) logger.warning(odd);
  const { approval } = await checkApproval(octokit, {
    owner: config.owner,
    repo: config.repo,
    pullRequest: pullRequest.number,
    measuredSha: config.headSha,
    headRepository: config.headRepository,
    forkLabel: config.forkLabel,
    requireApproval: config.requireApproval,
    trustedAuthors: config.trustedAuthors,
    triggeredBy: config.triggeredBy,
  });
  if (approval.kind === 'awaiting') {
    logger.info(`not publishing a verdict: ${approval.why}`);
    return awaitApproval(config, octokit, pullRequest, approval.why, setStatus);
  }
  logger.info(approvalLine(approval));
  const input = rejudge(artifact, workflowRepositoryUrl(process.env).sourceUrl ?? null, config.judging);
  logger.info(
    `artifact checked: verdict.json follows from results.json (${artifact.verdict.verdict} under its own settings); ` +
      `judged with the publishing workflow's settings: ${input.verdict.verdict}`,
  );
  if (settingsChanged) logger.info(SETTINGS_CHANGED_LINE);
  return deliverJudged(config, how, input, { pullRequest, approval, settingsChanged });
}

interface Delivering {
  readonly outDir: string;
  readonly octokit: GitHubClient;
  readonly logger: Logger;
  readonly setStatus: StatusSetter;
  readonly sinks: readonly Sink[];
}

/** The comment's line when the pull request moved on since the measured commit. */
export function movedOnLine(measuredSha: string, headSha: string): string {
  return (
    `⏳ This pull request moved on since it was measured: this verdict is for \`${measuredSha.slice(0, 12)}\`; ` +
    `the newer head \`${headSha.slice(0, 12)}\` is pending measurement.`
  );
}

/** The comment's line when the pull request changes the settings file, which decides nothing of its own gate. */
export const SETTINGS_CHANGED_LINE =
  "ℹ️ This pull request changes the settings file: it was measured with the merge base's copy and judged " +
  "with the default branch's; the change takes effect once merged.";

/** verdict.json and the report written, the comment posted, the other sinks, then the status. */
async function deliverJudged(
  config: PublishConfig,
  how: Delivering,
  input: ReturnType<typeof rejudge>,
  found: {
    readonly pullRequest: FoundPullRequest;
    readonly approval: Approval;
    readonly settingsChanged: boolean;
  },
): Promise<PublishedVerdict> {
  const { outDir, logger } = how;
  const { verdict } = input;
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
      pullRequest: found.pullRequest.number,
    },
  };
  const movedOn = found.pullRequest.headSha !== config.headSha;
  const exitCode = verdictExitCode(verdict);
  const place = { owner: config.owner, repo: config.repo, pullRequest: found.pullRequest.number };
  const parts = await acceptanceParts(how.octokit, logger, verdict, exitCode === 1, {
    ...place,
    suite: input.suite.name,
    sha: config.headSha,
    context: config.statusContext,
  });
  const lead = [
    ...parts.lead,
    movedOn ? movedOnLine(config.headSha, found.pullRequest.headSha) : '',
    found.settingsChanged ? SETTINGS_CHANGED_LINE : '',
  ].filter((line) => line !== '');
  const { posted } = await pullRequestCommentSink({
    client: how.octokit,
    owner: config.owner,
    repo: config.repo,
    pullRequest: found.pullRequest.number,
    chartsBranch: config.chartsBranch,
    runKey: config.runKey,
    runUrl: config.runUrl,
    ...(config.chartsKeep === undefined ? {} : { chartsKeep: config.chartsKeep }),
    notes: {
      state: parts.stateLine,
      ...(lead.length === 0 ? {} : { lead: lead.join('\n\n') }),
      ...(config.historyPageUrl === undefined ? {} : { historyPageUrl: config.historyPageUrl }),
    },
  }).deliver(delivery, logger);
  await deliverVerdict(delivery, how.sinks, logger);
  await how.setStatus(parts.status);
  return {
    kind: 'published',
    accepted: parts.accepted,
    approval: found.approval,
    verdict,
    verdictPath,
    summary: renderReportSummary(input),
    report,
    pullRequest: found.pullRequest,
    posted,
    exitCode,
  };
}

/**
 * Finds the run's pull request, validates the artifact, checks the approval of a fork's head,
 * judges it again, renders and posts; then delivers to `sinks` too (the job summary), whose
 * failures are warnings, and sets the commit status. The comment and the status are this command's
 * job, so their failure is an error; any error once the run's pull request is found sets the status
 * to error first (a failure to do that is a warning: the error it would report is thrown anyway).
 * Before that, nothing is set: the commit may be the head of another repository's pull request.
 */
export async function publishCommand(
  config: PublishConfig,
  octokit: GitHubClient,
  logger: Logger,
  sinks: readonly Sink[] = [],
): Promise<PublishOutcome> {
  const { artifactDir, outDir } = checkDirectories(config.artifactDir, config.outDir);
  // Until the run's own pull request is found, the commit may be another pull request's too (a
  // fork can push a maintainer's commit): a refusal then sets no status on it.
  const pullRequest = await runsPullRequest(config, artifactDir, octokit);
  logger.info(
    pullRequest.headSha === config.headSha
      ? `pull request #${pullRequest.number} from ${config.headRepository} has head ${config.headSha}`
      : `pull request #${pullRequest.number} from ${config.headRepository} moved on to ${pullRequest.headSha}: ` +
          `publishing the verdict for ${config.headSha}, the measured commit; the newer head is pending measurement`,
  );
  const setStatus = statusSetter(config, octokit, logger);
  try {
    return await publishChecked(config, artifactDir, pullRequest, {
      outDir,
      octokit,
      logger,
      setStatus,
      sinks,
    });
  } catch (error) {
    try {
      await setStatus(refusedStatus(errorMessage(error)));
    } catch (statusError) {
      logger.warning(errorMessage(statusError));
    }
    throw error;
  }
}
