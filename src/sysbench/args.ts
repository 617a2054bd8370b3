// sysbench 1.0 argument lists for prepare / run / cleanup, built from the suite and the workload's
// kind (workload/). Pure: no I/O.
import { InputError } from '../errors.js';
import type { SandboxSpec } from '../shell/sandbox.js';
import { type Connection, type MeasurementLimit, type Suite, type Workload } from '../suite/suite-schema.js';
import { kindOf } from '../workload/kinds.js';
import { oltpCleanup, oltpPrepare, sysbenchOltp } from '../workload/sysbench-oltp.js';
import { type DataCommand, seedArgs, type WorkloadKind } from '../workload/workload-kind.js';

export { MAX_PREPARE_THREADS, SEEDED_PREPARE_SCRIPT, TABLES_SCRIPT } from '../workload/sysbench-oltp.js';

/** Who sysbench connects as. */
export interface SysbenchAccount {
  readonly user: string;
  readonly password: string;
  /**
   * A sysbench option file holding the password (`--config-file`, mode 0600), so that it never
   * appears on a command line, where any local user could read it.
   */
  readonly passwordFile?: string;
}

/** Where and as whom sysbench connects. */
export interface SysbenchConnection {
  /** Unix socket or TCP; when left out, the suite's `connection` decides (it is part of the suite). */
  readonly kind?: Connection;
  readonly socketPath: string;
  readonly host: string;
  readonly port: number;
  /** On a server the run started, the workload's account: never the tool's own (server/accounts.ts). */
  readonly workload: SysbenchAccount;
  readonly database: string;
  /** A server on another machine: always over TCP. */
  readonly remote?: true;
  /** The server is sandboxed: sysbench runs in a sandbox that sees this (sysbench/runner.ts). */
  readonly sandbox?: SandboxSpec;
}

/**
 * Options this project sets itself for every kind of workload, keyed by sysbench's name with '-'
 * read as '_' (sysbench treats them alike), with the suite field that controls each; a kind adds
 * its own (the OLTP kind: tables, table_size). Suites must not set them again: a second --threads
 * would silently win over the cell's thread count.
 */
const RESERVED_OPTIONS: ReadonlyMap<string, string> = new Map([
  ['db_driver', 'always mysql'],
  ['threads', 'the suite or workload "threads"'],
  ['time', 'the suite "durationSeconds" (0 with metric: instructions)'],
  ['events', 'the suite "events" (0 for time-bound throughput runs)'],
  ['report_interval', 'the suite "reportIntervalSeconds"'],
  ['percentile', 'the suite "percentile"'],
  ['rand_seed', 'the suite "randSeed"'],
  ['histogram', 'always on (every repetition keeps its latency histogram)'],
  ['mysql_socket', 'the server connection'],
  ['mysql_host', 'the server connection'],
  ['mysql_port', 'the server connection'],
  ['mysql_user', 'the server connection'],
  ['mysql_password', 'the server connection'],
  ['mysql_db', 'the server connection'],
]);

const PASSWORD_PREFIX = '--mysql-password=';

/** --mysql-* options and the driver; `route` is used when the connection has no `kind`. */
export function connectionArgs(connection: SysbenchConnection, route: Connection): string[] {
  const args = ['--db-driver=mysql'];
  switch (connection.remote === true ? 'tcp' : (connection.kind ?? route)) {
    case 'socket':
      args.push(`--mysql-socket=${connection.socketPath}`);
      break;
    case 'tcp':
      // The client library turns host "localhost" into a unix-socket connection; sysbench has
      // no --protocol option, so a TCP suite must name the loopback address itself.
      args.push(
        `--mysql-host=${connection.host === 'localhost' ? '127.0.0.1' : connection.host}`,
        `--mysql-port=${connection.port}`,
      );
      break;
  }
  const { workload } = connection;
  args.push(`--mysql-user=${workload.user}`);
  if (workload.passwordFile !== undefined) args.push(`--config-file=${workload.passwordFile}`);
  else if (workload.password !== '') args.push(`${PASSWORD_PREFIX}${workload.password}`);
  args.push(`--mysql-db=${connection.database}`);
  return args;
}

/** The same list with the password hidden, for logs, results and error messages. */
export function redactArgs(args: readonly string[]): string[] {
  return args.map((arg) => (arg.startsWith(PASSWORD_PREFIX) ? `${PASSWORD_PREFIX}***` : arg));
}

/**
 * sysbench accepts on/off/true/false only in lower case ("--skip_trx=ON" is "invalid option"),
 * while suite booleans arrive as ON/OFF.
 */
export function sysbenchValue(value: string): string {
  return /^(on|off|true|false)$/i.test(value) ? value.toLowerCase() : value;
}

/** The options the tool sets for workloads of `kind`: the ones of every kind, and its own. */
export function reservedOptions(kind: WorkloadKind): ReadonlyMap<string, string> {
  return new Map([...RESERVED_OPTIONS, ...kind.reservedOptions]);
}

/**
 * Suite-level --name=value options; `source` names where they came from in error messages, and
 * `reserved` the options the tool sets itself (reservedOptions of the workload's kind).
 */
export function optionArgs(
  options: Readonly<Record<string, string>>,
  source: string,
  reserved: ReadonlyMap<string, string>,
): string[] {
  return Object.entries(options).map(([name, value]) => {
    const controlledBy = reserved.get(name.replaceAll('-', '_'));
    if (controlledBy !== undefined) {
      throw new InputError(
        `${source} sets sysbench option "${name}", which mysql-perf-gate sets from ${controlledBy}; remove it from ${source}`,
      );
    }
    return `--${name}=${sysbenchValue(value)}`;
  });
}

/**
 * The script a run of `workload` runs: a bundled script name (resolved by sysbench from its own
 * search path), a .lua path, or a script of ours, which `assetPath` turns into its path.
 */
export function scriptArg(workload: Workload, assetPath: (asset: string) => string = noAssets): string {
  const script = kindOf(workload).runScript(workload);
  if (typeof script !== 'string') return assetPath(script.asset);
  if (script.startsWith('-')) {
    throw new InputError(
      `workload "${workload.name}" script "${script}" starts with "-"; give a bundled script name such as oltp_read_only or a path to a .lua file`,
    );
  }
  return script;
}

function noAssets(asset: string): string {
  throw new Error(`no path given for the script ${asset}`);
}

function positiveInteger(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new InputError(`${what} must be a whole number of at least 1, got ${value}`);
  }
  return value;
}

/**
 * `sysbench <script> <connection> … prepare|cleanup` for one command of a data set of `kind`,
 * whose reserved options the command's options must leave alone; `assetPath` turns a script of
 * ours into its path.
 */
export function dataCommandArgs(
  connection: SysbenchConnection,
  suite: Suite,
  command: DataCommand,
  kind: WorkloadKind,
  assetPath: (asset: string) => string,
): string[] {
  return [
    typeof command.script === 'string' ? command.script : assetPath(command.script.asset),
    ...connectionArgs(connection, suite.connection),
    ...command.args,
    ...optionArgs(command.options, command.optionsSource, reservedOptions(kind)),
    command.command,
  ];
}

/**
 * `sysbench oltp_read_write … prepare`: creates and fills the suite's OLTP tables. With a fixed
 * seed, `seededScript` (the path of SEEDED_PREPARE_SCRIPT) fills them, on one thread, with the
 * rows that seed gives every time; without one, up to MAX_PREPARE_THREADS threads fill them.
 */
export function prepareArgs(connection: SysbenchConnection, suite: Suite, seededScript: string): string[] {
  return dataCommandArgs(connection, suite, oltpPrepare(suite), sysbenchOltp, () => seededScript);
}

/** `sysbench oltp_read_write … cleanup`: drops the suite's OLTP tables. */
export function cleanupArgs(connection: SysbenchConnection, suite: Suite): string[] {
  return dataCommandArgs(connection, suite, oltpCleanup(suite), sysbenchOltp, () => {
    throw new Error('cleanup runs no script of ours');
  });
}

/**
 * `sysbench <script> … run` for one cell at a fixed thread count: time-bound (`seconds`) or a
 * fixed number of `events` with no time limit; `assetPath` turns a script of ours into its path.
 */
export function runArgs(
  connection: SysbenchConnection,
  suite: Suite,
  workload: Workload,
  threads: number,
  limit: MeasurementLimit,
  assetPath: (asset: string) => string = noAssets,
): string[] {
  const bound =
    'seconds' in limit
      ? [
          `--time=${positiveInteger(limit.seconds, `workload "${workload.name}" duration in seconds`)}`,
          '--events=0',
        ]
      : ['--time=0', `--events=${positiveInteger(limit.events, `workload "${workload.name}" events`)}`];
  const kind = kindOf(workload);
  return [
    scriptArg(workload, assetPath),
    ...connectionArgs(connection, suite.connection),
    ...kind.runDataArgs(suite),
    `--threads=${positiveInteger(threads, `workload "${workload.name}" thread count`)}`,
    ...bound,
    `--report-interval=${suite.reportIntervalSeconds}`,
    `--percentile=${suite.percentile}`,
    ...seedArgs(suite),
    '--histogram=on',
    ...optionArgs(workload.options, `workload "${workload.name}" options`, reservedOptions(kind)),
    'run',
  ];
}
