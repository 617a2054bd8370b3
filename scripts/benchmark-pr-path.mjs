#!/usr/bin/env node
// How long a pull request waits for its verdict on this machine: the base built once (not
// counted: a runner has built its base before), then the head's build in the same build
// directory, the run of both, and compare, each timed here and broken into its stages.
//
//   node scripts/benchmark-pr-path.mjs --source TREE --base SHA --head SHA [--compiler gcc-12]
//        [--suite instructions] [--work DIR] [--build-dir DIR] [--serial] [-- extra run flags]
//
// One build directory serves both builds (default DIR/build; keep it between runs, as a runner
// would: a new one compiles everything once). TREE is a git checkout of a MySQL-family server; it is left checked out at HEAD's commit. The
// CLI is this clone's dist/cli.js. Prints each command's output as it goes, then the stage table
// and the total; the tables and figures go to DIR/benchmark.json too.
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
  const args = ['build', '--source', values.source, '--compiler', values.compiler];
  return timed(label, [...args, '--prefix', prefix, '--build-dir', buildDir]);
}

// Both builds check commits out in TREE: local changes would go into both, unseen.
if (git('status', '--porcelain', '--untracked-files=no') !== '') {
  fail(`${values.source} has local changes to tracked files; commit or stash them first`);
}
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const baseSha = git('rev-parse', values.base);
const headSha = git('rev-parse', values.head);
const baseSeconds = build(baseSha, join(work, 'base'), 'base build (once per base, not counted)');
const headBuild = build(headSha, join(work, 'head'), 'head build');
const results = join(work, 'results.json');
const runArgs = ['run', '--base', join(work, 'base'), '--head', join(work, 'head'), '--suite', values.suite];
const parallel = values.serial ? ['--no-parallel-sides'] : [];
const run = timed('run', [...runArgs, ...parallel, '--out', results, ...positionals]);
const compare = timed('compare', ['compare', results, '--report-dir', join(work, 'report')], [0, 1]);

const info = readJson(join(work, 'head/build.json'));
const stages = readJson(results).stages;
const verdict = readJson(join(work, 'report/verdict.json'));
const rows = [
  ['head build', headBuild, ''],
  ['  configure', info.seconds.configure, ''],
  [
    '  compile',
    info.seconds.build,
    `${info.ninja?.steps ?? '?'} steps, ${info.ninja?.compiledCount ?? '?'} compiled`,
  ],
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
const width = Math.max(...rows.map(([name]) => name.length), 'total'.length);
const lines = [
  `${'stage'.padEnd(width)}  ${'time'.padStart(8)}`,
  ...rows.map(([name, seconds, detail]) =>
    `${name.padEnd(width)}  ${format(seconds).padStart(8)}  ${detail}`.trimEnd(),
  ),
  `${'total'.padEnd(width)}  ${format(total).padStart(8)}  head pushed → verdict (${Math.floor(total / 60)} min ${Math.round(total % 60)} s)`,
  `(base build, once per base: ${format(baseSeconds)})`,
];
process.stdout.write(`\n${lines.join('\n')}\n`);
writeFileSync(
  join(work, 'benchmark.json'),
  `${JSON.stringify({ base: baseSha, head: headSha, baseSeconds, headBuild, run, compare, total, rows }, null, 2)}\n`,
);
