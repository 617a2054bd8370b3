#!/usr/bin/env node
// How long a pull request waits for its verdict on this machine: the base built once (not
// counted: a runner has built its base before), then the head's build in the same build
// directory, the run of both, and compare, each timed here and broken into its stages.
//
//   node scripts/benchmark-pr-path.mjs --source TREE --base SHA --head SHA [--compiler gcc-12]
//        [--suite instructions] [--work DIR] [--build-dir DIR] [--serial] [--fork]
//        [-- extra run flags]
//
// One build directory serves both builds (default DIR/build; keep it between runs, as a runner
// would: a new one compiles everything once). TREE is a git checkout of a MySQL-family server; it
// is left checked out at HEAD's commit. With --fork the head is a fork's, as the measuring job
// has it: checked out apart (DIR/fork-tree, a clone of TREE), built in the sandbox (build
// --untrusted) from a private copy of the base's build directory, with its own ccache
// (DIR/fork-ccache: remove it for a first push, keep it for a later one) and the trusted one
// read-only, then measured with --untrusted-side head. The CLI is this clone's dist/cli.js.
// Prints each command's output as it goes, then the stage table and the total; the tables and
// figures go to DIR/benchmark.json too.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist/cli.js');

function fail(message) {
  process.stderr.write(`benchmark-pr-path: ${message}\n`);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  options: {
    source: { type: 'string' },
    base: { type: 'string' },
    head: { type: 'string' },
    compiler: { type: 'string', default: 'gcc-12' },
    suite: { type: 'string', default: 'instructions' },
    work: { type: 'string', default: 'pr-path' },
    'build-dir': { type: 'string' },
    serial: { type: 'boolean', default: false },
    fork: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
if (!values.source || !values.base || !values.head) fail('give --source TREE, --base SHA and --head SHA');
if (!existsSync(CLI)) fail(`${CLI} is missing: run npm run bundle first`);
const work = resolve(values.work);
mkdirSync(work, { recursive: true });
const buildDir = resolve(values['build-dir'] ?? join(work, 'build'));

function git(...args) {
  const done = spawnSync('git', ['-C', values.source, ...args], { encoding: 'utf8' });
  if (done.status !== 0) fail(`git ${args.join(' ')}: ${done.stderr.trim()}`);
  return done.stdout.trim();
}

/** Runs the CLI with its output shown; seconds of wall time. */
function timed(label, args, okCodes = [0]) {
  process.stderr.write(`\n== ${label}: mysql-perf-gate ${args.join(' ')}\n`);
  const start = performance.now();
  const done = spawnSync(process.execPath, [CLI, ...args], { stdio: 'inherit' });
  const seconds = (performance.now() - start) / 1000;
  if (!okCodes.includes(done.status ?? -1))
    fail(`${label} ended with exit status ${done.status ?? done.signal}`);
  return seconds;
}

function build(sha, prefix, label) {
  git('checkout', '--quiet', sha);
  const args = ['build', '--source', values.source, '--compiler', values.compiler, '--prefix', prefix];
  return timed(label, [...args, '--build-dir', buildDir]);
}

/**
 * A fork's head, as the measuring job has it: its own checkout (DIR/fork-tree, a clone of TREE),
 * its own build directory (PREFIX.build, a fresh copy of the base's) and ccache.
 */
function forkBuild(sha, prefix, label) {
  const tree = join(work, 'fork-tree');
  // A clone, as the job's checkout is: a worktree's .git names a directory outside the sandbox,
  // where the build's `git rev-parse HEAD` (MariaDB's source revision) cannot follow it.
  if (!existsSync(tree)) git('clone', '--quiet', '--no-checkout', values.source, tree);
  const checkout = spawnSync('git', ['-C', tree, 'checkout', '--quiet', '--detach', sha], {
    encoding: 'utf8',
  });
  if (checkout.status !== 0) fail(`git checkout ${sha} in ${tree}: ${checkout.stderr.trim()}`);
  const args = ['build', '--source', tree, '--compiler', values.compiler, '--prefix', prefix];
  const sandbox = ['--untrusted', '--ccache-dir', join(work, 'fork-ccache'), '--base-build-dir', buildDir];
  return timed(label, [...args, ...sandbox]);
}

// Both builds check commits out in TREE: local changes would go into both, unseen.
if (git('status', '--porcelain', '--untracked-files=no') !== '') {
  fail(`${values.source} has local changes to tracked files; commit or stash them first`);
}
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const baseSha = git('rev-parse', values.base);
const headSha = git('rev-parse', values.head);
const baseSeconds = build(baseSha, join(work, 'base'), 'base build (once per base, not counted)');
const headBuild = values.fork
  ? forkBuild(headSha, join(work, 'head'), "fork's head build")
  : build(headSha, join(work, 'head'), 'head build');
const results = join(work, 'results.json');
const runArgs = ['run', '--base', join(work, 'base'), '--head', join(work, 'head'), '--suite', values.suite];
if (values.fork) runArgs.push('--untrusted-side', 'head');
const parallel = values.serial ? ['--no-parallel-sides'] : [];
const run = timed('run', [...runArgs, ...parallel, '--out', results, ...positionals]);
const compare = timed('compare', ['compare', results, '--report-dir', join(work, 'report')], [0, 1]);

const info = readJson(join(work, 'head/build.json'));
const stages = readJson(results).stages;
const verdict = readJson(join(work, 'report/verdict.json'));
const from = info.startedFrom;
const steps = `${info.ninja?.steps ?? '?'} steps` + (from ? ` of ${from.totalSteps}` : '');
const whole = from?.full ? ' (a whole build)' : '';
const hits = info.ccache?.used
  ? `; ccache ${info.ccache.hits} hits (${info.ccache.remoteHits ?? 0} from the trusted store)`
  : '';
const rows = [
  ['head build', headBuild, values.fork ? 'in the sandbox' : ''],
  ...(from
    ? [["  copy of the base's build", from.seconds, `${from.changedFiles} files of the tree changed`]]
    : []),
  ['  configure', info.seconds.configure, ''],
  ['  compile', info.seconds.build, `${steps}${whole}, ${info.ninja?.compiledCount ?? '?'} compiled${hits}`],
  ['  install', info.seconds.install, ''],
  ['run', run, values.serial ? 'one side at a time' : 'both sides at once where the suite counts'],
  ...Object.entries(stages?.sides ?? {}).flatMap(([side, s]) => [
    [`  server start (${side})`, s.start, ''],
    [`  data prepare (${side})`, s.prepare, ''],
    [`  measure (${side})`, s.measure, ''],
  ]),
  ['  measure (wall)', stages?.measure ?? 0, ''],
  ['compare', compare, `verdict ${verdict.verdict}`],
];
const total = headBuild + run + compare;
const format = (seconds) => `${seconds.toFixed(1)} s`;
const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
const width = Math.max(...rows.map(([name]) => name.length), 'total'.length);
const lines = [
  `${'stage'.padEnd(width)}  ${'time'.padStart(8)}`,
  ...rows.map(([name, seconds, detail]) =>
    `${name.padEnd(width)}  ${format(seconds).padStart(8)}  ${detail}`.trimEnd(),
  ),
  `${'total'.padEnd(width)}  ${format(total).padStart(8)}  head pushed → verdict (${minutes(total)})`,
  `(base build, once per base: ${format(baseSeconds)})`,
];
process.stdout.write(`\n${lines.join('\n')}\n`);
writeFileSync(
  join(work, 'benchmark.json'),
  `${JSON.stringify(
    { base: baseSha, head: headSha, fork: values.fork, baseSeconds, headBuild, run, compare, total, rows },
    null,
    2,
  )}\n`,
);
