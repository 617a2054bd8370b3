// Server options from the suite, `--set` and per-side flags, merged into the one map a side is
// started with. Pure.
//
// The tool owns where a server keeps its files and how it is reached, so that two sides never
// share a datadir, socket or port and cleanup knows exactly what to remove, and who may do what
// on it (its accounts, the files SQL may touch: server/accounts.ts): those options are rejected
// here, naming where they came from, instead of silently overridden.
import { InputError } from '../errors.js';

export interface OptionLayer {
  /** Where these options came from, for error messages: "suite file", "--set", "--head-set". */
  readonly source: string;
  readonly options: Readonly<Record<string, string>>;
}

/** Options the tool sets itself (names normalized). */
export const MANAGED_OPTIONS: ReadonlySet<string> = new Set([
  'basedir',
  'bind_address',
  'datadir',
  'defaults_extra_file',
  'defaults_file',
  'defaults_group_suffix',
  'general_log_file',
  'init_file',
  'log_error',
  'log_slow_query_file',
  'mysqlx',
  'mysqlx_port',
  'mysqlx_socket',
  'no_defaults',
  'pid_file',
  'port',
  'print_defaults',
  'secure_file_priv',
  'skip_grant_tables',
  'skip_networking',
  'slow_query_log_file',
  'socket',
  'tmpdir',
  'user',
]);

/**
 * Option-file and command-line names treat '-' and '_' alike; one spelling makes later layers
 * override earlier ones whichever spelling each used.
 */
export function normalizeOptionName(name: string): string {
  return name.trim().replaceAll('-', '_');
}

/** The managed option a name would set, seeing through the loose_/skip_/enable_/disable_ prefixes. */
export function managedOptionOf(normalizedName: string): string | undefined {
  const lower = normalizedName.toLowerCase();
  const bare = lower.startsWith('loose_') ? lower.slice('loose_'.length) : lower;
  for (const candidate of [bare, bare.replace(/^(skip|enable|disable)_/, '')]) {
    if (MANAGED_OPTIONS.has(candidate)) return candidate;
  }
  return undefined;
}

/** Layers in order of precedence, lowest first: later layers win. */
export function mergeOptions(layers: readonly OptionLayer[]): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const layer of layers) {
    for (const [rawName, value] of Object.entries(layer.options)) {
      const name = normalizeOptionName(rawName);
      validateOption(name, value, layer.source, rawName);
      merged[name] = value;
    }
  }
  return merged;
}

/** Parses repeated `NAME=VALUE` flag values (e.g. `--set innodb_buffer_pool_size=1G`). */
export function parseOptionAssignments(texts: readonly string[], flag: string): Record<string, string> {
  const options: Record<string, string> = {};
  for (const text of texts) {
    const [name, value] = parseOptionAssignment(text, flag);
    options[name] = value;
  }
  return options;
}

export function parseOptionAssignment(text: string, flag: string): [name: string, value: string] {
  const equals = text.indexOf('=');
  if (equals === -1) {
    throw new InputError(
      `${flag} ${JSON.stringify(text)}: expected NAME=VALUE, e.g. ${flag} innodb_buffer_pool_size=1G ` +
        '(boolean options need a value too: skip_name_resolve=ON)',
    );
  }
  const name = normalizeOptionName(text.slice(0, equals));
  if (name === '')
    throw new InputError(`${flag} ${JSON.stringify(text)}: the option name before '=' is empty`);
  return [name, text.slice(equals + 1).trim()];
}

function validateOption(name: string, value: string, source: string, rawName: string): void {
  if (!/^[A-Za-z][A-Za-z0-9_.]*$/.test(name)) {
    throw new InputError(
      `server option ${JSON.stringify(rawName)} from ${source} is not an option name ` +
        '(letters, digits, "_", "-" and "." only, starting with a letter)',
    );
  }
  const managed = managedOptionOf(name);
  if (managed !== undefined) {
    throw new InputError(
      `server option ${rawName} from ${source} cannot be set: mysql-perf-gate sets ${managed} itself ` +
        '(each side gets its own datadir, socket, port, logs and accounts). Remove it from ' +
        `${source}.`,
    );
  }
  if (/[\r\n\0]/.test(value)) {
    throw new InputError(`server option ${rawName} from ${source} has a line break or NUL in its value`);
  }
}
