import os from 'node:os';
import { dirname } from 'node:path';
import { n as newestEntry, m as median, O as Option, D as DEFAULT_KEEP, r as readResults, s as saveBaseline, I as InputError, a as readBaselineFile, l as listBaselines, B as BaselineError, c as checkKeep, p as parseCommit, C as CommanderError, b as InterruptedError, G as GateError, d as Command, e as packageVersion, f as addBuildCommands, g as createStderrLogger, h as runConfigFromFlags, w as withCleanupScope, i as renderResultsSummary, j as rawDirFor, k as runCompare, o as compareOptionsFromFlags, v as verdictExitCode, q as runSuite } from './common.js';
import 'node:fs';
import 'node:crypto';
import 'node:module';
import 'node:url';
import 'fs';
import 'node:timers/promises';
import 'node:child_process';
import 'node:fs/promises';
import 'node:net';
import 'buffer';
import 'events';
import 'process';
import 'net';
import 'tls';
import 'timers';
import 'stream';
import 'string_decoder';
import 'crypto';
import 'zlib';
import 'util';
import 'url';
import 'node:zlib';
import './common2.js';
import 'node:events';
import 'node:process';

// Text for `baseline show`: a list of stored baselines, or one file's history. Pure.
const COMMIT_LENGTH = 12;
/** Left-aligned columns, except those listed in `right` (numbers). */
function table(header, rows, right) {
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((cells) => (cells[column] ?? '').length)));
    const line = (cells) => cells
        .map((text, column) => right.has(column) ? text.padStart(widths[column] ?? 0) : text.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd();
    return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
function shortCommit(entry) {
    return entry.commit === undefined ? '-' : entry.commit.slice(0, COMMIT_LENGTH);
}
function formatTps(tps) {
    return tps >= 100 ? tps.toFixed(0) : tps.toFixed(2);
}
/** One row per baseline file: testbed, suite, options hash, entries, newest date and commit. */
function renderBaselineList(baselines) {
    const rows = baselines.map(({ path, file }) => {
        const newest = newestEntry(file);
        return [
            file.key.testbed,
            file.key.suite,
            file.key.optionsHash,
            String(file.entries.length),
            newest.savedAt,
            shortCommit(newest),
            path,
        ];
    });
    return table(['testbed', 'suite', 'options', 'entries', 'newest saved', 'commit', 'file'], rows, new Set([3]));
}
function describeOptions(options) {
    const pairs = Object.entries(options)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, value]) => `${name}=${value}`);
    return pairs.length === 0 ? 'none' : pairs.join(' ');
}
/** A file's key, its entries oldest first, and the newest entry's median tps per cell. */
function renderBaselineFile(file, path) {
    const entryRows = file.entries.map((entry, index) => [
        String(index + 1),
        entry.savedAt,
        entry.run.startedAt,
        shortCommit(entry),
        `${entry.facts.flavor} ${entry.facts.versionFunction}`,
        entry.facts.compiler.known ? entry.facts.compiler.name : 'unknown',
        entry.suiteHash,
        entry.environment.fingerprint,
    ]);
    const newest = newestEntry(file);
    const cellRows = newest.cells.map((cell) => {
        const tps = cell.repetitions.map((repetition) => repetition.report.tps);
        return [
            cell.workload,
            String(cell.threads),
            String(tps.length),
            formatTps(median(tps)),
            `${formatTps(Math.min(...tps))}–${formatTps(Math.max(...tps))}`,
        ];
    });
    return [
        `baseline ${path}`,
        `testbed ${file.key.testbed}, suite ${file.key.suite}, options ${file.key.optionsHash} (${describeOptions(file.key.options)})`,
        `${file.entries.length} ${file.entries.length === 1 ? 'entry' : 'entries'}, oldest first:`,
        '',
        table(['#', 'saved', 'measured', 'commit', 'server', 'compiler', 'suite hash', 'hardware'], entryRows, new Set([0])),
        '',
        `newest entry (#${file.entries.length}, commit ${shortCommit(newest)}): tps per cell over its repetitions`,
        '',
        table(['workload', 'threads', 'reps', 'tps (median)', 'tps range'], cellRows, new Set([1, 2, 3, 4])),
    ].join('\n');
}

// `mysql-perf-gate baseline save|show`: store one side of a results file as a baseline, and look
// at what is stored. Data goes to stdout, messages to stderr.
/** Same value as program.ts's EXIT_OK; not imported, since program.ts imports this module. */
const EXIT_OK$1 = 0;
const processIo = {
    stdout: (text) => {
        process.stdout.write(text);
    },
    stderr: (text) => {
        process.stderr.write(text);
    },
    env: process.env,
    now: () => new Date(),
};
function parseKeepFlag(text) {
    const keep = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isNaN(keep))
        throw new InputError(`--keep must be a whole number of entries, 1 or more; got "${text}"`);
    return checkKeep(keep, '--keep');
}
function commitFrom(flags, env) {
    if (flags.commit !== undefined)
        return parseCommit(flags.commit, '--commit');
    const sha = env.GITHUB_SHA;
    return sha === undefined || sha.trim() === '' ? undefined : parseCommit(sha, 'GITHUB_SHA');
}
function save(resultsPath, flags, io) {
    const keep = parseKeepFlag(flags.keep);
    const commit = commitFrom(flags, io.env);
    const results = readResults(resultsPath);
    const outcome = saveBaseline(flags.dir, results, {
        ...(flags.testbed === undefined ? {} : { testbed: flags.testbed }),
        ...(commit === undefined ? {} : { commit }),
        side: flags.side,
        keep,
        savedAt: io.now().toISOString(),
    });
    if (flags.testbed === undefined) {
        io.stderr(`testbed ${outcome.key.testbed} is the hardware fingerprint; --testbed gives it a name\n`);
    }
    if (commit === undefined)
        io.stderr('no commit recorded: pass --commit, or set GITHUB_SHA\n');
    for (const warning of outcome.warnings)
        io.stderr(`warning: ${warning}\n`);
    if (outcome.dropped > 0) {
        io.stderr(`dropped the oldest ${outcome.dropped} ${outcome.dropped === 1 ? 'entry' : 'entries'} to keep ${keep}\n`);
    }
    const count = `${outcome.entries} ${outcome.entries === 1 ? 'entry' : 'entries'}`;
    io.stdout(outcome.added
        ? `saved ${outcome.path} (${count}, newest last, keeping at most ${keep})\n`
        : `already stored: ${outcome.path} holds this run (${count}); nothing changed\n`);
}
function show(file, flags, io) {
    if (file !== undefined) {
        if (flags.testbed !== undefined || flags.suite !== undefined) {
            throw new InputError('--testbed and --suite choose baselines to list; leave them out when naming a FILE');
        }
        io.stdout(`${renderBaselineFile(readBaselineFile(file), file)}\n`);
        return;
    }
    const listing = listBaselines(flags.dir, flags.testbed);
    const shown = listing.found.filter((baseline) => flags.suite === undefined || baseline.file.key.suite === flags.suite);
    if (shown.length > 0)
        io.stdout(`${renderBaselineList(shown)}\n`);
    else {
        const filter = [
            flags.testbed === undefined ? '' : ` for testbed ${flags.testbed}`,
            flags.suite === undefined ? '' : ` for suite ${flags.suite}`,
        ].join('');
        io.stderr(`no baselines${filter} under ${flags.dir}${listing.exists ? '' : ' (the directory does not exist)'}; store one with: mysql-perf-gate baseline save RESULTS\n`);
    }
    if (listing.problems.length > 0) {
        throw new BaselineError(`${listing.problems.length} baseline ${listing.problems.length === 1 ? 'file' : 'files'} under ${flags.dir} could not be read:\n${listing.problems.join('\n')}`);
    }
}
/** Adds `baseline save` and `baseline show` to the program. */
function addBaselineCommands(program, onExitCode, io = processIo) {
    const baseline = program
        .command('baseline')
        .description('Store results as a baseline for later comparisons, and show stored baselines.');
    baseline
        .command('save')
        .description('Append one side of a results file (every repetition, server facts, machine, commit) to its baseline, ' +
        'keyed by testbed, suite and server options.')
        .argument('<results>', 'results JSON written by mysql-perf-gate run')
        .option('--dir <dir>', 'baselines directory', 'baselines')
        .option('--testbed <name>', 'testbed name (default: the hardware fingerprint of the results)')
        .option('--commit <sha>', 'commit measured (default: $GITHUB_SHA when set)')
        .addOption(new Option('--side <side>', 'side of an A/B run to store').choices(['head', 'base']).default('head'))
        .option('--keep <n>', 'entries kept per baseline, oldest dropped first', String(DEFAULT_KEEP))
        .action((resultsPath, flags) => {
        save(resultsPath, flags, io);
        onExitCode(EXIT_OK$1);
    });
    baseline
        .command('show')
        .description('List the baselines under --dir, or show the entries of one baseline FILE.')
        .argument('[file]', 'a baseline file to show in full')
        .option('--dir <dir>', 'baselines directory to list', 'baselines')
        .option('--testbed <name>', 'list only this testbed')
        .option('--suite <name>', 'list only this suite')
        .action((file, flags) => {
        show(file, flags, io);
        onExitCode(EXIT_OK$1);
    });
    // main() applies exitOverride to top-level commands only; usage errors in these nested ones
    // must throw a CommanderError too, not call process.exit.
    for (const command of [baseline, ...baseline.commands])
        command.exitOverride();
}

// The `mysql-perf-gate` command line. Flags are read once into a RunConfig; the work itself is
// the same runSuite the action calls.
const EXIT_OK = 0;
const EXIT_ERROR = 2;
function collect(value, previous) {
    return [...(previous ?? []), value];
}
async function runCommand(flags) {
    const logger = createStderrLogger({ verbose: flags.verbose ?? false });
    const config = runConfigFromFlags(flags);
    const results = await withCleanupScope((scope) => runSuite(config, logger, scope), (failures) => {
        logger.warning(`could not clean up everything:\n${failures.join('\n')}`);
    });
    logger.info('');
    logger.info(renderResultsSummary(results));
    logger.info('');
    logger.info(`results: ${config.outPath} (raw sysbench output and error logs: ${rawDirFor(config.outPath)}/)`);
    return EXIT_OK;
}
async function compareCommand(resultsPath, flags) {
    const outcome = await runCompare({
        resultsPath,
        baselinePath: flags.baseline ?? null,
        outDir: flags.out,
        force: flags.force ?? false,
        options: compareOptionsFromFlags({ ...flags, tolerance: flags.tolerance ?? [] }),
    });
    process.stdout.write(`${outcome.summary}\n\nverdict: ${outcome.verdictPath}\n` +
        `report: ${outcome.report.htmlPath}, comment: ${outcome.report.commentPath}, ` +
        `${outcome.report.charts.length} chart(s) in ${dirname(outcome.report.commentPath)}/charts/\n`);
    return verdictExitCode(outcome.verdict);
}
function buildProgram(onExitCode) {
    const program = new Command('mysql-perf-gate')
        .description('Tells whether a change made a MySQL-family server slower, with sysbench and statistics.')
        .version(packageVersion())
        .showHelpAfterError('(run with --help for usage)');
    program
        .command('run')
        .description('Measure one server (--server) or two interleaved (--base, --head) with a sysbench suite.')
        .option('--server <path>', 'mysqld/mariadbd binary, or an install prefix containing one')
        .option('--base <path>', 'base server for an A/B run (binary or install prefix)')
        .option('--head <path>', 'head server for an A/B run (binary or install prefix)')
        .option('--set <name=value>', 'server option for every side (repeatable)', collect)
        .option('--base-set <name=value>', 'server option for the base side only (repeatable)', collect)
        .option('--head-set <name=value>', 'server option for the head side only (repeatable)', collect)
        .option('--suite <name|file>', 'built-in suite (quick, standard, instructions) or a suite YAML file', 'quick')
        .option('--out <file>', 'results JSON to write; raw output goes to <file>.raw/ beside it', 'results.json')
        .option('--work-dir <dir>', 'where datadirs, sockets and logs live during the run (created if missing; default: a temp dir)')
        .option('--keep-work-dir', 'keep datadirs after the run, for debugging')
        .option('--verbose', 'show debug output (server start-up, commands)')
        .action(async (flags) => {
        onExitCode(await runCommand({
            ...flags,
            set: flags.set ?? [],
            baseSet: flags.baseSet ?? [],
            headSet: flags.headSet ?? [],
        }));
    });
    addBaselineCommands(program, onExitCode);
    addBuildCommands(program, onExitCode, {
        run: runCommand,
        compare: (resultsPath, flags) => compareCommand(resultsPath, flags),
    });
    program
        .command('compare')
        .description('Decide whether the head got slower than the base: exit 0 pass, 1 fail (a regression), 2 error.')
        .argument('<results>', 'results JSON written by run')
        .option('--baseline <file>', 'stored baseline to compare the head with (default: the base side of an A/B results file)')
        .option('--out <dir>', 'directory for verdict.json', 'report')
        .option('--tolerance <rule>', 'tolerance override, [WORKLOAD[@THREADS]:]METRIC=FRACTION, e.g. tps=0.03 or oltp_insert@64:tps=10% (repeatable)', collect)
        .option('--alpha <p>', 'significance level, after Holm adjustment across cells', '0.05')
        .option('--inconclusive <pass|fail>', 'what a too-noisy verdict counts as (it is always reported loudly)', 'pass')
        .option('--gate <metrics>', 'metrics whose cells decide the verdict, comma-separated (tps, latencyMs, instructions, instructionsTotal, cpuTimeUs, hwInstructions)', 'tps,instructions')
        .option('--force', 'compare even across suites or machines (the difference becomes a warning)')
        .action(async (resultsPath, flags) => {
        onExitCode(await compareCommand(resultsPath, flags));
    });
    return program;
}
/** Parses argv, runs the command, and returns the process exit status. Never throws. */
async function main(argv) {
    let exitCode = EXIT_OK;
    const program = buildProgram((code) => {
        exitCode = code;
    });
    const override = (command) => {
        command.exitOverride();
        command.commands.forEach(override);
    };
    override(program);
    try {
        await program.parseAsync([...argv]);
        return exitCode;
    }
    catch (error) {
        if (error instanceof CommanderError) {
            // --help and --version "fail" with exit code 0; usage errors were already printed.
            return error.exitCode === 0 ? EXIT_OK : EXIT_ERROR;
        }
        if (error instanceof InterruptedError) {
            process.stderr.write(`mysql-perf-gate: ${error.message}\n`);
            return 128 + os.constants.signals[error.signal];
        }
        const message = error instanceof GateError
            ? error.message
            : error instanceof Error
                ? (error.stack ?? error.message)
                : String(error);
        process.stderr.write(`mysql-perf-gate: ${message}\n`);
        return EXIT_ERROR;
    }
}

// Entry point of the `mysql-perf-gate` command.
process.exitCode = await main(process.argv);
