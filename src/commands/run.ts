// The `run` command: measure one server, or two interleaved, with a suite and write results.json.
// Its options come from CLI flags or action inputs as strings (RunFlags); runConfigFromFlags
// checks them the same way for both front ends, naming the flag or input in every error.
import { runStages, stageTable } from '../report/stage-table.js';
import { InputError } from '../errors.js';
import { renderResultsSummary } from '../results/results-summary.js';
import type { Results } from '../results/results-schema.js';
import { DEFAULT_COMPARE_OPTIONS, type CompareOptions } from '../compare/verdict.js';
import { parseDuration } from '../duration.js';
import { formatDuration } from '../format.js';
import { type ParallelMode, PIN_MODES, type PinMode } from '../run/placement.js';
import { parseShard, shardCells, shardLabel } from '../run/shards.js';
import { plannedTotalSeconds, planSteps } from '../run/plan.js';
import { rawDirFor, type RunConfig, type SideConfig } from '../run/run-config.js';
import { type CheckedRun, checkRun, measureChecked } from '../run/run-suite.js';
import { parseOptionAssignments } from '../server/options.js';
import { parseRemoteAddress, remoteCredentials } from '../server/remote.js';
import { type CleanupScope, inCleanupScope } from '../shell/cleanup.js';
import type { Logger } from '../shell/logger.js';
import { parseLockTimeout } from '../shell/lock-holder.js';
import { checkThenLock } from '../shell/preflight-lock.js';
import { loadSuite } from '../suite/load-suite.js';
import { suiteCells, type Suite } from '../suite/suite-schema.js';
import { cellName, selectCells, suiteCellsNamed } from '../suite/select-cells.js';
import { dataChangeNotes } from '../workload/kinds.js';
import type { SideName } from '../results/results-schema.js';
import { type LimitFlags, serverLimits } from './limit-flags.js';
import { adaptiveFromFlags } from './run-adaptive.js';
import { cliSpelling, type FlagSpelling, offSpelling, optionNames } from './spelling.js';
import { capLockTimeout, checkTimeLimit } from './time-limit.js';

/**
 * The run's options as strings, what commander and the action's inputs give. `Server` is what a
 * side's server is: a path given (the default), or, for the gate, a path or a build to do.
 */
export interface RunFlags<Server = string> extends LimitFlags {
  server?: Server;
  /** A server already running on another machine, HOST[:PORT]; its user and password come from the environment. */
  host?: string;
  base?: Server;
  head?: Server;
  set: string[];
  baseSet: string[];
  headSet: string[];
  suite: string;
  out: string;
  workDir?: string;
  keepWorkDir?: boolean;
  /** How long to wait for another run's machine lock: a duration (30s, 10m), 0, or absent (for ever). */
  lockTimeout?: string;
  /** Repetitions per side an undecided cell of an A/B run may reach (more than the suite's). */
  maxRepetitions?: string;
  /** How long the whole measurement may take when undecided cells get more repetitions. */
  budget?: string;
  /** Whether the server and sysbench run on CPUs of their own: auto (default), on or off. */
  pin?: string;
  /** Measure only shard K of N of the suite's cells: "K/N". */
  shard?: string;
  /** Count suites: base and head at once (true), one at a time (false), or auto (absent, "auto"). */
  parallelSides?: boolean | string;
  /** Sides measured in turn: freeze the idle side's server (on, the default) or not (off). */
  freezeIdleSide?: string;
  /** Which sides were built from untrusted code and run sandboxed: none, head, base or both. */
  untrustedSide?: string;
  /** The job's time limit, a duration (3h, 180m): a plan that does not fit is refused. */
  timeLimit?: string;
  /** Measure the head again with the base's first-tier settings, to split changes into settings and code. */
  alignSettings?: boolean;
  verbose?: boolean;
}

/**
 * Flags → RunConfig; every error names the flag or input. `judging` is how the cells are judged
 * when undecided ones get more repetitions: compare's options where the caller has them.
 */
export function runConfigFromFlags<Server = string>(
  flags: RunFlags<Server>,
  spell: FlagSpelling = cliSpelling,
  judging: CompareOptions = DEFAULT_COMPARE_OPTIONS,
): RunConfig<Server | string> {
  const ab = flags.base !== undefined || flags.head !== undefined;
  if (flags.host !== undefined && (ab || flags.server !== undefined)) {
    throw new InputError(
      `${spell('host')} measures one server, on another machine: give it without ${spell('server')}, ${spell('base')} or ${spell('head')}`,
    );
  }
  if (flags.server !== undefined && ab) {
    throw new InputError(
      `use either ${spell('server')} (one server) or ${spell('base')} and ${spell('head')} (two), not both`,
    );
  }
  const untrusted = untrustedSides(flags.untrustedSide, ab, spell);
  const sides = sidesFromFlags(flags, ab, spell).map((side) =>
    untrusted.includes(side.name) ? { ...side, untrusted: true } : side,
  );
  const wholeSuite = loadSuite(flags.suite, spell('suite'));
  const shard = shardFromFlags(flags.shard, wholeSuite, sides, spell('shard'));
  if (shard && flags.budget?.trim() && !flags.maxRepetitions?.trim()) {
    throw new InputError(
      `${spell('budget')} with ${spell('shard')} needs ${spell('max-repetitions')} too: every shard must look at its cells at the same repetitions for merge to join them, and a budget alone sets them from each shard's own plan`,
    );
  }
  const suite = shard
    ? selectCells(wholeSuite, suiteCellsNamed(wholeSuite, shard.cells, spell('shard')))
    : wholeSuite;
  const alignSettings = flags.alignSettings === true ? { label: spell('align-settings') } : undefined;
  // Checked with or without an untrusted side; its default covers the whole suite's threads.
  const limits = serverLimits(flags, spell, wholeSuite);
  const adaptive = adaptiveFromFlags(
    flags,
    { suite, sides, judging, aligned: alignSettings !== undefined },
    spell,
  );
  return {
    suite,
    sides,
    ...(shard ? { shard } : {}),
    ...(adaptive ? { adaptive } : {}),
    ...(alignSettings ? { alignSettings } : {}),
    ...(untrusted.length > 0 ? { limits } : {}),
    commonOptions: parseOptionAssignments(flags.set, spell('set')),
    names: optionNames(spell),
    outPath: flags.out,
    workDir: flags.workDir ?? null,
    keepWorkDir: flags.keepWorkDir ?? false,
    lockTimeout: {
      ms: parseLockTimeout(flags.lockTimeout, spell('lock-timeout')),
      label: spell('lock-timeout'),
    },
    pin: { mode: parsePin(flags.pin, spell('pin')), label: spell('pin') },
    parallelSides: parallelSidesFor(flags.parallelSides, suite, spell),
    freezeIdleSide: parseFreezeIdleSide(flags.freezeIdleSide, spell('freeze-idle-side')),
    ...timeLimitFrom(flags.timeLimit, spell('time-limit')),
  };
}

function timeLimitFrom(value: string | undefined, label: string): Pick<RunConfig, 'timeLimit'> {
  const ms = parseDuration(
    value,
    label,
    "the job's time limit: a plan that does not fit in it with the builds is refused before anything starts",
  );
  if (ms === null) return {};
  if (ms < 60_000) throw new InputError(`${label} ${value ?? ''}: give at least a minute (e.g. 180m or 3h)`);
  return { timeLimit: { seconds: ms / 1000, label } };
}

/**
 * --parallel-sides for this suite; refused for a wall-clock suite here, with the other flags,
 * before anything is built or started.
 */
function parallelSidesFor(
  value: boolean | string | undefined,
  suite: Suite,
  spell: FlagSpelling,
): RunConfig['parallelSides'] {
  const label = spell('parallel-sides');
  const mode = parseParallelSides(value, label);
  if (mode === 'on' && suite.metric !== 'instructions') {
    throw new InputError(
      `${label} is for count suites (metric: instructions): suite ${suite.name} measures time, which the other side's server would take from it`,
    );
  }
  return { mode, label, offLabel: offSpelling(spell, 'parallel-sides') };
}

/** --freeze-idle-side: on (the default, also when empty) or off. */
function parseFreezeIdleSide(value: string | undefined, label: string): boolean {
  const mode = value?.trim().toLowerCase() ?? '';
  if (mode === '' || mode === 'on') return true;
  if (mode === 'off') return false;
  throw new InputError(
    `${label} ${value ?? ''}: expected on or off (off leaves the idle side's server running while the other is measured)`,
  );
}

function parseParallelSides(value: boolean | string | undefined, label: string): ParallelMode {
  if (value === true) return 'on';
  if (value === false) return 'off';
  const mode = value?.trim().toLowerCase() ?? '';
  if (mode === '' || mode === 'auto') return 'auto';
  if (mode === 'on' || mode === 'true') return 'on';
  if (mode === 'off' || mode === 'false') return 'off';
  throw new InputError(`${label} ${value}: expected auto, true or false`);
}

/**
 * --untrusted-side: which sides' servers were built from untrusted code (a fork's pull request)
 * and run sandboxed. With --server, the one server is the head.
 */
export function untrustedSides(value: string | undefined, ab: boolean, spell: FlagSpelling): SideName[] {
  const given = value?.trim().toLowerCase() ?? '';
  const sides: Record<string, SideName[]> = {
    '': [],
    none: [],
    head: ['head'],
    base: ['base'],
    both: ['base', 'head'],
  };
  const chosen = sides[given];
  if (chosen === undefined) {
    throw new InputError(`${spell('untrusted-side')} ${value ?? ''}: expected none, head, base or both`);
  }
  if (!ab && given === 'base') {
    throw new InputError(
      `${spell('untrusted-side')} ${given} names the base, but ${spell('server')} measures one server: use head`,
    );
  }
  return ab ? chosen : chosen.filter((side) => side === 'head');
}

/** --server, or --base and --head, with their per-side options. */
function sidesFromFlags<Server>(
  flags: RunFlags<Server>,
  ab: boolean,
  spell: FlagSpelling,
): SideConfig<Server | string>[] {
  if (ab) {
    if (flags.base === undefined || flags.head === undefined) {
      const [given, missing] =
        flags.base === undefined ? (['head', 'base'] as const) : (['base', 'head'] as const);
      throw new InputError(`${spell(given)} needs ${spell(missing)} too: an A/B run measures two servers`);
    }
    return [
      {
        name: 'base',
        server: flags.base,
        options: parseOptionAssignments(flags.baseSet, spell('base-set')),
        labels: { server: spell('base'), options: spell('base-set') },
      },
      {
        name: 'head',
        server: flags.head,
        options: parseOptionAssignments(flags.headSet, spell('head-set')),
        labels: { server: spell('head'), options: spell('head-set') },
      },
    ];
  } else {
    if (flags.host !== undefined) return [remoteSide(flags, flags.host, spell)];
    if (flags.server === undefined) {
      throw new InputError(
        `say which server to measure: ${spell('server')}, ${spell('base')} and ${spell('head')}, or ${spell('host')}`,
      );
    }
    if (flags.baseSet.length > 0 || flags.headSet.length > 0) {
      throw new InputError(
        `${spell('base-set')} and ${spell('head-set')} apply to A/B runs (${spell('base')}/${spell('head')}); with ${spell('server')} use ${spell('set')}`,
      );
    }
    return [
      {
        name: 'head',
        server: flags.server,
        options: {},
        labels: { server: spell('server'), options: spell('set') },
      },
    ];
  }
}

/** --host HOST[:PORT]: the one side, on another machine, as the environment's user. */
function remoteSide(flags: RunFlags<unknown>, host: string, spell: FlagSpelling): SideConfig {
  if (flags.set.length > 0 || flags.baseSet.length > 0 || flags.headSet.length > 0) {
    throw new InputError(
      `${spell('set')} sets the options of a server the run starts; the server at ${spell('host')} ${host} runs with its own`,
    );
  }
  return {
    name: 'head',
    server: host,
    options: {},
    labels: { server: spell('host'), options: spell('set') },
    remote: { ...parseRemoteAddress(host, spell('host')), ...remoteCredentials(process.env, spell('host')) },
  };
}

function sideNames(sides: readonly SideConfig<unknown>[]): SideName[] {
  return sides.map((side) => side.name);
}

/** --shard K/N → the shard, the whole suite and the cells it keeps; undefined when not given. */
function shardFromFlags(
  value: string | undefined,
  suite: Suite,
  sides: readonly SideConfig<unknown>[],
  label: string,
): RunConfig['shard'] {
  if (value === undefined || value.trim() === '') return undefined;
  const spec = parseShard(value, label);
  const cells = shardCells(suite, sideNames(sides), spec).map(cellName);
  return { spec, suite, cells };
}

function parsePin(value: string | undefined, label: string): PinMode {
  const mode = value?.trim() ?? '';
  if (mode === '') return 'auto';
  const known = PIN_MODES.find((candidate) => candidate === mode);
  if (known === undefined) {
    throw new InputError(
      `${label} ${mode}: expected ${PIN_MODES.join(', ')} (auto pins wherever the machine has 2 CPUs or more)`,
    );
  }
  return known;
}

export interface RunOutcome {
  readonly results: Results;
  /** results.json as written. */
  readonly resultsPath: string;
  /** Raw sysbench output and the servers' error logs, beside the results. */
  readonly rawDir: string;
  /** The terminal summary: one line per cell and side. */
  readonly summary: string;
}

/**
 * Measures the suite. Servers, datadirs and sockets are removed before this returns, whether it
 * passed, failed or was interrupted; pass `scope` to run inside a caller's cleanup scope, and
 * `checked` when the caller made the run's checks already (before a wait of its own).
 */
export async function runCommand(
  config: RunConfig,
  logger: Logger,
  scope?: CleanupScope,
  checked?: CheckedRun,
): Promise<RunOutcome> {
  if (config.shard) logger.info(describeShard(config, config.shard));
  for (const note of dataChangeNotes(config.suite)) logger.info(`note: ${note}`);
  const spare = await checkTimeLimit(config, [], logger);
  const limited =
    config.timeLimit === undefined
      ? config
      : { ...config, lockTimeout: capLockTimeout(config.lockTimeout, spare, config.timeLimit.label) };
  const results = await inCleanupScope(logger, (own) => measureAlone(limited, logger, own, checked), scope);
  return {
    results,
    resultsPath: config.outPath,
    rawDir: rawDirFor(config.outPath),
    summary: [renderResultsSummary(results), ...stagesOf(results)].join('\n\n'),
  };
}

/** The run's stage table, when its results recorded the stages. */
function stagesOf(results: Results): string[] {
  const rows = runStages(results);
  return rows.length === 0 ? [] : [stageTable(rows)];
}

/** "shard 2/3 of suite quick: 2 of 6 cells (…), about 3m of 9m planned". */
function describeShard(config: RunConfig, shard: NonNullable<RunConfig['shard']>): string {
  const sides = config.sides.map((side) => side.name);
  const planned = (suite: Suite): number => plannedTotalSeconds(planSteps(suite, sides), suite);
  const total = planned(shard.suite);
  return (
    `shard ${shardLabel(shard.spec)} of suite ${shard.suite.name}: ${shard.cells.length} of ` +
    `${suiteCells(shard.suite).length} cells (${shard.cells.join(', ')}), about ` +
    `${formatDuration(planned(config.suite))} of ${formatDuration(total)} planned`
  );
}

/**
 * The run's checks, then runSuite's measuring under the machine lock: one benchmark at a time per
 * machine (builds take it too, unless they run at low priority: commands/build.ts). A bad path,
 * an unwritable output or too little room is refused before the wait. On success the servers are
 * stopped by the time the measuring returns, so the lock goes at once; on failure the scope
 * releases it after stopping them. A caller that holds the lock already (the gate, over its
 * builds) releases it itself; one that checked the run already passes what it found.
 */
async function measureAlone(
  config: RunConfig,
  logger: Logger,
  scope: CleanupScope,
  checked: CheckedRun | undefined,
): Promise<Results> {
  const lock = {
    timeoutMs: config.lockTimeout.ms,
    timeoutLabel: config.lockTimeout.label,
    suite: config.suite.name,
  };
  return checkThenLock(
    {
      check: () => (checked === undefined ? checkRun(config, logger) : Promise.resolve(checked)),
      lock: config.machineLockHeld === true ? undefined : lock,
      work: (run) => measureChecked(config, run, logger, scope),
    },
    logger,
    scope,
  );
}

/** The summary and where the results went, as both the CLI and compare-compilers print them. */
export function describeRunOutcome(outcome: RunOutcome): string {
  return [
    '',
    outcome.summary,
    '',
    `results: ${outcome.resultsPath} (raw sysbench output and error logs: ${outcome.rawDir}/)`,
  ].join('\n');
}
