// What the tool asks of a server it started, over SQL: whether it answers, its accounts made as
// accounts.ts says, whether sysbench reaches it over TCP, and the facts a run records.
// ManagedServer (server.ts) owns the process and its files; this only talks to it.
import { errorMessage, ServerError } from '../errors.js';
import {
  ACCOUNTS_QUERY,
  accountRows,
  adminAccountIssue,
  ADMIN_USER,
  dropAccountsStatement,
  type ServerAccounts,
  unwantedAccounts,
  WORKLOAD_DATABASE,
  WORKLOAD_USER,
} from './accounts.js';
import { withConnection, type ConnectionInfo, type Route } from './connection.js';
import { buildFacts, FACTS_QUERY, STATUS_QUERY, VARIABLES_QUERY, type RunningFacts } from './facts.js';
import type { ServerInstall } from './inspect.js';

const DATABASE = WORKLOAD_DATABASE;

/**
 * How to reach a server started on `socketPath` and `port`: the tool as root with the server's
 * own password, sysbench as the workload's account with its password in `clientConfig`.
 */
export function connectionFor(
  where: { readonly socketPath: string; readonly clientConfig: string },
  port: number,
  accounts: ServerAccounts,
): ConnectionInfo {
  return {
    socketPath: where.socketPath,
    host: '127.0.0.1',
    port,
    user: ADMIN_USER,
    password: accounts.admin,
    database: DATABASE,
    workload: { user: WORKLOAD_USER, password: accounts.workload, passwordFile: where.clientConfig },
  };
}

/** Resolves once the server answers a query over `route`; rejects with the driver's error otherwise. */
export async function ping(info: ConnectionInfo, route: Route): Promise<void> {
  await withConnection(info, route, async (connection) => {
    await connection.query('SELECT 1');
  });
}

/**
 * After the first start, whose init file set root's password and made the workload's account:
 * drops what the bootstrap made besides (root over TCP, anonymous accounts, accounts a unix user
 * enters by its name), and checks that the tool's own account logs in by its password alone.
 */
export async function dropOtherAccounts(info: ConnectionInfo, binary: string): Promise<void> {
  await withConnection(info, 'socket', async (connection) => {
    const rows = accountRows((await connection.query(ACCOUNTS_QUERY))[0]);
    const issue = adminAccountIssue(rows);
    if (issue !== undefined) {
      throw new ServerError(`server ${binary} did not make its accounts as told by its init file: ${issue}`);
    }
    const unwanted = unwantedAccounts(rows);
    if (unwanted.length > 0) await connection.query(dropAccountsStatement(unwanted));
  });
}

/** Whether sysbench can reach the server over TCP as the workload's account, as a TCP suite does. */
export async function prepareForSysbench(info: ConnectionInfo, binary: string): Promise<void> {
  // A sandboxed server, or sysbench in its sandbox, has a network of its own: no TCP here.
  if (info.sandbox !== undefined) return;
  const { user, password } = info.workload;
  try {
    await ping({ ...info, user, password }, 'tcp');
  } catch (error) {
    throw new ServerError(
      `server ${binary} answers on its socket but not on 127.0.0.1:${info.port} as ${user}: ${errorMessage(error)}`,
      { cause: error },
    );
  }
}

/** The running server's facts: its version and variables, and the names of its status counters. */
export async function queryFacts(
  info: ConnectionInfo,
  install: ServerInstall,
  options: Readonly<Record<string, string>>,
): Promise<RunningFacts> {
  return withConnection(info, 'socket', async (connection) => {
    const [factsRows] = await connection.query(FACTS_QUERY);
    const [variableRows] = await connection.query(VARIABLES_QUERY);
    // The counters' names help compare work later; a server that will not say is still measured.
    const statusRows = await connection.query(STATUS_QUERY).then(
      ([rows]) => rows,
      () => undefined,
    );
    return buildFacts(install, options, factsRows, variableRows, statusRows);
  });
}

/** The global variables named (option names, '-' read as '_'), as the server reports them now. */
export async function variableValues(
  info: ConnectionInfo,
  names: readonly string[],
): Promise<Record<string, string>> {
  const wanted = [...new Set(names.map((name) => name.replaceAll('-', '_').toLowerCase()))];
  if (wanted.length === 0) return {};
  return withConnection(info, 'socket', async (connection) => {
    const [rows] = await connection.query(
      `SHOW GLOBAL VARIABLES WHERE Variable_name IN (${wanted.map(() => '?').join(', ')})`,
      wanted,
    );
    const values: Record<string, string> = {};
    for (const row of rows as { Variable_name?: unknown; Value?: unknown }[]) {
      if (typeof row.Variable_name === 'string') {
        values[row.Variable_name] = typeof row.Value === 'string' ? row.Value : '';
      }
    }
    return values;
  });
}

/**
 * The size of the data sysbench prepared: data and indexes of its database, in bytes, from
 * information_schema.TABLES (InnoDB's persistent statistics, which sysbench's prepare leaves up
 * to date: it creates the secondary index once the rows are in). Undefined when the server will
 * not say.
 */
export async function databaseBytes(info: ConnectionInfo): Promise<number | undefined> {
  return withConnection(info, 'socket', async (connection) => {
    const [rows] = await connection.query(
      'SELECT SUM(DATA_LENGTH + INDEX_LENGTH) AS bytes FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?',
      [DATABASE],
    );
    const bytes = Array.isArray(rows) ? Number((rows[0] as Record<string, unknown> | undefined)?.bytes) : NaN;
    return Number.isSafeInteger(bytes) && bytes >= 0 ? bytes : undefined;
  });
}
