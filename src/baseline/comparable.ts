// Can a stored baseline entry stand in for the base side of these results? Pure.
//
// Refused (BaselineError) unless forced: another suite (name or definition) or other hardware
// (fingerprint), since the numbers would measure the difference in setup, not in the server.
// Warned: smaller drifts that move numbers without making them meaningless (governor, kernel,
// CPU model, memory, virtualization, sysbench version, server options).
import { formatGiB } from '../format.js';
import { BaselineError } from '../errors.js';
import type { Environment, Results, SideName } from '../results/results-schema.js';
import type { Suite } from '../suite/suite-schema.js';
import { canonicalJson } from '../stable-hash.js';
import { suiteDefinition, suiteHash } from '../suite/suite-hash.js';
import { normalizedOptions, optionsHash } from './hash.js';
import { sideFacts } from './key.js';
import type { BaselineEntry } from './baseline-schema.js';
import { bothSpellings } from '../option-names.js';

export interface ComparableOptions {
  /** Turn refusals into warnings (the force option). */
  readonly force?: boolean;
  /** Side of the results compared with the baseline; default head. */
  readonly side?: SideName;
}

const MAX_VALUE_LENGTH = 48;

function show(value: unknown): string {
  if (value === undefined) return '(unset)';
  const text = canonicalJson(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isNamedList(value: unknown): value is { name: string }[] {
  return Array.isArray(value) && value.every((item) => isRecord(item) && typeof item.name === 'string');
}

/** Differences between two values as "path a → b", down to the member that changed. */
function differences(path: string, a: unknown, b: unknown): string[] {
  if (canonicalJson(a ?? null) === canonicalJson(b ?? null)) return [];
  if (isRecord(a) && isRecord(b)) {
    return [...new Set([...Object.keys(a), ...Object.keys(b)])].flatMap((key) =>
      differences(`${path}.${key}`, a[key], b[key]),
    );
  }
  if (isNamedList(a) && isNamedList(b)) {
    const before = new Map(a.map((item) => [item.name, item]));
    const after = new Map(b.map((item) => [item.name, item]));
    const removed = a.filter((item) => !after.has(item.name)).map((item) => `${path} removed ${item.name}`);
    const added = b.filter((item) => !before.has(item.name)).map((item) => `${path} added ${item.name}`);
    const changed = b.flatMap((item) => {
      const old = before.get(item.name);
      return old === undefined ? [] : differences(`${path}[${item.name}]`, old, item);
    });
    const moved = removed.length + added.length + changed.length === 0 ? [`${path} reordered`] : [];
    return [...removed, ...added, ...changed, ...moved];
  }
  return [`${path} ${show(a)} → ${show(b)}`];
}

/** What differs between two suite definitions (description and tolerances aside), e.g. "durationSeconds 10 → 60". */
export function suiteDifferences(baseline: Suite, results: Suite): string[] {
  const a = suiteDefinition(baseline);
  const b = suiteDefinition(results);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].flatMap((field) =>
    differences(field, a[field], b[field]),
  );
}

function gib(bytes: number): string {
  return formatGiB(bytes);
}

/** The hardware facts the fingerprint is made of, where they differ. */
function hardwareDifferences(baseline: Environment, results: Environment): string[] {
  const differences: string[] = [];
  if (baseline.cpuModel !== results.cpuModel) {
    differences.push(`CPU model ${JSON.stringify(baseline.cpuModel)} → ${JSON.stringify(results.cpuModel)}`);
  }
  if (baseline.logicalCores !== results.logicalCores) {
    differences.push(`logical cores ${baseline.logicalCores} → ${results.logicalCores}`);
  }
  if (baseline.physicalCores !== results.physicalCores) {
    differences.push(`physical cores ${String(baseline.physicalCores)} → ${String(results.physicalCores)}`);
  }
  if (baseline.smt !== results.smt) differences.push(`SMT ${String(baseline.smt)} → ${String(results.smt)}`);
  if (Math.round(baseline.memoryBytes / 2 ** 30) !== Math.round(results.memoryBytes / 2 ** 30)) {
    differences.push(`memory ${gib(baseline.memoryBytes)} → ${gib(results.memoryBytes)}`);
  }
  return differences;
}

function refusals(entry: BaselineEntry, results: Results): string[] {
  const found: string[] = [];
  if (entry.suite.name !== results.suite.name) {
    found.push(
      `different suites: the baseline ran suite "${entry.suite.name}", the results suite "${results.suite.name}"`,
    );
  } else {
    // Hashed again rather than trusting entry.suiteHash: the stored suite was parsed with
    // today's defaults, so a suite field added since it was saved does not count as a change.
    const baselineHash = suiteHash(entry.suite);
    const resultsHash = suiteHash(results.suite);
    if (baselineHash !== resultsHash) {
      const fields = suiteDifferences(entry.suite, results.suite);
      found.push(
        `the definition of suite "${results.suite.name}" differs (baseline hash ${baselineHash}, results hash ${resultsHash})${fields.length > 0 ? `: ${fields.join(', ')}` : ''}`,
      );
    }
  }
  const before = entry.environment;
  const after = results.environment;
  if (before.fingerprint !== after.fingerprint) {
    const facts = hardwareDifferences(before, after);
    found.push(
      `different hardware (fingerprint ${before.fingerprint} → ${after.fingerprint})${facts.length > 0 ? `: ${facts.join(', ')}` : ''}`,
    );
  }
  return found;
}

function environmentWarnings(entry: BaselineEntry, results: Results): string[] {
  const before = entry.environment;
  const after = results.environment;
  // Fingerprint changes already name CPU model and memory in the refusal.
  const hardwareNamed = before.fingerprint !== after.fingerprint;
  const warnings: string[] = [];
  if (before.governor !== after.governor) {
    warnings.push(
      `CPU frequency governor differs: baseline ${before.governor ?? 'none'}, results ${after.governor ?? 'none'}`,
    );
  }
  if (before.kernel !== after.kernel) {
    warnings.push(`kernel differs: baseline ${before.kernel}, results ${after.kernel}`);
  }
  if (!hardwareNamed && before.cpuModel !== after.cpuModel) {
    warnings.push(`CPU model differs: baseline ${before.cpuModel}, results ${after.cpuModel}`);
  }
  if (!hardwareNamed && before.memoryBytes !== after.memoryBytes) {
    warnings.push(
      `memory differs: baseline ${before.memoryBytes} bytes (${gib(before.memoryBytes)}), results ${after.memoryBytes} bytes (${gib(after.memoryBytes)})`,
    );
  }
  if (before.virtualized !== after.virtualized) {
    const where = (virtualized: boolean): string => (virtualized ? 'under a hypervisor' : 'on bare metal');
    warnings.push(
      `virtualization differs: the baseline ran ${where(before.virtualized)}, the results ${where(after.virtualized)}`,
    );
  }
  if (before.sysbenchVersion !== after.sysbenchVersion) {
    warnings.push(
      `sysbench version differs: baseline ${before.sysbenchVersion}, results ${after.sysbenchVersion}`,
    );
  }
  return warnings;
}

/** Options set on one side but not the other, or set to other values, as "name a → b". */
export function optionDifferences(
  baseline: Readonly<Record<string, string>>,
  results: Readonly<Record<string, string>>,
): string[] {
  const a = normalizedOptions(baseline);
  const b = normalizedOptions(results);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .sort()
    .filter((name) => a[name] !== b[name])
    .map((name) => `${name} ${a[name] ?? '(unset)'} → ${b[name] ?? '(unset)'}`);
}

/**
 * Checks that `entry` can be the base for `results`. Returns warnings; throws BaselineError naming
 * every refusal, or with `force` returns them as warnings too.
 */
export function checkComparable(
  entry: BaselineEntry,
  results: Results,
  options: ComparableOptions = {},
): string[] {
  const refused = refusals(entry, results);
  const facts = sideFacts(results, options.side ?? 'head');
  const warnings = environmentWarnings(entry, results);
  if (optionsHash(facts.options) !== entry.optionsHash) {
    warnings.push(
      `server options differ: ${optionDifferences(entry.facts.options, facts.options).join(', ')}`,
    );
  }
  if (refused.length === 0) return warnings;
  if (options.force === true) {
    return [
      ...refused.map((reason) => `compared anyway (${bothSpellings('force')}) despite ${reason}`),
      ...warnings,
    ];
  }
  const what = `the baseline entry saved ${entry.savedAt}${entry.commit === undefined ? '' : ` (commit ${entry.commit})`}`;
  throw new BaselineError(
    `the results are not comparable with ${what}:\n${refused.map((reason) => `  - ${reason}`).join('\n')}\npass the force option (${bothSpellings('force')}) to compare anyway; these differences then become warnings`,
  );
}
