// The `build` command: a MySQL-family source tree, a compiler and an install prefix in; a server
// that `run --server PREFIX` accepts, with build.json beside it, out. Configures with CMake and
// the Ninja generator, builds with ninja (directly: ninja stops its compilers when it is
// signalled, while `cmake --build` would leave it running), installs with `cmake --install`.
//
// Every step's output goes to a log in the build directory, which is kept (an incremental rebuild
// reuses it, and a failure's log is the evidence). What the user sees is progress and, when a
// step fails, one line: the first compile error, the download the offline machine could not
// make and the option that avoids it, or CMake's own error.
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';

import { BuildError, DependencyError, errorMessage, InputError, tailLines } from '../errors.js';
import { packageVersion } from '../shell/package-root.js';
import { type BuildInfo, FLAVOR_NAMES } from '../results/results-schema.js';
import { inspectServer } from '../server/inspect.js';
import type { CleanupScope } from '../shell/cleanup.js';
import { exec, type ExecResult } from '../shell/exec.js';
import type { Logger } from '../shell/logger.js';
import { formatDuration } from '../run/progress.js';
import { cmakeError, downloadAttempt, failedTarget, firstCompileError, ninjaProgress } from './build-log.js';
import { ccacheFigures, type CcacheSetup, detectCcache, readCcacheCounters } from './ccache.js';
import { type BuildType, cmakeArgs } from './cmake-args.js';
import { type Compiler, resolveCompiler } from './compilers.js';
import { effectiveFlags, gitState, parseCmakeCache, writeBuildInfo } from '../server/build-info.js';
import { detectSourceTree, type SourceTree } from './source-tree.js';

export const BUILD_TYPES: readonly BuildType[] = ['RelWithDebInfo', 'Release', 'Debug', 'MinSizeRel'];

/** A build type as the user wrote it (any case) → CMake's spelling; `what` names the flag or input. */
export function parseBuildType(value: string, what: string): BuildType {
  const found = BUILD_TYPES.find((type) => type.toLowerCase() === value.toLowerCase());
  if (!found) throw new InputError(`${what} ${value}: expected one of ${BUILD_TYPES.join(', ')}`);
  return found;
}

export function parseCcacheMode(value: string, what: string): BuildRequest['ccache'] {
  if (value === 'auto' || value === 'on' || value === 'off') return value;
  throw new InputError(`${what} ${value}: expected auto, on or off`);
}

export interface BuildRequest {
  readonly source: string;
  /** gcc-12, clang-16, a path, or CC:CXX. */
  readonly compiler: string;
  readonly prefix: string;
  /** Default: "<prefix>.build" beside the prefix. */
  readonly buildDir?: string;
  readonly buildType: BuildType;
  readonly cmakeArgs: readonly string[];
  readonly jobs?: number;
  /** Build only these targets and do not install (a quick check of a configuration). */
  readonly targets: readonly string[];
  readonly ccache: 'auto' | 'on' | 'off';
  readonly ccacheDir?: string;
  /** Environment for the tools; tests point proxies at nothing to make downloads fail. */
  readonly env?: NodeJS.ProcessEnv;
}

export interface BuildOutcome {
  readonly info: BuildInfo;
  readonly prefix: string;
  readonly buildDir: string;
  /** build.json in the prefix; undefined when only targets were built. */
  readonly infoPath: string | undefined;
  /** The server binary installed; undefined when only targets were built. */
  readonly binary: string | undefined;
}

export async function buildServer(
  request: BuildRequest,
  logger: Logger,
  scope: CleanupScope,
): Promise<BuildOutcome> {
  const env = request.env ?? process.env;
  const tree = await detectSourceTree(request.source);
  const compiler = await resolveCompiler(request.compiler, env);
  await requireTool('cmake', 'cmake', env);
  await requireTool('ninja', 'ninja-build', env);
  const prefix = resolve(request.prefix);
  const buildDir = resolve(request.buildDir ?? `${prefix}.build`);
  checkDirectories(tree.root, prefix, buildDir);
  const jobs = request.jobs ?? availableParallelism();
  if (!Number.isInteger(jobs) || jobs < 1)
    throw new InputError(`--jobs must be a whole number ≥ 1, not ${jobs}`);

  const ccache = await setUpCcache(request, env);
  const toolEnv = 'env' in ccache ? ccache.env : env;
  const args = cmakeArgs({
    flavor: tree.flavor,
    version: tree.version,
    buildType: request.buildType,
    prefix,
    cc: compiler.cc,
    cxx: compiler.cxx,
    extra: request.cmakeArgs,
    ccache: 'env' in ccache,
    ...(tree.boostDir === undefined ? {} : { boostDir: tree.boostDir }),
  });

  logger.info(
    `building ${FLAVOR_NAMES[tree.flavor]} ${tree.version} from ${tree.root} with ${compiler.id} ${compiler.version} ` +
      `(${request.buildType}, ${jobs} job${jobs === 1 ? '' : 's'}, ccache ${'env' in ccache ? `in ${ccache.dir}` : `off: ${ccache.reason}`})`,
  );
  await mkdir(buildDir, { recursive: true });
  await freshenBuildDir(buildDir, tree, compiler, logger);
  const before = 'env' in ccache ? await readCcacheCounters(ccache) : undefined;
  const startedAt = new Date().toISOString();
  const git = await gitState(tree.root);

  // Configure.
  const configureLog = join(buildDir, 'configure.log');
  const configure = await logged(configureLog, scope, logger, 'configure', (sink) =>
    exec('cmake', ['-G', 'Ninja', '-S', tree.root, '-B', buildDir, ...args], {
      env: toolEnv,
      check: false,
      signal: scope.signal,
      onStdout: sink,
      onStderr: sink,
    }),
  );
  if (configure.result.exitCode !== 0) {
    throw new BuildError(configureFailure(configure.text, configureLog, configure.result));
  }
  logger.info(`configured in ${formatDuration(configure.seconds)} (log: ${configureLog})`);

  // Build.
  const buildLog = join(buildDir, 'build.log');
  const progress = new BuildProgress(logger);
  const build = await logged(buildLog, scope, logger, 'build', (sink) =>
    exec('ninja', ['-C', buildDir, '-j', String(jobs), ...request.targets], {
      env: toolEnv,
      check: false,
      signal: scope.signal,
      onStdout: (chunk) => {
        sink(chunk);
        progress.feed(chunk);
      },
      onStderr: sink,
    }),
  );
  if (build.result.exitCode !== 0) {
    throw new BuildError(buildFailure(build.text, buildLog, buildDir, tree, logger));
  }
  logger.info(`built in ${formatDuration(build.seconds)} (${progress.summary()}; log: ${buildLog})`);

  // Install.
  let installSeconds = 0;
  if (request.targets.length === 0) {
    const installLog = join(buildDir, 'install.log');
    const install = await logged(installLog, scope, logger, 'install', (sink) =>
      exec('cmake', ['--install', buildDir], {
        env: toolEnv,
        check: false,
        signal: scope.signal,
        onStdout: sink,
        onStderr: sink,
      }),
    );
    if (install.result.exitCode !== 0) {
      throw new BuildError(
        `install into ${prefix} failed: ${lastLine(install.text)}; full log: ${installLog}`,
      );
    }
    installSeconds = install.seconds;
  }

  const after = 'env' in ccache ? await readCcacheCounters(ccache) : undefined;
  const cacheText = await readFile(join(buildDir, 'CMakeCache.txt'), 'utf8');
  const info: BuildInfo = {
    format: 'mysql-perf-gate-build/1',
    flavor: tree.flavor,
    version: tree.version,
    source: { root: tree.root, gitCommit: git.commit, gitDirty: git.dirty },
    compiler: {
      id: compiler.id,
      version: compiler.version,
      versionLine: compiler.versionLine,
      cc: compiler.cc,
      cxx: compiler.cxx,
    },
    buildType: request.buildType,
    cmakeOptions: args,
    flags: effectiveFlags(cacheText, request.buildType),
    targets: [...request.targets],
    startedAt,
    seconds: {
      configure: round(configure.seconds),
      build: round(build.seconds),
      install: round(installSeconds),
    },
    jobs,
    ccache:
      'env' in ccache
        ? before && after
          ? { used: true, dir: ccache.dir, version: ccache.version, ...ccacheFigures(before, after) }
          : {
              used: false,
              reason: `ccache ${ccache.version} cannot print its counters (--print-stats needs 4.x)`,
            }
        : { used: false, reason: ccache.reason },
    tool: packageVersion(),
  };
  await writeBuildInfo(buildDir, info);
  const infoPath = request.targets.length > 0 ? undefined : await writeBuildInfo(prefix, info);
  let binary: string | undefined;
  if (infoPath !== undefined) {
    // What `run --server PREFIX` will do first: run the binary, read its version and build.json.
    // A server that cannot start its own --version, or is not the tree's version, fails here.
    const install = await inspectServer(prefix, '--prefix').catch((error: unknown) => {
      // One line: the check's own advice is about --server, which the user did not pass here.
      const lines = errorMessage(error)
        .split('\n')
        .filter((line) => line.trim() !== '' && !/^(Pass --|Is it a )/.test(line));
      throw new BuildError(
        `the server installed in ${prefix} failed its first check: ${lines.join(' ')} (logs: ${buildDir})`,
      );
    });
    binary = install.binary;
    logger.info(`installed: ${install.versionLine}`);
  }
  if (info.ccache.used) {
    const { hits, misses } = info.ccache;
    const rate = hits + misses === 0 ? 0 : (100 * hits) / (hits + misses);
    logger.info(
      `ccache: ${hits} hit(s), ${misses} miss(es) (${rate.toFixed(1)}% hits) in ${info.ccache.dir}`,
    );
  }
  return { info, prefix, buildDir, infoPath, binary };
}

async function requireTool(name: string, debianPackage: string, env: NodeJS.ProcessEnv): Promise<void> {
  await exec(name, ['--version'], {
    env,
    installHint: `it is needed to build from source; install it (Debian/Ubuntu: apt-get install ${debianPackage})`,
  });
}

function inside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

function checkDirectories(root: string, prefix: string, buildDir: string): void {
  if (inside(prefix, root) || inside(root, prefix)) {
    throw new InputError(`--prefix ${prefix} overlaps the source tree ${root}; install somewhere outside it`);
  }
  if (buildDir === root) {
    throw new InputError(
      `--build-dir ${buildDir} is the source tree; MySQL-family trees refuse in-source builds`,
    );
  }
  if (inside(buildDir, prefix) || inside(prefix, buildDir)) {
    throw new InputError(
      `--build-dir ${buildDir} and --prefix ${prefix} overlap; give them separate directories`,
    );
  }
}

async function setUpCcache(
  request: BuildRequest,
  env: NodeJS.ProcessEnv,
): Promise<CcacheSetup | { reason: string }> {
  if (request.ccache === 'off') return { reason: 'turned off (--ccache off)' };
  const found = await detectCcache(
    request.ccacheDir === undefined ? undefined : resolve(request.ccacheDir),
    env,
  );
  if ('reason' in found && request.ccache === 'on') {
    throw new DependencyError(`--ccache on: ${found.reason}`);
  }
  if ('dir' in found) await mkdir(found.dir, { recursive: true });
  return found;
}

/**
 * A build directory configured for another source tree or compiler would make CMake stop (other
 * source) or silently keep half of the old settings (other compiler): start it afresh instead.
 */
async function freshenBuildDir(
  buildDir: string,
  tree: SourceTree,
  compiler: Compiler,
  logger: Logger,
): Promise<void> {
  const text = await readFile(join(buildDir, 'CMakeCache.txt'), 'utf8').catch(() => undefined);
  if (text === undefined) return;
  const cache = parseCmakeCache(text);
  const differences = [
    ['source', cache.get('CMAKE_HOME_DIRECTORY'), tree.root],
    ['C compiler', cache.get('CMAKE_C_COMPILER'), compiler.cc],
    ['C++ compiler', cache.get('CMAKE_CXX_COMPILER'), compiler.cxx],
    ['generator', cache.get('CMAKE_GENERATOR'), 'Ninja'],
  ].filter(([, was, now]) => was !== undefined && was !== now);
  if (differences.length === 0) return;
  logger.info(
    `${buildDir} was configured with another ${differences.map(([what, was]) => `${what} (${was})`).join(', ')}; configuring it afresh`,
  );
  await rm(join(buildDir, 'CMakeCache.txt'), { force: true });
  await rm(join(buildDir, 'CMakeFiles'), { recursive: true, force: true });
}

/** Runs one step with its output teed into a log file that survives failure and interruption. */
async function logged(
  path: string,
  scope: CleanupScope,
  logger: Logger,
  step: string,
  run: (sink: (chunk: string) => void) => Promise<ExecResult>,
): Promise<{ result: ExecResult; text: string; seconds: number }> {
  scope.throwIfInterrupted();
  const stream: WriteStream = createWriteStream(path);
  const chunks: string[] = [];
  const sink = (chunk: string): void => {
    chunks.push(chunk);
    stream.write(chunk);
  };
  logger.info(`${step}…`);
  const start = performance.now();
  try {
    const result = await run(sink);
    return { result, text: chunks.join(''), seconds: (performance.now() - start) / 1000 };
  } finally {
    await new Promise<void>((done) => stream.end(done));
    if (scope.interrupted) logger.info(`${step} interrupted; its output so far is in ${path}`);
  }
}

function lastLine(text: string): string {
  return tailLines(text, 1) || '(no output)';
}

function exitText(result: ExecResult): string {
  return result.signal ? `killed by ${result.signal}` : `exit status ${result.exitCode}`;
}

/** One line for a failed configure. Pure. */
export function configureFailure(text: string, logPath: string, result: ExecResult): string {
  const download = downloadAttempt(text);
  if (download) {
    return `configure tried to download ${download.what} (${download.url}), which failed; ${download.hint}; full log: ${logPath}`;
  }
  const error = cmakeError(text);
  if (error) {
    return `configure failed: ${error.summary}${error.hint ? `; ${error.hint}` : ''}; full log: ${logPath}`;
  }
  return `configure failed (cmake ${exitText(result)}): ${lastLine(text)}; full log: ${logPath}`;
}

/** One line for a failed build, and the compile error annotated where the logger can. */
function buildFailure(
  text: string,
  logPath: string,
  buildDir: string,
  tree: SourceTree,
  logger: Logger,
): string {
  const download = downloadAttempt(text);
  if (download) {
    return `the build tried to download ${download.what} (${download.url}), which failed; ${download.hint}; full log: ${logPath}`;
  }
  const error = firstCompileError(text);
  if (error) {
    // Ninja runs compilers in the build directory: a relative path is relative to it.
    const file = isAbsolute(error.file) ? error.file : resolve(buildDir, error.file);
    const shown = inside(file, tree.root) ? relative(tree.root, file) : error.file;
    if (error.line > 0) {
      logger.annotate?.(error.message, {
        file,
        line: error.line,
        ...(error.column === undefined ? {} : { column: error.column }),
      });
      return `compile error: ${shown}:${error.line}: ${error.message}; full log: ${logPath}`;
    }
    return `link error: ${error.file}: ${error.message}; full log: ${logPath}`;
  }
  const target = failedTarget(text);
  return `build failed${target ? ` at ${target}` : ''}: ${lastLine(text)}; full log: ${logPath}`;
}

function round(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}

/**
 * Ninja prints "[done/total] what" for every step. Progress is shown at each further 5% of the
 * steps, or every minute when steps are slow. No time left is shown: steps are far from equal (a
 * MariaDB build did 84% of its steps in 63% of its time, then the large sql/ files), so any estimate
 * from the pace so far is off by minutes.
 */
export class BuildProgress {
  private pending = '';
  private lastPercent = 0;
  private lastShownS: number;
  private readonly startS: number;
  private done = 0;
  private total = 0;

  constructor(
    private readonly logger: Logger,
    private readonly now: () => number = () => performance.now() / 1000,
  ) {
    this.startS = now();
    this.lastShownS = this.startS;
  }

  feed(chunk: string): void {
    const lines = (this.pending + chunk).split('\n');
    this.pending = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  summary(): string {
    return this.total === 0 ? 'nothing to do' : `${this.done}/${this.total} steps`;
  }

  private line(line: string): void {
    const step = ninjaProgress(line);
    if (!step) return;
    this.done = step.done;
    this.total = step.total;
    const percent = Math.floor((100 * step.done) / step.total);
    const t = this.now();
    if (percent < this.lastPercent + 5 && t - this.lastShownS < 60 && step.done !== step.total) return;
    this.lastPercent = percent;
    this.lastShownS = t;
    const elapsed = t - this.startS;
    this.logger.progress(
      `build: ${step.done}/${step.total} (${percent}%) — elapsed ${formatDuration(elapsed)}`,
    );
  }
}
