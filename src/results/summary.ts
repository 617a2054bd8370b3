// A short human summary of results: one line per cell and side. Pure.
import type { CellResult, Results } from './schema.js';

/** Median of a non-empty list (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

function formatNumber(value: number): string {
  return value >= 100 ? value.toFixed(0) : value.toFixed(2);
}

function row(cell: CellResult): string[] {
  const tps = cell.repetitions.map((repetition) => repetition.report.tps);
  const latency = cell.repetitions.map((repetition) => repetition.report.latencyMs.atPercentile);
  const errors = cell.repetitions.reduce((sum, repetition) => sum + repetition.report.ignoredErrors, 0);
  return [
    cell.workload,
    String(cell.threads),
    cell.side,
    formatNumber(median(tps)),
    `${formatNumber(Math.min(...tps))}–${formatNumber(Math.max(...tps))}`,
    formatNumber(median(latency)),
    String(cell.repetitions.length),
    String(errors),
  ];
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (cells: string[]): string =>
    cells
      .map((text, column) =>
        column < 3 ? text.padEnd(widths[column] ?? 0) : text.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

export function renderResultsSummary(results: Results): string {
  const percentile = results.suite.percentile;
  const header = [
    'workload',
    'threads',
    'side',
    'tps (median)',
    'tps range',
    `p${percentile} ms`,
    'reps',
    'errors',
  ];
  const rows = results.cells.map(row);
  const lines = [
    `suite ${results.suite.name}: ${results.cells.length} cells, ${results.mode === 'ab' ? 'base and head interleaved' : 'one server'}`,
  ];
  for (const [name, facts] of Object.entries(results.sides)) {
    const compiler = facts.compiler.known ? facts.compiler.name : `unknown (${facts.compiler.reason})`;
    lines.push(`${name}: ${facts.flavor} ${facts.versionFunction}, compiler ${compiler}`);
  }
  const env = results.environment;
  lines.push(
    `machine: ${env.cpuModel}, ${env.logicalCores} logical cores, governor ${env.governor ?? 'n/a'}, load ${env.loadAverageBefore[0].toFixed(2)} → ${env.loadAverageAfter[0].toFixed(2)}`,
    '',
    table(header, rows),
  );
  return lines.join('\n');
}
