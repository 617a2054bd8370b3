// What surrounds the results: the warnings, the machine each side ran on, and a stored baseline's
// history. Pure.
import type { BaselineEntry } from '../../baseline/baseline-schema.js';
import type { Verdict } from '../../compare/verdict-schema.js';
import { formatGiB, formatLoadAverage } from '../../format.js';
import type { Environment } from '../../results/results-schema.js';
import { environmentLabel, noiseWarning, runnerCheckLabel, unjudgedWarning } from '../labels.js';
import { code, column, EMPTY, text } from './cells.js';
import type { Machine, Table, Warnings } from './model.js';

/**
 * The cells not judged and the noise warning first (an inconclusive pass must not read as a clean
 * bill), then the verdict's.
 */
export function warningsOf(verdict: Verdict): Warnings {
  return { noise: noiseWarning(verdict), unjudged: unjudgedWarning(verdict), items: verdict.warnings };
}

const MACHINE_FIELDS: readonly (readonly [string, (env: Environment) => string])[] = [
  ['CPU model', (env) => env.cpuModel],
  ['logical cores', (env) => String(env.logicalCores)],
  ['physical cores', (env) => (env.physicalCores === null ? 'unknown' : String(env.physicalCores))],
  ['SMT', (env) => (env.smt === null ? 'unknown' : env.smt ? 'on' : 'off')],
  ['frequency governor', (env) => env.governor ?? 'none exposed'],
  ['virtualized', (env) => (env.virtualized ? 'yes' : 'no')],
  ['memory', (env) => formatGiB(env.memoryBytes)],
  ['load average before (1, 5, 15 min)', (env) => env.loadAverageBefore.map(formatLoadAverage).join(', ')],
  ['load average after (1, 5, 15 min)', (env) => env.loadAverageAfter.map(formatLoadAverage).join(', ')],
  ['OS', (env) => env.os],
  ['kernel', (env) => env.kernel],
  ['platform', (env) => `${env.platform} ${env.arch}`],
  ['sysbench', (env) => env.sysbenchVersion],
  ['Node.js', (env) => env.nodeVersion],
  ['host', (env) => env.hostname],
  ['hardware fingerprint', (env) => env.fingerprint],
  [
    'runner check (doctor)',
    (env) =>
      env.runnerCheck === undefined
        ? 'not run'
        : [runnerCheckLabel(env.runnerCheck), ...env.runnerCheck.worst].join('; '),
  ],
];

export function machineOf(base: Environment, head: Environment): Machine {
  const baseLabel = environmentLabel(base);
  const headLabel = environmentLabel(head);
  return {
    base: baseLabel,
    head: headLabel,
    same: baseLabel === headLabel && base.fingerprint === head.fingerprint,
    table: {
      columns: [column('field', '', 'left'), column('base', 'base', 'left'), column('head', 'head', 'left')],
      rows: MACHINE_FIELDS.map(([name, value]) => ({
        cells: { field: text(name), base: text(value(base)), head: text(value(head)) },
      })),
    },
  };
}

export function historyOf(history: readonly BaselineEntry[]): Table<'saved' | 'commit' | 'version' | 'tool'> {
  return {
    columns: [
      column('saved', 'saved', 'left'),
      column('commit', 'commit', 'left'),
      column('version', 'version', 'left'),
      column('tool', 'tool', 'left'),
    ],
    rows: history.map((entry) => ({
      cells: {
        saved: text(entry.savedAt),
        commit: entry.commit === undefined ? EMPTY : code(entry.commit),
        version: text(entry.facts.versionFunction),
        tool: text(entry.run.toolVersion),
      },
    })),
  };
}
