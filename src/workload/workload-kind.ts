// What a kind of workload declares: how its data is prepared and cleaned up, what sizes it, whether
// running it changes the data (and how every step then starts from the same data again), the
// sysbench options it sets itself, how long an event takes, and the metrics it yields. Pure.
//
// The run asks the kind, never the script name, so a workload that is not sysbench's OLTP
// (a TPC-C-like script with its own tables) is one more kind in kinds.ts, not a change in five
// places.
import type { MetricName } from '../metric-names.js';
import type { ResetMode, Suite, Workload } from '../suite/suite-shape.js';
import type { OperationKind, OperationUnit } from './operation-names.js';

export type { ResetMode };

/** Whether running a workload changes its data, as far as its kind can tell. */
export type DataChange = 'keeps' | 'changes' | 'unknown';

/** A script shipped in assets/sysbench/, resolved to a path by whoever runs sysbench. */
export interface AssetScript {
  readonly asset: string;
}

/**
 * One sysbench call on a data set: `sysbench <script> <connection> <args> <options> <command>`.
 * The connection is added by whoever runs it; `options` come from the suite and are checked
 * against the options the tool sets itself.
 */
export interface DataCommand {
  readonly command: 'prepare' | 'cleanup';
  /** A bundled script name, a .lua path, or a script of ours. */
  readonly script: string | AssetScript;
  readonly args: readonly string[];
  readonly options: Readonly<Record<string, string>>;
  /** Names `options` in errors: `suite "quick" prepareOptions`. */
  readonly optionsSource: string;
}

/** The data one or more workloads run on: prepared once per server, shared by equal keys. */
export interface DataSet {
  /** Workloads whose data sets have the same key share one. */
  readonly key: string;
  /** The kind that declared it (its reserved options apply to the commands). */
  readonly kind: string;
  /** For messages: "1 table(s)", "the data of /opt/tpcc.lua". */
  readonly what: string;
  readonly prepare: readonly DataCommand[];
  readonly cleanup: readonly DataCommand[];
  /**
   * Its tables in the sysbench database, checksummed before each repetition whose data is reset;
   * undefined: every table there.
   */
  readonly tables?: readonly string[];
  /** Rough seconds its prepare takes (the kind's estimate): the base of its commands' deadline. */
  readonly prepareSeconds?: number;
  /** Rough bytes it takes in a datadir (the kind's estimate). */
  readonly dataBytes?: number;
}

/** A problem with a suite, at the field it names (zod's issue path). */
export interface KindIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

export interface WorkloadKind {
  /** What a workload's `kind` says. */
  readonly name: string;
  /** One line for the docs and error messages. */
  readonly summary: string;
  /** The suite fields that size its data, as a suite file spells them. */
  readonly sizeFields: readonly string[];
  /**
   * Problems with the suite for its workloads (indices into `suite.workloads`): size fields
   * missing or out of place, a workload it cannot run. Every issue names a field.
   */
  validate(suite: Suite, workloads: readonly number[]): KindIssue[];
  /** The data `workload` runs on. */
  dataSet(suite: Suite, workload: Workload): DataSet;
  /** What every `run` of its workloads is told about the data (--tables, --table-size). */
  runDataArgs(suite: Suite): string[];
  /** The script a `run` of `workload` runs: its `script` or name (workloadScript), or one of ours. */
  runScript(workload: Workload): string | AssetScript;
  /**
   * sysbench options the tool sets for this kind (by sysbench's name, '-' read as '_'), with the
   * suite field that controls each; added to the ones every kind reserves (sysbench/args.ts).
   */
  readonly reservedOptions: ReadonlyMap<string, string>;
  /** Whether a run of `workload` changes its data. */
  changesData(workload: Workload): DataChange;
  /** The reset a workload gets when the suite names none; undefined: the suite must (`resetData`). */
  defaultReset(workload: Workload): ResetMode | undefined;
  /** Rough seconds per event under callgrind, for progress estimates only. */
  eventSeconds(workload: Workload): number;
  /**
   * Rough seconds one cleanup and prepare of the data take, for progress estimates of resets (a
   * restore's estimate is derived from it: workload/kinds.ts).
   */
  prepareSeconds(suite: Suite, workload: Workload): number;
  /** Rough bytes its prepared data takes in a datadir, for the free space checked before a run. */
  dataBytes(suite: Suite, workload: Workload): number;
  /** The metrics its cells can be judged on. */
  readonly metrics: readonly MetricName[];
  /**
   * An operational kind (workload/operations.ts): its cells measure a recovery, a start or a
   * replica's apply instead of a client workload, run by run/operation-step.ts. Absent: sysbench.
   */
  readonly operation?: OperationKind;
  /** What its cells' figures are per, when not a client transaction. */
  readonly per?: OperationUnit;
}

/** The sysbench script a workload runs: its own `script`, or its name. */
export function workloadScript(workload: Pick<Workload, 'name' | 'script'>): string {
  return workload.script ?? workload.name;
}

/** sysbench's --rand-seed for the suite; none for 0, which is sysbench's own "seed from the clock". */
export function seedArgs(suite: Pick<Suite, 'randSeed'>): string[] {
  return suite.randSeed === 0 ? [] : [`--rand-seed=${suite.randSeed}`];
}
