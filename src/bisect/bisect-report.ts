// bisect.json: the result of a bisection and what it rests on (every commit measured, the number
// of builds, and for a found commit its change: the values of the commit before it and of it), and
// its schema, with which the job that comments on the alert issue reads it back. Pure.
import { z } from 'zod';

import { METRIC_NAMES } from '../metric-names.js';
import { median } from '../stats/descriptive.js';
import {
  BisectResult,
  BISECT_STATE_VERSION,
  type BisectState,
  CellName,
  type CellValues,
  endValues,
  MeasuredCommit,
  measuredInOrder,
  Sha,
} from './bisect-state.js';

/** One cell's step at the first bad commit: the medians of the commit before it and of it. */
export const CellChange = z.strictObject({
  cell: CellName,
  before: z.number(),
  after: z.number(),
  /** after / before − 1; null when before is 0. */
  change: z.number().nullable(),
});
export type CellChange = z.infer<typeof CellChange>;

/** bisect.json as written by `bisectReport` (the state's version: the file follows the state). */
export const BisectReport = z.strictObject({
  schemaVersion: z.literal(BISECT_STATE_VERSION),
  tool: z.strictObject({ name: z.literal('mysql-perf-gate'), version: z.string().max(100) }),
  source: z.string().max(4096),
  good: Sha,
  bad: Sha,
  suite: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'a suite name'),
  cells: z.array(CellName).min(1).max(1000),
  metric: z.enum(METRIC_NAMES),
  candidates: z.number().int().min(1),
  /** Commits built (a commit measured again is built once). */
  builds: z.number().int().min(0),
  result: BisectResult.nullable(),
  /** Per cell, when the first bad commit was found and both it and the commit before have values. */
  change: z.array(CellChange).nullable(),
  measured: z.array(MeasuredCommit).max(100_000),
});
export type BisectReport = z.infer<typeof BisectReport>;

/** The values of a commit: measured here, or the end's reference when it is an end. */
function valuesOf(state: BisectState, sha: string): CellValues | undefined {
  const measured = state.measured.find((commit) => commit.sha === sha);
  if (measured !== undefined && Object.keys(measured.values).length > 0) return measured.values;
  const ends = endValues(state);
  if (sha === state.inputs.good) return ends.good;
  if (sha === state.inputs.bad) return ends.bad;
  return undefined;
}

/**
 * The step at the first bad commit, per cell: the commit before it (the last good one, or the
 * good end) against it. Null unless the bisection found the commit.
 */
export function firstBadChange(state: BisectState): CellChange[] | null {
  const { result } = state;
  if (result?.outcome !== 'found') return null;
  const index = state.candidates.findIndex((candidate) => candidate.sha === result.sha);
  const previous = index <= 0 ? state.inputs.good : state.candidates[index - 1]?.sha;
  const before = previous === undefined ? undefined : valuesOf(state, previous);
  const after = valuesOf(state, result.sha);
  if (before === undefined || after === undefined) return null;
  return state.inputs.cells.flatMap((cell) => {
    const was = before[cell];
    const is = after[cell];
    if (was === undefined || is === undefined) return [];
    const b = median(was);
    const a = median(is);
    return [{ cell, before: b, after: a, change: b === 0 ? null : a / b - 1 }];
  });
}

/** bisect.json: the result and what it rests on, without the suite's definition. */
export function bisectReport(state: BisectState): BisectReport {
  const { inputs } = state;
  return {
    schemaVersion: state.schemaVersion,
    tool: state.tool,
    source: inputs.source,
    good: inputs.good,
    bad: inputs.bad,
    suite: inputs.suite.name,
    cells: inputs.cells,
    metric: inputs.metric,
    candidates: state.candidates.length,
    builds: state.measured.filter((commit) => commit.buildSeconds !== null).length,
    result: state.result,
    change: firstBadChange(state),
    measured: measuredInOrder(state),
  };
}
