// The bisection's state file: what was asked (the inputs that make a bisection this one and no
// other), the candidates, every commit measured and, once known, the result. Written after every
// step, so an interrupted bisection resumes where it stopped; validated with zod when read back.
// Pure: bisect-state-file.ts reads and writes it.
import { z } from 'zod';

import { InputError } from '../errors.js';
import { METRIC_NAMES } from '../metric-names.js';
import { formatPath } from '../suite/parse-suite.js';
import { Suite } from '../suite/suite-schema.js';
import type { SearchCall, SearchStep } from './bisect-search.js';
import type { OptionNames } from '../option-names.js';

export const BISECT_STATE_VERSION = 1;

export const Sha = z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, 'a full commit hash in lower-case hex');

/** "workload@threads", as the nightly history names cells. */
export const CellName = z.string().regex(/^[A-Za-z0-9_.-]+@\d+$/, '"workload@threads"');

/** Per cell ("workload@threads"), the repetitions' values of the bisected metric, in order. */
export const CellValues = z.record(CellName, z.array(z.number()).min(1));
export type CellValues = z.infer<typeof CellValues>;

/** Everything that makes a bisection this one: a state file whose inputs differ is another's. */
export const BisectInputs = z.strictObject({
  /** The checkout, absolute. */
  source: z.string().min(1),
  good: Sha,
  bad: Sha,
  suite: z.strictObject({ name: z.string(), definition: Suite }),
  cells: z.array(CellName).min(1),
  metric: z.enum(METRIC_NAMES),
  /** --set, NAME=VALUE for the server (the suite's own serverOptions are in its definition). */
  serverOptions: z.record(z.string(), z.string()),
  compiler: z.string().min(1),
  build: z.strictObject({ buildType: z.string(), cmakeArgs: z.array(z.string()) }),
  /** The ends' values when the caller had them (a nightly history); an end without is measured. */
  references: z.strictObject({ good: CellValues.optional(), bad: CellValues.optional() }),
});
export type BisectInputs = z.infer<typeof BisectInputs>;

export const CommitCall = z.enum(['good', 'bad', 'skipped']);
export type CommitCall = z.infer<typeof CommitCall>;

export const MeasuredCommit = z.strictObject({
  sha: Sha,
  subject: z.string(),
  /** The ends are measured like any commit when no reference values were given for them. */
  role: z.enum(['good-end', 'bad-end', 'candidate']),
  /** Per selected cell; empty when the commit was skipped before it was measured (no build). */
  values: CellValues,
  call: CommitCall,
  reason: z.string(),
  /** Wall-clock seconds of its build(s) and of its measuring; null when it never got that far. */
  buildSeconds: z.number().min(0).nullable(),
  measureSeconds: z.number().min(0).nullable(),
  /** results.json of each run that measured it (an ambiguous commit is measured again). */
  resultsFiles: z.array(z.string()),
  measuredAt: z.iso.datetime(),
});
export type MeasuredCommit = z.infer<typeof MeasuredCommit>;

export const BisectResult = z.discriminatedUnion('outcome', [
  z.strictObject({ outcome: z.literal('found'), sha: Sha, subject: z.string() }),
  z.strictObject({
    outcome: z.literal('undecided'),
    reason: z.string(),
    /** When only skipped commits are left: the first bad commit is one of these (oldest first). */
    suspects: z.array(Sha),
  }),
]);
export type BisectResult = z.infer<typeof BisectResult>;

export const BisectState = z
  .strictObject({
    schemaVersion: z.literal(BISECT_STATE_VERSION),
    tool: z.strictObject({ name: z.literal('mysql-perf-gate'), version: z.string() }),
    inputs: BisectInputs,
    /** `git rev-list --reverse --ancestry-path GOOD..BAD`: oldest first, BAD last. */
    candidates: z.array(z.strictObject({ sha: Sha, subject: z.string() })).min(1),
    /** ⌈log2(open candidates + 1)⌉ when the search began; null before it did. */
    estimatedSteps: z.number().int().min(0).nullable(),
    measured: z.array(MeasuredCommit),
    result: BisectResult.nullable(),
  })
  .superRefine((state, ctx) => {
    const issue = (path: (string | number)[], message: string): void => {
      ctx.addIssue({ code: 'custom', path, message });
    };
    if (state.candidates.at(-1)?.sha !== state.inputs.bad) {
      issue(['candidates'], 'the last candidate must be the bad commit');
    }
    const known = new Set([state.inputs.good, ...state.candidates.map((candidate) => candidate.sha)]);
    const seen = new Set<string>();
    state.measured.forEach((commit, index) => {
      if (!known.has(commit.sha)) issue(['measured', index, 'sha'], 'not a commit of this bisection');
      if (seen.has(commit.sha)) issue(['measured', index, 'sha'], 'measured twice');
      seen.add(commit.sha);
    });
  });
export type BisectState = z.infer<typeof BisectState>;

const MAX_ISSUES = 3;

/** A state file's text → the state; one line naming the file and what is wrong otherwise. */
export function parseBisectState(text: string, source: string, label: string): BisectState {
  const advice = `remove it to start afresh, or pass another ${label}`;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new InputError(`${label} ${source} is not JSON; ${advice}`);
  }
  const version = (data as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (version !== BISECT_STATE_VERSION) {
    throw new InputError(
      `${label} ${source} is not a bisect state file of version ${BISECT_STATE_VERSION} (schemaVersion ${JSON.stringify(version)}); ${advice}`,
    );
  }
  const parsed = BisectState.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, MAX_ISSUES)
      .map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
    throw new InputError(
      `${label} ${source} is not a valid bisect state file (${issues.join('; ')}); ${advice}`,
    );
  }
  return parsed.data;
}

/** JSON with object keys sorted, so two equal values always give the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** How the inputs fields are called in messages, each option as the user named it. */
function inputLabels(names: OptionNames): Readonly<Record<keyof BisectInputs, string>> {
  return {
    source: names.source,
    good: names.good,
    bad: names.bad,
    suite: `${names.suite} (or its definition)`,
    cells: names.cell,
    metric: names.metric,
    serverOptions: names.set,
    compiler: names.compiler,
    build: `the build options (${names['build-type']}, ${names['cmake-arg']})`,
    references: 'the reference values',
  };
}

/** The inputs that differ between a state file and this invocation, as the user names them. */
export function inputDifferences(stored: BisectInputs, current: BisectInputs, names: OptionNames): string[] {
  const labels = inputLabels(names);
  return (Object.keys(labels) as (keyof BisectInputs)[])
    .filter((key) => canonicalJson(stored[key]) !== canonicalJson(current[key]))
    .map((key) => labels[key]);
}

/** A fresh state: nothing measured yet. */
export function newState(
  inputs: BisectInputs,
  candidates: BisectState['candidates'],
  toolVersion: string,
): BisectState {
  return {
    schemaVersion: BISECT_STATE_VERSION,
    tool: { name: 'mysql-perf-gate', version: toolVersion },
    inputs,
    candidates,
    estimatedSteps: null,
    measured: [],
    result: null,
  };
}

/** The state with `commit` recorded (replacing an earlier record of the same commit). */
export function withMeasured(state: BisectState, commit: MeasuredCommit): BisectState {
  return { ...state, measured: [...state.measured.filter((old) => old.sha !== commit.sha), commit] };
}

/** The candidates' calls by index, for the search (the ends are not candidates but BAD is). */
export function searchCalls(state: BisectState): Map<number, SearchCall> {
  const index = new Map(state.candidates.map((candidate, position) => [candidate.sha, position]));
  const calls = new Map<number, SearchCall>();
  for (const commit of state.measured) {
    const position = index.get(commit.sha);
    if (position !== undefined && commit.role === 'candidate') calls.set(position, commit.call);
  }
  return calls;
}

/** Each end's values: the reference when given, else what was measured (undefined before that). */
export function endValues(state: BisectState): { good?: CellValues; bad?: CellValues } {
  const measured = (role: MeasuredCommit['role']): CellValues | undefined => {
    const commit = state.measured.find((entry) => entry.role === role);
    return commit === undefined || Object.keys(commit.values).length === 0 ? undefined : commit.values;
  };
  const good = state.inputs.references.good ?? measured('good-end');
  const bad = state.inputs.references.bad ?? measured('bad-end');
  return { ...(good === undefined ? {} : { good }), ...(bad === undefined ? {} : { bad }) };
}

/** Where a commit stands in commit order: −1 for GOOD, else its candidate index. */
export function commitPosition(state: BisectState, sha: string): number {
  return sha === state.inputs.good ? -1 : state.candidates.findIndex((candidate) => candidate.sha === sha);
}

/** The measured commits in commit order (GOOD first, BAD last). */
export function measuredInOrder(state: BisectState): MeasuredCommit[] {
  return [...state.measured].sort((a, b) => commitPosition(state, a.sha) - commitPosition(state, b.sha));
}

/** The result a finished search gives: the first bad commit, or the skipped commits it is among. */
export function searchResult(
  state: BisectState,
  step: Exclude<SearchStep, { kind: 'measure' }>,
): BisectResult {
  if (step.kind === 'found') {
    const found = state.candidates[step.index];
    if (found === undefined) throw new RangeError(`no candidate ${step.index}`);
    return { outcome: 'found', sha: found.sha, subject: found.subject };
  }
  const suspects = step.indices.flatMap((index) => state.candidates[index]?.sha ?? []);
  return {
    outcome: 'undecided',
    reason: `only skipped commits are left to test; the first bad commit is one of these ${suspects.length}`,
    suspects,
  };
}
