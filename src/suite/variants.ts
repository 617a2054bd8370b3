// Server-option variants: a suite's dimension of cells beside workloads and threads. Pure.
//
// `variants: {innodb_thread_concurrency: [0, 8, 16, 1000]}` measures every cell once per value,
// the server started with that value; a named set bundles several options under one value:
//
//   variants:
//     durability:
//       relaxed: {sync_binlog: 0, innodb_flush_log_at_trx_commit: 2}
//       durable: {log_bin: ON, sync_binlog: 1, innodb_flush_log_at_trx_commit: 1}
//
// and a value only some flavors have names them: `pool: {options: {thread_handling:
// pool-of-threads}, flavors: [mariadb, percona]}`. Several dimensions multiply. A variant is the
// value each dimension takes, by dimension name; a suite without variants has one, empty.
import { z } from 'zod';

import { Flavor } from '../flavor/flavors.js';

/** A dimension's or a value's name: shown in cell names (`oltp_point_select@4[durability=durable]`). */
const VARIANT_NAME = /^[A-Za-z0-9_.+-]+$/;
const NAME_MESSAGE = 'letters, digits, "_", ".", "+" or "-"';

export const VariantName = z.string().max(64).regex(VARIANT_NAME, NAME_MESSAGE);

/** The most variants (the product of every dimension's values) a suite may have. */
export const MAX_VARIANTS = 64;

const optionValue = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((value) => (typeof value === 'boolean' ? (value ? 'ON' : 'OFF') : String(value)));

const optionName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'an option name: letters, digits, "_" or "-"');

const NamedValue = z.union([
  z.strictObject({
    options: z.record(optionName, optionValue),
    /** Only servers of these flavors have it (MySQL has no thread pool). */
    flavors: z.array(Flavor).min(1).optional(),
  }),
  z.record(optionName, optionValue),
]);

/** One dimension: values of one server option, or named sets of options. */
const Dimension = z.union([
  z
    .array(optionValue.pipe(z.string().regex(VARIANT_NAME, `a value shown in cell names: ${NAME_MESSAGE}`)))
    .min(1)
    .refine((values) => new Set(values).size === values.length, 'values must not repeat'),
  z
    .record(VariantName, NamedValue)
    .refine((values) => Object.keys(values).length > 0, 'at least one named value'),
]);

export const VariantsField = z.record(VariantName, Dimension);
export type VariantsField = z.infer<typeof VariantsField>;

/** The value of every dimension, by dimension name (insertion order is the suite's). */
export type Variant = Readonly<Record<string, string>>;

/** One value of a dimension, as the run uses it. */
export interface VariantValue {
  readonly name: string;
  readonly options: Readonly<Record<string, string>>;
  /** Undefined: every flavor. */
  readonly flavors: readonly string[] | undefined;
}

/**
 * The dimension that varies how sysbench reaches the server rather than a server option:
 * `connection: [socket, tcp]` measures every cell over both, without restarting the server.
 */
export const CONNECTION_DIMENSION = 'connection';
const CONNECTIONS = ['socket', 'tcp'] as const;

/**
 * The dimension that varies an operational cell's write load rather than a server option:
 * `load: [2000, 4000]` measures every recovery and replica apply after each many transactions
 * (workload/operations.ts), without restarting the server.
 */
export const LOAD_DIMENSION = 'load';
const MAX_LOAD = 10_000_000;

/** Dimensions whose values set no server option. */
function optionless(dimension: string): boolean {
  return dimension === CONNECTION_DIMENSION || dimension === LOAD_DIMENSION;
}

/** A dimension's values in the suite's order. */
export function dimensionValues(field: VariantsField, dimension: string): VariantValue[] {
  const values = field[dimension];
  if (values === undefined) throw new Error(`no variant dimension ${dimension}`);
  if (Array.isArray(values)) {
    const options = (value: string) => (optionless(dimension) ? {} : { [dimension]: value });
    return values.map((value) => ({ name: value, options: options(value), flavors: undefined }));
  }
  return Object.entries(values).map(([name, value]): VariantValue => {
    const long = value.options;
    if (typeof long === 'object' && !Array.isArray(long) && typeof value.flavors !== 'string') {
      return { name, options: long, flavors: value.flavors };
    }
    return { name, options: value as Record<string, string>, flavors: undefined };
  });
}

/** Every variant of the suite: the product of its dimensions, the first dimension outermost. */
export function allVariants(field: VariantsField | undefined): Variant[] {
  let variants: Record<string, string>[] = [{}];
  for (const dimension of Object.keys(field ?? {})) {
    const values = dimensionValues(field ?? {}, dimension);
    variants = variants.flatMap((variant) =>
      values.map((value) => ({ ...variant, [dimension]: value.name })),
    );
  }
  return variants;
}

/** "innodb_thread_concurrency=8,durability=durable"; "" for the empty variant. */
export function variantLabel(variant: Variant | undefined): string {
  return Object.entries(variant ?? {})
    .map(([dimension, value]) => `${dimension}=${value}`)
    .join(',');
}

/** The label's variant back; undefined when `text` is not a label. */
export function parseVariantLabel(text: string): Variant | undefined {
  if (text === '') return {};
  const variant: Record<string, string> = {};
  for (const part of text.split(',')) {
    const [dimension, value, ...rest] = part.split('=');
    if (dimension === undefined || value === undefined || rest.length > 0) return undefined;
    if (!VARIANT_NAME.test(dimension) || !VARIANT_NAME.test(value) || dimension in variant) return undefined;
    variant[dimension] = value;
  }
  return variant;
}

/** Whether two variants are the same (every dimension at the same value). */
export function sameVariant(a: Variant | undefined, b: Variant | undefined): boolean {
  return variantLabel(a) === variantLabel(b);
}

/** The server options a variant sets, every dimension's in the suite's order. */
export function variantOptions(field: VariantsField | undefined, variant: Variant): Record<string, string> {
  const options: Record<string, string> = {};
  for (const [dimension, name] of Object.entries(variant)) {
    const value = dimensionValues(field ?? {}, dimension).find((candidate) => candidate.name === name);
    if (value === undefined) throw new Error(`variant dimension ${dimension} has no value ${name}`);
    Object.assign(options, value.options);
  }
  return options;
}

/** How sysbench reaches the server under `variant`: its `connection` value, if it has one. */
export function variantConnection(variant: Variant | undefined): 'socket' | 'tcp' | undefined {
  const value = variant?.[CONNECTION_DIMENSION];
  return value === 'socket' || value === 'tcp' ? value : undefined;
}

/** The write load's transactions under `variant`: its `load` value, if it has one. */
export function variantLoad(variant: Variant | undefined): number | undefined {
  const value = variant?.[LOAD_DIMENSION];
  return value === undefined || !/^\d+$/.test(value) ? undefined : Number(value);
}

/** The values of the `connection` dimension (empty without one). */
export function variantConnections(field: VariantsField | undefined): string[] {
  const values = field?.[CONNECTION_DIMENSION];
  return Array.isArray(values) ? values : [];
}

/** Every server option some variant sets (names as the suite spells them). */
export function variedOptions(field: VariantsField | undefined): Set<string> {
  const names = new Set<string>();
  for (const dimension of Object.keys(field ?? {})) {
    for (const value of dimensionValues(field ?? {}, dimension)) {
      for (const name of Object.keys(value.options)) names.add(name);
    }
  }
  return names;
}

/**
 * Options a variant may not set: they decide how a datadir is laid out, and the variants of a
 * side share the one datadir its data was prepared in.
 */
export const DATADIR_OPTIONS: ReadonlySet<string> = new Set([
  'innodb_page_size',
  'innodb_data_file_path',
  'innodb_log_group_home_dir',
  'innodb_data_home_dir',
  'lower_case_table_names',
  'innodb_undo_directory',
  'innodb_undo_tablespaces',
]);

/** Problems with a suite's variants, each with the path of the field it names. */
export function variantIssues(
  field: VariantsField | undefined,
): { path: (string | number)[]; message: string }[] {
  if (field === undefined) return [];
  const issues: { path: (string | number)[]; message: string }[] = [];
  const count = Object.keys(field).reduce(
    (product, dimension) => product * dimensionValues(field, dimension).length,
    1,
  );
  if (count > MAX_VARIANTS) {
    issues.push({
      path: ['variants'],
      message: `${count} variants (the product of every dimension's values); at most ${MAX_VARIANTS}`,
    });
  }
  const connection = field[CONNECTION_DIMENSION];
  if (
    connection !== undefined &&
    (!Array.isArray(connection) ||
      connection.some((value) => !(CONNECTIONS as readonly string[]).includes(value)))
  ) {
    issues.push({
      path: ['variants', CONNECTION_DIMENSION],
      message: `how sysbench reaches the server: a list of ${CONNECTIONS.join(' and ')}`,
    });
  }
  const load = field[LOAD_DIMENSION];
  if (
    load !== undefined &&
    (!Array.isArray(load) ||
      load.some((value) => !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_LOAD))
  ) {
    issues.push({
      path: ['variants', LOAD_DIMENSION],
      message: `the write load of operational cells, in transactions: a list of whole numbers, 1 to ${MAX_LOAD}`,
    });
  }
  const owner = new Map<string, string>();
  for (const dimension of Object.keys(field)) {
    if (optionless(dimension)) continue;
    for (const value of dimensionValues(field, dimension)) {
      for (const name of Object.keys(value.options)) {
        const normalized = name.replaceAll('-', '_').toLowerCase();
        if (DATADIR_OPTIONS.has(normalized)) {
          issues.push({
            path: ['variants', dimension],
            message: `${name} decides the datadir's layout, which every variant of a side shares; it cannot vary`,
          });
        }
        const other = owner.get(normalized);
        if (other !== undefined && other !== dimension) {
          issues.push({
            path: ['variants', dimension],
            message: `${name} is set by two dimensions (${other} and ${dimension}); one option, one dimension`,
          });
        }
        owner.set(normalized, dimension);
      }
    }
  }
  return issues;
}

/**
 * The variants field without the values `lacking` gives a reason for, and a note for each value
 * dropped; undefined field when no dimension is left with a value.
 */
export function dropVariantValues(
  field: VariantsField | undefined,
  lacking: (value: VariantValue) => string | undefined,
): { field: VariantsField | undefined; notes: string[] } {
  if (field === undefined) return { field, notes: [] };
  const notes: string[] = [];
  const kept: VariantsField = {};
  for (const [dimension, values] of Object.entries(field)) {
    const dropped = new Map<string, string[]>();
    const keep = new Set(
      dimensionValues(field, dimension).flatMap((value) => {
        const reason = lacking(value);
        if (reason !== undefined) dropped.set(reason, [...(dropped.get(reason) ?? []), value.name]);
        return reason === undefined ? [value.name] : [];
      }),
    );
    for (const [reason, names] of dropped) {
      const what =
        names.length === 1
          ? `variant ${dimension}=${names[0]} is`
          : `variants ${dimension}=${names.join(', ')} are`;
      notes.push(`${what} left out: ${reason}`);
    }
    if (keep.size === 0) continue;
    kept[dimension] = Array.isArray(values)
      ? values.filter((value) => keep.has(value))
      : Object.fromEntries(Object.entries(values).filter(([name]) => keep.has(name)));
  }
  return { field: Object.keys(kept).length > 0 ? kept : undefined, notes };
}

/** The variants without the values a server of one of `flavors` lacks (MySQL has no thread pool). */
export function variantsForFlavors(
  field: VariantsField | undefined,
  flavors: readonly string[],
): { field: VariantsField | undefined; notes: string[] } {
  return dropVariantValues(field, (value) => {
    const missing = [...new Set(flavors)].filter(
      (flavor) => value.flavors !== undefined && !value.flavors.includes(flavor),
    );
    return missing.length === 0 ? undefined : `${missing.join(' and ')} servers do not have it`;
  });
}

/**
 * The variants without the values setting an option the servers have no variable for: a server
 * that keeps a removed option as a no-op (MariaDB 10.6+ and innodb_thread_concurrency) starts
 * with it and ignores it, and the variant would differ in name only. `servers` holds each
 * server's variable names; prefixed options (loose_, skip_…) are not checked.
 */
export function variantsForVariables(
  field: VariantsField | undefined,
  servers: readonly { readonly label: string; readonly variables: ReadonlySet<string> }[],
): { field: VariantsField | undefined; notes: string[] } {
  return dropVariantValues(field, (value) => {
    for (const name of Object.keys(value.options)) {
      const variable = name.replaceAll('-', '_').toLowerCase();
      if (/^(loose|skip|enable|disable)_/.test(variable)) continue;
      const without = servers.filter((server) => !server.variables.has(variable));
      if (without.length > 0) {
        return `${without.map((server) => server.label).join(' and ')} has no variable ${variable} (it ignores the option)`;
      }
    }
    return undefined;
  });
}
