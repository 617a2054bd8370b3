// Cells and columns as the document builders write them, and the columns a renderer picks. Pure.
import type {
  Align,
  Cell,
  CodeCell,
  Column,
  ColumnSplit,
  EmptyCell,
  NumberCell,
  NumberFormat,
  Row,
  TextCell,
} from './model.js';

export const EMPTY: EmptyCell = { kind: 'empty' };

export function text(value: string, strong = false): TextCell {
  return strong ? { kind: 'text', text: value, strong } : { kind: 'text', text: value };
}

export function code(value: string | null): CodeCell {
  return { kind: 'code', text: value };
}

export function number(value: number, format: NumberFormat): NumberCell {
  return { kind: 'number', value, format };
}

export function column<K extends string>(
  key: K,
  header: string,
  align: Align,
  more: Partial<Omit<Column<K>, 'key' | 'header' | 'align'>> = {},
): Column<K> {
  return { key, header, align, ...more };
}

/** A column of measured cells: one ("oltp_point_select @ 8"), or the workload and its threads. */
export const CELL_SPLIT: ColumnSplit = {
  kind: 'cell',
  parts: [
    { header: 'workload', align: 'left' },
    { header: 'threads', align: 'right' },
  ],
};

/** A column of values with a qualifier: one, or `value` and `qualifier` in columns of their own. */
export function qualified(value: string, qualifier: string): ColumnSplit {
  return {
    kind: 'qualified',
    parts: [
      { header: value, align: 'right' },
      { header: qualifier, align: 'right' },
    ],
  };
}

/** The columns `keys` names, in that order. */
export function pickColumns<K extends string>(
  columns: readonly Column<K>[],
  keys: readonly K[],
): Column<K>[] {
  return keys.map((key) => {
    const found = columns.find((entry) => entry.key === key);
    if (found === undefined) throw new Error(`unreachable: no column ${key}`);
    return found;
  });
}

/** A row's cells under `keys`, in that order. */
export function pickCells<K extends string>(row: Row<K>, keys: readonly K[]): Cell[] {
  return keys.map((key) => row.cells[key]);
}

/** The keys with the variant after threads, when the table has a variant column (a suite with variants). */
export function withVariant<K extends string>(
  keys: readonly K[],
  table: { readonly columns: readonly Column<K>[] },
): readonly K[] {
  if (!table.columns.some((column) => column.key === 'variant')) return keys;
  const at = keys.indexOf('threads' as K) + 1;
  return [...keys.slice(0, at), 'variant' as K, ...keys.slice(at)];
}
