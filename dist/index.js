import { i as isDebug, g as getInput, a as getMultilineInput, b as getBooleanInput, s as setOutput, c as group, d as summary, e as setSecret, f as setFailed } from './actions-toolkit.js';
import { lstatSync, openSync, constants, fstatSync, readSync, closeSync, readdirSync, realpathSync, existsSync, mkdirSync, readFileSync, statSync, appendFileSync } from 'node:fs';
import { join, resolve, dirname, relative, isAbsolute } from 'node:path';
import { inspect } from 'node:util';
import 'node:child_process';
import { I as InputError, G as GateError, b as array, l as literal, _ as _enum, e as errorMessage, Z as ZodError, w as writeFileAtomic, o as object, s as string, n as number, c as printable, i as internalErrorLine } from './gate-core.js';
import 'node:fs/promises';
import 'node:zlib';
import { ap as tableRow, aq as escapeTableCell, ar as escapeMarkdown, as as gradeLine, at as tableDelimiter, au as GitHubError, ag as gitHubMessage, af as httpStatus, I as cliSpelling, av as foldLines, aw as Verdict, ax as CellComparison, M as METRIC_NAMES, ay as CellVerdict, az as CellFunctionDeltas, aA as parseVersionedJson, aB as VERDICT_SCHEMA_VERSION, aC as rankConfigDiff, aD as ConfigDifference, aE as parseResults, aF as suiteHash, aG as judge, aH as withLines, aI as relinkedLines, aJ as DEFAULT_COMPARE_OPTIONS, aK as metricsOfVersion, aL as sameCell$1, aM as variantLabel, a6 as plural, a9 as formatChangePercentPlain, aN as formatTolerance, aO as commentMarker, aP as codeSpan, aQ as markdownUrl, aR as workflowRepositoryUrl, aS as upsertStickyComment, aT as writeReport, aU as pullRequestCommentSink, u as deliverVerdict, aV as verdictExitCode, aW as renderReportSummary, o as compareOptionsFromFlags, aX as loadSuite, C as COMPARE_FLAG_DEFAULTS, aY as context, ai as gitHubClient, aZ as actionSpelling, i as commonBuildRequest, a_ as sourceBuildNames, a$ as checkUntrustedSettings, b0 as untrustedSides, b1 as checkUntrustedDirs, b2 as ccacheOfBuilds, e as bisectOptionsFromFlags, g as bisectCommand, d as BISECT_DEFAULTS, b3 as METRICS, b4 as formatFigure, m as median, b5 as formatChangePercent, b6 as BisectReport, b7 as formatPath, b8 as createOnce, b9 as serverSideHint, ba as NO_RETRY, bb as BranchFileError, bc as moveBranch, bd as isLostRace, be as isSafePath, bf as readBranchHead, bg as commitOnHead, X as historyRun, T as optionNames, bh as analyzeHistory, bi as isRecent, bj as changesDocument, a7 as changesText, c as checkWholeRun, bk as historyRelativePath, bl as historySpec, bm as writeCharts, bn as HISTORY_TITLE, bo as publishImages, a0 as writeHistoryPage, bp as historyPageDirectory, bq as publishFiles, br as MAX_HISTORY_BYTES, bs as parseHistoryText, bt as appendToHistory, bu as serializeHistory, bv as alertIssue, j as sinksFor, a2 as historyChangesRequest, a4 as DEFAULT_MAX_P, a3 as DEFAULT_WINDOW, p as parseCommit, bw as DEFAULT_SETTINGS_FILE, ah as readWorkflowSettings, bx as runsOnJson, by as judgeRun, bz as planBuilds, A as checkSides, E as inCleanupScope, bA as doctorGateFromFlags, bB as planGate, bC as gateCommand, an as packageIssuesUrl, bD as judgeSettingsFromFlags, ak as mergeCommand, bE as PULL_REQUEST_COMMENT, bF as buildServers } from './gate.js';
import 'node:crypto';
import 'node:module';
import { n as notice, c as coreLogger, s as saveStateForPost } from './post-state.js';
import { tmpdir } from 'node:os';
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

// Whether a fork's measured head may be measured (the measuring half's approval job) and published
// (the publishing half), decided from what the GitHub API says (github/approval-check.ts asks it).
// Both halves decide here, with the same rule. A fork's pull request runs code nobody with write
// access had necessarily read; its head is approved when, in this order:
//   - its author has write access (admin, maintain or write): whoever can push to the fork is the
//     author's business, as a branch of this repository is the pusher's;
//   - its author is one of the trusted authors the repository lists;
//   - an approving review whose commit is the measured SHA, by a user with write access, and not
//     withdrawn by a later review of theirs on the same commit;
//   - the fork label on the pull request, its latest `labeled` event by a user with write access, the
//     pull request's head still the measured SHA, and everyone who set this measurement off (the
//     event's sender in the measuring half; the measuring run's actor and triggering actor in the
//     publishing half) with write access. A writer's push keeps the label (the unlabel workflow
//     removes it after anyone else's push), so the head a writer pushed is approved; a head pushed
//     by anyone else is not, even in the seconds before the label is removed.
// A branch of this repository needs no approval: whoever pushed it can write to the repository.
// Pure: the caller fetches the pull request, reviews, label events and permissions.
const REQUIRE_APPROVAL = ['forks', 'never'];
/** The permission levels (role names) that count as write access. */
const WRITE_ACCESS = ['admin', 'maintain', 'write'];
/** True for a branch of this repository (the head repository is the base repository). */
function sameRepository(pull) {
    return pull.headRepo !== null && pull.headRepo.toLowerCase() === pull.baseRepo.toLowerCase();
}
const sameLogin = (a, b) => a.toLowerCase() === b.toLowerCase();
/** The users whose reviews approve `sha`: their latest deciding review of that commit approves. */
function reviewApprovers(reviews, sha) {
    const latest = new Map();
    for (const review of reviews) {
        if (review.user === null || review.commitId !== sha)
            continue;
        if (review.state === 'COMMENTED' || review.state === 'PENDING')
            continue;
        latest.set(review.user, review.state);
    }
    return [...latest].filter(([, state]) => state === 'APPROVED').map(([user]) => user);
}
/** Who added the fork label last, or null when no event says. */
function lastLabeller(facts) {
    const added = facts.labelEvents.filter((event) => event.event === 'labeled' && event.label === facts.forkLabel);
    return added.at(-1)?.actor ?? null;
}
/** Whether anyone needs asking: a fork's pull request when approval is required. */
function needsNone(facts) {
    if (facts.requireApproval === 'never') {
        return { kind: 'not-needed', why: 'require-approval is never' };
    }
    if (sameRepository(facts.pull)) {
        return { kind: 'not-needed', why: `the head is a branch of ${facts.pull.baseRepo}` };
    }
    return null;
}
function isTrustedAuthor(facts) {
    const { author } = facts.pull;
    return author !== null && facts.trustedAuthors.some((login) => sameLogin(login, author));
}
/** Whether the label could approve the measured head, whoever added it. */
function labelApplies(facts) {
    return facts.pull.labels.includes(facts.forkLabel) && facts.pull.headSha === facts.measuredSha;
}
/**
 * The users whose permission the decision needs, in the order it asks: the author (unless a
 * trusted one), those whose reviews approve the measured SHA, and, while the label is on and the
 * head is still that SHA, whoever added it last and whoever set the measurement off.
 */
function approvalCandidates(facts) {
    if (needsNone(facts) !== null)
        return [];
    const users = [];
    if (facts.pull.author !== null && !isTrustedAuthor(facts))
        users.push(facts.pull.author);
    users.push(...reviewApprovers(facts.reviews, facts.measuredSha));
    const labeller = lastLabeller(facts);
    if (labeller !== null && labelApplies(facts))
        users.push(labeller, ...facts.triggeredBy);
    return [...new Set(users)];
}
function short$1(sha) {
    return sha.slice(0, 12);
}
/** Why the label does not approve the measured head, for the message. */
function labelShortfall(facts, canWrite) {
    const { pull, forkLabel, measuredSha } = facts;
    const label = `the label \`${forkLabel}\``;
    if (!pull.labels.includes(forkLabel))
        return `${label} is not on it`;
    if (pull.headSha !== measuredSha)
        return `${label} is on it, but its head moved on to ${short$1(pull.headSha)}`;
    const labeller = lastLabeller(facts);
    if (labeller === null)
        return `no event says who added ${label}`;
    if (!canWrite(labeller))
        return `${label} was added by \`${labeller}\`, who cannot write to the repository`;
    if (facts.triggeredBy.length === 0)
        return `${label} is on it, but nothing says who set this measurement off`;
    const other = facts.triggeredBy.find((user) => !canWrite(user));
    return other === undefined
        ? `${label} does not approve it`
        : `${label} is on it, but this head was pushed or its run started by \`${other}\`, who cannot write ` +
            'to the repository (only a push by someone who can keeps the label)';
}
function authorShortfall(facts) {
    const { author } = facts.pull;
    return author === null
        ? "its author's account is gone"
        : `its author \`${author}\` cannot write to the repository and is not a trusted author`;
}
/** The label's approval: on, added last by a writer, the head unmoved, set off by writers only. */
function labelApproval(facts, canWrite) {
    const labeller = lastLabeller(facts);
    if (labeller === null || !canWrite(labeller) || !labelApplies(facts))
        return null;
    if (facts.triggeredBy.length === 0 || !facts.triggeredBy.every(canWrite))
        return null;
    return { kind: 'approved', by: labeller, how: 'label' };
}
/**
 * The decision. `permissions` maps a login to its permission level (`admin`, `maintain`, `write`,
 * `triage`, `read`, `none`); a user missing from it has none.
 */
function decideApproval(facts, permissions) {
    const none = needsNone(facts);
    if (none !== null)
        return none;
    const canWrite = (user) => WRITE_ACCESS.includes(permissions.get(user) ?? 'none');
    const { author } = facts.pull;
    if (author !== null && canWrite(author))
        return { kind: 'approved', by: author, how: 'author' };
    if (author !== null && isTrustedAuthor(facts))
        return { kind: 'approved', by: author, how: 'trusted-author' };
    const reviewer = reviewApprovers(facts.reviews, facts.measuredSha).find(canWrite);
    if (reviewer !== undefined)
        return { kind: 'approved', by: reviewer, how: 'review' };
    const label = labelApproval(facts, canWrite);
    if (label !== null)
        return label;
    return {
        kind: 'awaiting',
        why: `no one with write access approved ${short$1(facts.measuredSha)}: ${authorShortfall(facts)}, ` +
            `no approving review of that commit, and ${labelShortfall(facts, canWrite)}`,
    };
}
/** The most files GitHub lists for a pull request: a list that long may be cut short. */
const MAX_LISTED_FILES = 3000;
/**
 * Whether a list the caller workflow gives (the measuring half's trusted authors) may be the
 * pull request's own: on `pull_request` the caller workflow is the merge commit's copy, which is
 * the base branch's unless the pull request changes a file under `.github/workflows/`. A list of
 * files that may be cut short counts as changing them.
 */
function changesWorkflows(paths) {
    return paths.length >= MAX_LISTED_FILES || paths.some((path) => path.startsWith('.github/workflows/'));
}
/** How an approval reads in a line of the log: who, and by which route. */
function approvalLine(approval) {
    switch (approval.kind) {
        case 'not-needed':
            return `no approval needed: ${approval.why}`;
        case 'awaiting':
            return `awaiting approval: ${approval.why}`;
        case 'approved':
            return `approved by ${approval.by} (${ROUTE_WORDS[approval.how]})`;
    }
}
const ROUTE_WORDS = {
    author: 'the author, who can write to the repository',
    'trusted-author': 'the author, a trusted author',
    review: 'an approving review of this commit',
    label: 'the fork label',
};

/** Open and into this repository. */
function matches(pull, query) {
    return (pull.state === 'open' &&
        pull.base.repo.full_name.toLowerCase() === `${query.owner}/${query.repo}`.toLowerCase());
}
/**
 * Every open pull request of the repository either look-up finds, by number, any head repository
 * and any head: the commit is among its commits, or it comes from the run's head branch.
 */
async function openPullRequestsFound(octokit, query) {
    const { owner, repo } = query;
    const found = new Map();
    const keep = (pulls) => {
        for (const pull of pulls) {
            if (!matches(pull, query))
                continue;
            const headRepository = pull.head.repo?.full_name ?? null;
            found.set(pull.number, {
                number: pull.number,
                url: pull.html_url,
                headRepository,
                headSha: pull.head.sha,
            });
        }
    };
    try {
        keep(await octokit.paginate(octokit.rest.repos.listPullRequestsAssociatedWithCommit, {
            owner,
            repo,
            commit_sha: query.headSha,
            per_page: 100,
        }));
        if (query.headLabel !== undefined) {
            keep(await octokit.paginate(octokit.rest.pulls.list, {
                owner,
                repo,
                state: 'open',
                head: query.headLabel,
                per_page: 100,
            }));
        }
    }
    catch (error) {
        throw new GitHubError(`could not list the pull requests of ${owner}/${repo} at ${query.headSha}: ${gitHubMessage(error)}; ` +
            'the token needs `permissions: pull-requests: read` (write, to comment)', { cause: error });
    }
    return [...found.values()].sort((a, b) => a.number - b.number);
}
function numbers(pulls) {
    return pulls.map((pull) => `#${pull.number}`).join(', ');
}
/** Repository names compare without case, as GitHub's do. */
function sameName(a, b) {
    return a !== null && a.toLowerCase() === b.toLowerCase();
}
function found(pull) {
    return { number: pull.number, url: pull.url, headSha: pull.headSha };
}
/** A claimed number: one of the run's pull requests, or the reason it is refused. */
function claimedOne(query, all, runs) {
    const where = `${query.owner}/${query.repo}`;
    const source = query.claimSource === undefined ? '' : ` (from ${query.claimSource})`;
    const claimed = runs.find((pull) => pull.number === query.claimed);
    if (claimed !== undefined)
        return found(claimed);
    const other = all.find((pull) => pull.number === query.claimed);
    if (other !== undefined) {
        throw new GitHubError(`pull request #${query.claimed}${source} has head ${query.headSha} but comes from ` +
            `${other.headRepository ?? 'a deleted repository'}, not from ${query.headRepository}, whose run this is; not posting`);
    }
    const heads = runs.length === 0 ? 'none has' : `${numbers(runs)} ${runs.length === 1 ? 'has' : 'have'}`;
    throw new GitHubError(`pull request #${query.claimed}${source} is not an open pull request of ${where} with head ` +
        `${query.headSha} from ${query.headRepository} (${heads} that head); not posting`);
}
/**
 * The one open pull request whose head is the run's commit and whose head repository is the run's;
 * when none has that head any more, the one from the run's head repository that was pushed again
 * since (found by the commit or by the run's head branch). A claimed number must be among those;
 * with no claim, two or more are ambiguous.
 */
async function findPullRequest(octokit, query) {
    const listed = await openPullRequestsFound(octokit, query);
    const fromRun = listed.filter((pull) => sameName(pull.headRepository, query.headRepository));
    const atHead = fromRun.filter((pull) => pull.headSha === query.headSha);
    const all = listed.filter((pull) => pull.headSha === query.headSha);
    const runs = atHead.length > 0 ? atHead : fromRun;
    if (query.claimed !== undefined)
        return claimedOne(query, all, runs);
    const where = `${query.owner}/${query.repo}`;
    const [only, ...others] = runs;
    if (only === undefined) {
        throw new GitHubError(`no open pull request of ${where} from ${query.headRepository} has head ${query.headSha} ` +
            `or was pushed again since the run (closed, or the head branch is gone${all.length === 0 ? '' : `; ${numbers(all)} from elsewhere ${all.length === 1 ? 'has' : 'have'} it`}); not posting`);
    }
    if (others.length > 0) {
        const have = atHead.length > 0 ? `have head ${query.headSha}` : `were pushed again since ${query.headSha}`;
        throw new GitHubError(`${runs.length} open pull requests of ${where} from ${query.headRepository} ${have} (${numbers(runs)}); ` +
            `name the one to post to${query.claimSource === undefined ? '' : ` in ${query.claimSource}`}`);
    }
    return found(only);
}

// Asks GitHub what github/approval.ts decides from: the pull request as it is now (its head, its
// head repository, its labels, its author), its reviews, who added the fork label, and the
// permission of each user whose approval would count. Both halves ask through here: the measuring
// half's approval job (commands/approval.ts) before anything runs on the measuring runner, the
// publishing half (commands/publish.ts) before a verdict is posted. Nothing here comes from the
// measuring run's artifact. Whether the head is a fork's is the head repository the event names,
// and the pull request's head repository must be that one: a fork's run never counts as a branch of
// this repository because a pull request from such a branch has the same head commit.
function failure$1(what, query, error) {
    return new GitHubError(`could not read ${what} of ${query.owner}/${query.repo}#${query.pullRequest}: ${gitHubMessage(error)}; ` +
        'the token needs `permissions: pull-requests: read`', { cause: error });
}
/** The pull request as it is now. */
async function pullRequestFacts(octokit, query) {
    try {
        const { data } = await octokit.rest.pulls.get({
            owner: query.owner,
            repo: query.repo,
            pull_number: query.pullRequest,
        });
        return {
            number: data.number,
            headSha: data.head.sha,
            // Null on GitHub when the fork was deleted, whatever the typings say.
            headRepo: data.head.repo?.full_name ?? null,
            baseRepo: data.base.repo.full_name,
            labels: data.labels.map((label) => label.name),
            // A deleted account's pull request has no user, whatever the typings say.
            author: data.user?.login ?? null,
        };
    }
    catch (error) {
        throw failure$1('the pull request', query, error);
    }
}
/** Every review, oldest first. */
async function reviews(octokit, query) {
    try {
        const listed = await octokit.paginate(octokit.rest.pulls.listReviews, {
            owner: query.owner,
            repo: query.repo,
            pull_number: query.pullRequest,
            per_page: 100,
        });
        return listed.map((review) => ({
            user: review.user?.login ?? null,
            state: review.state,
            commitId: review.commit_id,
        }));
    }
    catch (error) {
        throw failure$1('the reviews', query, error);
    }
}
/** The paths the pull request changes (a renamed file's old path too), as far as GitHub lists them. */
async function changedPaths(octokit, query) {
    try {
        const listed = await octokit.paginate(octokit.rest.pulls.listFiles, {
            owner: query.owner,
            repo: query.repo,
            pull_number: query.pullRequest,
            per_page: 100,
        });
        return listed.flatMap((file) => file.previous_filename === undefined ? [file.filename] : [file.filename, file.previous_filename]);
    }
    catch (error) {
        throw new GitHubError(`could not read the files of ${query.owner}/${query.repo}#${query.pullRequest}: ${gitHubMessage(error)}; ` +
            'the token needs `permissions: pull-requests: read`', { cause: error });
    }
}
/** The label events, oldest first; only asked for when the fork label is on. */
async function labelEvents(octokit, query) {
    try {
        const listed = await octokit.paginate(octokit.rest.issues.listEvents, {
            owner: query.owner,
            repo: query.repo,
            issue_number: query.pullRequest,
            per_page: 100,
        });
        return listed
            .filter((event) => event.event === 'labeled' || event.event === 'unlabeled')
            .map((event) => ({
            event: event.event,
            // A deleted account's events have no actor, whatever the typings say.
            label: event.label?.name ?? null,
            actor: event.actor?.login ?? null,
        }));
    }
    catch (error) {
        throw failure$1('the events', query, error);
    }
}
/** A user's permission on the repository (its role name where GitHub gives one); none when not a collaborator. */
async function permissionOf(octokit, query, username) {
    try {
        const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
            owner: query.owner,
            repo: query.repo,
            username,
        });
        return data.role_name || data.permission;
    }
    catch (error) {
        if (httpStatus(error) === 404)
            return 'none';
        throw new GitHubError(`could not read the permission of ${username} on ${query.owner}/${query.repo}: ${gitHubMessage(error)}`, { cause: error });
    }
}
/** Whether the measured head of the pull request may be published (see github/approval.ts). */
async function checkApproval(octokit, query) {
    const pull = await pullRequestFacts(octokit, query);
    if (!sameName(pull.headRepo, query.headRepository)) {
        throw new GitHubError(`${query.owner}/${query.repo}#${query.pullRequest} comes from ${pull.headRepo ?? 'a deleted repository'}, ` +
            `not from ${query.headRepository}, whose run this is; not publishing`);
    }
    const base = {
        measuredSha: query.measuredSha,
        pull,
        forkLabel: query.forkLabel,
        requireApproval: query.requireApproval,
        trustedAuthors: query.trustedAuthors,
        triggeredBy: query.triggeredBy,
        reviews: [],
        labelEvents: [],
    };
    if (query.requireApproval === 'never' || sameRepository(pull)) {
        return { approval: decideApproval(base, new Map()), pull };
    }
    // The author's route is decided before reviews and labels are read: an author who may write, or
    // a trusted one, approves whatever they say, so asking for them would only cost requests.
    const known = await permissionsOf(octokit, query, approvalCandidates(base), new Map());
    const byAuthor = decideApproval(base, known);
    if (byAuthor.kind === 'approved')
        return { approval: byAuthor, pull };
    const facts = {
        ...base,
        reviews: await reviews(octokit, query),
        labelEvents: pull.labels.includes(query.forkLabel) ? await labelEvents(octokit, query) : [],
    };
    const permissions = await permissionsOf(octokit, query, approvalCandidates(facts), known);
    return { approval: decideApproval(facts, permissions), pull };
}
/** `known` and the permission of each of `users` it lacks, each asked once. */
async function permissionsOf(octokit, query, users, known) {
    const permissions = new Map(known);
    for (const user of users) {
        if (!permissions.has(user))
            permissions.set(user, await permissionOf(octokit, query, user));
    }
    return permissions;
}

// The measuring half's approval check (the action's `mode: approval`, the first job of measure.yml
// on a fork's pull-request event, on a GitHub-hosted runner that checks out nothing): whether the
// head the event names may be measured, asked of the API (github/approval-check.ts) and decided by
// the same rule the publishing half applies (github/approval.ts). The event's sender is who set
// the measurement off: a push keeps the label's approval only when its pusher can write. The
// trusted authors come from the caller workflow, which on `pull_request` is the merge commit's
// copy: they count only when the pull request changes no file under `.github/workflows/`.
/**
 * The trusted authors the caller workflow gives, unless the pull request may have written them:
 * it changes a file under `.github/workflows/`, so the caller is its own copy.
 */
async function trustedAuthorsToUse(request, octokit) {
    if (request.trustedAuthors.length === 0)
        return { logins: [], note: '' };
    if (!changesWorkflows(await changedPaths(octokit, request)))
        return { logins: request.trustedAuthors, note: '' };
    return {
        logins: [],
        note: ' (the trusted authors were not read: the pull request changes .github/workflows/, so the ' +
            'caller workflow that lists them is its own copy)',
    };
}
/** Asks and decides; an API failure is an error (the job fails, and nothing is measured). */
async function approvalCommand(request, octokit) {
    const trusted = await trustedAuthorsToUse(request, octokit);
    const { approval } = await checkApproval(octokit, {
        owner: request.owner,
        repo: request.repo,
        pullRequest: request.pullRequest,
        measuredSha: request.headSha,
        headRepository: request.headRepository,
        forkLabel: request.forkLabel,
        requireApproval: 'forks',
        trustedAuthors: trusted.logins,
        triggeredBy: request.sender === null ? [] : [request.sender],
    });
    const what = `${request.headSha} of #${String(request.pullRequest)}`;
    if (approval.kind === 'awaiting') {
        return { approved: false, approval, line: `not measuring ${what}: ${approval.why}${trusted.note}` };
    }
    return { approved: true, approval, line: `measuring ${what}: ${approvalLine(approval)}${trusted.note}` };
}
/** A GitHub login (a bot's with its `[bot]` suffix). */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/;
/**
 * The trusted authors as written: logins one per line, or separated by commas (or both); blank
 * entries are ignored. Whose pull requests from a fork are measured and published without a label.
 */
function trustedAuthorsFromFlag(lines, spell = cliSpelling) {
    const logins = lines
        .flatMap((line) => line.split(','))
        .map((login) => login.trim().replace(/^@/, ''))
        .filter((login) => login !== '');
    const bad = logins.find((login) => !LOGIN.test(login));
    if (bad !== undefined) {
        throw new InputError(`${spell('trusted-authors')} ${JSON.stringify(bad.slice(0, 60))}: expected GitHub logins, one per line or separated by commas`);
    }
    return logins;
}

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

// verdict.json as older versions wrote it, read into the current shape: what an uploaded artifact
// or a stored verdict of an earlier release holds. Pure.
/** verdict.json as version 4 wrote it: no unjudged cells (a cell it could not judge was left out). */
const VerdictV4 = Verdict.omit({ unjudged: true }).extend({
    schemaVersion: literal(4),
    counts: Verdict.shape.counts.omit({ unjudged: true }),
    cells: array(CellComparison.omit({ dropped: true, paired: true })),
});
/** verdict.json as version 3 wrote it: its config differences carry no tier. */
const VerdictV3 = VerdictV4.extend({
    schemaVersion: literal(3),
    configDiff: array(ConfigDifference),
});
/** A metric name versions 1 and 2 knew: not the stall metrics. */
const MetricNameV2 = _enum(METRIC_NAMES).exclude(['lowestSecondRatio', 'stallSeconds']);
/** verdict.json as version 2 wrote it: no stall metrics, no stalls section. */
const VerdictV2 = VerdictV3.omit({ stalls: true }).extend({
    schemaVersion: literal(2),
    cells: array(CellComparison.omit({ dropped: true, paired: true }).extend({ metric: MetricNameV2 })),
    settings: Verdict.shape.settings.extend({ gateMetrics: array(MetricNameV2) }),
});
/** A cell verdict version 1 could write: no within-tolerance. */
const CellVerdictV1 = CellVerdict.exclude(['within-tolerance']);
/** verdict.json as version 1 wrote it: its unchanged cells include what is now within-tolerance. */
const VerdictV1 = VerdictV2.extend({
    schemaVersion: literal(1),
    counts: Verdict.shape.counts.omit({ withinTolerance: true, unjudged: true }),
    cells: array(CellComparison.omit({ dropped: true, paired: true }).extend({
        verdict: CellVerdictV1,
        metric: MetricNameV2,
    })),
    functionDeltas: array(CellFunctionDeltas.extend({ verdict: CellVerdictV1.nullable() })).default([]),
});
/**
 * What every older version lacks: the current schema version, the config diff ranked, and the
 * list of unjudged cells (empty: those versions left such a cell out).
 */
function current(verdict) {
    return {
        ...verdict,
        schemaVersion: VERDICT_SCHEMA_VERSION,
        configDiff: rankConfigDiff(verdict.configDiff, verdict.work),
        counts: { withinTolerance: 0, ...verdict.counts, unjudged: 0 },
        unjudged: [],
    };
}
/**
 * Parses and validates verdict.json text written by someone else (an uploaded artifact), of this
 * version or versions 1 to 4; `source` names the file in every error.
 */
function parseVerdict(text, source) {
    return parseVersionedJson(text, source, {
        schema: Verdict.transform((verdict) => ({ verdict, schemaVersion: VERDICT_SCHEMA_VERSION })),
        version: VERDICT_SCHEMA_VERSION,
        older: {
            1: VerdictV1.transform((verdict) => ({ verdict: current(verdict), schemaVersion: 1 })),
            2: VerdictV2.transform((verdict) => ({ verdict: current(verdict), schemaVersion: 2 })),
            3: VerdictV3.transform((verdict) => ({ verdict: current(verdict), schemaVersion: 3 })),
            4: VerdictV4.transform((verdict) => ({
                verdict: { ...current(verdict), configDiff: verdict.configDiff },
                schemaVersion: 4,
            })),
        },
        kind: 'verdict',
    });
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
 * measuring run was for.
 */
const ARTIFACT_CAPS = {
    'results.json': 20 * MIB,
    'verdict.json': 5 * MIB,
    'pull-request.txt': 64,
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
        gateMetrics,
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

/** GitHub's limit on a status description. */
const STATUS_DESCRIPTION_LIMIT = 140;
const DEFAULT_STATUS_CONTEXT = 'mysql-perf-gate';
/** `text` on one line, cut to the limit with an ellipsis. */
function statusText(text) {
    const line = text.replace(/\s+/g, ' ').trim();
    return line.length <= STATUS_DESCRIPTION_LIMIT ? line : `${line.slice(0, STATUS_DESCRIPTION_LIMIT - 1)}…`;
}
/** The gating regression with the largest change, else any regression's. */
function worstCell(verdict) {
    const all = verdict.cells.filter((cell) => cell.verdict === 'regression');
    const gating = all.filter((cell) => cell.gating);
    return [...(gating.length > 0 ? gating : all)].sort((a, b) => Math.abs(b.change) - Math.abs(a.change))[0];
}
/** The status a judged verdict sets: `failing` says whether it fails the gate (inconclusive may). */
function verdictStatus(verdict, failing) {
    const worst = worstCell(verdict);
    const regressions = plural(verdict.counts.regression, 'regression', 'regressions') +
        (verdict.counts.unjudged > 0 ? `, ${verdict.counts.unjudged} not judged` : '');
    if (!failing) {
        return {
            state: 'success',
            description: statusText(`${verdict.verdict}: ${regressions} in ${verdict.suite}`),
        };
    }
    const cell = worst === undefined
        ? ''
        : `; worst ${worst.workload.slice(0, 40)}@${worst.threads}${worst.variant === undefined ? '' : `[${variantLabel(worst.variant).slice(0, 40)}]`} ${worst.metric} ` +
            `${formatChangePercentPlain(worst.change)} (tolerance ${formatTolerance(worst.threshold)})`;
    return { state: 'failure', description: statusText(`${verdict.verdict}: ${regressions}${cell}`) };
}
function awaitingStatus(sha) {
    return {
        state: 'pending',
        description: statusText(`awaiting approval of ${sha.slice(0, 12)} by a maintainer`),
    };
}
function refusedStatus(reason) {
    return { state: 'error', description: statusText(reason) };
}
async function setCommitStatus(octokit, target, status) {
    try {
        await octokit.rest.repos.createCommitStatus({
            owner: target.owner,
            repo: target.repo,
            sha: target.sha,
            state: status.state,
            context: target.context,
            description: status.description,
            target_url: target.targetUrl,
        });
    }
    catch (error) {
        throw new GitHubError(`could not set the status ${target.context} on ${target.sha}: ${gitHubMessage(error)}; ` +
            'the publishing job needs `permissions: statuses: write`', { cause: error });
    }
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
function checkDirectories(config) {
    let artifactDir;
    try {
        artifactDir = realpathSync(config.artifactDir);
    }
    catch (error) {
        throw new InputError(`cannot read the artifact directory ${config.artifactDir}: ${errorMessage(error)}`);
    }
    if (!lstatSync(artifactDir).isDirectory()) {
        throw new InputError(`the artifact ${config.artifactDir} is not a directory`);
    }
    const outDir = resolve(config.outDir);
    const realOut = realPathOf(outDir);
    if (isInside(realOut, artifactDir) || isInside(artifactDir, realOut)) {
        throw new InputError(`the report directory ${config.outDir} and the artifact directory ${config.artifactDir} overlap; ` +
            'write the report elsewhere: nothing is written into the artifact');
    }
    return { artifactDir, outDir };
}
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
    return deliverJudged(config, how, input, { pullRequest, approval });
}
/** The comment's line when the pull request moved on since the measured commit. */
function movedOnLine(measuredSha, headSha) {
    return (`⏳ This pull request moved on since it was measured: this verdict is for \`${measuredSha.slice(0, 12)}\`; ` +
        `the newer head \`${headSha.slice(0, 12)}\` is pending measurement.`);
}
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
            ...(movedOn ? { lead: movedOnLine(config.headSha, found.pullRequest.headSha) } : {}),
            ...(config.historyPageUrl === undefined ? {} : { historyPageUrl: config.historyPageUrl }),
        },
    }).deliver(delivery, logger);
    await deliverVerdict(delivery, how.sinks, logger);
    const exitCode = verdictExitCode(verdict);
    await how.setStatus(verdictStatus(verdict, exitCode === 1));
    return {
        kind: 'published',
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
    const { artifactDir, outDir } = checkDirectories(config);
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

/** `owner/name` as GitHub allows them. */
const REPOSITORY_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;
const DEFAULT_PUBLISH_REPORT_DIR = 'mysql-perf-gate-report';
/** The publish options given as strings (action inputs), checked. */
function publishPathsFromFlags(flags, spell = cliSpelling) {
    if (flags.artifact === undefined) {
        throw new InputError(`${spell('artifact')}: name the directory the measuring run's artifact was downloaded to`);
    }
    const headSha = flags.headSha?.trim() ?? '';
    if (!/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(headSha)) {
        throw new InputError(`${spell('head-sha')} ${JSON.stringify(headSha)}: expected the measured commit's full SHA ` +
            '(github.event.workflow_run.head_sha)');
    }
    const headRepository = flags.headRepository?.trim() ?? '';
    if (!REPOSITORY_NAME.test(headRepository)) {
        throw new InputError(`${spell('head-repository')} ${JSON.stringify(headRepository.slice(0, 120))}: expected the measuring ` +
            "run's head repository as owner/name (github.event.workflow_run.head_repository.full_name)");
    }
    return {
        artifactDir: flags.artifact,
        headSha,
        headRepository,
        outDir: flags.reportDir ?? DEFAULT_PUBLISH_REPORT_DIR,
    };
}
/** The settings publish judges with, from the publishing workflow's own inputs (never the artifact). */
function publishJudgingFromFlags(flags, spell = cliSpelling) {
    return {
        suite: loadSuite(flags.suite || 'quick', spell('suite')),
        options: compareOptionsFromFlags(flags, spell),
    };
}
const DEFAULT_FORK_LABEL = 'perf-approved';
/** The status context, the fork label, whose heads need approval and the trusted authors, checked. */
function approvalFromFlags(flags, spell = cliSpelling) {
    const requireApproval = flags.requireApproval ?? 'forks';
    const known = REQUIRE_APPROVAL.find((value) => value === requireApproval);
    if (known === undefined) {
        throw new InputError(`${spell('require-approval')} ${JSON.stringify(requireApproval)}: expected ${REQUIRE_APPROVAL.join(' or ')}`);
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
const DEFAULT_CHARTS_KEEP = 5;
/**
 * `charts-keep`: runs kept per pull request on the charts branch (closed pull requests' folders are
 * dropped); 0 keeps everything.
 */
function chartsKeepFromFlag(text, label) {
    if (text === undefined || text.trim() === '')
        return DEFAULT_CHARTS_KEEP;
    const value = /^\s*\d{1,6}\s*$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value)) {
        throw new InputError(`${label} ${JSON.stringify(text)}: expected a whole number of runs to keep per pull request (0 keeps every run)`);
    }
    return value;
}

// Action inputs, read once into the same option strings the CLI builds from its command line, so
// the command layer checks both the same way (errors say `input "x"` here, `--x` there).
function optionalInput(name) {
    const value = getInput(name);
    return value === '' ? undefined : value;
}
/**
 * Every boolean input, with its default in action.yml (a test holds the two together). The runner
 * always gives the default for an input the workflow leaves out; the table is read only where no
 * runner is (an input empty outside GitHub).
 */
const BOOLEAN_INPUT_DEFAULTS = {
    'full-install': false,
    'align-settings': false,
    'gate-work': COMPARE_FLAG_DEFAULTS.gateWork,
    force: false,
    comment: true,
    'fail-on-regression': true,
    alert: true,
};
/**
 * A boolean input, read as GitHub reads one (`core.getBooleanInput`, YAML 1.2's core schema): true,
 * True, TRUE, false, False, FALSE; anything else is refused, never taken as false. Empty is the
 * default action.yml gives.
 */
function booleanInput(name) {
    const value = getInput(name);
    if (value === '')
        return BOOLEAN_INPUT_DEFAULTS[name];
    try {
        return getBooleanInput(name);
    }
    catch (error) {
        if (!(error instanceof TypeError))
            throw error;
        throw new InputError(`input "${name}" ${JSON.stringify(value)}: expected true or false (true, True, TRUE, false, False, FALSE)`);
    }
}
function readRunInputs() {
    return {
        server: optionalInput('server'),
        base: optionalInput('base'),
        head: optionalInput('head'),
        set: getMultilineInput('set'),
        baseSet: getMultilineInput('base-set'),
        headSet: getMultilineInput('head-set'),
        suite: getInput('suite') || 'quick',
        out: getInput('out') || 'mysql-perf-gate/results.json',
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
    return {
        alpha: optionalInput('alpha') ?? COMPARE_FLAG_DEFAULTS.alpha,
        gate: optionalInput('gate') ?? COMPARE_FLAG_DEFAULTS.gate,
        inconclusive: optionalInput('inconclusive') ?? COMPARE_FLAG_DEFAULTS.inconclusive,
        gateWork: booleanInput('gate-work'),
    };
}
function readCompareInputs() {
    return {
        baseline: optionalInput('baseline'),
        reportDir: optionalInput('report-dir'),
        tolerance: getMultilineInput('tolerance'),
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
        buildDir: getInput('build-dir') || 'mysql-perf-gate/build',
        ...(run.workDir === undefined ? {} : { workDir: run.workDir }),
        ...(run.lockTimeout === undefined ? {} : { lockTimeout: run.lockTimeout }),
    };
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
    const token = getInput('github-token');
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
        trustedAuthors: trustedAuthorsFromFlag(getMultilineInput('trusted-authors'), actionSpelling),
    }, gitHubClient(token, coreLogger));
    notice(outcome.line);
    setOutput('approved', String(outcome.approved));
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
        buildType: getInput('build-type') || 'RelWithDebInfo',
        cmakeArg: getMultilineInput('cmake-args'),
        ccache: getInput('ccache') || 'auto',
        fullInstall: booleanInput('full-install'),
        buildWhileMeasuring: getInput('build-while-measuring'),
        ...(optionalInput('lock-timeout') === undefined ? {} : { lockTimeout: getInput('lock-timeout') }),
        ...(optionalInput('ccache-dir') === undefined
            ? {}
            : { ccacheDir: resolve(getInput('ccache-dir')) }),
        ...storeFlags(),
        ...limitInputs(),
    }, actionSpelling, sourceBuildNames(actionSpelling));
    const untrusted = untrustedBuilds(run, baseSource !== undefined || baseCompiler !== undefined);
    const builds = {
        source,
        baseSource,
        compiler: getInput('compiler') || 'gcc',
        baseCompiler,
        common,
        buildDir: getInput('build-dir') || 'mysql-perf-gate/build',
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
    };
    const trustedCcache = optionalInput('ccache-dir');
    checkUntrustedDirs(untrusted, {
        buildDir: resolve(getInput('build-dir') || 'mysql-perf-gate/build'),
        ccacheDir: trustedCcache === undefined ? undefined : resolve(trustedCcache),
    }, actionSpelling);
    return untrusted;
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
        cell: getMultilineInput('cells'),
        suite: getInput('suite') || BISECT_DEFAULTS.suite,
        compiler: getInput('compiler') || BISECT_DEFAULTS.compiler,
        maxRepetitions: getInput('max-repetitions') || BISECT_DEFAULTS.maxRepetitions,
        state: getInput('state') || BISECT_DEFAULTS.state,
        reportDir: getInput('report-dir') || BISECT_DEFAULTS.reportDir,
        set: getMultilineInput('set'),
        buildType: getInput('build-type') || 'RelWithDebInfo',
        cmakeArg: getMultilineInput('cmake-args'),
        ccache: getInput('ccache') || 'auto',
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
];
/**
 * Input "mode": measure (the default: build, run, judge, comment), publish (comment only) or
 * history (append a nightly run to the history branch, find change points, open issues) or
 * bisect (find the commit where a cell changed) or bisect-comment (post its result on the alert
 * issue) or settings (read the file naming the nightly's runner, testbed and compiler) or approval
 * (whether a fork's pull-request event may be measured).
 */
function readMode() {
    const mode = getInput('mode') || 'measure';
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

// One text file kept on a branch of the repository, read and rewritten through the Git Data API:
// the nightly workflow keeps its performance history this way. Two nightly runs that finish
// together must both land, so a write is optimistic: read the file, change it, commit on top of
// the commit that was read, and move the branch only if it still points there (`force: false`).
// When another writer got there first, read again and redo the change on their content.
//
// Reads walk the path one tree at a time instead of listing the branch recursively: the same branch
// may hold thousands of chart images, and a recursive listing that large comes back truncated.
// What is read crosses into a trusted job (the nightly one has a write token), so every read and
// write is held to a size cap the caller chooses.
//
// The low-level steps (the branch head, a commit of blobs on top of it, moving the branch) are in
// branch-commit.ts, shared with images.ts.
const DEFAULT_ATTEMPTS = 5;
/**
 * Rewrites the file with `update(current)` in one commit on top of the branch, creating the branch
 * (an orphan commit holding only this file) when it does not exist. When another writer moves the
 * branch first, reads again and calls `update` on their content, up to `attempts` rounds.
 */
async function updateBranchFile(client, options) {
    checkLocation(options);
    const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
    if (!Number.isInteger(attempts) || attempts < 1) {
        throw new BranchFileError(`attempts must be a whole number ≥ 1, not ${attempts}; this is a bug`, 'invalid');
    }
    for (let attempt = 1;; attempt++) {
        const head = await readHead(client, options);
        const current = head === null ? null : await readFileAt(client, options, head);
        const next = options.update(current?.content ?? null);
        if (next === null || next === current?.content)
            return { commitSha: null, attempts: attempt };
        checkNewSize(options, next);
        const commitSha = await commitFile(client, options, head, next);
        try {
            await moveBranch(client, options, head, commitSha);
            return { commitSha, attempts: attempt };
        }
        catch (error) {
            if (!isLostRace(error))
                throw failure(error, 'move the branch to the new commit', options, true);
            if (attempt >= attempts)
                throw gaveUp(error, attempts, options);
            await sleep(retryDelayMs(attempt));
        }
    }
}
/** The paths and caps come from the code, not from a user: a bad one is a bug. */
function checkLocation(location) {
    if (!isSafePath(location.path)) {
        throw new BranchFileError(`bad path "${location.path}" for a file on a branch; this is a bug`, 'invalid');
    }
    if (!Number.isInteger(location.maxBytes) || location.maxBytes < 1) {
        throw new BranchFileError(`the size cap for ${location.path} must be a whole number of bytes ≥ 1, not ${location.maxBytes}; this is a bug`, 'invalid');
    }
}
function where(location) {
    return `${location.path} on branch ${location.branch} of ${location.owner}/${location.repo}`;
}
/** Wraps a failed request; 403 and 404 mean the token may not read, or write, the contents. */
function failure(error, what, location, write) {
    const status = httpStatus(error);
    const permission = status === 403 || status === 404;
    const hint = permission
        ? `give the workflow \`permissions: contents: ${write ? 'write' : 'read'}\``
        : (serverSideHint(error) ?? "see GitHub's message; running the workflow again may succeed");
    return new BranchFileError(`could not ${what} for ${where(location)}: ${gitHubMessage(error)}; ${hint}`, permission ? 'permission' : 'request', { cause: error });
}
function tooLarge(location, bytes, doing) {
    return new BranchFileError(`${where(location)} ${doing} ${bytes} bytes, over its cap of ${location.maxBytes}; refusing it ` +
        '(it is read by a job that holds a write token); trim older entries from the file or raise the cap', 'too-large');
}
function checkNewSize(location, content) {
    const bytes = Buffer.byteLength(content, 'utf8');
    if (bytes > location.maxBytes)
        throw tooLarge(location, bytes, 'would become');
}
function gaveUp(error, attempts, location) {
    return new BranchFileError(`could not write ${where(location)}: the branch moved under other writers ${attempts} times in a ` +
        `row (last answer: ${gitHubMessage(error)}); run the workflow again`, 'contended', { cause: error });
}
async function readHead(client, location) {
    try {
        return await readBranchHead(client, location);
    }
    catch (error) {
        throw failure(error, 'read the branch', location, false);
    }
}
/** The file in the head's tree, or null when it is not there. */
async function readFileAt(client, location, head) {
    const parts = location.path.split('/');
    let treeSha = head.treeSha;
    for (let depth = 1; depth < parts.length; depth++) {
        const directory = parts.slice(0, depth).join('/');
        const entry = await entryOf(client, location, treeSha, directory);
        if (entry === null)
            return null;
        if (entry.type !== 'tree') {
            throw new BranchFileError(`${where(location)}: ${directory} is a file, not a directory`, 'invalid');
        }
        treeSha = entry.sha;
    }
    const entry = await entryOf(client, location, treeSha, location.path);
    if (entry === null)
        return null;
    // 100755 is still a regular file; 120000 (a symbolic link) or 160000 (a submodule) is not.
    if (entry.type !== 'blob' || (entry.mode !== '100644' && entry.mode !== '100755')) {
        throw new BranchFileError(`${where(location)} is not a regular file (a ${entry.type}, mode ${entry.mode})`, 'invalid');
    }
    // Checked before downloading, so an oversized blob is never fetched.
    if (entry.size !== undefined && entry.size > location.maxBytes)
        throw tooLarge(location, entry.size, 'is');
    const content = await readBlob(client, location, entry.sha);
    return { content, commitSha: head.commitSha, blobSha: entry.sha };
}
/** The entry of a tree named by the last segment of `path`, or null when there is none. */
async function entryOf(client, location, treeSha, path) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    let data;
    try {
        ({ data } = await client.rest.git.getTree({
            owner: location.owner,
            repo: location.repo,
            tree_sha: treeSha,
        }));
    }
    catch (error) {
        throw failure(error, `list the directory of ${path}`, location, false);
    }
    const entry = data.tree.find((item) => item.path === name);
    if (entry === undefined && data.truncated) {
        // Absent from a cut-short listing is not absent: refuse rather than start the file over.
        throw new BranchFileError(`could not read ${where(location)}: GitHub truncated the listing of its directory; ` +
            'move the file to a directory with fewer entries', 'request');
    }
    return entry ?? null;
}
/** The blob's bytes as UTF-8 text, held to the size cap again once decoded. */
async function readBlob(client, location, blobSha) {
    let data;
    try {
        ({ data } = await client.rest.git.getBlob({
            owner: location.owner,
            repo: location.repo,
            file_sha: blobSha,
        }));
    }
    catch (error) {
        throw failure(error, 'read the file', location, false);
    }
    if (data.encoding !== 'base64' && data.encoding !== 'utf-8') {
        throw new BranchFileError(`${where(location)} came back in an unknown encoding "${data.encoding}"`, 'request');
    }
    const bytes = Buffer.from(data.content, data.encoding === 'base64' ? 'base64' : 'utf8');
    if (bytes.length > location.maxBytes)
        throw tooLarge(location, bytes.length, 'is');
    try {
        return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    }
    catch (error) {
        throw new BranchFileError(`${where(location)} is not UTF-8 text`, 'invalid', { cause: error });
    }
}
/** Uploads the content and commits it at the path on top of the head. */
async function commitFile(client, options, head, content) {
    try {
        const { data: blob } = await client.rest.git.createBlob({
            owner: options.owner,
            repo: options.repo,
            content: Buffer.from(content, 'utf8').toString('base64'),
            encoding: 'base64',
        });
        const entry = { path: options.path, mode: '100644', type: 'blob', sha: blob.sha };
        return await commitOnHead(client, options, head, [entry], options.message);
    }
    catch (error) {
        throw failure(error, 'commit the new content', options, true);
    }
}
/**
 * How long to wait before the next round: growing, so a busy branch gets room, and jittered, so two
 * writers that collided once do not collide again in lockstep.
 */
function retryDelayMs(attempt) {
    return 100 * attempt + Math.random() * 100;
}
function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

// The nightly's history step (the action's `mode: history`): the run's results are appended to the
// history kept on a branch of the repository (Git Data API, one commit per night, retried when two
// workflows append at once), the change points are found, the history chart is published beside
// the pull-request charts, and each new regression opens an issue, or updates the one already
// open for it (found by a hidden marker). Improvements are listed, and open nothing. The history's
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
async function openAlerts(client, config, regressions, context, logger) {
    const alerts = [];
    for (const changes of byRange(regressions)) {
        const render = (issue) => alertIssue(changes, { ...context, repositoryUrl: config.repositoryUrl, runUrl: config.runUrl, issue });
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
        alerts.push({ changes, issue });
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
    mkdirSync(config.reportDir, { recursive: true });
    writeFileAtomic(join(config.reportDir, 'changes.json'), `${JSON.stringify({ schemaVersion: 1, histories: [{ path: stored.path, ...changesDocument(analyses, config.settings) }] }, null, 2)}\n`);
    const context = {
        suite: stored.file.key.suite,
        testbed: stored.file.key.testbed,
        optionsHash: stored.file.key.optionsHash,
        chartUrl,
        pageUrl: page.url,
    };
    const alerts = config.alert ? await openAlerts(client, config, alerting, context, logger) : [];
    return {
        path: stored.path,
        historyCommit: stored.commitSha,
        file: stored.file,
        analyses,
        recentRegressions,
        recentImprovements: recent.filter((change) => change.kind === 'improvement'),
        alerts,
        chartUrl,
        page,
        text: changesText(analyses),
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
    const token = getInput('github-token');
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
    const historyPage = getInput('history-page-url');
    return {
        client: gitHubClient(token, coreLogger),
        owner,
        repo,
        pullRequest,
        chartsBranch: getInput('charts-branch') || 'mysql-perf-gate-charts',
        runKey: `${context.runId}-${context.runAttempt}`,
        runUrl: `${context.serverUrl}/${owner}/${repo}/actions/runs/${context.runId}`,
        group: 'Comment on the pull request',
        chartsKeep: chartsKeepFromFlag(getInput('charts-keep'), 'input "charts-keep"'),
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
    const webhook = getInput('webhook-url');
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
const DEFAULT_RECENT = '10';
function readLabels() {
    return getInput('alert-labels')
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
    const token = getInput('github-token');
    if (token === '')
        throw new InputError('input "github-token" is empty: history mode writes the history branch with it');
    const request = historyChangesRequest({
        dir: '',
        window: optionalInput('window') ?? String(DEFAULT_WINDOW),
        maxP: optionalInput('max-p') ?? String(DEFAULT_MAX_P),
        tolerance: getMultilineInput('tolerance'),
        recent: getInput('recent') || DEFAULT_RECENT,
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
            branch: getInput('history-branch') || 'mysql-perf-gate-history',
            chartsBranch: getInput('charts-branch') || 'mysql-perf-gate-charts',
            testbed: optionalInput('testbed'),
            commit: commit === undefined ? undefined : parseCommit(commit, 'input "commit"'),
            runUrl: `${context.serverUrl}/${owner}/${repo}/actions/runs/${context.runId}`,
            runKey: `${context.runId}-${context.runAttempt}`,
            repositoryUrl: `${context.serverUrl}/${owner}/${repo}`,
            settings: request.settings,
            recent: request.recent ?? Number(DEFAULT_RECENT),
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
    for (const change of outcome.recentRegressions) {
        if (!alerted.has(change))
            coreLogger.warning(`regression: ${line(change)}`);
    }
    setOutput('history-path', outcome.path);
    setOutput('history-page-path', outcome.page.branchPath ?? '');
    setOutput('history-page-url', outcome.page.url ?? '');
    setOutput('regressions', String(outcome.recentRegressions.length));
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

// The action in settings mode: the first job of the nightly and bisect workflows reads the file
// that names the pinned machine (its runner labels), the testbed and the compiler
// (commands/workflow-settings.ts), and hands them to the later jobs as outputs. Errors go up to
// main.ts, which fails the step with their one line.
function readSettingsFile() {
    const path = getInput('settings-file') || DEFAULT_SETTINGS_FILE;
    const settings = readWorkflowSettings(path);
    setOutput('runs-on', runsOnJson(settings));
    setOutput('testbed', settings.testbed);
    setOutput('compiler', settings.compiler);
    coreLogger.info(`${path}: runs-on ${runsOnJson(settings)}, testbed ${settings.testbed}, compiler ${settings.compiler}`);
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
        suite: getInput('suite'),
        tolerance: getMultilineInput('tolerance'),
        ...judgingInputs(),
    }, actionSpelling);
    const approval = approvalFromFlags({
        statusContext: optionalInput('status-context'),
        forkLabel: optionalInput('fork-label'),
        requireApproval: optionalInput('require-approval'),
        trustedAuthors: getMultilineInput('trusted-authors'),
    }, actionSpelling);
    const token = getInput('github-token');
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
            chartsBranch: getInput('charts-branch') || 'mysql-perf-gate-charts',
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
    const files = shardResultFiles(getMultilineInput('shards'));
    const judging = readJudging();
    const delivery = readDelivery();
    const outcome = await group('Merge the shards', () => Promise.resolve(mergeCommand({
        inputs: files,
        outPath: getInput('out') || 'mysql-perf-gate/results.json',
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
        ? error.message
        : internalErrorLine(error, packageIssuesUrl(), 're-run the job with debug logging enabled (ACTIONS_STEP_DEBUG) for the stack')));
}

// Entry point of the action.
await run();
