// What `run` checks before it starts anything, and before it waits for the machine lock: sysbench,
// each side's server and options, valgrind and the hardware counters, where the processes run,
// whether both sides are measured at once, and where the results go and the room they need. A typo
// or a missing tool must not cost a bootstrap, nor a wait for another run.
import { readFileSync } from 'node:fs';

import { InputError } from '../errors.js';
import { detectPerfCounters, type PerfSupport } from '../cost/perf.js';
import { checkValgrind, supportsBufferPoolSizeMax } from '../cost/valgrind.js';
import { valgrindServerOptions } from '../cost/valgrind-options.js';
import type { Placement, SideName } from '../results/results-schema.js';
import { inspectServer, type ServerInstall } from '../server/server.js';
import { inspectRemote, remoteConnection } from '../server/remote.js';
import { isOperationKind } from '../workload/operation-names.js';
import { describeFlavor } from '../flavor/flavors.js';
import { operationsRefusal } from '../flavor/version.js';
import { restoresData } from '../workload/kinds.js';
import { mergeOptions, normalizeOptionName } from '../server/options.js';
import { installSandbox } from '../server/server-sandbox.js';
import { allowedCpus, TASKSET } from '../shell/cpu-affinity.js';
import { exec } from '../shell/exec.js';
import { checkSandbox, UNCONFINED } from '../shell/sandbox.js';
import type { Logger } from '../shell/logger.js';
import { HEAD_SETTINGS } from '../suite/head-settings.js';
import { variantConnections, variedOptions } from '../suite/variants.js';
import { checkSysbench } from '../sysbench/runner.js';
import { chooseParallelSides, choosePlacement, type ParallelSides } from './placement.js';
import { mostClientThreads, threadLimitProblems } from './thread-limits.js';
import type { RunConfig, SideConfig } from './run-config.js';
import { quickDeadline } from '../shell/deadline.js';
import { checkOutputs, checkRoom } from './outputs.js';

/** One side as checked: its configuration, the server found for it and the options it starts with. */
export interface CheckedSide {
  readonly config: SideConfig;
  readonly install: ServerInstall;
  /** The suite's, the common and the side's own options merged, with valgrind's needs for instruction suites. */
  readonly options: Readonly<Record<string, string>>;
}

/** What was checked before anything started. */
export interface Preflight {
  readonly sysbenchVersion: string;
  /** valgrind's version when the suite counts instructions. */
  readonly valgrind: string | undefined;
  readonly perf: PerfSupport;
  /** Where the server and sysbench run. */
  readonly placement: Placement;
  /** Whether base and head are measured at once, each on CPUs of its own. */
  readonly parallel: ParallelSides;
  /** The sides in the configuration's order. */
  readonly sides: readonly CheckedSide[];
  /** The free-space check, made again once the machine lock is ours (see checkSpaceBeforeLock). */
  readonly checkRoomAgain: () => void;
}

/** Checks sysbench, the servers, their options and the cost counters: a typo must not cost a bootstrap. */
export async function checkBeforeStarting(config: RunConfig, logger: Logger): Promise<Preflight> {
  const { suite } = config;
  const sysbenchVersion = await checkSysbench();
  const userOptions = config.sides.map((side) =>
    mergeOptions([
      { source: `suite ${suite.name} serverOptions`, options: suite.serverOptions },
      { source: config.names.set, options: config.commonOptions },
      { source: side.labels.options, options: side.options },
    ]),
  );
  await checkUntrustedSides(config, logger);
  checkTrustedOptions(config, userOptions);
  checkVariedOptions(config);
  checkThreadLimits(config, userOptions);
  checkRemoteSides(config);
  checkAlignedHead(config);
  checkOutputs(config);
  const installs = await Promise.all(
    config.sides.map((side) =>
      side.remote === undefined
        ? inspectServer(side.server, side.labels.server, side.untrusted === true)
        : inspectRemote(remoteConnection(side.remote), side.labels.server),
    ),
  );
  checkOperationServers(config, installs);
  const instructions = suite.metric === 'instructions';
  const valgrind = instructions ? await checkValgrind() : undefined;
  const sandboxed = config.sides.map((side) => side.untrusted === true);
  const options = instructions ? await withValgrindOptions(installs, userOptions, sandboxed) : userOptions;
  const perf: PerfSupport = instructions
    ? { available: false, reason: 'not counted with metric: instructions (callgrind counts instead)' }
    : await detectPerfCounters('instructions');
  if (!perf.available && !instructions) {
    logger.info(`hardware instruction counts: not available (${perf.reason}); measuring without them`);
  }
  const placement = await placeProcesses(config, logger);
  const parallel = await measureAtOnce(config, logger);
  const sides = config.sides.map((side, index) => checkedSide(side, installs[index], options[index]));
  const checkRoomAgain = checkRoom(config, sides, logger);
  return { sysbenchVersion, valgrind, perf, placement, parallel, sides, checkRoomAgain };
}

/**
 * An option a suite's variants set may not also come from a flag: one of the two would silently
 * lose, and every cell of the variant's dimension would be mislabelled.
 */
function checkVariedOptions(config: RunConfig): void {
  const varied = new Set([...variedOptions(config.suite.variants)].map(normalizeOptionName));
  const layers = [
    { source: config.names.set, options: config.commonOptions },
    ...config.sides.map((side) => ({ source: side.labels.options, options: side.options })),
  ];
  for (const { source, options } of layers) {
    const clash = Object.keys(options).find((name) => varied.has(normalizeOptionName(name)));
    if (clash !== undefined) {
      throw new InputError(
        `${source} ${clash}: suite ${config.suite.name} varies ${clash} (variants); ` +
          'drop the flag, or measure a suite without that variant',
      );
    }
  }
}

/**
 * What a server on another machine cannot do: be restarted under a variant or between
 * repetitions, have its datadir restored, run under valgrind, or be sandboxed.
 */
function checkRemoteSides(config: RunConfig): void {
  const remote = config.sides.find((side) => side.remote !== undefined);
  if (remote === undefined) return;
  const { suite } = config;
  const refuse = (why: string): never => {
    throw new InputError(`${remote.labels.server} ${remote.server}: ${why}`);
  };
  if (suite.metric === 'instructions')
    refuse('instructions are counted under valgrind, on this machine only');
  const varied = [...variedOptions(suite.variants)];
  if (varied.length > 0) {
    refuse(
      `suite ${suite.name} varies ${varied.join(', ')} (variants), and the run cannot restart a server on another machine`,
    );
  }
  if (suite.restartBetweenRepetitions) refuse(`suite ${suite.name} restarts the server between repetitions`);
  if (restoresData(suite))
    refuse(`suite ${suite.name} restores a datadir (resetData: restore), which is on another machine`);
  const operation = suite.workloads.find((workload) => isOperationKind(workload.kind));
  if (operation !== undefined) {
    refuse(
      `workload ${operation.name} of suite ${suite.name} is a ${operation.kind ?? ''} (an operational cell), which kills, copies and starts the server: only one the run started`,
    );
  }
  if (remote.untrusted === true) refuse('a server on another machine is not sandboxed here');
}

/**
 * A server too old for the flavor's settings and statements of operational cells is refused
 * before the run, once its version is known, rather than when its first operation starts it.
 */
export function checkOperationServers(
  config: Pick<RunConfig, 'suite' | 'sides'>,
  installs: readonly (Pick<ServerInstall, 'flavor' | 'version'> | undefined)[],
): void {
  const operation = config.suite.workloads.find((workload) => isOperationKind(workload.kind));
  if (operation === undefined) return;
  config.sides.forEach((side, index) => {
    const install = installs[index];
    const why = install && operationsRefusal(describeFlavor(install.flavor), install.version);
    if (why !== undefined) {
      throw new InputError(
        `${side.labels.server} ${side.server}: ${why}; suite ${config.suite.name} has them (workload ${operation.name})`,
      );
    }
  });
}

/**
 * What --align-settings needs: a base to align to, a head the run starts (and restarts) itself,
 * and no operational cells.
 */
export function checkAlignedHead(config: RunConfig): void {
  if (config.alignSettings === undefined) return;
  const { label } = config.alignSettings;
  const head = config.sides.find((side) => side.name === 'head');
  if (!config.sides.some((side) => side.name === 'base')) {
    throw new InputError(
      `${label}: the head is aligned to a base's settings; give one (${config.names.base} … ${config.names.head} …)`,
    );
  }
  if (head?.remote !== undefined) {
    throw new InputError(
      `${label}: the head is restarted with the base's settings, and the run cannot restart a server on another machine`,
    );
  }
  if (config.shard !== undefined) {
    throw new InputError(`${label}: not with ${config.names.shard}; measure the aligned head in one run`);
  }
  const operation = config.suite.workloads.find((workload) => isOperationKind(workload.kind));
  if (operation !== undefined) {
    throw new InputError(
      `${label}: not with operational cells (workload ${operation.name} of suite ${config.suite.name}, a ${operation.kind ?? ''}): a side's prepared datadir is copied once for them, and the aligned head restarts the head's server on its own; measure them in a run without ${label}`,
    );
  }
  if (config.suite.variants?.[HEAD_SETTINGS] !== undefined) {
    throw new InputError(
      `${label}: suite ${config.suite.name} has a variant dimension ${HEAD_SETTINGS}, the name the aligned head's cells take; rename it`,
    );
  }
}

/** Refuses a suite whose most client threads the servers' options or this machine cannot hold. */
function checkThreadLimits(config: RunConfig, options: readonly Record<string, string>[]): void {
  const threads = mostClientThreads(config.suite);
  if (threads === 0) return;
  const problems = threadLimitProblems({
    threads,
    // A server on another machine has its own max_connections, which the run does not set.
    options: config.sides.flatMap((side, index) =>
      side.remote === undefined ? [{ label: `the ${side.name} server`, options: options[index] ?? {} }] : [],
    ),
    openFiles: openFilesLimit(),
    setOption: config.names.set,
  });
  if (problems.length > 0) throw new InputError(`suite ${config.suite.name}: ${problems.join('; ')}`);
}

/** This process's soft limit on open files (/proc/self/limits); undefined when it cannot be read. */
function openFilesLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((text) => text.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined || soft === 'unlimited' ? undefined : Number(soft);
  } catch {
    return undefined;
  }
}

function checkedSide(
  config: SideConfig,
  install: ServerInstall | undefined,
  options: Readonly<Record<string, string>> | undefined,
): CheckedSide {
  if (!install || !options) throw new Error('side configuration out of step');
  return { config, install, options };
}

/**
 * Sides built from untrusted code run sandboxed: bubblewrap must work here (never a fallback to
 * running them unsandboxed), and the sandboxed server is reachable only through its socket.
 */
async function checkUntrustedSides(config: RunConfig, logger: Logger): Promise<void> {
  const untrusted = config.sides.filter((side) => side.untrusted === true);
  if (untrusted.length === 0) return;
  if (config.suite.connection === 'tcp' || variantConnections(config.suite.variants).includes('tcp')) {
    throw new InputError(
      `suite ${config.suite.name} connects over TCP, but a sandboxed server (${untrusted.map((side) => side.labels.server).join(', ')}) has a network of its own: use a suite with connection: socket`,
    );
  }
  await checkSandbox();
  logger.info(
    `sandboxed (untrusted code): ${untrusted.map((side) => side.name).join(' and ')}; its server, bootstrap and sysbench run in bubblewrap`,
  );
}

/**
 * With an untrusted side, the run's settings may have come from the untrusted side too (a fork's
 * copy of the calling workflow sets the action's inputs): a trusted side's server option naming a
 * path (plugin_dir, init_file…) could load the untrusted tree's code into a server that is not
 * sandboxed. Such options are refused.
 */
export function checkTrustedOptions(
  config: RunConfig,
  options: readonly Readonly<Record<string, string>>[],
): void {
  if (!config.sides.some((side) => side.untrusted === true)) return;
  config.sides.forEach((side, index) => {
    if (side.untrusted === true) return;
    const paths = Object.entries(options[index] ?? {}).filter(([, value]) => value.includes('/'));
    if (paths.length === 0) return;
    throw new InputError(
      `${paths.map(([name, value]) => `${name}=${value}`).join(', ')}: with an untrusted side, the trusted ${side.name}'s server takes no option that names a path (it would run unsandboxed what the path holds)`,
    );
  });
}

/** Where a side's server and sysbench run: the run's placement, or the side's own CPUs. */
export function sidePlacement(preflight: Preflight, side: SideName): Placement {
  if (!preflight.parallel.parallel) return preflight.placement;
  const cpus = preflight.parallel.cpus[side];
  return { pinned: true, server: cpus, client: cpus };
}

/** Whether base and head are measured at once (--parallel-sides), and says so. */
async function measureAtOnce(config: RunConfig, logger: Logger): Promise<ParallelSides> {
  const { label, offLabel, mode } = config.parallelSides;
  const cpus = allowedCpus();
  const { sides, warning } = chooseParallelSides(mode, config.suite, config.sides.length, cpus, label);
  if (warning !== undefined) logger.warning(warning);
  if (!sides.parallel) return sides;
  await exec(TASKSET, ['--version'], {
    deadline: quickDeadline('taskset --version'),
    installHint: `${label} runs each side on CPUs of its own through taskset: install util-linux (apt-get install util-linux)`,
  });
  logger.info(
    `both sides at once: base's server and sysbench on CPU ${sides.cpus.base}, head's on CPU ${sides.cpus.head} (${label}; ${offLabel} measures one at a time)`,
  );
  return sides;
}

/** Chooses where the server and sysbench run, and checks taskset when they are to be pinned. */
async function placeProcesses(config: RunConfig, logger: Logger): Promise<Placement> {
  const remote = config.sides.find((side) => side.remote !== undefined)?.remote;
  const { placement, warning, note } = choosePlacement(
    config.pin.mode,
    config.suite,
    allowedCpus(),
    config.pin.label,
    remote === undefined ? undefined : `${remote.host}:${remote.port}`,
  );
  if (warning !== undefined) logger.warning(warning);
  if (note !== undefined) logger.info(`note: ${note}`);
  if (!placement.pinned) return placement;
  await exec(TASKSET, ['--version'], {
    deadline: quickDeadline('taskset --version'),
    installHint: `${config.pin.label} on runs the server and sysbench through taskset: install util-linux (apt-get install util-linux)`,
  });
  logger.info(
    `placement: the server on CPU ${placement.server}, sysbench on CPU ${placement.client} (${config.pin.label})`,
  );
  return placement;
}

/** Each side's options with what its server needs to run under valgrind. */
async function withValgrindOptions(
  installs: readonly ServerInstall[],
  userOptions: readonly Record<string, string>[],
  sandboxed: readonly boolean[],
): Promise<Record<string, string>[]> {
  return Promise.all(
    installs.map(async (install, index) => {
      const options = userOptions[index] ?? {};
      const required = valgrindServerOptions(
        install.flavor,
        options,
        await supportsBufferPoolSizeMax(
          install.binary,
          sandboxed[index] === true ? installSandbox(install) : UNCONFINED,
        ),
      );
      return mergeOptions([
        { source: 'the options given', options },
        { source: 'what the server needs under valgrind', options: required },
      ]);
    }),
  );
}
