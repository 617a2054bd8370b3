// sysbench 1.0 argument lists for prepare / run / cleanup, built from the suite. Pure: no I/O.
import { InputError } from '../errors.js';
import {
  type Connection,
  type MeasurementLimit,
  type Suite,
  type Workload,
  workloadScript,
} from '../suite/suite-schema.js';

/** Where and as whom sysbench connects. */
export interface SysbenchConnection {
  /** Unix socket or TCP; when left out, the suite's `connection` decides (it is part of the suite). */
  readonly kind?: Connection;
  readonly socketPath: string;
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
}

/**
 * The bundled script whose prepare/cleanup create and drop the tables. Every bundled oltp_*
 * script shares oltp_common.lua's schema (sbtest1..N: id, k, c, pad), so any of them would do.
 */
export const TABLES_SCRIPT = 'oltp_read_write';

/** prepare builds tables in parallel, one thread per table, but no more than this. */
export const MAX_PREPARE_THREADS = 4;

/**
 * The prepare a suite with a fixed seed runs instead of TABLES_SCRIPT's (assets/sysbench/): the
 * same prepare, with the generator reseeded from --prepare-seed before each table, because
 * sysbench 1.0 applies --rand-seed to `run` only and fills the tables with new values every time.
 */
export const SEEDED_PREPARE_SCRIPT = 'seeded_prepare.lua';

/**
 * Options this project sets itself, keyed by sysbench's name with '-' read as '_' (sysbench
 * treats them alike), with the suite field that controls each. Suites must not set them again:
 * a second --threads would silently win over the cell's thread count.
 */
const RESERVED_OPTIONS: ReadonlyMap<string, string> = new Map([
  ['db_driver', 'always mysql'],
  ['threads', 'the suite or workload "threads"'],
  ['time', 'the suite "durationSeconds" (0 with metric: instructions)'],
  ['events', 'the suite "events" (0 for time-bound throughput runs)'],
  ['tables', 'the suite "tables"'],
  ['table_size', 'the suite "tableSize"'],
  ['report_interval', 'the suite "reportIntervalSeconds"'],
  ['percentile', 'the suite "percentile"'],
  ['rand_seed', 'the suite "randSeed"'],
  ['prepare_seed', 'the suite "randSeed"'],
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
  switch (connection.kind ?? route) {
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
  args.push(`--mysql-user=${connection.user}`);
  if (connection.password !== '') args.push(`${PASSWORD_PREFIX}${connection.password}`);
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

/** Suite-level --name=value options; `source` names where they came from in error messages. */
export function optionArgs(options: Readonly<Record<string, string>>, source: string): string[] {
  return Object.entries(options).map(([name, value]) => {
    const controlledBy = RESERVED_OPTIONS.get(name.replaceAll('-', '_'));
    if (controlledBy !== undefined) {
      throw new InputError(
        `${source} sets sysbench option "${name}", which mysql-perf-gate sets from ${controlledBy}; remove it from ${source}`,
      );
    }
    return `--${name}=${sysbenchValue(value)}`;
  });
}

/** A bundled script name (resolved by sysbench from its own search path) or a .lua path. */
export function scriptArg(workload: Workload): string {
  const script = workloadScript(workload);
  if (script.startsWith('-')) {
    throw new InputError(
      `workload "${workload.name}" script "${script}" starts with "-"; give a bundled script name such as oltp_read_only or a path to a .lua file`,
    );
  }
  return script;
}

function positiveInteger(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new InputError(`${what} must be a whole number of at least 1, got ${value}`);
  }
  return value;
}

function tableArgs(suite: Suite): string[] {
  return [`--tables=${suite.tables}`, `--table-size=${suite.tableSize}`];
}

function seedArgs(suite: Suite): string[] {
  // 0 is sysbench's own "seed from the clock", so it is left to the default.
  return suite.randSeed === 0 ? [] : [`--rand-seed=${suite.randSeed}`];
}

/**
 * `sysbench oltp_read_write … prepare`: creates and fills the suite's tables. With a fixed seed,
 * `seededScript` (the path of SEEDED_PREPARE_SCRIPT) fills them, on one thread, with the rows
 * that seed gives every time; without one, up to MAX_PREPARE_THREADS threads fill them.
 */
export function prepareArgs(connection: SysbenchConnection, suite: Suite, seededScript: string): string[] {
  const seeded = suite.randSeed !== 0;
  return [
    seeded ? seededScript : TABLES_SCRIPT,
    ...connectionArgs(connection, suite.connection),
    ...tableArgs(suite),
    `--threads=${seeded ? 1 : Math.min(suite.tables, MAX_PREPARE_THREADS)}`,
    ...seedArgs(suite),
    ...(seeded ? [`--prepare-seed=${suite.randSeed}`] : []),
    ...optionArgs(suite.prepareOptions, `suite "${suite.name}" prepareOptions`),
    'prepare',
  ];
}

/** `sysbench oltp_read_write … cleanup`: drops the suite's tables. */
export function cleanupArgs(connection: SysbenchConnection, suite: Suite): string[] {
  return [
    TABLES_SCRIPT,
    ...connectionArgs(connection, suite.connection),
    `--tables=${suite.tables}`,
    'cleanup',
  ];
}

/**
 * `sysbench <script> … run` for one cell at a fixed thread count: time-bound (`seconds`) or a
 * fixed number of `events` with no time limit.
 */
export function runArgs(
  connection: SysbenchConnection,
  suite: Suite,
  workload: Workload,
  threads: number,
  limit: MeasurementLimit,
): string[] {
  const bound =
    'seconds' in limit
      ? [
          `--time=${positiveInteger(limit.seconds, `workload "${workload.name}" duration in seconds`)}`,
          '--events=0',
        ]
      : ['--time=0', `--events=${positiveInteger(limit.events, `workload "${workload.name}" events`)}`];
  return [
    scriptArg(workload),
    ...connectionArgs(connection, suite.connection),
    ...tableArgs(suite),
    `--threads=${positiveInteger(threads, `workload "${workload.name}" thread count`)}`,
    ...bound,
    `--report-interval=${suite.reportIntervalSeconds}`,
    `--percentile=${suite.percentile}`,
    ...seedArgs(suite),
    '--histogram=on',
    ...optionArgs(workload.options, `workload "${workload.name}" options`),
    'run',
  ];
}
