// Every workload kind, in one list, and what the rest of the tool asks of them: which kind a
// workload is, whether a suite suits its kinds, which data a server needs, and whether a step
// leaves data that must be reset before the next one. Pure.
import type { Suite, Workload } from '../suite/suite-shape.js';
import { SYSBENCH_OLTP, sysbenchOltp } from './sysbench-oltp.js';
import { sysbenchScript } from './sysbench-script.js';
import { coldStartKind, recoveryKind, replicaApplyKind } from './operations.js';
import { tpcc } from './tpcc.js';
import type { DataSet, KindIssue, ResetMode, WorkloadKind } from './workload-kind.js';

/** The registered kinds. A new kind is added here (and documented in docs/suites.md). */
export const WORKLOAD_KINDS: readonly WorkloadKind[] = [
  sysbenchOltp,
  sysbenchScript,
  tpcc,
  recoveryKind,
  coldStartKind,
  replicaApplyKind,
];

/** What a workload without `kind` is: every suite written before kinds existed. */
export const DEFAULT_WORKLOAD_KIND = SYSBENCH_OLTP;

export function workloadKindNames(kinds: readonly WorkloadKind[] = WORKLOAD_KINDS): string[] {
  return kinds.map((kind) => kind.name);
}

/** The kind called `name`; throws for a name validation should have refused. */
export function kindNamed(name: string, kinds = WORKLOAD_KINDS): WorkloadKind {
  const kind = kinds.find((candidate) => candidate.name === name);
  if (kind === undefined) throw new Error(`workload kind "${name}" is not registered`);
  return kind;
}

/** The kind a workload names, or the default. */
export function kindOf(workload: Pick<Workload, 'kind'>, kinds = WORKLOAD_KINDS): WorkloadKind {
  return kindNamed(workload.kind ?? DEFAULT_WORKLOAD_KIND, kinds);
}

/**
 * Everything the suite gets wrong about its workloads' kinds: unknown kind names, each kind's own
 * checks (its size fields), and resets that cannot be given. Every issue names a field.
 */
export function workloadKindIssues(
  suite: Suite,
  kinds: readonly WorkloadKind[] = WORKLOAD_KINDS,
): KindIssue[] {
  const names = workloadKindNames(kinds);
  const unknown: KindIssue[] = [];
  const byKind = new Map<string, number[]>(names.map((name) => [name, []]));
  suite.workloads.forEach((workload, index) => {
    const name = workload.kind ?? DEFAULT_WORKLOAD_KIND;
    const indices = byKind.get(name);
    if (indices === undefined) {
      unknown.push({
        path: ['workloads', index, 'kind'],
        message: `unknown workload kind "${name}"; kinds: ${names.join(', ')}`,
      });
    } else {
      indices.push(index);
    }
  });
  const own = kinds.flatMap((kind) => kind.validate(suite, byKind.get(kind.name) ?? []));
  return [...unknown, ...own];
}

/** How `workload`'s data is reset after each of its steps: the suite's `resetData`, else its kind's default. */
export function resetMode(workload: Workload, kinds = WORKLOAD_KINDS): ResetMode {
  const mode = workload.resetData ?? kindOf(workload, kinds).defaultReset(workload);
  if (mode === undefined) throw new Error(`workload ${workload.name} validated without resetData`);
  return mode;
}

/** The data `workload` runs on. */
export function workloadDataSet(suite: Suite, workload: Workload, kinds = WORKLOAD_KINDS): DataSet {
  const kind = kindOf(workload, kinds);
  return {
    ...kind.dataSet(suite, workload),
    prepareSeconds: kind.prepareSeconds(suite, workload),
    dataBytes: kind.dataBytes(suite, workload),
  };
}

/** The data sets a server needs for the suite, each once, in the order of their first workload. */
export function suiteDataSets(suite: Suite, kinds = WORKLOAD_KINDS): DataSet[] {
  const sets = new Map<string, DataSet>();
  for (const workload of suite.workloads) {
    const set = workloadDataSet(suite, workload, kinds);
    if (!sets.has(set.key)) sets.set(set.key, set);
  }
  return [...sets.values()];
}

/** A reset the run owes a server after a step. */
export interface DataReset {
  readonly mode: Exclude<ResetMode, 'none'>;
  readonly dataSet: DataSet;
}

/**
 * Whether a warm-up or repetition of `workloadName` leaves data the next step must not see, and
 * how to bring it back. Resetting after every step of such a workload, rather than before the
 * next one, needs no memory of what ran before (restarts, more repetitions for undecided cells,
 * other workloads on the same tables): every step of every workload finds its data as prepared,
 * and a warm-up's changes (as many as its seconds allowed) never reach a repetition.
 */
export function dataResetAfter(
  suite: Suite,
  workloadName: string,
  kinds = WORKLOAD_KINDS,
): DataReset | undefined {
  const workload = suite.workloads.find((candidate) => candidate.name === workloadName);
  if (workload === undefined) throw new Error(`suite ${suite.name} has no workload ${workloadName}`);
  const mode = resetMode(workload, kinds);
  if (mode === 'none') return undefined;
  return { mode, dataSet: workloadDataSet(suite, workload, kinds) };
}

/** Whether some workload of the suite restores its data: each side's prepared datadir is then copied. */
export function restoresData(suite: Suite, kinds = WORKLOAD_KINDS): boolean {
  return suite.workloads.some((workload) => resetMode(workload, kinds) === 'restore');
}

/**
 * A restore's rough seconds: the server stopped and started, and the datadir copied back, which
 * grows with the data as a prepare does, but faster. Measured with MariaDB 10.11 on the 2-core VM
 * of the kinds' figures (plain copies on ext4, the machine busy): 0.6 s for 2 tables of 20,000
 * rows (137 MiB), 1.0 to 2.4 s for 4 of 100,000 (229 MiB, whose prepare is estimated at 9 s).
 */
export const RESTORE_FIXED_SECONDS = 1;
export const RESTORE_SHARE_OF_PREPARE = 0.15;

/** Rough seconds the reset after one step of `workload` takes (0 without one), for progress estimates. */
export function resetSeconds(suite: Suite, workload: Workload, kinds = WORKLOAD_KINDS): number {
  const mode = resetMode(workload, kinds);
  const prepare = (): number => kindOf(workload, kinds).prepareSeconds(suite, workload);
  switch (mode) {
    case 'none':
      return 0;
    case 're-prepare':
      return prepare();
    case 'restore':
      return RESTORE_FIXED_SECONDS + RESTORE_SHARE_OF_PREPARE * prepare();
  }
}

/**
 * Notes for workloads whose runs change their data while the suite leaves it as it is: later
 * repetitions then run on more (or fewer) rows than the first. Both sides of an A/B run drift
 * alike, so the comparison stands, but the suite may want `resetData: re-prepare`.
 */
export function dataChangeNotes(suite: Suite, kinds = WORKLOAD_KINDS): string[] {
  return suite.workloads
    .filter(
      (workload) =>
        workload.resetData === undefined &&
        resetMode(workload, kinds) === 'none' &&
        kindOf(workload, kinds).changesData(workload) === 'changes',
    )
    .map(
      (workload) =>
        `workload ${workload.name} changes how many rows its tables hold as it runs, and the suite keeps them ` +
        `between repetitions: each repetition starts from what the previous one left ` +
        `(resetData: re-prepare would start each from the prepared rows)`,
    );
}
