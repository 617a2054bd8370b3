// Whether the machine and the servers' options can hold a suite's most client threads: each is a
// connection to the server and an open socket in sysbench. A run that would fail at its last
// thread count, after an hour of measuring, is refused in one line before it starts. Pure.
import { suiteCells, type Suite } from '../suite/suite-schema.js';
import { isOperationKind } from '../workload/operation-names.js';
import { threadsAreAppliers } from '../workload/operations.js';

/** The servers' own connections beside sysbench's (the run's queries, a reset's prepare). */
export const SPARE_CONNECTIONS = 10;
/** MySQL's and MariaDB's default max_connections. */
export const DEFAULT_MAX_CONNECTIONS = 151;
/** Files sysbench keeps beside one socket per thread (its script, libraries, output). */
const CLIENT_FILES = 64;

export interface ThreadLimits {
  /** The suite's most client threads. */
  readonly threads: number;
  /** Each side's options, by the flag that names it in errors. */
  readonly options: readonly { readonly label: string; readonly options: Readonly<Record<string, string>> }[];
  /** This process's soft limit on open files, which sysbench inherits; undefined when unknown. */
  readonly openFiles: number | undefined;
  /** How the user names the options every side gets (`--set`), for the advice. */
  readonly setOption: string;
}

/**
 * The suite's most client threads: its cells' threads, but for a workload whose threads are its
 * applier's (a replica apply), which runs them inside the server, not as connections. 0 when no
 * cell runs client threads.
 */
export function mostClientThreads(suite: Suite): number {
  const appliers = new Set(
    suite.workloads
      .filter((workload) => isOperationKind(workload.kind) && threadsAreAppliers(workload.kind))
      .map((workload) => workload.name),
  );
  const threads = suiteCells(suite)
    .filter((cell) => !appliers.has(cell.workload))
    .map((cell) => cell.threads);
  return Math.max(0, ...threads);
}

/** An option's integer value as the server reads it ("1100", "2K"); undefined for anything else. */
function optionCount(text: string): number | undefined {
  const match = /^(\d+)([kKmM]?)$/.exec(text.trim());
  if (!match) return undefined;
  const scale = { '': 1, k: 1024, m: 1024 * 1024 }[(match[2] ?? '').toLowerCase()] ?? 1;
  return Number(match[1]) * scale;
}

/** The reasons the suite cannot run its most threads here, one line each; empty when it can. */
export function threadLimitProblems(limits: ThreadLimits): string[] {
  const { threads } = limits;
  const problems: string[] = [];
  for (const { label, options } of limits.options) {
    const text = options.max_connections;
    const allowed = text === undefined ? DEFAULT_MAX_CONNECTIONS : optionCount(text);
    if (allowed === undefined || allowed < threads + SPARE_CONNECTIONS) {
      problems.push(
        `${threads} client threads need max_connections of at least ${threads + SPARE_CONNECTIONS}, but ${label} has ` +
          `${text === undefined ? `the default ${DEFAULT_MAX_CONNECTIONS}` : text}: set max_connections in the suite's serverOptions or with ${limits.setOption}`,
      );
    }
  }
  if (limits.openFiles !== undefined && limits.openFiles < threads + CLIENT_FILES) {
    problems.push(
      `${threads} client threads need ${threads + CLIENT_FILES} open files in sysbench, but this process may open ` +
        `${limits.openFiles} (ulimit -n): raise the limit (ulimit -n, LimitNOFILE= for a service) or measure fewer threads`,
    );
  }
  return problems;
}
