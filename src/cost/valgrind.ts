// Running a server under valgrind's callgrind and counting only the measured window.
//
// The server starts with instrumentation off (--instr-atstart=no): start-up, bootstrap and the
// table fill run at valgrind's uninstrumented speed and count nothing. Around each measurement
// the run zeroes the counters, switches instrumentation on, lets sysbench run a fixed number of
// events, switches it off and dumps — all through vgdb, valgrind's gdbserver bridge, which talks
// to the process over FIFOs under the side's own directory (so nothing is left in /tmp).
import { readdir } from 'node:fs/promises';
import path from 'node:path';

import { BenchmarkError, DependencyError, tailLines } from '../errors.js';
import { exec, type ExecResult } from '../shell/exec.js';
import { type Confinement, UNCONFINED } from '../shell/sandbox.js';
import { enterSandbox } from '../shell/sandbox-entry.js';
import { isRunning } from '../shell/proc-stat.js';
import { quickDeadline } from '../shell/deadline.js';

export const VALGRIND = 'valgrind';
export const VGDB = 'vgdb';
export const VALGRIND_INSTALL_HINT =
  'metric: instructions runs the server under valgrind: on Debian/Ubuntu `sudo apt-get install valgrind`';

/**
 * vgdb answers in well under a second while the process lives, but waits for good on a process
 * that died (it keeps waiting for the FIFO to be read): past this, the call is given up. A vgdb
 * given up is killed outright: when the process was blocked in a system call, vgdb attached to
 * it with ptrace, and while it stays attached a process that died is held as a zombie that its
 * parent (this run) never hears of.
 */
export const VGDB_TIMEOUT_MS = 60_000;
/** How often a vgdb command in flight checks that its process still lives. */
const LIVENESS_POLL_MS = 200;

/** Starting under valgrind takes longer (and far longer on a busy machine) than natively. */
export const VALGRIND_START_TIMEOUT_MS = 600_000;
export const VALGRIND_STOP_TIMEOUT_MS = 300_000;

/** valgrind's version ("3.19.0"); DependencyError when valgrind or vgdb is missing. */
export async function checkValgrind(): Promise<string> {
  const result = await exec(VALGRIND, ['--version'], {
    check: false,
    installHint: VALGRIND_INSTALL_HINT,
    deadline: quickDeadline('valgrind --version'),
  });
  const match = /valgrind-(\d+\.\d+\.\d+\S*)/.exec(result.stdout);
  if (result.exitCode !== 0 || !match?.[1]) {
    throw new DependencyError(
      `\`${VALGRIND} --version\` did not print a version (${tailLines(result.stderr || result.stdout, 3)}); ${VALGRIND_INSTALL_HINT}`,
    );
  }
  await exec(VGDB, ['--help'], {
    check: false,
    installHint: VALGRIND_INSTALL_HINT,
    deadline: quickDeadline('vgdb --help'),
  });
  return match[1];
}

/**
 * Whether the server knows innodb_buffer_pool_size_max (MariaDB 10.11.? and later); `confinement`:
 * how the binary runs (sandboxed when built from untrusted code).
 */
export async function supportsBufferPoolSizeMax(
  binary: string,
  confinement: Confinement = UNCONFINED,
): Promise<boolean> {
  const command = confinement.wrap(binary, ['--no-defaults', '--verbose', '--help']);
  const result = await exec(command.file, command.args, {
    check: false,
    env: confinement.env(),
    deadline: quickDeadline(`${binary} --help`),
  });
  return /innodb[-_]buffer[-_]pool[-_]size[-_]max/.test(result.stdout);
}

export interface ValgrindLaunch {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
}

/** Where callgrind writes its dumps and vgdb its FIFOs, for one side. */
export interface CallgrindPaths {
  readonly dir: string;
  readonly vgdbPrefix: string;
  readonly outFile: string;
}

export function callgrindPaths(dir: string): CallgrindPaths {
  return {
    dir,
    vgdbPrefix: path.join(dir, 'vgdb'),
    // %p: valgrind substitutes the pid; dumps add ".<n>" to this name.
    outFile: path.join(dir, 'callgrind.out.%p'),
  };
}

/**
 * The command line that runs `binary serverArgs…` under callgrind with instrumentation off, or on
 * from the first instruction (`fromStart`: what an operation that starts the server counts).
 */
export function callgrindLaunch(
  paths: CallgrindPaths,
  binary: string,
  serverArgs: readonly string[],
  tmpdir: string,
  fromStart = false,
): ValgrindLaunch {
  return {
    command: VALGRIND,
    args: [
      '--tool=callgrind',
      `--instr-atstart=${fromStart ? 'yes' : 'no'}`,
      '--vgdb=yes',
      `--vgdb-prefix=${paths.vgdbPrefix}`,
      `--callgrind-out-file=${paths.outFile}`,
      binary,
      ...serverArgs,
    ],
    // valgrind's own temporary files go to the side's directory, removed with it.
    env: { ...process.env, TMPDIR: tmpdir, GLIBC_TUNABLES: withOneArena(process.env.GLIBC_TUNABLES) },
  };
}

/**
 * glibc's tunables with every thread allocating from one arena (unless they set arena_max). With
 * the default arenas, a new connection's thread takes over an arena another thread left, in
 * whatever state, and `_int_malloc` cost a statement 0.1–0.6% more or less from one server to the
 * next; with one arena the foreground's allocations see the same history on both sides.
 */
export function withOneArena(tunables: string | undefined): string {
  if (tunables === undefined || tunables === '') return 'glibc.malloc.arena_max=1';
  return /(^|:)glibc\.malloc\.arena_max=/.test(tunables) ? tunables : `${tunables}:glibc.malloc.arena_max=1`;
}

/** Dump files written for `pid` so far, oldest first: callgrind.out.<pid>.<n>. */
export async function dumpFiles(paths: CallgrindPaths, pid: number): Promise<string[]> {
  const prefix = `${path.basename(paths.outFile).replace('%p', String(pid))}.`;
  const entries = await readdir(paths.dir).catch(() => []);
  return entries
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)))
    .map((name) => path.join(paths.dir, name));
}

/** Talks to one callgrind-run process through vgdb's monitor commands. */
export class CallgrindControl {
  /**
   * `pid`: the process on this machine; `namespacePid`: the same process as it sees itself, which
   * differs when it runs in the sandbox's PID namespace. Its FIFOs and dumps are named with the
   * latter, and vgdb then runs in the sandbox's namespaces (shell/sandbox-entry.ts: the system's
   * vgdb, found before entering, with no capabilities), where that pid is the process's: vgdb's
   * ptrace, which wakes a process blocked in a system call, must reach it and nothing else. The
   * ptrace comes from outside: the sandbox's seccomp filter denies it to everything inside.
   */
  constructor(
    private readonly paths: CallgrindPaths,
    private readonly pid: number,
    private readonly namespacePid: number = pid,
  ) {}

  /** vgdb with `command`, in the process's namespaces when it is sandboxed. */
  private vgdbCommand(command: readonly string[]): {
    file: string;
    args: readonly string[];
    env?: NodeJS.ProcessEnv;
  } {
    const args = [`--vgdb-prefix=${this.paths.vgdbPrefix}`, `--pid=${this.namespacePid}`, ...command];
    if (this.namespacePid === this.pid) return { file: VGDB, args };
    return enterSandbox(this.pid, VGDB, args, VALGRIND_INSTALL_HINT);
  }

  /** Whether the process still runs (a zombie held by vgdb's ptrace does not). */
  alive(): boolean {
    return isRunning(this.pid);
  }

  private async monitor(...command: string[]): Promise<void> {
    const what = `"${command.join(' ')}" to the server under callgrind (pid ${this.pid})`;
    if (!this.alive()) throw new BenchmarkError(`cannot send ${what}: the process is gone`);
    const timeout = AbortSignal.timeout(VGDB_TIMEOUT_MS);
    // vgdb waits for a process that died after it started for as long as it is let: stop it then.
    const died = new AbortController();
    const watch = setInterval(() => {
      if (!this.alive()) died.abort();
    }, LIVENESS_POLL_MS);
    let result: ExecResult;
    try {
      const vgdb = this.vgdbCommand(command);
      result = await exec(vgdb.file, vgdb.args, {
        check: false,
        installHint: VALGRIND_INSTALL_HINT,
        ...(vgdb.env === undefined ? {} : { env: vgdb.env }),
        deadline: { what: `vgdb (${what})`, seconds: VGDB_TIMEOUT_MS / 1000 + 60 },
        signal: AbortSignal.any([timeout, died.signal]),
        killSignal: 'SIGKILL',
      });
    } catch (error) {
      if (died.signal.aborted) throw new BenchmarkError(`cannot send ${what}: the process died meanwhile`);
      if (!timeout.aborted) throw error;
      throw new BenchmarkError(
        `vgdb did not deliver ${what} within ${VGDB_TIMEOUT_MS / 1000} s${this.alive() ? '' : ': the process died meanwhile'}`,
      );
    } finally {
      clearInterval(watch);
    }
    if (result.exitCode !== 0 || result.signal !== null) {
      throw new BenchmarkError(
        `vgdb could not send ${what}: ${tailLines(`${result.stderr}\n${result.stdout}`, 5)}`,
      );
    }
  }

  /** Zeroes the counters and switches instrumentation on: the measured window starts. */
  async startCounting(): Promise<void> {
    await this.monitor('zero');
    await this.monitor('instrumentation', 'on');
  }

  /** Switches instrumentation off and dumps the window; returns the dump's path. */
  async stopCounting(hint: string): Promise<string> {
    await this.monitor('instrumentation', 'off');
    const before = new Set(await dumpFiles(this.paths, this.namespacePid));
    await this.monitor('dump', hint);
    const written = (await dumpFiles(this.paths, this.namespacePid)).filter((file) => !before.has(file));
    const file = written.at(-1);
    if (file === undefined) {
      throw new BenchmarkError(
        `callgrind (pid ${this.pid}) was asked to dump its counts but wrote no file in ${this.paths.dir}`,
      );
    }
    return file;
  }
}
