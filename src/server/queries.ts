// What the tool asks of a server it started, over SQL: whether it answers, the database sysbench
// uses and root over TCP, and the facts a run records. ManagedServer (server.ts) owns the process
// and its files; this only talks to it.
import { errorMessage, ServerError } from '../errors.js';
import { mysqlErrno, withConnection, type ConnectionInfo, type Route } from './connection.js';
import { buildFacts, FACTS_QUERY, STATUS_QUERY, VARIABLES_QUERY, type RunningFacts } from './facts.js';
import type { ServerInstall } from './inspect.js';

const DATABASE = 'sbtest';
const ROOT = 'root';
const ER_ACCESS_DENIED_ERROR = 1045;
const ER_HOST_NOT_PRIVILEGED = 1130;

/** How to reach a server started on `socketPath` and `port`: as root, without a password, in sysbench's database. */
export function connectionFor(socketPath: string, port: number): ConnectionInfo {
  return {
    socketPath,
    host: '127.0.0.1',
    port,
    user: ROOT,
    password: '',
    database: DATABASE,
  };
}

/** Resolves once the server answers a query over `route`; rejects with the driver's error otherwise. */
export async function ping(info: ConnectionInfo, route: Route): Promise<void> {
  await withConnection(info, route, async (connection) => {
    await connection.query('SELECT 1');
  });
}

/** The database sysbench uses, and root over TCP (MySQL's --initialize-insecure makes only root@localhost). */
export async function prepareForSysbench(info: ConnectionInfo, binary: string): Promise<void> {
  await withConnection(info, 'socket', async (connection) => {
    await connection.query(`CREATE DATABASE IF NOT EXISTS ${DATABASE}`);
  });
  // A sandboxed server, or sysbench in its sandbox, has a network of its own: no TCP here.
  if (info.sandbox !== undefined) return;
  const probeTcp = (): Promise<void> => ping(info, 'tcp');
  try {
    await probeTcp();
    return;
  } catch (error) {
    const errno = mysqlErrno(error);
    if (errno !== ER_ACCESS_DENIED_ERROR && errno !== ER_HOST_NOT_PRIVILEGED) {
      throw new ServerError(
        `server ${binary} answers on its socket but not on 127.0.0.1:${info.port}: ${errorMessage(error)}`,
        { cause: error },
      );
    }
  }
  // Not needed on MariaDB (mariadb-install-db makes root@127.0.0.1); documented MySQL behaviour.
  await withConnection(info, 'socket', async (connection) => {
    await connection.query(`CREATE USER IF NOT EXISTS '${ROOT}'@'127.0.0.1' IDENTIFIED BY ''`);
    await connection.query(`GRANT ALL PRIVILEGES ON *.* TO '${ROOT}'@'127.0.0.1' WITH GRANT OPTION`);
  });
  await probeTcp();
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
      if (typeof row.Variable_name === 'string') values[row.Variable_name] = String(row.Value ?? '');
    }
    return values;
  });
}
