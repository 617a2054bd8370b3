// A short human summary of results: one line per cell and side. Pure.
import {
  formatDuration,
  formatFigureFixed,
  formatFigurePlain,
  formatLoadAverage,
  formatPercent,
  formatSpread,
} from '../format.js';
import { median } from '../stats/descriptive.js';
import { cellTitle } from '../suite/suite-schema.js';
import { variantLabel } from '../suite/variants.js';
import { TRANSACTION_TYPES } from '../sysbench/report-schema.js';
import {
  isStandardMix,
  MIX_TOLERANCE,
  newOrdersPerMinute,
  pooledMix,
  STANDARD_MIX,
  TRANSACTION_LABELS,
} from '../workload/tpcc-mix.js';
import {
  type AdaptiveRecord,
  type CellResult,
  FLAVOR_NAMES,
  type Repetition,
  type Results,
} from './results-schema.js';
import { dataAndPool, describeDataAndPool, readsCheck, readsSentence } from './io-bound.js';
import { operationOfCell, operationTables } from './operation-summary.js';
import {
  cellFigure,
  figureValue,
  RESOURCE_FIGURE_INFO,
  RESOURCE_FIGURES,
  relativeSpread,
  type ResourceFigure,
} from './resource-figures.js';

// Still importable from here for the code that took it from here before stats had the one median.

function range(values: readonly number[]): string {
  return `${formatFigureFixed(Math.min(...values))}–${formatFigureFixed(Math.max(...values))}`;
}

function errorCount(cell: CellResult): string {
  return String(cell.repetitions.reduce((sum, repetition) => sum + repetition.report.ignoredErrors, 0));
}

/** Each repetition's count divided by its transactions (or queries), or undefined if any lacks it. */
function perUnit(
  cell: CellResult,
  count: (repetition: Repetition) => number | undefined,
  unit: 'transactions' | 'queries' = 'transactions',
): number[] | undefined {
  const values = cell.repetitions.map((repetition) => {
    const value = count(repetition);
    const divisor =
      unit === 'transactions' ? repetition.report.transactions : repetition.report.queries.total;
    return value === undefined || divisor <= 0 ? undefined : value / divisor;
  });
  return values.every((value): value is number => value !== undefined) ? values : undefined;
}

/** "49.82 ±1.2%": a figure's median and its repetitions' spread; "–" when none measured it. */
function figureWithSpread(cell: CellResult, figure: ResourceFigure): string {
  const spread = cellFigure(cell, figure);
  if (spread === undefined) return '–';
  const relative = relativeSpread(spread);
  return `${formatFigurePlain(spread.median)}${relative === undefined ? '' : ` ${formatSpread(relative)}`}`;
}

function throughputRow(
  cell: CellResult,
  columns: { figures: readonly ResourceFigure[]; hardware: boolean },
): string[] {
  const tps = cell.repetitions.map((repetition) => repetition.report.tps);
  const latency = cell.repetitions.map((repetition) => repetition.report.latencyMs.atPercentile);
  const hardware = perUnit(cell, (repetition) => repetition.cost?.hardwareInstructions);
  return [
    cell.workload,
    String(cell.threads),
    cell.side,
    formatFigureFixed(median(tps)),
    range(tps),
    formatFigureFixed(median(latency)),
    ...columns.figures.map((figure) => figureWithSpread(cell, figure)),
    ...(columns.hardware ? [hardware ? formatFigureFixed(median(hardware)) : '–'] : []),
    String(cell.repetitions.length),
    errorCount(cell),
  ];
}

function instructionRow(cell: CellResult): string[] {
  const foreground = perUnit(cell, (repetition) => repetition.cost?.callgrind?.foreground) ?? [];
  const perQuery = perUnit(cell, (repetition) => repetition.cost?.callgrind?.foreground, 'queries') ?? [];
  const total = perUnit(cell, (repetition) => repetition.cost?.callgrind?.total) ?? [];
  const show = (values: number[], text: (values: number[]) => string): string =>
    values.length > 0 ? text(values) : '–';
  return [
    cell.workload,
    String(cell.threads),
    cell.side,
    show(foreground, (values) => formatFigureFixed(median(values))),
    show(foreground, (values) => {
      const middle = median(values);
      return `±${formatPercent((Math.max(...values) - Math.min(...values)) / 2 / middle, 2)}`;
    }),
    show(perQuery, (values) => formatFigureFixed(median(values))),
    show(total, (values) => formatFigureFixed(median(values))),
    String(cell.repetitions.length),
    errorCount(cell),
  ];
}

/** Rows of cells, with a variant column after threads when the suite has variants. */
function table(header: string[], rows: string[][], cells: readonly CellResult[]): string {
  const variants = cells.some((cell) => cell.variant !== undefined);
  const left = variants ? 4 : 3;
  if (variants) {
    header.splice(2, 0, 'variant');
    rows.forEach((row, index) => row.splice(2, 0, variantLabel(cells[index]?.variant) || '–'));
  }
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (cells: string[]): string =>
    cells
      .map((text, column) =>
        column < left ? text.padEnd(widths[column] ?? 0) : text.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

function measurementTable(all: Results): string {
  // Operational cells have tables of their own (operationTables): no throughput, latency or queries.
  const results = { ...all, cells: all.cells.filter((cell) => operationOfCell(all, cell) === undefined) };
  if (results.cells.length === 0) return '';
  if (results.suite.metric === 'instructions') {
    const header = [
      'workload',
      'threads',
      'side',
      'instr/txn (median)',
      'spread',
      'instr/query',
      'all threads/txn',
      'reps',
      'errors',
    ];
    return table(header, results.cells.map(instructionRow), results.cells);
  }
  const has = (pick: (repetition: Repetition) => unknown): boolean =>
    results.cells.some((cell) => cell.repetitions.some((repetition) => pick(repetition) !== undefined));
  const columns = {
    figures: RESOURCE_FIGURES.filter((figure) => has((repetition) => figureValue(figure, repetition))),
    hardware: has((repetition) => repetition.cost?.hardwareInstructions),
  };
  const header = [
    'workload',
    'threads',
    'side',
    'tps (median)',
    'tps range',
    `p${results.suite.percentile} ms`,
    ...columns.figures.map((figure) => `${RESOURCE_FIGURE_INFO[figure].header}/txn`),
    ...(columns.hardware ? ['hw instr/txn'] : []),
    'reps',
    'errors',
  ];
  return table(
    header,
    results.cells.map((cell) => throughputRow(cell, columns)),
    results.cells,
  );
}

/** Each TPC-C-like cell's New-Order rate and mix of transactions, a line per side. */
function mixLines(results: Results): string[] {
  const lines = results.cells.flatMap((cell): string[] => {
    const mix = pooledMix(cell.repetitions.map((repetition) => repetition.report.mix));
    const notpm = cell.repetitions
      .map((repetition) => newOrdersPerMinute(repetition.report))
      .filter((value): value is number => value !== undefined);
    if (mix === undefined || notpm.length !== cell.repetitions.length) return [];
    const shares = TRANSACTION_TYPES.map(
      (type) => `${TRANSACTION_LABELS[type]} ${formatPercent(mix.shares[type])}`,
    ).join(', ');
    return [
      `  ${cellTitle(cell)} ${cell.side}: ${formatFigureFixed(median(notpm))} NOTPM (median); ` +
        `${shares} of ${mix.transactions} transactions${isStandardMix(mix.shares) ? '' : ' ← off the standard mix'}`,
    ];
  });
  if (lines.length === 0) return [];
  const standard = TRANSACTION_TYPES.map((type) => formatPercent(STANDARD_MIX[type], 0)).join('/');
  return [
    '',
    `TPC-C-like cells: New-Orders committed per minute, and the mix of completed transactions (standard ${standard}, each within ${Math.round(MIX_TOLERANCE * 100)} points):`,
    ...lines,
  ];
}

const STOPPED: Readonly<Record<AdaptiveRecord['stopped'], string>> = {
  decided: 'every cell decided',
  most: 'the most repetitions reached',
  budget: 'the budget spent',
};

/** What the run did for undecided cells, and why it stopped. */
function describeAdaptive(adaptive: AdaptiveRecord): string {
  const budget = adaptive.budgetSeconds === null ? '' : `, budget ${formatDuration(adaptive.budgetSeconds)}`;
  return (
    `undecided cells: more repetitions, looks at ${adaptive.looks.join(', ')}${budget}; ` +
    `stopped with ${STOPPED[adaptive.stopped]} (repetitions per cell: reps below)`
  );
}

export function renderResultsSummary(results: Results): string {
  const lines = [`suite ${results.suite.name}: ${results.cells.length} cells, ${sidesMode(results)}`];
  for (const [name, facts] of Object.entries(results.sides)) {
    const compiler = facts.compiler.known ? facts.compiler.name : `unknown (${facts.compiler.reason})`;
    lines.push(`${name}: ${FLAVOR_NAMES[facts.flavor]} ${facts.versionFunction}, compiler ${compiler}`);
    if (facts.build) {
      const { build } = facts;
      lines.push(
        `  built here: ${build.compiler.id} ${build.compiler.version}, ${build.buildType}, C++ flags "${build.flags.cxx}"` +
          (build.source.gitCommit
            ? `, source ${build.source.gitCommit.slice(0, 12)}${build.source.gitDirty ? ' (modified)' : ''}`
            : ''),
      );
    }
  }
  const env = results.environment;
  lines.push(
    `machine: ${env.cpuModel}, ${env.logicalCores} logical cores, governor ${env.governor ?? 'n/a'}, load ${formatLoadAverage(env.loadAverageBefore[0])} → ${formatLoadAverage(env.loadAverageAfter[0])}`,
  );
  const counters = results.costCounters;
  if (counters?.valgrind !== undefined) {
    lines.push(
      `instructions counted by valgrind ${counters.valgrind} (callgrind); instr/txn counts what the server ran for the ` +
        "client's statements (inside do_command); all threads/txn adds background threads",
    );
  } else if (counters && !counters.hardwareInstructions.available) {
    lines.push(`hardware instruction counts: not available (${counters.hardwareInstructions.reason})`);
  }
  if (results.parallelSides) {
    const { base, head } = results.parallelSides;
    lines.push(`placement: base's server and sysbench on CPU ${base}, head's on CPU ${head}`);
  }
  if (results.placement) {
    const { placement } = results;
    lines.push(
      placement.pinned
        ? `placement: the server on CPU ${placement.server}, sysbench on CPU ${placement.client}`
        : `placement: not pinned (${placement.reason})`,
    );
  }
  if (results.adaptive) lines.push(describeAdaptive(results.adaptive));
  lines.push(...processCounterLines(results));
  const measured = measurementTable(results);
  lines.push(
    ...(measured === '' ? [] : ['', measured]),
    ...operationTables(results),
    ...ioBoundLines(results),
    ...mixLines(results),
  );
  return lines.join('\n');
}

/** Which side's context switches or I/O /proc would not give, and why. */
function processCounterLines(results: Results): string[] {
  return Object.entries(results.sides).flatMap(([name, facts]) => {
    const counters = facts.processCounters;
    if (counters === undefined) return [];
    return (
      [
        ['context switches', counters.contextSwitches],
        ['KB read and written', counters.io],
      ] as const
    ).flatMap(([what, availability]) =>
      availability.available ? [] : [`${name}: ${what} not available (${availability.reason})`],
    );
  });
}

/** An IO-bound suite's data against its buffer pool, and whether its cells read from disk. */
function ioBoundLines(results: Results): string[] {
  if (results.suite.expect !== 'io-bound') return [];
  const sizes = Object.entries(results.sides).flatMap(([name, facts]) => {
    const known = dataAndPool(facts);
    return known === undefined ? [] : [`${name} ${describeDataAndPool(known)}`];
  });
  const reads = readsSentence(readsCheck(results.cells));
  return [
    '',
    ...(sizes.length > 0 ? [`data: ${sizes.join('; ')}`] : []),
    ...(reads === undefined ? [] : [reads]),
  ];
}

/** How the run measured its sides: one server, interleaved, or both at once. */
function sidesMode(results: Results): string {
  if (results.mode !== 'ab') return 'one server';
  return results.parallelSides ? 'base and head at once' : 'base and head interleaved';
}
