// The publish command's options as strings (action inputs), checked: the downloaded artifact and
// the measured commit, the settings it judges with (the publishing workflow's suite and judging
// options) and how it approves and reports (status context, fork label, require-approval, trusted
// authors).
import type { PublishJudging } from '../compare/publish-settings.js';
import { InputError } from '../errors.js';
import { loadSuite } from '../suite/load-suite.js';
import { trustedAuthorsFromFlag } from './approval.js';
import { type CompareOptionFlags, compareOptionsFromFlags } from './compare.js';
import { DEFAULT_STATUS_CONTEXT, type PublishConfig, REQUIRE_APPROVAL } from './publish.js';
import { cliSpelling, type FlagSpelling } from './spelling.js';

export interface PublishFlags {
  readonly artifact: string | undefined;
  readonly headSha: string | undefined;
  readonly headRepository: string | undefined;
  readonly reportDir: string | undefined;
}

export interface PublishPaths {
  readonly artifactDir: string;
  readonly headSha: string;
  readonly headRepository: string;
  readonly outDir: string;
}

/** `owner/name` as GitHub allows them. */
const REPOSITORY_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;

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
  const headRepository = flags.headRepository?.trim() ?? '';
  if (!REPOSITORY_NAME.test(headRepository)) {
    throw new InputError(
      `${spell('head-repository')} ${JSON.stringify(headRepository.slice(0, 120))}: expected the measuring ` +
        "run's head repository as owner/name (github.event.workflow_run.head_repository.full_name)",
    );
  }
  return {
    artifactDir: flags.artifact,
    headSha,
    headRepository,
    outDir: flags.reportDir ?? DEFAULT_PUBLISH_REPORT_DIR,
  };
}

/** The publishing workflow's judging inputs: its suite (a built-in name or a file) and options. */
export interface PublishJudgingFlags extends CompareOptionFlags {
  readonly suite: string;
}

/** The settings publish judges with, from the publishing workflow's own inputs (never the artifact). */
export function publishJudgingFromFlags(
  flags: PublishJudgingFlags,
  spell: FlagSpelling = cliSpelling,
): PublishJudging {
  return {
    suite: loadSuite(flags.suite || 'quick', spell('suite')),
    options: compareOptionsFromFlags(flags, spell),
  };
}

export interface ApprovalFlags {
  readonly statusContext: string | undefined;
  readonly forkLabel: string | undefined;
  readonly requireApproval: string | undefined;
  /** Logins, one per line or separated by commas. */
  readonly trustedAuthors: readonly string[];
}

export const DEFAULT_FORK_LABEL = 'perf-approved';

/** The status context, the fork label, whose heads need approval and the trusted authors, checked. */
export function approvalFromFlags(
  flags: ApprovalFlags,
  spell: FlagSpelling = cliSpelling,
): Pick<PublishConfig, 'statusContext' | 'forkLabel' | 'requireApproval' | 'trustedAuthors'> {
  const requireApproval = flags.requireApproval ?? 'forks';
  const known = REQUIRE_APPROVAL.find((value) => value === requireApproval);
  if (known === undefined) {
    throw new InputError(
      `${spell('require-approval')} ${JSON.stringify(requireApproval)}: expected ${REQUIRE_APPROVAL.join(' or ')}`,
    );
  }
  const statusContext = flags.statusContext ?? DEFAULT_STATUS_CONTEXT;
  if (statusContext.length > 255 || /[\r\n]/.test(statusContext)) {
    throw new InputError(`${spell('status-context')}: one line of at most 255 characters`);
  }
  return {
    statusContext,
    forkLabel: flags.forkLabel ?? DEFAULT_FORK_LABEL,
    requireApproval: known,
    trustedAuthors: trustedAuthorsFromFlag(flags.trustedAuthors, spell),
  };
}

/** Runs of a pull request the charts branch keeps when the input is left out. */
export const DEFAULT_CHARTS_KEEP = 5;

/**
 * `charts-keep`: runs kept per pull request on the charts branch (closed pull requests' folders are
 * dropped); 0 keeps everything.
 */
export function chartsKeepFromFlag(text: string | undefined, label: string): number {
  if (text === undefined || text.trim() === '') return DEFAULT_CHARTS_KEEP;
  const value = /^\s*\d{1,6}\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value)) {
    throw new InputError(
      `${label} ${JSON.stringify(text)}: expected a whole number of runs to keep per pull request (0 keeps every run)`,
    );
  }
  return value;
}
