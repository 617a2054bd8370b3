// Shards' results → one results file that compare, baselines and history read like an unsharded
// run. Every shard must be a shard of the same split of the same suite, run with the same options
// and the same server on each side; every cell must be measured once and every shard be there.
// Anything else is refused (InputError, one line naming the files). Pure: the command layer reads
// the files and copies each shard's raw directory to `shard-K/` of the merged one.
import { optionDifferences, suiteDifferences } from '../baseline/comparable.js';
import { canonicalJson } from '../stable-hash.js';
import { InputError } from '../errors.js';
import type {
  CellResult,
  Environment,
  MergedRecord,
  Results,
  ServerFacts,
  ShardRecord,
  SideName,
} from '../results/results-schema.js';
import { cellName } from '../suite/select-cells.js';
import { suiteCells } from '../suite/suite-schema.js';
import { shardLabel } from './shards.js';

export interface ShardInput {
  /** How the user named the file, for messages. */
  readonly path: string;
  readonly results: Results;
}

interface Shard extends ShardInput {
  readonly shard: ShardRecord;
}

export interface MergedShards {
  readonly results: Results;
  /** What the user should know but does not stop the merge (machines of different hardware also reach the verdict, from the merged file). */
  readonly warnings: string[];
}

/** Where shard `index`'s raw files go inside the merged raw directory. */
export function shardRawPrefix(index: number): string {
  return `shard-${index}`;
}

/** The merged results, with raw paths under `shard-K/` of the merged raw directory `rawDir`. */
export function mergeShards(inputs: readonly ShardInput[], rawDir: string): MergedShards {
  const shards = checkShards(inputs);
  const first = shards[0];
  if (!first) throw new Error('unreachable: checked above');
  const warnings = mergeWarnings(shards);
  const cells = mergedCells(shards);
  const adaptive = mergedAdaptive(shards);
  const results: Results = {
    schemaVersion: first.results.schemaVersion,
    tool: first.results.tool,
    startedAt: earliest(shards.map((s) => s.results.startedAt)),
    finishedAt: latest(shards.map((s) => s.results.finishedAt)),
    mode: first.results.mode,
    environment: busiestLoad(shards.map((s) => s.results.environment)),
    suite: first.shard.suite,
    sides: mergedSides(first),
    ...(first.results.costCounters ? { costCounters: first.results.costCounters } : {}),
    rawDir,
    cells,
    ...(first.results.placement ? { placement: first.results.placement } : {}),
    ...(first.results.parallelSides ? { parallelSides: first.results.parallelSides } : {}),
    ...(adaptive ? { adaptive } : {}),
    merged: mergedRecord(shards),
  };
  return { results, warnings };
}

/** Every refusal; the shards in index order when they hold together. */
function checkShards(inputs: readonly ShardInput[]): Shard[] {
  const shards = inputs.map((input): Shard => {
    if (!input.results.shard) {
      throw new InputError(
        `${input.path} is not a shard's results (made by run --shard K/N): nothing to merge`,
      );
    }
    return { ...input, shard: input.results.shard };
  });
  const first = shards[0];
  if (!first) throw new InputError('merge needs the results of every shard; none given');
  if (first.shard.count === 1) {
    throw new InputError(`${first.path} is shard 1/1, the whole suite: compare it as it is`);
  }
  for (const other of shards.slice(1)) checkSameRun(first, other);
  const byIndex = checkEveryShard(shards);
  checkCells(byIndex);
  return byIndex;
}

function named(shard: Shard): string {
  return `${shard.path} (shard ${shardLabel(shard.shard)})`;
}

/** Same split, suite, mode, options and servers as the first shard. */
function checkSameRun(first: Shard, other: Shard): void {
  const refuse = (what: string): never => {
    throw new InputError(`${named(first)} and ${named(other)} ${what}: they are not shards of one run`);
  };
  if (other.shard.count !== first.shard.count) refuse('split the suite into different numbers of shards');
  if (first.shard.suite.name !== other.shard.suite.name) {
    refuse(`ran different suites (${first.shard.suite.name}, ${other.shard.suite.name})`);
  }
  const suiteChanges = suiteDifferences(first.shard.suite, other.shard.suite);
  if (suiteChanges.length > 0)
    refuse(`ran suite ${first.shard.suite.name} differently (${suiteChanges.join(', ')})`);
  if (other.results.mode !== first.results.mode)
    refuse(`measured ${first.results.mode} and ${other.results.mode} runs`);
  for (const side of ['base', 'head'] as const) checkSameSide(first, other, side, refuse);
  const adaptiveSettings = (shard: Shard) => {
    const record = shard.results.adaptive;
    return record ? canonicalJson({ ...record, stopped: undefined }) : 'none';
  };
  if (adaptiveSettings(first) !== adaptiveSettings(other)) {
    refuse('added repetitions to undecided cells differently (--max-repetitions, --budget)');
  }
}

function checkSameSide(first: Shard, other: Shard, side: SideName, refuse: (what: string) => never): void {
  const a = first.results.sides[side];
  const b = other.results.sides[side];
  if (!a || !b) return; // both absent: a single run's base; one absent: the modes differ
  const options = optionDifferences(a.options, b.options);
  if (options.length > 0) refuse(`started the ${side} server with different options (${options.join(', ')})`);
  const fa = first.shard.servers[side];
  const fb = other.shard.servers[side];
  if (fa?.binarySha256 !== fb?.binarySha256 || fa?.build !== fb?.build) {
    const short = (value: string | undefined) => (value ?? 'none').slice(0, 12);
    refuse(
      `ran a different ${side} server build (binary ${short(fa?.binarySha256)}…, build ${fa?.build ?? 'no build.json'}; ` +
        `binary ${short(fb?.binarySha256)}…, build ${fb?.build ?? 'no build.json'})`,
    );
  }
}

/** Each index 1..N exactly once; the shards sorted by index. */
function checkEveryShard(shards: readonly Shard[]): Shard[] {
  const count = shards[0]?.shard.count ?? 0;
  const byIndex = new Map<number, Shard>();
  for (const shard of shards) {
    const seen = byIndex.get(shard.shard.index);
    if (seen) {
      throw new InputError(
        `shard ${shardLabel(shard.shard)} is given twice (${seen.path}, ${shard.path}): its cells would be measured twice`,
      );
    }
    byIndex.set(shard.shard.index, shard);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !byIndex.has(index));
  if (missing.length > 0) {
    const got = [...byIndex.values()].map(named).join(', ');
    throw new InputError(
      `shard${missing.length > 1 ? 's' : ''} ${missing.map((index) => `${index}/${count}`).join(', ')} missing (got ${got}): merge needs every shard`,
    );
  }
  return [...byIndex.values()].sort((a, b) => a.shard.index - b.shard.index);
}

/** Each shard holds the cells it says it measured, no cell twice, every cell of the suite once. */
function checkCells(shards: readonly Shard[]): void {
  const suite = shards[0]?.shard.suite;
  const known = new Set(suite ? suiteCells(suite).map(cellName) : []);
  const owner = new Map<string, Shard>();
  for (const shard of shards) {
    checkShardHolds(shard, known);
    for (const name of shard.shard.cells) {
      const seen = owner.get(name);
      if (seen)
        throw new InputError(`cell ${name} was measured twice: by ${named(seen)} and ${named(shard)}`);
      owner.set(name, shard);
    }
  }
  const unmeasured = [...known].filter((name) => !owner.has(name));
  if (unmeasured.length > 0) {
    throw new InputError(`no shard measured ${unmeasured.join(', ')} of suite ${suite?.name ?? ''}`);
  }
}

/** The cells a shard claims are the suite's, and it holds each once per side it measured. */
function checkShardHolds(shard: Shard, known: ReadonlySet<string>): void {
  const foreign = shard.shard.cells.filter((name) => !known.has(name));
  if (foreign.length > 0) {
    throw new InputError(
      `${named(shard)} lists ${foreign.join(', ')}, which suite ${shard.shard.suite.name} does not have`,
    );
  }
  const sides: SideName[] = shard.results.mode === 'ab' ? ['base', 'head'] : ['head'];
  const held = shard.results.cells.map((cell) => `${cellName(cell)} ${cell.side}`);
  const expected = shard.shard.cells.flatMap((name) => sides.map((side) => `${name} ${side}`));
  if (canonicalJson([...held].sort()) !== canonicalJson([...expected].sort())) {
    const claimed = shard.shard.cells.join(', ') || 'nothing';
    throw new InputError(
      `${named(shard)} says it measured ${claimed} on ${sides.join(' and ')} but holds ${held.join(', ') || 'nothing'}`,
    );
  }
}

function mergeWarnings(shards: readonly Shard[]): string[] {
  const warnings: string[] = [];
  const machines = machineGroups(shards.map((s) => ({ index: s.shard.index, ...s.results.environment })));
  if (machines.length > 1) warnings.push(machinesWarning(machines, shards[0]?.results.mode ?? 'ab'));
  const versions = [...new Set(shards.map((s) => s.results.tool.version))];
  if (versions.length > 1) {
    warnings.push(
      `the shards were measured by different versions of mysql-perf-gate (${versions.join(', ')})`,
    );
  }
  return warnings;
}

export interface MachineGroup {
  readonly fingerprint: string;
  readonly hostname: string;
  readonly shards: readonly number[];
}

/** Shards grouped by the hardware fingerprint of the machine they ran on. */
export function machineGroups(
  shards: readonly { readonly index: number; readonly fingerprint: string; readonly hostname: string }[],
): MachineGroup[] {
  const groups = new Map<string, { fingerprint: string; hostname: string; shards: number[] }>();
  for (const shard of shards) {
    const group = groups.get(shard.fingerprint) ?? {
      fingerprint: shard.fingerprint,
      hostname: shard.hostname,
      shards: [],
    };
    group.shards.push(shard.index);
    groups.set(shard.fingerprint, group);
  }
  return [...groups.values()];
}

/** The warning a merge from several machines carries into the verdict and the comment. */
export function machinesWarning(groups: readonly MachineGroup[], mode: Results['mode']): string {
  const where = groups
    .map(
      (group) =>
        `shard${group.shards.length > 1 ? 's' : ''} ${group.shards.join(', ')} on ${group.hostname} (hardware ${group.fingerprint.slice(0, 12)})`,
    )
    .join('; ');
  const meaning =
    mode === 'ab'
      ? "each cell's base and head ran on the same machine, so its change holds, but absolute figures of cells from different machines are not comparable"
      : 'their cells are judged against one base, so part of each change may be the machine';
  return `the shards ran on ${groups.length} machines with different hardware (${where}): ${meaning}`;
}

/** Machines of different hardware among a merged file's shards (none for other files). */
export function mergedMachines(results: Pick<Results, 'merged'>): MachineGroup[] {
  const groups = machineGroups(results.merged?.shards ?? []);
  return groups.length > 1 ? groups : [];
}

/** Every shard's cells, in suite order (base before head), raw paths moved under shard-K/. */
function mergedCells(shards: readonly Shard[]): CellResult[] {
  const suite = shards[0]?.shard.suite;
  const order = new Map((suite ? suiteCells(suite) : []).map((cell, position) => [cellName(cell), position]));
  const sideOrder: Record<SideName, number> = { base: 0, head: 1 };
  return shards
    .flatMap((shard) => shard.results.cells.map((cell) => movedCell(cell, shardRawPrefix(shard.shard.index))))
    .sort(
      (a, b) =>
        (order.get(cellName(a)) ?? 0) - (order.get(cellName(b)) ?? 0) ||
        sideOrder[a.side] - sideOrder[b.side],
    );
}

function movedCell(cell: CellResult, prefix: string): CellResult {
  return {
    ...cell,
    repetitions: cell.repetitions.map((repetition) => {
      const callgrind = repetition.cost?.callgrind;
      return {
        ...repetition,
        rawOutput: `${prefix}/${repetition.rawOutput}`,
        ...(repetition.cost
          ? {
              cost: {
                ...repetition.cost,
                ...(callgrind
                  ? { callgrind: { ...callgrind, profile: `${prefix}/${callgrind.profile}` } }
                  : {}),
              },
            }
          : {}),
      };
    }),
  };
}

/** The first shard's servers, their error logs under shard-1/. */
function mergedSides(first: Shard): Results['sides'] {
  const moved = (facts: ServerFacts): ServerFacts => ({
    ...facts,
    errorLog: `${shardRawPrefix(first.shard.index)}/${facts.errorLog}`,
  });
  const { base, head } = first.results.sides;
  return base ? { base: moved(base), head: moved(head) } : { head: moved(head) };
}

function mergedAdaptive(shards: readonly Shard[]): Results['adaptive'] {
  const records = shards.map((s) => s.results.adaptive).filter((record) => record !== undefined);
  const first = records[0];
  if (!first) return undefined;
  const stops = new Set(records.map((record) => record.stopped));
  const stopped = stops.has('budget') ? 'budget' : stops.has('most') ? 'most' : 'decided';
  return { ...first, stopped };
}

function mergedRecord(shards: readonly Shard[]): MergedRecord {
  return {
    count: shards[0]?.shard.count ?? 0,
    shards: shards.map((s) => ({
      index: s.shard.index,
      cells: [...s.shard.cells],
      hostname: s.results.environment.hostname.slice(0, 300),
      cpuModel: s.results.environment.cpuModel.slice(0, 300),
      fingerprint: s.results.environment.fingerprint.slice(0, 200),
      startedAt: s.results.startedAt,
      finishedAt: s.results.finishedAt,
      ...(s.results.placement ? { placement: s.results.placement } : {}),
    })),
  };
}

/** The first shard's machine, with the highest load any shard saw (the busy-machine warning). */
function busiestLoad(environments: readonly Environment[]): Environment {
  const first = environments[0];
  if (!first) throw new Error('unreachable: no shard');
  const most = (pick: (env: Environment) => Environment['loadAverageBefore']) =>
    [0, 1, 2].map((i) => Math.max(...environments.map((env) => pick(env)[i] ?? 0))) as [
      number,
      number,
      number,
    ];
  return {
    ...first,
    loadAverageBefore: most((env) => env.loadAverageBefore),
    loadAverageAfter: most((env) => env.loadAverageAfter),
  };
}

function earliest(times: readonly string[]): string {
  return [...times].sort()[0] ?? '';
}

function latest(times: readonly string[]): string {
  return [...times].sort().at(-1) ?? '';
}

/**
 * Baselines and histories keep one machine's whole runs: a shard's results hold part of the suite,
 * and a merge of machines of different hardware mixes them. `what` says what refuses ("a baseline").
 */
export function checkWholeRun(results: Results, source: string, what: string): void {
  if (results.shard) {
    throw new InputError(
      `${source} is shard ${shardLabel(results.shard)} of a run: merge every shard's results first (mysql-perf-gate merge), then make ${what} of the merged file`,
    );
  }
  const machines = mergedMachines(results);
  if (machines.length > 0) {
    throw new InputError(
      `${source} was merged from shards on ${machines.length} machines with different hardware (${machines.map((group) => group.hostname).join(', ')}); ${what} keeps the figures of one machine`,
    );
  }
}

/** What compare says of a shard's results judged alone. */
export function shardAloneWarning(results: Results): string[] {
  if (!results.shard) return [];
  return [
    `these are the results of shard ${shardLabel(results.shard)} alone: ${results.shard.cells.length} of the suite's cells were judged; merge every shard's results (mysql-perf-gate merge) for the verdict of the run`,
  ];
}
