// The `publish` half of a two-workflow set-up. The measuring half runs on `pull_request` with a
// read-only token and uploads what it measured as an artifact; this half runs on `workflow_run`
// with `pull-requests: write`, downloads that artifact and posts the comment. Everything in the
// artifact was produced by the pull request's own code, so it is data to check, never something to
// run, post as is or follow:
//   - only files with fixed names are read, after lstat (no symbolic links, regular files only) and
//     a size cap; every other file (an uploaded comment.md, charts, names with `../`) is ignored;
//   - results.json and verdict.json are validated with the project's schemas;
//   - the verdict is judged again from results.json, with the settings and tolerances verdict.json
//     records, and must agree with verdict.json: a verdict that claims more than its numbers show
//     is refused, and the comment is rendered from the verdict judged here;
//   - the comment and charts are rendered here from the validated data (the renderers escape
//     everything they quote), into a report directory outside the artifact;
//   - the pull request is found through the API by the run's head SHA; a number the artifact
//     claims must be that pull request's.
// What this cannot do is vouch for the measurements: the pull request's code ran them. The
// comment is a faithful rendering of those numbers under the recorded settings, nothing more.
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  type Stats,
} from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

import { ZodError } from 'zod';

import { checkComparable } from '../baseline/comparable.js';
import { baselineSide, newestEntry } from '../baseline/entry.js';
import type { BaselineFile } from '../baseline/baseline-schema.js';
import { parseBaselineFile } from '../baseline/parse-baseline.js';
import {
  buildVerdict,
  type CompareOptions,
  DEFAULT_COMPARE_OPTIONS,
  looksOfRun,
  type SideData,
  verdictExitCode,
} from '../compare/verdict.js';
import { relinkedLines } from './compare-lines.js';
import { foldLines } from '../format.js';
import { type CellComparison, parseVerdict, type ReadVerdict, Verdict } from '../compare/verdict-schema.js';
import { renderVerdictSummary } from '../report/render/terminal.js';
import { errorMessage, GateError, InputError } from '../errors.js';
import type { GitHubClient } from '../github/client.js';
import { findPullRequest, type FoundPullRequest } from '../github/find-pull-request.js';
import { postReport, type PostOutcome } from '../github/post-report.js';
import type { ReportInput } from '../report/report-input.js';
import { writeReport, type WrittenReport } from '../report/write-report.js';
import { parseResults } from '../results/results-file.js';
import type { Results } from '../results/results-schema.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import type { Logger } from '../shell/logger.js';
import { sideOf } from './compare.js';
import { cliSpelling, type FlagSpelling } from './spelling.js';

const MIB = 1024 * 1024;

/**
 * The files read from the artifact, and the most bytes each may hold. The results of the standard
 * suite take about 1 MB, instruction suites with their per-function costs a few; a verdict is a
 * fraction of its results. baseline.json is read only for a verdict against a stored baseline;
 * pull-request.txt, optional, holds the number of the pull request the measuring run was for.
 */
export const ARTIFACT_CAPS = {
  'results.json': 20 * MIB,
  'verdict.json': 5 * MIB,
  'baseline.json': 20 * MIB,
  'pull-request.txt': 64,
} as const;
export type ArtifactFile = keyof typeof ARTIFACT_CAPS;

/** Judging is the costly step (a bootstrap per cell); real suites have tens of cells. */
export const MAX_CELLS = 1000;

/** Longest refusal printed: enough for the reason, not for a quoted payload. */
const MAX_REASON = 400;

/** The artifact is refused; the message is one line saying why. */
export class ArtifactError extends GateError {}

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

/** Folds a multi-line message (a schema's list of issues) into one line of at most MAX_REASON. */
export function oneLine(message: string): string {
  return foldLines(message, MAX_REASON);
}

function refuse(reason: string, cause?: unknown): ArtifactError {
  return new ArtifactError(
    `artifact refused: ${oneLine(reason)}`,
    cause === undefined ? undefined : { cause },
  );
}

function mib(bytes: number): string {
  return bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${bytes} bytes`;
}

/**
 * One file of the artifact as text, or null when it is absent. lstat first, then the file is
 * opened without following a link and checked again on its descriptor, so a file swapped for a
 * link or a larger file in between is refused too; at most cap + 1 bytes are ever read.
 */
export function readArtifactFile(dir: string, name: ArtifactFile): string | null {
  const cap = ARTIFACT_CAPS[name];
  const path = join(dir, name);
  let stat: Stats;
  try {
    stat = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw refuse(`cannot read ${name}: ${errorMessage(error)}`, error);
  }
  if (stat.isSymbolicLink()) throw refuse(`${name} is a symbolic link; only regular files are read`);
  if (!stat.isFile()) throw refuse(`${name} is not a regular file`);
  if (stat.size > cap) throw refuse(`${name} is ${mib(stat.size)}, over its cap of ${mib(cap)}`);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    throw refuse(`cannot open ${name}: ${errorMessage(error)}`, error);
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile() || opened.size > cap) throw refuse(`${name} changed while it was read`);
    // One byte more than the file holds: reading it means the file grew after the check.
    const buffer = Buffer.alloc(opened.size + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    if (length > opened.size) throw refuse(`${name} changed while it was read`);
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function required(dir: string, name: ArtifactFile, why: string): string {
  const text = readArtifactFile(dir, name);
  if (text === null) throw refuse(`${name} is missing (${why})`);
  return text;
}

/** Runs a parser of the project's schemas; its (multi-line) complaint becomes the refusal. */
function validated<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ArtifactError || !(error instanceof GateError)) throw error;
    throw refuse(error.message, error);
  }
}

function parseClaim(text: string): number {
  const trimmed = text.trim();
  if (!/^[1-9][0-9]{0,9}$/.test(trimmed)) {
    throw refuse(`pull-request.txt holds ${JSON.stringify(trimmed.slice(0, 20))}, not a pull request number`);
  }
  return Number(trimmed);
}

export interface Artifact {
  readonly results: Results;
  /** In the current schema's shape, whichever version wrote it. */
  readonly verdict: Verdict;
  /** The version verdict.json was written in (1: before cells could be within-tolerance). */
  readonly verdictSchemaVersion: ReadVerdict['schemaVersion'];
  readonly baseline?: BaselineFile;
  readonly claimedPullRequest?: number;
}

/** Reads and validates what the artifact must hold; nothing else in it is opened. */
export function readArtifact(dir: string): Artifact {
  const { verdict, schemaVersion } = validated(() =>
    parseVerdict(required(dir, 'verdict.json', 'the measuring run writes it'), 'verdict.json'),
  );
  const results = validated(() =>
    parseResults(required(dir, 'results.json', 'the measuring run writes it'), 'results.json'),
  );
  if (results.cells.length > MAX_CELLS) {
    throw refuse(
      `results.json has ${results.cells.length} cells; more than ${MAX_CELLS} are not judged here`,
    );
  }
  const baseline =
    verdict.baseSource.kind === 'baseline'
      ? validated(() =>
          parseBaselineFile(
            required(dir, 'baseline.json', 'verdict.json compares with a stored baseline'),
            'baseline.json',
          ),
        )
      : undefined;
  const claim = readArtifactFile(dir, 'pull-request.txt');
  return {
    results,
    verdict,
    verdictSchemaVersion: schemaVersion,
    ...(baseline === undefined ? {} : { baseline }),
    ...(claim === null ? {} : { claimedPullRequest: parseClaim(claim) }),
  };
}

/**
 * The options verdict.json says it was judged with. Its tolerances are recorded per cell (the
 * threshold), so each becomes a workload@threads rule, the most specific kind, which wins over the
 * suite's and the defaults exactly as the recorded value did.
 */
function recordedOptions(verdict: Verdict): CompareOptions {
  const { alpha, confidence, gateMetrics, inconclusivePolicy } = verdict.settings;
  if (!(alpha > 0 && alpha < 0.5))
    throw refuse(`verdict.json settings.alpha ${alpha} is not between 0 and 0.5`);
  if (!(confidence > 0 && confidence < 1)) {
    throw refuse(`verdict.json settings.confidence ${confidence} is not between 0 and 1`);
  }
  const bad = verdict.cells.find((cell) => !(cell.threshold > 0 && cell.threshold < 10));
  if (bad !== undefined)
    throw refuse(`verdict.json has a tolerance of ${bad.threshold}, not a fraction above 0`);
  return {
    ...DEFAULT_COMPARE_OPTIONS,
    alpha,
    confidence,
    gateMetrics,
    inconclusivePolicy,
    ...(verdict.settings.gateWork === true ? { gateWork: true } : {}),
    toleranceRules: verdict.cells.map((cell) => ({
      workload: cell.workload,
      threads: cell.threads,
      metric: cell.metric,
      value: cell.threshold,
    })),
  };
}

interface BaseSide {
  readonly side: SideData;
  readonly source: Verdict['baseSource'];
  readonly warnings: readonly string[];
  readonly history: ReportInput['history'];
}

/** The base side verdict.json names: the A/B run's own, or the newest entry of baseline.json. */
function baseOf(artifact: Artifact): BaseSide {
  const { results, verdict, baseline } = artifact;
  if (baseline === undefined) {
    if (results.mode !== 'ab') {
      throw refuse('verdict.json compares the two sides of an A/B run, but results.json measured one server');
    }
    return { side: sideOf(results, 'base'), source: verdict.baseSource, warnings: [], history: [] };
  }
  const entry = newestEntry(baseline);
  // The measuring run chose whether to compare across setups; its warnings say so again here.
  const warnings = checkComparable(entry, results, { force: true });
  const side = baselineSide(entry);
  return {
    side: { facts: side.facts, cells: side.cells, environment: side.environment },
    source: { ...verdict.baseSource, savedAt: side.savedAt },
    warnings,
    history: baseline.entries,
  };
}

type CellName = Pick<CellComparison, 'workload' | 'threads' | 'metric'>;

function sameCell(a: CellName, b: CellName): boolean {
  return a.workload === b.workload && a.threads === b.threads && a.metric === b.metric;
}

/** A cell for a message: the workload quoted and cut short, it comes from the artifact. */
function cellLabel(cell: CellName): string {
  return `${JSON.stringify(cell.workload.slice(0, 60))}@${cell.threads} ${cell.metric}`;
}

const COUNT_KEYS: (keyof Verdict['counts'])[] = [
  'regression',
  'improvement',
  'withinTolerance',
  'unchanged',
  'inconclusive',
];

/** Where the uploaded verdict and the one judged here part, or null when they agree. */
function disagreement(uploaded: Verdict, judged: Verdict): string | null {
  if (uploaded.suite !== judged.suite) {
    return `it is for suite ${JSON.stringify(uploaded.suite)}, the results for ${JSON.stringify(judged.suite)}`;
  }
  if (uploaded.cells.length !== judged.cells.length) {
    return `it judges ${uploaded.cells.length} cells, the results give ${judged.cells.length}`;
  }
  for (const [index, cell] of judged.cells.entries()) {
    const claimed = uploaded.cells[index];
    if (claimed === undefined || !sameCell(claimed, cell)) {
      const what = claimed === undefined ? 'missing' : cellLabel(claimed);
      return `its cell ${index + 1} is ${what}, the results give ${cellLabel(cell)}`;
    }
    if (claimed.verdict !== cell.verdict) {
      return `it calls ${cellLabel(cell)} ${claimed.verdict}, the results give ${cell.verdict}`;
    }
    if (claimed.gating !== cell.gating) {
      return `it has ${cellLabel(cell)} ${claimed.gating ? '' : 'not '}gating, its own settings say otherwise`;
    }
  }
  if (uploaded.verdict !== judged.verdict) {
    return `it says ${uploaded.verdict}, the results give ${judged.verdict}`;
  }
  // The keys in one order, whichever order the file had them in (a version 1 file's gained one).
  const counts = (verdict: Verdict): string => JSON.stringify(verdict.counts, COUNT_KEYS);
  if (counts(uploaded) !== counts(judged)) {
    return `its counts ${counts(uploaded)} are not the results' ${counts(judged)}`;
  }
  return null;
}

/**
 * The verdict judged here as version 1 would have written it: version 1 called unchanged what is
 * now within-tolerance (a real change smaller than the tolerance).
 */
function asVersion1(verdict: Verdict): Verdict {
  const { withinTolerance, unchanged } = verdict.counts;
  return {
    ...verdict,
    counts: { ...verdict.counts, withinTolerance: 0, unchanged: unchanged + withinTolerance },
    cells: verdict.cells.map((cell) =>
      cell.verdict === 'within-tolerance' ? { ...cell, verdict: 'unchanged' } : cell,
    ),
  };
}

/** Judges results.json again with verdict.json's settings; the two must agree. */
export function rejudge(artifact: Artifact): ReportInput {
  const { results, verdict: uploaded } = artifact;
  const options = recordedOptions(uploaded);
  let input: ReportInput;
  try {
    const base = baseOf(artifact);
    const head = sideOf(results, 'head');
    const looks = looksOfRun(results);
    const built = buildVerdict(base.side, head, results.suite, base.source, { ...options, looks });
    const verdict = Verdict.parse({
      ...built,
      warnings: [...base.warnings, ...built.warnings],
      ...relinkedLines(uploaded.lines, results, process.env),
    });
    input = { verdict, base: base.side, head, suite: results.suite, history: base.history };
  } catch (error) {
    if (error instanceof ArtifactError) throw error;
    // Checks of the statistics (RangeError), of the pairing (InputError) and of the verdict built
    // (ZodError: figures no real run gives, such as more events than a number holds) on odd data.
    if (error instanceof GateError || error instanceof RangeError || error instanceof ZodError) {
      throw refuse(`results.json cannot be judged: ${error.message}`, error);
    }
    throw error;
  }
  const differs = disagreement(
    uploaded,
    artifact.verdictSchemaVersion === 1 ? asVersion1(input.verdict) : input.verdict,
  );
  if (differs !== null) throw refuse(`verdict.json does not follow from results.json: ${differs}`);
  return input;
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

function quoted(names: readonly string[]): string {
  const shown = names.slice(0, 5).map((name) => JSON.stringify(name.slice(0, 40)));
  return `${shown.join(', ')}${names.length > 5 ? `, and ${names.length - 5} more` : ''}`;
}

/** The entries of the artifact never opened (an uploaded comment, charts, odd names), if any. */
function ignoredNote(dir: string): string | null {
  const others = readdirSync(dir).filter((name) => !Object.hasOwn(ARTIFACT_CAPS, name));
  if (others.length === 0) return null;
  return (
    `artifact: ${others.length} other entr${others.length === 1 ? 'y' : 'ies'} not read (${quoted(others)}); ` +
    'the comment and charts are rendered here from results.json and verdict.json'
  );
}

/** Workload names no suite could have (a tampered file): the renderers quote them as text. */
function oddWorkloadsNote(results: Results): string | null {
  const known = new Set(results.suite.workloads.map((workload) => workload.name));
  const odd = [...new Set(results.cells.map((cell) => cell.workload))].filter((name) => !known.has(name));
  if (odd.length === 0) return null;
  return `results.json: workload name(s) its suite does not define (${quoted(odd)}); the comment quotes them as escaped text`;
}

/** Validates the artifact, judges it again, finds the pull request, renders and posts. */
export async function publishCommand(
  config: PublishConfig,
  octokit: GitHubClient,
  logger: Logger,
): Promise<PublishOutcome> {
  const { artifactDir, outDir } = checkDirectories(config);
  const artifact = readArtifact(artifactDir);
  const ignored = ignoredNote(artifactDir);
  if (ignored !== null) logger.info(ignored);
  const odd = oddWorkloadsNote(artifact.results);
  if (odd !== null) logger.warning(odd);
  const input = rejudge(artifact);
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
  const posted = await postReport(octokit, report, {
    owner: config.owner,
    repo: config.repo,
    pullRequest: pullRequest.number,
    suite: input.suite.name,
    chartsBranch: config.chartsBranch,
    runKey: config.runKey,
    runUrl: config.runUrl,
  });
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
