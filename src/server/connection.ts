// How sysbench and the tool reach a side's server, and the mysql2 client the tool itself uses.
import { createConnection, type Connection } from 'mysql2/promise';

import type { SandboxSpec } from '../shell/sandbox.js';
import type { SysbenchAccount } from '../sysbench/args.js';

export interface ConnectionInfo {
  socketPath: string;
  /** 127.0.0.1 for a server the run started; the host named by --host for one on another machine. */
  host: string;
  port: number;
  /**
   * The tool's own account, for its own queries (facts, status counters, checksums): on a server
   * the run started, root@localhost with a password kept in memory only (accounts.ts).
   */
  user: string;
  password: string;
  database: string;
  /**
   * The account sysbench, and so every workload script, connects as: on a server the run
   * started, the workload's (accounts.ts); on another machine (--host), the one given.
   */
  workload: SysbenchAccount;
  /** A server on another machine (--host): reached over TCP only, whatever route is asked for. */
  remote?: true;
  /** The server is sandboxed: reachable only through its socket, and sysbench runs in a sandbox seeing this. */
  sandbox?: SandboxSpec;
}

export type Route = 'socket' | 'tcp';

/** Where the tool's own client connects: no default database, its queries are server-wide. */
export type ClientTarget = Pick<
  ConnectionInfo,
  'socketPath' | 'host' | 'port' | 'user' | 'password' | 'remote'
>;

/** Opens a client connection over the unix socket or loopback TCP. Callers end() it. */
export async function connect(
  target: ClientTarget,
  route: Route,
  connectTimeoutMs = 5_000,
): Promise<Connection> {
  const where =
    route === 'socket' && target.remote !== true
      ? { socketPath: target.socketPath }
      : { host: target.host, port: target.port };
  return createConnection({
    ...where,
    user: target.user,
    password: target.password,
    connectTimeout: connectTimeoutMs,
    // SHOW GLOBAL VARIABLES and friends are read as text, never as numbers or dates.
    supportBigNumbers: true,
    bigNumberStrings: true,
    dateStrings: true,
  });
}

/** Runs `fn` with a connection and always closes it (destroy() if a clean end() fails). */
export async function withConnection<T>(
  target: ClientTarget,
  route: Route,
  fn: (connection: Connection) => Promise<T>,
): Promise<T> {
  const connection = await connect(target, route);
  try {
    return await fn(connection);
  } finally {
    await connection.end().catch(() => {
      connection.destroy();
    });
  }
}

/** The MySQL error number of a client error (1045 access denied…), if it has one. */
export function mysqlErrno(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('errno' in error)) return undefined;
  return typeof error.errno === 'number' ? error.errno : undefined;
}
