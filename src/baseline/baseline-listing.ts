// Text for `baseline show`: a list of stored baselines, or one file's history. Pure.
import { formatFigureFixed } from '../format.js';
import { median } from '../stats/descriptive.js';
import { newestEntry } from './entry.js';
import type { BaselineEntry, BaselineFile } from './baseline-schema.js';

const COMMIT_LENGTH = 12;

/** Left-aligned columns, except those listed in `right` (numbers). */
function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  right: ReadonlySet<number>,
): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((text, column) =>
        right.has(column) ? text.padStart(widths[column] ?? 0) : text.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

function shortCommit(entry: BaselineEntry): string {
  return entry.commit === undefined ? '-' : entry.commit.slice(0, COMMIT_LENGTH);
}

export interface ListedBaseline {
  readonly path: string;
  readonly file: BaselineFile;
}

/** One row per baseline file: testbed, suite, options hash, entries, newest date and commit. */
export function renderBaselineList(baselines: readonly ListedBaseline[]): string {
  const rows = baselines.map(({ path, file }) => {
    const newest = newestEntry(file);
    return [
      file.key.testbed,
      file.key.suite,
      file.key.optionsHash,
      String(file.entries.length),
      newest.savedAt,
      shortCommit(newest),
      path,
    ];
  });
  return table(
    ['testbed', 'suite', 'options', 'entries', 'newest saved', 'commit', 'file'],
    rows,
    new Set([3]),
  );
}

function describeOptions(options: Readonly<Record<string, string>>): string {
  const pairs = Object.entries(options)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`);
  return pairs.length === 0 ? 'none' : pairs.join(' ');
}

/** A file's key, its entries oldest first, and the newest entry's median tps per cell. */
export function renderBaselineFile(file: BaselineFile, path: string): string {
  const entryRows = file.entries.map((entry, index) => [
    String(index + 1),
    entry.savedAt,
    entry.run.startedAt,
    shortCommit(entry),
    `${entry.facts.flavor} ${entry.facts.versionFunction}`,
    entry.facts.compiler.known ? entry.facts.compiler.name : 'unknown',
    entry.suiteHash,
    entry.environment.fingerprint,
  ]);
  const newest = newestEntry(file);
  const cellRows = newest.cells.map((cell) => {
    const tps = cell.repetitions.map((repetition) => repetition.report.tps);
    return [
      cell.workload,
      String(cell.threads),
      String(tps.length),
      formatFigureFixed(median(tps)),
      `${formatFigureFixed(Math.min(...tps))}–${formatFigureFixed(Math.max(...tps))}`,
    ];
  });
  return [
    `baseline ${path}`,
    `testbed ${file.key.testbed}, suite ${file.key.suite}, options ${file.key.optionsHash} (${describeOptions(file.key.options)})`,
    `${file.entries.length} ${file.entries.length === 1 ? 'entry' : 'entries'}, oldest first:`,
    '',
    table(
      ['#', 'saved', 'measured', 'commit', 'server', 'compiler', 'suite hash', 'hardware'],
      entryRows,
      new Set([0]),
    ),
    '',
    `newest entry (#${file.entries.length}, commit ${shortCommit(newest)}): tps per cell over its repetitions`,
    '',
    table(['workload', 'threads', 'reps', 'tps (median)', 'tps range'], cellRows, new Set([1, 2, 3, 4])),
  ].join('\n');
}
