import { i as isDebug, g as getInput, a as getMultilineInput, b as getBooleanInput, c as group, s as setOutput, d as summary, r as requireTunnel, e as requireUndici, u as undiciExports, f as setSecret, h as setFailed } from './actions-toolkit.js';
import { lstatSync, openSync, constants, fstatSync, readSync, closeSync, readdirSync, mkdirSync, readFileSync as readFileSync$1, realpathSync, existsSync as existsSync$1, statSync, appendFileSync } from 'node:fs';
import { resolve, join, dirname, relative, isAbsolute } from 'node:path';
import { inspect } from 'node:util';
import 'node:child_process';
import { I as InputError, e as errorMessage, G as GateError, b as array, l as literal, _ as _enum, w as writeFileAtomic, Z as ZodError, s as string, c as strictObject, u as union, o as object, d as printable, i as internalErrorLine } from './gate-core.js';
import 'node:fs/promises';
import 'node:zlib';
import { ac as tableRow, ad as escapeTableCell, ae as escapeMarkdown, af as gradeLine, ag as tableDelimiter, C as COMPARE_FLAG_DEFAULTS, i as commonBuildRequest, ah as sourceBuildNames, ai as actionSpelling, aj as checkUntrustedSettings, ak as untrustedSides, al as checkUntrustedDirs, am as ccacheOfBuilds, e as bisectOptionsFromFlags, g as bisectCommand, d as BISECT_DEFAULTS, an as foldLines, ao as Verdict, ap as CellComparison, M as METRIC_NAMES, aq as CellVerdict, ar as CellFunctionDeltas, as as parseVersionedJson, at as VERDICT_SCHEMA_VERSION, au as rankConfigDiff, av as ConfigDifference, aw as parseResults, ax as codeSpan, a4 as plural, ay as markdownUrl, az as METRICS, aA as formatFigure, m as median, aB as formatChangePercent, aC as upsertStickyComment, aD as BisectReport, aE as formatPath, aF as formatDuration, aG as GitHubError, aH as createOnce, aI as httpStatus, aJ as gitHubMessage, aK as serverSideHint, aL as NO_RETRY, aM as BranchFileError, aN as moveBranch, aO as isLostRace, aP as isSafePath, aQ as readBranchHead, aR as commitOnHead, U as historyRun, R as optionNames, aS as analyzeHistory, aT as isRecent, aU as changesDocument, a5 as changesText, c as checkWholeRun, aV as historyRelativePath, aW as historySpec, aX as writeCharts, aY as HISTORY_TITLE, aZ as publishImages, _ as writeHistoryPage, a_ as historyPageDirectory, a$ as publishFiles, b0 as MAX_HISTORY_BYTES, b1 as parseHistoryText, b2 as appendToHistory, b3 as serializeHistory, b4 as alertIssue, b5 as suiteHash, b6 as judge, b7 as withLines, b8 as relinkedLines, b9 as DEFAULT_COMPARE_OPTIONS, ba as metricsOfVersion, bb as sameCell$1, bc as variantLabel, a7 as formatChangePercentPlain, bd as formatTolerance, be as commentMarker, bf as workflowRepositoryUrl, bg as writeReport, bh as pullRequestCommentSink, u as deliverVerdict, bi as verdictExitCode, bj as renderVerdictSummary, K as cliSpelling, o as compareOptionsFromFlags, bk as loadSuite, j as sinksFor, a0 as historyChangesRequest, a2 as DEFAULT_MAX_P, a1 as DEFAULT_WINDOW, p as parseCommit, bl as distExports, bm as judgeRun, A as inCleanupScope, bn as doctorGateFromFlags, bo as planGate, bp as gateCommand, aa as packageIssuesUrl, bq as judgeSettingsFromFlags, a8 as mergeCommand, br as PULL_REQUEST_COMMENT, bs as buildServers, bt as planBuilds } from './gate.js';
import { tmpdir } from 'node:os';
import { c as coreLogger, s as saveStateForPost, n as notice } from './post-state.js';
import { existsSync, readFileSync } from 'fs';
import { EOL } from 'os';
import http__default from 'http';
import https__default from 'https';
import { c as commonjsGlobal, g as getDefaultExportFromCjs } from './commonjs-helpers.js';
import 'node:crypto';
import 'node:module';
import 'node:url';
import 'node:timers/promises';
import 'crypto';
import 'path';
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
function required$2(name) {
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
        source: required$2('source'),
        good: required$2('good'),
        bad: required$2('bad'),
        cell: getMultilineInput('cells'),
        suite: getInput('suite') || BISECT_DEFAULTS.suite,
        compiler: getInput('compiler') || BISECT_DEFAULTS.compiler,
        maxRepetitions: getInput('max-repetitions') || BISECT_DEFAULTS.maxRepetitions,
        state: getInput('state') || BISECT_DEFAULTS.state,
        outDir: getInput('report-dir') || BISECT_DEFAULTS.outDir,
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

class Context {
    /**
     * Hydrate the context from the environment
     */
    constructor() {
        var _a, _b, _c;
        this.payload = {};
        if (process.env.GITHUB_EVENT_PATH) {
            if (existsSync(process.env.GITHUB_EVENT_PATH)) {
                this.payload = JSON.parse(readFileSync(process.env.GITHUB_EVENT_PATH, { encoding: 'utf8' }));
            }
            else {
                const path = process.env.GITHUB_EVENT_PATH;
                process.stdout.write(`GITHUB_EVENT_PATH ${path} does not exist${EOL}`);
            }
        }
        this.eventName = process.env.GITHUB_EVENT_NAME;
        this.sha = process.env.GITHUB_SHA;
        this.ref = process.env.GITHUB_REF;
        this.workflow = process.env.GITHUB_WORKFLOW;
        this.action = process.env.GITHUB_ACTION;
        this.actor = process.env.GITHUB_ACTOR;
        this.job = process.env.GITHUB_JOB;
        this.runAttempt = parseInt(process.env.GITHUB_RUN_ATTEMPT, 10);
        this.runNumber = parseInt(process.env.GITHUB_RUN_NUMBER, 10);
        this.runId = parseInt(process.env.GITHUB_RUN_ID, 10);
        this.apiUrl = (_a = process.env.GITHUB_API_URL) !== null && _a !== void 0 ? _a : `https://api.github.com`;
        this.serverUrl = (_b = process.env.GITHUB_SERVER_URL) !== null && _b !== void 0 ? _b : `https://github.com`;
        this.graphqlUrl =
            (_c = process.env.GITHUB_GRAPHQL_URL) !== null && _c !== void 0 ? _c : `https://api.github.com/graphql`;
    }
    get issue() {
        const payload = this.payload;
        return Object.assign(Object.assign({}, this.repo), { number: (payload.issue || payload.pull_request || payload).number });
    }
    get repo() {
        if (process.env.GITHUB_REPOSITORY) {
            const [owner, repo] = process.env.GITHUB_REPOSITORY.split('/');
            return { owner, repo };
        }
        if (this.payload.repository) {
            return {
                owner: this.payload.repository.owner.login,
                repo: this.payload.repository.name
            };
        }
        throw new Error("context.repo requires a GITHUB_REPOSITORY environment variable like 'owner/repo'");
    }
}

var lib = {};

var proxy = {};

var hasRequiredProxy;

function requireProxy () {
	if (hasRequiredProxy) return proxy;
	hasRequiredProxy = 1;
	Object.defineProperty(proxy, "__esModule", { value: true });
	proxy.getProxyUrl = getProxyUrl;
	proxy.checkBypass = checkBypass;
	function getProxyUrl(reqUrl) {
	    const usingSsl = reqUrl.protocol === 'https:';
	    if (checkBypass(reqUrl)) {
	        return undefined;
	    }
	    const proxyVar = (() => {
	        if (usingSsl) {
	            return process.env['https_proxy'] || process.env['HTTPS_PROXY'];
	        }
	        else {
	            return process.env['http_proxy'] || process.env['HTTP_PROXY'];
	        }
	    })();
	    if (proxyVar) {
	        try {
	            return new DecodedURL(proxyVar);
	        }
	        catch (_a) {
	            if (!proxyVar.startsWith('http://') && !proxyVar.startsWith('https://'))
	                return new DecodedURL(`http://${proxyVar}`);
	        }
	    }
	    else {
	        return undefined;
	    }
	}
	function checkBypass(reqUrl) {
	    if (!reqUrl.hostname) {
	        return false;
	    }
	    const reqHost = reqUrl.hostname;
	    if (isLoopbackAddress(reqHost)) {
	        return true;
	    }
	    const noProxy = process.env['no_proxy'] || process.env['NO_PROXY'] || '';
	    if (!noProxy) {
	        return false;
	    }
	    // Determine the request port
	    let reqPort;
	    if (reqUrl.port) {
	        reqPort = Number(reqUrl.port);
	    }
	    else if (reqUrl.protocol === 'http:') {
	        reqPort = 80;
	    }
	    else if (reqUrl.protocol === 'https:') {
	        reqPort = 443;
	    }
	    // Format the request hostname and hostname with port
	    const upperReqHosts = [reqUrl.hostname.toUpperCase()];
	    if (typeof reqPort === 'number') {
	        upperReqHosts.push(`${upperReqHosts[0]}:${reqPort}`);
	    }
	    // Compare request host against noproxy
	    for (const upperNoProxyItem of noProxy
	        .split(',')
	        .map(x => x.trim().toUpperCase())
	        .filter(x => x)) {
	        if (upperNoProxyItem === '*' ||
	            upperReqHosts.some(x => x === upperNoProxyItem ||
	                x.endsWith(`.${upperNoProxyItem}`) ||
	                (upperNoProxyItem.startsWith('.') &&
	                    x.endsWith(`${upperNoProxyItem}`)))) {
	            return true;
	        }
	    }
	    return false;
	}
	function isLoopbackAddress(host) {
	    const hostLower = host.toLowerCase();
	    return (hostLower === 'localhost' ||
	        hostLower.startsWith('127.') ||
	        hostLower.startsWith('[::1]') ||
	        hostLower.startsWith('[0:0:0:0:0:0:0:1]'));
	}
	class DecodedURL extends URL {
	    constructor(url, base) {
	        super(url, base);
	        this._decodedUsername = decodeURIComponent(super.username);
	        this._decodedPassword = decodeURIComponent(super.password);
	    }
	    get username() {
	        return this._decodedUsername;
	    }
	    get password() {
	        return this._decodedPassword;
	    }
	}
	
	return proxy;
}

var hasRequiredLib;

function requireLib () {
	if (hasRequiredLib) return lib;
	hasRequiredLib = 1;
	/* eslint-disable @typescript-eslint/no-explicit-any */
	var __createBinding = (lib && lib.__createBinding) || (Object.create ? (function(o, m, k, k2) {
	    if (k2 === undefined) k2 = k;
	    var desc = Object.getOwnPropertyDescriptor(m, k);
	    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
	      desc = { enumerable: true, get: function() { return m[k]; } };
	    }
	    Object.defineProperty(o, k2, desc);
	}) : (function(o, m, k, k2) {
	    if (k2 === undefined) k2 = k;
	    o[k2] = m[k];
	}));
	var __setModuleDefault = (lib && lib.__setModuleDefault) || (Object.create ? (function(o, v) {
	    Object.defineProperty(o, "default", { enumerable: true, value: v });
	}) : function(o, v) {
	    o["default"] = v;
	});
	var __importStar = (lib && lib.__importStar) || (function () {
	    var ownKeys = function(o) {
	        ownKeys = Object.getOwnPropertyNames || function (o) {
	            var ar = [];
	            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
	            return ar;
	        };
	        return ownKeys(o);
	    };
	    return function (mod) {
	        if (mod && mod.__esModule) return mod;
	        var result = {};
	        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
	        __setModuleDefault(result, mod);
	        return result;
	    };
	})();
	var __awaiter = (lib && lib.__awaiter) || function (thisArg, _arguments, P, generator) {
	    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
	    return new (P || (P = Promise))(function (resolve, reject) {
	        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
	        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
	        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
	        step((generator = generator.apply(thisArg, _arguments || [])).next());
	    });
	};
	Object.defineProperty(lib, "__esModule", { value: true });
	lib.HttpClient = lib.HttpClientResponse = lib.HttpClientError = lib.MediaTypes = lib.Headers = lib.HttpCodes = void 0;
	lib.getProxyUrl = getProxyUrl;
	lib.isHttps = isHttps;
	const http = __importStar(http__default);
	const https = __importStar(https__default);
	const pm = __importStar(requireProxy());
	const tunnel = __importStar(requireTunnel());
	const undici_1 = requireUndici();
	var HttpCodes;
	(function (HttpCodes) {
	    HttpCodes[HttpCodes["OK"] = 200] = "OK";
	    HttpCodes[HttpCodes["MultipleChoices"] = 300] = "MultipleChoices";
	    HttpCodes[HttpCodes["MovedPermanently"] = 301] = "MovedPermanently";
	    HttpCodes[HttpCodes["ResourceMoved"] = 302] = "ResourceMoved";
	    HttpCodes[HttpCodes["SeeOther"] = 303] = "SeeOther";
	    HttpCodes[HttpCodes["NotModified"] = 304] = "NotModified";
	    HttpCodes[HttpCodes["UseProxy"] = 305] = "UseProxy";
	    HttpCodes[HttpCodes["SwitchProxy"] = 306] = "SwitchProxy";
	    HttpCodes[HttpCodes["TemporaryRedirect"] = 307] = "TemporaryRedirect";
	    HttpCodes[HttpCodes["PermanentRedirect"] = 308] = "PermanentRedirect";
	    HttpCodes[HttpCodes["BadRequest"] = 400] = "BadRequest";
	    HttpCodes[HttpCodes["Unauthorized"] = 401] = "Unauthorized";
	    HttpCodes[HttpCodes["PaymentRequired"] = 402] = "PaymentRequired";
	    HttpCodes[HttpCodes["Forbidden"] = 403] = "Forbidden";
	    HttpCodes[HttpCodes["NotFound"] = 404] = "NotFound";
	    HttpCodes[HttpCodes["MethodNotAllowed"] = 405] = "MethodNotAllowed";
	    HttpCodes[HttpCodes["NotAcceptable"] = 406] = "NotAcceptable";
	    HttpCodes[HttpCodes["ProxyAuthenticationRequired"] = 407] = "ProxyAuthenticationRequired";
	    HttpCodes[HttpCodes["RequestTimeout"] = 408] = "RequestTimeout";
	    HttpCodes[HttpCodes["Conflict"] = 409] = "Conflict";
	    HttpCodes[HttpCodes["Gone"] = 410] = "Gone";
	    HttpCodes[HttpCodes["TooManyRequests"] = 429] = "TooManyRequests";
	    HttpCodes[HttpCodes["InternalServerError"] = 500] = "InternalServerError";
	    HttpCodes[HttpCodes["NotImplemented"] = 501] = "NotImplemented";
	    HttpCodes[HttpCodes["BadGateway"] = 502] = "BadGateway";
	    HttpCodes[HttpCodes["ServiceUnavailable"] = 503] = "ServiceUnavailable";
	    HttpCodes[HttpCodes["GatewayTimeout"] = 504] = "GatewayTimeout";
	})(HttpCodes || (lib.HttpCodes = HttpCodes = {}));
	var Headers;
	(function (Headers) {
	    Headers["Accept"] = "accept";
	    Headers["ContentType"] = "content-type";
	})(Headers || (lib.Headers = Headers = {}));
	var MediaTypes;
	(function (MediaTypes) {
	    MediaTypes["ApplicationJson"] = "application/json";
	})(MediaTypes || (lib.MediaTypes = MediaTypes = {}));
	/**
	 * Returns the proxy URL, depending upon the supplied url and proxy environment variables.
	 * @param serverUrl  The server URL where the request will be sent. For example, https://api.github.com
	 */
	function getProxyUrl(serverUrl) {
	    const proxyUrl = pm.getProxyUrl(new URL(serverUrl));
	    return proxyUrl ? proxyUrl.href : '';
	}
	const HttpRedirectCodes = [
	    HttpCodes.MovedPermanently,
	    HttpCodes.ResourceMoved,
	    HttpCodes.SeeOther,
	    HttpCodes.TemporaryRedirect,
	    HttpCodes.PermanentRedirect
	];
	const HttpResponseRetryCodes = [
	    HttpCodes.BadGateway,
	    HttpCodes.ServiceUnavailable,
	    HttpCodes.GatewayTimeout
	];
	const RetryableHttpVerbs = ['OPTIONS', 'GET', 'DELETE', 'HEAD'];
	const ExponentialBackoffCeiling = 10;
	const ExponentialBackoffTimeSlice = 5;
	class HttpClientError extends Error {
	    constructor(message, statusCode) {
	        super(message);
	        this.name = 'HttpClientError';
	        this.statusCode = statusCode;
	        Object.setPrototypeOf(this, HttpClientError.prototype);
	    }
	}
	lib.HttpClientError = HttpClientError;
	class HttpClientResponse {
	    constructor(message) {
	        this.message = message;
	    }
	    readBody() {
	        return __awaiter(this, void 0, void 0, function* () {
	            return new Promise((resolve) => __awaiter(this, void 0, void 0, function* () {
	                let output = Buffer.alloc(0);
	                this.message.on('data', (chunk) => {
	                    output = Buffer.concat([output, chunk]);
	                });
	                this.message.on('end', () => {
	                    resolve(output.toString());
	                });
	            }));
	        });
	    }
	    readBodyBuffer() {
	        return __awaiter(this, void 0, void 0, function* () {
	            return new Promise((resolve) => __awaiter(this, void 0, void 0, function* () {
	                const chunks = [];
	                this.message.on('data', (chunk) => {
	                    chunks.push(chunk);
	                });
	                this.message.on('end', () => {
	                    resolve(Buffer.concat(chunks));
	                });
	            }));
	        });
	    }
	}
	lib.HttpClientResponse = HttpClientResponse;
	function isHttps(requestUrl) {
	    const parsedUrl = new URL(requestUrl);
	    return parsedUrl.protocol === 'https:';
	}
	class HttpClient {
	    constructor(userAgent, handlers, requestOptions) {
	        this._ignoreSslError = false;
	        this._allowRedirects = true;
	        this._allowRedirectDowngrade = false;
	        this._maxRedirects = 50;
	        this._allowRetries = false;
	        this._maxRetries = 1;
	        this._keepAlive = false;
	        this._disposed = false;
	        this.userAgent = this._getUserAgentWithOrchestrationId(userAgent);
	        this.handlers = handlers || [];
	        this.requestOptions = requestOptions;
	        if (requestOptions) {
	            if (requestOptions.ignoreSslError != null) {
	                this._ignoreSslError = requestOptions.ignoreSslError;
	            }
	            this._socketTimeout = requestOptions.socketTimeout;
	            if (requestOptions.allowRedirects != null) {
	                this._allowRedirects = requestOptions.allowRedirects;
	            }
	            if (requestOptions.allowRedirectDowngrade != null) {
	                this._allowRedirectDowngrade = requestOptions.allowRedirectDowngrade;
	            }
	            if (requestOptions.maxRedirects != null) {
	                this._maxRedirects = Math.max(requestOptions.maxRedirects, 0);
	            }
	            if (requestOptions.keepAlive != null) {
	                this._keepAlive = requestOptions.keepAlive;
	            }
	            if (requestOptions.allowRetries != null) {
	                this._allowRetries = requestOptions.allowRetries;
	            }
	            if (requestOptions.maxRetries != null) {
	                this._maxRetries = requestOptions.maxRetries;
	            }
	        }
	    }
	    options(requestUrl, additionalHeaders) {
	        return __awaiter(this, void 0, void 0, function* () {
	            return this.request('OPTIONS', requestUrl, null, additionalHeaders || {});
	        });
	    }
	    get(requestUrl, additionalHeaders) {
	        return __awaiter(this, void 0, void 0, function* () {
	            return this.request('GET', requestUrl, null, additionalHeaders || {});
	        });
	    }
	    del(requestUrl, additionalHeaders) {
	        return __awaiter(this, void 0, void 0, function* () {
	            return this.request('DELETE', requestUrl, null, additionalHeaders || {});
	        });
	    }
	    post(requestUrl, data, additionalHeaders) {
	        return __awaiter(this, void 0, void 0, function* () {
	            return this.request('POST', requestUrl, data, additionalHeaders || {});
	        });
	    }
	    patch(requestUrl, data, additionalHeaders) {
	        return __awaiter(this, void 0, void 0, function* () {
	            return this.request('PATCH', requestUrl, data, additionalHeaders || {});
	        });
	    }
	    put(requestUrl, data, additionalHeaders) {
	        return __awaiter(this, void 0, void 0, function* () {
	            return this.request('PUT', requestUrl, data, additionalHeaders || {});
	        });
	    }
	    head(requestUrl, additionalHeaders) {
	        return __awaiter(this, void 0, void 0, function* () {
	            return this.request('HEAD', requestUrl, null, additionalHeaders || {});
	        });
	    }
	    sendStream(verb, requestUrl, stream, additionalHeaders) {
	        return __awaiter(this, void 0, void 0, function* () {
	            return this.request(verb, requestUrl, stream, additionalHeaders);
	        });
	    }
	    /**
	     * Gets a typed object from an endpoint
	     * Be aware that not found returns a null.  Other errors (4xx, 5xx) reject the promise
	     */
	    getJson(requestUrl_1) {
	        return __awaiter(this, arguments, void 0, function* (requestUrl, additionalHeaders = {}) {
	            additionalHeaders[Headers.Accept] = this._getExistingOrDefaultHeader(additionalHeaders, Headers.Accept, MediaTypes.ApplicationJson);
	            const res = yield this.get(requestUrl, additionalHeaders);
	            return this._processResponse(res, this.requestOptions);
	        });
	    }
	    postJson(requestUrl_1, obj_1) {
	        return __awaiter(this, arguments, void 0, function* (requestUrl, obj, additionalHeaders = {}) {
	            const data = JSON.stringify(obj, null, 2);
	            additionalHeaders[Headers.Accept] = this._getExistingOrDefaultHeader(additionalHeaders, Headers.Accept, MediaTypes.ApplicationJson);
	            additionalHeaders[Headers.ContentType] =
	                this._getExistingOrDefaultContentTypeHeader(additionalHeaders, MediaTypes.ApplicationJson);
	            const res = yield this.post(requestUrl, data, additionalHeaders);
	            return this._processResponse(res, this.requestOptions);
	        });
	    }
	    putJson(requestUrl_1, obj_1) {
	        return __awaiter(this, arguments, void 0, function* (requestUrl, obj, additionalHeaders = {}) {
	            const data = JSON.stringify(obj, null, 2);
	            additionalHeaders[Headers.Accept] = this._getExistingOrDefaultHeader(additionalHeaders, Headers.Accept, MediaTypes.ApplicationJson);
	            additionalHeaders[Headers.ContentType] =
	                this._getExistingOrDefaultContentTypeHeader(additionalHeaders, MediaTypes.ApplicationJson);
	            const res = yield this.put(requestUrl, data, additionalHeaders);
	            return this._processResponse(res, this.requestOptions);
	        });
	    }
	    patchJson(requestUrl_1, obj_1) {
	        return __awaiter(this, arguments, void 0, function* (requestUrl, obj, additionalHeaders = {}) {
	            const data = JSON.stringify(obj, null, 2);
	            additionalHeaders[Headers.Accept] = this._getExistingOrDefaultHeader(additionalHeaders, Headers.Accept, MediaTypes.ApplicationJson);
	            additionalHeaders[Headers.ContentType] =
	                this._getExistingOrDefaultContentTypeHeader(additionalHeaders, MediaTypes.ApplicationJson);
	            const res = yield this.patch(requestUrl, data, additionalHeaders);
	            return this._processResponse(res, this.requestOptions);
	        });
	    }
	    /**
	     * Makes a raw http request.
	     * All other methods such as get, post, patch, and request ultimately call this.
	     * Prefer get, del, post and patch
	     */
	    request(verb, requestUrl, data, headers) {
	        return __awaiter(this, void 0, void 0, function* () {
	            if (this._disposed) {
	                throw new Error('Client has already been disposed.');
	            }
	            const parsedUrl = new URL(requestUrl);
	            let info = this._prepareRequest(verb, parsedUrl, headers);
	            // Only perform retries on reads since writes may not be idempotent.
	            const maxTries = this._allowRetries && RetryableHttpVerbs.includes(verb)
	                ? this._maxRetries + 1
	                : 1;
	            let numTries = 0;
	            let response;
	            do {
	                response = yield this.requestRaw(info, data);
	                // Check if it's an authentication challenge
	                if (response &&
	                    response.message &&
	                    response.message.statusCode === HttpCodes.Unauthorized) {
	                    let authenticationHandler;
	                    for (const handler of this.handlers) {
	                        if (handler.canHandleAuthentication(response)) {
	                            authenticationHandler = handler;
	                            break;
	                        }
	                    }
	                    if (authenticationHandler) {
	                        return authenticationHandler.handleAuthentication(this, info, data);
	                    }
	                    else {
	                        // We have received an unauthorized response but have no handlers to handle it.
	                        // Let the response return to the caller.
	                        return response;
	                    }
	                }
	                let redirectsRemaining = this._maxRedirects;
	                while (response.message.statusCode &&
	                    HttpRedirectCodes.includes(response.message.statusCode) &&
	                    this._allowRedirects &&
	                    redirectsRemaining > 0) {
	                    const redirectUrl = response.message.headers['location'];
	                    if (!redirectUrl) {
	                        // if there's no location to redirect to, we won't
	                        break;
	                    }
	                    const parsedRedirectUrl = new URL(redirectUrl);
	                    if (parsedUrl.protocol === 'https:' &&
	                        parsedUrl.protocol !== parsedRedirectUrl.protocol &&
	                        !this._allowRedirectDowngrade) {
	                        throw new Error('Redirect from HTTPS to HTTP protocol. This downgrade is not allowed for security reasons. If you want to allow this behavior, set the allowRedirectDowngrade option to true.');
	                    }
	                    // we need to finish reading the response before reassigning response
	                    // which will leak the open socket.
	                    yield response.readBody();
	                    // strip authorization header if redirected to a different hostname
	                    if (parsedRedirectUrl.hostname !== parsedUrl.hostname) {
	                        for (const header in headers) {
	                            // header names are case insensitive
	                            if (header.toLowerCase() === 'authorization') {
	                                delete headers[header];
	                            }
	                        }
	                    }
	                    // let's make the request with the new redirectUrl
	                    info = this._prepareRequest(verb, parsedRedirectUrl, headers);
	                    response = yield this.requestRaw(info, data);
	                    redirectsRemaining--;
	                }
	                if (!response.message.statusCode ||
	                    !HttpResponseRetryCodes.includes(response.message.statusCode)) {
	                    // If not a retry code, return immediately instead of retrying
	                    return response;
	                }
	                numTries += 1;
	                if (numTries < maxTries) {
	                    yield response.readBody();
	                    yield this._performExponentialBackoff(numTries);
	                }
	            } while (numTries < maxTries);
	            return response;
	        });
	    }
	    /**
	     * Needs to be called if keepAlive is set to true in request options.
	     */
	    dispose() {
	        if (this._agent) {
	            this._agent.destroy();
	        }
	        this._disposed = true;
	    }
	    /**
	     * Raw request.
	     * @param info
	     * @param data
	     */
	    requestRaw(info, data) {
	        return __awaiter(this, void 0, void 0, function* () {
	            return new Promise((resolve, reject) => {
	                function callbackForResult(err, res) {
	                    if (err) {
	                        reject(err);
	                    }
	                    else if (!res) {
	                        // If `err` is not passed, then `res` must be passed.
	                        reject(new Error('Unknown error'));
	                    }
	                    else {
	                        resolve(res);
	                    }
	                }
	                this.requestRawWithCallback(info, data, callbackForResult);
	            });
	        });
	    }
	    /**
	     * Raw request with callback.
	     * @param info
	     * @param data
	     * @param onResult
	     */
	    requestRawWithCallback(info, data, onResult) {
	        if (typeof data === 'string') {
	            if (!info.options.headers) {
	                info.options.headers = {};
	            }
	            info.options.headers['Content-Length'] = Buffer.byteLength(data, 'utf8');
	        }
	        let callbackCalled = false;
	        function handleResult(err, res) {
	            if (!callbackCalled) {
	                callbackCalled = true;
	                onResult(err, res);
	            }
	        }
	        const req = info.httpModule.request(info.options, (msg) => {
	            const res = new HttpClientResponse(msg);
	            handleResult(undefined, res);
	        });
	        let socket;
	        req.on('socket', sock => {
	            socket = sock;
	        });
	        // If we ever get disconnected, we want the socket to timeout eventually
	        req.setTimeout(this._socketTimeout || 3 * 60000, () => {
	            if (socket) {
	                socket.end();
	            }
	            handleResult(new Error(`Request timeout: ${info.options.path}`));
	        });
	        req.on('error', function (err) {
	            // err has statusCode property
	            // res should have headers
	            handleResult(err);
	        });
	        if (data && typeof data === 'string') {
	            req.write(data, 'utf8');
	        }
	        if (data && typeof data !== 'string') {
	            data.on('close', function () {
	                req.end();
	            });
	            data.pipe(req);
	        }
	        else {
	            req.end();
	        }
	    }
	    /**
	     * Gets an http agent. This function is useful when you need an http agent that handles
	     * routing through a proxy server - depending upon the url and proxy environment variables.
	     * @param serverUrl  The server URL where the request will be sent. For example, https://api.github.com
	     */
	    getAgent(serverUrl) {
	        const parsedUrl = new URL(serverUrl);
	        return this._getAgent(parsedUrl);
	    }
	    getAgentDispatcher(serverUrl) {
	        const parsedUrl = new URL(serverUrl);
	        const proxyUrl = pm.getProxyUrl(parsedUrl);
	        const useProxy = proxyUrl && proxyUrl.hostname;
	        if (!useProxy) {
	            return;
	        }
	        return this._getProxyAgentDispatcher(parsedUrl, proxyUrl);
	    }
	    _prepareRequest(method, requestUrl, headers) {
	        const info = {};
	        info.parsedUrl = requestUrl;
	        const usingSsl = info.parsedUrl.protocol === 'https:';
	        info.httpModule = usingSsl ? https : http;
	        const defaultPort = usingSsl ? 443 : 80;
	        info.options = {};
	        info.options.host = info.parsedUrl.hostname;
	        info.options.port = info.parsedUrl.port
	            ? parseInt(info.parsedUrl.port)
	            : defaultPort;
	        info.options.path =
	            (info.parsedUrl.pathname || '') + (info.parsedUrl.search || '');
	        info.options.method = method;
	        info.options.headers = this._mergeHeaders(headers);
	        if (this.userAgent != null) {
	            info.options.headers['user-agent'] = this.userAgent;
	        }
	        info.options.agent = this._getAgent(info.parsedUrl);
	        // gives handlers an opportunity to participate
	        if (this.handlers) {
	            for (const handler of this.handlers) {
	                handler.prepareRequest(info.options);
	            }
	        }
	        return info;
	    }
	    _mergeHeaders(headers) {
	        if (this.requestOptions && this.requestOptions.headers) {
	            return Object.assign({}, lowercaseKeys(this.requestOptions.headers), lowercaseKeys(headers || {}));
	        }
	        return lowercaseKeys(headers || {});
	    }
	    /**
	     * Gets an existing header value or returns a default.
	     * Handles converting number header values to strings since HTTP headers must be strings.
	     * Note: This returns string | string[] since some headers can have multiple values.
	     * For headers that must always be a single string (like Content-Type), use the
	     * specialized _getExistingOrDefaultContentTypeHeader method instead.
	     */
	    _getExistingOrDefaultHeader(additionalHeaders, header, _default) {
	        let clientHeader;
	        if (this.requestOptions && this.requestOptions.headers) {
	            const headerValue = lowercaseKeys(this.requestOptions.headers)[header];
	            if (headerValue) {
	                clientHeader =
	                    typeof headerValue === 'number' ? headerValue.toString() : headerValue;
	            }
	        }
	        const additionalValue = additionalHeaders[header];
	        if (additionalValue !== undefined) {
	            return typeof additionalValue === 'number'
	                ? additionalValue.toString()
	                : additionalValue;
	        }
	        if (clientHeader !== undefined) {
	            return clientHeader;
	        }
	        return _default;
	    }
	    /**
	     * Specialized version of _getExistingOrDefaultHeader for Content-Type header.
	     * Always returns a single string (not an array) since Content-Type should be a single value.
	     * Converts arrays to comma-separated strings and numbers to strings to ensure type safety.
	     * This was split from _getExistingOrDefaultHeader to provide stricter typing for callers
	     * that assign the result to places expecting a string (e.g., additionalHeaders[Headers.ContentType]).
	     */
	    _getExistingOrDefaultContentTypeHeader(additionalHeaders, _default) {
	        let clientHeader;
	        if (this.requestOptions && this.requestOptions.headers) {
	            const headerValue = lowercaseKeys(this.requestOptions.headers)[Headers.ContentType];
	            if (headerValue) {
	                if (typeof headerValue === 'number') {
	                    clientHeader = String(headerValue);
	                }
	                else if (Array.isArray(headerValue)) {
	                    clientHeader = headerValue.join(', ');
	                }
	                else {
	                    clientHeader = headerValue;
	                }
	            }
	        }
	        const additionalValue = additionalHeaders[Headers.ContentType];
	        // Return the first non-undefined value, converting numbers or arrays to strings if necessary
	        if (additionalValue !== undefined) {
	            if (typeof additionalValue === 'number') {
	                return String(additionalValue);
	            }
	            else if (Array.isArray(additionalValue)) {
	                return additionalValue.join(', ');
	            }
	            else {
	                return additionalValue;
	            }
	        }
	        if (clientHeader !== undefined) {
	            return clientHeader;
	        }
	        return _default;
	    }
	    _getAgent(parsedUrl) {
	        let agent;
	        const proxyUrl = pm.getProxyUrl(parsedUrl);
	        const useProxy = proxyUrl && proxyUrl.hostname;
	        if (this._keepAlive && useProxy) {
	            agent = this._proxyAgent;
	        }
	        if (!useProxy) {
	            agent = this._agent;
	        }
	        // if agent is already assigned use that agent.
	        if (agent) {
	            return agent;
	        }
	        const usingSsl = parsedUrl.protocol === 'https:';
	        let maxSockets = 100;
	        if (this.requestOptions) {
	            maxSockets = this.requestOptions.maxSockets || http.globalAgent.maxSockets;
	        }
	        // This is `useProxy` again, but we need to check `proxyURl` directly for TypeScripts's flow analysis.
	        if (proxyUrl && proxyUrl.hostname) {
	            const agentOptions = {
	                maxSockets,
	                keepAlive: this._keepAlive,
	                proxy: Object.assign(Object.assign({}, ((proxyUrl.username || proxyUrl.password) && {
	                    proxyAuth: `${proxyUrl.username}:${proxyUrl.password}`
	                })), { host: proxyUrl.hostname, port: proxyUrl.port })
	            };
	            let tunnelAgent;
	            const overHttps = proxyUrl.protocol === 'https:';
	            if (usingSsl) {
	                tunnelAgent = overHttps ? tunnel.httpsOverHttps : tunnel.httpsOverHttp;
	            }
	            else {
	                tunnelAgent = overHttps ? tunnel.httpOverHttps : tunnel.httpOverHttp;
	            }
	            agent = tunnelAgent(agentOptions);
	            this._proxyAgent = agent;
	        }
	        // if tunneling agent isn't assigned create a new agent
	        if (!agent) {
	            const options = { keepAlive: this._keepAlive, maxSockets };
	            agent = usingSsl ? new https.Agent(options) : new http.Agent(options);
	            this._agent = agent;
	        }
	        if (usingSsl && this._ignoreSslError) {
	            // we don't want to set NODE_TLS_REJECT_UNAUTHORIZED=0 since that will affect request for entire process
	            // http.RequestOptions doesn't expose a way to modify RequestOptions.agent.options
	            // we have to cast it to any and change it directly
	            agent.options = Object.assign(agent.options || {}, {
	                rejectUnauthorized: false
	            });
	        }
	        return agent;
	    }
	    _getProxyAgentDispatcher(parsedUrl, proxyUrl) {
	        let proxyAgent;
	        if (this._keepAlive) {
	            proxyAgent = this._proxyAgentDispatcher;
	        }
	        // if agent is already assigned use that agent.
	        if (proxyAgent) {
	            return proxyAgent;
	        }
	        const usingSsl = parsedUrl.protocol === 'https:';
	        proxyAgent = new undici_1.ProxyAgent(Object.assign({ uri: proxyUrl.href, pipelining: !this._keepAlive ? 0 : 1 }, ((proxyUrl.username || proxyUrl.password) && {
	            token: `Basic ${Buffer.from(`${proxyUrl.username}:${proxyUrl.password}`).toString('base64')}`
	        })));
	        this._proxyAgentDispatcher = proxyAgent;
	        if (usingSsl && this._ignoreSslError) {
	            // we don't want to set NODE_TLS_REJECT_UNAUTHORIZED=0 since that will affect request for entire process
	            // http.RequestOptions doesn't expose a way to modify RequestOptions.agent.options
	            // we have to cast it to any and change it directly
	            proxyAgent.options = Object.assign(proxyAgent.options.requestTls || {}, {
	                rejectUnauthorized: false
	            });
	        }
	        return proxyAgent;
	    }
	    _getUserAgentWithOrchestrationId(userAgent) {
	        const baseUserAgent = userAgent || 'actions/http-client';
	        const orchId = process.env['ACTIONS_ORCHESTRATION_ID'];
	        if (orchId) {
	            // Sanitize the orchestration ID to ensure it contains only valid characters
	            // Valid characters: 0-9, a-z, _, -, .
	            const sanitizedId = orchId.replace(/[^a-z0-9_.-]/gi, '_');
	            return `${baseUserAgent} actions_orchestration_id/${sanitizedId}`;
	        }
	        return baseUserAgent;
	    }
	    _performExponentialBackoff(retryNumber) {
	        return __awaiter(this, void 0, void 0, function* () {
	            retryNumber = Math.min(ExponentialBackoffCeiling, retryNumber);
	            const ms = ExponentialBackoffTimeSlice * Math.pow(2, retryNumber);
	            return new Promise(resolve => setTimeout(() => resolve(), ms));
	        });
	    }
	    _processResponse(res, options) {
	        return __awaiter(this, void 0, void 0, function* () {
	            return new Promise((resolve, reject) => __awaiter(this, void 0, void 0, function* () {
	                const statusCode = res.message.statusCode || 0;
	                const response = {
	                    statusCode,
	                    result: null,
	                    headers: {}
	                };
	                // not found leads to null obj returned
	                if (statusCode === HttpCodes.NotFound) {
	                    resolve(response);
	                }
	                // get the result from the body
	                function dateTimeDeserializer(key, value) {
	                    if (typeof value === 'string') {
	                        const a = new Date(value);
	                        if (!isNaN(a.valueOf())) {
	                            return a;
	                        }
	                    }
	                    return value;
	                }
	                let obj;
	                let contents;
	                try {
	                    contents = yield res.readBody();
	                    if (contents && contents.length > 0) {
	                        if (options && options.deserializeDates) {
	                            obj = JSON.parse(contents, dateTimeDeserializer);
	                        }
	                        else {
	                            obj = JSON.parse(contents);
	                        }
	                        response.result = obj;
	                    }
	                    response.headers = res.message.headers;
	                }
	                catch (err) {
	                    // Invalid resource (contents not json);  leaving result obj null
	                }
	                // note that 3xx redirects are handled by the http layer.
	                if (statusCode > 299) {
	                    let msg;
	                    // if exception/error in body, attempt to get better error
	                    if (obj && obj.message) {
	                        msg = obj.message;
	                    }
	                    else if (contents && contents.length > 0) {
	                        // it may be the case that the exception is in the body message as string
	                        msg = contents;
	                    }
	                    else {
	                        msg = `Failed request: (${statusCode})`;
	                    }
	                    const err = new HttpClientError(msg, statusCode);
	                    err.result = response.result;
	                    reject(err);
	                }
	                else {
	                    resolve(response);
	                }
	            }));
	        });
	    }
	}
	lib.HttpClient = HttpClient;
	const lowercaseKeys = (obj) => Object.keys(obj).reduce((c, k) => ((c[k.toLowerCase()] = obj[k]), c), {});
	
	return lib;
}

var libExports = requireLib();

var __awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
function getAuthString(token, options) {
    if (!token && !options.auth) {
        throw new Error('Parameter token or opts.auth is required');
    }
    else if (token && options.auth) {
        throw new Error('Parameters token and opts.auth may not both be specified');
    }
    return typeof options.auth === 'string' ? options.auth : `token ${token}`;
}
function getProxyAgent(destinationUrl) {
    const hc = new libExports.HttpClient();
    return hc.getAgent(destinationUrl);
}
function getProxyAgentDispatcher(destinationUrl) {
    const hc = new libExports.HttpClient();
    return hc.getAgentDispatcher(destinationUrl);
}
function getProxyFetch(destinationUrl) {
    const httpDispatcher = getProxyAgentDispatcher(destinationUrl);
    const proxyFetch = (url, opts) => __awaiter(this, void 0, void 0, function* () {
        return undiciExports.fetch(url, Object.assign(Object.assign({}, opts), { dispatcher: httpDispatcher }));
    });
    return proxyFetch;
}
function getApiBaseUrl() {
    return process.env['GITHUB_API_URL'] || 'https://api.github.com';
}
function getUserAgentWithOrchestrationId(baseUserAgent) {
    var _a;
    const orchId = (_a = process.env['ACTIONS_ORCHESTRATION_ID']) === null || _a === void 0 ? void 0 : _a.trim();
    if (orchId) {
        const sanitizedId = orchId.replace(/[^a-z0-9_.-]/gi, '_');
        const tag = `actions_orchestration_id/${sanitizedId}`;
        if (baseUserAgent === null || baseUserAgent === void 0 ? void 0 : baseUserAgent.includes(tag))
            return baseUserAgent;
        const ua = baseUserAgent ? `${baseUserAgent} ` : '';
        return `${ua}${tag}`;
    }
    return baseUserAgent;
}

function getUserAgent() {
  if (typeof navigator === "object" && "userAgent" in navigator) {
    return navigator.userAgent;
  }

  if (typeof process === "object" && process.version !== undefined) {
    return `Node.js/${process.version.substr(1)} (${process.platform}; ${
      process.arch
    })`;
  }

  return "<environment undetectable>";
}

// @ts-check

function register(state, name, method, options) {
  if (typeof method !== "function") {
    throw new Error("method for before hook must be a function");
  }

  if (!options) {
    options = {};
  }

  if (Array.isArray(name)) {
    return name.reverse().reduce((callback, name) => {
      return register.bind(null, state, name, callback, options);
    }, method)();
  }

  return Promise.resolve().then(() => {
    if (!state.registry[name]) {
      return method(options);
    }

    return state.registry[name].reduce((method, registered) => {
      return registered.hook.bind(null, method, options);
    }, method)();
  });
}

// @ts-check

function addHook(state, kind, name, hook) {
  const orig = hook;
  if (!state.registry[name]) {
    state.registry[name] = [];
  }

  if (kind === "before") {
    hook = (method, options) => {
      return Promise.resolve()
        .then(orig.bind(null, options))
        .then(method.bind(null, options));
    };
  }

  if (kind === "after") {
    hook = (method, options) => {
      let result;
      return Promise.resolve()
        .then(method.bind(null, options))
        .then((result_) => {
          result = result_;
          return orig(result, options);
        })
        .then(() => {
          return result;
        });
    };
  }

  if (kind === "error") {
    hook = (method, options) => {
      return Promise.resolve()
        .then(method.bind(null, options))
        .catch((error) => {
          return orig(error, options);
        });
    };
  }

  state.registry[name].push({
    hook: hook,
    orig: orig,
  });
}

// @ts-check

function removeHook(state, name, method) {
  if (!state.registry[name]) {
    return;
  }

  const index = state.registry[name]
    .map((registered) => {
      return registered.orig;
    })
    .indexOf(method);

  if (index === -1) {
    return;
  }

  state.registry[name].splice(index, 1);
}

// @ts-check


// bind with array of arguments: https://stackoverflow.com/a/21792913
const bind = Function.bind;
const bindable = bind.bind(bind);

function bindApi(hook, state, name) {
  const removeHookRef = bindable(removeHook, null).apply(
    null,
    [state]
  );
  hook.api = { remove: removeHookRef };
  hook.remove = removeHookRef;
  ["before", "error", "after", "wrap"].forEach((kind) => {
    const args = [state, kind];
    hook[kind] = hook.api[kind] = bindable(addHook, null).apply(null, args);
  });
}

function Collection() {
  const state = {
    registry: {},
  };

  const hook = register.bind(null, state);
  bindApi(hook, state);

  return hook;
}

var Hook = { Collection };

// pkg/dist-src/defaults.js

// pkg/dist-src/version.js
var VERSION$7 = "0.0.0-development";

// pkg/dist-src/defaults.js
var userAgent = `octokit-endpoint.js/${VERSION$7} ${getUserAgent()}`;
var DEFAULTS = {
  method: "GET",
  baseUrl: "https://api.github.com",
  headers: {
    accept: "application/vnd.github.v3+json",
    "user-agent": userAgent
  },
  mediaType: {
    format: ""
  }
};

// pkg/dist-src/util/lowercase-keys.js
function lowercaseKeys(object) {
  if (!object) {
    return {};
  }
  return Object.keys(object).reduce((newObj, key) => {
    newObj[key.toLowerCase()] = object[key];
    return newObj;
  }, {});
}

// pkg/dist-src/util/is-plain-object.js
function isPlainObject$1(value) {
  if (typeof value !== "object" || value === null) return false;
  if (Object.prototype.toString.call(value) !== "[object Object]") return false;
  const proto = Object.getPrototypeOf(value);
  if (proto === null) return true;
  const Ctor = Object.prototype.hasOwnProperty.call(proto, "constructor") && proto.constructor;
  return typeof Ctor === "function" && Ctor instanceof Ctor && Function.prototype.call(Ctor) === Function.prototype.call(value);
}

// pkg/dist-src/util/merge-deep.js
function mergeDeep(defaults, options) {
  const result = Object.assign({}, defaults);
  Object.keys(options).forEach((key) => {
    if (isPlainObject$1(options[key])) {
      if (!(key in defaults)) Object.assign(result, { [key]: options[key] });
      else result[key] = mergeDeep(defaults[key], options[key]);
    } else {
      Object.assign(result, { [key]: options[key] });
    }
  });
  return result;
}

// pkg/dist-src/util/remove-undefined-properties.js
function removeUndefinedProperties(obj) {
  for (const key in obj) {
    if (obj[key] === void 0) {
      delete obj[key];
    }
  }
  return obj;
}

// pkg/dist-src/merge.js
function merge(defaults, route, options) {
  if (typeof route === "string") {
    let [method, url] = route.split(" ");
    options = Object.assign(url ? { method, url } : { url: method }, options);
  } else {
    options = Object.assign({}, route);
  }
  options.headers = lowercaseKeys(options.headers);
  removeUndefinedProperties(options);
  removeUndefinedProperties(options.headers);
  const mergedOptions = mergeDeep(defaults || {}, options);
  if (options.url === "/graphql") {
    if (defaults && defaults.mediaType.previews?.length) {
      mergedOptions.mediaType.previews = defaults.mediaType.previews.filter(
        (preview) => !mergedOptions.mediaType.previews.includes(preview)
      ).concat(mergedOptions.mediaType.previews);
    }
    mergedOptions.mediaType.previews = (mergedOptions.mediaType.previews || []).map((preview) => preview.replace(/-preview/, ""));
  }
  return mergedOptions;
}

// pkg/dist-src/util/add-query-parameters.js
function addQueryParameters(url, parameters) {
  const separator = /\?/.test(url) ? "&" : "?";
  const names = Object.keys(parameters);
  if (names.length === 0) {
    return url;
  }
  return url + separator + names.map((name) => {
    if (name === "q") {
      return "q=" + parameters.q.split("+").map(encodeURIComponent).join("+");
    }
    return `${name}=${encodeURIComponent(parameters[name])}`;
  }).join("&");
}

// pkg/dist-src/util/extract-url-variable-names.js
var urlVariableRegex = /\{[^{}}]+\}/g;
function removeNonChars(variableName) {
  return variableName.replace(/(?:^\W+)|(?:(?<!\W)\W+$)/g, "").split(/,/);
}
function extractUrlVariableNames(url) {
  const matches = url.match(urlVariableRegex);
  if (!matches) {
    return [];
  }
  return matches.map(removeNonChars).reduce((a, b) => a.concat(b), []);
}

// pkg/dist-src/util/omit.js
function omit(object, keysToOmit) {
  const result = { __proto__: null };
  for (const key of Object.keys(object)) {
    if (keysToOmit.indexOf(key) === -1) {
      result[key] = object[key];
    }
  }
  return result;
}

// pkg/dist-src/util/url-template.js
function encodeReserved(str) {
  return str.split(/(%[0-9A-Fa-f]{2})/g).map(function(part) {
    if (!/%[0-9A-Fa-f]/.test(part)) {
      part = encodeURI(part).replace(/%5B/g, "[").replace(/%5D/g, "]");
    }
    return part;
  }).join("");
}
function encodeUnreserved(str) {
  return encodeURIComponent(str).replace(/[!'()*]/g, function(c) {
    return "%" + c.charCodeAt(0).toString(16).toUpperCase();
  });
}
function encodeValue(operator, value, key) {
  value = operator === "+" || operator === "#" ? encodeReserved(value) : encodeUnreserved(value);
  if (key) {
    return encodeUnreserved(key) + "=" + value;
  } else {
    return value;
  }
}
function isDefined(value) {
  return value !== void 0 && value !== null;
}
function isKeyOperator(operator) {
  return operator === ";" || operator === "&" || operator === "?";
}
function getValues(context, operator, key, modifier) {
  var value = context[key], result = [];
  if (isDefined(value) && value !== "") {
    if (typeof value === "string" || typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") {
      value = value.toString();
      if (modifier && modifier !== "*") {
        value = value.substring(0, parseInt(modifier, 10));
      }
      result.push(
        encodeValue(operator, value, isKeyOperator(operator) ? key : "")
      );
    } else {
      if (modifier === "*") {
        if (Array.isArray(value)) {
          value.filter(isDefined).forEach(function(value2) {
            result.push(
              encodeValue(operator, value2, isKeyOperator(operator) ? key : "")
            );
          });
        } else {
          Object.keys(value).forEach(function(k) {
            if (isDefined(value[k])) {
              result.push(encodeValue(operator, value[k], k));
            }
          });
        }
      } else {
        const tmp = [];
        if (Array.isArray(value)) {
          value.filter(isDefined).forEach(function(value2) {
            tmp.push(encodeValue(operator, value2));
          });
        } else {
          Object.keys(value).forEach(function(k) {
            if (isDefined(value[k])) {
              tmp.push(encodeUnreserved(k));
              tmp.push(encodeValue(operator, value[k].toString()));
            }
          });
        }
        if (isKeyOperator(operator)) {
          result.push(encodeUnreserved(key) + "=" + tmp.join(","));
        } else if (tmp.length !== 0) {
          result.push(tmp.join(","));
        }
      }
    }
  } else {
    if (operator === ";") {
      if (isDefined(value)) {
        result.push(encodeUnreserved(key));
      }
    } else if (value === "" && (operator === "&" || operator === "?")) {
      result.push(encodeUnreserved(key) + "=");
    } else if (value === "") {
      result.push("");
    }
  }
  return result;
}
function parseUrl(template) {
  return {
    expand: expand.bind(null, template)
  };
}
function expand(template, context) {
  var operators = ["+", "#", ".", "/", ";", "?", "&"];
  template = template.replace(
    /\{([^\{\}]+)\}|([^\{\}]+)/g,
    function(_, expression, literal) {
      if (expression) {
        let operator = "";
        const values = [];
        if (operators.indexOf(expression.charAt(0)) !== -1) {
          operator = expression.charAt(0);
          expression = expression.substr(1);
        }
        expression.split(/,/g).forEach(function(variable) {
          var tmp = /([^:\*]*)(?::(\d+)|(\*))?/.exec(variable);
          values.push(getValues(context, operator, tmp[1], tmp[2] || tmp[3]));
        });
        if (operator && operator !== "+") {
          var separator = ",";
          if (operator === "?") {
            separator = "&";
          } else if (operator !== "#") {
            separator = operator;
          }
          return (values.length !== 0 ? operator : "") + values.join(separator);
        } else {
          return values.join(",");
        }
      } else {
        return encodeReserved(literal);
      }
    }
  );
  if (template === "/") {
    return template;
  } else {
    return template.replace(/\/$/, "");
  }
}

// pkg/dist-src/parse.js
function parse$1(options) {
  let method = options.method.toUpperCase();
  let url = (options.url || "/").replace(/:([a-z]\w+)/g, "{$1}");
  let headers = Object.assign({}, options.headers);
  let body;
  let parameters = omit(options, [
    "method",
    "baseUrl",
    "url",
    "headers",
    "request",
    "mediaType"
  ]);
  const urlVariableNames = extractUrlVariableNames(url);
  url = parseUrl(url).expand(parameters);
  if (!/^http/.test(url)) {
    url = options.baseUrl + url;
  }
  const omittedParameters = Object.keys(options).filter((option) => urlVariableNames.includes(option)).concat("baseUrl");
  const remainingParameters = omit(parameters, omittedParameters);
  const isBinaryRequest = /application\/octet-stream/i.test(headers.accept);
  if (!isBinaryRequest) {
    if (options.mediaType.format) {
      headers.accept = headers.accept.split(/,/).map(
        (format) => format.replace(
          /application\/vnd(\.\w+)(\.v3)?(\.\w+)?(\+json)?$/,
          `application/vnd$1$2.${options.mediaType.format}`
        )
      ).join(",");
    }
    if (url.endsWith("/graphql")) {
      if (options.mediaType.previews?.length) {
        const previewsFromAcceptHeader = headers.accept.match(/(?<![\w-])[\w-]+(?=-preview)/g) || [];
        headers.accept = previewsFromAcceptHeader.concat(options.mediaType.previews).map((preview) => {
          const format = options.mediaType.format ? `.${options.mediaType.format}` : "+json";
          return `application/vnd.github.${preview}-preview${format}`;
        }).join(",");
      }
    }
  }
  if (["GET", "HEAD"].includes(method)) {
    url = addQueryParameters(url, remainingParameters);
  } else {
    if ("data" in remainingParameters) {
      body = remainingParameters.data;
    } else {
      if (Object.keys(remainingParameters).length) {
        body = remainingParameters;
      }
    }
  }
  if (!headers["content-type"] && typeof body !== "undefined") {
    headers["content-type"] = "application/json; charset=utf-8";
  }
  if (["PATCH", "PUT"].includes(method) && typeof body === "undefined") {
    body = "";
  }
  return Object.assign(
    { method, url, headers },
    typeof body !== "undefined" ? { body } : null,
    options.request ? { request: options.request } : null
  );
}

// pkg/dist-src/endpoint-with-defaults.js
function endpointWithDefaults(defaults, route, options) {
  return parse$1(merge(defaults, route, options));
}

// pkg/dist-src/with-defaults.js
function withDefaults$2(oldDefaults, newDefaults) {
  const DEFAULTS2 = merge(oldDefaults, newDefaults);
  const endpoint2 = endpointWithDefaults.bind(null, DEFAULTS2);
  return Object.assign(endpoint2, {
    DEFAULTS: DEFAULTS2,
    defaults: withDefaults$2.bind(null, DEFAULTS2),
    merge: merge.bind(null, DEFAULTS2),
    parse: parse$1
  });
}

// pkg/dist-src/index.js
var endpoint = withDefaults$2(null, DEFAULTS);

/*!
 * content-type
 * Copyright(c) 2015 Douglas Christopher Wilson
 * MIT Licensed
 */
const SP = 32; // " "
const HTAB = 9; // "\t"
const SEMI = 59; // ";"
const EQ = 61; // "="
const DQUOTE = 34; // '"'
const BSLASH = 92; // "\\"
const COMMA = 44; // ","
const LOWER_CASE = 1;
const OWS = 2;
const SEMI_FLAG = 4;
const COMMA_FLAG = 8;
const TOKEN_FLAG = 16;
const NON_ASCII = 0xff00;
const CASE_FLAGS = LOWER_CASE | NON_ASCII;
/**
 * Character flags used to normalize HTTP field values while scanning.
 * Out-of-range reads intentionally coerce to zero in bitwise expressions.
 */
const CHAR_MAP = new Uint8Array(0x100);
CHAR_MAP[HTAB] |= OWS;
CHAR_MAP[SP] |= OWS;
CHAR_MAP[SEMI] |= SEMI_FLAG;
CHAR_MAP[COMMA] |= COMMA_FLAG;
for (let code = 0x80 /* non-ASCII */; code <= 0xff; code++) {
    CHAR_MAP[code] |= LOWER_CASE;
}
for (const char of "!#$%&'*+-.^_`|~") {
    CHAR_MAP[char.charCodeAt(0)] |= TOKEN_FLAG;
}
for (let code = 0x30 /* 0 */; code <= 0x39 /* 9 */; code++) {
    CHAR_MAP[code] |= TOKEN_FLAG;
}
for (let code = 0x41 /* A */; code <= 0x5a /* Z */; code++) {
    CHAR_MAP[code] |= LOWER_CASE | TOKEN_FLAG;
}
for (let code = 0x61 /* a */; code <= 0x7a /* z */; code++) {
    CHAR_MAP[code] |= TOKEN_FLAG;
}
/**
 * Null object perf optimization. Faster than `Object.create(null)` and `{ __proto__: null }`.
 */
const NullObject = /* @__PURE__ */ (() => {
    const C = function () { };
    C.prototype = Object.create(null);
    return C;
})();
/**
 * Parse a `Content-Type` header.
 */
function parse(header, options) {
    const stopFlags = SEMI_FLAG | (0);
    const len = header.length;
    let valueStart = 0;
    while ((CHAR_MAP[header.charCodeAt(valueStart)] & OWS) !== 0) {
        valueStart++;
    }
    let index = valueStart;
    let typeFlags = 0;
    let whitespace = -1;
    let stop = 0;
    while (index < len) {
        const code = header.charCodeAt(index);
        const flags = CHAR_MAP[code];
        if ((flags & stopFlags) !== 0) {
            stop |= flags & COMMA_FLAG;
            break;
        }
        if ((flags & OWS) !== 0) {
            if (whitespace === -1)
                whitespace = index;
        }
        else {
            whitespace = -1;
        }
        typeFlags |= (code & NON_ASCII) | flags;
        index++;
    }
    const valueEnd = whitespace === -1 ? index : whitespace;
    const value = header.slice(valueStart, valueEnd);
    const type = (typeFlags & CASE_FLAGS) === 0 ? value : value.toLowerCase();
    if (index === len || stop !== 0) {
        return { type, index, parameters: new NullObject() };
    }
    return parseParameters(header, type, index, len, stopFlags);
}
/**
 * Parses the parameters of a `Content-Type` header starting at the given index.
 */
function parseParameters(header, type, index, len, stopFlags) {
    const parameters = new NullObject();
    parameter: while (index < len) {
        index++; // Skip over ;
        while ((CHAR_MAP[header.charCodeAt(index)] & OWS) !== 0) {
            index++;
        }
        const keyStart = index;
        let keyFlags = 0;
        let keyWhitespace = -1;
        while (index < len) {
            const code = header.charCodeAt(index);
            const flags = CHAR_MAP[code];
            if ((flags & stopFlags) !== 0) {
                if ((flags & COMMA_FLAG) !== 0)
                    break parameter;
                continue parameter;
            }
            if (code === EQ) {
                const keyEnd = keyWhitespace === -1 ? index : keyWhitespace;
                const value = header.slice(keyStart, keyEnd);
                const key = (keyFlags & CASE_FLAGS) === 0 ? value : value.toLowerCase();
                index++;
                while ((CHAR_MAP[header.charCodeAt(index)] & OWS) !== 0) {
                    index++;
                }
                if (index < len && header.charCodeAt(index) === DQUOTE) {
                    const quotedStart = ++index;
                    let escaped = false;
                    while (index < len) {
                        const code = header.charCodeAt(index);
                        if (code === DQUOTE) {
                            if (parameters[key] === undefined) {
                                parameters[key] = escaped
                                    ? unescapeQuotedPairs(header, quotedStart, index)
                                    : header.slice(quotedStart, index);
                            }
                            index++;
                            let stop = 0;
                            // Discard characters between quote and delimiter.
                            while (index < len) {
                                const code = header.charCodeAt(index);
                                const flags = CHAR_MAP[code];
                                if ((flags & stopFlags) !== 0) {
                                    stop = flags & COMMA_FLAG;
                                    break;
                                }
                                index++;
                            }
                            if (stop !== 0)
                                break parameter;
                            continue parameter;
                        }
                        if (code === BSLASH && index + 1 < len) {
                            escaped = true;
                            index += 2;
                            continue;
                        }
                        index++;
                    }
                    continue parameter;
                }
                const valueStart = index;
                let stop = 0;
                let valueWhitespace = -1;
                while (index < len) {
                    const code = header.charCodeAt(index);
                    const flags = CHAR_MAP[code];
                    if ((flags & stopFlags) !== 0) {
                        stop = flags & COMMA_FLAG;
                        break;
                    }
                    if ((flags & OWS) !== 0) {
                        if (valueWhitespace === -1)
                            valueWhitespace = index;
                    }
                    else {
                        valueWhitespace = -1;
                    }
                    index++;
                }
                if (parameters[key] === undefined) {
                    const valueEnd = valueWhitespace === -1 ? index : valueWhitespace;
                    parameters[key] = header.slice(valueStart, valueEnd);
                }
                if (stop !== 0)
                    break parameter;
                continue parameter;
            }
            if ((flags & OWS) !== 0) {
                if (keyWhitespace === -1)
                    keyWhitespace = index;
            }
            else {
                keyWhitespace = -1;
            }
            keyFlags |= (code & NON_ASCII) | flags;
            index++;
        }
    }
    return { type, index, parameters };
}
/**
 * Remove backslashes from quoted pairs in a known-terminated quoted string body.
 */
function unescapeQuotedPairs(str, start, end) {
    let result = "";
    for (let index = start; index < end; index++) {
        if (str.charCodeAt(index) === BSLASH) {
            result += str.slice(start, index);
            start = ++index;
        }
    }
    return result + str.slice(start, end);
}

const intRegex = /^-?\d+$/;
const noiseValue = /^-?\d+n+$/; // Noise - strings that match the custom format before being converted to it
const originalStringify = JSON.stringify;
const originalParse = JSON.parse;
const customFormat = /^-?\d+n$/;

const bigIntsStringify = /([\[:])?"(-?\d+)n"($|\s*[,\}\]])/g;
const noiseStringify = /([\[:])?("-?\d+n+)n("$|"\s*[,\}\]])/g;

/**
 * @typedef {(this: any, key: string | number | undefined, value: any) => any} Replacer
 * @typedef {(key: string | number | undefined, value: any, context?: { source: string }) => any} Reviver
 */

/**
 * Checks if a value is unstringifiable according to native JSON.stringify rules.
 *
 * @param {any} val The value to check.
 * @returns {boolean} True if the value is undefined, a function, or a symbol.
 */
const isUnstringifiable = (val) =>
  val === undefined || typeof val === "function" || typeof val === "symbol";

/**
 * Checks if a value is a native JSON.rawJSON object (Node.js 22+).
 *
 * @param {any} val The value to check.
 * @returns {boolean} True if the value is a RawJSON instance.
 */
const isRawJSON = (val) =>
  val !== null &&
  typeof val === "object" &&
  val.constructor &&
  val.constructor.name === "RawJSON";

/**
 * Iteratively converts a JS value to a JSON string.
 * Used as a fallback when the native JSON.stringify hits the Maximum Call Stack size.
 * Fully compliant with JSON formatting (space), replacers, and toJSON behaviors.
 *
 * @param {any} rootValue The value to stringify.
 * @param {Replacer | Array<string | number> | null} [replacer] User's custom replacer function.
 * @param {string | number} [spaceParam] Indentation for pretty-printing.
 * @returns {string | undefined} The generated JSON string.
 */
const stringifyIteratively = (rootValue, replacer, spaceParam) => {
  let space = "";
  const propertyList = Array.isArray(replacer)
    ? new Set(replacer.map(String))
    : null;

  /**
   * Prepares a value for stringification by resolving toJSON, handling BigInts,
   * applying custom replacers, and unwrapping primitive objects.
   *
   * @param {object|Array} parent The parent object or array holding the value.
   * @param {string} key The key associated with the value.
   * @param {any} val The raw value to process.
   * @returns {any} The processed value ready for stringification.
   */
  const prepareVal = (parent, key, val) => {
    const isObject = val !== null && typeof val === "object";
    const hasToJSON = isObject && typeof val.toJSON === "function";

    if (hasToJSON) {
      val = val.toJSON(key);
    }

    const isNoise = typeof val === "string" && noiseValue.test(val);

    if (isNoise) return val + "n";

    const isBigInt = typeof val === "bigint";

    if (isBigInt) {
      const supportsRawJSON = "rawJSON" in JSON;

      if (supportsRawJSON) return JSON.rawJSON(val.toString());

      return val.toString() + "n";
    }

    const isPostReplacerObject = val !== null && typeof val === "object";

    if (isPostReplacerObject) {
      const isPrimitiveWrapper =
        val instanceof Number ||
        val instanceof String ||
        val instanceof Boolean;

      if (isPrimitiveWrapper) {
        val = val.valueOf();
      }
    }

    return val;
  };

  const rootProcessed = prepareVal({ }, "", rootValue);

  if (isUnstringifiable(rootProcessed)) {
    return undefined;
  }

  const isRootPrimitive =
    rootProcessed === null || typeof rootProcessed !== "object";
  const isRootNativeRawJSON = isRawJSON(rootProcessed);

  if (isRootPrimitive || isRootNativeRawJSON) {
    return originalStringify(rootProcessed);
  }

  const chunks = [];

  const stack = [
    {
      parent: { "": rootProcessed },
      key: "",
      val: rootProcessed,
      isArray: Array.isArray(rootProcessed),
      keys: Array.isArray(rootProcessed) ? null : Object.keys(rootProcessed),
      index: 0,
      first: true,
    },
  ];

  const visited = new WeakSet([rootProcessed]);

  while (stack.length > 0) {
    const node = stack[stack.length - 1];

    if (node.index === 0) {
      chunks.push(node.isArray ? "[" : "{");
    }

    let isDone = false;

    if (node.isArray) {
      if (node.index < node.val.length) {
        if (!node.first) chunks.push(",");

        const childRaw = node.val[node.index];
        const childVal = prepareVal(node.val, String(node.index), childRaw);

        if (isUnstringifiable(childVal)) {
          chunks.push("null");
          node.first = false;
          node.index++;
        } else {
          const isComplexObject =
            childVal !== null && typeof childVal === "object";
          const isNativeRaw = isRawJSON(childVal);

          if (isComplexObject && !isNativeRaw) {
            if (visited.has(childVal)) {
              throw new TypeError("Converting circular structure to JSON");
            }

            visited.add(childVal);

            stack.push({
              parent: node.val,
              key: String(node.index),
              val: childVal,
              isArray: Array.isArray(childVal),
              keys: Array.isArray(childVal) ? null : Object.keys(childVal),
              index: 0,
              first: true,
            });

            node.first = false;
            node.index++;
          } else {
            chunks.push(originalStringify(childVal));
            node.first = false;
            node.index++;
          }
        }
      } else {
        isDone = true;
      }
    } else {
      while (node.index < node.keys.length) {
        const k = node.keys[node.index++];

        const isFilteredOutByArray = propertyList && !propertyList.has(k);

        if (isFilteredOutByArray) continue;

        const childRaw = node.val[k];
        const childVal = prepareVal(node.val, k, childRaw);

        if (isUnstringifiable(childVal)) continue;

        if (!node.first) chunks.push(",");

        {
          chunks.push(originalStringify(k) + ":");
        }

        const isComplexObject =
          childVal !== null && typeof childVal === "object";
        const isNativeRaw = isRawJSON(childVal);

        if (isComplexObject && !isNativeRaw) {
          if (visited.has(childVal)) {
            throw new TypeError("Converting circular structure to JSON");
          }

          visited.add(childVal);

          stack.push({
            parent: node.val,
            key: k,
            val: childVal,
            isArray: Array.isArray(childVal),
            keys: Array.isArray(childVal) ? null : Object.keys(childVal),
            index: 0,
            first: true,
          });

          node.first = false;

          break; // Stop current loop level to process the newly pushed stack node
        } else {
          chunks.push(originalStringify(childVal));
          node.first = false;
        }
      }

      const isNodeFullyProcessed =
        node.index >= node.keys.length && stack[stack.length - 1] === node;

      if (isNodeFullyProcessed) {
        isDone = true;
      }
    }

    if (isDone) {

      if (!node.first && space) ;

      chunks.push(node.isArray ? "]" : "}");
      visited.delete(node.val);
      stack.pop();
    }
  }

  return chunks.join("");
};

/**
 * Converts a JavaScript value to a JSON string.
 *
 * Supports serialization of BigInt values using two strategies:
 * 1. Custom format "123n" → "123" (universal fallback)
 * 2. Native JSON.rawJSON() (Node.js 22+, fastest) when available
 *
 * All other values are serialized exactly like native JSON.stringify().
 *
 * @param {*} value The value to convert to a JSON string.
 * @param {Replacer | Array<string | number> | null} [replacer]
 * A function that alters the behavior of the stringification process,
 * or an array of strings/numbers to indicate properties to exclude.
 * @param {string | number} [space]
 * A string or number to specify indentation or pretty-printing.
 * @returns {string} The JSON string representation.
 */
const JSONStringify = (value, replacer, space) => {
  try {
    const supportsRawJSON = "rawJSON" in JSON;

    if (supportsRawJSON) {
      return originalStringify(
        value,
        (key, val) => {
          if (typeof val === "bigint") return JSON.rawJSON(val.toString());

          const hasFunctionReplacer = typeof replacer === "function";

          if (hasFunctionReplacer) ;

          const isKeyInArrayReplacer =
            Array.isArray(replacer) && replacer.includes(key);

          if (isKeyInArrayReplacer) return val;

          return val;
        },
        space,
      );
    }

    if (!value) return originalStringify(value, replacer, space);

    const convertedToCustomJSON = originalStringify(
      value,
      (key, val) => {
        const isNoise = typeof val === "string" && noiseValue.test(val);

        if (isNoise) return val.toString() + "n"; // Mark noise values with additional "n" to offset the deletion of one "n" during the processing

        if (typeof val === "bigint") return val.toString() + "n";

        const hasFunctionReplacer = typeof replacer === "function";

        if (hasFunctionReplacer) ;

        const isKeyInArrayReplacer =
          Array.isArray(replacer) && replacer.includes(key);

        if (isKeyInArrayReplacer) return val;

        return val;
      },
      space,
    );

    const processedJSON = convertedToCustomJSON.replace(
      bigIntsStringify,
      "$1$2$3",
    ); // Delete one "n" off the end of every BigInt value

    const denoisedJSON = processedJSON.replace(noiseStringify, "$1$2$3"); // Remove one "n" off the end of every noisy string

    return denoisedJSON;
  } catch (error) {
    if (error instanceof RangeError) {
      const convertedJSON = stringifyIteratively(value, replacer);

      if (convertedJSON === undefined) return undefined;

      const supportsRawJSON = "rawJSON" in JSON;

      if (supportsRawJSON) return convertedJSON;

      const processedJSON = convertedJSON.replace(bigIntsStringify, "$1$2$3");

      return processedJSON.replace(noiseStringify, "$1$2$3");
    }

    throw error;
  }
};

const featureCache = new Map();

/**
 * Detects if the current JSON.parse implementation supports the context.source feature.
 *
 * Uses toString() fingerprinting to cache results and automatically detect runtime
 * replacements of JSON.parse (polyfills, mocks, etc.).
 *
 * @returns {boolean} true if context.source is supported, false otherwise.
 */
const isContextSourceSupported = () => {
  const parseFingerprint = JSON.parse.toString();

  if (featureCache.has(parseFingerprint)) {
    return featureCache.get(parseFingerprint);
  }

  try {
    const result = JSON.parse(
      "1",
      (_, __, context) => !!context?.source && context.source === "1",
    );
    featureCache.set(parseFingerprint, result);

    return result;
  } catch {
    featureCache.set(parseFingerprint, false);

    return false;
  }
};

/**
 * Reviver function that converts custom-format BigInt strings back to BigInt values.
 * Also handles "noise" strings that accidentally match the BigInt format.
 *
 * @param {string | number | undefined} key The object key.
 * @param {*} value The value being parsed.
 * @param {object} [context] Parse context (if supported by JSON.parse).
 * @param {Reviver} [userReviver] User's custom reviver function.
 * @returns {any} The transformed value.
 */
const convertMarkedBigIntsReviver = (key, value, context, userReviver) => {
  const isCustomFormatBigInt =
    typeof value === "string" && customFormat.test(value);

  if (isCustomFormatBigInt) return BigInt(value.slice(0, -1));

  const isNoiseValue = typeof value === "string" && noiseValue.test(value);
  if (isNoiseValue) return value.slice(0, -1);

  return value;
};

/**
 * Fast JSON.parse implementation (~2x faster than classic fallback).
 * Uses JSON.parse's context.source feature to detect integers and convert
 * large numbers directly to BigInt without string manipulation.
 *
 * Does not support legacy custom format from v1 of this library.
 *
 * @param {string} text JSON string to parse.
 * @param {Reviver} [reviver] Transform function to apply to each value.
 * @returns {any} Parsed JavaScript value.
 */
const JSONParseV2 = (text, reviver) => {
  return JSON.parse(text, (key, value, context) => {
    const isNumber = typeof value === "number";
    const isOutOfBounds =
      value > Number.MAX_SAFE_INTEGER || value < Number.MIN_SAFE_INTEGER;
    const isBigNumber = isNumber && isOutOfBounds;
    const isInt = context && intRegex.test(context.source);
    const isBigInt = isBigNumber && isInt;

    if (isBigInt) return BigInt(context.source);

    return value;
  });
};

const MAX_INT = Number.MAX_SAFE_INTEGER.toString();
const MAX_DIGITS = MAX_INT.length;
const stringsOrLargeNumbers =
  /"(?:[^"\\]|\\.)*"|-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/g;
const noiseValueWithQuotes = /^"-?\d+n+"$/; // Noise - strings that match the custom format before being converted to it

/**
 * Iteratively traverses the parsed object bottom-up (post-order),
 * emulating the native JSON.parse reviver behavior.
 * This avoids Call Stack overflows (RangeError) on deeply nested structures.
 *
 * @param {any} parsed The natively parsed JSON object.
 * @param {Reviver} [userReviver] User's custom reviver function.
 * @returns {any} The fully processed object.
 */
const applyReviverIteratively = (parsed, userReviver) => {
  const rootHolder = { "": parsed };
  const stack = [{ parent: rootHolder, key: "", visited: false }];

  while (stack.length > 0) {
    const node = stack[stack.length - 1];

    if (!node.visited) {
      node.visited = true;

      const value = node.parent[node.key];
      const isComplexObject = value !== null && typeof value === "object";

      if (isComplexObject) {
        const keys = Object.keys(value);

        for (let i = keys.length - 1; i >= 0; i--) {
          stack.push({ parent: value, key: keys[i], visited: false });
        }
      }
    } else {
      const { parent, key } = node;
      let value = parent[key];

      if (typeof value === "string") {
        const isCustomFormatBigInt = customFormat.test(value);

        if (isCustomFormatBigInt) {
          value = BigInt(value.slice(0, -1));
        } else {
          const isNoise = noiseValue.test(value);

          if (isNoise) value = value.slice(0, -1);
        }
      }

      const isDeleted = value === undefined;

      if (isDeleted) {
        delete parent[key];
      } else {
        parent[key] = value;
      }

      stack.pop();
    }
  }

  return rootHolder[""];
};

/**
 * Pre-processes the JSON string to mark large numbers with an 'n' suffix.
 *
 * @param {string} text The raw JSON string.
 * @returns {string} The serialized string with marked BigInts.
 */
const serializeBigInts = (text) => {
  return text.replace(
    stringsOrLargeNumbers,
    (match, digits, fractional, exponential) => {
      const isString = match[0] === '"';
      const isNoise = isString && noiseValueWithQuotes.test(match);

      if (isNoise) return match.substring(0, match.length - 1) + 'n"'; // Mark noise values with additional "n" to offset the deletion of one "n" during the processing

      const hasFractionalOrExponential = fractional || exponential;

      // With a fixed number of digits, we can correctly use lexicographical comparison to do a numeric comparison
      const isLessThanMaxSafeInt =
        digits &&
        (digits.length < MAX_DIGITS ||
          (digits.length === MAX_DIGITS && digits <= MAX_INT));

      const isStandardValue =
        isString || hasFractionalOrExponential || isLessThanMaxSafeInt;

      if (isStandardValue) return match;

      return '"' + match + 'n"';
    },
  );
};

/**
 * Converts a JSON string into a JavaScript value.
 *
 * Supports parsing of large integers using two strategies:
 * 1. Classic fallback: Marks large numbers with "123n" format, then converts to BigInt
 * 2. Fast path (JSONParseV2): Uses context.source feature (~2x faster) when available
 *
 * All other JSON values are parsed exactly like native JSON.parse().
 *
 * @param {string} text A valid JSON string.
 * @param {Reviver} [reviver]
 * A function that transforms the results. This function is called for each member
 * of the object. If a member contains nested objects, the nested objects are
 * transformed before the parent object is.
 * @returns {any} The parsed JavaScript value.
 * @throws {SyntaxError} If text is not valid JSON.
 */
const JSONParse = (text, reviver) => {
  if (!text) return originalParse(text, reviver);

  try {
    if (isContextSourceSupported()) return JSONParseV2(text, reviver); // Shortcut to a faster (2x) and simpler version

    // Find and mark big numbers with "n"
    const serializedData = serializeBigInts(text);

    return originalParse(serializedData, (key, value, context) =>
      convertMarkedBigIntsReviver(key, value, context, reviver),
    );
  } catch (error) {
    if (error instanceof RangeError) {
      const serializedData = serializeBigInts(text);
      const parsed = originalParse(serializedData);

      return applyReviverIteratively(parsed);
    }

    throw error;
  }
};

class RequestError extends Error {
  name;
  /**
   * http status code
   */
  status;
  /**
   * Request options that lead to the error.
   */
  request;
  /**
   * Response object if a response was received
   */
  response;
  constructor(message, statusCode, options) {
    super(message, { cause: options.cause });
    this.name = "HttpError";
    this.status = Number.parseInt(statusCode);
    if (Number.isNaN(this.status)) {
      this.status = 0;
    }
    /* v8 ignore else -- @preserve -- Bug with vitest coverage where it sees an else branch that doesn't exist */
    if ("response" in options) {
      this.response = options.response;
    }
    const requestCopy = Object.assign({}, options.request);
    if (options.request.headers.authorization) {
      requestCopy.headers = Object.assign({}, options.request.headers, {
        authorization: options.request.headers.authorization.replace(
          /(?<! ) .*$/,
          " [REDACTED]"
        )
      });
    }
    requestCopy.url = requestCopy.url.replace(/\bclient_secret=\w+/g, "client_secret=[REDACTED]").replace(/\baccess_token=\w+/g, "access_token=[REDACTED]");
    this.request = requestCopy;
  }
}

// pkg/dist-src/index.js

// pkg/dist-src/version.js
var VERSION$6 = "10.0.16";

// pkg/dist-src/defaults.js
var defaults_default = {
  headers: {
    "user-agent": `octokit-request.js/${VERSION$6} ${getUserAgent()}`
  }
};

// pkg/dist-src/is-plain-object.js
function isPlainObject(value) {
  if (typeof value !== "object" || value === null) return false;
  if (Object.prototype.toString.call(value) !== "[object Object]") return false;
  const proto = Object.getPrototypeOf(value);
  if (proto === null) return true;
  const Ctor = Object.prototype.hasOwnProperty.call(proto, "constructor") && proto.constructor;
  return typeof Ctor === "function" && Ctor instanceof Ctor && Function.prototype.call(Ctor) === Function.prototype.call(value);
}
var noop$2 = () => "";
async function fetchWrapper(requestOptions) {
  const fetch = requestOptions.request?.fetch || globalThis.fetch;
  if (!fetch) {
    throw new Error(
      "fetch is not set. Please pass a fetch implementation as new Octokit({ request: { fetch }}). Learn more at https://github.com/octokit/octokit.js/#fetch-missing"
    );
  }
  const log = requestOptions.request?.log || console;
  const parseSuccessResponseBody = requestOptions.request?.parseSuccessResponseBody !== false;
  const body = isPlainObject(requestOptions.body) || Array.isArray(requestOptions.body) ? JSONStringify(requestOptions.body) : requestOptions.body;
  const requestHeaders = Object.fromEntries(
    Object.entries(requestOptions.headers).map(([name, value]) => [
      name,
      String(value)
    ])
  );
  let fetchResponse;
  try {
    fetchResponse = await fetch(requestOptions.url, {
      method: requestOptions.method,
      body,
      redirect: requestOptions.request?.redirect,
      headers: requestHeaders,
      signal: requestOptions.request?.signal,
      // duplex must be set if request.body is ReadableStream or Async Iterables.
      // See https://fetch.spec.whatwg.org/#dom-requestinit-duplex.
      ...requestOptions.body && { duplex: "half" }
    });
  } catch (error) {
    let message = "Unknown Error";
    if (error instanceof Error) {
      if (error.name === "AbortError") {
        error.status = 500;
        throw error;
      }
      message = error.message;
      if (error.name === "TypeError" && "cause" in error) {
        if (error.cause instanceof Error) {
          message = error.cause.message;
        } else if (typeof error.cause === "string") {
          message = error.cause;
        }
      }
    }
    const requestError = new RequestError(message, 500, {
      request: requestOptions
    });
    requestError.cause = error;
    throw requestError;
  }
  const status = fetchResponse.status;
  const url = fetchResponse.url;
  const responseHeaders = {};
  for (const [key, value] of fetchResponse.headers) {
    responseHeaders[key] = value;
  }
  const octokitResponse = {
    url,
    status,
    headers: responseHeaders,
    data: ""
  };
  if ("deprecation" in responseHeaders) {
    const matches = responseHeaders.link && responseHeaders.link.match(/<([^<>]+)>; rel="deprecation"/);
    const deprecationLink = matches && matches.pop();
    log.warn(
      `[@octokit/request] "${requestOptions.method} ${requestOptions.url}" is deprecated. It is scheduled to be removed on ${responseHeaders.sunset}${deprecationLink ? `. See ${deprecationLink}` : ""}`
    );
  }
  if (status === 204 || status === 205) {
    return octokitResponse;
  }
  if (requestOptions.method === "HEAD") {
    if (status < 400) {
      return octokitResponse;
    }
    throw new RequestError(fetchResponse.statusText, status, {
      response: octokitResponse,
      request: requestOptions
    });
  }
  if (status === 304) {
    octokitResponse.data = await getResponseData(fetchResponse);
    throw new RequestError("Not modified", status, {
      response: octokitResponse,
      request: requestOptions
    });
  }
  if (status >= 400) {
    octokitResponse.data = await getResponseData(fetchResponse);
    throw new RequestError(toErrorMessage(octokitResponse.data), status, {
      response: octokitResponse,
      request: requestOptions
    });
  }
  octokitResponse.data = parseSuccessResponseBody ? await getResponseData(fetchResponse) : fetchResponse.body;
  return octokitResponse;
}
async function getResponseData(response) {
  const contentType = response.headers.get("content-type");
  if (!contentType) {
    return response.text().catch(noop$2);
  }
  const mimetype = parse(contentType);
  if (isJSONResponse(mimetype)) {
    let text = "";
    try {
      text = await response.text();
      return JSONParse(text);
    } catch (err) {
      return text;
    }
  } else if (mimetype.type.startsWith("text/") || // `application/octet-stream` is the canonical "arbitrary binary" type
  // (RFC 2046) and must never be decoded as text, even when the response
  // carries a (misleading) `charset=utf-8` parameter — see #751.
  mimetype.parameters.charset?.toLowerCase() === "utf-8" && mimetype.type !== "application/octet-stream") {
    return response.text().catch(noop$2);
  } else {
    return response.arrayBuffer().catch(
      /* v8 ignore next -- @preserve */
      () => new ArrayBuffer(0)
    );
  }
}
function isJSONResponse(mimetype) {
  return mimetype.type === "application/json" || mimetype.type === "application/scim+json";
}
function toErrorMessage(data) {
  if (typeof data === "string") {
    return data;
  }
  if (data instanceof ArrayBuffer) {
    return "Unknown error";
  }
  if (typeof data === "object" && data !== null && "message" in data) {
    const objectData = data;
    const suffix = "documentation_url" in objectData ? ` - ${objectData.documentation_url}` : "";
    return Array.isArray(objectData.errors) ? `${objectData.message}: ${objectData.errors.map((v) => JSON.stringify(v)).join(", ")}${suffix}` : `${objectData.message}${suffix}`;
  }
  return `Unknown error: ${JSON.stringify(data)}`;
}

// pkg/dist-src/with-defaults.js
function withDefaults$1(oldEndpoint, newDefaults) {
  const endpoint2 = oldEndpoint.defaults(newDefaults);
  const newApi = function(route, parameters) {
    const endpointOptions = endpoint2.merge(route, parameters);
    if (!endpointOptions.request || !endpointOptions.request.hook) {
      return fetchWrapper(endpoint2.parse(endpointOptions));
    }
    const request2 = (route2, parameters2) => {
      return fetchWrapper(
        endpoint2.parse(endpoint2.merge(route2, parameters2))
      );
    };
    Object.assign(request2, {
      endpoint: endpoint2,
      defaults: withDefaults$1.bind(null, endpoint2)
    });
    return endpointOptions.request.hook(request2, endpointOptions);
  };
  return Object.assign(newApi, {
    endpoint: endpoint2,
    defaults: withDefaults$1.bind(null, endpoint2)
  });
}

// pkg/dist-src/index.js
var request = withDefaults$1(endpoint, defaults_default);
/* v8 ignore next -- @preserve */
/* v8 ignore else -- @preserve */

// pkg/dist-src/index.js

// pkg/dist-src/version.js
var VERSION$5 = "0.0.0-development";

// pkg/dist-src/error.js
function _buildMessageForResponseErrors(data) {
  return `Request failed due to following response errors:
` + data.errors.map((e) => ` - ${e.message}`).join("\n");
}
var GraphqlResponseError = class extends Error {
  constructor(request2, headers, response) {
    super(_buildMessageForResponseErrors(response));
    this.request = request2;
    this.headers = headers;
    this.response = response;
    this.errors = response.errors;
    this.data = response.data;
    if (Error.captureStackTrace) {
      Error.captureStackTrace(this, this.constructor);
    }
  }
  request;
  headers;
  response;
  name = "GraphqlResponseError";
  errors;
  data;
};

// pkg/dist-src/graphql.js
var NON_VARIABLE_OPTIONS = [
  "method",
  "baseUrl",
  "url",
  "headers",
  "request",
  "query",
  "mediaType",
  "operationName"
];
var FORBIDDEN_VARIABLE_OPTIONS = ["query", "method", "url"];
var GHES_V3_SUFFIX_REGEX = /\/api\/v3\/?$/;
function graphql(request2, query, options) {
  if (options) {
    if (typeof query === "string" && "query" in options) {
      return Promise.reject(
        new Error(`[@octokit/graphql] "query" cannot be used as variable name`)
      );
    }
    for (const key in options) {
      if (!FORBIDDEN_VARIABLE_OPTIONS.includes(key)) continue;
      return Promise.reject(
        new Error(
          `[@octokit/graphql] "${key}" cannot be used as variable name`
        )
      );
    }
  }
  const parsedOptions = typeof query === "string" ? Object.assign({ query }, options) : query;
  const requestOptions = Object.keys(
    parsedOptions
  ).reduce((result, key) => {
    if (NON_VARIABLE_OPTIONS.includes(key)) {
      result[key] = parsedOptions[key];
      return result;
    }
    if (!result.variables) {
      result.variables = {};
    }
    result.variables[key] = parsedOptions[key];
    return result;
  }, {});
  const baseUrl = parsedOptions.baseUrl || request2.endpoint.DEFAULTS.baseUrl;
  if (GHES_V3_SUFFIX_REGEX.test(baseUrl)) {
    requestOptions.url = baseUrl.replace(GHES_V3_SUFFIX_REGEX, "/api/graphql");
  }
  return request2(requestOptions).then((response) => {
    if (response.data.errors) {
      const headers = {};
      for (const key of Object.keys(response.headers)) {
        headers[key] = response.headers[key];
      }
      throw new GraphqlResponseError(
        requestOptions,
        headers,
        response.data
      );
    }
    return response.data.data;
  });
}

// pkg/dist-src/with-defaults.js
function withDefaults(request2, newDefaults) {
  const newRequest = request2.defaults(newDefaults);
  const newApi = (query, options) => {
    return graphql(newRequest, query, options);
  };
  return Object.assign(newApi, {
    defaults: withDefaults.bind(null, newRequest),
    endpoint: newRequest.endpoint
  });
}

// pkg/dist-src/index.js
withDefaults(request, {
  headers: {
    "user-agent": `octokit-graphql.js/${VERSION$5} ${getUserAgent()}`
  },
  method: "POST",
  url: "/graphql"
});
function withCustomRequest(customRequest) {
  return withDefaults(customRequest, {
    method: "POST",
    url: "/graphql"
  });
}
/* v8 ignore if -- @preserve */

// pkg/dist-src/is-jwt.js
var b64url = "(?:[a-zA-Z0-9_-]+)";
var sep = "\\.";
var jwtRE = new RegExp(`^${b64url}${sep}${b64url}${sep}${b64url}$`);
var isJWT = jwtRE.test.bind(jwtRE);

// pkg/dist-src/auth.js
async function auth(token) {
  const isApp = isJWT(token);
  const isInstallation = token.startsWith("v1.") || token.startsWith("ghs_");
  const isUserToServer = token.startsWith("ghu_");
  const tokenType = isApp ? "app" : isInstallation ? "installation" : isUserToServer ? "user-to-server" : "oauth";
  return {
    type: "token",
    token,
    tokenType
  };
}

// pkg/dist-src/with-authorization-prefix.js
function withAuthorizationPrefix(token) {
  if (token.split(/\./).length === 3) {
    return `bearer ${token}`;
  }
  return `token ${token}`;
}

// pkg/dist-src/hook.js
async function hook(token, request, route, parameters) {
  const endpoint = request.endpoint.merge(
    route,
    parameters
  );
  endpoint.headers.authorization = withAuthorizationPrefix(token);
  return request(endpoint);
}

// pkg/dist-src/index.js
var createTokenAuth = function createTokenAuth2(token) {
  if (!token) {
    throw new Error("[@octokit/auth-token] No token passed to createTokenAuth");
  }
  if (typeof token !== "string") {
    throw new Error(
      "[@octokit/auth-token] Token passed to createTokenAuth is not a string"
    );
  }
  token = token.replace(/^(token|bearer) +/i, "");
  return Object.assign(auth.bind(null, token), {
    hook: hook.bind(null, token)
  });
};

const VERSION$4 = "7.0.8";

const noop$1 = () => {
};
const consoleWarn = console.warn.bind(console);
const consoleError = console.error.bind(console);
function createLogger(logger = {}) {
  if (typeof logger.debug !== "function") {
    logger.debug = noop$1;
  }
  if (typeof logger.info !== "function") {
    logger.info = noop$1;
  }
  if (typeof logger.warn !== "function") {
    logger.warn = consoleWarn;
  }
  if (typeof logger.error !== "function") {
    logger.error = consoleError;
  }
  return logger;
}
const userAgentTrail = `octokit-core.js/${VERSION$4} ${getUserAgent()}`;
class Octokit {
  static VERSION = VERSION$4;
  static defaults(defaults) {
    const OctokitWithDefaults = class extends this {
      constructor(...args) {
        const options = args[0] || {};
        if (typeof defaults === "function") {
          super(defaults(options));
          return;
        }
        super(
          Object.assign(
            {},
            defaults,
            options,
            options.userAgent && defaults.userAgent ? {
              userAgent: `${options.userAgent} ${defaults.userAgent}`
            } : null
          )
        );
      }
    };
    return OctokitWithDefaults;
  }
  static plugins = [];
  /**
   * Attach a plugin (or many) to your Octokit instance.
   *
   * @example
   * const API = Octokit.plugin(plugin1, plugin2, plugin3, ...)
   */
  static plugin(...newPlugins) {
    const currentPlugins = this.plugins;
    const NewOctokit = class extends this {
      static plugins = currentPlugins.concat(
        newPlugins.filter((plugin) => !currentPlugins.includes(plugin))
      );
    };
    return NewOctokit;
  }
  constructor(options = {}) {
    const hook = new Hook.Collection();
    const requestDefaults = {
      baseUrl: request.endpoint.DEFAULTS.baseUrl,
      headers: {},
      request: Object.assign({}, options.request, {
        // @ts-ignore internal usage only, no need to type
        hook: hook.bind(null, "request")
      }),
      mediaType: {
        previews: [],
        format: ""
      }
    };
    requestDefaults.headers["user-agent"] = options.userAgent ? `${options.userAgent} ${userAgentTrail}` : userAgentTrail;
    if (options.baseUrl) {
      requestDefaults.baseUrl = options.baseUrl;
    }
    if (options.previews) {
      requestDefaults.mediaType.previews = options.previews;
    }
    if (options.timeZone) {
      requestDefaults.headers["time-zone"] = options.timeZone;
    }
    this.request = request.defaults(requestDefaults);
    this.graphql = withCustomRequest(this.request).defaults(requestDefaults);
    this.log = createLogger(options.log);
    this.hook = hook;
    if (!options.authStrategy) {
      if (!options.auth) {
        this.auth = async () => ({
          type: "unauthenticated"
        });
      } else {
        const auth = createTokenAuth(options.auth);
        hook.wrap("request", auth.hook);
        this.auth = auth;
      }
    } else {
      const { authStrategy, ...otherOptions } = options;
      const auth = authStrategy(
        Object.assign(
          {
            request: this.request,
            log: this.log,
            // we pass the current octokit instance as well as its constructor options
            // to allow for authentication strategies that return a new octokit instance
            // that shares the same internal state as the current one. The original
            // requirement for this was the "event-octokit" authentication strategy
            // of https://github.com/probot/octokit-auth-probot.
            octokit: this,
            octokitOptions: otherOptions
          },
          options.auth
        )
      );
      hook.wrap("request", auth.hook);
      this.auth = auth;
    }
    const classConstructor = this.constructor;
    for (let i = 0; i < classConstructor.plugins.length; ++i) {
      Object.assign(this, classConstructor.plugins[i](this, options));
    }
  }
  // assigned during constructor
  request;
  graphql;
  log;
  hook;
  // TODO: type `octokit.auth` based on passed options.authStrategy
  auth;
}

const VERSION$3 = "17.0.0";

const Endpoints = {
  actions: {
    addCustomLabelsToSelfHostedRunnerForOrg: [
      "POST /orgs/{org}/actions/runners/{runner_id}/labels"
    ],
    addCustomLabelsToSelfHostedRunnerForRepo: [
      "POST /repos/{owner}/{repo}/actions/runners/{runner_id}/labels"
    ],
    addRepoAccessToSelfHostedRunnerGroupInOrg: [
      "PUT /orgs/{org}/actions/runner-groups/{runner_group_id}/repositories/{repository_id}"
    ],
    addSelectedRepoToOrgSecret: [
      "PUT /orgs/{org}/actions/secrets/{secret_name}/repositories/{repository_id}"
    ],
    addSelectedRepoToOrgVariable: [
      "PUT /orgs/{org}/actions/variables/{name}/repositories/{repository_id}"
    ],
    approveWorkflowRun: [
      "POST /repos/{owner}/{repo}/actions/runs/{run_id}/approve"
    ],
    cancelWorkflowRun: [
      "POST /repos/{owner}/{repo}/actions/runs/{run_id}/cancel"
    ],
    createEnvironmentVariable: [
      "POST /repos/{owner}/{repo}/environments/{environment_name}/variables"
    ],
    createHostedRunnerForOrg: ["POST /orgs/{org}/actions/hosted-runners"],
    createOrUpdateEnvironmentSecret: [
      "PUT /repos/{owner}/{repo}/environments/{environment_name}/secrets/{secret_name}"
    ],
    createOrUpdateOrgSecret: ["PUT /orgs/{org}/actions/secrets/{secret_name}"],
    createOrUpdateRepoSecret: [
      "PUT /repos/{owner}/{repo}/actions/secrets/{secret_name}"
    ],
    createOrgVariable: ["POST /orgs/{org}/actions/variables"],
    createRegistrationTokenForOrg: [
      "POST /orgs/{org}/actions/runners/registration-token"
    ],
    createRegistrationTokenForRepo: [
      "POST /repos/{owner}/{repo}/actions/runners/registration-token"
    ],
    createRemoveTokenForOrg: ["POST /orgs/{org}/actions/runners/remove-token"],
    createRemoveTokenForRepo: [
      "POST /repos/{owner}/{repo}/actions/runners/remove-token"
    ],
    createRepoVariable: ["POST /repos/{owner}/{repo}/actions/variables"],
    createWorkflowDispatch: [
      "POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches"
    ],
    deleteActionsCacheById: [
      "DELETE /repos/{owner}/{repo}/actions/caches/{cache_id}"
    ],
    deleteActionsCacheByKey: [
      "DELETE /repos/{owner}/{repo}/actions/caches{?key,ref}"
    ],
    deleteArtifact: [
      "DELETE /repos/{owner}/{repo}/actions/artifacts/{artifact_id}"
    ],
    deleteCustomImageFromOrg: [
      "DELETE /orgs/{org}/actions/hosted-runners/images/custom/{image_definition_id}"
    ],
    deleteCustomImageVersionFromOrg: [
      "DELETE /orgs/{org}/actions/hosted-runners/images/custom/{image_definition_id}/versions/{version}"
    ],
    deleteEnvironmentSecret: [
      "DELETE /repos/{owner}/{repo}/environments/{environment_name}/secrets/{secret_name}"
    ],
    deleteEnvironmentVariable: [
      "DELETE /repos/{owner}/{repo}/environments/{environment_name}/variables/{name}"
    ],
    deleteHostedRunnerForOrg: [
      "DELETE /orgs/{org}/actions/hosted-runners/{hosted_runner_id}"
    ],
    deleteOrgSecret: ["DELETE /orgs/{org}/actions/secrets/{secret_name}"],
    deleteOrgVariable: ["DELETE /orgs/{org}/actions/variables/{name}"],
    deleteRepoSecret: [
      "DELETE /repos/{owner}/{repo}/actions/secrets/{secret_name}"
    ],
    deleteRepoVariable: [
      "DELETE /repos/{owner}/{repo}/actions/variables/{name}"
    ],
    deleteSelfHostedRunnerFromOrg: [
      "DELETE /orgs/{org}/actions/runners/{runner_id}"
    ],
    deleteSelfHostedRunnerFromRepo: [
      "DELETE /repos/{owner}/{repo}/actions/runners/{runner_id}"
    ],
    deleteWorkflowRun: ["DELETE /repos/{owner}/{repo}/actions/runs/{run_id}"],
    deleteWorkflowRunLogs: [
      "DELETE /repos/{owner}/{repo}/actions/runs/{run_id}/logs"
    ],
    disableSelectedRepositoryGithubActionsOrganization: [
      "DELETE /orgs/{org}/actions/permissions/repositories/{repository_id}"
    ],
    disableWorkflow: [
      "PUT /repos/{owner}/{repo}/actions/workflows/{workflow_id}/disable"
    ],
    downloadArtifact: [
      "GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}"
    ],
    downloadJobLogsForWorkflowRun: [
      "GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs"
    ],
    downloadWorkflowRunAttemptLogs: [
      "GET /repos/{owner}/{repo}/actions/runs/{run_id}/attempts/{attempt_number}/logs"
    ],
    downloadWorkflowRunLogs: [
      "GET /repos/{owner}/{repo}/actions/runs/{run_id}/logs"
    ],
    enableSelectedRepositoryGithubActionsOrganization: [
      "PUT /orgs/{org}/actions/permissions/repositories/{repository_id}"
    ],
    enableWorkflow: [
      "PUT /repos/{owner}/{repo}/actions/workflows/{workflow_id}/enable"
    ],
    forceCancelWorkflowRun: [
      "POST /repos/{owner}/{repo}/actions/runs/{run_id}/force-cancel"
    ],
    generateRunnerJitconfigForOrg: [
      "POST /orgs/{org}/actions/runners/generate-jitconfig"
    ],
    generateRunnerJitconfigForRepo: [
      "POST /repos/{owner}/{repo}/actions/runners/generate-jitconfig"
    ],
    getActionsCacheList: ["GET /repos/{owner}/{repo}/actions/caches"],
    getActionsCacheUsage: ["GET /repos/{owner}/{repo}/actions/cache/usage"],
    getActionsCacheUsageByRepoForOrg: [
      "GET /orgs/{org}/actions/cache/usage-by-repository"
    ],
    getActionsCacheUsageForOrg: ["GET /orgs/{org}/actions/cache/usage"],
    getAllowedActionsOrganization: [
      "GET /orgs/{org}/actions/permissions/selected-actions"
    ],
    getAllowedActionsRepository: [
      "GET /repos/{owner}/{repo}/actions/permissions/selected-actions"
    ],
    getArtifact: ["GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}"],
    getCustomImageForOrg: [
      "GET /orgs/{org}/actions/hosted-runners/images/custom/{image_definition_id}"
    ],
    getCustomImageVersionForOrg: [
      "GET /orgs/{org}/actions/hosted-runners/images/custom/{image_definition_id}/versions/{version}"
    ],
    getCustomOidcSubClaimForRepo: [
      "GET /repos/{owner}/{repo}/actions/oidc/customization/sub"
    ],
    getEnvironmentPublicKey: [
      "GET /repos/{owner}/{repo}/environments/{environment_name}/secrets/public-key"
    ],
    getEnvironmentSecret: [
      "GET /repos/{owner}/{repo}/environments/{environment_name}/secrets/{secret_name}"
    ],
    getEnvironmentVariable: [
      "GET /repos/{owner}/{repo}/environments/{environment_name}/variables/{name}"
    ],
    getGithubActionsDefaultWorkflowPermissionsOrganization: [
      "GET /orgs/{org}/actions/permissions/workflow"
    ],
    getGithubActionsDefaultWorkflowPermissionsRepository: [
      "GET /repos/{owner}/{repo}/actions/permissions/workflow"
    ],
    getGithubActionsPermissionsOrganization: [
      "GET /orgs/{org}/actions/permissions"
    ],
    getGithubActionsPermissionsRepository: [
      "GET /repos/{owner}/{repo}/actions/permissions"
    ],
    getHostedRunnerForOrg: [
      "GET /orgs/{org}/actions/hosted-runners/{hosted_runner_id}"
    ],
    getHostedRunnersGithubOwnedImagesForOrg: [
      "GET /orgs/{org}/actions/hosted-runners/images/github-owned"
    ],
    getHostedRunnersLimitsForOrg: [
      "GET /orgs/{org}/actions/hosted-runners/limits"
    ],
    getHostedRunnersMachineSpecsForOrg: [
      "GET /orgs/{org}/actions/hosted-runners/machine-sizes"
    ],
    getHostedRunnersPartnerImagesForOrg: [
      "GET /orgs/{org}/actions/hosted-runners/images/partner"
    ],
    getHostedRunnersPlatformsForOrg: [
      "GET /orgs/{org}/actions/hosted-runners/platforms"
    ],
    getJobForWorkflowRun: ["GET /repos/{owner}/{repo}/actions/jobs/{job_id}"],
    getOrgPublicKey: ["GET /orgs/{org}/actions/secrets/public-key"],
    getOrgSecret: ["GET /orgs/{org}/actions/secrets/{secret_name}"],
    getOrgVariable: ["GET /orgs/{org}/actions/variables/{name}"],
    getPendingDeploymentsForRun: [
      "GET /repos/{owner}/{repo}/actions/runs/{run_id}/pending_deployments"
    ],
    getRepoPermissions: [
      "GET /repos/{owner}/{repo}/actions/permissions",
      {},
      { renamed: ["actions", "getGithubActionsPermissionsRepository"] }
    ],
    getRepoPublicKey: ["GET /repos/{owner}/{repo}/actions/secrets/public-key"],
    getRepoSecret: ["GET /repos/{owner}/{repo}/actions/secrets/{secret_name}"],
    getRepoVariable: ["GET /repos/{owner}/{repo}/actions/variables/{name}"],
    getReviewsForRun: [
      "GET /repos/{owner}/{repo}/actions/runs/{run_id}/approvals"
    ],
    getSelfHostedRunnerForOrg: ["GET /orgs/{org}/actions/runners/{runner_id}"],
    getSelfHostedRunnerForRepo: [
      "GET /repos/{owner}/{repo}/actions/runners/{runner_id}"
    ],
    getWorkflow: ["GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}"],
    getWorkflowAccessToRepository: [
      "GET /repos/{owner}/{repo}/actions/permissions/access"
    ],
    getWorkflowRun: ["GET /repos/{owner}/{repo}/actions/runs/{run_id}"],
    getWorkflowRunAttempt: [
      "GET /repos/{owner}/{repo}/actions/runs/{run_id}/attempts/{attempt_number}"
    ],
    getWorkflowRunUsage: [
      "GET /repos/{owner}/{repo}/actions/runs/{run_id}/timing"
    ],
    getWorkflowUsage: [
      "GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/timing"
    ],
    listArtifactsForRepo: ["GET /repos/{owner}/{repo}/actions/artifacts"],
    listCustomImageVersionsForOrg: [
      "GET /orgs/{org}/actions/hosted-runners/images/custom/{image_definition_id}/versions"
    ],
    listCustomImagesForOrg: [
      "GET /orgs/{org}/actions/hosted-runners/images/custom"
    ],
    listEnvironmentSecrets: [
      "GET /repos/{owner}/{repo}/environments/{environment_name}/secrets"
    ],
    listEnvironmentVariables: [
      "GET /repos/{owner}/{repo}/environments/{environment_name}/variables"
    ],
    listGithubHostedRunnersInGroupForOrg: [
      "GET /orgs/{org}/actions/runner-groups/{runner_group_id}/hosted-runners"
    ],
    listHostedRunnersForOrg: ["GET /orgs/{org}/actions/hosted-runners"],
    listJobsForWorkflowRun: [
      "GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs"
    ],
    listJobsForWorkflowRunAttempt: [
      "GET /repos/{owner}/{repo}/actions/runs/{run_id}/attempts/{attempt_number}/jobs"
    ],
    listLabelsForSelfHostedRunnerForOrg: [
      "GET /orgs/{org}/actions/runners/{runner_id}/labels"
    ],
    listLabelsForSelfHostedRunnerForRepo: [
      "GET /repos/{owner}/{repo}/actions/runners/{runner_id}/labels"
    ],
    listOrgSecrets: ["GET /orgs/{org}/actions/secrets"],
    listOrgVariables: ["GET /orgs/{org}/actions/variables"],
    listRepoOrganizationSecrets: [
      "GET /repos/{owner}/{repo}/actions/organization-secrets"
    ],
    listRepoOrganizationVariables: [
      "GET /repos/{owner}/{repo}/actions/organization-variables"
    ],
    listRepoSecrets: ["GET /repos/{owner}/{repo}/actions/secrets"],
    listRepoVariables: ["GET /repos/{owner}/{repo}/actions/variables"],
    listRepoWorkflows: ["GET /repos/{owner}/{repo}/actions/workflows"],
    listRunnerApplicationsForOrg: ["GET /orgs/{org}/actions/runners/downloads"],
    listRunnerApplicationsForRepo: [
      "GET /repos/{owner}/{repo}/actions/runners/downloads"
    ],
    listSelectedReposForOrgSecret: [
      "GET /orgs/{org}/actions/secrets/{secret_name}/repositories"
    ],
    listSelectedReposForOrgVariable: [
      "GET /orgs/{org}/actions/variables/{name}/repositories"
    ],
    listSelectedRepositoriesEnabledGithubActionsOrganization: [
      "GET /orgs/{org}/actions/permissions/repositories"
    ],
    listSelfHostedRunnersForOrg: ["GET /orgs/{org}/actions/runners"],
    listSelfHostedRunnersForRepo: ["GET /repos/{owner}/{repo}/actions/runners"],
    listWorkflowRunArtifacts: [
      "GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts"
    ],
    listWorkflowRuns: [
      "GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs"
    ],
    listWorkflowRunsForRepo: ["GET /repos/{owner}/{repo}/actions/runs"],
    reRunJobForWorkflowRun: [
      "POST /repos/{owner}/{repo}/actions/jobs/{job_id}/rerun"
    ],
    reRunWorkflow: ["POST /repos/{owner}/{repo}/actions/runs/{run_id}/rerun"],
    reRunWorkflowFailedJobs: [
      "POST /repos/{owner}/{repo}/actions/runs/{run_id}/rerun-failed-jobs"
    ],
    removeAllCustomLabelsFromSelfHostedRunnerForOrg: [
      "DELETE /orgs/{org}/actions/runners/{runner_id}/labels"
    ],
    removeAllCustomLabelsFromSelfHostedRunnerForRepo: [
      "DELETE /repos/{owner}/{repo}/actions/runners/{runner_id}/labels"
    ],
    removeCustomLabelFromSelfHostedRunnerForOrg: [
      "DELETE /orgs/{org}/actions/runners/{runner_id}/labels/{name}"
    ],
    removeCustomLabelFromSelfHostedRunnerForRepo: [
      "DELETE /repos/{owner}/{repo}/actions/runners/{runner_id}/labels/{name}"
    ],
    removeSelectedRepoFromOrgSecret: [
      "DELETE /orgs/{org}/actions/secrets/{secret_name}/repositories/{repository_id}"
    ],
    removeSelectedRepoFromOrgVariable: [
      "DELETE /orgs/{org}/actions/variables/{name}/repositories/{repository_id}"
    ],
    reviewCustomGatesForRun: [
      "POST /repos/{owner}/{repo}/actions/runs/{run_id}/deployment_protection_rule"
    ],
    reviewPendingDeploymentsForRun: [
      "POST /repos/{owner}/{repo}/actions/runs/{run_id}/pending_deployments"
    ],
    setAllowedActionsOrganization: [
      "PUT /orgs/{org}/actions/permissions/selected-actions"
    ],
    setAllowedActionsRepository: [
      "PUT /repos/{owner}/{repo}/actions/permissions/selected-actions"
    ],
    setCustomLabelsForSelfHostedRunnerForOrg: [
      "PUT /orgs/{org}/actions/runners/{runner_id}/labels"
    ],
    setCustomLabelsForSelfHostedRunnerForRepo: [
      "PUT /repos/{owner}/{repo}/actions/runners/{runner_id}/labels"
    ],
    setCustomOidcSubClaimForRepo: [
      "PUT /repos/{owner}/{repo}/actions/oidc/customization/sub"
    ],
    setGithubActionsDefaultWorkflowPermissionsOrganization: [
      "PUT /orgs/{org}/actions/permissions/workflow"
    ],
    setGithubActionsDefaultWorkflowPermissionsRepository: [
      "PUT /repos/{owner}/{repo}/actions/permissions/workflow"
    ],
    setGithubActionsPermissionsOrganization: [
      "PUT /orgs/{org}/actions/permissions"
    ],
    setGithubActionsPermissionsRepository: [
      "PUT /repos/{owner}/{repo}/actions/permissions"
    ],
    setSelectedReposForOrgSecret: [
      "PUT /orgs/{org}/actions/secrets/{secret_name}/repositories"
    ],
    setSelectedReposForOrgVariable: [
      "PUT /orgs/{org}/actions/variables/{name}/repositories"
    ],
    setSelectedRepositoriesEnabledGithubActionsOrganization: [
      "PUT /orgs/{org}/actions/permissions/repositories"
    ],
    setWorkflowAccessToRepository: [
      "PUT /repos/{owner}/{repo}/actions/permissions/access"
    ],
    updateEnvironmentVariable: [
      "PATCH /repos/{owner}/{repo}/environments/{environment_name}/variables/{name}"
    ],
    updateHostedRunnerForOrg: [
      "PATCH /orgs/{org}/actions/hosted-runners/{hosted_runner_id}"
    ],
    updateOrgVariable: ["PATCH /orgs/{org}/actions/variables/{name}"],
    updateRepoVariable: [
      "PATCH /repos/{owner}/{repo}/actions/variables/{name}"
    ]
  },
  activity: {
    checkRepoIsStarredByAuthenticatedUser: ["GET /user/starred/{owner}/{repo}"],
    deleteRepoSubscription: ["DELETE /repos/{owner}/{repo}/subscription"],
    deleteThreadSubscription: [
      "DELETE /notifications/threads/{thread_id}/subscription"
    ],
    getFeeds: ["GET /feeds"],
    getRepoSubscription: ["GET /repos/{owner}/{repo}/subscription"],
    getThread: ["GET /notifications/threads/{thread_id}"],
    getThreadSubscriptionForAuthenticatedUser: [
      "GET /notifications/threads/{thread_id}/subscription"
    ],
    listEventsForAuthenticatedUser: ["GET /users/{username}/events"],
    listNotificationsForAuthenticatedUser: ["GET /notifications"],
    listOrgEventsForAuthenticatedUser: [
      "GET /users/{username}/events/orgs/{org}"
    ],
    listPublicEvents: ["GET /events"],
    listPublicEventsForRepoNetwork: ["GET /networks/{owner}/{repo}/events"],
    listPublicEventsForUser: ["GET /users/{username}/events/public"],
    listPublicOrgEvents: ["GET /orgs/{org}/events"],
    listReceivedEventsForUser: ["GET /users/{username}/received_events"],
    listReceivedPublicEventsForUser: [
      "GET /users/{username}/received_events/public"
    ],
    listRepoEvents: ["GET /repos/{owner}/{repo}/events"],
    listRepoNotificationsForAuthenticatedUser: [
      "GET /repos/{owner}/{repo}/notifications"
    ],
    listReposStarredByAuthenticatedUser: ["GET /user/starred"],
    listReposStarredByUser: ["GET /users/{username}/starred"],
    listReposWatchedByUser: ["GET /users/{username}/subscriptions"],
    listStargazersForRepo: ["GET /repos/{owner}/{repo}/stargazers"],
    listWatchedReposForAuthenticatedUser: ["GET /user/subscriptions"],
    listWatchersForRepo: ["GET /repos/{owner}/{repo}/subscribers"],
    markNotificationsAsRead: ["PUT /notifications"],
    markRepoNotificationsAsRead: ["PUT /repos/{owner}/{repo}/notifications"],
    markThreadAsDone: ["DELETE /notifications/threads/{thread_id}"],
    markThreadAsRead: ["PATCH /notifications/threads/{thread_id}"],
    setRepoSubscription: ["PUT /repos/{owner}/{repo}/subscription"],
    setThreadSubscription: [
      "PUT /notifications/threads/{thread_id}/subscription"
    ],
    starRepoForAuthenticatedUser: ["PUT /user/starred/{owner}/{repo}"],
    unstarRepoForAuthenticatedUser: ["DELETE /user/starred/{owner}/{repo}"]
  },
  apps: {
    addRepoToInstallation: [
      "PUT /user/installations/{installation_id}/repositories/{repository_id}",
      {},
      { renamed: ["apps", "addRepoToInstallationForAuthenticatedUser"] }
    ],
    addRepoToInstallationForAuthenticatedUser: [
      "PUT /user/installations/{installation_id}/repositories/{repository_id}"
    ],
    checkToken: ["POST /applications/{client_id}/token"],
    createFromManifest: ["POST /app-manifests/{code}/conversions"],
    createInstallationAccessToken: [
      "POST /app/installations/{installation_id}/access_tokens"
    ],
    deleteAuthorization: ["DELETE /applications/{client_id}/grant"],
    deleteInstallation: ["DELETE /app/installations/{installation_id}"],
    deleteToken: ["DELETE /applications/{client_id}/token"],
    getAuthenticated: ["GET /app"],
    getBySlug: ["GET /apps/{app_slug}"],
    getInstallation: ["GET /app/installations/{installation_id}"],
    getOrgInstallation: ["GET /orgs/{org}/installation"],
    getRepoInstallation: ["GET /repos/{owner}/{repo}/installation"],
    getSubscriptionPlanForAccount: [
      "GET /marketplace_listing/accounts/{account_id}"
    ],
    getSubscriptionPlanForAccountStubbed: [
      "GET /marketplace_listing/stubbed/accounts/{account_id}"
    ],
    getUserInstallation: ["GET /users/{username}/installation"],
    getWebhookConfigForApp: ["GET /app/hook/config"],
    getWebhookDelivery: ["GET /app/hook/deliveries/{delivery_id}"],
    listAccountsForPlan: ["GET /marketplace_listing/plans/{plan_id}/accounts"],
    listAccountsForPlanStubbed: [
      "GET /marketplace_listing/stubbed/plans/{plan_id}/accounts"
    ],
    listInstallationReposForAuthenticatedUser: [
      "GET /user/installations/{installation_id}/repositories"
    ],
    listInstallationRequestsForAuthenticatedApp: [
      "GET /app/installation-requests"
    ],
    listInstallations: ["GET /app/installations"],
    listInstallationsForAuthenticatedUser: ["GET /user/installations"],
    listPlans: ["GET /marketplace_listing/plans"],
    listPlansStubbed: ["GET /marketplace_listing/stubbed/plans"],
    listReposAccessibleToInstallation: ["GET /installation/repositories"],
    listSubscriptionsForAuthenticatedUser: ["GET /user/marketplace_purchases"],
    listSubscriptionsForAuthenticatedUserStubbed: [
      "GET /user/marketplace_purchases/stubbed"
    ],
    listWebhookDeliveries: ["GET /app/hook/deliveries"],
    redeliverWebhookDelivery: [
      "POST /app/hook/deliveries/{delivery_id}/attempts"
    ],
    removeRepoFromInstallation: [
      "DELETE /user/installations/{installation_id}/repositories/{repository_id}",
      {},
      { renamed: ["apps", "removeRepoFromInstallationForAuthenticatedUser"] }
    ],
    removeRepoFromInstallationForAuthenticatedUser: [
      "DELETE /user/installations/{installation_id}/repositories/{repository_id}"
    ],
    resetToken: ["PATCH /applications/{client_id}/token"],
    revokeInstallationAccessToken: ["DELETE /installation/token"],
    scopeToken: ["POST /applications/{client_id}/token/scoped"],
    suspendInstallation: ["PUT /app/installations/{installation_id}/suspended"],
    unsuspendInstallation: [
      "DELETE /app/installations/{installation_id}/suspended"
    ],
    updateWebhookConfigForApp: ["PATCH /app/hook/config"]
  },
  billing: {
    getGithubActionsBillingOrg: ["GET /orgs/{org}/settings/billing/actions"],
    getGithubActionsBillingUser: [
      "GET /users/{username}/settings/billing/actions"
    ],
    getGithubBillingPremiumRequestUsageReportOrg: [
      "GET /organizations/{org}/settings/billing/premium_request/usage"
    ],
    getGithubBillingPremiumRequestUsageReportUser: [
      "GET /users/{username}/settings/billing/premium_request/usage"
    ],
    getGithubBillingUsageReportOrg: [
      "GET /organizations/{org}/settings/billing/usage"
    ],
    getGithubBillingUsageReportUser: [
      "GET /users/{username}/settings/billing/usage"
    ],
    getGithubPackagesBillingOrg: ["GET /orgs/{org}/settings/billing/packages"],
    getGithubPackagesBillingUser: [
      "GET /users/{username}/settings/billing/packages"
    ],
    getSharedStorageBillingOrg: [
      "GET /orgs/{org}/settings/billing/shared-storage"
    ],
    getSharedStorageBillingUser: [
      "GET /users/{username}/settings/billing/shared-storage"
    ]
  },
  campaigns: {
    createCampaign: ["POST /orgs/{org}/campaigns"],
    deleteCampaign: ["DELETE /orgs/{org}/campaigns/{campaign_number}"],
    getCampaignSummary: ["GET /orgs/{org}/campaigns/{campaign_number}"],
    listOrgCampaigns: ["GET /orgs/{org}/campaigns"],
    updateCampaign: ["PATCH /orgs/{org}/campaigns/{campaign_number}"]
  },
  checks: {
    create: ["POST /repos/{owner}/{repo}/check-runs"],
    createSuite: ["POST /repos/{owner}/{repo}/check-suites"],
    get: ["GET /repos/{owner}/{repo}/check-runs/{check_run_id}"],
    getSuite: ["GET /repos/{owner}/{repo}/check-suites/{check_suite_id}"],
    listAnnotations: [
      "GET /repos/{owner}/{repo}/check-runs/{check_run_id}/annotations"
    ],
    listForRef: ["GET /repos/{owner}/{repo}/commits/{ref}/check-runs"],
    listForSuite: [
      "GET /repos/{owner}/{repo}/check-suites/{check_suite_id}/check-runs"
    ],
    listSuitesForRef: ["GET /repos/{owner}/{repo}/commits/{ref}/check-suites"],
    rerequestRun: [
      "POST /repos/{owner}/{repo}/check-runs/{check_run_id}/rerequest"
    ],
    rerequestSuite: [
      "POST /repos/{owner}/{repo}/check-suites/{check_suite_id}/rerequest"
    ],
    setSuitesPreferences: [
      "PATCH /repos/{owner}/{repo}/check-suites/preferences"
    ],
    update: ["PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}"]
  },
  codeScanning: {
    commitAutofix: [
      "POST /repos/{owner}/{repo}/code-scanning/alerts/{alert_number}/autofix/commits"
    ],
    createAutofix: [
      "POST /repos/{owner}/{repo}/code-scanning/alerts/{alert_number}/autofix"
    ],
    createVariantAnalysis: [
      "POST /repos/{owner}/{repo}/code-scanning/codeql/variant-analyses"
    ],
    deleteAnalysis: [
      "DELETE /repos/{owner}/{repo}/code-scanning/analyses/{analysis_id}{?confirm_delete}"
    ],
    deleteCodeqlDatabase: [
      "DELETE /repos/{owner}/{repo}/code-scanning/codeql/databases/{language}"
    ],
    getAlert: [
      "GET /repos/{owner}/{repo}/code-scanning/alerts/{alert_number}",
      {},
      { renamedParameters: { alert_id: "alert_number" } }
    ],
    getAnalysis: [
      "GET /repos/{owner}/{repo}/code-scanning/analyses/{analysis_id}"
    ],
    getAutofix: [
      "GET /repos/{owner}/{repo}/code-scanning/alerts/{alert_number}/autofix"
    ],
    getCodeqlDatabase: [
      "GET /repos/{owner}/{repo}/code-scanning/codeql/databases/{language}"
    ],
    getDefaultSetup: ["GET /repos/{owner}/{repo}/code-scanning/default-setup"],
    getSarif: ["GET /repos/{owner}/{repo}/code-scanning/sarifs/{sarif_id}"],
    getVariantAnalysis: [
      "GET /repos/{owner}/{repo}/code-scanning/codeql/variant-analyses/{codeql_variant_analysis_id}"
    ],
    getVariantAnalysisRepoTask: [
      "GET /repos/{owner}/{repo}/code-scanning/codeql/variant-analyses/{codeql_variant_analysis_id}/repos/{repo_owner}/{repo_name}"
    ],
    listAlertInstances: [
      "GET /repos/{owner}/{repo}/code-scanning/alerts/{alert_number}/instances"
    ],
    listAlertsForOrg: ["GET /orgs/{org}/code-scanning/alerts"],
    listAlertsForRepo: ["GET /repos/{owner}/{repo}/code-scanning/alerts"],
    listAlertsInstances: [
      "GET /repos/{owner}/{repo}/code-scanning/alerts/{alert_number}/instances",
      {},
      { renamed: ["codeScanning", "listAlertInstances"] }
    ],
    listCodeqlDatabases: [
      "GET /repos/{owner}/{repo}/code-scanning/codeql/databases"
    ],
    listRecentAnalyses: ["GET /repos/{owner}/{repo}/code-scanning/analyses"],
    updateAlert: [
      "PATCH /repos/{owner}/{repo}/code-scanning/alerts/{alert_number}"
    ],
    updateDefaultSetup: [
      "PATCH /repos/{owner}/{repo}/code-scanning/default-setup"
    ],
    uploadSarif: ["POST /repos/{owner}/{repo}/code-scanning/sarifs"]
  },
  codeSecurity: {
    attachConfiguration: [
      "POST /orgs/{org}/code-security/configurations/{configuration_id}/attach"
    ],
    attachEnterpriseConfiguration: [
      "POST /enterprises/{enterprise}/code-security/configurations/{configuration_id}/attach"
    ],
    createConfiguration: ["POST /orgs/{org}/code-security/configurations"],
    createConfigurationForEnterprise: [
      "POST /enterprises/{enterprise}/code-security/configurations"
    ],
    deleteConfiguration: [
      "DELETE /orgs/{org}/code-security/configurations/{configuration_id}"
    ],
    deleteConfigurationForEnterprise: [
      "DELETE /enterprises/{enterprise}/code-security/configurations/{configuration_id}"
    ],
    detachConfiguration: [
      "DELETE /orgs/{org}/code-security/configurations/detach"
    ],
    getConfiguration: [
      "GET /orgs/{org}/code-security/configurations/{configuration_id}"
    ],
    getConfigurationForRepository: [
      "GET /repos/{owner}/{repo}/code-security-configuration"
    ],
    getConfigurationsForEnterprise: [
      "GET /enterprises/{enterprise}/code-security/configurations"
    ],
    getConfigurationsForOrg: ["GET /orgs/{org}/code-security/configurations"],
    getDefaultConfigurations: [
      "GET /orgs/{org}/code-security/configurations/defaults"
    ],
    getDefaultConfigurationsForEnterprise: [
      "GET /enterprises/{enterprise}/code-security/configurations/defaults"
    ],
    getRepositoriesForConfiguration: [
      "GET /orgs/{org}/code-security/configurations/{configuration_id}/repositories"
    ],
    getRepositoriesForEnterpriseConfiguration: [
      "GET /enterprises/{enterprise}/code-security/configurations/{configuration_id}/repositories"
    ],
    getSingleConfigurationForEnterprise: [
      "GET /enterprises/{enterprise}/code-security/configurations/{configuration_id}"
    ],
    setConfigurationAsDefault: [
      "PUT /orgs/{org}/code-security/configurations/{configuration_id}/defaults"
    ],
    setConfigurationAsDefaultForEnterprise: [
      "PUT /enterprises/{enterprise}/code-security/configurations/{configuration_id}/defaults"
    ],
    updateConfiguration: [
      "PATCH /orgs/{org}/code-security/configurations/{configuration_id}"
    ],
    updateEnterpriseConfiguration: [
      "PATCH /enterprises/{enterprise}/code-security/configurations/{configuration_id}"
    ]
  },
  codesOfConduct: {
    getAllCodesOfConduct: ["GET /codes_of_conduct"],
    getConductCode: ["GET /codes_of_conduct/{key}"]
  },
  codespaces: {
    addRepositoryForSecretForAuthenticatedUser: [
      "PUT /user/codespaces/secrets/{secret_name}/repositories/{repository_id}"
    ],
    addSelectedRepoToOrgSecret: [
      "PUT /orgs/{org}/codespaces/secrets/{secret_name}/repositories/{repository_id}"
    ],
    checkPermissionsForDevcontainer: [
      "GET /repos/{owner}/{repo}/codespaces/permissions_check"
    ],
    codespaceMachinesForAuthenticatedUser: [
      "GET /user/codespaces/{codespace_name}/machines"
    ],
    createForAuthenticatedUser: ["POST /user/codespaces"],
    createOrUpdateOrgSecret: [
      "PUT /orgs/{org}/codespaces/secrets/{secret_name}"
    ],
    createOrUpdateRepoSecret: [
      "PUT /repos/{owner}/{repo}/codespaces/secrets/{secret_name}"
    ],
    createOrUpdateSecretForAuthenticatedUser: [
      "PUT /user/codespaces/secrets/{secret_name}"
    ],
    createWithPrForAuthenticatedUser: [
      "POST /repos/{owner}/{repo}/pulls/{pull_number}/codespaces"
    ],
    createWithRepoForAuthenticatedUser: [
      "POST /repos/{owner}/{repo}/codespaces"
    ],
    deleteForAuthenticatedUser: ["DELETE /user/codespaces/{codespace_name}"],
    deleteFromOrganization: [
      "DELETE /orgs/{org}/members/{username}/codespaces/{codespace_name}"
    ],
    deleteOrgSecret: ["DELETE /orgs/{org}/codespaces/secrets/{secret_name}"],
    deleteRepoSecret: [
      "DELETE /repos/{owner}/{repo}/codespaces/secrets/{secret_name}"
    ],
    deleteSecretForAuthenticatedUser: [
      "DELETE /user/codespaces/secrets/{secret_name}"
    ],
    exportForAuthenticatedUser: [
      "POST /user/codespaces/{codespace_name}/exports"
    ],
    getCodespacesForUserInOrg: [
      "GET /orgs/{org}/members/{username}/codespaces"
    ],
    getExportDetailsForAuthenticatedUser: [
      "GET /user/codespaces/{codespace_name}/exports/{export_id}"
    ],
    getForAuthenticatedUser: ["GET /user/codespaces/{codespace_name}"],
    getOrgPublicKey: ["GET /orgs/{org}/codespaces/secrets/public-key"],
    getOrgSecret: ["GET /orgs/{org}/codespaces/secrets/{secret_name}"],
    getPublicKeyForAuthenticatedUser: [
      "GET /user/codespaces/secrets/public-key"
    ],
    getRepoPublicKey: [
      "GET /repos/{owner}/{repo}/codespaces/secrets/public-key"
    ],
    getRepoSecret: [
      "GET /repos/{owner}/{repo}/codespaces/secrets/{secret_name}"
    ],
    getSecretForAuthenticatedUser: [
      "GET /user/codespaces/secrets/{secret_name}"
    ],
    listDevcontainersInRepositoryForAuthenticatedUser: [
      "GET /repos/{owner}/{repo}/codespaces/devcontainers"
    ],
    listForAuthenticatedUser: ["GET /user/codespaces"],
    listInOrganization: [
      "GET /orgs/{org}/codespaces",
      {},
      { renamedParameters: { org_id: "org" } }
    ],
    listInRepositoryForAuthenticatedUser: [
      "GET /repos/{owner}/{repo}/codespaces"
    ],
    listOrgSecrets: ["GET /orgs/{org}/codespaces/secrets"],
    listRepoSecrets: ["GET /repos/{owner}/{repo}/codespaces/secrets"],
    listRepositoriesForSecretForAuthenticatedUser: [
      "GET /user/codespaces/secrets/{secret_name}/repositories"
    ],
    listSecretsForAuthenticatedUser: ["GET /user/codespaces/secrets"],
    listSelectedReposForOrgSecret: [
      "GET /orgs/{org}/codespaces/secrets/{secret_name}/repositories"
    ],
    preFlightWithRepoForAuthenticatedUser: [
      "GET /repos/{owner}/{repo}/codespaces/new"
    ],
    publishForAuthenticatedUser: [
      "POST /user/codespaces/{codespace_name}/publish"
    ],
    removeRepositoryForSecretForAuthenticatedUser: [
      "DELETE /user/codespaces/secrets/{secret_name}/repositories/{repository_id}"
    ],
    removeSelectedRepoFromOrgSecret: [
      "DELETE /orgs/{org}/codespaces/secrets/{secret_name}/repositories/{repository_id}"
    ],
    repoMachinesForAuthenticatedUser: [
      "GET /repos/{owner}/{repo}/codespaces/machines"
    ],
    setRepositoriesForSecretForAuthenticatedUser: [
      "PUT /user/codespaces/secrets/{secret_name}/repositories"
    ],
    setSelectedReposForOrgSecret: [
      "PUT /orgs/{org}/codespaces/secrets/{secret_name}/repositories"
    ],
    startForAuthenticatedUser: ["POST /user/codespaces/{codespace_name}/start"],
    stopForAuthenticatedUser: ["POST /user/codespaces/{codespace_name}/stop"],
    stopInOrganization: [
      "POST /orgs/{org}/members/{username}/codespaces/{codespace_name}/stop"
    ],
    updateForAuthenticatedUser: ["PATCH /user/codespaces/{codespace_name}"]
  },
  copilot: {
    addCopilotSeatsForTeams: [
      "POST /orgs/{org}/copilot/billing/selected_teams"
    ],
    addCopilotSeatsForUsers: [
      "POST /orgs/{org}/copilot/billing/selected_users"
    ],
    cancelCopilotSeatAssignmentForTeams: [
      "DELETE /orgs/{org}/copilot/billing/selected_teams"
    ],
    cancelCopilotSeatAssignmentForUsers: [
      "DELETE /orgs/{org}/copilot/billing/selected_users"
    ],
    copilotMetricsForOrganization: ["GET /orgs/{org}/copilot/metrics"],
    copilotMetricsForTeam: ["GET /orgs/{org}/team/{team_slug}/copilot/metrics"],
    getCopilotOrganizationDetails: ["GET /orgs/{org}/copilot/billing"],
    getCopilotSeatDetailsForUser: [
      "GET /orgs/{org}/members/{username}/copilot"
    ],
    listCopilotSeats: ["GET /orgs/{org}/copilot/billing/seats"]
  },
  credentials: { revoke: ["POST /credentials/revoke"] },
  dependabot: {
    addSelectedRepoToOrgSecret: [
      "PUT /orgs/{org}/dependabot/secrets/{secret_name}/repositories/{repository_id}"
    ],
    createOrUpdateOrgSecret: [
      "PUT /orgs/{org}/dependabot/secrets/{secret_name}"
    ],
    createOrUpdateRepoSecret: [
      "PUT /repos/{owner}/{repo}/dependabot/secrets/{secret_name}"
    ],
    deleteOrgSecret: ["DELETE /orgs/{org}/dependabot/secrets/{secret_name}"],
    deleteRepoSecret: [
      "DELETE /repos/{owner}/{repo}/dependabot/secrets/{secret_name}"
    ],
    getAlert: ["GET /repos/{owner}/{repo}/dependabot/alerts/{alert_number}"],
    getOrgPublicKey: ["GET /orgs/{org}/dependabot/secrets/public-key"],
    getOrgSecret: ["GET /orgs/{org}/dependabot/secrets/{secret_name}"],
    getRepoPublicKey: [
      "GET /repos/{owner}/{repo}/dependabot/secrets/public-key"
    ],
    getRepoSecret: [
      "GET /repos/{owner}/{repo}/dependabot/secrets/{secret_name}"
    ],
    listAlertsForEnterprise: [
      "GET /enterprises/{enterprise}/dependabot/alerts"
    ],
    listAlertsForOrg: ["GET /orgs/{org}/dependabot/alerts"],
    listAlertsForRepo: ["GET /repos/{owner}/{repo}/dependabot/alerts"],
    listOrgSecrets: ["GET /orgs/{org}/dependabot/secrets"],
    listRepoSecrets: ["GET /repos/{owner}/{repo}/dependabot/secrets"],
    listSelectedReposForOrgSecret: [
      "GET /orgs/{org}/dependabot/secrets/{secret_name}/repositories"
    ],
    removeSelectedRepoFromOrgSecret: [
      "DELETE /orgs/{org}/dependabot/secrets/{secret_name}/repositories/{repository_id}"
    ],
    repositoryAccessForOrg: [
      "GET /organizations/{org}/dependabot/repository-access"
    ],
    setRepositoryAccessDefaultLevel: [
      "PUT /organizations/{org}/dependabot/repository-access/default-level"
    ],
    setSelectedReposForOrgSecret: [
      "PUT /orgs/{org}/dependabot/secrets/{secret_name}/repositories"
    ],
    updateAlert: [
      "PATCH /repos/{owner}/{repo}/dependabot/alerts/{alert_number}"
    ],
    updateRepositoryAccessForOrg: [
      "PATCH /organizations/{org}/dependabot/repository-access"
    ]
  },
  dependencyGraph: {
    createRepositorySnapshot: [
      "POST /repos/{owner}/{repo}/dependency-graph/snapshots"
    ],
    diffRange: [
      "GET /repos/{owner}/{repo}/dependency-graph/compare/{basehead}"
    ],
    exportSbom: ["GET /repos/{owner}/{repo}/dependency-graph/sbom"]
  },
  emojis: { get: ["GET /emojis"] },
  enterpriseTeamMemberships: {
    add: [
      "PUT /enterprises/{enterprise}/teams/{enterprise-team}/memberships/{username}"
    ],
    bulkAdd: [
      "POST /enterprises/{enterprise}/teams/{enterprise-team}/memberships/add"
    ],
    bulkRemove: [
      "POST /enterprises/{enterprise}/teams/{enterprise-team}/memberships/remove"
    ],
    get: [
      "GET /enterprises/{enterprise}/teams/{enterprise-team}/memberships/{username}"
    ],
    list: ["GET /enterprises/{enterprise}/teams/{enterprise-team}/memberships"],
    remove: [
      "DELETE /enterprises/{enterprise}/teams/{enterprise-team}/memberships/{username}"
    ]
  },
  enterpriseTeamOrganizations: {
    add: [
      "PUT /enterprises/{enterprise}/teams/{enterprise-team}/organizations/{org}"
    ],
    bulkAdd: [
      "POST /enterprises/{enterprise}/teams/{enterprise-team}/organizations/add"
    ],
    bulkRemove: [
      "POST /enterprises/{enterprise}/teams/{enterprise-team}/organizations/remove"
    ],
    delete: [
      "DELETE /enterprises/{enterprise}/teams/{enterprise-team}/organizations/{org}"
    ],
    getAssignment: [
      "GET /enterprises/{enterprise}/teams/{enterprise-team}/organizations/{org}"
    ],
    getAssignments: [
      "GET /enterprises/{enterprise}/teams/{enterprise-team}/organizations"
    ]
  },
  enterpriseTeams: {
    create: ["POST /enterprises/{enterprise}/teams"],
    delete: ["DELETE /enterprises/{enterprise}/teams/{team_slug}"],
    get: ["GET /enterprises/{enterprise}/teams/{team_slug}"],
    list: ["GET /enterprises/{enterprise}/teams"],
    update: ["PATCH /enterprises/{enterprise}/teams/{team_slug}"]
  },
  gists: {
    checkIsStarred: ["GET /gists/{gist_id}/star"],
    create: ["POST /gists"],
    createComment: ["POST /gists/{gist_id}/comments"],
    delete: ["DELETE /gists/{gist_id}"],
    deleteComment: ["DELETE /gists/{gist_id}/comments/{comment_id}"],
    fork: ["POST /gists/{gist_id}/forks"],
    get: ["GET /gists/{gist_id}"],
    getComment: ["GET /gists/{gist_id}/comments/{comment_id}"],
    getRevision: ["GET /gists/{gist_id}/{sha}"],
    list: ["GET /gists"],
    listComments: ["GET /gists/{gist_id}/comments"],
    listCommits: ["GET /gists/{gist_id}/commits"],
    listForUser: ["GET /users/{username}/gists"],
    listForks: ["GET /gists/{gist_id}/forks"],
    listPublic: ["GET /gists/public"],
    listStarred: ["GET /gists/starred"],
    star: ["PUT /gists/{gist_id}/star"],
    unstar: ["DELETE /gists/{gist_id}/star"],
    update: ["PATCH /gists/{gist_id}"],
    updateComment: ["PATCH /gists/{gist_id}/comments/{comment_id}"]
  },
  git: {
    createBlob: ["POST /repos/{owner}/{repo}/git/blobs"],
    createCommit: ["POST /repos/{owner}/{repo}/git/commits"],
    createRef: ["POST /repos/{owner}/{repo}/git/refs"],
    createTag: ["POST /repos/{owner}/{repo}/git/tags"],
    createTree: ["POST /repos/{owner}/{repo}/git/trees"],
    deleteRef: ["DELETE /repos/{owner}/{repo}/git/refs/{ref}"],
    getBlob: ["GET /repos/{owner}/{repo}/git/blobs/{file_sha}"],
    getCommit: ["GET /repos/{owner}/{repo}/git/commits/{commit_sha}"],
    getRef: ["GET /repos/{owner}/{repo}/git/ref/{ref}"],
    getTag: ["GET /repos/{owner}/{repo}/git/tags/{tag_sha}"],
    getTree: ["GET /repos/{owner}/{repo}/git/trees/{tree_sha}"],
    listMatchingRefs: ["GET /repos/{owner}/{repo}/git/matching-refs/{ref}"],
    updateRef: ["PATCH /repos/{owner}/{repo}/git/refs/{ref}"]
  },
  gitignore: {
    getAllTemplates: ["GET /gitignore/templates"],
    getTemplate: ["GET /gitignore/templates/{name}"]
  },
  hostedCompute: {
    createNetworkConfigurationForOrg: [
      "POST /orgs/{org}/settings/network-configurations"
    ],
    deleteNetworkConfigurationFromOrg: [
      "DELETE /orgs/{org}/settings/network-configurations/{network_configuration_id}"
    ],
    getNetworkConfigurationForOrg: [
      "GET /orgs/{org}/settings/network-configurations/{network_configuration_id}"
    ],
    getNetworkSettingsForOrg: [
      "GET /orgs/{org}/settings/network-settings/{network_settings_id}"
    ],
    listNetworkConfigurationsForOrg: [
      "GET /orgs/{org}/settings/network-configurations"
    ],
    updateNetworkConfigurationForOrg: [
      "PATCH /orgs/{org}/settings/network-configurations/{network_configuration_id}"
    ]
  },
  interactions: {
    getRestrictionsForAuthenticatedUser: ["GET /user/interaction-limits"],
    getRestrictionsForOrg: ["GET /orgs/{org}/interaction-limits"],
    getRestrictionsForRepo: ["GET /repos/{owner}/{repo}/interaction-limits"],
    getRestrictionsForYourPublicRepos: [
      "GET /user/interaction-limits",
      {},
      { renamed: ["interactions", "getRestrictionsForAuthenticatedUser"] }
    ],
    removeRestrictionsForAuthenticatedUser: ["DELETE /user/interaction-limits"],
    removeRestrictionsForOrg: ["DELETE /orgs/{org}/interaction-limits"],
    removeRestrictionsForRepo: [
      "DELETE /repos/{owner}/{repo}/interaction-limits"
    ],
    removeRestrictionsForYourPublicRepos: [
      "DELETE /user/interaction-limits",
      {},
      { renamed: ["interactions", "removeRestrictionsForAuthenticatedUser"] }
    ],
    setRestrictionsForAuthenticatedUser: ["PUT /user/interaction-limits"],
    setRestrictionsForOrg: ["PUT /orgs/{org}/interaction-limits"],
    setRestrictionsForRepo: ["PUT /repos/{owner}/{repo}/interaction-limits"],
    setRestrictionsForYourPublicRepos: [
      "PUT /user/interaction-limits",
      {},
      { renamed: ["interactions", "setRestrictionsForAuthenticatedUser"] }
    ]
  },
  issues: {
    addAssignees: [
      "POST /repos/{owner}/{repo}/issues/{issue_number}/assignees"
    ],
    addBlockedByDependency: [
      "POST /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by"
    ],
    addLabels: ["POST /repos/{owner}/{repo}/issues/{issue_number}/labels"],
    addSubIssue: [
      "POST /repos/{owner}/{repo}/issues/{issue_number}/sub_issues"
    ],
    checkUserCanBeAssigned: ["GET /repos/{owner}/{repo}/assignees/{assignee}"],
    checkUserCanBeAssignedToIssue: [
      "GET /repos/{owner}/{repo}/issues/{issue_number}/assignees/{assignee}"
    ],
    create: ["POST /repos/{owner}/{repo}/issues"],
    createComment: [
      "POST /repos/{owner}/{repo}/issues/{issue_number}/comments"
    ],
    createLabel: ["POST /repos/{owner}/{repo}/labels"],
    createMilestone: ["POST /repos/{owner}/{repo}/milestones"],
    deleteComment: [
      "DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}"
    ],
    deleteLabel: ["DELETE /repos/{owner}/{repo}/labels/{name}"],
    deleteMilestone: [
      "DELETE /repos/{owner}/{repo}/milestones/{milestone_number}"
    ],
    get: ["GET /repos/{owner}/{repo}/issues/{issue_number}"],
    getComment: ["GET /repos/{owner}/{repo}/issues/comments/{comment_id}"],
    getEvent: ["GET /repos/{owner}/{repo}/issues/events/{event_id}"],
    getLabel: ["GET /repos/{owner}/{repo}/labels/{name}"],
    getMilestone: ["GET /repos/{owner}/{repo}/milestones/{milestone_number}"],
    getParent: ["GET /repos/{owner}/{repo}/issues/{issue_number}/parent"],
    list: ["GET /issues"],
    listAssignees: ["GET /repos/{owner}/{repo}/assignees"],
    listComments: ["GET /repos/{owner}/{repo}/issues/{issue_number}/comments"],
    listCommentsForRepo: ["GET /repos/{owner}/{repo}/issues/comments"],
    listDependenciesBlockedBy: [
      "GET /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by"
    ],
    listDependenciesBlocking: [
      "GET /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocking"
    ],
    listEvents: ["GET /repos/{owner}/{repo}/issues/{issue_number}/events"],
    listEventsForRepo: ["GET /repos/{owner}/{repo}/issues/events"],
    listEventsForTimeline: [
      "GET /repos/{owner}/{repo}/issues/{issue_number}/timeline"
    ],
    listForAuthenticatedUser: ["GET /user/issues"],
    listForOrg: ["GET /orgs/{org}/issues"],
    listForRepo: ["GET /repos/{owner}/{repo}/issues"],
    listLabelsForMilestone: [
      "GET /repos/{owner}/{repo}/milestones/{milestone_number}/labels"
    ],
    listLabelsForRepo: ["GET /repos/{owner}/{repo}/labels"],
    listLabelsOnIssue: [
      "GET /repos/{owner}/{repo}/issues/{issue_number}/labels"
    ],
    listMilestones: ["GET /repos/{owner}/{repo}/milestones"],
    listSubIssues: [
      "GET /repos/{owner}/{repo}/issues/{issue_number}/sub_issues"
    ],
    lock: ["PUT /repos/{owner}/{repo}/issues/{issue_number}/lock"],
    removeAllLabels: [
      "DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels"
    ],
    removeAssignees: [
      "DELETE /repos/{owner}/{repo}/issues/{issue_number}/assignees"
    ],
    removeDependencyBlockedBy: [
      "DELETE /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by/{issue_id}"
    ],
    removeLabel: [
      "DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}"
    ],
    removeSubIssue: [
      "DELETE /repos/{owner}/{repo}/issues/{issue_number}/sub_issue"
    ],
    reprioritizeSubIssue: [
      "PATCH /repos/{owner}/{repo}/issues/{issue_number}/sub_issues/priority"
    ],
    setLabels: ["PUT /repos/{owner}/{repo}/issues/{issue_number}/labels"],
    unlock: ["DELETE /repos/{owner}/{repo}/issues/{issue_number}/lock"],
    update: ["PATCH /repos/{owner}/{repo}/issues/{issue_number}"],
    updateComment: ["PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}"],
    updateLabel: ["PATCH /repos/{owner}/{repo}/labels/{name}"],
    updateMilestone: [
      "PATCH /repos/{owner}/{repo}/milestones/{milestone_number}"
    ]
  },
  licenses: {
    get: ["GET /licenses/{license}"],
    getAllCommonlyUsed: ["GET /licenses"],
    getForRepo: ["GET /repos/{owner}/{repo}/license"]
  },
  markdown: {
    render: ["POST /markdown"],
    renderRaw: [
      "POST /markdown/raw",
      { headers: { "content-type": "text/plain; charset=utf-8" } }
    ]
  },
  meta: {
    get: ["GET /meta"],
    getAllVersions: ["GET /versions"],
    getOctocat: ["GET /octocat"],
    getZen: ["GET /zen"],
    root: ["GET /"]
  },
  migrations: {
    deleteArchiveForAuthenticatedUser: [
      "DELETE /user/migrations/{migration_id}/archive"
    ],
    deleteArchiveForOrg: [
      "DELETE /orgs/{org}/migrations/{migration_id}/archive"
    ],
    downloadArchiveForOrg: [
      "GET /orgs/{org}/migrations/{migration_id}/archive"
    ],
    getArchiveForAuthenticatedUser: [
      "GET /user/migrations/{migration_id}/archive"
    ],
    getStatusForAuthenticatedUser: ["GET /user/migrations/{migration_id}"],
    getStatusForOrg: ["GET /orgs/{org}/migrations/{migration_id}"],
    listForAuthenticatedUser: ["GET /user/migrations"],
    listForOrg: ["GET /orgs/{org}/migrations"],
    listReposForAuthenticatedUser: [
      "GET /user/migrations/{migration_id}/repositories"
    ],
    listReposForOrg: ["GET /orgs/{org}/migrations/{migration_id}/repositories"],
    listReposForUser: [
      "GET /user/migrations/{migration_id}/repositories",
      {},
      { renamed: ["migrations", "listReposForAuthenticatedUser"] }
    ],
    startForAuthenticatedUser: ["POST /user/migrations"],
    startForOrg: ["POST /orgs/{org}/migrations"],
    unlockRepoForAuthenticatedUser: [
      "DELETE /user/migrations/{migration_id}/repos/{repo_name}/lock"
    ],
    unlockRepoForOrg: [
      "DELETE /orgs/{org}/migrations/{migration_id}/repos/{repo_name}/lock"
    ]
  },
  oidc: {
    getOidcCustomSubTemplateForOrg: [
      "GET /orgs/{org}/actions/oidc/customization/sub"
    ],
    updateOidcCustomSubTemplateForOrg: [
      "PUT /orgs/{org}/actions/oidc/customization/sub"
    ]
  },
  orgs: {
    addSecurityManagerTeam: [
      "PUT /orgs/{org}/security-managers/teams/{team_slug}",
      {},
      {
        deprecated: "octokit.rest.orgs.addSecurityManagerTeam() is deprecated, see https://docs.github.com/rest/orgs/security-managers#add-a-security-manager-team"
      }
    ],
    assignTeamToOrgRole: [
      "PUT /orgs/{org}/organization-roles/teams/{team_slug}/{role_id}"
    ],
    assignUserToOrgRole: [
      "PUT /orgs/{org}/organization-roles/users/{username}/{role_id}"
    ],
    blockUser: ["PUT /orgs/{org}/blocks/{username}"],
    cancelInvitation: ["DELETE /orgs/{org}/invitations/{invitation_id}"],
    checkBlockedUser: ["GET /orgs/{org}/blocks/{username}"],
    checkMembershipForUser: ["GET /orgs/{org}/members/{username}"],
    checkPublicMembershipForUser: ["GET /orgs/{org}/public_members/{username}"],
    convertMemberToOutsideCollaborator: [
      "PUT /orgs/{org}/outside_collaborators/{username}"
    ],
    createArtifactStorageRecord: [
      "POST /orgs/{org}/artifacts/metadata/storage-record"
    ],
    createInvitation: ["POST /orgs/{org}/invitations"],
    createIssueType: ["POST /orgs/{org}/issue-types"],
    createWebhook: ["POST /orgs/{org}/hooks"],
    customPropertiesForOrgsCreateOrUpdateOrganizationValues: [
      "PATCH /organizations/{org}/org-properties/values"
    ],
    customPropertiesForOrgsGetOrganizationValues: [
      "GET /organizations/{org}/org-properties/values"
    ],
    customPropertiesForReposCreateOrUpdateOrganizationDefinition: [
      "PUT /orgs/{org}/properties/schema/{custom_property_name}"
    ],
    customPropertiesForReposCreateOrUpdateOrganizationDefinitions: [
      "PATCH /orgs/{org}/properties/schema"
    ],
    customPropertiesForReposCreateOrUpdateOrganizationValues: [
      "PATCH /orgs/{org}/properties/values"
    ],
    customPropertiesForReposDeleteOrganizationDefinition: [
      "DELETE /orgs/{org}/properties/schema/{custom_property_name}"
    ],
    customPropertiesForReposGetOrganizationDefinition: [
      "GET /orgs/{org}/properties/schema/{custom_property_name}"
    ],
    customPropertiesForReposGetOrganizationDefinitions: [
      "GET /orgs/{org}/properties/schema"
    ],
    customPropertiesForReposGetOrganizationValues: [
      "GET /orgs/{org}/properties/values"
    ],
    delete: ["DELETE /orgs/{org}"],
    deleteAttestationsBulk: ["POST /orgs/{org}/attestations/delete-request"],
    deleteAttestationsById: [
      "DELETE /orgs/{org}/attestations/{attestation_id}"
    ],
    deleteAttestationsBySubjectDigest: [
      "DELETE /orgs/{org}/attestations/digest/{subject_digest}"
    ],
    deleteIssueType: ["DELETE /orgs/{org}/issue-types/{issue_type_id}"],
    deleteWebhook: ["DELETE /orgs/{org}/hooks/{hook_id}"],
    disableSelectedRepositoryImmutableReleasesOrganization: [
      "DELETE /orgs/{org}/settings/immutable-releases/repositories/{repository_id}"
    ],
    enableSelectedRepositoryImmutableReleasesOrganization: [
      "PUT /orgs/{org}/settings/immutable-releases/repositories/{repository_id}"
    ],
    get: ["GET /orgs/{org}"],
    getImmutableReleasesSettings: [
      "GET /orgs/{org}/settings/immutable-releases"
    ],
    getImmutableReleasesSettingsRepositories: [
      "GET /orgs/{org}/settings/immutable-releases/repositories"
    ],
    getMembershipForAuthenticatedUser: ["GET /user/memberships/orgs/{org}"],
    getMembershipForUser: ["GET /orgs/{org}/memberships/{username}"],
    getOrgRole: ["GET /orgs/{org}/organization-roles/{role_id}"],
    getOrgRulesetHistory: ["GET /orgs/{org}/rulesets/{ruleset_id}/history"],
    getOrgRulesetVersion: [
      "GET /orgs/{org}/rulesets/{ruleset_id}/history/{version_id}"
    ],
    getWebhook: ["GET /orgs/{org}/hooks/{hook_id}"],
    getWebhookConfigForOrg: ["GET /orgs/{org}/hooks/{hook_id}/config"],
    getWebhookDelivery: [
      "GET /orgs/{org}/hooks/{hook_id}/deliveries/{delivery_id}"
    ],
    list: ["GET /organizations"],
    listAppInstallations: ["GET /orgs/{org}/installations"],
    listArtifactStorageRecords: [
      "GET /orgs/{org}/artifacts/{subject_digest}/metadata/storage-records"
    ],
    listAttestationRepositories: ["GET /orgs/{org}/attestations/repositories"],
    listAttestations: ["GET /orgs/{org}/attestations/{subject_digest}"],
    listAttestationsBulk: [
      "POST /orgs/{org}/attestations/bulk-list{?per_page,before,after}"
    ],
    listBlockedUsers: ["GET /orgs/{org}/blocks"],
    listFailedInvitations: ["GET /orgs/{org}/failed_invitations"],
    listForAuthenticatedUser: ["GET /user/orgs"],
    listForUser: ["GET /users/{username}/orgs"],
    listInvitationTeams: ["GET /orgs/{org}/invitations/{invitation_id}/teams"],
    listIssueTypes: ["GET /orgs/{org}/issue-types"],
    listMembers: ["GET /orgs/{org}/members"],
    listMembershipsForAuthenticatedUser: ["GET /user/memberships/orgs"],
    listOrgRoleTeams: ["GET /orgs/{org}/organization-roles/{role_id}/teams"],
    listOrgRoleUsers: ["GET /orgs/{org}/organization-roles/{role_id}/users"],
    listOrgRoles: ["GET /orgs/{org}/organization-roles"],
    listOrganizationFineGrainedPermissions: [
      "GET /orgs/{org}/organization-fine-grained-permissions"
    ],
    listOutsideCollaborators: ["GET /orgs/{org}/outside_collaborators"],
    listPatGrantRepositories: [
      "GET /orgs/{org}/personal-access-tokens/{pat_id}/repositories"
    ],
    listPatGrantRequestRepositories: [
      "GET /orgs/{org}/personal-access-token-requests/{pat_request_id}/repositories"
    ],
    listPatGrantRequests: ["GET /orgs/{org}/personal-access-token-requests"],
    listPatGrants: ["GET /orgs/{org}/personal-access-tokens"],
    listPendingInvitations: ["GET /orgs/{org}/invitations"],
    listPublicMembers: ["GET /orgs/{org}/public_members"],
    listSecurityManagerTeams: [
      "GET /orgs/{org}/security-managers",
      {},
      {
        deprecated: "octokit.rest.orgs.listSecurityManagerTeams() is deprecated, see https://docs.github.com/rest/orgs/security-managers#list-security-manager-teams"
      }
    ],
    listWebhookDeliveries: ["GET /orgs/{org}/hooks/{hook_id}/deliveries"],
    listWebhooks: ["GET /orgs/{org}/hooks"],
    pingWebhook: ["POST /orgs/{org}/hooks/{hook_id}/pings"],
    redeliverWebhookDelivery: [
      "POST /orgs/{org}/hooks/{hook_id}/deliveries/{delivery_id}/attempts"
    ],
    removeMember: ["DELETE /orgs/{org}/members/{username}"],
    removeMembershipForUser: ["DELETE /orgs/{org}/memberships/{username}"],
    removeOutsideCollaborator: [
      "DELETE /orgs/{org}/outside_collaborators/{username}"
    ],
    removePublicMembershipForAuthenticatedUser: [
      "DELETE /orgs/{org}/public_members/{username}"
    ],
    removeSecurityManagerTeam: [
      "DELETE /orgs/{org}/security-managers/teams/{team_slug}",
      {},
      {
        deprecated: "octokit.rest.orgs.removeSecurityManagerTeam() is deprecated, see https://docs.github.com/rest/orgs/security-managers#remove-a-security-manager-team"
      }
    ],
    reviewPatGrantRequest: [
      "POST /orgs/{org}/personal-access-token-requests/{pat_request_id}"
    ],
    reviewPatGrantRequestsInBulk: [
      "POST /orgs/{org}/personal-access-token-requests"
    ],
    revokeAllOrgRolesTeam: [
      "DELETE /orgs/{org}/organization-roles/teams/{team_slug}"
    ],
    revokeAllOrgRolesUser: [
      "DELETE /orgs/{org}/organization-roles/users/{username}"
    ],
    revokeOrgRoleTeam: [
      "DELETE /orgs/{org}/organization-roles/teams/{team_slug}/{role_id}"
    ],
    revokeOrgRoleUser: [
      "DELETE /orgs/{org}/organization-roles/users/{username}/{role_id}"
    ],
    setImmutableReleasesSettings: [
      "PUT /orgs/{org}/settings/immutable-releases"
    ],
    setImmutableReleasesSettingsRepositories: [
      "PUT /orgs/{org}/settings/immutable-releases/repositories"
    ],
    setMembershipForUser: ["PUT /orgs/{org}/memberships/{username}"],
    setPublicMembershipForAuthenticatedUser: [
      "PUT /orgs/{org}/public_members/{username}"
    ],
    unblockUser: ["DELETE /orgs/{org}/blocks/{username}"],
    update: ["PATCH /orgs/{org}"],
    updateIssueType: ["PUT /orgs/{org}/issue-types/{issue_type_id}"],
    updateMembershipForAuthenticatedUser: [
      "PATCH /user/memberships/orgs/{org}"
    ],
    updatePatAccess: ["POST /orgs/{org}/personal-access-tokens/{pat_id}"],
    updatePatAccesses: ["POST /orgs/{org}/personal-access-tokens"],
    updateWebhook: ["PATCH /orgs/{org}/hooks/{hook_id}"],
    updateWebhookConfigForOrg: ["PATCH /orgs/{org}/hooks/{hook_id}/config"]
  },
  packages: {
    deletePackageForAuthenticatedUser: [
      "DELETE /user/packages/{package_type}/{package_name}"
    ],
    deletePackageForOrg: [
      "DELETE /orgs/{org}/packages/{package_type}/{package_name}"
    ],
    deletePackageForUser: [
      "DELETE /users/{username}/packages/{package_type}/{package_name}"
    ],
    deletePackageVersionForAuthenticatedUser: [
      "DELETE /user/packages/{package_type}/{package_name}/versions/{package_version_id}"
    ],
    deletePackageVersionForOrg: [
      "DELETE /orgs/{org}/packages/{package_type}/{package_name}/versions/{package_version_id}"
    ],
    deletePackageVersionForUser: [
      "DELETE /users/{username}/packages/{package_type}/{package_name}/versions/{package_version_id}"
    ],
    getAllPackageVersionsForAPackageOwnedByAnOrg: [
      "GET /orgs/{org}/packages/{package_type}/{package_name}/versions",
      {},
      { renamed: ["packages", "getAllPackageVersionsForPackageOwnedByOrg"] }
    ],
    getAllPackageVersionsForAPackageOwnedByTheAuthenticatedUser: [
      "GET /user/packages/{package_type}/{package_name}/versions",
      {},
      {
        renamed: [
          "packages",
          "getAllPackageVersionsForPackageOwnedByAuthenticatedUser"
        ]
      }
    ],
    getAllPackageVersionsForPackageOwnedByAuthenticatedUser: [
      "GET /user/packages/{package_type}/{package_name}/versions"
    ],
    getAllPackageVersionsForPackageOwnedByOrg: [
      "GET /orgs/{org}/packages/{package_type}/{package_name}/versions"
    ],
    getAllPackageVersionsForPackageOwnedByUser: [
      "GET /users/{username}/packages/{package_type}/{package_name}/versions"
    ],
    getPackageForAuthenticatedUser: [
      "GET /user/packages/{package_type}/{package_name}"
    ],
    getPackageForOrganization: [
      "GET /orgs/{org}/packages/{package_type}/{package_name}"
    ],
    getPackageForUser: [
      "GET /users/{username}/packages/{package_type}/{package_name}"
    ],
    getPackageVersionForAuthenticatedUser: [
      "GET /user/packages/{package_type}/{package_name}/versions/{package_version_id}"
    ],
    getPackageVersionForOrganization: [
      "GET /orgs/{org}/packages/{package_type}/{package_name}/versions/{package_version_id}"
    ],
    getPackageVersionForUser: [
      "GET /users/{username}/packages/{package_type}/{package_name}/versions/{package_version_id}"
    ],
    listDockerMigrationConflictingPackagesForAuthenticatedUser: [
      "GET /user/docker/conflicts"
    ],
    listDockerMigrationConflictingPackagesForOrganization: [
      "GET /orgs/{org}/docker/conflicts"
    ],
    listDockerMigrationConflictingPackagesForUser: [
      "GET /users/{username}/docker/conflicts"
    ],
    listPackagesForAuthenticatedUser: ["GET /user/packages"],
    listPackagesForOrganization: ["GET /orgs/{org}/packages"],
    listPackagesForUser: ["GET /users/{username}/packages"],
    restorePackageForAuthenticatedUser: [
      "POST /user/packages/{package_type}/{package_name}/restore{?token}"
    ],
    restorePackageForOrg: [
      "POST /orgs/{org}/packages/{package_type}/{package_name}/restore{?token}"
    ],
    restorePackageForUser: [
      "POST /users/{username}/packages/{package_type}/{package_name}/restore{?token}"
    ],
    restorePackageVersionForAuthenticatedUser: [
      "POST /user/packages/{package_type}/{package_name}/versions/{package_version_id}/restore"
    ],
    restorePackageVersionForOrg: [
      "POST /orgs/{org}/packages/{package_type}/{package_name}/versions/{package_version_id}/restore"
    ],
    restorePackageVersionForUser: [
      "POST /users/{username}/packages/{package_type}/{package_name}/versions/{package_version_id}/restore"
    ]
  },
  privateRegistries: {
    createOrgPrivateRegistry: ["POST /orgs/{org}/private-registries"],
    deleteOrgPrivateRegistry: [
      "DELETE /orgs/{org}/private-registries/{secret_name}"
    ],
    getOrgPrivateRegistry: ["GET /orgs/{org}/private-registries/{secret_name}"],
    getOrgPublicKey: ["GET /orgs/{org}/private-registries/public-key"],
    listOrgPrivateRegistries: ["GET /orgs/{org}/private-registries"],
    updateOrgPrivateRegistry: [
      "PATCH /orgs/{org}/private-registries/{secret_name}"
    ]
  },
  projects: {
    addItemForOrg: ["POST /orgs/{org}/projectsV2/{project_number}/items"],
    addItemForUser: [
      "POST /users/{username}/projectsV2/{project_number}/items"
    ],
    deleteItemForOrg: [
      "DELETE /orgs/{org}/projectsV2/{project_number}/items/{item_id}"
    ],
    deleteItemForUser: [
      "DELETE /users/{username}/projectsV2/{project_number}/items/{item_id}"
    ],
    getFieldForOrg: [
      "GET /orgs/{org}/projectsV2/{project_number}/fields/{field_id}"
    ],
    getFieldForUser: [
      "GET /users/{username}/projectsV2/{project_number}/fields/{field_id}"
    ],
    getForOrg: ["GET /orgs/{org}/projectsV2/{project_number}"],
    getForUser: ["GET /users/{username}/projectsV2/{project_number}"],
    getOrgItem: ["GET /orgs/{org}/projectsV2/{project_number}/items/{item_id}"],
    getUserItem: [
      "GET /users/{username}/projectsV2/{project_number}/items/{item_id}"
    ],
    listFieldsForOrg: ["GET /orgs/{org}/projectsV2/{project_number}/fields"],
    listFieldsForUser: [
      "GET /users/{username}/projectsV2/{project_number}/fields"
    ],
    listForOrg: ["GET /orgs/{org}/projectsV2"],
    listForUser: ["GET /users/{username}/projectsV2"],
    listItemsForOrg: ["GET /orgs/{org}/projectsV2/{project_number}/items"],
    listItemsForUser: [
      "GET /users/{username}/projectsV2/{project_number}/items"
    ],
    updateItemForOrg: [
      "PATCH /orgs/{org}/projectsV2/{project_number}/items/{item_id}"
    ],
    updateItemForUser: [
      "PATCH /users/{username}/projectsV2/{project_number}/items/{item_id}"
    ]
  },
  pulls: {
    checkIfMerged: ["GET /repos/{owner}/{repo}/pulls/{pull_number}/merge"],
    create: ["POST /repos/{owner}/{repo}/pulls"],
    createReplyForReviewComment: [
      "POST /repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies"
    ],
    createReview: ["POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews"],
    createReviewComment: [
      "POST /repos/{owner}/{repo}/pulls/{pull_number}/comments"
    ],
    deletePendingReview: [
      "DELETE /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}"
    ],
    deleteReviewComment: [
      "DELETE /repos/{owner}/{repo}/pulls/comments/{comment_id}"
    ],
    dismissReview: [
      "PUT /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/dismissals"
    ],
    get: ["GET /repos/{owner}/{repo}/pulls/{pull_number}"],
    getReview: [
      "GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}"
    ],
    getReviewComment: ["GET /repos/{owner}/{repo}/pulls/comments/{comment_id}"],
    list: ["GET /repos/{owner}/{repo}/pulls"],
    listCommentsForReview: [
      "GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/comments"
    ],
    listCommits: ["GET /repos/{owner}/{repo}/pulls/{pull_number}/commits"],
    listFiles: ["GET /repos/{owner}/{repo}/pulls/{pull_number}/files"],
    listRequestedReviewers: [
      "GET /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers"
    ],
    listReviewComments: [
      "GET /repos/{owner}/{repo}/pulls/{pull_number}/comments"
    ],
    listReviewCommentsForRepo: ["GET /repos/{owner}/{repo}/pulls/comments"],
    listReviews: ["GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews"],
    merge: ["PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge"],
    removeRequestedReviewers: [
      "DELETE /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers"
    ],
    requestReviewers: [
      "POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers"
    ],
    submitReview: [
      "POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/events"
    ],
    update: ["PATCH /repos/{owner}/{repo}/pulls/{pull_number}"],
    updateBranch: [
      "PUT /repos/{owner}/{repo}/pulls/{pull_number}/update-branch"
    ],
    updateReview: [
      "PUT /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}"
    ],
    updateReviewComment: [
      "PATCH /repos/{owner}/{repo}/pulls/comments/{comment_id}"
    ]
  },
  rateLimit: { get: ["GET /rate_limit"] },
  reactions: {
    createForCommitComment: [
      "POST /repos/{owner}/{repo}/comments/{comment_id}/reactions"
    ],
    createForIssue: [
      "POST /repos/{owner}/{repo}/issues/{issue_number}/reactions"
    ],
    createForIssueComment: [
      "POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions"
    ],
    createForPullRequestReviewComment: [
      "POST /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions"
    ],
    createForRelease: [
      "POST /repos/{owner}/{repo}/releases/{release_id}/reactions"
    ],
    createForTeamDiscussionCommentInOrg: [
      "POST /orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments/{comment_number}/reactions"
    ],
    createForTeamDiscussionInOrg: [
      "POST /orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/reactions"
    ],
    deleteForCommitComment: [
      "DELETE /repos/{owner}/{repo}/comments/{comment_id}/reactions/{reaction_id}"
    ],
    deleteForIssue: [
      "DELETE /repos/{owner}/{repo}/issues/{issue_number}/reactions/{reaction_id}"
    ],
    deleteForIssueComment: [
      "DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions/{reaction_id}"
    ],
    deleteForPullRequestComment: [
      "DELETE /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions/{reaction_id}"
    ],
    deleteForRelease: [
      "DELETE /repos/{owner}/{repo}/releases/{release_id}/reactions/{reaction_id}"
    ],
    deleteForTeamDiscussion: [
      "DELETE /orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/reactions/{reaction_id}"
    ],
    deleteForTeamDiscussionComment: [
      "DELETE /orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments/{comment_number}/reactions/{reaction_id}"
    ],
    listForCommitComment: [
      "GET /repos/{owner}/{repo}/comments/{comment_id}/reactions"
    ],
    listForIssue: ["GET /repos/{owner}/{repo}/issues/{issue_number}/reactions"],
    listForIssueComment: [
      "GET /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions"
    ],
    listForPullRequestReviewComment: [
      "GET /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions"
    ],
    listForRelease: [
      "GET /repos/{owner}/{repo}/releases/{release_id}/reactions"
    ],
    listForTeamDiscussionCommentInOrg: [
      "GET /orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments/{comment_number}/reactions"
    ],
    listForTeamDiscussionInOrg: [
      "GET /orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/reactions"
    ]
  },
  repos: {
    acceptInvitation: [
      "PATCH /user/repository_invitations/{invitation_id}",
      {},
      { renamed: ["repos", "acceptInvitationForAuthenticatedUser"] }
    ],
    acceptInvitationForAuthenticatedUser: [
      "PATCH /user/repository_invitations/{invitation_id}"
    ],
    addAppAccessRestrictions: [
      "POST /repos/{owner}/{repo}/branches/{branch}/protection/restrictions/apps",
      {},
      { mapToData: "apps" }
    ],
    addCollaborator: ["PUT /repos/{owner}/{repo}/collaborators/{username}"],
    addStatusCheckContexts: [
      "POST /repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks/contexts",
      {},
      { mapToData: "contexts" }
    ],
    addTeamAccessRestrictions: [
      "POST /repos/{owner}/{repo}/branches/{branch}/protection/restrictions/teams",
      {},
      { mapToData: "teams" }
    ],
    addUserAccessRestrictions: [
      "POST /repos/{owner}/{repo}/branches/{branch}/protection/restrictions/users",
      {},
      { mapToData: "users" }
    ],
    cancelPagesDeployment: [
      "POST /repos/{owner}/{repo}/pages/deployments/{pages_deployment_id}/cancel"
    ],
    checkAutomatedSecurityFixes: [
      "GET /repos/{owner}/{repo}/automated-security-fixes"
    ],
    checkCollaborator: ["GET /repos/{owner}/{repo}/collaborators/{username}"],
    checkImmutableReleases: ["GET /repos/{owner}/{repo}/immutable-releases"],
    checkPrivateVulnerabilityReporting: [
      "GET /repos/{owner}/{repo}/private-vulnerability-reporting"
    ],
    checkVulnerabilityAlerts: [
      "GET /repos/{owner}/{repo}/vulnerability-alerts"
    ],
    codeownersErrors: ["GET /repos/{owner}/{repo}/codeowners/errors"],
    compareCommits: ["GET /repos/{owner}/{repo}/compare/{base}...{head}"],
    compareCommitsWithBasehead: [
      "GET /repos/{owner}/{repo}/compare/{basehead}"
    ],
    createAttestation: ["POST /repos/{owner}/{repo}/attestations"],
    createAutolink: ["POST /repos/{owner}/{repo}/autolinks"],
    createCommitComment: [
      "POST /repos/{owner}/{repo}/commits/{commit_sha}/comments"
    ],
    createCommitSignatureProtection: [
      "POST /repos/{owner}/{repo}/branches/{branch}/protection/required_signatures"
    ],
    createCommitStatus: ["POST /repos/{owner}/{repo}/statuses/{sha}"],
    createDeployKey: ["POST /repos/{owner}/{repo}/keys"],
    createDeployment: ["POST /repos/{owner}/{repo}/deployments"],
    createDeploymentBranchPolicy: [
      "POST /repos/{owner}/{repo}/environments/{environment_name}/deployment-branch-policies"
    ],
    createDeploymentProtectionRule: [
      "POST /repos/{owner}/{repo}/environments/{environment_name}/deployment_protection_rules"
    ],
    createDeploymentStatus: [
      "POST /repos/{owner}/{repo}/deployments/{deployment_id}/statuses"
    ],
    createDispatchEvent: ["POST /repos/{owner}/{repo}/dispatches"],
    createForAuthenticatedUser: ["POST /user/repos"],
    createFork: ["POST /repos/{owner}/{repo}/forks"],
    createInOrg: ["POST /orgs/{org}/repos"],
    createOrUpdateEnvironment: [
      "PUT /repos/{owner}/{repo}/environments/{environment_name}"
    ],
    createOrUpdateFileContents: ["PUT /repos/{owner}/{repo}/contents/{path}"],
    createOrgRuleset: ["POST /orgs/{org}/rulesets"],
    createPagesDeployment: ["POST /repos/{owner}/{repo}/pages/deployments"],
    createPagesSite: ["POST /repos/{owner}/{repo}/pages"],
    createRelease: ["POST /repos/{owner}/{repo}/releases"],
    createRepoRuleset: ["POST /repos/{owner}/{repo}/rulesets"],
    createUsingTemplate: [
      "POST /repos/{template_owner}/{template_repo}/generate"
    ],
    createWebhook: ["POST /repos/{owner}/{repo}/hooks"],
    customPropertiesForReposCreateOrUpdateRepositoryValues: [
      "PATCH /repos/{owner}/{repo}/properties/values"
    ],
    customPropertiesForReposGetRepositoryValues: [
      "GET /repos/{owner}/{repo}/properties/values"
    ],
    declineInvitation: [
      "DELETE /user/repository_invitations/{invitation_id}",
      {},
      { renamed: ["repos", "declineInvitationForAuthenticatedUser"] }
    ],
    declineInvitationForAuthenticatedUser: [
      "DELETE /user/repository_invitations/{invitation_id}"
    ],
    delete: ["DELETE /repos/{owner}/{repo}"],
    deleteAccessRestrictions: [
      "DELETE /repos/{owner}/{repo}/branches/{branch}/protection/restrictions"
    ],
    deleteAdminBranchProtection: [
      "DELETE /repos/{owner}/{repo}/branches/{branch}/protection/enforce_admins"
    ],
    deleteAnEnvironment: [
      "DELETE /repos/{owner}/{repo}/environments/{environment_name}"
    ],
    deleteAutolink: ["DELETE /repos/{owner}/{repo}/autolinks/{autolink_id}"],
    deleteBranchProtection: [
      "DELETE /repos/{owner}/{repo}/branches/{branch}/protection"
    ],
    deleteCommitComment: ["DELETE /repos/{owner}/{repo}/comments/{comment_id}"],
    deleteCommitSignatureProtection: [
      "DELETE /repos/{owner}/{repo}/branches/{branch}/protection/required_signatures"
    ],
    deleteDeployKey: ["DELETE /repos/{owner}/{repo}/keys/{key_id}"],
    deleteDeployment: [
      "DELETE /repos/{owner}/{repo}/deployments/{deployment_id}"
    ],
    deleteDeploymentBranchPolicy: [
      "DELETE /repos/{owner}/{repo}/environments/{environment_name}/deployment-branch-policies/{branch_policy_id}"
    ],
    deleteFile: ["DELETE /repos/{owner}/{repo}/contents/{path}"],
    deleteInvitation: [
      "DELETE /repos/{owner}/{repo}/invitations/{invitation_id}"
    ],
    deleteOrgRuleset: ["DELETE /orgs/{org}/rulesets/{ruleset_id}"],
    deletePagesSite: ["DELETE /repos/{owner}/{repo}/pages"],
    deletePullRequestReviewProtection: [
      "DELETE /repos/{owner}/{repo}/branches/{branch}/protection/required_pull_request_reviews"
    ],
    deleteRelease: ["DELETE /repos/{owner}/{repo}/releases/{release_id}"],
    deleteReleaseAsset: [
      "DELETE /repos/{owner}/{repo}/releases/assets/{asset_id}"
    ],
    deleteRepoRuleset: ["DELETE /repos/{owner}/{repo}/rulesets/{ruleset_id}"],
    deleteWebhook: ["DELETE /repos/{owner}/{repo}/hooks/{hook_id}"],
    disableAutomatedSecurityFixes: [
      "DELETE /repos/{owner}/{repo}/automated-security-fixes"
    ],
    disableDeploymentProtectionRule: [
      "DELETE /repos/{owner}/{repo}/environments/{environment_name}/deployment_protection_rules/{protection_rule_id}"
    ],
    disableImmutableReleases: [
      "DELETE /repos/{owner}/{repo}/immutable-releases"
    ],
    disablePrivateVulnerabilityReporting: [
      "DELETE /repos/{owner}/{repo}/private-vulnerability-reporting"
    ],
    disableVulnerabilityAlerts: [
      "DELETE /repos/{owner}/{repo}/vulnerability-alerts"
    ],
    downloadArchive: [
      "GET /repos/{owner}/{repo}/zipball/{ref}",
      {},
      { renamed: ["repos", "downloadZipballArchive"] }
    ],
    downloadTarballArchive: ["GET /repos/{owner}/{repo}/tarball/{ref}"],
    downloadZipballArchive: ["GET /repos/{owner}/{repo}/zipball/{ref}"],
    enableAutomatedSecurityFixes: [
      "PUT /repos/{owner}/{repo}/automated-security-fixes"
    ],
    enableImmutableReleases: ["PUT /repos/{owner}/{repo}/immutable-releases"],
    enablePrivateVulnerabilityReporting: [
      "PUT /repos/{owner}/{repo}/private-vulnerability-reporting"
    ],
    enableVulnerabilityAlerts: [
      "PUT /repos/{owner}/{repo}/vulnerability-alerts"
    ],
    generateReleaseNotes: [
      "POST /repos/{owner}/{repo}/releases/generate-notes"
    ],
    get: ["GET /repos/{owner}/{repo}"],
    getAccessRestrictions: [
      "GET /repos/{owner}/{repo}/branches/{branch}/protection/restrictions"
    ],
    getAdminBranchProtection: [
      "GET /repos/{owner}/{repo}/branches/{branch}/protection/enforce_admins"
    ],
    getAllDeploymentProtectionRules: [
      "GET /repos/{owner}/{repo}/environments/{environment_name}/deployment_protection_rules"
    ],
    getAllEnvironments: ["GET /repos/{owner}/{repo}/environments"],
    getAllStatusCheckContexts: [
      "GET /repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks/contexts"
    ],
    getAllTopics: ["GET /repos/{owner}/{repo}/topics"],
    getAppsWithAccessToProtectedBranch: [
      "GET /repos/{owner}/{repo}/branches/{branch}/protection/restrictions/apps"
    ],
    getAutolink: ["GET /repos/{owner}/{repo}/autolinks/{autolink_id}"],
    getBranch: ["GET /repos/{owner}/{repo}/branches/{branch}"],
    getBranchProtection: [
      "GET /repos/{owner}/{repo}/branches/{branch}/protection"
    ],
    getBranchRules: ["GET /repos/{owner}/{repo}/rules/branches/{branch}"],
    getClones: ["GET /repos/{owner}/{repo}/traffic/clones"],
    getCodeFrequencyStats: ["GET /repos/{owner}/{repo}/stats/code_frequency"],
    getCollaboratorPermissionLevel: [
      "GET /repos/{owner}/{repo}/collaborators/{username}/permission"
    ],
    getCombinedStatusForRef: ["GET /repos/{owner}/{repo}/commits/{ref}/status"],
    getCommit: ["GET /repos/{owner}/{repo}/commits/{ref}"],
    getCommitActivityStats: ["GET /repos/{owner}/{repo}/stats/commit_activity"],
    getCommitComment: ["GET /repos/{owner}/{repo}/comments/{comment_id}"],
    getCommitSignatureProtection: [
      "GET /repos/{owner}/{repo}/branches/{branch}/protection/required_signatures"
    ],
    getCommunityProfileMetrics: ["GET /repos/{owner}/{repo}/community/profile"],
    getContent: ["GET /repos/{owner}/{repo}/contents/{path}"],
    getContributorsStats: ["GET /repos/{owner}/{repo}/stats/contributors"],
    getCustomDeploymentProtectionRule: [
      "GET /repos/{owner}/{repo}/environments/{environment_name}/deployment_protection_rules/{protection_rule_id}"
    ],
    getDeployKey: ["GET /repos/{owner}/{repo}/keys/{key_id}"],
    getDeployment: ["GET /repos/{owner}/{repo}/deployments/{deployment_id}"],
    getDeploymentBranchPolicy: [
      "GET /repos/{owner}/{repo}/environments/{environment_name}/deployment-branch-policies/{branch_policy_id}"
    ],
    getDeploymentStatus: [
      "GET /repos/{owner}/{repo}/deployments/{deployment_id}/statuses/{status_id}"
    ],
    getEnvironment: [
      "GET /repos/{owner}/{repo}/environments/{environment_name}"
    ],
    getLatestPagesBuild: ["GET /repos/{owner}/{repo}/pages/builds/latest"],
    getLatestRelease: ["GET /repos/{owner}/{repo}/releases/latest"],
    getOrgRuleSuite: ["GET /orgs/{org}/rulesets/rule-suites/{rule_suite_id}"],
    getOrgRuleSuites: ["GET /orgs/{org}/rulesets/rule-suites"],
    getOrgRuleset: ["GET /orgs/{org}/rulesets/{ruleset_id}"],
    getOrgRulesets: ["GET /orgs/{org}/rulesets"],
    getPages: ["GET /repos/{owner}/{repo}/pages"],
    getPagesBuild: ["GET /repos/{owner}/{repo}/pages/builds/{build_id}"],
    getPagesDeployment: [
      "GET /repos/{owner}/{repo}/pages/deployments/{pages_deployment_id}"
    ],
    getPagesHealthCheck: ["GET /repos/{owner}/{repo}/pages/health"],
    getParticipationStats: ["GET /repos/{owner}/{repo}/stats/participation"],
    getPullRequestReviewProtection: [
      "GET /repos/{owner}/{repo}/branches/{branch}/protection/required_pull_request_reviews"
    ],
    getPunchCardStats: ["GET /repos/{owner}/{repo}/stats/punch_card"],
    getReadme: ["GET /repos/{owner}/{repo}/readme"],
    getReadmeInDirectory: ["GET /repos/{owner}/{repo}/readme/{dir}"],
    getRelease: ["GET /repos/{owner}/{repo}/releases/{release_id}"],
    getReleaseAsset: ["GET /repos/{owner}/{repo}/releases/assets/{asset_id}"],
    getReleaseByTag: ["GET /repos/{owner}/{repo}/releases/tags/{tag}"],
    getRepoRuleSuite: [
      "GET /repos/{owner}/{repo}/rulesets/rule-suites/{rule_suite_id}"
    ],
    getRepoRuleSuites: ["GET /repos/{owner}/{repo}/rulesets/rule-suites"],
    getRepoRuleset: ["GET /repos/{owner}/{repo}/rulesets/{ruleset_id}"],
    getRepoRulesetHistory: [
      "GET /repos/{owner}/{repo}/rulesets/{ruleset_id}/history"
    ],
    getRepoRulesetVersion: [
      "GET /repos/{owner}/{repo}/rulesets/{ruleset_id}/history/{version_id}"
    ],
    getRepoRulesets: ["GET /repos/{owner}/{repo}/rulesets"],
    getStatusChecksProtection: [
      "GET /repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks"
    ],
    getTeamsWithAccessToProtectedBranch: [
      "GET /repos/{owner}/{repo}/branches/{branch}/protection/restrictions/teams"
    ],
    getTopPaths: ["GET /repos/{owner}/{repo}/traffic/popular/paths"],
    getTopReferrers: ["GET /repos/{owner}/{repo}/traffic/popular/referrers"],
    getUsersWithAccessToProtectedBranch: [
      "GET /repos/{owner}/{repo}/branches/{branch}/protection/restrictions/users"
    ],
    getViews: ["GET /repos/{owner}/{repo}/traffic/views"],
    getWebhook: ["GET /repos/{owner}/{repo}/hooks/{hook_id}"],
    getWebhookConfigForRepo: [
      "GET /repos/{owner}/{repo}/hooks/{hook_id}/config"
    ],
    getWebhookDelivery: [
      "GET /repos/{owner}/{repo}/hooks/{hook_id}/deliveries/{delivery_id}"
    ],
    listActivities: ["GET /repos/{owner}/{repo}/activity"],
    listAttestations: [
      "GET /repos/{owner}/{repo}/attestations/{subject_digest}"
    ],
    listAutolinks: ["GET /repos/{owner}/{repo}/autolinks"],
    listBranches: ["GET /repos/{owner}/{repo}/branches"],
    listBranchesForHeadCommit: [
      "GET /repos/{owner}/{repo}/commits/{commit_sha}/branches-where-head"
    ],
    listCollaborators: ["GET /repos/{owner}/{repo}/collaborators"],
    listCommentsForCommit: [
      "GET /repos/{owner}/{repo}/commits/{commit_sha}/comments"
    ],
    listCommitCommentsForRepo: ["GET /repos/{owner}/{repo}/comments"],
    listCommitStatusesForRef: [
      "GET /repos/{owner}/{repo}/commits/{ref}/statuses"
    ],
    listCommits: ["GET /repos/{owner}/{repo}/commits"],
    listContributors: ["GET /repos/{owner}/{repo}/contributors"],
    listCustomDeploymentRuleIntegrations: [
      "GET /repos/{owner}/{repo}/environments/{environment_name}/deployment_protection_rules/apps"
    ],
    listDeployKeys: ["GET /repos/{owner}/{repo}/keys"],
    listDeploymentBranchPolicies: [
      "GET /repos/{owner}/{repo}/environments/{environment_name}/deployment-branch-policies"
    ],
    listDeploymentStatuses: [
      "GET /repos/{owner}/{repo}/deployments/{deployment_id}/statuses"
    ],
    listDeployments: ["GET /repos/{owner}/{repo}/deployments"],
    listForAuthenticatedUser: ["GET /user/repos"],
    listForOrg: ["GET /orgs/{org}/repos"],
    listForUser: ["GET /users/{username}/repos"],
    listForks: ["GET /repos/{owner}/{repo}/forks"],
    listInvitations: ["GET /repos/{owner}/{repo}/invitations"],
    listInvitationsForAuthenticatedUser: ["GET /user/repository_invitations"],
    listLanguages: ["GET /repos/{owner}/{repo}/languages"],
    listPagesBuilds: ["GET /repos/{owner}/{repo}/pages/builds"],
    listPublic: ["GET /repositories"],
    listPullRequestsAssociatedWithCommit: [
      "GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls"
    ],
    listReleaseAssets: [
      "GET /repos/{owner}/{repo}/releases/{release_id}/assets"
    ],
    listReleases: ["GET /repos/{owner}/{repo}/releases"],
    listTags: ["GET /repos/{owner}/{repo}/tags"],
    listTeams: ["GET /repos/{owner}/{repo}/teams"],
    listWebhookDeliveries: [
      "GET /repos/{owner}/{repo}/hooks/{hook_id}/deliveries"
    ],
    listWebhooks: ["GET /repos/{owner}/{repo}/hooks"],
    merge: ["POST /repos/{owner}/{repo}/merges"],
    mergeUpstream: ["POST /repos/{owner}/{repo}/merge-upstream"],
    pingWebhook: ["POST /repos/{owner}/{repo}/hooks/{hook_id}/pings"],
    redeliverWebhookDelivery: [
      "POST /repos/{owner}/{repo}/hooks/{hook_id}/deliveries/{delivery_id}/attempts"
    ],
    removeAppAccessRestrictions: [
      "DELETE /repos/{owner}/{repo}/branches/{branch}/protection/restrictions/apps",
      {},
      { mapToData: "apps" }
    ],
    removeCollaborator: [
      "DELETE /repos/{owner}/{repo}/collaborators/{username}"
    ],
    removeStatusCheckContexts: [
      "DELETE /repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks/contexts",
      {},
      { mapToData: "contexts" }
    ],
    removeStatusCheckProtection: [
      "DELETE /repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks"
    ],
    removeTeamAccessRestrictions: [
      "DELETE /repos/{owner}/{repo}/branches/{branch}/protection/restrictions/teams",
      {},
      { mapToData: "teams" }
    ],
    removeUserAccessRestrictions: [
      "DELETE /repos/{owner}/{repo}/branches/{branch}/protection/restrictions/users",
      {},
      { mapToData: "users" }
    ],
    renameBranch: ["POST /repos/{owner}/{repo}/branches/{branch}/rename"],
    replaceAllTopics: ["PUT /repos/{owner}/{repo}/topics"],
    requestPagesBuild: ["POST /repos/{owner}/{repo}/pages/builds"],
    setAdminBranchProtection: [
      "POST /repos/{owner}/{repo}/branches/{branch}/protection/enforce_admins"
    ],
    setAppAccessRestrictions: [
      "PUT /repos/{owner}/{repo}/branches/{branch}/protection/restrictions/apps",
      {},
      { mapToData: "apps" }
    ],
    setStatusCheckContexts: [
      "PUT /repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks/contexts",
      {},
      { mapToData: "contexts" }
    ],
    setTeamAccessRestrictions: [
      "PUT /repos/{owner}/{repo}/branches/{branch}/protection/restrictions/teams",
      {},
      { mapToData: "teams" }
    ],
    setUserAccessRestrictions: [
      "PUT /repos/{owner}/{repo}/branches/{branch}/protection/restrictions/users",
      {},
      { mapToData: "users" }
    ],
    testPushWebhook: ["POST /repos/{owner}/{repo}/hooks/{hook_id}/tests"],
    transfer: ["POST /repos/{owner}/{repo}/transfer"],
    update: ["PATCH /repos/{owner}/{repo}"],
    updateBranchProtection: [
      "PUT /repos/{owner}/{repo}/branches/{branch}/protection"
    ],
    updateCommitComment: ["PATCH /repos/{owner}/{repo}/comments/{comment_id}"],
    updateDeploymentBranchPolicy: [
      "PUT /repos/{owner}/{repo}/environments/{environment_name}/deployment-branch-policies/{branch_policy_id}"
    ],
    updateInformationAboutPagesSite: ["PUT /repos/{owner}/{repo}/pages"],
    updateInvitation: [
      "PATCH /repos/{owner}/{repo}/invitations/{invitation_id}"
    ],
    updateOrgRuleset: ["PUT /orgs/{org}/rulesets/{ruleset_id}"],
    updatePullRequestReviewProtection: [
      "PATCH /repos/{owner}/{repo}/branches/{branch}/protection/required_pull_request_reviews"
    ],
    updateRelease: ["PATCH /repos/{owner}/{repo}/releases/{release_id}"],
    updateReleaseAsset: [
      "PATCH /repos/{owner}/{repo}/releases/assets/{asset_id}"
    ],
    updateRepoRuleset: ["PUT /repos/{owner}/{repo}/rulesets/{ruleset_id}"],
    updateStatusCheckPotection: [
      "PATCH /repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks",
      {},
      { renamed: ["repos", "updateStatusCheckProtection"] }
    ],
    updateStatusCheckProtection: [
      "PATCH /repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks"
    ],
    updateWebhook: ["PATCH /repos/{owner}/{repo}/hooks/{hook_id}"],
    updateWebhookConfigForRepo: [
      "PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config"
    ],
    uploadReleaseAsset: [
      "POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
      { baseUrl: "https://uploads.github.com" }
    ]
  },
  search: {
    code: ["GET /search/code"],
    commits: ["GET /search/commits"],
    issuesAndPullRequests: ["GET /search/issues"],
    labels: ["GET /search/labels"],
    repos: ["GET /search/repositories"],
    topics: ["GET /search/topics"],
    users: ["GET /search/users"]
  },
  secretScanning: {
    createPushProtectionBypass: [
      "POST /repos/{owner}/{repo}/secret-scanning/push-protection-bypasses"
    ],
    getAlert: [
      "GET /repos/{owner}/{repo}/secret-scanning/alerts/{alert_number}"
    ],
    getScanHistory: ["GET /repos/{owner}/{repo}/secret-scanning/scan-history"],
    listAlertsForOrg: ["GET /orgs/{org}/secret-scanning/alerts"],
    listAlertsForRepo: ["GET /repos/{owner}/{repo}/secret-scanning/alerts"],
    listLocationsForAlert: [
      "GET /repos/{owner}/{repo}/secret-scanning/alerts/{alert_number}/locations"
    ],
    listOrgPatternConfigs: [
      "GET /orgs/{org}/secret-scanning/pattern-configurations"
    ],
    updateAlert: [
      "PATCH /repos/{owner}/{repo}/secret-scanning/alerts/{alert_number}"
    ],
    updateOrgPatternConfigs: [
      "PATCH /orgs/{org}/secret-scanning/pattern-configurations"
    ]
  },
  securityAdvisories: {
    createFork: [
      "POST /repos/{owner}/{repo}/security-advisories/{ghsa_id}/forks"
    ],
    createPrivateVulnerabilityReport: [
      "POST /repos/{owner}/{repo}/security-advisories/reports"
    ],
    createRepositoryAdvisory: [
      "POST /repos/{owner}/{repo}/security-advisories"
    ],
    createRepositoryAdvisoryCveRequest: [
      "POST /repos/{owner}/{repo}/security-advisories/{ghsa_id}/cve"
    ],
    getGlobalAdvisory: ["GET /advisories/{ghsa_id}"],
    getRepositoryAdvisory: [
      "GET /repos/{owner}/{repo}/security-advisories/{ghsa_id}"
    ],
    listGlobalAdvisories: ["GET /advisories"],
    listOrgRepositoryAdvisories: ["GET /orgs/{org}/security-advisories"],
    listRepositoryAdvisories: ["GET /repos/{owner}/{repo}/security-advisories"],
    updateRepositoryAdvisory: [
      "PATCH /repos/{owner}/{repo}/security-advisories/{ghsa_id}"
    ]
  },
  teams: {
    addOrUpdateMembershipForUserInOrg: [
      "PUT /orgs/{org}/teams/{team_slug}/memberships/{username}"
    ],
    addOrUpdateRepoPermissionsInOrg: [
      "PUT /orgs/{org}/teams/{team_slug}/repos/{owner}/{repo}"
    ],
    checkPermissionsForRepoInOrg: [
      "GET /orgs/{org}/teams/{team_slug}/repos/{owner}/{repo}"
    ],
    create: ["POST /orgs/{org}/teams"],
    createDiscussionCommentInOrg: [
      "POST /orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments"
    ],
    createDiscussionInOrg: ["POST /orgs/{org}/teams/{team_slug}/discussions"],
    deleteDiscussionCommentInOrg: [
      "DELETE /orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments/{comment_number}"
    ],
    deleteDiscussionInOrg: [
      "DELETE /orgs/{org}/teams/{team_slug}/discussions/{discussion_number}"
    ],
    deleteInOrg: ["DELETE /orgs/{org}/teams/{team_slug}"],
    getByName: ["GET /orgs/{org}/teams/{team_slug}"],
    getDiscussionCommentInOrg: [
      "GET /orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments/{comment_number}"
    ],
    getDiscussionInOrg: [
      "GET /orgs/{org}/teams/{team_slug}/discussions/{discussion_number}"
    ],
    getMembershipForUserInOrg: [
      "GET /orgs/{org}/teams/{team_slug}/memberships/{username}"
    ],
    list: ["GET /orgs/{org}/teams"],
    listChildInOrg: ["GET /orgs/{org}/teams/{team_slug}/teams"],
    listDiscussionCommentsInOrg: [
      "GET /orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments"
    ],
    listDiscussionsInOrg: ["GET /orgs/{org}/teams/{team_slug}/discussions"],
    listForAuthenticatedUser: ["GET /user/teams"],
    listMembersInOrg: ["GET /orgs/{org}/teams/{team_slug}/members"],
    listPendingInvitationsInOrg: [
      "GET /orgs/{org}/teams/{team_slug}/invitations"
    ],
    listReposInOrg: ["GET /orgs/{org}/teams/{team_slug}/repos"],
    removeMembershipForUserInOrg: [
      "DELETE /orgs/{org}/teams/{team_slug}/memberships/{username}"
    ],
    removeRepoInOrg: [
      "DELETE /orgs/{org}/teams/{team_slug}/repos/{owner}/{repo}"
    ],
    updateDiscussionCommentInOrg: [
      "PATCH /orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments/{comment_number}"
    ],
    updateDiscussionInOrg: [
      "PATCH /orgs/{org}/teams/{team_slug}/discussions/{discussion_number}"
    ],
    updateInOrg: ["PATCH /orgs/{org}/teams/{team_slug}"]
  },
  users: {
    addEmailForAuthenticated: [
      "POST /user/emails",
      {},
      { renamed: ["users", "addEmailForAuthenticatedUser"] }
    ],
    addEmailForAuthenticatedUser: ["POST /user/emails"],
    addSocialAccountForAuthenticatedUser: ["POST /user/social_accounts"],
    block: ["PUT /user/blocks/{username}"],
    checkBlocked: ["GET /user/blocks/{username}"],
    checkFollowingForUser: ["GET /users/{username}/following/{target_user}"],
    checkPersonIsFollowedByAuthenticated: ["GET /user/following/{username}"],
    createGpgKeyForAuthenticated: [
      "POST /user/gpg_keys",
      {},
      { renamed: ["users", "createGpgKeyForAuthenticatedUser"] }
    ],
    createGpgKeyForAuthenticatedUser: ["POST /user/gpg_keys"],
    createPublicSshKeyForAuthenticated: [
      "POST /user/keys",
      {},
      { renamed: ["users", "createPublicSshKeyForAuthenticatedUser"] }
    ],
    createPublicSshKeyForAuthenticatedUser: ["POST /user/keys"],
    createSshSigningKeyForAuthenticatedUser: ["POST /user/ssh_signing_keys"],
    deleteAttestationsBulk: [
      "POST /users/{username}/attestations/delete-request"
    ],
    deleteAttestationsById: [
      "DELETE /users/{username}/attestations/{attestation_id}"
    ],
    deleteAttestationsBySubjectDigest: [
      "DELETE /users/{username}/attestations/digest/{subject_digest}"
    ],
    deleteEmailForAuthenticated: [
      "DELETE /user/emails",
      {},
      { renamed: ["users", "deleteEmailForAuthenticatedUser"] }
    ],
    deleteEmailForAuthenticatedUser: ["DELETE /user/emails"],
    deleteGpgKeyForAuthenticated: [
      "DELETE /user/gpg_keys/{gpg_key_id}",
      {},
      { renamed: ["users", "deleteGpgKeyForAuthenticatedUser"] }
    ],
    deleteGpgKeyForAuthenticatedUser: ["DELETE /user/gpg_keys/{gpg_key_id}"],
    deletePublicSshKeyForAuthenticated: [
      "DELETE /user/keys/{key_id}",
      {},
      { renamed: ["users", "deletePublicSshKeyForAuthenticatedUser"] }
    ],
    deletePublicSshKeyForAuthenticatedUser: ["DELETE /user/keys/{key_id}"],
    deleteSocialAccountForAuthenticatedUser: ["DELETE /user/social_accounts"],
    deleteSshSigningKeyForAuthenticatedUser: [
      "DELETE /user/ssh_signing_keys/{ssh_signing_key_id}"
    ],
    follow: ["PUT /user/following/{username}"],
    getAuthenticated: ["GET /user"],
    getById: ["GET /user/{account_id}"],
    getByUsername: ["GET /users/{username}"],
    getContextForUser: ["GET /users/{username}/hovercard"],
    getGpgKeyForAuthenticated: [
      "GET /user/gpg_keys/{gpg_key_id}",
      {},
      { renamed: ["users", "getGpgKeyForAuthenticatedUser"] }
    ],
    getGpgKeyForAuthenticatedUser: ["GET /user/gpg_keys/{gpg_key_id}"],
    getPublicSshKeyForAuthenticated: [
      "GET /user/keys/{key_id}",
      {},
      { renamed: ["users", "getPublicSshKeyForAuthenticatedUser"] }
    ],
    getPublicSshKeyForAuthenticatedUser: ["GET /user/keys/{key_id}"],
    getSshSigningKeyForAuthenticatedUser: [
      "GET /user/ssh_signing_keys/{ssh_signing_key_id}"
    ],
    list: ["GET /users"],
    listAttestations: ["GET /users/{username}/attestations/{subject_digest}"],
    listAttestationsBulk: [
      "POST /users/{username}/attestations/bulk-list{?per_page,before,after}"
    ],
    listBlockedByAuthenticated: [
      "GET /user/blocks",
      {},
      { renamed: ["users", "listBlockedByAuthenticatedUser"] }
    ],
    listBlockedByAuthenticatedUser: ["GET /user/blocks"],
    listEmailsForAuthenticated: [
      "GET /user/emails",
      {},
      { renamed: ["users", "listEmailsForAuthenticatedUser"] }
    ],
    listEmailsForAuthenticatedUser: ["GET /user/emails"],
    listFollowedByAuthenticated: [
      "GET /user/following",
      {},
      { renamed: ["users", "listFollowedByAuthenticatedUser"] }
    ],
    listFollowedByAuthenticatedUser: ["GET /user/following"],
    listFollowersForAuthenticatedUser: ["GET /user/followers"],
    listFollowersForUser: ["GET /users/{username}/followers"],
    listFollowingForUser: ["GET /users/{username}/following"],
    listGpgKeysForAuthenticated: [
      "GET /user/gpg_keys",
      {},
      { renamed: ["users", "listGpgKeysForAuthenticatedUser"] }
    ],
    listGpgKeysForAuthenticatedUser: ["GET /user/gpg_keys"],
    listGpgKeysForUser: ["GET /users/{username}/gpg_keys"],
    listPublicEmailsForAuthenticated: [
      "GET /user/public_emails",
      {},
      { renamed: ["users", "listPublicEmailsForAuthenticatedUser"] }
    ],
    listPublicEmailsForAuthenticatedUser: ["GET /user/public_emails"],
    listPublicKeysForUser: ["GET /users/{username}/keys"],
    listPublicSshKeysForAuthenticated: [
      "GET /user/keys",
      {},
      { renamed: ["users", "listPublicSshKeysForAuthenticatedUser"] }
    ],
    listPublicSshKeysForAuthenticatedUser: ["GET /user/keys"],
    listSocialAccountsForAuthenticatedUser: ["GET /user/social_accounts"],
    listSocialAccountsForUser: ["GET /users/{username}/social_accounts"],
    listSshSigningKeysForAuthenticatedUser: ["GET /user/ssh_signing_keys"],
    listSshSigningKeysForUser: ["GET /users/{username}/ssh_signing_keys"],
    setPrimaryEmailVisibilityForAuthenticated: [
      "PATCH /user/email/visibility",
      {},
      { renamed: ["users", "setPrimaryEmailVisibilityForAuthenticatedUser"] }
    ],
    setPrimaryEmailVisibilityForAuthenticatedUser: [
      "PATCH /user/email/visibility"
    ],
    unblock: ["DELETE /user/blocks/{username}"],
    unfollow: ["DELETE /user/following/{username}"],
    updateAuthenticated: ["PATCH /user"]
  }
};
var endpoints_default = Endpoints;

const endpointMethodsMap = /* @__PURE__ */ new Map();
for (const [scope, endpoints] of Object.entries(endpoints_default)) {
  for (const [methodName, endpoint] of Object.entries(endpoints)) {
    const [route, defaults, decorations] = endpoint;
    const [method, url] = route.split(/ /);
    const endpointDefaults = Object.assign(
      {
        method,
        url
      },
      defaults
    );
    if (!endpointMethodsMap.has(scope)) {
      endpointMethodsMap.set(scope, /* @__PURE__ */ new Map());
    }
    endpointMethodsMap.get(scope).set(methodName, {
      scope,
      methodName,
      endpointDefaults,
      decorations
    });
  }
}
const handler = {
  has({ scope }, methodName) {
    return endpointMethodsMap.get(scope).has(methodName);
  },
  getOwnPropertyDescriptor(target, methodName) {
    return {
      value: this.get(target, methodName),
      // ensures method is in the cache
      configurable: true,
      writable: true,
      enumerable: true
    };
  },
  defineProperty(target, methodName, descriptor) {
    Object.defineProperty(target.cache, methodName, descriptor);
    return true;
  },
  deleteProperty(target, methodName) {
    delete target.cache[methodName];
    return true;
  },
  ownKeys({ scope }) {
    return [...endpointMethodsMap.get(scope).keys()];
  },
  set(target, methodName, value) {
    return target.cache[methodName] = value;
  },
  get({ octokit, scope, cache }, methodName) {
    if (cache[methodName]) {
      return cache[methodName];
    }
    const method = endpointMethodsMap.get(scope).get(methodName);
    if (!method) {
      return void 0;
    }
    const { endpointDefaults, decorations } = method;
    if (decorations) {
      cache[methodName] = decorate(
        octokit,
        scope,
        methodName,
        endpointDefaults,
        decorations
      );
    } else {
      cache[methodName] = octokit.request.defaults(endpointDefaults);
    }
    return cache[methodName];
  }
};
function endpointsToMethods(octokit) {
  const newMethods = {};
  for (const scope of endpointMethodsMap.keys()) {
    newMethods[scope] = new Proxy({ octokit, scope, cache: {} }, handler);
  }
  return newMethods;
}
function decorate(octokit, scope, methodName, defaults, decorations) {
  const requestWithDefaults = octokit.request.defaults(defaults);
  function withDecorations(...args) {
    let options = requestWithDefaults.endpoint.merge(...args);
    if (decorations.mapToData) {
      options = Object.assign({}, options, {
        data: options[decorations.mapToData],
        [decorations.mapToData]: void 0
      });
      return requestWithDefaults(options);
    }
    if (decorations.renamed) {
      const [newScope, newMethodName] = decorations.renamed;
      octokit.log.warn(
        `octokit.${scope}.${methodName}() has been renamed to octokit.${newScope}.${newMethodName}()`
      );
    }
    if (decorations.deprecated) {
      octokit.log.warn(decorations.deprecated);
    }
    if (decorations.renamedParameters) {
      const options2 = requestWithDefaults.endpoint.merge(...args);
      for (const [name, alias] of Object.entries(
        decorations.renamedParameters
      )) {
        if (name in options2) {
          octokit.log.warn(
            `"${name}" parameter is deprecated for "octokit.${scope}.${methodName}()". Use "${alias}" instead`
          );
          if (!(alias in options2)) {
            options2[alias] = options2[name];
          }
          delete options2[name];
        }
      }
      return requestWithDefaults(options2);
    }
    return requestWithDefaults(...args);
  }
  return Object.assign(withDecorations, requestWithDefaults);
}

function restEndpointMethods(octokit) {
  const api = endpointsToMethods(octokit);
  return {
    rest: api
  };
}
restEndpointMethods.VERSION = VERSION$3;

// pkg/dist-src/version.js
var VERSION$2 = "0.0.0-development";

// pkg/dist-src/normalize-paginated-list-response.js
function normalizePaginatedListResponse(response) {
  if (!response.data) {
    return {
      ...response,
      data: []
    };
  }
  const responseNeedsNormalization = ("total_count" in response.data || "total_commits" in response.data) && !("url" in response.data);
  if (!responseNeedsNormalization) return response;
  const incompleteResults = response.data.incomplete_results;
  const repositorySelection = response.data.repository_selection;
  const totalCount = response.data.total_count;
  const totalCommits = response.data.total_commits;
  delete response.data.incomplete_results;
  delete response.data.repository_selection;
  delete response.data.total_count;
  delete response.data.total_commits;
  const namespaceKey = Object.keys(response.data)[0];
  const data = response.data[namespaceKey];
  response.data = data;
  if (typeof incompleteResults !== "undefined") {
    response.data.incomplete_results = incompleteResults;
  }
  if (typeof repositorySelection !== "undefined") {
    response.data.repository_selection = repositorySelection;
  }
  response.data.total_count = totalCount;
  response.data.total_commits = totalCommits;
  return response;
}

// pkg/dist-src/iterator.js
function iterator(octokit, route, parameters) {
  const options = typeof route === "function" ? route.endpoint(parameters) : octokit.request.endpoint(route, parameters);
  const requestMethod = typeof route === "function" ? route : octokit.request;
  const method = options.method;
  const headers = options.headers;
  let url = options.url;
  return {
    [Symbol.asyncIterator]: () => ({
      async next() {
        if (!url) return { done: true };
        try {
          const response = await requestMethod({ method, url, headers });
          const normalizedResponse = normalizePaginatedListResponse(response);
          url = ((normalizedResponse.headers.link || "").match(
            /<([^<>]+)>;\s*rel="next"/
          ) || [])[1];
          if (!url && "total_commits" in normalizedResponse.data) {
            const parsedUrl = new URL(normalizedResponse.url);
            const params = parsedUrl.searchParams;
            const page = parseInt(params.get("page") || "1", 10);
            const per_page = parseInt(params.get("per_page") || "250", 10);
            if (page * per_page < normalizedResponse.data.total_commits) {
              params.set("page", String(page + 1));
              url = parsedUrl.toString();
            }
          }
          return { value: normalizedResponse };
        } catch (error) {
          if (error.status !== 409) throw error;
          url = "";
          return {
            value: {
              status: 200,
              headers: {},
              data: []
            }
          };
        }
      }
    })
  };
}

// pkg/dist-src/paginate.js
function paginate(octokit, route, parameters, mapFn) {
  if (typeof parameters === "function") {
    mapFn = parameters;
    parameters = void 0;
  }
  return gather(
    octokit,
    [],
    iterator(octokit, route, parameters)[Symbol.asyncIterator](),
    mapFn
  );
}
function gather(octokit, results, iterator2, mapFn) {
  return iterator2.next().then((result) => {
    if (result.done) {
      return results;
    }
    let earlyExit = false;
    function done() {
      earlyExit = true;
    }
    results = results.concat(
      mapFn ? mapFn(result.value, done) : result.value.data
    );
    if (earlyExit) {
      return results;
    }
    return gather(octokit, results, iterator2, mapFn);
  });
}

// pkg/dist-src/compose-paginate.js
Object.assign(paginate, {
  iterator
});

// pkg/dist-src/index.js
function paginateRest(octokit) {
  return {
    paginate: Object.assign(paginate.bind(null, octokit), {
      iterator: iterator.bind(null, octokit)
    })
  };
}
paginateRest.VERSION = VERSION$2;

new Context();
const baseUrl = getApiBaseUrl();
const defaults = {
    baseUrl,
    request: {
        agent: getProxyAgent(baseUrl),
        fetch: getProxyFetch(baseUrl)
    }
};
const GitHub = Octokit.plugin(restEndpointMethods, paginateRest).defaults(defaults);
/**
 * Convience function to correctly format Octokit Options to pass into the constructor.
 *
 * @param     token    the repo PAT or GITHUB_TOKEN
 * @param     options  other options to set
 */
function getOctokitOptions(token, options) {
    const opts = Object.assign({}, options || {}); // Shallow clone - don't mutate the object provided by the caller
    // Auth
    const auth = getAuthString(token, opts);
    if (auth) {
        opts.auth = auth;
    }
    // Orchestration ID
    const userAgent = getUserAgentWithOrchestrationId(opts.userAgent);
    if (userAgent) {
        opts.userAgent = userAgent;
    }
    return opts;
}

const context = new Context();
/**
 * Returns a hydrated octokit ready to use for GitHub Actions
 *
 * @param     token    the repo PAT or GITHUB_TOKEN
 * @param     options  other options to set
 */
function getOctokit(token, options, ...additionalPlugins) {
    const GitHubWithPlugins = GitHub.plugin(...additionalPlugins);
    return new GitHubWithPlugins(getOctokitOptions(token, options));
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
function required$1(dir, name, why) {
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
    const { verdict, schemaVersion } = validated(() => parseVerdict(required$1(dir, 'verdict.json', 'the measuring run writes it'), 'verdict.json'));
    const results = validated(() => parseResults(required$1(dir, 'results.json', 'the measuring run writes it'), 'results.json', 'publish'));
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

const SHORT_SHA = 12;
/** A comment lists at most this many measured commits (a bisection of 2^40 commits measures ~40). */
const MAX_ROWS = 60;
const MAX_SUBJECT = 72;
function short$1(sha) {
    return sha.slice(0, SHORT_SHA);
}
function clip(text, width) {
    return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}
/** The hidden first line: one comment per bisected range and cells, edited when re-run. */
function bisectCommentMarker(report) {
    return `<!-- mysql-perf-gate:bisect=${short$1(report.good)}..${short$1(report.bad)} -->`;
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
            codeSpan(short$1(commit.sha)),
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
        `### Bisection of ${codeSpan(short$1(report.good))}..${codeSpan(short$1(report.bad))}`,
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

var light$1 = {exports: {}};

/**
  * This file contains the Bottleneck library (MIT), compiled to ES2017, and without Clustering support.
  * https://github.com/SGrondin/bottleneck
  */
var light = light$1.exports;

var hasRequiredLight;

function requireLight () {
	if (hasRequiredLight) return light$1.exports;
	hasRequiredLight = 1;
	(function (module, exports) {
		(function (global, factory) {
			module.exports = factory() ;
		}(light, (function () {
			var commonjsGlobal$1 = typeof globalThis !== 'undefined' ? globalThis : typeof window !== 'undefined' ? window : typeof commonjsGlobal !== 'undefined' ? commonjsGlobal : typeof self !== 'undefined' ? self : {};

			function getCjsExportFromNamespace (n) {
				return n && n['default'] || n;
			}

			var load = function(received, defaults, onto = {}) {
			  var k, ref, v;
			  for (k in defaults) {
			    v = defaults[k];
			    onto[k] = (ref = received[k]) != null ? ref : v;
			  }
			  return onto;
			};

			var overwrite = function(received, defaults, onto = {}) {
			  var k, v;
			  for (k in received) {
			    v = received[k];
			    if (defaults[k] !== void 0) {
			      onto[k] = v;
			    }
			  }
			  return onto;
			};

			var parser = {
				load: load,
				overwrite: overwrite
			};

			var DLList;

			DLList = class DLList {
			  constructor(incr, decr) {
			    this.incr = incr;
			    this.decr = decr;
			    this._first = null;
			    this._last = null;
			    this.length = 0;
			  }

			  push(value) {
			    var node;
			    this.length++;
			    if (typeof this.incr === "function") {
			      this.incr();
			    }
			    node = {
			      value,
			      prev: this._last,
			      next: null
			    };
			    if (this._last != null) {
			      this._last.next = node;
			      this._last = node;
			    } else {
			      this._first = this._last = node;
			    }
			    return void 0;
			  }

			  shift() {
			    var value;
			    if (this._first == null) {
			      return;
			    } else {
			      this.length--;
			      if (typeof this.decr === "function") {
			        this.decr();
			      }
			    }
			    value = this._first.value;
			    if ((this._first = this._first.next) != null) {
			      this._first.prev = null;
			    } else {
			      this._last = null;
			    }
			    return value;
			  }

			  first() {
			    if (this._first != null) {
			      return this._first.value;
			    }
			  }

			  getArray() {
			    var node, ref, results;
			    node = this._first;
			    results = [];
			    while (node != null) {
			      results.push((ref = node, node = node.next, ref.value));
			    }
			    return results;
			  }

			  forEachShift(cb) {
			    var node;
			    node = this.shift();
			    while (node != null) {
			      (cb(node), node = this.shift());
			    }
			    return void 0;
			  }

			  debug() {
			    var node, ref, ref1, ref2, results;
			    node = this._first;
			    results = [];
			    while (node != null) {
			      results.push((ref = node, node = node.next, {
			        value: ref.value,
			        prev: (ref1 = ref.prev) != null ? ref1.value : void 0,
			        next: (ref2 = ref.next) != null ? ref2.value : void 0
			      }));
			    }
			    return results;
			  }

			};

			var DLList_1 = DLList;

			var Events;

			Events = class Events {
			  constructor(instance) {
			    this.instance = instance;
			    this._events = {};
			    if ((this.instance.on != null) || (this.instance.once != null) || (this.instance.removeAllListeners != null)) {
			      throw new Error("An Emitter already exists for this object");
			    }
			    this.instance.on = (name, cb) => {
			      return this._addListener(name, "many", cb);
			    };
			    this.instance.once = (name, cb) => {
			      return this._addListener(name, "once", cb);
			    };
			    this.instance.removeAllListeners = (name = null) => {
			      if (name != null) {
			        return delete this._events[name];
			      } else {
			        return this._events = {};
			      }
			    };
			  }

			  _addListener(name, status, cb) {
			    var base;
			    if ((base = this._events)[name] == null) {
			      base[name] = [];
			    }
			    this._events[name].push({cb, status});
			    return this.instance;
			  }

			  listenerCount(name) {
			    if (this._events[name] != null) {
			      return this._events[name].length;
			    } else {
			      return 0;
			    }
			  }

			  async trigger(name, ...args) {
			    var e, promises;
			    try {
			      if (name !== "debug") {
			        this.trigger("debug", `Event triggered: ${name}`, args);
			      }
			      if (this._events[name] == null) {
			        return;
			      }
			      this._events[name] = this._events[name].filter(function(listener) {
			        return listener.status !== "none";
			      });
			      promises = this._events[name].map(async(listener) => {
			        var e, returned;
			        if (listener.status === "none") {
			          return;
			        }
			        if (listener.status === "once") {
			          listener.status = "none";
			        }
			        try {
			          returned = typeof listener.cb === "function" ? listener.cb(...args) : void 0;
			          if (typeof (returned != null ? returned.then : void 0) === "function") {
			            return (await returned);
			          } else {
			            return returned;
			          }
			        } catch (error) {
			          e = error;
			          {
			            this.trigger("error", e);
			          }
			          return null;
			        }
			      });
			      return ((await Promise.all(promises))).find(function(x) {
			        return x != null;
			      });
			    } catch (error) {
			      e = error;
			      {
			        this.trigger("error", e);
			      }
			      return null;
			    }
			  }

			};

			var Events_1 = Events;

			var DLList$1, Events$1, Queues;

			DLList$1 = DLList_1;

			Events$1 = Events_1;

			Queues = class Queues {
			  constructor(num_priorities) {
			    this.Events = new Events$1(this);
			    this._length = 0;
			    this._lists = (function() {
			      var j, ref, results;
			      results = [];
			      for (j = 1, ref = num_priorities; (1 <= ref ? j <= ref : j >= ref); 1 <= ref ? ++j : --j) {
			        results.push(new DLList$1((() => {
			          return this.incr();
			        }), (() => {
			          return this.decr();
			        })));
			      }
			      return results;
			    }).call(this);
			  }

			  incr() {
			    if (this._length++ === 0) {
			      return this.Events.trigger("leftzero");
			    }
			  }

			  decr() {
			    if (--this._length === 0) {
			      return this.Events.trigger("zero");
			    }
			  }

			  push(job) {
			    return this._lists[job.options.priority].push(job);
			  }

			  queued(priority) {
			    if (priority != null) {
			      return this._lists[priority].length;
			    } else {
			      return this._length;
			    }
			  }

			  shiftAll(fn) {
			    return this._lists.forEach(function(list) {
			      return list.forEachShift(fn);
			    });
			  }

			  getFirst(arr = this._lists) {
			    var j, len, list;
			    for (j = 0, len = arr.length; j < len; j++) {
			      list = arr[j];
			      if (list.length > 0) {
			        return list;
			      }
			    }
			    return [];
			  }

			  shiftLastFrom(priority) {
			    return this.getFirst(this._lists.slice(priority).reverse()).shift();
			  }

			};

			var Queues_1 = Queues;

			var BottleneckError;

			BottleneckError = class BottleneckError extends Error {};

			var BottleneckError_1 = BottleneckError;

			var BottleneckError$1, DEFAULT_PRIORITY, Job, NUM_PRIORITIES, parser$1;

			NUM_PRIORITIES = 10;

			DEFAULT_PRIORITY = 5;

			parser$1 = parser;

			BottleneckError$1 = BottleneckError_1;

			Job = class Job {
			  constructor(task, args, options, jobDefaults, rejectOnDrop, Events, _states, Promise) {
			    this.task = task;
			    this.args = args;
			    this.rejectOnDrop = rejectOnDrop;
			    this.Events = Events;
			    this._states = _states;
			    this.Promise = Promise;
			    this.options = parser$1.load(options, jobDefaults);
			    this.options.priority = this._sanitizePriority(this.options.priority);
			    if (this.options.id === jobDefaults.id) {
			      this.options.id = `${this.options.id}-${this._randomIndex()}`;
			    }
			    this.promise = new this.Promise((_resolve, _reject) => {
			      this._resolve = _resolve;
			      this._reject = _reject;
			    });
			    this.retryCount = 0;
			  }

			  _sanitizePriority(priority) {
			    var sProperty;
			    sProperty = ~~priority !== priority ? DEFAULT_PRIORITY : priority;
			    if (sProperty < 0) {
			      return 0;
			    } else if (sProperty > NUM_PRIORITIES - 1) {
			      return NUM_PRIORITIES - 1;
			    } else {
			      return sProperty;
			    }
			  }

			  _randomIndex() {
			    return Math.random().toString(36).slice(2);
			  }

			  doDrop({error, message = "This job has been dropped by Bottleneck"} = {}) {
			    if (this._states.remove(this.options.id)) {
			      if (this.rejectOnDrop) {
			        this._reject(error != null ? error : new BottleneckError$1(message));
			      }
			      this.Events.trigger("dropped", {args: this.args, options: this.options, task: this.task, promise: this.promise});
			      return true;
			    } else {
			      return false;
			    }
			  }

			  _assertStatus(expected) {
			    var status;
			    status = this._states.jobStatus(this.options.id);
			    if (!(status === expected || (expected === "DONE" && status === null))) {
			      throw new BottleneckError$1(`Invalid job status ${status}, expected ${expected}. Please open an issue at https://github.com/SGrondin/bottleneck/issues`);
			    }
			  }

			  doReceive() {
			    this._states.start(this.options.id);
			    return this.Events.trigger("received", {args: this.args, options: this.options});
			  }

			  doQueue(reachedHWM, blocked) {
			    this._assertStatus("RECEIVED");
			    this._states.next(this.options.id);
			    return this.Events.trigger("queued", {args: this.args, options: this.options, reachedHWM, blocked});
			  }

			  doRun() {
			    if (this.retryCount === 0) {
			      this._assertStatus("QUEUED");
			      this._states.next(this.options.id);
			    } else {
			      this._assertStatus("EXECUTING");
			    }
			    return this.Events.trigger("scheduled", {args: this.args, options: this.options});
			  }

			  async doExecute(chained, clearGlobalState, run, free) {
			    var error, eventInfo, passed;
			    if (this.retryCount === 0) {
			      this._assertStatus("RUNNING");
			      this._states.next(this.options.id);
			    } else {
			      this._assertStatus("EXECUTING");
			    }
			    eventInfo = {args: this.args, options: this.options, retryCount: this.retryCount};
			    this.Events.trigger("executing", eventInfo);
			    try {
			      passed = (await (chained != null ? chained.schedule(this.options, this.task, ...this.args) : this.task(...this.args)));
			      if (clearGlobalState()) {
			        this.doDone(eventInfo);
			        await free(this.options, eventInfo);
			        this._assertStatus("DONE");
			        return this._resolve(passed);
			      }
			    } catch (error1) {
			      error = error1;
			      return this._onFailure(error, eventInfo, clearGlobalState, run, free);
			    }
			  }

			  doExpire(clearGlobalState, run, free) {
			    var error, eventInfo;
			    if (this._states.jobStatus(this.options.id === "RUNNING")) {
			      this._states.next(this.options.id);
			    }
			    this._assertStatus("EXECUTING");
			    eventInfo = {args: this.args, options: this.options, retryCount: this.retryCount};
			    error = new BottleneckError$1(`This job timed out after ${this.options.expiration} ms.`);
			    return this._onFailure(error, eventInfo, clearGlobalState, run, free);
			  }

			  async _onFailure(error, eventInfo, clearGlobalState, run, free) {
			    var retry, retryAfter;
			    if (clearGlobalState()) {
			      retry = (await this.Events.trigger("failed", error, eventInfo));
			      if (retry != null) {
			        retryAfter = ~~retry;
			        this.Events.trigger("retry", `Retrying ${this.options.id} after ${retryAfter} ms`, eventInfo);
			        this.retryCount++;
			        return run(retryAfter);
			      } else {
			        this.doDone(eventInfo);
			        await free(this.options, eventInfo);
			        this._assertStatus("DONE");
			        return this._reject(error);
			      }
			    }
			  }

			  doDone(eventInfo) {
			    this._assertStatus("EXECUTING");
			    this._states.next(this.options.id);
			    return this.Events.trigger("done", eventInfo);
			  }

			};

			var Job_1 = Job;

			var BottleneckError$2, LocalDatastore, parser$2;

			parser$2 = parser;

			BottleneckError$2 = BottleneckError_1;

			LocalDatastore = class LocalDatastore {
			  constructor(instance, storeOptions, storeInstanceOptions) {
			    this.instance = instance;
			    this.storeOptions = storeOptions;
			    this.clientId = this.instance._randomIndex();
			    parser$2.load(storeInstanceOptions, storeInstanceOptions, this);
			    this._nextRequest = this._lastReservoirRefresh = this._lastReservoirIncrease = Date.now();
			    this._running = 0;
			    this._done = 0;
			    this._unblockTime = 0;
			    this.ready = this.Promise.resolve();
			    this.clients = {};
			    this._startHeartbeat();
			  }

			  _startHeartbeat() {
			    var base;
			    if ((this.heartbeat == null) && (((this.storeOptions.reservoirRefreshInterval != null) && (this.storeOptions.reservoirRefreshAmount != null)) || ((this.storeOptions.reservoirIncreaseInterval != null) && (this.storeOptions.reservoirIncreaseAmount != null)))) {
			      return typeof (base = (this.heartbeat = setInterval(() => {
			        var amount, incr, maximum, now, reservoir;
			        now = Date.now();
			        if ((this.storeOptions.reservoirRefreshInterval != null) && now >= this._lastReservoirRefresh + this.storeOptions.reservoirRefreshInterval) {
			          this._lastReservoirRefresh = now;
			          this.storeOptions.reservoir = this.storeOptions.reservoirRefreshAmount;
			          this.instance._drainAll(this.computeCapacity());
			        }
			        if ((this.storeOptions.reservoirIncreaseInterval != null) && now >= this._lastReservoirIncrease + this.storeOptions.reservoirIncreaseInterval) {
			          ({
			            reservoirIncreaseAmount: amount,
			            reservoirIncreaseMaximum: maximum,
			            reservoir
			          } = this.storeOptions);
			          this._lastReservoirIncrease = now;
			          incr = maximum != null ? Math.min(amount, maximum - reservoir) : amount;
			          if (incr > 0) {
			            this.storeOptions.reservoir += incr;
			            return this.instance._drainAll(this.computeCapacity());
			          }
			        }
			      }, this.heartbeatInterval))).unref === "function" ? base.unref() : void 0;
			    } else {
			      return clearInterval(this.heartbeat);
			    }
			  }

			  async __publish__(message) {
			    await this.yieldLoop();
			    return this.instance.Events.trigger("message", message.toString());
			  }

			  async __disconnect__(flush) {
			    await this.yieldLoop();
			    clearInterval(this.heartbeat);
			    return this.Promise.resolve();
			  }

			  yieldLoop(t = 0) {
			    return new this.Promise(function(resolve, reject) {
			      return setTimeout(resolve, t);
			    });
			  }

			  computePenalty() {
			    var ref;
			    return (ref = this.storeOptions.penalty) != null ? ref : (15 * this.storeOptions.minTime) || 5000;
			  }

			  async __updateSettings__(options) {
			    await this.yieldLoop();
			    parser$2.overwrite(options, options, this.storeOptions);
			    this._startHeartbeat();
			    this.instance._drainAll(this.computeCapacity());
			    return true;
			  }

			  async __running__() {
			    await this.yieldLoop();
			    return this._running;
			  }

			  async __queued__() {
			    await this.yieldLoop();
			    return this.instance.queued();
			  }

			  async __done__() {
			    await this.yieldLoop();
			    return this._done;
			  }

			  async __groupCheck__(time) {
			    await this.yieldLoop();
			    return (this._nextRequest + this.timeout) < time;
			  }

			  computeCapacity() {
			    var maxConcurrent, reservoir;
			    ({maxConcurrent, reservoir} = this.storeOptions);
			    if ((maxConcurrent != null) && (reservoir != null)) {
			      return Math.min(maxConcurrent - this._running, reservoir);
			    } else if (maxConcurrent != null) {
			      return maxConcurrent - this._running;
			    } else if (reservoir != null) {
			      return reservoir;
			    } else {
			      return null;
			    }
			  }

			  conditionsCheck(weight) {
			    var capacity;
			    capacity = this.computeCapacity();
			    return (capacity == null) || weight <= capacity;
			  }

			  async __incrementReservoir__(incr) {
			    var reservoir;
			    await this.yieldLoop();
			    reservoir = this.storeOptions.reservoir += incr;
			    this.instance._drainAll(this.computeCapacity());
			    return reservoir;
			  }

			  async __currentReservoir__() {
			    await this.yieldLoop();
			    return this.storeOptions.reservoir;
			  }

			  isBlocked(now) {
			    return this._unblockTime >= now;
			  }

			  check(weight, now) {
			    return this.conditionsCheck(weight) && (this._nextRequest - now) <= 0;
			  }

			  async __check__(weight) {
			    var now;
			    await this.yieldLoop();
			    now = Date.now();
			    return this.check(weight, now);
			  }

			  async __register__(index, weight, expiration) {
			    var now, wait;
			    await this.yieldLoop();
			    now = Date.now();
			    if (this.conditionsCheck(weight)) {
			      this._running += weight;
			      if (this.storeOptions.reservoir != null) {
			        this.storeOptions.reservoir -= weight;
			      }
			      wait = Math.max(this._nextRequest - now, 0);
			      this._nextRequest = now + wait + this.storeOptions.minTime;
			      return {
			        success: true,
			        wait,
			        reservoir: this.storeOptions.reservoir
			      };
			    } else {
			      return {
			        success: false
			      };
			    }
			  }

			  strategyIsBlock() {
			    return this.storeOptions.strategy === 3;
			  }

			  async __submit__(queueLength, weight) {
			    var blocked, now, reachedHWM;
			    await this.yieldLoop();
			    if ((this.storeOptions.maxConcurrent != null) && weight > this.storeOptions.maxConcurrent) {
			      throw new BottleneckError$2(`Impossible to add a job having a weight of ${weight} to a limiter having a maxConcurrent setting of ${this.storeOptions.maxConcurrent}`);
			    }
			    now = Date.now();
			    reachedHWM = (this.storeOptions.highWater != null) && queueLength === this.storeOptions.highWater && !this.check(weight, now);
			    blocked = this.strategyIsBlock() && (reachedHWM || this.isBlocked(now));
			    if (blocked) {
			      this._unblockTime = now + this.computePenalty();
			      this._nextRequest = this._unblockTime + this.storeOptions.minTime;
			      this.instance._dropAllQueued();
			    }
			    return {
			      reachedHWM,
			      blocked,
			      strategy: this.storeOptions.strategy
			    };
			  }

			  async __free__(index, weight) {
			    await this.yieldLoop();
			    this._running -= weight;
			    this._done += weight;
			    this.instance._drainAll(this.computeCapacity());
			    return {
			      running: this._running
			    };
			  }

			};

			var LocalDatastore_1 = LocalDatastore;

			var BottleneckError$3, States;

			BottleneckError$3 = BottleneckError_1;

			States = class States {
			  constructor(status1) {
			    this.status = status1;
			    this._jobs = {};
			    this.counts = this.status.map(function() {
			      return 0;
			    });
			  }

			  next(id) {
			    var current, next;
			    current = this._jobs[id];
			    next = current + 1;
			    if ((current != null) && next < this.status.length) {
			      this.counts[current]--;
			      this.counts[next]++;
			      return this._jobs[id]++;
			    } else if (current != null) {
			      this.counts[current]--;
			      return delete this._jobs[id];
			    }
			  }

			  start(id) {
			    var initial;
			    initial = 0;
			    this._jobs[id] = initial;
			    return this.counts[initial]++;
			  }

			  remove(id) {
			    var current;
			    current = this._jobs[id];
			    if (current != null) {
			      this.counts[current]--;
			      delete this._jobs[id];
			    }
			    return current != null;
			  }

			  jobStatus(id) {
			    var ref;
			    return (ref = this.status[this._jobs[id]]) != null ? ref : null;
			  }

			  statusJobs(status) {
			    var k, pos, ref, results, v;
			    if (status != null) {
			      pos = this.status.indexOf(status);
			      if (pos < 0) {
			        throw new BottleneckError$3(`status must be one of ${this.status.join(', ')}`);
			      }
			      ref = this._jobs;
			      results = [];
			      for (k in ref) {
			        v = ref[k];
			        if (v === pos) {
			          results.push(k);
			        }
			      }
			      return results;
			    } else {
			      return Object.keys(this._jobs);
			    }
			  }

			  statusCounts() {
			    return this.counts.reduce(((acc, v, i) => {
			      acc[this.status[i]] = v;
			      return acc;
			    }), {});
			  }

			};

			var States_1 = States;

			var DLList$2, Sync;

			DLList$2 = DLList_1;

			Sync = class Sync {
			  constructor(name, Promise) {
			    this.schedule = this.schedule.bind(this);
			    this.name = name;
			    this.Promise = Promise;
			    this._running = 0;
			    this._queue = new DLList$2();
			  }

			  isEmpty() {
			    return this._queue.length === 0;
			  }

			  async _tryToRun() {
			    var args, cb, error, reject, resolve, returned, task;
			    if ((this._running < 1) && this._queue.length > 0) {
			      this._running++;
			      ({task, args, resolve, reject} = this._queue.shift());
			      cb = (await (async function() {
			        try {
			          returned = (await task(...args));
			          return function() {
			            return resolve(returned);
			          };
			        } catch (error1) {
			          error = error1;
			          return function() {
			            return reject(error);
			          };
			        }
			      })());
			      this._running--;
			      this._tryToRun();
			      return cb();
			    }
			  }

			  schedule(task, ...args) {
			    var promise, reject, resolve;
			    resolve = reject = null;
			    promise = new this.Promise(function(_resolve, _reject) {
			      resolve = _resolve;
			      return reject = _reject;
			    });
			    this._queue.push({task, args, resolve, reject});
			    this._tryToRun();
			    return promise;
			  }

			};

			var Sync_1 = Sync;

			var version = "2.19.5";
			var version$1 = {
				version: version
			};

			var version$2 = /*#__PURE__*/Object.freeze({
				version: version,
				default: version$1
			});

			var require$$2 = () => console.log('You must import the full version of Bottleneck in order to use this feature.');

			var require$$3 = () => console.log('You must import the full version of Bottleneck in order to use this feature.');

			var require$$4 = () => console.log('You must import the full version of Bottleneck in order to use this feature.');

			var Events$2, Group, IORedisConnection$1, RedisConnection$1, Scripts$1, parser$3;

			parser$3 = parser;

			Events$2 = Events_1;

			RedisConnection$1 = require$$2;

			IORedisConnection$1 = require$$3;

			Scripts$1 = require$$4;

			Group = (function() {
			  class Group {
			    constructor(limiterOptions = {}) {
			      this.deleteKey = this.deleteKey.bind(this);
			      this.limiterOptions = limiterOptions;
			      parser$3.load(this.limiterOptions, this.defaults, this);
			      this.Events = new Events$2(this);
			      this.instances = {};
			      this.Bottleneck = Bottleneck_1;
			      this._startAutoCleanup();
			      this.sharedConnection = this.connection != null;
			      if (this.connection == null) {
			        if (this.limiterOptions.datastore === "redis") {
			          this.connection = new RedisConnection$1(Object.assign({}, this.limiterOptions, {Events: this.Events}));
			        } else if (this.limiterOptions.datastore === "ioredis") {
			          this.connection = new IORedisConnection$1(Object.assign({}, this.limiterOptions, {Events: this.Events}));
			        }
			      }
			    }

			    key(key = "") {
			      var ref;
			      return (ref = this.instances[key]) != null ? ref : (() => {
			        var limiter;
			        limiter = this.instances[key] = new this.Bottleneck(Object.assign(this.limiterOptions, {
			          id: `${this.id}-${key}`,
			          timeout: this.timeout,
			          connection: this.connection
			        }));
			        this.Events.trigger("created", limiter, key);
			        return limiter;
			      })();
			    }

			    async deleteKey(key = "") {
			      var deleted, instance;
			      instance = this.instances[key];
			      if (this.connection) {
			        deleted = (await this.connection.__runCommand__(['del', ...Scripts$1.allKeys(`${this.id}-${key}`)]));
			      }
			      if (instance != null) {
			        delete this.instances[key];
			        await instance.disconnect();
			      }
			      return (instance != null) || deleted > 0;
			    }

			    limiters() {
			      var k, ref, results, v;
			      ref = this.instances;
			      results = [];
			      for (k in ref) {
			        v = ref[k];
			        results.push({
			          key: k,
			          limiter: v
			        });
			      }
			      return results;
			    }

			    keys() {
			      return Object.keys(this.instances);
			    }

			    async clusterKeys() {
			      var cursor, end, found, i, k, keys, len, next, start;
			      if (this.connection == null) {
			        return this.Promise.resolve(this.keys());
			      }
			      keys = [];
			      cursor = null;
			      start = `b_${this.id}-`.length;
			      end = "_settings".length;
			      while (cursor !== 0) {
			        [next, found] = (await this.connection.__runCommand__(["scan", cursor != null ? cursor : 0, "match", `b_${this.id}-*_settings`, "count", 10000]));
			        cursor = ~~next;
			        for (i = 0, len = found.length; i < len; i++) {
			          k = found[i];
			          keys.push(k.slice(start, -end));
			        }
			      }
			      return keys;
			    }

			    _startAutoCleanup() {
			      var base;
			      clearInterval(this.interval);
			      return typeof (base = (this.interval = setInterval(async() => {
			        var e, k, ref, results, time, v;
			        time = Date.now();
			        ref = this.instances;
			        results = [];
			        for (k in ref) {
			          v = ref[k];
			          try {
			            if ((await v._store.__groupCheck__(time))) {
			              results.push(this.deleteKey(k));
			            } else {
			              results.push(void 0);
			            }
			          } catch (error) {
			            e = error;
			            results.push(v.Events.trigger("error", e));
			          }
			        }
			        return results;
			      }, this.timeout / 2))).unref === "function" ? base.unref() : void 0;
			    }

			    updateSettings(options = {}) {
			      parser$3.overwrite(options, this.defaults, this);
			      parser$3.overwrite(options, options, this.limiterOptions);
			      if (options.timeout != null) {
			        return this._startAutoCleanup();
			      }
			    }

			    disconnect(flush = true) {
			      var ref;
			      if (!this.sharedConnection) {
			        return (ref = this.connection) != null ? ref.disconnect(flush) : void 0;
			      }
			    }

			  }
			  Group.prototype.defaults = {
			    timeout: 1000 * 60 * 5,
			    connection: null,
			    Promise: Promise,
			    id: "group-key"
			  };

			  return Group;

			}).call(commonjsGlobal$1);

			var Group_1 = Group;

			var Batcher, Events$3, parser$4;

			parser$4 = parser;

			Events$3 = Events_1;

			Batcher = (function() {
			  class Batcher {
			    constructor(options = {}) {
			      this.options = options;
			      parser$4.load(this.options, this.defaults, this);
			      this.Events = new Events$3(this);
			      this._arr = [];
			      this._resetPromise();
			      this._lastFlush = Date.now();
			    }

			    _resetPromise() {
			      return this._promise = new this.Promise((res, rej) => {
			        return this._resolve = res;
			      });
			    }

			    _flush() {
			      clearTimeout(this._timeout);
			      this._lastFlush = Date.now();
			      this._resolve();
			      this.Events.trigger("batch", this._arr);
			      this._arr = [];
			      return this._resetPromise();
			    }

			    add(data) {
			      var ret;
			      this._arr.push(data);
			      ret = this._promise;
			      if (this._arr.length === this.maxSize) {
			        this._flush();
			      } else if ((this.maxTime != null) && this._arr.length === 1) {
			        this._timeout = setTimeout(() => {
			          return this._flush();
			        }, this.maxTime);
			      }
			      return ret;
			    }

			  }
			  Batcher.prototype.defaults = {
			    maxTime: null,
			    maxSize: null,
			    Promise: Promise
			  };

			  return Batcher;

			}).call(commonjsGlobal$1);

			var Batcher_1 = Batcher;

			var require$$4$1 = () => console.log('You must import the full version of Bottleneck in order to use this feature.');

			var require$$8 = getCjsExportFromNamespace(version$2);

			var Bottleneck, DEFAULT_PRIORITY$1, Events$4, Job$1, LocalDatastore$1, NUM_PRIORITIES$1, Queues$1, RedisDatastore$1, States$1, Sync$1, parser$5,
			  splice = [].splice;

			NUM_PRIORITIES$1 = 10;

			DEFAULT_PRIORITY$1 = 5;

			parser$5 = parser;

			Queues$1 = Queues_1;

			Job$1 = Job_1;

			LocalDatastore$1 = LocalDatastore_1;

			RedisDatastore$1 = require$$4$1;

			Events$4 = Events_1;

			States$1 = States_1;

			Sync$1 = Sync_1;

			Bottleneck = (function() {
			  class Bottleneck {
			    constructor(options = {}, ...invalid) {
			      var storeInstanceOptions, storeOptions;
			      this._addToQueue = this._addToQueue.bind(this);
			      this._validateOptions(options, invalid);
			      parser$5.load(options, this.instanceDefaults, this);
			      this._queues = new Queues$1(NUM_PRIORITIES$1);
			      this._scheduled = {};
			      this._states = new States$1(["RECEIVED", "QUEUED", "RUNNING", "EXECUTING"].concat(this.trackDoneStatus ? ["DONE"] : []));
			      this._limiter = null;
			      this.Events = new Events$4(this);
			      this._submitLock = new Sync$1("submit", this.Promise);
			      this._registerLock = new Sync$1("register", this.Promise);
			      storeOptions = parser$5.load(options, this.storeDefaults, {});
			      this._store = (function() {
			        if (this.datastore === "redis" || this.datastore === "ioredis" || (this.connection != null)) {
			          storeInstanceOptions = parser$5.load(options, this.redisStoreDefaults, {});
			          return new RedisDatastore$1(this, storeOptions, storeInstanceOptions);
			        } else if (this.datastore === "local") {
			          storeInstanceOptions = parser$5.load(options, this.localStoreDefaults, {});
			          return new LocalDatastore$1(this, storeOptions, storeInstanceOptions);
			        } else {
			          throw new Bottleneck.prototype.BottleneckError(`Invalid datastore type: ${this.datastore}`);
			        }
			      }).call(this);
			      this._queues.on("leftzero", () => {
			        var ref;
			        return (ref = this._store.heartbeat) != null ? typeof ref.ref === "function" ? ref.ref() : void 0 : void 0;
			      });
			      this._queues.on("zero", () => {
			        var ref;
			        return (ref = this._store.heartbeat) != null ? typeof ref.unref === "function" ? ref.unref() : void 0 : void 0;
			      });
			    }

			    _validateOptions(options, invalid) {
			      if (!((options != null) && typeof options === "object" && invalid.length === 0)) {
			        throw new Bottleneck.prototype.BottleneckError("Bottleneck v2 takes a single object argument. Refer to https://github.com/SGrondin/bottleneck#upgrading-to-v2 if you're upgrading from Bottleneck v1.");
			      }
			    }

			    ready() {
			      return this._store.ready;
			    }

			    clients() {
			      return this._store.clients;
			    }

			    channel() {
			      return `b_${this.id}`;
			    }

			    channel_client() {
			      return `b_${this.id}_${this._store.clientId}`;
			    }

			    publish(message) {
			      return this._store.__publish__(message);
			    }

			    disconnect(flush = true) {
			      return this._store.__disconnect__(flush);
			    }

			    chain(_limiter) {
			      this._limiter = _limiter;
			      return this;
			    }

			    queued(priority) {
			      return this._queues.queued(priority);
			    }

			    clusterQueued() {
			      return this._store.__queued__();
			    }

			    empty() {
			      return this.queued() === 0 && this._submitLock.isEmpty();
			    }

			    running() {
			      return this._store.__running__();
			    }

			    done() {
			      return this._store.__done__();
			    }

			    jobStatus(id) {
			      return this._states.jobStatus(id);
			    }

			    jobs(status) {
			      return this._states.statusJobs(status);
			    }

			    counts() {
			      return this._states.statusCounts();
			    }

			    _randomIndex() {
			      return Math.random().toString(36).slice(2);
			    }

			    check(weight = 1) {
			      return this._store.__check__(weight);
			    }

			    _clearGlobalState(index) {
			      if (this._scheduled[index] != null) {
			        clearTimeout(this._scheduled[index].expiration);
			        delete this._scheduled[index];
			        return true;
			      } else {
			        return false;
			      }
			    }

			    async _free(index, job, options, eventInfo) {
			      var e, running;
			      try {
			        ({running} = (await this._store.__free__(index, options.weight)));
			        this.Events.trigger("debug", `Freed ${options.id}`, eventInfo);
			        if (running === 0 && this.empty()) {
			          return this.Events.trigger("idle");
			        }
			      } catch (error1) {
			        e = error1;
			        return this.Events.trigger("error", e);
			      }
			    }

			    _run(index, job, wait) {
			      var clearGlobalState, free, run;
			      job.doRun();
			      clearGlobalState = this._clearGlobalState.bind(this, index);
			      run = this._run.bind(this, index, job);
			      free = this._free.bind(this, index, job);
			      return this._scheduled[index] = {
			        timeout: setTimeout(() => {
			          return job.doExecute(this._limiter, clearGlobalState, run, free);
			        }, wait),
			        expiration: job.options.expiration != null ? setTimeout(function() {
			          return job.doExpire(clearGlobalState, run, free);
			        }, wait + job.options.expiration) : void 0,
			        job: job
			      };
			    }

			    _drainOne(capacity) {
			      return this._registerLock.schedule(() => {
			        var args, index, next, options, queue;
			        if (this.queued() === 0) {
			          return this.Promise.resolve(null);
			        }
			        queue = this._queues.getFirst();
			        ({options, args} = next = queue.first());
			        if ((capacity != null) && options.weight > capacity) {
			          return this.Promise.resolve(null);
			        }
			        this.Events.trigger("debug", `Draining ${options.id}`, {args, options});
			        index = this._randomIndex();
			        return this._store.__register__(index, options.weight, options.expiration).then(({success, wait, reservoir}) => {
			          var empty;
			          this.Events.trigger("debug", `Drained ${options.id}`, {success, args, options});
			          if (success) {
			            queue.shift();
			            empty = this.empty();
			            if (empty) {
			              this.Events.trigger("empty");
			            }
			            if (reservoir === 0) {
			              this.Events.trigger("depleted", empty);
			            }
			            this._run(index, next, wait);
			            return this.Promise.resolve(options.weight);
			          } else {
			            return this.Promise.resolve(null);
			          }
			        });
			      });
			    }

			    _drainAll(capacity, total = 0) {
			      return this._drainOne(capacity).then((drained) => {
			        var newCapacity;
			        if (drained != null) {
			          newCapacity = capacity != null ? capacity - drained : capacity;
			          return this._drainAll(newCapacity, total + drained);
			        } else {
			          return this.Promise.resolve(total);
			        }
			      }).catch((e) => {
			        return this.Events.trigger("error", e);
			      });
			    }

			    _dropAllQueued(message) {
			      return this._queues.shiftAll(function(job) {
			        return job.doDrop({message});
			      });
			    }

			    stop(options = {}) {
			      var done, waitForExecuting;
			      options = parser$5.load(options, this.stopDefaults);
			      waitForExecuting = (at) => {
			        var finished;
			        finished = () => {
			          var counts;
			          counts = this._states.counts;
			          return (counts[0] + counts[1] + counts[2] + counts[3]) === at;
			        };
			        return new this.Promise((resolve, reject) => {
			          if (finished()) {
			            return resolve();
			          } else {
			            return this.on("done", () => {
			              if (finished()) {
			                this.removeAllListeners("done");
			                return resolve();
			              }
			            });
			          }
			        });
			      };
			      done = options.dropWaitingJobs ? (this._run = function(index, next) {
			        return next.doDrop({
			          message: options.dropErrorMessage
			        });
			      }, this._drainOne = () => {
			        return this.Promise.resolve(null);
			      }, this._registerLock.schedule(() => {
			        return this._submitLock.schedule(() => {
			          var k, ref, v;
			          ref = this._scheduled;
			          for (k in ref) {
			            v = ref[k];
			            if (this.jobStatus(v.job.options.id) === "RUNNING") {
			              clearTimeout(v.timeout);
			              clearTimeout(v.expiration);
			              v.job.doDrop({
			                message: options.dropErrorMessage
			              });
			            }
			          }
			          this._dropAllQueued(options.dropErrorMessage);
			          return waitForExecuting(0);
			        });
			      })) : this.schedule({
			        priority: NUM_PRIORITIES$1 - 1,
			        weight: 0
			      }, () => {
			        return waitForExecuting(1);
			      });
			      this._receive = function(job) {
			        return job._reject(new Bottleneck.prototype.BottleneckError(options.enqueueErrorMessage));
			      };
			      this.stop = () => {
			        return this.Promise.reject(new Bottleneck.prototype.BottleneckError("stop() has already been called"));
			      };
			      return done;
			    }

			    async _addToQueue(job) {
			      var args, blocked, error, options, reachedHWM, shifted, strategy;
			      ({args, options} = job);
			      try {
			        ({reachedHWM, blocked, strategy} = (await this._store.__submit__(this.queued(), options.weight)));
			      } catch (error1) {
			        error = error1;
			        this.Events.trigger("debug", `Could not queue ${options.id}`, {args, options, error});
			        job.doDrop({error});
			        return false;
			      }
			      if (blocked) {
			        job.doDrop();
			        return true;
			      } else if (reachedHWM) {
			        shifted = strategy === Bottleneck.prototype.strategy.LEAK ? this._queues.shiftLastFrom(options.priority) : strategy === Bottleneck.prototype.strategy.OVERFLOW_PRIORITY ? this._queues.shiftLastFrom(options.priority + 1) : strategy === Bottleneck.prototype.strategy.OVERFLOW ? job : void 0;
			        if (shifted != null) {
			          shifted.doDrop();
			        }
			        if ((shifted == null) || strategy === Bottleneck.prototype.strategy.OVERFLOW) {
			          if (shifted == null) {
			            job.doDrop();
			          }
			          return reachedHWM;
			        }
			      }
			      job.doQueue(reachedHWM, blocked);
			      this._queues.push(job);
			      await this._drainAll();
			      return reachedHWM;
			    }

			    _receive(job) {
			      if (this._states.jobStatus(job.options.id) != null) {
			        job._reject(new Bottleneck.prototype.BottleneckError(`A job with the same id already exists (id=${job.options.id})`));
			        return false;
			      } else {
			        job.doReceive();
			        return this._submitLock.schedule(this._addToQueue, job);
			      }
			    }

			    submit(...args) {
			      var cb, fn, job, options, ref, ref1, task;
			      if (typeof args[0] === "function") {
			        ref = args, [fn, ...args] = ref, [cb] = splice.call(args, -1);
			        options = parser$5.load({}, this.jobDefaults);
			      } else {
			        ref1 = args, [options, fn, ...args] = ref1, [cb] = splice.call(args, -1);
			        options = parser$5.load(options, this.jobDefaults);
			      }
			      task = (...args) => {
			        return new this.Promise(function(resolve, reject) {
			          return fn(...args, function(...args) {
			            return (args[0] != null ? reject : resolve)(args);
			          });
			        });
			      };
			      job = new Job$1(task, args, options, this.jobDefaults, this.rejectOnDrop, this.Events, this._states, this.Promise);
			      job.promise.then(function(args) {
			        return typeof cb === "function" ? cb(...args) : void 0;
			      }).catch(function(args) {
			        if (Array.isArray(args)) {
			          return typeof cb === "function" ? cb(...args) : void 0;
			        } else {
			          return typeof cb === "function" ? cb(args) : void 0;
			        }
			      });
			      return this._receive(job);
			    }

			    schedule(...args) {
			      var job, options, task;
			      if (typeof args[0] === "function") {
			        [task, ...args] = args;
			        options = {};
			      } else {
			        [options, task, ...args] = args;
			      }
			      job = new Job$1(task, args, options, this.jobDefaults, this.rejectOnDrop, this.Events, this._states, this.Promise);
			      this._receive(job);
			      return job.promise;
			    }

			    wrap(fn) {
			      var schedule, wrapped;
			      schedule = this.schedule.bind(this);
			      wrapped = function(...args) {
			        return schedule(fn.bind(this), ...args);
			      };
			      wrapped.withOptions = function(options, ...args) {
			        return schedule(options, fn, ...args);
			      };
			      return wrapped;
			    }

			    async updateSettings(options = {}) {
			      await this._store.__updateSettings__(parser$5.overwrite(options, this.storeDefaults));
			      parser$5.overwrite(options, this.instanceDefaults, this);
			      return this;
			    }

			    currentReservoir() {
			      return this._store.__currentReservoir__();
			    }

			    incrementReservoir(incr = 0) {
			      return this._store.__incrementReservoir__(incr);
			    }

			  }
			  Bottleneck.default = Bottleneck;

			  Bottleneck.Events = Events$4;

			  Bottleneck.version = Bottleneck.prototype.version = require$$8.version;

			  Bottleneck.strategy = Bottleneck.prototype.strategy = {
			    LEAK: 1,
			    OVERFLOW: 2,
			    OVERFLOW_PRIORITY: 4,
			    BLOCK: 3
			  };

			  Bottleneck.BottleneckError = Bottleneck.prototype.BottleneckError = BottleneckError_1;

			  Bottleneck.Group = Bottleneck.prototype.Group = Group_1;

			  Bottleneck.RedisConnection = Bottleneck.prototype.RedisConnection = require$$2;

			  Bottleneck.IORedisConnection = Bottleneck.prototype.IORedisConnection = require$$3;

			  Bottleneck.Batcher = Bottleneck.prototype.Batcher = Batcher_1;

			  Bottleneck.prototype.jobDefaults = {
			    priority: DEFAULT_PRIORITY$1,
			    weight: 1,
			    expiration: null,
			    id: "<no-id>"
			  };

			  Bottleneck.prototype.storeDefaults = {
			    maxConcurrent: null,
			    minTime: 0,
			    highWater: null,
			    strategy: Bottleneck.prototype.strategy.LEAK,
			    penalty: null,
			    reservoir: null,
			    reservoirRefreshInterval: null,
			    reservoirRefreshAmount: null,
			    reservoirIncreaseInterval: null,
			    reservoirIncreaseAmount: null,
			    reservoirIncreaseMaximum: null
			  };

			  Bottleneck.prototype.localStoreDefaults = {
			    Promise: Promise,
			    timeout: null,
			    heartbeatInterval: 250
			  };

			  Bottleneck.prototype.redisStoreDefaults = {
			    Promise: Promise,
			    timeout: null,
			    heartbeatInterval: 5000,
			    clientTimeout: 10000,
			    Redis: null,
			    clientOptions: {},
			    clusterNodes: null,
			    clearDatastore: false,
			    connection: null
			  };

			  Bottleneck.prototype.instanceDefaults = {
			    datastore: "local",
			    connection: null,
			    id: "<no-id>",
			    rejectOnDrop: true,
			    trackDoneStatus: false,
			    Promise: Promise
			  };

			  Bottleneck.prototype.stopDefaults = {
			    enqueueErrorMessage: "This limiter has been stopped and cannot accept new jobs.",
			    dropWaitingJobs: true,
			    dropErrorMessage: "This limiter has been stopped."
			  };

			  return Bottleneck;

			}).call(commonjsGlobal$1);

			var Bottleneck_1 = Bottleneck;

			var lib = Bottleneck_1;

			return lib;

		}))); 
	} (light$1));
	return light$1.exports;
}

var lightExports = requireLight();
var Bottleneck = /*@__PURE__*/getDefaultExportFromCjs(lightExports);

// pkg/dist-src/version.js
var VERSION$1 = "0.0.0-development";

// pkg/dist-src/error-request.js
function isRequestError(error) {
  return error.request !== void 0;
}
async function errorRequest(state, octokit, error, options) {
  if (!isRequestError(error) || !error?.request.request) {
    throw error;
  }
  if (error.status >= 400 && !state.doNotRetry.includes(error.status)) {
    const retries = options.request.retries != null ? options.request.retries : state.retries;
    const retryAfter = Math.pow((options.request.retryCount || 0) + 1, 2);
    throw octokit.retry.retryRequest(error, retries, retryAfter);
  }
  throw error;
}
async function wrapRequest$1(state, octokit, request, options) {
  const limiter = new Bottleneck();
  limiter.on("failed", function(error, info) {
    const maxRetries = ~~error.request.request?.retries;
    const after = ~~error.request.request?.retryAfter;
    options.request.retryCount = info.retryCount + 1;
    if (maxRetries > info.retryCount) {
      return after * state.retryAfterBaseValue;
    }
  });
  return limiter.schedule(
    requestWithGraphqlErrorHandling.bind(null, state, octokit, request),
    options
  );
}
async function requestWithGraphqlErrorHandling(state, octokit, request, options) {
  const response = await request(options);
  if (response.data && response.data.errors && response.data.errors.length > 0 && /Something went wrong while executing your query/.test(
    response.data.errors[0].message
  )) {
    const error = new RequestError(response.data.errors[0].message, 500, {
      request: options,
      response
    });
    return errorRequest(state, octokit, error, options);
  }
  return response;
}

// pkg/dist-src/index.js
function retry(octokit, octokitOptions) {
  const state = Object.assign(
    {
      enabled: true,
      retryAfterBaseValue: 1e3,
      doNotRetry: [400, 401, 403, 404, 410, 422, 451],
      retries: 3
    },
    octokitOptions.retry
  );
  const retryPlugin = {
    retry: {
      retryRequest: (error, retries, retryAfter) => {
        error.request.request = Object.assign({}, error.request.request, {
          retries,
          retryAfter
        });
        return error;
      }
    }
  };
  if (state.enabled) {
    octokit.hook.error("request", errorRequest.bind(null, state, retryPlugin));
    octokit.hook.wrap("request", wrapRequest$1.bind(null, state, retryPlugin));
  }
  return retryPlugin;
}
retry.VERSION = VERSION$1;

// pkg/dist-src/index.js

// pkg/dist-src/version.js
var VERSION = "0.0.0-development";

// pkg/dist-src/wrap-request.js
var noop = () => Promise.resolve();
function wrapRequest(state, request, options) {
  return state.retryLimiter.schedule(doRequest, state, request, options);
}
async function doRequest(state, request, options) {
  const { pathname } = new URL(options.url, "http://github.test");
  const isAuth = isAuthRequest(options.method, pathname);
  const isWrite = !isAuth && options.method !== "GET" && options.method !== "HEAD";
  const isSearch = options.method === "GET" && pathname.startsWith("/search/");
  const isGraphQL = pathname.startsWith("/graphql");
  const retryCount = ~~request.retryCount;
  const jobOptions = retryCount > 0 ? { priority: 0, weight: 0 } : {};
  if (state.clustering) {
    jobOptions.expiration = 1e3 * 60;
  }
  if (isWrite || isGraphQL) {
    await state.write.key(state.id).schedule(jobOptions, noop);
  }
  if (isWrite && state.triggersNotification(pathname)) {
    await state.notifications.key(state.id).schedule(jobOptions, noop);
  }
  if (isSearch) {
    await state.search.key(state.id).schedule(jobOptions, noop);
  }
  const req = (isAuth ? state.auth : state.global).key(state.id).schedule(jobOptions, request, options);
  if (isGraphQL) {
    const res = await req;
    if (res.data.errors != null && res.data.errors.some((error) => error.type === "RATE_LIMITED")) {
      const error = Object.assign(new Error("GraphQL Rate Limit Exceeded"), {
        response: res,
        data: res.data
      });
      throw error;
    }
  }
  return req;
}
function isAuthRequest(method, pathname) {
  return method === "PATCH" && // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-a-scoped-access-token
  /^\/applications\/[^/]+\/token\/scoped$/.test(pathname) || method === "POST" && // https://docs.github.com/en/rest/apps/oauth-applications?apiVersion=2022-11-28#reset-a-token
  (/^\/applications\/[^/]+\/token$/.test(pathname) || // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-an-installation-access-token-for-an-app
  /^\/app\/installations\/[^/]+\/access_tokens$/.test(pathname) || // https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps
  pathname === "/login/oauth/access_token");
}

// pkg/dist-src/generated/triggers-notification-paths.js
var triggers_notification_paths_default = [
  "/orgs/{org}/invitations",
  "/orgs/{org}/invitations/{invitation_id}",
  "/orgs/{org}/teams/{team_slug}/discussions",
  "/orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments",
  "/repos/{owner}/{repo}/collaborators/{username}",
  "/repos/{owner}/{repo}/commits/{commit_sha}/comments",
  "/repos/{owner}/{repo}/issues",
  "/repos/{owner}/{repo}/issues/{issue_number}/comments",
  "/repos/{owner}/{repo}/issues/{issue_number}/sub_issue",
  "/repos/{owner}/{repo}/issues/{issue_number}/sub_issues/priority",
  "/repos/{owner}/{repo}/pulls",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
  "/repos/{owner}/{repo}/pulls/{pull_number}/merge",
  "/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers",
  "/repos/{owner}/{repo}/pulls/{pull_number}/reviews",
  "/repos/{owner}/{repo}/releases",
  "/teams/{team_id}/discussions",
  "/teams/{team_id}/discussions/{discussion_number}/comments"
];

// pkg/dist-src/route-matcher.js
function routeMatcher(paths) {
  const regexes = paths.map(
    (path) => path.split("/").map((c) => c.startsWith("{") ? "(?:.+?)" : c).join("/")
  );
  const regex2 = `^(?:${regexes.map((r) => `(?:${r})`).join("|")})[^/]*$`;
  return new RegExp(regex2, "i");
}

// pkg/dist-src/index.js
var regex = routeMatcher(triggers_notification_paths_default);
var triggersNotification = regex.test.bind(regex);
var groups = {};
var createGroups = function(Bottleneck, common) {
  groups.global = new Bottleneck.Group({
    id: "octokit-global",
    maxConcurrent: 10,
    ...common
  });
  groups.auth = new Bottleneck.Group({
    id: "octokit-auth",
    maxConcurrent: 1,
    ...common
  });
  groups.search = new Bottleneck.Group({
    id: "octokit-search",
    maxConcurrent: 1,
    minTime: 2e3,
    ...common
  });
  groups.write = new Bottleneck.Group({
    id: "octokit-write",
    maxConcurrent: 1,
    minTime: 1e3,
    ...common
  });
  groups.notifications = new Bottleneck.Group({
    id: "octokit-notifications",
    maxConcurrent: 1,
    minTime: 3e3,
    ...common
  });
};
function throttling(octokit, octokitOptions) {
  const {
    enabled = true,
    Bottleneck: Bottleneck$1 = Bottleneck,
    id = "no-id",
    timeout = 1e3 * 60 * 2,
    // Redis TTL: 2 minutes
    connection
  } = octokitOptions.throttle || {};
  if (!enabled) {
    return {};
  }
  const common = { timeout };
  if (typeof connection !== "undefined") {
    common.connection = connection;
  }
  const state = Object.assign(
    {
      clustering: connection != null,
      triggersNotification,
      fallbackSecondaryRateRetryAfter: 60,
      retryAfterBaseValue: 1e3,
      id
    },
    octokitOptions.throttle
  );
  if (typeof state.onSecondaryRateLimit !== "function" || typeof state.onRateLimit !== "function") {
    throw new Error(`octokit/plugin-throttling error:
        You must pass the onSecondaryRateLimit and onRateLimit error handlers.
        See https://octokit.github.io/rest.js/#throttling

        const octokit = new Octokit({
          throttle: {
            onSecondaryRateLimit: (retryAfter, options) => {/* ... */},
            onRateLimit: (retryAfter, options) => {/* ... */}
          }
        })
    `);
  }
  let initialized = false;
  const initializeBottleneck = () => {
    if (initialized) {
      return;
    }
    initialized = true;
    if (groups.global == null) {
      createGroups(Bottleneck$1, common);
    }
    state.global = state.global ?? groups.global;
    state.auth = state.auth ?? groups.auth;
    state.search = state.search ?? groups.search;
    state.write = state.write ?? groups.write;
    state.notifications = state.notifications ?? groups.notifications;
    state.retryLimiter = state.retryLimiter ?? new Bottleneck$1();
    const events = {};
    const emitter = new Bottleneck$1.Events(events);
    events.on("secondary-limit", state.onSecondaryRateLimit);
    events.on("rate-limit", state.onRateLimit);
    events.on(
      "error",
      (e) => octokit.log.warn("Error in throttling-plugin limit handler", e)
    );
    state.retryLimiter.on("failed", async function(error, info) {
      const [state2, request, options] = info.args;
      const { pathname } = new URL(options.url, "http://github.test");
      const shouldRetryGraphQL = pathname.startsWith("/graphql") && error.status !== 401;
      if (!(shouldRetryGraphQL || error.status === 403 || error.status === 429)) {
        return;
      }
      const retryCount = ~~request.retryCount;
      request.retryCount = retryCount;
      options.request.retryCount = retryCount;
      const { wantRetry, retryAfter = 0 } = await (async function() {
        if (/\bsecondary rate\b/i.test(error.message)) {
          const retryAfter2 = Number(error.response.headers["retry-after"]) || state2.fallbackSecondaryRateRetryAfter;
          const wantRetry2 = await emitter.trigger(
            "secondary-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        if (error.response.headers != null && error.response.headers["x-ratelimit-remaining"] === "0" || (error.response.data?.errors ?? []).some(
          (error2) => error2.type === "RATE_LIMITED"
        )) {
          const rateLimitReset = new Date(
            ~~error.response.headers["x-ratelimit-reset"] * 1e3
          ).getTime();
          const retryAfter2 = Math.max(
            // Add one second so we retry _after_ the reset time
            // https://docs.github.com/en/rest/overview/resources-in-the-rest-api?apiVersion=2022-11-28#exceeding-the-rate-limit
            Math.ceil((rateLimitReset - Date.now()) / 1e3) + 1,
            0
          );
          const wantRetry2 = await emitter.trigger(
            "rate-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        return {};
      })();
      if (wantRetry) {
        request.retryCount++;
        return retryAfter * state2.retryAfterBaseValue;
      }
    });
  };
  octokit.hook.wrap("request", (request, options) => {
    initializeBottleneck();
    return wrapRequest(state, request, options);
  });
  return {};
}
throttling.VERSION = VERSION;
throttling.triggersNotification = triggersNotification;

// The GitHub client every mode uses: @actions/github's Octokit with the maintained plugins for a
// busy API. @octokit/plugin-retry repeats a request that met a 5xx or a dropped connection (with
// growing waits); @octokit/plugin-throttling waits out primary and secondary rate limits as long as
// GitHub says (Retry-After, X-RateLimit-Reset), within a budget; every request has a deadline.
// Creating an issue or a comment is not repeated blindly: create-once.ts looks for it first.
const DEFAULT_LIMITS = { retries: 4, waitBudgetSeconds: 600, requestTimeoutSeconds: 60 };
/** Statuses a retry cannot change; 403 and 429 are the throttling plugin's, which reads GitHub's headers. */
const DO_NOT_RETRY = [400, 401, 403, 404, 410, 422, 429, 451];
/** A fetch whose every request ends after `seconds`, whatever the caller's own signal does. */
function fetchWithDeadline(seconds) {
    return (input, init) => {
        const deadline = AbortSignal.timeout(seconds * 1000);
        const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
        return fetch(input, { ...init, signal });
    };
}
/** The throttling plugin's spacing of writes (1 s) and of writes that notify (3 s), in seconds of `ms`. */
function writeSpacing(ms) {
    return {
        write: new Bottleneck.Group({ id: 'octokit-write', maxConcurrent: 1, minTime: ms }),
        notifications: new Bottleneck.Group({ id: 'octokit-notifications', maxConcurrent: 1, minTime: 3 * ms }),
    };
}
/** The client for `token`, its waits logged as warnings. */
function gitHubClient(token, logger, limits = DEFAULT_LIMITS) {
    let waitedSeconds = 0;
    const wait = (kind) => (retryAfter, options, _client, retryCount) => {
        const request = `${options.method} ${options.url}`;
        if (retryCount >= limits.retries || waitedSeconds + retryAfter > limits.waitBudgetSeconds) {
            logger.warning(`GitHub's ${kind} on ${request}: not waiting ${formatDuration(retryAfter)} more (${formatDuration(waitedSeconds)} of the ${formatDuration(limits.waitBudgetSeconds)} budget waited, ${retryCount} retries)`);
            return false;
        }
        waitedSeconds += retryAfter;
        logger.warning(`GitHub's ${kind} on ${request}: waiting ${formatDuration(retryAfter)} as it asks, then retrying`);
        return true;
    };
    const client = getOctokit(token, {
        throttle: {
            onRateLimit: wait('rate limit'),
            onSecondaryRateLimit: wait('secondary rate limit'),
            retryAfterBaseValue: limits.secondMs ?? 1000,
            fallbackSecondaryRateRetryAfter: 60,
            ...(limits.secondMs === undefined ? {} : writeSpacing(limits.secondMs)),
        },
        retry: {
            retries: limits.retries,
            doNotRetry: DO_NOT_RETRY,
            retryAfterBaseValue: limits.secondMs ?? 1000,
        },
        request: { fetch: fetchWithDeadline(limits.requestTimeoutSeconds) },
        ...(limits.baseUrl === undefined ? {} : { baseUrl: limits.baseUrl }),
    }, retry, throttling);
    return Object.assign(client, { secondMs: limits.secondMs ?? 1000 });
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
];
/**
 * Input "mode": measure (the default: build, run, judge, comment), publish (comment only) or
 * history (append a nightly run to the history branch, find change points, open issues) or
 * bisect (find the commit where a cell changed) or bisect-comment (post its result on the alert
 * issue) or settings (read the file naming the nightly's runner, testbed and compiler).
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
                throw failure$1(error, 'move the branch to the new commit', options, true);
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
function failure$1(error, what, location, write) {
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
        throw failure$1(error, 'read the branch', location, false);
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
        throw failure$1(error, `list the directory of ${path}`, location, false);
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
        throw failure$1(error, 'read the file', location, false);
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
        throw failure$1(error, 'commit the new content', options, true);
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
    const results = parseResults(readFileSync$1(path, 'utf8'), path);
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
            files: [{ name: 'history.png', content: readFileSync$1(drawn.pngPath) }],
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

// Whether the measured head of a pull request was approved for publishing, decided from what the
// GitHub API says (github/approval-check.ts asks it). A fork's pull request ran code nobody with
// write access had necessarily read; its verdict is posted only when such a person approved that
// exact commit:
//   - an approving review whose commit is the measured SHA, by a user with write access (admin,
//     maintain or write), and not withdrawn by a later review of theirs on the same commit; or
//   - the fork label on the pull request, its latest `labeled` event by a user with write access,
//     and the pull request's head still the measured SHA (the label approves the head it was added
//     to; a push removes it, see the unlabel workflow).
// A branch of this repository needs no approval: whoever pushed it can write to the repository.
// Pure: the caller fetches the pull request, reviews, label events and permissions.
const REQUIRE_APPROVAL = ['forks', 'never'];
/** The permission levels (role names) that count as write access. */
const WRITE_ACCESS = ['admin', 'maintain', 'write'];
/** True for a branch of this repository (the head repository is the base repository). */
function sameRepository(pull) {
    return pull.headRepo !== null && pull.headRepo.toLowerCase() === pull.baseRepo.toLowerCase();
}
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
/**
 * The users whose permission the decision needs: those whose reviews approve the measured SHA,
 * and whoever added the fork label last while it is on and the head is still that SHA.
 */
function approvalCandidates(facts) {
    if (needsNone(facts) !== null)
        return [];
    const users = reviewApprovers(facts.reviews, facts.measuredSha);
    const labeller = lastLabeller(facts);
    if (labeller !== null &&
        facts.pull.labels.includes(facts.forkLabel) &&
        facts.pull.headSha === facts.measuredSha) {
        users.push(labeller);
    }
    return [...new Set(users)];
}
function short(sha) {
    return sha.slice(0, 12);
}
/** Why the label does not approve the measured head, for the message. */
function labelShortfall(facts, canWrite) {
    const { pull, forkLabel, measuredSha } = facts;
    if (!pull.labels.includes(forkLabel))
        return `the label \`${forkLabel}\` is not on it`;
    if (pull.headSha !== measuredSha) {
        return `the label \`${forkLabel}\` is on it, but its head moved on to ${short(pull.headSha)}`;
    }
    const labeller = lastLabeller(facts);
    if (labeller === null)
        return `no event says who added the label \`${forkLabel}\``;
    if (!canWrite(labeller))
        return `the label \`${forkLabel}\` was added by \`${labeller}\`, who cannot write to the repository`;
    return `the label \`${forkLabel}\` does not approve it`;
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
    const reviewer = reviewApprovers(facts.reviews, facts.measuredSha).find(canWrite);
    if (reviewer !== undefined)
        return { kind: 'approved', by: reviewer, how: 'review' };
    const labeller = lastLabeller(facts);
    const { pull, forkLabel, measuredSha } = facts;
    if (labeller !== null &&
        canWrite(labeller) &&
        pull.labels.includes(forkLabel) &&
        pull.headSha === measuredSha) {
        return { kind: 'approved', by: labeller, how: 'label' };
    }
    return {
        kind: 'awaiting',
        why: `no one with write access approved ${short(measuredSha)}: no approving review of that commit, and ` +
            labelShortfall(facts, canWrite),
    };
}

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
// head repository, its labels), its reviews, who added the fork label, and the permission of each
// user whose approval would count. Nothing here comes from the measuring run's artifact. Whether
// the head is a fork's is the measuring run's head repository (from the workflow_run event), and
// the pull request's head repository must be that one: a fork's run never counts as a branch of
// this repository because a pull request from such a branch has the same head commit.
function failure(what, query, error) {
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
        };
    }
    catch (error) {
        throw failure('the pull request', query, error);
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
        throw failure('the reviews', query, error);
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
        throw failure('the events', query, error);
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
    };
    if (query.requireApproval === 'never' || sameRepository(pull)) {
        return { approval: decideApproval({ ...base, reviews: [], labelEvents: [] }, new Map()), pull };
    }
    const facts = {
        ...base,
        reviews: await reviews(octokit, query),
        labelEvents: pull.labels.includes(query.forkLabel) ? await labelEvents(octokit, query) : [],
    };
    const permissions = new Map();
    for (const user of approvalCandidates(facts))
        permissions.set(user, await permissionOf(octokit, query, user));
    return { approval: decideApproval(facts, permissions), pull };
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
            'measurement is published only once someone with write access to the repository approved that ' +
            `commit: an approving review of it, or the label ${codeSpan(awaiting.forkLabel)} added while it is ` +
            'the head (a push removes the label; add it again after reading the new commits).',
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
        if (existsSync$1(dir))
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
function approvalLine(approval) {
    if (approval.kind === 'approved') {
        return `approved by ${approval.by} (${approval.how === 'review' ? 'an approving review of this commit' : 'the fork label'})`;
    }
    return `no approval needed: ${approval.kind === 'not-needed' ? approval.why : approval.kind}`;
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
        summary: renderVerdictSummary(verdict),
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
/** The status context, the fork label and whose heads need approval, checked. */
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
    return { statusContext, forkLabel: flags.forkLabel ?? DEFAULT_FORK_LABEL, requireApproval: known };
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

// The machine the nightly and the bisect workflows measure on, named once in the caller's
// repository (`.github/mysql-perf-gate.yml`), and read by the action's `mode: settings` in the first
// job of both workflows: the runner labels of the pinned machine, the testbed name its history is
// kept under, and the compiler both build with. The bisection reads the nightly's history of that
// testbed for its ends and must measure the midpoints on the same machine with the same compiler,
// so the three are written in one place. Every mistake is one line naming the file and the field.
const DEFAULT_SETTINGS_FILE = '.github/mysql-perf-gate.yml';
const MAX_BYTES = 64 * 1024;
const RunnerLabel = string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/, 'a runner label: letters, digits, "_", ".", ":" or "-"');
const WorkflowSettings = strictObject({
    /** The pinned machine's runner labels: one, or a list that all must match. */
    'runs-on': union([RunnerLabel, array(RunnerLabel).min(1).max(20)]),
    /** The name the history is kept under: the machine, not the runner's name. */
    testbed: string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'a testbed name: letters, digits, "_", "." or "-"'),
    /** As the action's compiler input: gcc-12, clang-16, a path, or CC:CXX. */
    compiler: string()
        .regex(/^[A-Za-z0-9_.+/:-]{1,200}$/, 'a compiler: a name such as gcc-12, a path, or CC:CXX'),
});
/** The settings file's text → the settings; one line naming the file and the field otherwise. */
function parseWorkflowSettings(text, path) {
    let data;
    try {
        data = distExports.parse(text);
    }
    catch (error) {
        throw new InputError(`${path} is not YAML: ${errorMessage(error).split('\n')[0] ?? ''}`);
    }
    const parsed = WorkflowSettings.safeParse(data);
    if (parsed.success)
        return parsed.data;
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? '' : `${formatPath(issue.path)}: `;
    const message = issue?.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : issue?.message;
    throw new InputError(`${path}: ${where}${message ?? 'invalid'} (expected runs-on, testbed and compiler; see docs/nightly.md)`);
}
/** Reads and checks the settings file (a regular file, at most 64 KiB). */
function readWorkflowSettings(path) {
    let text;
    try {
        const stats = lstatSync(path);
        if (!stats.isFile())
            throw new InputError(`${path} is not a regular file`);
        if (stats.size > MAX_BYTES)
            throw new InputError(`${path} is ${stats.size} bytes, over ${MAX_BYTES}`);
        text = readFileSync$1(path, 'utf8');
    }
    catch (error) {
        if (error instanceof InputError)
            throw error;
        throw new InputError(`cannot read ${path}: ${errorMessage(error)}; the nightly and bisect workflows name their runner, testbed and compiler there (docs/nightly.md)`);
    }
    return parseWorkflowSettings(text, path);
}
/** `runs-on` as the JSON a workflow's `fromJSON` takes: always a list. */
function runsOnJson(settings) {
    const labels = typeof settings['runs-on'] === 'string' ? [settings['runs-on']] : settings['runs-on'];
    return JSON.stringify(labels);
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
// fork-label, require-approval). The commit and the head repository come from the `workflow_run`
// event GitHub wrote (or the `head-sha` and `head-repository` inputs), never from the artifact.
/** The parts of a workflow_run event this mode reads; anything else in the payload is ignored. */
const WorkflowRunEvent = object({
    workflow_run: object({
        head_sha: string().optional(),
        head_branch: string().nullable().optional(),
        head_repository: object({ full_name: string().optional(), owner: object({ login: string() }) })
            .nullable()
            .optional(),
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
    await inCleanupScope(coreLogger, (scope) => buildServers(buildInputs.common, planBuilds(buildInputs), events, [], coreLogger, scope));
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
