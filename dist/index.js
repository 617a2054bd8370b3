import { g as getInput, s as setOutput, i as isDebug, a as group, b as summary, c as setSecret, d as setFailed } from './actions-toolkit.js';
import { lstatSync, openSync, constants, fstatSync, readSync, closeSync, readdirSync, realpathSync, existsSync, mkdirSync, readFileSync, statSync, appendFileSync } from 'node:fs';
import { join, resolve, dirname, relative, isAbsolute } from 'node:path';
import { inspect } from 'node:util';
import 'node:child_process';
import { G as GateError, e as errorMessage, Z as ZodError, I as InputError, w as writeFileAtomic, s as string, o as object, l as looseObject, n as number, b as literal, c as printable, i as internalErrorLine } from './gate-core.js';
import 'node:fs/promises';
import 'node:zlib';
import { aq as foldLines, ar as parseVerdict, as as parseResults, at as suiteHash, au as VERDICT_SCHEMA_VERSION, av as judge, aw as withLines, ax as relinkedLines, ay as DEFAULT_COMPARE_OPTIONS, az as metricsOfVersion, aA as sameCell$1, aB as variantLabel, aC as commentStateLine, aD as commentAuthorLogin, aE as listOurComments, aF as commentMarker, aG as readCommentState, aH as acceptanceOf, aI as gateFailures, aJ as MAX_ACCEPTED_ITEMS, aK as acceptanceNote, aL as acceptedStatus, aM as verdictStatus, aN as acceptanceBlock, aO as WRITE_ACCESS, aP as permissionOf, aQ as labelEvents, aR as acceptCommandReason, ah as gitHubMessage, aS as codeSpan, aT as markdownUrl, aU as refusedStatus, aV as findPullRequest, aW as checkApproval, aX as approvalLine, aY as workflowRepositoryUrl, aZ as upsertStickyComment, a_ as awaitingStatus, a$ as writeReport, b0 as verdictExitCode, b1 as pullRequestCommentSink, u as deliverVerdict, b2 as renderReportSummary, b3 as setCommitStatus, b4 as tableRow, b5 as escapeTableCell, b6 as escapeMarkdown, b7 as gradeLine, b8 as tableDelimiter, b9 as isSettingName, af as SETTINGS, ba as namesFile, bb as settingsRoot, bc as DEFAULT_SETTINGS_FILE, bd as readSettingsFile$1, be as datetime, bf as DEFAULT_ACCEPT_LABEL, bg as context, bh as acceptCommand, aj as gitHubClient, bi as approvalCommand, bj as trustedAuthorsFromFlag, bk as DEFAULT_FORK_LABEL, bl as actionSpelling, i as commonBuildRequest, bm as sourceBuildNames, bn as checkUntrustedSettings, bo as untrustedSides, bp as checkUntrustedDirs, bq as ccacheOfBuilds, e as bisectOptionsFromFlags, g as bisectCommand, d as BISECT_DEFAULTS, a7 as plural, br as METRICS, bs as formatFigure, m as median, bt as formatChangePercent, bu as BisectReport, bv as formatPath, bw as GitHubError, bx as createOnce, ag as httpStatus, by as serverSideHint, bz as NO_RETRY, bA as changeTolerance, bB as acceptanceCandidates, bC as explainChange, bD as acceptedLine, aa as formatChangePercentPlain, bE as ACCEPTANCE_LEDGER_PATH, bF as readBranchFile, bG as MAX_LEDGER_BYTES, bH as parseLedger, bI as mergeInRange, Y as historyRun, U as optionNames, bJ as analyzeHistory, bK as isRecent, bL as changesDocument, a8 as changesText, c as checkWholeRun, bM as historyRelativePath, bN as updateBranchFile, bO as MAX_HISTORY_BYTES, bP as parseHistoryText, bQ as appendToHistory, bR as serializeHistory, bS as historySpec, bT as writeCharts, bU as HISTORY_TITLE, bV as publishImages, a1 as writeHistoryPage, bW as historyPageDirectory, bX as publishFiles, bY as changeKey, bZ as alertIssue, j as sinksFor, b_ as chartsKeepFromFlag, a3 as historyChangesRequest, p as parseCommit, ai as readWorkflowSettings, b$ as publishPathsFromFlags, c0 as publishJudgingFromFlags, c1 as approvalFromFlags, c2 as judgeRun, c3 as planBuilds, A as checkSides, E as inCleanupScope, c4 as doctorGateFromFlags, c5 as planGate, c6 as gateCommand, ao as packageIssuesUrl, c7 as judgeSettingsFromFlags, al as mergeCommand, c8 as PULL_REQUEST_COMMENT, c9 as buildServers } from './gate.js';
import { c as coreLogger, n as notice, s as saveStateForPost } from './post-state.js';
import { tmpdir } from 'node:os';
import 'node:crypto';
import 'node:timers/promises';
import 'os';
import 'crypto';
import 'fs';
import 'path';
import 'http';
import 'https';
import './shared.js';
import 'net';
import 'tls';
import 'events';
import 'assert';
import 'util';
import 'node:assert';
import 'node:net';
import 'node:http';
import 'node:stream';
import 'node:buffer';
import 'node:querystring';
import 'node:events';
import 'node:diagnostics_channel';
import 'node:tls';
import 'node:perf_hooks';
import 'node:util/types';
import 'node:worker_threads';
import 'node:url';
import 'node:async_hooks';
import 'node:console';
import 'node:dns';
import 'string_decoder';
import 'child_process';
import 'timers';
import 'buffer';
import 'process';
import 'stream';
import 'zlib';
import 'url';
import 'node:module';

// How the publishing half refuses an artifact: one line saying why, never a quoted payload.
/** Longest refusal printed: enough for the reason, not for a quoted payload. */
const MAX_REASON = 400;
/** The artifact is refused; the message is one line saying why. */
class ArtifactError extends GateError {
}
/** Folds a multi-line message (a schema's list of issues) into one line of at most MAX_REASON. */
function oneLine(message) {
    return foldLines(message, MAX_REASON);
}
function refuse(reason, cause) {
    return new ArtifactError(`artifact refused: ${oneLine(reason)}`, cause === undefined ? undefined : { cause });
}

// The measuring half's artifact, read by the publishing half. Everything in it was produced by the
// pull request's own code, so it is data to check: only files with fixed names are read, after
// lstat (no symbolic links, regular files only) and a size cap, opened without following a link
// and checked again on the descriptor; results.json and verdict.json are validated with the
// project's schemas. Every other file (an uploaded comment.md, charts, a baseline.json, names with
// `../`) is never opened: the gate compares the two sides of an A/B run, never numbers the artifact
// supplies as its reference.
const MIB = 1024 * 1024;
/**
 * The files read from the artifact, and the most bytes each may hold. The results of the standard
 * suite take about 1 MB, instruction suites with their per-function costs a few; a verdict is a
 * fraction of its results. pull-request.txt, optional, holds the number of the pull request the
 * measuring run was for; settings-changed.txt, optional, says that the pull request changes the
 * settings file, which the measuring run read from the merge base instead.
 */
const ARTIFACT_CAPS = {
    'results.json': 20 * MIB,
    'verdict.json': 5 * MIB,
    'pull-request.txt': 64,
    'settings-changed.txt': 64,
};
/** Judging is the costly step (a bootstrap per cell); real suites have tens of cells. */
const MAX_CELLS = 1000;
function mib(bytes) {
    return bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${bytes} bytes`;
}
/**
 * One file of the artifact as text, or null when it is absent. lstat first, then the file is
 * opened without following a link and checked again on its descriptor, so a file swapped for a
 * link or a larger file in between is refused too; at most cap + 1 bytes are ever read.
 */
function readArtifactFile(dir, name) {
    return readCappedFile(dir, name, ARTIFACT_CAPS[name]);
}
/** As readArtifactFile, for a file another mode reads from its artifact (bisect.json), with its own cap. */
function readCappedFile(dir, name, cap) {
    const path = join(dir, name);
    let stat;
    try {
        stat = lstatSync(path);
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return null;
        throw refuse(`cannot read ${name}: ${errorMessage(error)}`, error);
    }
    if (stat.isSymbolicLink())
        throw refuse(`${name} is a symbolic link; only regular files are read`);
    if (!stat.isFile())
        throw refuse(`${name} is not a regular file`);
    if (stat.size > cap)
        throw refuse(`${name} is ${mib(stat.size)}, over its cap of ${mib(cap)}`);
    let fd;
    try {
        fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    }
    catch (error) {
        throw refuse(`cannot open ${name}: ${errorMessage(error)}`, error);
    }
    try {
        const opened = fstatSync(fd);
        if (!opened.isFile() || opened.size > cap)
            throw refuse(`${name} changed while it was read`);
        // One byte more than the file holds: reading it means the file grew after the check.
        const buffer = Buffer.alloc(opened.size + 1);
        let length = 0;
        while (length < buffer.length) {
            const read = readSync(fd, buffer, length, buffer.length - length, null);
            if (read === 0)
                break;
            length += read;
        }
        if (length > opened.size)
            throw refuse(`${name} changed while it was read`);
        return buffer.subarray(0, length).toString('utf8');
    }
    finally {
        closeSync(fd);
    }
}
function required$2(dir, name, why) {
    const text = readArtifactFile(dir, name);
    if (text === null)
        throw refuse(`${name} is missing (${why})`);
    return text;
}
/** Runs a parser of the project's schemas; its (multi-line) complaint becomes the refusal. */
function validated(parse) {
    try {
        return parse();
    }
    catch (error) {
        if (error instanceof ArtifactError || !(error instanceof GateError))
            throw error;
        throw refuse(error.message, error);
    }
}
function parseClaim(text) {
    const trimmed = text.trim();
    if (!/^[1-9][0-9]{0,9}$/.test(trimmed)) {
        throw refuse(`pull-request.txt holds ${JSON.stringify(trimmed.slice(0, 20))}, not a pull request number`);
    }
    return Number(trimmed);
}
/** The number pull-request.txt claims, if the artifact has one: a claim, checked against the API. */
function readClaim(dir) {
    const claim = readArtifactFile(dir, 'pull-request.txt');
    return claim === null ? undefined : parseClaim(claim);
}
/**
 * Whether the measuring run said the pull request changes the settings file (settings-changed.txt
 * holding `changed`). It only adds a fixed line to the comment: the trusted copies decide anyway.
 */
function readSettingsChanged(dir) {
    const text = readArtifactFile(dir, 'settings-changed.txt');
    if (text === null)
        return false;
    if (text.trim() !== 'changed') {
        throw refuse(`settings-changed.txt holds ${JSON.stringify(text.trim().slice(0, 20))}, not "changed"`);
    }
    return true;
}
/** Reads and validates what the artifact must hold; nothing else in it is opened. */
function readArtifact(dir) {
    const { verdict, schemaVersion } = validated(() => parseVerdict(required$2(dir, 'verdict.json', 'the measuring run writes it'), 'verdict.json'));
    const results = validated(() => parseResults(required$2(dir, 'results.json', 'the measuring run writes it'), 'results.json', 'publish'));
    if (results.cells.length > MAX_CELLS) {
        throw refuse(`results.json has ${results.cells.length} cells; more than ${MAX_CELLS} are not judged here`);
    }
    const claim = readClaim(dir);
    return {
        results,
        verdict,
        verdictSchemaVersion: schemaVersion,
        ...(claim === undefined ? {} : { claimedPullRequest: claim }),
    };
}
function quoted(names) {
    const shown = names.slice(0, 5).map((name) => JSON.stringify(name.slice(0, 40)));
    return `${shown.join(', ')}${names.length > 5 ? `, and ${names.length - 5} more` : ''}`;
}
/** The entries of the artifact never opened (an uploaded comment, charts, odd names), if any. */
function ignoredNote(dir) {
    const others = readdirSync(dir).filter((name) => !Object.hasOwn(ARTIFACT_CAPS, name));
    if (others.length === 0)
        return null;
    return (`artifact: ${others.length} other entr${others.length === 1 ? 'y' : 'ies'} not read (${quoted(others)}); ` +
        'the comment and charts are rendered here from results.json and verdict.json');
}
/** Workload names no suite could have (a tampered file): the renderers quote them as text. */
function oddWorkloadsNote(results) {
    const known = new Set(results.suite.workloads.map((workload) => workload.name));
    const odd = [...new Set(results.cells.map((cell) => cell.workload))].filter((name) => !known.has(name));
    if (odd.length === 0)
        return null;
    return `results.json: workload name(s) its suite does not define (${quoted(odd)}); the comment quotes them as escaped text`;
}

// What the publishing half judges with. The measuring half ran the pull request's own workflow
// files, so the suite, tolerances, gate and alpha an artifact records are whatever the pull request
// chose; the publishing workflow runs the default branch's files, so its inputs are the settings
// that decide. The suite an artifact was measured with must be the trusted suite's definition
// (the fields that change a measurement, as baseline keys hash them: suite/suite-hash.ts); its
// tolerances, stall gate and description are the trusted suite's, whatever the artifact's copy
// says. Pure.
/**
 * Why results measured with `measured` cannot be judged under `trusted`, in one line naming both
 * hashes; null when their definitions agree.
 */
function suiteMismatch(measured, trusted) {
    const measuredHash = suiteHash(measured);
    const trustedHash = suiteHash(trusted);
    if (measuredHash === trustedHash)
        return null;
    const name = (suite) => JSON.stringify(suite.name.slice(0, 60));
    return (`results.json was measured with suite ${name(measured)} (hash ${measuredHash}), not the publishing ` +
        `workflow's suite ${name(trusted)} (hash ${trustedHash}); measure with the default branch's suite`);
}
/**
 * The results with the trusted suite's tolerances and stall gate in place of their copy's (neither
 * is in the hash: they change no measurement). The rest of the suite
 * is the same definition: suiteMismatch said so of results.suite itself, the suite the judge reads
 * (one shard's results, whose results.suite is a share of the cells, are refused before).
 */
function withTrustedSuite(results, judging) {
    const { tolerances, stallGate } = judging.suite;
    return { ...results, suite: { ...results.suite, tolerances, stallGate } };
}

// The publishing half judges the measuring half's results again, through the same judge `compare`
// uses. Everything in the artifact came from the pull request's own code, its workflow files
// included, so it decides nothing:
//   - first a check: judged with the settings verdict.json records, the results must give that
//     verdict (a verdict that claims more than its numbers show is refused);
//   - then the decision: judged with the publishing workflow's settings (the default branch's
//     suite, tolerances, gate and alpha: compare/publish-settings.ts), after refusing results
//     measured with a suite whose definition differs from that suite's.
// Only the merged results of an A/B run are judged: base and head measured side by side on the same
// machine (results.mode 'ab', verdict.json's baseSource 'ab'). A verdict against a stored baseline
// would take its reference numbers from the artifact, which the pull request's code wrote, and one
// shard's results (results.shard) hold a share of the cells under a suite other than the one hashed:
// both are refused.
// Pure: the artifact arrives read and validated (artifact/read-artifact.ts).
/**
 * The options verdict.json says it was judged with. Its tolerances are recorded per cell (the
 * threshold), so each becomes a workload@threads rule, the most specific kind, which wins over the
 * suite's and the defaults exactly as the recorded value did.
 */
function recordedOptions(verdict, schemaVersion = VERDICT_SCHEMA_VERSION) {
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
        // The gate it recorded is the one its cells were judged on, whatever decided it (a gate the
        // user named, or the runner check's grade: operation-gate.ts): named here, it decides alone.
        gateMetrics,
        gateNamed: true,
        inconclusivePolicy,
        ...(verdict.settings.gateWork === true ? { gateWork: true } : {}),
        // An older version judged fewer metrics: the cells it could not have are not asked of it.
        ...(schemaVersion < VERDICT_SCHEMA_VERSION ? { metrics: metricsOfVersion(schemaVersion) } : {}),
        toleranceRules: verdict.cells.map((cell) => ({
            workload: cell.workload,
            threads: cell.threads,
            metric: cell.metric,
            value: cell.threshold,
        })),
    };
}
function sameCell(a, b) {
    return sameCell$1(a, b) && a.metric === b.metric;
}
/** A cell for a message: the workload quoted and cut short, it comes from the artifact. */
function cellLabel(cell) {
    const variant = variantLabel(cell.variant);
    return `${JSON.stringify(cell.workload.slice(0, 60))}@${cell.threads}${variant === '' ? '' : `[${variant.slice(0, 100)}]`} ${cell.metric}`;
}
const COUNT_KEYS = [
    'regression',
    'improvement',
    'withinTolerance',
    'unchanged',
    'inconclusive',
    'unjudged',
];
/** Where the cells of the uploaded verdict and the one judged here part, or null. */
function cellDisagreement(uploaded, judged) {
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
    return null;
}
/** Where the uploaded verdict's unjudged cells and the results' part: none may be left out or added. */
function unjudgedDisagreement(uploaded, judged) {
    const missing = judged.unjudged.find((cell) => !uploaded.unjudged.some((claimed) => sameCell(claimed, cell)));
    if (missing !== undefined)
        return `it leaves out ${cellLabel(missing)}, which the results cannot judge`;
    const extra = uploaded.unjudged.find((claimed) => !judged.unjudged.some((cell) => sameCell(claimed, cell)));
    if (extra !== undefined)
        return `it calls ${cellLabel(extra)} not judged, the results judge it`;
    return null;
}
/** Warnings the uploaded verdict lacks: a verdict must not hide what its results say of themselves. */
function missingWarning(uploaded, judged) {
    const claimed = new Set(uploaded.warnings);
    const missing = judged.warnings.find((warning) => !claimed.has(warning));
    return missing === undefined ? null : `it leaves out the warning ${JSON.stringify(missing.slice(0, 120))}`;
}
/** Where the uploaded verdict and the one judged here part, or null when they agree. */
function disagreement(uploaded, judged) {
    if (uploaded.suite !== judged.suite) {
        return `it is for suite ${JSON.stringify(uploaded.suite)}, the results for ${JSON.stringify(judged.suite)}`;
    }
    const cells = cellDisagreement(uploaded, judged);
    if (cells !== null)
        return cells;
    const unjudged = unjudgedDisagreement(uploaded, judged);
    if (unjudged !== null)
        return unjudged;
    if (uploaded.verdict !== judged.verdict) {
        return `it says ${uploaded.verdict}, the results give ${judged.verdict}`;
    }
    // The keys in one order, whichever order the file had them in (a version 1 file's gained one).
    const counts = (verdict) => JSON.stringify(verdict.counts, COUNT_KEYS);
    if (counts(uploaded) !== counts(judged)) {
        return `its counts ${counts(uploaded)} are not the results' ${counts(judged)}`;
    }
    return missingWarning(uploaded, judged);
}
/**
 * The verdict judged here as version 1 would have written it: version 1 called unchanged what is
 * now within-tolerance (a real change smaller than the tolerance).
 */
function asVersion1(verdict) {
    const { withinTolerance, unchanged } = verdict.counts;
    return {
        ...verdict,
        counts: { ...verdict.counts, withinTolerance: 0, unchanged: unchanged + withinTolerance },
        cells: verdict.cells.map((cell) => cell.verdict === 'within-tolerance' ? { ...cell, verdict: 'unchanged' } : cell),
    };
}
/**
 * Refuses what the gate does not judge: a verdict against a stored baseline, results of one
 * server, and one shard's results (not merged).
 */
function checkAb(artifact) {
    const { results, verdict } = artifact;
    if (verdict.baseSource.kind !== 'ab') {
        throw refuse('verdict.json compares with a stored baseline; the pull-request gate judges only an A/B run ' +
            '(base and head measured side by side), never reference numbers from the artifact');
    }
    if (results.mode !== 'ab') {
        throw refuse('verdict.json compares the two sides of an A/B run, but results.json measured one server');
    }
    if (results.shard !== undefined) {
        throw refuse(`results.json holds shard ${results.shard.index}/${results.shard.count} alone; ` +
            'publish judges the merged results of every shard (merge mode), never one shard');
    }
}
function judgeArtifact(artifact, options, sourceUrl) {
    const { results, verdict: uploaded } = artifact;
    checkAb(artifact);
    const judgement = judge({
        results,
        resultsPath: uploaded.baseSource.path,
        base: { kind: 'ab' },
        baselinePath: uploaded.baseSource.path,
        options,
    });
    return withLines(judgement, relinkedLines(uploaded.lines, results, sourceUrl));
}
/** judgeArtifact, with what odd data makes the judge throw turned into a refusal. */
function judgeOrRefuse(artifact, options, sourceUrl) {
    try {
        return judgeArtifact(artifact, options(), sourceUrl);
    }
    catch (error) {
        if (error instanceof ArtifactError)
            throw error;
        // Checks of the statistics (StatisticsError), of the pairing (InputError), of JavaScript's own
        // limits (RangeError) and of the verdict built (ZodError: figures no real run gives, such as
        // more events than a number holds) on odd data.
        if (error instanceof GateError || error instanceof RangeError || error instanceof ZodError) {
            throw refuse(`results.json cannot be judged: ${error.message}`, error);
        }
        throw error;
    }
}
/** Judges results.json with verdict.json's own settings; the two must agree, or it is refused. */
function checkArtifact(artifact, sourceUrl) {
    const judgement = judgeOrRefuse(artifact, () => recordedOptions(artifact.verdict, artifact.verdictSchemaVersion), sourceUrl);
    const judged = artifact.verdictSchemaVersion === 1 ? asVersion1(judgement.verdict) : judgement.verdict;
    const differs = disagreement(artifact.verdict, judged);
    if (differs !== null)
        throw refuse(`verdict.json does not follow from results.json: ${differs}`);
    return judgement;
}
/**
 * The verdict to publish: the artifact checked (checkArtifact), its suite checked against the
 * trusted one, then its results judged with the trusted settings only. `sourceUrl` is the
 * publishing workflow's repository, where the line links point.
 */
function rejudge(artifact, sourceUrl, judging) {
    checkAb(artifact);
    const mismatch = suiteMismatch(artifact.results.suite, judging.suite);
    if (mismatch !== null)
        throw refuse(mismatch);
    checkArtifact(artifact, sourceUrl);
    const trusted = { ...artifact, results: withTrustedSuite(artifact.results, judging) };
    return judgeOrRefuse(trusted, () => judging.options, sourceUrl);
}

// Where publish reads and writes: the artifact's real directory, and a report directory that is
// neither inside it nor around it (nothing is ever written into what the pull request uploaded).
function isInside(child, parent) {
    const path = relative(parent, child);
    return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}
/** `path` with its nearest existing ancestor's links resolved: where a write would really land. */
function realPathOf(path) {
    const absolute = resolve(path);
    for (let dir = absolute;; dir = dirname(dir)) {
        if (existsSync(dir))
            return join(realpathSync(dir), relative(dir, absolute));
        if (dirname(dir) === dir)
            return absolute;
    }
}
/** The artifact's real directory; the report directory must be neither inside it nor around it. */
function checkDirectories(artifactPath, outPath) {
    let artifactDir;
    try {
        artifactDir = realpathSync(artifactPath);
    }
    catch (error) {
        throw new InputError(`cannot read the artifact directory ${artifactPath}: ${errorMessage(error)}`);
    }
    if (!lstatSync(artifactDir).isDirectory()) {
        throw new InputError(`the artifact ${artifactPath} is not a directory`);
    }
    const outDir = resolve(outPath);
    const realOut = realPathOf(outDir);
    if (isInside(realOut, artifactDir) || isInside(artifactDir, realOut)) {
        throw new InputError(`the report directory ${outPath} and the artifact directory ${artifactPath} overlap; ` +
            'write the report elsewhere: nothing is written into the artifact');
    }
    return { artifactDir, outDir };
}

// The publishing half and acceptances (compare/acceptance.ts, given by commands/accept.ts): before
// posting, the sticky comment's state says whether a maintainer accepted a regression, and of which
// commit. Published again for that commit (a re-run), the acceptance stands while it covers what
// fails; for any other commit it does not carry over, and the comment says so. The state written
// with the new comment (github/comment-state.ts) is what the next acceptance reads.
/**
 * The acceptance the suite's sticky comment keeps, if any (a comment that does not read: none).
 * One of the measured commit would make its status success, so it is checked against its source
 * first (verifiedAcceptance); one of another commit only says it did not carry over.
 */
async function keptAcceptance(octokit, place, logger) {
    const login = await commentAuthorLogin(octokit);
    const [comment] = await listOurComments(octokit, { owner: place.owner, repo: place.repo, issueNumber: place.pullRequest }, login, commentMarker(place.suite));
    if (comment === undefined)
        return null;
    const read = readCommentState(comment.body);
    if (read.kind === 'invalid')
        logger.warning(`${comment.url}: ${read.why}; any acceptance in it is not read`);
    const kept = read.kind === 'state' ? read.state.acceptance : null;
    if (kept === null || kept.sha !== place.sha.toLowerCase())
        return kept;
    const doubt = await acceptanceDoubt(octokit, place, kept);
    if (doubt === null)
        return kept;
    logger.warning(`the acceptance kept in ${comment.url} is not applied: ${doubt}`);
    return null;
}
/**
 * Why the acceptance is not what it says, or null when its source agrees: the user can write to
 * the repository, and the comment it names is theirs, asks for it and was written when it says
 * (or, for the label, a `labeled` event of theirs at that time). Any other comment written by
 * the same token could hold a state line; only a writer's own request stands behind one.
 */
async function acceptanceDoubt(octokit, place, acceptance) {
    const { owner, repo } = place;
    const sameTime = (at) => at !== undefined && Date.parse(at) === Date.parse(acceptance.at);
    try {
        if (!WRITE_ACCESS.includes(await permissionOf(octokit, place, acceptance.by))) {
            return `@${acceptance.by} cannot write to ${owner}/${repo}`;
        }
        if (acceptance.source === 'label') {
            const found = (await labelEvents(octokit, place)).some((event) => event.event === 'labeled' && event.actor === acceptance.by && sameTime(event.at));
            return found ? null : `no label added by @${acceptance.by} at ${acceptance.at}`;
        }
        const id = /#issuecomment-(\d+)$/.exec(acceptance.url)?.[1];
        if (id === undefined)
            return `${acceptance.url} is not a comment`;
        const { data } = await octokit.rest.issues.getComment({ owner, repo, comment_id: Number(id) });
        const agrees = data.user?.login === acceptance.by &&
            sameTime(data.created_at) &&
            data.issue_url.endsWith(`/issues/${place.pullRequest}`) &&
            acceptCommandReason(data.body ?? '') === acceptance.reason;
        return agrees ? null : `the comment ${acceptance.url} is not @${acceptance.by}'s request for it`;
    }
    catch (error) {
        return `its source could not be read (${gitHubMessage(error)})`;
    }
}
/** Under a failing verdict nobody accepted: how to accept it, when the slowdown is intended. */
const ACCEPT_HINT = '<sub>An intended slowdown? Someone with write access can accept it for this commit only by ' +
    'commenting `/perf accept <why>`; a new push is judged afresh.</sub>';
/** What the comment, the status and the state say for `verdict` of `sha`, given a kept acceptance. */
function acceptedParts(verdict, failing, kept, place) {
    const outcome = kept === null ? null : acceptanceOf(kept, verdict, place.sha);
    const failures = failing ? gateFailures(verdict) : [];
    // A failing verdict with nothing listed as failing is never covered: nothing says what failed.
    const accepted = failing && failures.length > 0 && outcome?.kind === 'accepted' ? outcome.acceptance : null;
    const state = {
        v: 1,
        sha: place.sha.toLowerCase(),
        suite: verdict.suite,
        at: place.at,
        context: place.context,
        gate: failing ? 'fail' : 'pass',
        failures: failures.length > 0 && failures.length <= MAX_ACCEPTED_ITEMS ? failures : failing ? null : [],
        failureCount: failures.length,
        acceptance: accepted,
    };
    const note = outcome === null || accepted !== null ? null : acceptanceNote(outcome, place.sha);
    const hint = failing && accepted === null && state.failures !== null ? [ACCEPT_HINT] : [];
    return {
        lead: accepted !== null
            ? [acceptanceBlock(accepted, place.context)]
            : [...(note === null ? [] : [note]), ...hint],
        status: accepted !== null ? acceptedStatus(accepted) : verdictStatus(verdict, failing),
        stateLine: commentStateLine(state),
        accepted,
    };
}
/** The parts for `verdict` of the measured commit, given what the suite's comment keeps. */
async function acceptanceParts(octokit, logger, verdict, failing, place) {
    const kept = await keptAcceptance(octokit, place, logger);
    const parts = acceptedParts(verdict, failing, kept, { ...place, at: new Date().toISOString() });
    if (parts.accepted !== null) {
        logger.info(`the regression at ${place.sha} stays accepted by ${parts.accepted.by}: it covers what fails`);
    }
    return parts;
}
/** The state line of a comment that awaits approval: nothing to accept yet. */
function awaitingStateLine(place) {
    return commentStateLine({
        v: 1,
        sha: place.sha.toLowerCase(),
        suite: place.suite,
        at: place.at,
        context: place.context,
        gate: 'awaiting',
        failures: [],
        failureCount: 0,
        acceptance: null,
    });
}

// The sticky comment a fork's pull request gets while its measured head awaits a maintainer's
// approval: it takes the place of the verdict (same marker), which is posted once the head is
// approved and measured again. Pure.
function renderAwaitingComment(awaiting) {
    return [
        commentMarker(awaiting.suite),
        '## ⏳ Performance: awaiting approval',
        '',
        `The head ${codeSpan(awaiting.headSha.slice(0, 12))} of this pull request comes from a fork, and its ` +
            'measurement is published only once it is approved: its author has write access to the ' +
            'repository or is a trusted author, or someone with write access approved that commit (an ' +
            `approving review of it, or the label ${codeSpan(awaiting.forkLabel)} added while it is the head). ` +
            'A push by someone with write access keeps the label; anyone else’s removes it: add it again ' +
            'after reading the new commits.',
        '',
        `Not yet: ${awaiting.why}.`,
        '',
        `<sub>[publishing run](${markdownUrl(awaiting.runUrl)})</sub>`,
        '',
    ].join('\n');
}

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
function statusSetter(config, octokit, logger) {
    const target = {
        owner: config.owner,
        repo: config.repo,
        sha: config.headSha,
        context: config.statusContext,
        targetUrl: config.runUrl,
    };
    return async (status) => {
        await setCommitStatus(octokit, target, status);
        logger.info(`status ${config.statusContext} on ${config.headSha}: ${status.state} (${status.description})`);
    };
}
/** The sticky comment that stands in for the verdict, and the pending status. */
async function awaitApproval(config, octokit, pullRequest, why, setStatus) {
    const suite = config.judging.suite.name;
    const posted = await upsertStickyComment(octokit, {
        owner: config.owner,
        repo: config.repo,
        issueNumber: pullRequest.number,
        marker: commentMarker(suite),
        body: renderAwaitingComment({
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
async function runsPullRequest(config, artifactDir, octokit) {
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
async function publishChecked(config, artifactDir, pullRequest, how) {
    const { octokit, logger, setStatus } = how;
    const artifact = readArtifact(artifactDir);
    const settingsChanged = readSettingsChanged(artifactDir);
    const ignored = ignoredNote(artifactDir);
    if (ignored !== null)
        logger.info(ignored);
    const odd = oddWorkloadsNote(artifact.results);
    if (odd !== null)
        logger.warning(odd);
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
    logger.info(`artifact checked: verdict.json follows from results.json (${artifact.verdict.verdict} under its own settings); ` +
        `judged with the publishing workflow's settings: ${input.verdict.verdict}`);
    if (settingsChanged)
        logger.info(SETTINGS_CHANGED_LINE);
    return deliverJudged(config, how, input, { pullRequest, approval, settingsChanged });
}
/** The comment's line when the pull request moved on since the measured commit. */
function movedOnLine(measuredSha, headSha) {
    return (`⏳ This pull request moved on since it was measured: this verdict is for \`${measuredSha.slice(0, 12)}\`; ` +
        `the newer head \`${headSha.slice(0, 12)}\` is pending measurement.`);
}
/** The comment's line when the pull request changes the settings file, which decides nothing of its own gate. */
const SETTINGS_CHANGED_LINE = "ℹ️ This pull request changes the settings file: it was measured with the merge base's copy and judged " +
    "with the default branch's; the change takes effect once merged.";
/** verdict.json and the report written, the comment posted, the other sinks, then the status. */
async function deliverJudged(config, how, input, found) {
    const { outDir, logger } = how;
    const { verdict } = input;
    mkdirSync(outDir, { recursive: true });
    const verdictPath = join(outDir, 'verdict.json');
    writeFileAtomic(verdictPath, `${JSON.stringify(verdict, null, 2)}\n`);
    const report = await writeReport(outDir, input);
    for (const warning of report.warnings)
        logger.debug(warning);
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
async function publishCommand(config, octokit, logger, sinks = []) {
    const { artifactDir, outDir } = checkDirectories(config.artifactDir, config.outDir);
    // Until the run's own pull request is found, the commit may be another pull request's too (a
    // fork can push a maintainer's commit): a refusal then sets no status on it.
    const pullRequest = await runsPullRequest(config, artifactDir, octokit);
    logger.info(pullRequest.headSha === config.headSha
        ? `pull request #${pullRequest.number} from ${config.headRepository} has head ${config.headSha}`
        : `pull request #${pullRequest.number} from ${config.headRepository} moved on to ${pullRequest.headSha}: ` +
            `publishing the verdict for ${config.headSha}, the measured commit; the newer head is pending measurement`);
    const setStatus = statusSetter(config, octokit, logger);
    try {
        return await publishChecked(config, artifactDir, pullRequest, {
            outDir,
            octokit,
            logger,
            setStatus,
            sinks,
        });
    }
    catch (error) {
        try {
            await setStatus(refusedStatus(errorMessage(error)));
        }
        catch (statusError) {
            logger.warning(errorMessage(statusError));
        }
        throw error;
    }
}

// The runner check in the job summary: the grade, then every finding in a table (what it costs and
// the fix for those that are not ok). Every text is escaped: values quote the machine (process
// names, paths). Pure.
const STATUS_MARK = {
    ok: '✅ ok',
    warn: '⚠️ warn',
    bad: '❌ bad',
    unknown: '❔ unknown',
};
function renderDoctorMarkdown(report, note) {
    const rows = report.findings.map((item) => tableRow([
        STATUS_MARK[item.status],
        escapeTableCell(item.name),
        escapeTableCell(item.value),
        escapeTableCell(item.cost),
        item.fix === null ? '' : escapeTableCell(item.fix),
    ]));
    return [
        `### Runner check: ${escapeMarkdown(gradeLine(report.grade))}`,
        '',
        ...(note === undefined ? [] : [escapeMarkdown(note), '']),
        tableRow(['status', 'item', 'value', 'what it costs', 'fix']),
        tableDelimiter(['l', 'l', 'l', 'l', 'l']),
        ...rows,
        '',
    ].join('\n');
}

// The one reader of the action's inputs. An option of the settings file (commands/settings-schema.ts)
// is taken, in this order, from the input the workflow gave, from the settings file (input
// "settings-file", or .github/mysql-perf-gate.yml in the workspace), and from the schema's default;
// action.yml gives those inputs no default, or the runner's would always look given. The file is
// read once, when a mode first asks for one of its options, and one line says what it set.
let loaded;
/** The settings file, read the first time an option of it is asked for. */
function settingsFile() {
    if (loaded !== undefined)
        return loaded;
    const path = getInput('settings-file') || DEFAULT_SETTINGS_FILE;
    const settings = readSettingsFile$1(path);
    loaded = { path, settings: settings ?? {} };
    coreLogger.info(settingsLine(path, settings, (name) => getInput(name) !== ''));
    return loaded;
}
/** What the file set, and which of its options an input given in the workflow overrides. */
function settingsLine(path, settings, given) {
    if (settings === undefined)
        return `no settings file ${path}: every option from its input or its default`;
    const fields = Object.entries(settings).filter(([name]) => isSettingName(name) && SETTINGS[name].input);
    const used = fields.filter(([name]) => !given(name));
    const overridden = fields.filter(([name]) => given(name)).map(([name]) => name);
    const shown = used.map(([name, value]) => `${name} ${value.replace(/\n/g, ', ')}`);
    return [
        `settings from ${path}: ${shown.length === 0 ? 'none' : shown.join('; ')}`,
        overridden.length === 0 ? '' : ` (given as inputs instead: ${overridden.join(', ')})`,
    ].join('');
}
/**
 * An input as `core.getInput` reads it (trimmed; empty when not given); for an option of the
 * settings file, the file's value and then the schema's default when the workflow gave none.
 */
function input(name) {
    const given = getInput(name);
    if (given !== '' || !isSettingName(name) || !SETTINGS[name].input)
        return given;
    const { path, settings } = settingsFile();
    const value = settings[name];
    if (value === undefined)
        return SETTINGS[name].default ?? '';
    // A suite or baseline file of the file's own checkout (the merge base's, the default branch's).
    return SETTINGS[name].path && namesFile(value) && !value.startsWith('/')
        ? join(settingsRoot(path), value)
        : value;
}
/**
 * An option the workflow or the settings file named, without the schema's default: undefined when
 * neither did (the gate, whose default the judge works out: compare/operation-gate.ts).
 */
function namedInput(name) {
    const given = getInput(name);
    if (given !== '')
        return given;
    if (!isSettingName(name) || !SETTINGS[name].input)
        return undefined;
    const value = settingsFile().settings[name];
    return value === undefined || value === '' ? undefined : value;
}
/** A multiline input as `core.getMultilineInput` reads it: one trimmed value a non-empty line. */
function multilineInput(name) {
    return input(name)
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
}
/** An input, undefined when neither the workflow, the settings file nor a default gives it. */
function optionalInput(name) {
    const value = input(name);
    return value === '' ? undefined : value;
}
/**
 * An error's message, with where its input came from when the settings file gave it: an error
 * naming `input "alpha"` for the file's value says so.
 */
function withSettingsSource(message) {
    if (loaded === undefined)
        return message;
    const { path, settings } = loaded;
    const named = [...message.matchAll(/input "([a-z-]+)"/g)].map((match) => match[1] ?? '');
    const fromFile = named.filter((name) => isSettingName(name) && settings[name] !== undefined && getInput(name) === '');
    return fromFile.length === 0 ? message : `${message} (set in ${path})`;
}

// The action in accept mode: on a `/perf accept <reason>` comment of a pull request (issue_comment)
// or the acceptance label added to one (pull_request_target, labeled), accept the failing verdict
// published for its head (commands/accept.ts). Everything it reads is the event GitHub wrote and
// the API's answers; it checks out nothing and runs no code of the pull request. Errors go up to
// main.ts.
const Sha = string().regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/);
const User = object({ login: string() });
/** The parts of an issue_comment event this mode reads. */
const CommentEvent = object({
    action: string(),
    issue: object({ number: number().int().positive(), pull_request: looseObject({}).nullish() }),
    comment: object({
        body: string().nullable(),
        html_url: string(),
        created_at: datetime({ offset: true }),
        user: User.nullable(),
    }),
});
/** The parts of a pull_request_target labeled event this mode reads. */
const LabelEvent = object({
    action: literal('labeled'),
    label: object({ name: string() }),
    sender: User,
    pull_request: object({
        number: number().int().positive(),
        html_url: string(),
        head: object({ sha: Sha }),
    }),
});
/** What the event asks; a string says why there is nothing to do. */
function readEvent(acceptLabel) {
    if (context.eventName === 'issue_comment') {
        const event = CommentEvent.safeParse(context.payload);
        if (!event.success)
            throw new InputError('accept mode: this issue_comment event lacks its issue or comment');
        const { issue, comment } = event.data;
        if (event.data.action !== 'created')
            return `a comment ${event.data.action}, not created`;
        if (issue.pull_request == null)
            return `#${issue.number} is an issue, not a pull request`;
        if (comment.user === null)
            return 'the comment has no author';
        return {
            pullRequest: issue.number,
            actor: comment.user.login,
            source: 'comment',
            body: comment.body ?? '',
            url: comment.html_url,
            at: comment.created_at,
        };
    }
    if (context.eventName === 'pull_request_target' || context.eventName === 'pull_request') {
        const event = LabelEvent.safeParse(context.payload);
        if (!event.success)
            return `a ${context.eventName} event other than a label added`;
        const { label, sender, pull_request: pull } = event.data;
        if (label.name !== acceptLabel)
            return `the label ${label.name} is not the acceptance label ${acceptLabel}`;
        return {
            pullRequest: pull.number,
            actor: sender.login,
            source: 'label',
            body: '',
            url: pull.html_url,
            // Not the event's: GitHub's time of the labeled event, which the command asks for.
            at: new Date().toISOString(),
            label: label.name,
            labelledHead: pull.head.sha,
        };
    }
    throw new InputError(`accept mode reads an issue_comment or a pull_request_target (labeled) event; this is a ${context.eventName || 'missing'} event`);
}
/** Accepts what the event asks; returns why the step fails when a suite's acceptance failed half-way. */
async function acceptFromEvent() {
    const token = input('github-token');
    if (token === '') {
        throw new InputError('input "github-token" is empty: accept mode needs it (pull-requests, statuses and contents write)');
    }
    const acceptLabel = input('accept-label') || DEFAULT_ACCEPT_LABEL;
    const asked = readEvent(acceptLabel);
    if (typeof asked === 'string') {
        coreLogger.info(`nothing to accept: ${asked}`);
        setOutput('accepted', '0');
        return undefined;
    }
    const { owner, repo } = context.repo;
    const outcome = await acceptCommand({
        owner,
        repo,
        ...asked,
        historyBranch: input('history-branch') || 'mysql-perf-gate-history',
        runUrl: `${context.serverUrl}/${owner}/${repo}/actions/runs/${context.runId}`,
    }, gitHubClient(token, coreLogger), coreLogger);
    if (outcome.kind === 'ignored') {
        coreLogger.info(`nothing to accept: ${outcome.why}`);
        setOutput('accepted', '0');
        return undefined;
    }
    if (outcome.kind === 'refused') {
        notice(`not accepted: ${outcome.why} (${outcome.replyUrl})`);
        setOutput('accepted', '0');
        return undefined;
    }
    const accepted = outcome.suites.filter((suite) => suite.accepted !== null);
    for (const suite of outcome.suites) {
        notice(suite.accepted === null
            ? `${suite.suite}: not accepted: ${suite.why}`
            : `${suite.suite}: accepted at ${suite.accepted.sha} by ${suite.accepted.by}`);
    }
    setOutput('accepted', String(accepted.length));
    const failed = outcome.suites.filter((suite) => suite.failed === true);
    return failed.length === 0
        ? undefined
        : `${failed.map((suite) => `${suite.suite}: ${suite.why}`).join('; ')} (the reply says so; ask again once fixed)`;
}

// The action in approval mode: the first job of the measuring workflow, on a fork's pull-request
// event (opened, synchronize, reopened, or the fork label added), asks whether the head the event
// names may be measured (commands/approval.ts) and sets the output `approved` (true or false),
// with a notice saying why. Everything it reads is the event GitHub wrote and the API's answers; it
// checks out nothing and runs no code of the pull request. Errors go up to main.ts.
/** The parts of a pull_request event this mode reads; anything else in the payload is ignored. */
const PullRequestEvent = object({
    sender: object({ login: string() }).nullish(),
    pull_request: object({
        number: number().int().positive(),
        head: object({
            sha: string().regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/),
            repo: object({ full_name: string() }).nullable(),
        }),
    }),
});
async function checkForkApproval() {
    const event = PullRequestEvent.safeParse(context.payload);
    if (!event.success || event.data.pull_request.head.repo === null) {
        throw new InputError(`approval mode reads a pull_request event (its pull request's number, head SHA and head repository); ` +
            `this is a ${context.eventName || 'missing'} event without them`);
    }
    const token = input('github-token');
    if (token === '') {
        throw new InputError('input "github-token" is empty: approval mode asks the API with it (pull-requests: read)');
    }
    const { pull_request: pull, sender } = event.data;
    const { owner, repo } = context.repo;
    const outcome = await approvalCommand({
        owner,
        repo,
        pullRequest: pull.number,
        headSha: pull.head.sha,
        headRepository: pull.head.repo?.full_name ?? '',
        sender: sender?.login ?? null,
        forkLabel: optionalInput('fork-label') ?? DEFAULT_FORK_LABEL,
        trustedAuthors: trustedAuthorsFromFlag(multilineInput('trusted-authors'), actionSpelling),
    }, gitHubClient(token, coreLogger));
    notice(outcome.line);
    setOutput('approved', String(outcome.approved));
}

// Action inputs, read once into the same option strings the CLI builds from its command line, so
// the command layer checks both the same way (errors say `input "x"` here, `--x` there).
/** Every boolean input: each is a field of the settings file, its default there. */
const BOOLEAN_INPUTS = [
    'full-install',
    'align-settings',
    'gate-work',
    'force',
    'comment',
    'fail-on-regression',
    'alert',
];
/** The boolean inputs' defaults, from the settings schema (a test holds action.yml's descriptions to them). */
const BOOLEAN_INPUT_DEFAULTS = Object.fromEntries(BOOLEAN_INPUTS.map((name) => [name, SETTINGS[name].default === 'true']));
/**
 * A boolean input, read as GitHub reads one (`core.getBooleanInput`, YAML 1.2's core schema): true,
 * True, TRUE, false, False, FALSE; anything else is refused, never taken as false. Empty: the
 * settings file's, else the default.
 */
function booleanInput(name) {
    const value = input(name);
    if (value === '')
        return BOOLEAN_INPUT_DEFAULTS[name];
    if (['true', 'True', 'TRUE'].includes(value))
        return true;
    if (['false', 'False', 'FALSE'].includes(value))
        return false;
    throw new InputError(`input "${name}" ${JSON.stringify(value)}: expected true or false (true, True, TRUE, false, False, FALSE)`);
}
function readRunInputs() {
    return {
        server: optionalInput('server'),
        base: optionalInput('base'),
        head: optionalInput('head'),
        set: multilineInput('set'),
        baseSet: multilineInput('base-set'),
        headSet: multilineInput('head-set'),
        suite: input('suite') || 'quick',
        out: input('out') || 'mysql-perf-gate/results.json',
        workDir: optionalInput('work-dir') ?? process.env.RUNNER_TEMP,
        keepWorkDir: false,
        lockTimeout: optionalInput('lock-timeout'),
        maxRepetitions: optionalInput('max-repetitions'),
        budget: optionalInput('budget'),
        pin: optionalInput('pin'),
        parallelSides: optionalInput('parallel-sides'),
        freezeIdleSide: optionalInput('freeze-idle-side'),
        untrustedSide: optionalInput('untrusted-side'),
        ...limitInputs(),
        shard: optionalInput('shard'),
        timeLimit: optionalInput('time-limit'),
        alignSettings: booleanInput('align-settings'),
        verbose: isDebug(),
    };
}
/** Inputs max-processes and max-memory: the limits of untrusted builds and servers. */
function limitInputs() {
    const maxProcesses = optionalInput('max-processes');
    const maxMemory = optionalInput('max-memory');
    return {
        ...(maxProcesses === undefined ? {} : { maxProcesses }),
        ...(maxMemory === undefined ? {} : { maxMemory }),
    };
}
/** Inputs alpha, gate, inconclusive and gate-work: measure, merge and publish judge with them. */
function judgingInputs() {
    // The gate's default is the judge's to work out (the runner check may add seconds): not given is
    // not the schema's default written out.
    const gate = namedInput('gate');
    return {
        alpha: input('alpha'),
        ...(gate === undefined ? {} : { gate }),
        inconclusive: input('inconclusive'),
        gateWork: booleanInput('gate-work'),
    };
}
function readCompareInputs() {
    return {
        baseline: optionalInput('baseline'),
        reportDir: optionalInput('report-dir'),
        tolerance: multilineInput('tolerance'),
        ...judgingInputs(),
        force: booleanInput('force'),
        failOnRegression: booleanInput('fail-on-regression'),
    };
}
/** Inputs doctor and doctor-min-grade, with the directories whose free disk the check reads. */
function readDoctorInputs(run) {
    return {
        doctor: optionalInput('doctor'),
        minGrade: optionalInput('doctor-min-grade'),
        buildDir: input('build-dir') || 'mysql-perf-gate/build',
        ...(run.workDir === undefined ? {} : { workDir: run.workDir }),
        ...(run.lockTimeout === undefined ? {} : { lockTimeout: run.lockTimeout }),
    };
}

// The action's build inputs: with input "source", the servers to measure are built first (which
// sides, and how the run then finds them: commands/source-builds.ts).
//
// - source alone: the tree is built with "compiler" and measured as one server.
// - source and base-source: both trees are built with "compiler" (a pull request's head and base
//   checkouts) and measured against each other.
// - source and base-compiler: the one tree is built with "base-compiler" (base) and "compiler"
//   (head): a compiler comparison.
/** The build inputs, or undefined when input "source" is empty (servers are given instead). */
function readBuildInputs(run) {
    const source = optionalInput('source');
    const baseSource = optionalInput('base-source');
    const baseCompiler = optionalInput('base-compiler');
    if (source === undefined) {
        if (baseSource !== undefined || baseCompiler !== undefined) {
            throw new InputError(`input "${baseSource ? 'base-source' : 'base-compiler'}" needs input "source" too`);
        }
        return undefined;
    }
    if (run.server !== undefined || run.base !== undefined || run.head !== undefined) {
        throw new InputError('input "source" builds the servers to measure; leave inputs "server", "base" and "head" empty with it');
    }
    if (baseSource !== undefined && baseCompiler !== undefined) {
        throw new InputError('give input "base-source" (two trees, one compiler) or input "base-compiler" (one tree, two compilers), not both');
    }
    const common = commonBuildRequest({
        buildType: input('build-type'),
        cmakeArg: multilineInput('cmake-args'),
        ccache: input('ccache'),
        fullInstall: booleanInput('full-install'),
        buildWhileMeasuring: input('build-while-measuring'),
        ...(optionalInput('lock-timeout') === undefined ? {} : { lockTimeout: input('lock-timeout') }),
        ...(optionalInput('ccache-dir') === undefined ? {} : { ccacheDir: resolve(input('ccache-dir')) }),
        ...storeFlags(),
        ...limitInputs(),
    }, actionSpelling, sourceBuildNames(actionSpelling));
    const untrusted = untrustedBuilds(run, baseSource !== undefined || baseCompiler !== undefined);
    const builds = {
        source,
        baseSource,
        compiler: input('compiler'),
        baseCompiler,
        common,
        buildDir: input('build-dir') || 'mysql-perf-gate/build',
        ...(untrusted === undefined ? {} : { untrusted }),
    };
    checkUntrustedSettings(builds, actionSpelling);
    return builds;
}
/** Inputs untrusted-side, untrusted-build-dir and untrusted-ccache-dir: where untrusted sides are built. */
function untrustedBuilds(run, ab) {
    const sides = untrustedSides(run.untrustedSide, ab, actionSpelling);
    if (sides.length === 0)
        return undefined;
    const ccacheDir = optionalInput('untrusted-ccache-dir');
    const untrusted = {
        sides: ab ? sides : ['server'],
        buildDir: resolve(optionalInput('untrusted-build-dir') ?? join(process.env.RUNNER_TEMP ?? tmpdir(), 'untrusted')),
        ccacheDir: ccacheDir === undefined ? undefined : resolve(ccacheDir),
        ...baseBuildInput(),
    };
    const trustedCcache = optionalInput('ccache-dir');
    checkUntrustedDirs(untrusted, {
        buildDir: resolve(input('build-dir') || 'mysql-perf-gate/build'),
        ccacheDir: trustedCcache === undefined ? undefined : resolve(trustedCcache),
    }, actionSpelling);
    return untrusted;
}
/** Input base-build-dir: empty or "auto" (the base side built here), "none", or a directory. */
function baseBuildInput() {
    const value = (optionalInput('base-build-dir') ?? 'auto').trim();
    if (value.toLowerCase() === 'none')
        return {};
    return { baseBuildDir: value.toLowerCase() === 'auto' ? 'auto' : resolve(value) };
}
/** Inputs store and store-size, as the build flags take them. */
function storeFlags() {
    const store = optionalInput('store');
    const storeSize = optionalInput('store-size');
    return {
        ...(store === undefined ? {} : { store }),
        ...(storeSize === undefined ? {} : { storeSize }),
    };
}

// ccache between jobs: on a self-hosted runner its directory simply persists; on a GitHub-hosted
// runner it is restored from and saved to the Actions cache, one key per run, the newest restored.
/**
 * The key a run saves its ccache under (one per run and attempt: a key is written once) and the
 * prefix it restores the newest of: the same compilers' caches. The Actions cache looks in the
 * run's own scope, then the base branch's: a pull request restores what main's runs saved (the
 * warm-ccache job of examples/workflows/pr-instructions.yml), never another pull request's.
 */
function ccacheCacheKeys(keyBase, env) {
    return {
        key: `${keyBase}${env.GITHUB_RUN_ID ?? ''}-${env.GITHUB_RUN_ATTEMPT ?? ''}`,
        restorePrefix: keyBase,
    };
}
/** The Actions cache for the ccache directory, or undefined where it is not needed or not used. */
async function actionsCcache(common, builds) {
    if (process.env.RUNNER_ENVIRONMENT !== 'github-hosted')
        return undefined;
    const ccache = await ccacheOfBuilds(common, builds);
    if (ccache === undefined)
        return undefined;
    const { dir } = ccache;
    const { key, restorePrefix: keyBase } = ccacheCacheKeys(ccache.keyBase, process.env);
    // Loaded only here: @actions/cache brings the Azure SDK, which nothing else needs.
    const cache = await import('./actions-cache.js');
    return {
        restore: () => group('Restore the ccache directory', async () => {
            const hit = await cache.restoreCache([dir], key, [keyBase]).catch((error) => {
                coreLogger.warning(`could not restore ccache: ${errorMessage(error)}`);
                return undefined;
            });
            coreLogger.info(hit
                ? `restored ${hit}`
                : 'nothing restored (none saved yet, or the cache service did not answer): the build fills the directory');
        }),
        save: async () => {
            await cache.saveCache([dir], key).catch((error) => {
                coreLogger.warning(`could not save ccache: ${errorMessage(error)}`);
            });
        },
    };
}

// The action in bisect mode: the first commit between two where a cell changed, on a checkout of
// the server (commands/bisect.ts), for a workflow a maintainer dispatches from an alert issue.
// It builds and runs the repository's own commits, so it runs on the pinned runner with a
// read-only token, like the nightly's measuring job. Errors go up to main.ts.
function required$1(name) {
    const value = optionalInput(name);
    if (value === undefined)
        throw new InputError(`input "${name}" is empty: bisect mode needs it`);
    return value;
}
/** The bisect inputs, as the flags the CLI would build. */
function readBisectInputs() {
    const optional = (name, flag) => {
        const value = optionalInput(name);
        return value === undefined ? {} : { [flag]: value };
    };
    return {
        source: required$1('source'),
        good: required$1('good'),
        bad: required$1('bad'),
        cell: multilineInput('cells'),
        suite: input('suite') || BISECT_DEFAULTS.suite,
        compiler: input('compiler') || BISECT_DEFAULTS.compiler,
        maxRepetitions: input('max-repetitions') || BISECT_DEFAULTS.maxRepetitions,
        state: input('state') || BISECT_DEFAULTS.state,
        reportDir: input('report-dir') || BISECT_DEFAULTS.reportDir,
        set: multilineInput('set'),
        buildType: input('build-type'),
        cmakeArg: multilineInput('cmake-args'),
        ccache: input('ccache'),
        fullInstall: booleanInput('full-install'),
        ...optional('metric', 'metric'),
        ...optional('prefix', 'prefix'),
        ...optional('build-dir', 'buildDir'),
        ...optional('ccache-dir', 'ccacheDir'),
        ...optional('store', 'store'),
        ...optional('store-size', 'storeSize'),
        ...optional('lock-timeout', 'lockTimeout'),
        ...optional('build-while-measuring', 'buildWhileMeasuring'),
        ...optional('history', 'history'),
        ...optional('testbed', 'testbed'),
    };
}
/** Runs the bisection; why the step fails, when the bisection could not decide. */
async function bisectFromInputs() {
    const options = bisectOptionsFromFlags(readBisectInputs(), actionSpelling);
    // Before the first server starts: a cancelled job's post step stops what this step leaves running.
    saveStateForPost();
    const outcome = await bisectCommand(options, coreLogger);
    coreLogger.info(outcome.summary);
    const result = outcome.state.result;
    setOutput('report-dir', options.outDir);
    setOutput('first-bad', result?.outcome === 'found' ? result.sha : '');
    if (process.env.GITHUB_STEP_SUMMARY) {
        await summary
            .addRaw(`### Bisection\n\n\`\`\`\n${outcome.summary.replace(/`/g, "'")}\n\`\`\`\n`)
            .write();
    }
    return outcome.exitCode === 0 ? undefined : 'the bisection could not decide; see the table above';
}

const SHORT_SHA = 12;
/** A comment lists at most this many measured commits (a bisection of 2^40 commits measures ~40). */
const MAX_ROWS = 60;
const MAX_SUBJECT = 72;
function short(sha) {
    return sha.slice(0, SHORT_SHA);
}
function clip(text, width) {
    return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}
/** The hidden first line: one comment per bisected range and cells, edited when re-run. */
function bisectCommentMarker(report) {
    return `<!-- mysql-perf-gate:bisect=${short(report.good)}..${short(report.bad)} -->`;
}
function changeRow(change, unit) {
    return tableRow([
        codeSpan(change.cell),
        `${formatFigure(change.before)} ${unit}`,
        `${formatFigure(change.after)} ${unit}`,
        change.change === null ? '–' : `**${formatChangePercent(change.change)}**`,
    ]);
}
function resultLines(report) {
    const { result } = report;
    const metric = escapeMarkdown(report.metric);
    if (result === null)
        return ['The bisection did not finish.'];
    if (result.outcome === 'undecided') {
        const suspects = result.suspects.slice(0, MAX_ROWS).map((sha) => `- ${codeSpan(sha)}`);
        return [
            `The bisection could not decide: ${escapeMarkdown(clip(result.reason, 400))}.`,
            ...(suspects.length === 0 ? [] : ['', 'The first bad commit is one of these:', '', ...suspects]),
        ];
    }
    const unit = METRICS[report.metric].unit;
    const changes = report.change ?? [];
    return [
        `First bad commit: ${codeSpan(result.sha)} ${escapeMarkdown(clip(result.subject, MAX_SUBJECT))}`,
        ...(changes.length === 0
            ? []
            : [
                '',
                `Its change in ${metric}, the commit before it against it:`,
                '',
                tableRow(['cell', 'before', 'after', 'change']),
                tableDelimiter(['l', 'r', 'r', 'r']),
                ...changes.map((change) => changeRow(change, unit)),
            ]),
    ];
}
function measuredRows(report) {
    const rows = report.measured.slice(0, MAX_ROWS).map((commit) => {
        const role = commit.role === 'candidate' ? '' : ` (${commit.role})`;
        const values = report.cells.map((cell) => {
            const list = commit.values[cell];
            return list === undefined || list.length === 0 ? '–' : formatFigure(median(list));
        });
        return tableRow([
            codeSpan(short(commit.sha)),
            escapeTableCell(clip(commit.subject, MAX_SUBJECT)),
            ...values,
            `${commit.call}${role}`,
        ]);
    });
    if (rows.length === 0)
        return [];
    const more = report.measured.length - rows.length;
    return [
        '',
        '<details><summary>Commits measured</summary>',
        '',
        tableRow(['commit', 'subject', ...report.cells.map((cell) => codeSpan(cell)), 'call']),
        tableDelimiter(['l', 'l', ...report.cells.map(() => 'r'), 'l']),
        ...rows,
        ...(more > 0 ? ['', `and ${more} more`] : []),
        '',
        '</details>',
    ];
}
/** The whole comment, marker line first. `runUrl` is the bisecting workflow run (from the API context). */
function bisectComment(report, runUrl) {
    const lines = [
        bisectCommentMarker(report),
        `### Bisection of ${codeSpan(short(report.good))}..${codeSpan(short(report.bad))}`,
        '',
        ...resultLines(report),
        '',
        `${plural(report.builds, 'build', 'builds')}, ${plural(report.measured.length, 'commit', 'commits')} measured of ${plural(report.candidates, 'candidate', 'candidates')} (suite ${codeSpan(report.suite)}, ${report.cells.map((cell) => codeSpan(cell)).join(', ')}); [the bisection run](${markdownUrl(runUrl)}).`,
        ...measuredRows(report),
    ];
    return `${lines.join('\n')}\n`;
}

// The bisection's result, written back to the alert issue that asked for it (the action's
// `mode: bisect-comment`). The bisecting job builds and runs the server's code with a read-only
// token and uploads bisect.json; a second job, which runs no server code and holds `issues: write`,
// downloads it and runs this: bisect.json is read as data to check (no link, regular file, size
// cap, the report's schema), rendered here with everything escaped (report/bisect-comment.ts),
// and posted as one comment per bisected range, edited in place when the bisection is run again.
/** bisect.json of a bisection of thousands of commits is well under this. */
const MAX_BISECT_REPORT_BYTES = 5 * 1024 * 1024;
/** An issue number as the user wrote it: a positive whole number. */
function parseIssueNumber(text, spell) {
    const trimmed = text.trim().replace(/^#/, '');
    if (!/^[1-9][0-9]{0,9}$/.test(trimmed)) {
        throw new InputError(`${spell('issue')} ${JSON.stringify(text)}: expected an issue number, such as 42`);
    }
    return Number(trimmed);
}
/** bisect.json from the artifact, checked; an ArtifactError (one line) otherwise. */
function readBisectReport(dir) {
    const text = readCappedFile(dir, 'bisect.json', MAX_BISECT_REPORT_BYTES);
    if (text === null)
        throw refuse('bisect.json is missing (the bisecting job writes it)');
    let data;
    try {
        data = JSON.parse(text);
    }
    catch {
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
async function bisectCommentCommand(client, config, logger) {
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

// The action in bisect-comment mode: the second job of the bisect workflow posts the bisection's
// result (bisect.json from the bisecting job's artifact) on the alert issue that asked for it
// (commands/bisect-comment.ts). It runs no server code; its token may write issues. Errors go up
// to main.ts.
function required(name, why) {
    const value = optionalInput(name);
    if (value === undefined)
        throw new InputError(`input "${name}" is empty: bisect-comment mode ${why}`);
    return value;
}
async function commentBisection() {
    const artifact = required('artifact', 'reads bisect.json from the downloaded artifact');
    const issue = parseIssueNumber(required('issue', 'comments on that issue'), actionSpelling);
    const token = required('github-token', 'posts the comment with it (issues: write)');
    const { owner, repo } = context.repo;
    const outcome = await bisectCommentCommand(gitHubClient(token, coreLogger), {
        artifact,
        owner,
        repo,
        issue,
        runUrl: `${context.serverUrl}/${owner}/${repo}/actions/runs/${context.runId}`,
    }, coreLogger);
    setOutput('comment-url', outcome.url);
}

// The action's modes (input "mode"), which every mode's front end and main.ts share.
const ACTION_MODES = [
    'measure',
    'build',
    'merge',
    'publish',
    'history',
    'bisect',
    'bisect-comment',
    'settings',
    'approval',
    'accept',
];
/**
 * Input "mode": measure (the default: build, run, judge, comment), publish (comment only) or
 * history (append a nightly run to the history branch, find change points, open issues) or
 * bisect (find the commit where a cell changed) or bisect-comment (post its result on the alert
 * issue) or settings (read the file naming the nightly's runner, testbed and compiler) or approval
 * (whether a fork's pull-request event may be measured) or accept (a maintainer accepts the regression
 * measured at a pull request's head).
 */
function readMode() {
    const mode = input('mode') || 'measure';
    const known = ACTION_MODES.find((candidate) => candidate === mode);
    if (known !== undefined)
        return known;
    throw new InputError(`input "mode" ${JSON.stringify(mode)}: expected ${ACTION_MODES.join(', ')}`);
}

// The regression alert of the nightly workflow: one issue per alert key, found again by a hidden
// marker on its first line and edited in place, so a regression that persists for ten nights is one
// up-to-date issue rather than ten.
//
// The issues API has no search by body that sees HTML comments (the search API indexes rendered
// text), so the repository's issues are listed, newest first, until the marker turns up. That list
// also holds pull requests, which are skipped: a pull request quoting the marker is not the alert.
//
// A closed alert issue is updated but never reopened: a maintainer closed it on purpose (accepted
// the regression, or tracks it elsewhere), and a bot reopening it every night would be noise. The
// result says it is closed, with a warning, so the caller can mention it in the job summary.
/** GitHub refuses an issue body longer than this many characters. */
const MAX_BODY_CHARS = 65_536;
const PERMISSION_HINT = 'give the workflow `permissions: issues: write`';
/** The body written to the issue: the marker line, then the text. */
function alertIssueBody(marker, body) {
    return `${marker}\n${body}`;
}
/**
 * Updates the issue carrying `marker` (title and body; state and labels left alone), or creates it
 * when there is none. Makes no write when the title and body are already as asked.
 */
async function upsertAlertIssue(client, target) {
    checkTarget(target);
    const body = alertIssueBody(target.marker, target.body);
    const [existing] = await scanAlertIssues(client, target.owner, target.repo, (marker) => marker === target.marker, true);
    if (existing === undefined)
        return numbered(client, target, await createAlertIssue(client, target, body));
    const wanted = bodyFor(target, existing.number) ?? body;
    const warnings = existing.state === 'closed'
        ? [`issue #${existing.number} is closed; it was updated but left closed, as a maintainer closed it`]
        : [];
    if (existing.title === target.title && existing.body === wanted) {
        return {
            action: 'unchanged',
            number: existing.number,
            url: existing.url,
            state: existing.state,
            warnings,
        };
    }
    try {
        const { data } = await client.rest.issues.update({
            owner: target.owner,
            repo: target.repo,
            issue_number: existing.number,
            title: target.title,
            body: wanted,
        });
        return {
            action: 'updated',
            number: data.number,
            url: data.html_url,
            state: stateOf(data.state),
            warnings,
        };
    }
    catch (error) {
        throw writeFailure(error, `update issue #${existing.number}`, target);
    }
}
/** The whole body with the issue's number in it, checked as the first one is; undefined without bodyFor. */
function bodyFor(target, issueNumber) {
    if (target.bodyFor === undefined)
        return undefined;
    const body = alertIssueBody(target.marker, target.bodyFor(issueNumber));
    checkLength(body.length);
    return body;
}
/** A new issue edited to the body that names it, when the target has one. */
async function numbered(client, target, created) {
    const body = bodyFor(target, created.number);
    if (body === undefined)
        return created;
    try {
        await client.rest.issues.update({
            owner: target.owner,
            repo: target.repo,
            issue_number: created.number,
            body,
        });
    }
    catch (error) {
        throw writeFailure(error, `update issue #${created.number}`, target);
    }
    return created;
}
function checkLength(length) {
    if (length > MAX_BODY_CHARS) {
        throw new GitHubError(`the alert issue's body is ${length} characters, over GitHub's limit of ${MAX_BODY_CHARS}; ` +
            'shorten it (link the report instead of including it)');
    }
}
/** The marker and the body come from the code: a marker that could not be found again is a bug. */
function checkTarget(target) {
    if (!/^<!--[^\r\n]*-->$/.test(target.marker)) {
        throw new GitHubError(`bad alert marker "${target.marker}": it must be one HTML comment on one line; this is a bug`);
    }
    checkLength(alertIssueBody(target.marker, target.body).length);
}
function stateOf(state) {
    return state === 'closed' ? 'closed' : 'open';
}
/** An issue's marker: its first line when that is an HTML comment (a web edit may add `\r`). */
function markerOf(body) {
    const first = body.split(/\r?\n/, 1)[0]?.trim() ?? '';
    return first.startsWith('<!--') && first.endsWith('-->') ? first : undefined;
}
/** The issues whose marker `wanted` accepts, newest first; only the first when `firstOnly`. */
async function scanAlertIssues(client, owner, repo, wanted, firstOnly) {
    const found = [];
    try {
        await client.paginate(client.rest.issues.listForRepo, { owner, repo, state: 'all', sort: 'created', direction: 'desc', per_page: 100 }, (response, done) => {
            for (const issue of response.data) {
                const marker = markerOf(issue.body ?? '');
                if (issue.pull_request !== undefined || marker === undefined || !wanted(marker))
                    continue;
                const { number, html_url: url, title, body } = issue;
                found.push({ number, url, title, body: body ?? '', marker, state: stateOf(issue.state) });
                if (firstOnly) {
                    done();
                    break;
                }
            }
            return [];
        });
    }
    catch (error) {
        throw readFailure(error, owner, repo);
    }
    return found;
}
function readFailure(error, owner, repo) {
    const status = httpStatus(error);
    const hint = status === 404 || status === 403
        ? 'give the workflow `permissions: issues: read` (or `issues: write`)'
        : "see GitHub's message";
    return new GitHubError(`could not list the issues of ${owner}/${repo}: ${gitHubMessage(error)}; ${hint}`, {
        cause: error,
    });
}
function writeFailure(error, what, target) {
    const status = httpStatus(error);
    const hint = status === 403 || status === 404
        ? PERMISSION_HINT
        : status === 410
            ? 'issues are disabled on the repository: enable them in its settings'
            : (serverSideHint(error) ?? "see GitHub's message");
    return new GitHubError(`could not ${what} on ${target.owner}/${target.repo}: ${gitHubMessage(error)}; ${hint}`, { cause: error });
}
/**
 * A new issue with the labels; without them when GitHub refuses them (a label the token may not
 * create answers 422 or 403), since an alert without labels beats no alert.
 */
async function createAlertIssue(client, target, body) {
    const { owner, repo, title } = target;
    const labels = [...(target.labels ?? [])];
    const warnings = [];
    // A create whose answer was lost may have made the issue: look for its marker before another.
    const find = async () => {
        const [issue] = await scanAlertIssues(client, owner, repo, (marker) => marker === target.marker, true);
        return issue && { action: 'created', number: issue.number, url: issue.url, state: issue.state, warnings };
    };
    const create = (withLabels) => async () => {
        const { data } = await client.rest.issues.create({
            owner,
            repo,
            title,
            body,
            ...(withLabels.length > 0 ? { labels: [...withLabels] } : {}),
            request: NO_RETRY,
        });
        return {
            action: 'created',
            number: data.number,
            url: data.html_url,
            state: stateOf(data.state),
            warnings,
        };
    };
    if (labels.length > 0) {
        try {
            return await createOnce(find, create(labels), { secondMs: client.secondMs });
        }
        catch (error) {
            const status = httpStatus(error);
            if (status !== 422 && status !== 403)
                throw writeFailure(error, 'create the alert issue', target);
            warnings.push(`the labels ${labels.join(', ')} were refused (${gitHubMessage(error)}); the issue was created ` +
                'without them: create the labels in the repository, or give the workflow `issues: write`');
        }
    }
    try {
        return await createOnce(find, create([]), { secondMs: client.secondMs });
    }
    catch (error) {
        throw writeFailure(error, 'create the alert issue', target);
    }
}

// Which of the nightly's new regressions a maintainer accepted on a pull request: the acceptances'
// ledger read from the history branch (history/acceptance-ledger.ts), then, for the acceptances
// whose accepted change fits a change point, the pull request asked whether it was merged and
// where (GET the pull request), and GitHub asked whether that merge commit lies in the change's
// commit range (the compare API). The decision is history/accepted-changes.ts's; this gathers what
// it needs. Nothing here fails the nightly: a ledger that cannot be read or does not parse, or a
// question the API does not answer, is a warning, and the change alerts as it would without it.
/** The ledger's entries; none, with a warning, when it cannot be read or does not parse. */
async function ledgerEntries(client, lookup, logger) {
    const where = `${lookup.branch}:${ACCEPTANCE_LEDGER_PATH}`;
    try {
        const file = await readBranchFile(client, {
            owner: lookup.owner,
            repo: lookup.repo,
            branch: lookup.branch,
            path: ACCEPTANCE_LEDGER_PATH,
            maxBytes: MAX_LEDGER_BYTES,
        });
        return parseLedger(file?.content ?? null, where).entries;
    }
    catch (error) {
        if (!(error instanceof GateError))
            throw error;
        logger.warning(`${errorMessage(error)}; no acceptance is applied to the regressions`);
        return [];
    }
}
/** `ask`, asked once per key: the same pull request or range comes up for several cells. */
function memo(ask) {
    const known = new Map();
    return (key) => {
        const cached = known.get(key);
        if (cached !== undefined)
            return cached;
        const asked = ask(key);
        known.set(key, asked);
        return asked;
    };
}
function gitHubAnswers(client, lookup, logger) {
    const repository = { owner: lookup.owner, repo: lookup.repo };
    const merge = memo(async (pullRequest) => {
        try {
            const { data } = await client.rest.pulls.get({ ...repository, pull_number: pullRequest });
            // An open pull request has a merge_commit_sha too (its test merge): merged_at decides.
            if (data.merged_at === null)
                return { kind: 'not-merged' };
            if (data.merge_commit_sha === null)
                return { kind: 'unknown', why: 'merged, without a merge commit' };
            return { kind: 'merged', commit: data.merge_commit_sha, inRange: false };
        }
        catch (error) {
            const why = `could not read the pull request: ${gitHubMessage(error)}`;
            logger.warning(`#${pullRequest}: ${why}; its acceptance is not applied`);
            return { kind: 'unknown', why };
        }
    });
    const compareRange = memo(async (range) => {
        const [base = '', head = ''] = range.split('...');
        try {
            const { data } = await client.rest.repos.compareCommits({ ...repository, base, head, per_page: 1 });
            return { status: data.status };
        }
        catch (error) {
            const why = `could not compare ${base.slice(0, 12)}...${head.slice(0, 12)}: ${gitHubMessage(error)}`;
            logger.warning(`${why}; an acceptance merged there is not applied`);
            return { why };
        }
    });
    return { merge, compare: ({ base, head }) => compareRange(`${base}...${head}`) };
}
/** Where `pullRequest`'s merge commit lies against `change`'s range. */
async function placeOf(answers, change, pullRequest) {
    const merge = await answers.merge(pullRequest);
    if (merge.kind !== 'merged')
        return merge;
    const since = await answers.compare({ base: change.lastBefore.commit, head: merge.commit });
    if ('why' in since)
        return { kind: 'unknown', why: since.why };
    // Not after the last commit before: outside, whatever the first commit after says.
    if (since.status !== 'ahead')
        return merge;
    const until = await answers.compare({ base: merge.commit, head: change.firstAfter.commit });
    if ('why' in until)
        return { kind: 'unknown', why: until.why };
    return { ...merge, inRange: mergeInRange(since.status, until.status) };
}
/**
 * The regressions among `regressions` an acceptance explains, each logged with who accepted it and
 * why; the others are logged with why no acceptance did, when one named their cell and metric.
 */
async function acceptedRegressions(client, lookup, file, toleranceFlags, regressions, logger) {
    if (regressions.length === 0)
        return [];
    const entries = await ledgerEntries(client, lookup, logger);
    if (entries.length === 0)
        return [];
    const answers = gitHubAnswers(client, lookup, logger);
    const accepted = [];
    for (const change of regressions) {
        const tolerance = changeTolerance(change, file.suite.tolerances, toleranceFlags);
        const { candidates, notes } = acceptanceCandidates(change, entries, { suite: file.key.suite, tolerance });
        const places = new Map();
        for (const { entry } of candidates) {
            if (!places.has(entry.pullRequest)) {
                places.set(entry.pullRequest, await placeOf(answers, change, entry.pullRequest));
            }
        }
        const explanation = explainChange(change, candidates, (pullRequest) => places.get(pullRequest) ?? { kind: 'unknown', why: 'not asked' }, notes);
        if (explanation.kind === 'accepted') {
            logger.info(acceptedLine(explanation.accepted));
            accepted.push(explanation.accepted);
        }
        else if (explanation.notes.length > 0) {
            logger.info(`${change.cell} ${change.metric ?? 'value'} ${formatChangePercentPlain(change.change)}: no acceptance explains it (${explanation.notes.join('; ')})`);
        }
    }
    return accepted;
}

// The nightly's history step (the action's `mode: history`): the run's results are appended to the
// history kept on a branch of the repository (Git Data API, one commit per night, retried when two
// workflows append at once), the change points are found, the history chart is published beside
// the pull-request charts, and each new regression opens an issue, or updates the one already
// open for it (found by a hidden marker), unless a maintainer accepted it on the pull request
// merged in its range (commands/history-acceptances.ts): then the log, the summary and the
// changes say who accepted it and why. Improvements are listed, and open nothing. The history's
// page (report/history-page.ts) is written beside the report and published on the charts branch,
// where GitHub Pages serves it; the issue links it when the Pages address is known.
/**
 * An address the action was given for a page (`pages-url`, `history-page-url`): http or https,
 * without credentials. With `directory`, it ends with `/`, so paths can be appended.
 */
function parsePageAddress(text, label, directory) {
    let url;
    try {
        url = new URL(text.trim());
    }
    catch {
        throw new InputError(`${label} ${JSON.stringify(text)}: expected an http(s) address, e.g. https://OWNER.github.io/REPO/`);
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '') {
        throw new InputError(`${label} ${JSON.stringify(text)}: expected an http(s) address without credentials`);
    }
    if (directory && !url.pathname.endsWith('/'))
        url.pathname = `${url.pathname}/`;
    return url.href;
}
/** A nightly's results file is read only up to this size (the standard suite writes about 1 MB). */
const MAX_RESULTS_BYTES = 20 * 1024 * 1024;
function readNightlyResults(path) {
    let stats;
    try {
        stats = lstatSync(path);
    }
    catch (error) {
        throw new InputError(`cannot read results ${path}: ${errorMessage(error)}`);
    }
    if (!stats.isFile())
        throw new InputError(`${path} is not a regular file`);
    if (stats.size > MAX_RESULTS_BYTES) {
        throw new InputError(`${path} is ${stats.size} bytes, over the ${MAX_RESULTS_BYTES}-byte cap for results`);
    }
    const results = parseResults(readFileSync(path, 'utf8'), path);
    checkWholeRun(results, path, 'a history entry');
    return results;
}
/** The commit's committer date from the API (trusted), or null when it cannot be read. */
async function commitDate(client, config, commit, logger) {
    try {
        const { data } = await client.rest.git.getCommit({
            owner: config.owner,
            repo: config.repo,
            commit_sha: commit,
        });
        return data.committer.date;
    }
    catch (error) {
        logger.warning(`the date of commit ${commit.slice(0, 12)} could not be read (${errorMessage(error)}): the run is ordered by when it ran`);
        return null;
    }
}
/** Appends on the branch; the update function runs again on the newest content after a lost race. */
async function appendOnBranch(client, config, results, run) {
    const path = historyRelativePath(run);
    // The update runs once per attempt; the last one's file is what the branch holds.
    const last = {};
    const written = await updateBranchFile(client, {
        owner: config.owner,
        repo: config.repo,
        branch: config.branch,
        path,
        maxBytes: MAX_HISTORY_BYTES,
        message: `history: ${run.key.suite} at ${run.entry.commit.slice(0, 12)} (${config.runUrl})`,
        update: (current) => {
            const existing = current === null ? null : parseHistoryText(current, `${config.branch}:${path}`);
            // A re-run of the same workflow run replaces its entry rather than adding a second.
            last.file = appendToHistory(existing, results, run, {
                replace: true,
                where: `${config.branch}:${path}`,
                names: optionNames(actionSpelling),
            }).file;
            return serializeHistory(last.file);
        },
    });
    if (last.file === undefined)
        throw new Error('the history update produced no file');
    return { path, file: last.file, commitSha: written.commitSha };
}
/** The history chart in the report directory, then on the charts branch; its address, or null. */
async function publishChart(client, config, analyses, subtitle, logger) {
    const spec = historySpec(analyses, subtitle);
    if (spec === null)
        return null;
    const written = await writeCharts(config.reportDir, [{ name: 'history', title: HISTORY_TITLE, spec }]);
    for (const warning of written.warnings)
        logger.debug(warning);
    for (const chart of written.undrawn)
        logger.warning(chart.warning);
    const drawn = written.charts[0];
    if (drawn === undefined)
        return null;
    try {
        const published = await publishImages(client, {
            owner: config.owner,
            repo: config.repo,
            branch: config.chartsBranch,
            directory: `history/${config.runKey}`,
            files: [{ name: 'history.png', content: readFileSync(drawn.pngPath) }],
        });
        return published.urls['history.png'] ?? null;
    }
    catch (error) {
        logger.warning(`the history chart was not published: ${errorMessage(error)}`);
        return null;
    }
}
/**
 * An empty `.nojekyll` at the branch's root: GitHub Pages then serves the files as they are, instead
 * of running Jekyll over every chart and leaving out folders whose names start with `_`.
 */
const NO_JEKYLL = '.nojekyll';
/** The history's page in the report directory, then on the charts branch; a failure to publish is a warning. */
async function publishPage(client, config, file, logger) {
    const written = writeHistoryPage(join(config.reportDir, 'page'), { file, settings: config.settings });
    const directory = historyPageDirectory(file.key);
    const branchPath = `${directory}/index.html`;
    try {
        await publishFiles(client, {
            owner: config.owner,
            repo: config.repo,
            branch: config.chartsBranch,
            directory,
            message: `mysql-perf-gate history page ${directory} (${config.runUrl})`,
            files: [
                { path: branchPath, content: Buffer.from(written.html, 'utf8') },
                { path: NO_JEKYLL, content: new Uint8Array() },
            ],
        });
    }
    catch (error) {
        logger.warning(`the history page was not published: ${errorMessage(error)}`);
        return { localPath: written.path, branchPath: null, url: null };
    }
    const url = config.pagesUrl === undefined ? null : `${config.pagesUrl}${directory}/`;
    logger.info(url === null
        ? `history page: ${branchPath} on branch ${config.chartsBranch} (GitHub Pages from that branch serves it; input pages-url links it)`
        : `history page: ${url}`);
    return { localPath: written.path, branchPath, url };
}
/** The suite's own metric: alerts are about it; the others are listed only. */
function primaryMetric(file) {
    return file.suite.metric === 'instructions' ? 'instructions' : 'tps';
}
/** Regressions grouped by commit range: one issue per range, every cell in it. */
function byRange(regressions) {
    const groups = new Map();
    for (const change of regressions) {
        const key = `${change.lastBefore.commit}..${change.firstAfter.commit}`;
        groups.set(key, [...(groups.get(key) ?? []), change]);
    }
    return [...groups.values()];
}
async function openAlerts(client, config, regressions, accepted, context, logger) {
    const explained = new Map(accepted.map((item) => [changeKey(item.change), item]));
    const alerts = [];
    for (const range of byRange(regressions)) {
        const changes = range.filter((change) => !explained.has(changeKey(change)));
        const acceptedHere = range.flatMap((change) => explained.get(changeKey(change)) ?? []);
        // Every regression of the range accepted: no issue (the log says who accepted each and why).
        if (changes.length === 0)
            continue;
        const render = (issue) => alertIssue(changes, {
            ...context,
            repositoryUrl: config.repositoryUrl,
            runUrl: config.runUrl,
            issue,
            accepted: acceptedHere,
        });
        const content = render(null);
        const issue = await upsertAlertIssue(client, {
            owner: config.owner,
            repo: config.repo,
            marker: `<!-- mysql-perf-gate:alert=${content.key} -->`,
            title: content.title,
            body: content.body,
            bodyFor: (number) => render(number).body,
            labels: [...config.labels],
        });
        for (const warning of issue.warnings)
            logger.warning(warning);
        alerts.push({ changes, accepted: acceptedHere, issue });
    }
    return alerts;
}
async function historyNightlyCommand(client, config, logger) {
    const results = readNightlyResults(config.resultsPath);
    // Not historyRunFor: the date comes from the API, never from a path the results file names.
    const draft = historyRun(results, {
        commitDate: null,
        run: config.runUrl,
        ...(config.commit === undefined ? {} : { commit: config.commit }),
        ...(config.testbed === undefined ? {} : { testbed: config.testbed }),
        names: optionNames(actionSpelling),
    });
    const date = await commitDate(client, config, draft.entry.commit, logger);
    const run = { ...draft, entry: { ...draft.entry, commitDate: date } };
    const stored = await appendOnBranch(client, config, results, run);
    for (const gap of draft.gaps)
        logger.warning(`history: ${gap}; the entry keeps the values there are`);
    logger.info(`history ${config.branch}:${stored.path}: ${stored.file.entries.length} runs`);
    const analyses = analyzeHistory(stored.file, config.settings);
    const runs = stored.file.entries.length;
    const recent = analyses.flatMap((analysis) => analysis.changes.filter((change) => isRecent(change, analysis.series.points.length, config.recent)));
    const recentRegressions = recent.filter((change) => change.kind === 'regression');
    const alerting = recentRegressions.filter((change) => change.metric === primaryMetric(stored.file));
    const subtitle = `suite ${stored.file.key.suite}, testbed ${stored.file.key.testbed}: ${runs} runs, median of each run's repetitions`;
    const chartUrl = await publishChart(client, config, analyses, subtitle, logger);
    const page = await publishPage(client, config, stored.file, logger);
    const flags = config.settings.toleranceFlags ?? [];
    const accepted = await acceptedRegressions(client, config, stored.file, flags, recentRegressions, logger);
    mkdirSync(config.reportDir, { recursive: true });
    const document = changesDocument(analyses, config.settings, accepted);
    writeFileAtomic(join(config.reportDir, 'changes.json'), `${JSON.stringify({ schemaVersion: 1, histories: [{ path: stored.path, ...document }] }, null, 2)}\n`);
    const context = {
        suite: stored.file.key.suite,
        testbed: stored.file.key.testbed,
        optionsHash: stored.file.key.optionsHash,
        chartUrl,
        pageUrl: page.url,
    };
    const alerts = config.alert ? await openAlerts(client, config, alerting, accepted, context, logger) : [];
    return {
        path: stored.path,
        historyCommit: stored.commitSha,
        file: stored.file,
        analyses,
        recentRegressions,
        recentImprovements: recent.filter((change) => change.kind === 'improvement'),
        accepted,
        alerts,
        chartUrl,
        page,
        text: changesText(analyses, accepted),
    };
}

// Where the action delivers a verdict, read once from its inputs and the event: the pull request
// it runs for (and the token to comment with), the job summary, a chat webhook, and the run to link.
/** The repository and run, when the runner says which (GITHUB_REPOSITORY is unset outside GitHub). */
function runContext(pullRequest) {
    const repository = process.env.GITHUB_REPOSITORY;
    if (repository === undefined || repository === '')
        return pullRequest === undefined ? {} : { pullRequest };
    return {
        repository,
        runUrl: `${context.serverUrl}/${repository}/actions/runs/${context.runId}`,
        ...(pullRequest === undefined ? {} : { pullRequest }),
    };
}
/** The pull request to comment on: on a pull-request event, with a token, unless input comment is false. */
function pullRequestTarget(pullRequest) {
    const token = input('github-token');
    // Read (and a value that is not a boolean refused) on every event, not only on a pull request's.
    const comment = booleanInput('comment');
    if (pullRequest === undefined)
        return undefined;
    if (token === '') {
        coreLogger.info('no github-token: the comment is not posted');
        return undefined;
    }
    if (!comment)
        return undefined;
    const { owner, repo } = context.repo;
    const historyPage = input('history-page-url');
    return {
        client: gitHubClient(token, coreLogger),
        owner,
        repo,
        pullRequest,
        chartsBranch: input('charts-branch'),
        runKey: `${context.runId}-${context.runAttempt}`,
        runUrl: `${context.serverUrl}/${owner}/${repo}/actions/runs/${context.runId}`,
        group: 'Comment on the pull request',
        chartsKeep: chartsKeepFromFlag(input('charts-keep'), 'input "charts-keep"'),
        ...(historyPage === ''
            ? {}
            : { notes: { historyPageUrl: parsePageAddress(historyPage, 'input "history-page-url"', false) } }),
    };
}
/**
 * The sinks and the run's context. `withPullRequest` is false where the pull request is found
 * otherwise (publish mode finds it by the measured commit).
 */
function readDelivery(withPullRequest = true) {
    const number = context.payload.pull_request?.number;
    const pullRequest = typeof number === 'number' ? number : undefined;
    const summary = process.env.GITHUB_STEP_SUMMARY;
    const target = withPullRequest ? pullRequestTarget(pullRequest) : undefined;
    const webhook = input('webhook-url');
    // A secret: masked wherever the log would show it.
    if (webhook !== '')
        setSecret(webhook);
    const targets = {
        ...(target === undefined ? {} : { pullRequest: target }),
        // Outside GitHub there is no job summary.
        ...(summary ? { jobSummaryPath: summary } : {}),
        ...(webhook === '' ? {} : { webhook: { url: webhook, label: 'input "webhook-url"' } }),
    };
    return { sinks: sinksFor(targets), context: runContext(pullRequest) };
}

// The action in history mode: the nightly's second job appends the measured run to the history
// branch, finds the change points and opens an issue per new regression (commands/history-nightly.ts).
// Errors go up to main.ts, which fails the step with their one line.
function readLabels() {
    return input('alert-labels')
        .split(',')
        .map((label) => label.trim())
        .filter((label) => label !== '');
}
/** Every history input, checked before anything is read or written. */
function readHistoryInputs() {
    const artifact = optionalInput('artifact');
    if (artifact === undefined) {
        throw new InputError('input "artifact" is empty: history mode reads results.json from the downloaded artifact');
    }
    const token = input('github-token');
    if (token === '')
        throw new InputError('input "github-token" is empty: history mode writes the history branch with it');
    const request = historyChangesRequest({
        dir: '',
        window: input('window'),
        maxP: input('max-p'),
        tolerance: multilineInput('tolerance'),
        recent: input('recent'),
        ...(optionalInput('min-magnitude') === undefined
            ? {}
            : { minMagnitude: optionalInput('min-magnitude') }),
    }, actionSpelling);
    const commit = optionalInput('commit');
    const pagesUrl = optionalInput('pages-url');
    const { owner, repo } = context.repo;
    return {
        token,
        config: {
            resultsPath: join(artifact, 'results.json'),
            owner,
            repo,
            branch: input('history-branch'),
            chartsBranch: input('charts-branch'),
            testbed: optionalInput('testbed'),
            commit: commit === undefined ? undefined : parseCommit(commit, 'input "commit"'),
            runUrl: `${context.serverUrl}/${owner}/${repo}/actions/runs/${context.runId}`,
            runKey: `${context.runId}-${context.runAttempt}`,
            repositoryUrl: `${context.serverUrl}/${owner}/${repo}`,
            settings: request.settings,
            recent: request.recent ?? Number(SETTINGS.recent.default),
            alert: booleanInput('alert'),
            labels: readLabels(),
            reportDir: optionalInput('report-dir') ?? 'mysql-perf-gate-history-report',
            ...(pagesUrl === undefined ? {} : { pagesUrl: parsePageAddress(pagesUrl, 'input "pages-url"', true) }),
        },
    };
}
function line(change) {
    const metric = change.metric ?? 'value';
    return `${change.cell} ${metric} ${formatChangePercentPlain(change.change)} between ${change.lastBefore.commit.slice(0, 12)} and ${change.firstAfter.commit.slice(0, 12)}`;
}
function report(outcome) {
    coreLogger.info(outcome.text);
    for (const change of outcome.recentImprovements)
        coreLogger.info(`improvement: ${line(change)}`);
    for (const alert of outcome.alerts) {
        const issue = alert.issue;
        const cells = alert.changes.map(line).join('; ');
        if (issue)
            coreLogger.warning(`regression: ${cells}: issue #${issue.number} ${issue.action} (${issue.url})`);
    }
    const alerted = new Set(outcome.alerts.flatMap((alert) => alert.changes));
    // An accepted regression is no warning: the command logged who accepted it and why.
    const accepted = new Set(outcome.accepted.map((item) => item.change));
    const unexplained = outcome.recentRegressions.filter((change) => !accepted.has(change));
    for (const change of unexplained) {
        if (!alerted.has(change))
            coreLogger.warning(`regression: ${line(change)}`);
    }
    setOutput('history-path', outcome.path);
    setOutput('history-page-path', outcome.page.branchPath ?? '');
    setOutput('history-page-url', outcome.page.url ?? '');
    setOutput('regressions', String(unexplained.length));
    setOutput('improvements', String(outcome.recentImprovements.length));
    setOutput('issues', outcome.alerts.flatMap((alert) => (alert.issue ? [String(alert.issue.number)] : [])).join(','));
}
async function appendToHistoryBranch() {
    const { config, token } = readHistoryInputs();
    const outcome = await group('Append to the history and look for change points', () => historyNightlyCommand(gitHubClient(token, coreLogger), config, coreLogger));
    report(outcome);
    setOutput('report-dir', config.reportDir);
    if (process.env.GITHUB_STEP_SUMMARY) {
        const chart = outcome.chartUrl === null ? '' : `\n\n![History and change points](${outcome.chartUrl})`;
        const page = outcome.page.url === null ? '' : `\n\nEvery series: [the history page](${outcome.page.url})`;
        await summary
            .addRaw(`### Performance history\n\n\`\`\`\n${outcome.text.replace(/`/g, "'")}\n\`\`\`${chart}${page}\n`)
            .write();
    }
}

// The action in settings mode: a workflow's settings job reads the settings file (input
// "settings-file") for what only a workflow can use (commands/workflow-settings.ts): the pinned
// machine's runner labels, the testbed and the compiler of the nightly and the bisection, the
// suite (the publishing workflow checks a suite file out), the commit status's context and the
// name of the webhook's secret, and hands them to later jobs as outputs. Errors go up to main.ts,
// which fails the step with their one line.
function readSettingsFile() {
    const path = getInput('settings-file') || DEFAULT_SETTINGS_FILE;
    const outputs = readWorkflowSettings(path);
    if (!existsSync(path))
        coreLogger.info(`no settings file ${path}: every output its default`);
    for (const [name, value] of Object.entries(outputs))
        setOutput(name, value);
    const shown = Object.entries(outputs).map(([name, value]) => `${name} ${value === '' ? 'none' : value}`);
    coreLogger.info(`${path}: ${shown.join(', ')}`);
    return Promise.resolve();
}

// The publish mode's inputs: the downloaded artifact, the measured commit,
// where the report goes, and the settings it judges with (suite, tolerance, gate, alpha: the
// publishing workflow's, which runs the default branch's files) and approves with (status-context,
// fork-label, require-approval, trusted-authors). The commit, the head repository and who set the
// measuring run off come from the `workflow_run` event GitHub wrote (the first two also from the
// `head-sha` and `head-repository` inputs), never from the artifact.
/** The parts of a workflow_run event this mode reads; anything else in the payload is ignored. */
const WorkflowRunEvent = object({
    workflow_run: object({
        head_sha: string().optional(),
        head_branch: string().nullable().optional(),
        head_repository: object({ full_name: string().optional(), owner: object({ login: string() }) })
            .nullable()
            .optional(),
        // Who set the measuring run off: the label approves a head only when they all can write.
        actor: object({ login: string() }).nullish(),
        triggering_actor: object({ login: string() }).nullish(),
    })
        .optional(),
});
/** Every publish input, checked before anything is read from the artifact. */
function readPublishInputs() {
    const event = WorkflowRunEvent.safeParse(context.payload);
    const run = event.success ? event.data.workflow_run : undefined;
    const paths = publishPathsFromFlags({
        artifact: optionalInput('artifact'),
        headSha: optionalInput('head-sha') ?? run?.head_sha,
        headRepository: optionalInput('head-repository') ?? run?.head_repository?.full_name,
        reportDir: optionalInput('report-dir'),
    }, actionSpelling);
    // The publishing workflow's own settings (the default branch's), read before the artifact is.
    const judging = publishJudgingFromFlags({
        suite: input('suite'),
        tolerance: multilineInput('tolerance'),
        ...judgingInputs(),
    }, actionSpelling);
    const approval = approvalFromFlags({
        statusContext: optionalInput('status-context'),
        forkLabel: optionalInput('fork-label'),
        requireApproval: optionalInput('require-approval'),
        trustedAuthors: multilineInput('trusted-authors'),
    }, actionSpelling);
    const token = input('github-token');
    if (token === '') {
        throw new InputError('input "github-token" is empty: publish mode posts the comment with it');
    }
    const historyPage = optionalInput('history-page-url');
    const owner = run?.head_repository?.owner.login;
    const branch = run?.head_branch;
    const { owner: repoOwner, repo } = context.repo;
    return {
        token,
        config: {
            ...paths,
            judging,
            ...approval,
            triggeredBy: [run?.actor?.login, run?.triggering_actor?.login].filter((login) => login !== undefined),
            owner: repoOwner,
            repo,
            ...(owner && branch ? { headLabel: `${owner}:${branch}` } : {}),
            chartsBranch: input('charts-branch'),
            runKey: `${context.runId}-${context.runAttempt}`,
            runUrl: `${context.serverUrl}/${repoOwner}/${repo}/actions/runs/${context.runId}`,
            chartsKeep: chartsKeepFromFlag(optionalInput('charts-keep'), 'input "charts-keep"'),
            ...(historyPage === undefined
                ? {}
                : { historyPageUrl: parsePageAddress(historyPage, 'input "history-page-url"', false) }),
        },
    };
}

// The action in publish mode: post the comment and set the status for a run measured elsewhere
// (see commands/publish.ts); a fork's head nobody approved gets a notice and no verdict. Errors go up to main.ts, which fails the step with their one line.
async function publishFromArtifact() {
    const { config, token } = readPublishInputs();
    // The pull request is the one publishCommand finds by the measured commit, not the event's.
    const { sinks } = readDelivery(false);
    const published = await group('Publish the measured run', () => publishCommand(config, gitHubClient(token, coreLogger), coreLogger, sinks));
    if (published.kind === 'awaiting') {
        notice(`pull request #${published.pullRequest.number}: no verdict posted, ${published.why}`);
        setOutput('comment-url', published.commentUrl);
        setOutput('verdict', 'awaiting-approval');
        return;
    }
    coreLogger.info(published.summary);
    setOutput('comment-url', published.posted.commentUrl);
    setOutput('report-dir', config.outDir);
    setOutput('verdict', published.verdict.verdict);
    setOutput('regressions', String(published.verdict.counts.regression));
    setOutput('verdict-path', published.verdictPath);
    setOutput('accepted', String(published.accepted !== null));
    // The verdict decided the measuring run's step; this step's job is the comment, so a fail
    // verdict does not fail it a second time.
}

// Input "shards" of mode merge: results files, or directories holding them (as
// actions/download-artifact leaves one directory per shard's artifact), each searched for files
// named results.json.
/** How deep a directory is searched for results.json (artifact/perf/results.json is 3). */
const MAX_DEPTH = 4;
function resultsFilesUnder(dir, depth) {
    if (depth > MAX_DEPTH)
        return [];
    return readdirSync(dir, { withFileTypes: true })
        .sort((a, b) => a.name.localeCompare(b.name))
        .flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory())
            return resultsFilesUnder(path, depth + 1);
        return entry.isFile() && entry.name === 'results.json' ? [path] : [];
    });
}
/** The results files the entries name: files as given, directories searched for results.json. */
function shardResultFiles(entries) {
    if (entries.length === 0) {
        throw new InputError('mode merge needs input "shards": the shards\' results files, or directories holding them');
    }
    return entries.flatMap((entry) => {
        let isDirectory;
        try {
            isDirectory = statSync(entry).isDirectory();
        }
        catch {
            throw new InputError(`input "shards": ${entry} does not exist`);
        }
        if (!isDirectory)
            return [entry];
        const found = resultsFilesUnder(entry, 1);
        if (found.length === 0)
            throw new InputError(`input "shards": no results.json under ${entry}`);
        return found;
    });
}

// The action's front end: read the inputs of the mode asked for, run its command (the gate for
// measure and merge: commands/gate.ts), set the outputs. The one place that calls core.setFailed,
// its message made printable: it may quote what the code under test printed.
/** Outputs set as the gate goes, so that they survive a later failure. */
const events = {
    cacheFor: actionsCcache,
    built: (side, outcome, reused) => {
        setOutput(`${side}-prefix`, outcome.prefix);
        setOutput('reused', reused.join(','));
    },
    measured: (outcome) => {
        setOutput('results', outcome.resultsPath);
        setOutput('raw-dir', outcome.rawDir);
    },
    checked: (check) => {
        setOutput('runner-grade', check.report.grade.letter);
        const summary = process.env.GITHUB_STEP_SUMMARY;
        if (summary)
            appendFileSync(summary, renderDoctorMarkdown(check.report, check.below ?? undefined));
        return Promise.resolve();
    },
};
/** The judging inputs, checked; the changed lines link to this repository when GitHub says which. */
function readJudging() {
    return judgeSettingsFromFlags(readCompareInputs(), actionSpelling, workflowRepositoryUrl(process.env).sourceUrl);
}
/** The verdict's outputs, and the step failed when the verdict fails the gate. */
function judged(run) {
    const { compared } = run;
    setOutput('report-dir', dirname(compared.report.commentPath));
    const comment = run.receipts.find((receipt) => receipt.sink === PULL_REQUEST_COMMENT);
    if (comment?.url !== undefined)
        setOutput('comment-url', comment.url);
    setOutput('verdict', compared.verdict.verdict);
    setOutput('regressions', String(compared.verdict.counts.regression));
    setOutput('verdict-path', compared.verdictPath);
    if (run.failure !== null)
        setFailed(printable(run.failure));
}
/** Mode measure: build (with input source), run, judge, deliver. */
async function measure() {
    // Every input is read and checked before the first build or server starts.
    const runInputs = readRunInputs();
    const doctor = doctorGateFromFlags(readDoctorInputs(runInputs), actionSpelling);
    const plan = planGate(runInputs, readBuildInputs(runInputs), readJudging(), doctor);
    const delivery = readDelivery();
    // Before anything starts: a cancelled job's post step stops what this step leaves running.
    saveStateForPost();
    const outcome = await gateCommand(plan, delivery, events, coreLogger);
    if (outcome.kind === 'judged')
        judged(outcome.judged);
}
/** Mode build: the servers of input source (and base-source), built and left for later jobs. */
async function buildOnly() {
    const buildInputs = readBuildInputs(readRunInputs());
    if (!buildInputs) {
        throw new InputError('mode build builds the servers of input "source" (and "base-source"): give a source tree');
    }
    const builds = planBuilds(buildInputs);
    // Every side checked before the first build waits for the machine lock.
    const checked = await checkSides(builds, buildInputs.common, coreLogger);
    await inCleanupScope(coreLogger, (scope) => buildServers(buildInputs.common, { builds, checked }, events, [], coreLogger, scope));
}
/** Mode merge: every shard's results (input "shards") into one results file, then judged. */
async function mergeAndJudge() {
    const files = shardResultFiles(multilineInput('shards'));
    const judging = readJudging();
    const delivery = readDelivery();
    const outcome = await group('Merge the shards', () => Promise.resolve(mergeCommand({
        inputs: files,
        outPath: input('out') || 'mysql-perf-gate/results.json',
        spell: actionSpelling,
    }, coreLogger)));
    coreLogger.info(outcome.summary);
    events.measured?.(outcome);
    const run = await judgeRun(outcome, judging, delivery, coreLogger);
    if (run !== null)
        judged(run);
}
/** Every mode but measure; one that returns a reason fails the step with it. */
const OTHER_MODES = {
    publish: publishFromArtifact,
    history: appendToHistoryBranch,
    bisect: bisectFromInputs,
    'bisect-comment': commentBisection,
    settings: readSettingsFile,
    approval: checkForkApproval,
    accept: acceptFromEvent,
    build: buildOnly,
    merge: mergeAndJudge,
};
async function run() {
    try {
        // Every mode but measure reads only its own inputs (publish: a run measured by another workflow).
        const mode = readMode();
        const failure = await (OTHER_MODES[mode] ?? measure)();
        if (typeof failure === 'string')
            setFailed(printable(failure));
    }
    catch (error) {
        failWith(error);
    }
}
/**
 * The step failed with one line: the message of the tool's own errors, or, for anything else (a
 * bug), the message said to be internal, with where to report it. The stack goes to the debug log
 * only, which a re-run with debug logging shows.
 */
function failWith(error) {
    coreLogger.debug(inspect(error));
    setFailed(printable(error instanceof GateError
        ? withSettingsSource(error.message)
        : internalErrorLine(error, packageIssuesUrl(), 're-run the job with debug logging enabled (ACTIONS_STEP_DEBUG) for the stack')));
}

// Entry point of the action.
await run();
