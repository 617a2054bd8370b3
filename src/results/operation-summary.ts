// The terminal summary's tables of operational cells (recovery, cold start, replica apply): one per
// operation, each figure in the operation's own unit ("instr/recovery", "µs CPU/applied trx"), and
// none of the client's columns (throughput, latency, queries) they do not have. Pure.
import { formatFigureFixed } from '../format.js';
import { median } from '../stats/descriptive.js';
import { variantLabel } from '../suite/variants.js';
import { kindOf } from '../workload/kinds.js';
import { OPERATION_KINDS, type OperationKind } from '../workload/operation-names.js';
import { perUnit, unitShort } from './operation-units.js';
import type { CellResult, Repetition, Results } from './results-schema.js';

/** The operation a results cell measured, from its workload's kind; undefined for a client workload. */
export function operationOfCell(
  results: Pick<Results, 'suite'>,
  cell: Pick<CellResult, 'workload'>,
): { readonly kind: OperationKind; readonly title: string } | undefined {
  const workload = results.suite.workloads.find((candidate) => candidate.name === cell.workload);
  if (workload === undefined) return undefined;
  const kind = kindOf(workload);
  if (kind.operation === undefined) return undefined;
  return { kind: kind.operation, title: kind.summary.split(':')[0] ?? kind.operation };
}

interface Column {
  readonly header: string;
  readonly value: (repetition: Repetition) => number | undefined;
}

/** Each repetition's value, or undefined when any lacks it. */
function values(cell: CellResult, column: Column): number[] | undefined {
  const all = cell.repetitions.map(column.value);
  return all.every((value): value is number => value !== undefined) ? all : undefined;
}

function columnsFor(kind: OperationKind, cells: readonly CellResult[]): Column[] {
  const unit = unitShort(kindOf({ kind }).per);
  const perRepetitionUnit = (count: number | undefined, repetition: Repetition): number | undefined =>
    count === undefined || !(repetition.report.transactions > 0)
      ? undefined
      : count / repetition.report.transactions;
  const candidates: Column[] = [
    { header: 's (median)', value: (repetition) => repetition.operation?.seconds },
    {
      // A rate only where a repetition counts many units (the transactions a replica applied).
      header: `${unit}/s`,
      value: (repetition) => {
        const operation = repetition.operation;
        return operation === undefined || operation.units < 2 || !(operation.seconds > 0)
          ? undefined
          : operation.units / operation.seconds;
      },
    },
    {
      header: `instr/${unit}`,
      value: (repetition) => perRepetitionUnit(repetition.cost?.callgrind?.foreground, repetition),
    },
    {
      header: `µs CPU/${unit}`,
      value: (repetition) => {
        const cpu = repetition.cost?.cpu;
        return perRepetitionUnit(
          cpu === undefined ? undefined : (cpu.userSeconds + cpu.systemSeconds) * 1e6,
          repetition,
        );
      },
    },
  ];
  return candidates.filter((column) => cells.some((cell) => values(cell, column) !== undefined));
}

/** `left` columns (workload, threads, the variant when there is one, side) read from the left. */
function table(header: readonly string[], rows: readonly string[][], left: number): string[] {
  const widths = header.map((title, at) =>
    Math.max(title.length, ...rows.map((row) => (row[at] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((text, at) => (at < left ? text.padEnd(widths[at] ?? 0) : text.padStart(widths[at] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

/** One table per operation the results measured, each in its unit; none without operational cells. */
export function operationTables(results: Results): string[] {
  return OPERATION_KINDS.flatMap((kind) => {
    const cells = results.cells.filter((cell) => operationOfCell(results, cell)?.kind === kind);
    const first = cells[0];
    if (first === undefined) return [];
    const columns = columnsFor(kind, cells);
    // Two `load` variants of a cell are two cells: the variant tells their rows apart.
    const variants = results.cells.some((cell) => cell.variant !== undefined);
    const left = ['workload', 'threads', ...(variants ? ['variant'] : []), 'side'];
    const rows = cells.map((cell) => [
      cell.workload,
      String(cell.threads),
      ...(variants ? [variantLabel(cell.variant) || '–'] : []),
      cell.side,
      ...columns.map((column) => {
        const measured = values(cell, column);
        return measured === undefined ? '–' : formatFigureFixed(median(measured));
      }),
      String(cell.repetitions.length),
    ]);
    const title = operationOfCell(results, first)?.title ?? kind;
    return [
      '',
      `${title}: seconds natively, every other figure ${perUnit(kindOf({ kind }).per)}`,
      ...table([...left, ...columns.map((column) => column.header), 'reps'], rows, left.length),
    ];
  });
}
