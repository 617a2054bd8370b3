// The process and memory limits of untrusted code: each untrusted build and server runs in a
// control group of its own (cgroup.ts) with both limits, watched while it runs. A limit reached
// ends the step in one line that names it (`the build of the head hit its process limit
// (--max-processes 4096): …`). A machine that gives no control group this tool may make runs
// untrusted code without the limits, and says so once.
import { totalmem } from 'node:os';

import { errorMessage, GateError } from '../errors.js';
import { formatMiB, plural } from '../format.js';
import { type CgroupSystem, cgroupSystem, type ControlGroup, type LimitCounts } from './cgroup.js';
import type { Logger } from './logger.js';
import type { Confinement } from './sandbox.js';

/**
 * The defaults, in one place (docs/security.md, "Limits", states them):
 * - a build: 4096 processes and threads (a compile job is 3 or 4 processes: `-j 64` uses ~250);
 * - a server: its connection threads at the suite's highest thread count, twice over (the threads
 *   of one cell may still be ending while the next connects), plus 512 for its background threads
 *   (MariaDB 10.11 starts ~30, MySQL 8.4 ~50), the bootstrap and the tool's own connections;
 * - memory: three quarters of the machine's, for a build as for a server: what is left keeps the
 *   runner, the tool and the other side going when untrusted code takes all it may.
 */
export const LIMIT_DEFAULTS = {
  buildProcesses: 4096,
  serverBackgroundProcesses: 512,
  serverProcessesPerThread: 2,
  memoryShare: 0.75,
} as const;

/** The default process limit of a server measured at up to `maxThreads` client threads. */
export function serverProcessLimit(maxThreads: number): number {
  return LIMIT_DEFAULTS.serverBackgroundProcesses + LIMIT_DEFAULTS.serverProcessesPerThread * maxThreads;
}

/** The default memory limit: a share of the machine's memory, in whole MiB. */
export function defaultMemoryBytes(machineBytes: number = totalmem()): number {
  return Math.floor((machineBytes * LIMIT_DEFAULTS.memoryShare) / 2 ** 20) * 2 ** 20;
}

/** The limits of one untrusted build or server, and how the user named them. */
export interface LimitSettings {
  readonly processes: number;
  readonly memoryBytes: number;
  /** `--max-processes`, `input "max-memory"`: named in the line a limit reached ends a step with. */
  readonly labels: { readonly processes: string; readonly memory: string };
}

/** A size as a flag takes it back: 2G, 1536M. */
export function sizeLabel(bytes: number): string {
  for (const [unit, size] of [
    ['T', 2 ** 40],
    ['G', 2 ** 30],
    ['M', 2 ** 20],
    ['K', 2 ** 10],
  ] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size}${unit}`;
  }
  return String(bytes);
}

/** The line for a limit counted past `before`, or undefined when none was reached. */
export function limitLine(
  what: string,
  settings: LimitSettings,
  before: LimitCounts,
  now: LimitCounts,
): string | undefined {
  const memory = now.memory - before.memory;
  if (memory > 0) {
    return (
      `${what} hit its memory limit (${settings.labels.memory} ${sizeLabel(settings.memoryBytes)}): ` +
      `the kernel killed ${plural(memory, 'process', 'processes')} of it for want of memory (${formatMiB(settings.memoryBytes)})`
    );
  }
  const processes = now.processes - before.processes;
  if (processes > 0) {
    return (
      `${what} hit its process limit (${settings.labels.processes} ${settings.processes}): ` +
      `${plural(processes, 'fork was', 'forks were')} refused at ${settings.processes} processes and threads`
    );
  }
  return undefined;
}

let warned = false;

/** The line a machine that cannot give a limit gets, once per process. */
function warnMissing(found: CgroupSystem, logger: Logger): void {
  if (warned) return;
  const missing = found.missing(['processes', 'memory']);
  if (missing.length === 0) return;
  warned = true;
  const which =
    missing.length === 2
      ? 'process and memory limits are'
      : `${missing[0] === 'processes' ? 'process' : 'memory'} limit is`;
  logger.warning(
    `the ${which} not enforced here: this machine gives this tool no cgroup (v2 or v1) it may make groups in for them, so untrusted builds and servers run without (docs/security.md, "Limits")`,
  );
}

/**
 * An untrusted build's or server's control group with its limits: what confines its commands,
 * the line of a limit it reached, and a signal that aborts what it runs when it reaches one.
 */
export class LimitedGroup {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private readonly before: LimitCounts;

  private constructor(
    readonly group: ControlGroup,
    /** How a line names it: "the build of the head", "the head's server". */
    readonly what: string,
    readonly settings: LimitSettings,
    private readonly pollMs: number,
  ) {
    this.before = group.limitCounts();
  }

  /**
   * The group `label` with `settings`, or undefined (said once) where the machine gives no group.
   * A group that cannot be made is an error: untrusted code is not run without the limits asked.
   */
  static async open(
    label: string,
    what: string,
    settings: LimitSettings,
    logger: Logger,
    found: CgroupSystem = cgroupSystem(),
    pollMs = 250,
  ): Promise<LimitedGroup | undefined> {
    warnMissing(found, logger);
    if (!found.usable) return undefined;
    const group = await found
      .create(label, { processes: settings.processes, memoryBytes: settings.memoryBytes }, (event) => {
        logger.debug(event.message);
      })
      .catch((error: unknown) => {
        throw new GateError(`could not make the control group for ${what}: ${errorMessage(error)}`, {
          cause: error,
        });
      });
    logger.info(
      `${what} runs in the control group ${group.name}: at most ${settings.processes} processes and threads (${settings.labels.processes}), ${formatMiB(settings.memoryBytes)} of memory (${settings.labels.memory})`,
    );
    return new LimitedGroup(group, what, settings, pollMs);
  }

  /** `confinement` with every command it runs joining the group first (outside the sandbox). */
  confine(confinement: Confinement): Confinement {
    return this.group.confine(confinement);
  }

  /** The line of a limit reached since the group was made; undefined while none was. */
  reached(): string | undefined {
    return limitLine(this.what, this.settings, this.before, this.group.limitCounts());
  }

  /**
   * Aborted when a limit is reached (or `also` aborts): hand it to what runs in the group. The
   * kernel's counts are read every `pollMs` from the first call on.
   */
  signal(also?: AbortSignal): AbortSignal {
    if (this.timer === undefined) {
      this.timer = setInterval(() => {
        const line = this.reached();
        if (line !== undefined) this.controller.abort(new GateError(line));
      }, this.pollMs);
      this.timer.unref();
    }
    return also === undefined ? this.controller.signal : AbortSignal.any([this.controller.signal, also]);
  }

  /** Stops watching, kills what is left in the group and removes it. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.group.remove();
  }
}

/** `message` after the line of a limit `group` reached, if it reached one: the cause, said first. */
export function afterLimit(group: LimitedGroup | undefined, message: string): string {
  const limit = group?.reached();
  return limit === undefined ? message : `${limit}; ${message}`;
}
