// The typed, read-once configuration of `run`, built from CLI flags or action inputs.
import type { OptionNames } from '../option-names.js';
import type { RunnerCheck, SideName } from '../results/results-schema.js';
import type { RemoteSide } from '../server/remote.js';
import type { LimitSettings } from '../shell/limits.js';
import type { Suite } from '../suite/suite-schema.js';
import type { AdaptiveConfig } from './adaptive.js';
import type { ParallelMode, PinMode } from './placement.js';
import type { ShardSpec } from './shards.js';

/**
 * One side of a run. `Server` is where its server is: a mysqld/mariadbd binary or an install prefix
 * holding one (a path, what the run measures); the command layer plans with sides whose server is
 * still a build to do, and fills the prefix in once it is built (commands/source-builds.ts).
 */
export interface SideConfig<Server = string> {
  readonly name: SideName;
  readonly server: Server;
  /** NAME=VALUE options for this side only (--base-set / --head-set). */
  readonly options: Readonly<Record<string, string>>;
  /** How the user named this side's server and options (`--base`, `input "base-set"`), for errors. */
  readonly labels: { readonly server: string; readonly options: string };
  /** Built from untrusted code (--untrusted-side): its server, bootstrap and sysbench run sandboxed. */
  readonly untrusted?: boolean;
  /** A server already running on another machine (--host): measured where it is, never started. */
  readonly remote?: RemoteSide;
}

export interface RunConfig<Server = string> {
  readonly suite: Suite;
  /** One side (named "head") or two (base and head, measured interleaved). */
  readonly sides: readonly SideConfig<Server>[];
  /** NAME=VALUE options for every side (--set). */
  readonly commonOptions: Readonly<Record<string, string>>;
  /** How the user named each option (`--set`, `input "set"`), for errors and notes. */
  readonly names: OptionNames;
  /** results.json path; raw sysbench output and error logs go to a directory beside it. */
  readonly outPath: string;
  /** Where datadirs, sockets and logs live during the run; a temp dir when null. */
  readonly workDir: string | null;
  /** Keep the run's datadirs after it ends (for debugging); they are removed otherwise. */
  readonly keepWorkDir: boolean;
  /**
   * How long to wait for another run to release the machine lock (ms; 0: not at all, null: for
   * ever), and how the user named it (`--lock-timeout`, `input "lock-timeout"`), for errors.
   */
  readonly lockTimeout: { readonly ms: number | null; readonly label: string };
  /**
   * The job's time limit (--time-limit, input "time-limit") and how the user named it: a plan that
   * does not fit is refused before anything starts (commands/time-limit.ts).
   */
  readonly timeLimit?: { readonly seconds: number; readonly label: string };
  /** The caller holds the machine lock already (the gate, from its first build on). */
  readonly machineLockHeld?: boolean;
  /**
   * More repetitions for cells an A/B run leaves undecided (--max-repetitions, --budget); the
   * judgement comes from the command layer, which may import compare/.
   */
  readonly adaptive?: AdaptiveConfig;
  /** Whether the server and sysbench run on CPUs of their own (--pin), and how the user named it. */
  readonly pin: { readonly mode: PinMode; readonly label: string };
  /**
   * Whether base and head of a count suite are measured at once (--parallel-sides), its name and
   * how the user turns it off (`--no-parallel-sides`, `input "parallel-sides" false`).
   */
  readonly parallelSides: { readonly mode: ParallelMode; readonly label: string; readonly offLabel: string };
  /**
   * Set for `--shard K/N`: `suite` above is then this shard's cut of `suite` here, and `cells`
   * names the cells it keeps ("workload@threads").
   */
  readonly shard?: { readonly spec: ShardSpec; readonly suite: Suite; readonly cells: readonly string[] };
  /**
   * Measure the head a second time with the base's values of the first-tier settings
   * (--align-settings, input "align-settings"), so compare can split each change into what the
   * settings did and what the code did; how the user named it, for errors.
   */
  readonly alignSettings?: { readonly label: string };
  /**
   * The process and memory limits of each untrusted side's server (its bootstrap included): set
   * when a side is untrusted (--untrusted-side).
   */
  readonly limits?: LimitSettings;
  /**
   * Whether the idle side's server is frozen while the other side is measured in turn
   * (`names['freeze-idle-side']`); frozen when absent.
   */
  readonly freezeIdleSide?: boolean;
  /** The runner check's grade, when the job ran it first: recorded in the results' environment. */
  readonly runnerCheck?: RunnerCheck;
}

/** results.json → results.raw (the raw directory beside it). */
export function rawDirFor(outPath: string): string {
  return outPath.endsWith('.json') ? `${outPath.slice(0, -'.json'.length)}.raw` : `${outPath}.raw`;
}
