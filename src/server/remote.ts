// A server already running on another machine (run --host HOST[:PORT]): the run reaches it over
// TCP with credentials from the environment, never from the command line; it neither starts,
// stops nor restarts it, and reads no process of it (its CPU is not here to read). Its data is
// sysbench's tables in the database `sbtest`, dropped again when the run ends.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { errorMessage, InputError, ServerError } from '../errors.js';
import { sysbenchPasswordFile, WORKLOAD_DATABASE } from './accounts.js';
import { withConnection, type ConnectionInfo } from './connection.js';
import { FACTS_QUERY, type RunningFacts } from './facts.js';
import { flavorOfVersion } from './flavor.js';
import type { ServerInstall } from './inspect.js';
import { queryFacts } from './queries.js';

/** The environment variables a remote server's credentials come from. */
export const REMOTE_USER_VARIABLE = 'MYSQL_PERF_GATE_USER';
export const REMOTE_PASSWORD_VARIABLE = 'MYSQL_PERF_GATE_PASSWORD';
const DATABASE = WORKLOAD_DATABASE;
const DEFAULT_PORT = 3306;

export interface RemoteAddress {
  readonly host: string;
  readonly port: number;
}

/** "db2", "db2:3307", "10.0.0.5:3306", "[::1]:3306" → host and port; `label` names the flag in errors. */
export function parseRemoteAddress(text: string, label: string): RemoteAddress {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9][A-Za-z0-9.-]*))(?::(\d{1,5}))?$/.exec(text.trim());
  const host = match?.[1] ?? match?.[2];
  const port = match?.[3] === undefined ? DEFAULT_PORT : Number(match[3]);
  if (host === undefined || port < 1 || port > 65535) {
    throw new InputError(`${label} ${text}: expected HOST or HOST:PORT, e.g. db2.example.com:3306`);
  }
  return { host, port };
}

/** The credentials from the environment; the user is required, the password may be empty. */
export function remoteCredentials(
  env: NodeJS.ProcessEnv,
  label: string,
): { readonly user: string; readonly password: string } {
  const user = env[REMOTE_USER_VARIABLE];
  if (user === undefined || user === '') {
    throw new InputError(
      `${label} needs the server's user in ${REMOTE_USER_VARIABLE} (and its password in ${REMOTE_PASSWORD_VARIABLE}): ` +
        'credentials come from the environment, never from the command line',
    );
  }
  return { user, password: env[REMOTE_PASSWORD_VARIABLE] ?? '' };
}

/** A server on another machine, as a run's side names it: where, and as whom (from the environment). */
export interface RemoteSide extends RemoteAddress {
  readonly user: string;
  readonly password: string;
}

/**
 * How the run reaches the server. With `privateDir`, the password goes to sysbench in a 0600
 * file there (sysbench's --config-file), never on its command line.
 */
export function remoteConnection(remote: RemoteSide, privateDir?: string): ConnectionInfo {
  let passwordFile: string | undefined;
  if (privateDir !== undefined) {
    passwordFile = join(privateDir, 'sysbench-password.cfg');
    writeFileSync(passwordFile, sysbenchPasswordFile(remote.password), { mode: 0o600 });
    chmodSync(passwordFile, 0o600);
  }
  return {
    socketPath: '',
    host: remote.host,
    port: remote.port,
    user: remote.user,
    password: remote.password,
    database: DATABASE,
    // The user's account for sysbench too: what it may do there is the user's to decide.
    workload: {
      user: remote.user,
      password: remote.password,
      ...(passwordFile === undefined ? {} : { passwordFile }),
    },
    remote: true,
  };
}

/** What the run knows of a remote server before measuring it: its flavor and version, from SQL. */
export async function inspectRemote(info: ConnectionInfo, label: string): Promise<ServerInstall> {
  const where = `${info.host}:${info.port}`;
  const row = await withConnection(info, 'tcp', async (connection) => {
    const [rows] = await connection.query(FACTS_QUERY);
    return (rows as { versionFunction?: unknown; versionComment?: unknown }[])[0];
  }).catch((error: unknown) => {
    throw new ServerError(`${label} ${where}: could not connect as ${info.user}: ${errorMessage(error)}`, {
      cause: error,
    });
  });
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  const versionFunction = text(row?.versionFunction);
  const comment = text(row?.versionComment);
  const info2 = flavorOfVersion(versionFunction, comment);
  if (info2 === undefined) {
    throw new ServerError(
      `${label} ${where} says it is version "${versionFunction}", not a MySQL-family server`,
    );
  }
  return {
    binary: `${where} (another machine)`,
    basedir: '',
    ...info2,
    versionLine: `${versionFunction} (${comment})`,
    compiler: { known: false, reason: 'the server runs on another machine: its binary is not here to read' },
  };
}

/** A server on another machine, as a side of the run sees it. */
export class RemoteServer {
  private createdDatabase = false;

  constructor(
    readonly connection: ConnectionInfo,
    private readonly install: ServerInstall,
  ) {}

  /** No process here: nothing to read CPU time or IO from. */
  get pid(): number | undefined {
    return undefined;
  }

  get namespacePid(): number | undefined {
    return undefined;
  }

  /** Its error log is on its own machine. */
  get errorLogPath(): string {
    return '';
  }

  /** Makes sysbench's database when it is missing (and remembers to drop it at the end). */
  async start(): Promise<void> {
    await withConnection(this.connection, 'tcp', async (connection) => {
      const [rows] = await connection.query('SHOW DATABASES LIKE ?', [DATABASE]);
      if ((rows as unknown[]).length > 0) return;
      await connection.query(`CREATE DATABASE ${DATABASE}`);
      this.createdDatabase = true;
    });
  }

  /** The server keeps running: it is not the run's to stop. */
  stop(): Promise<void> {
    return Promise.resolve();
  }

  /** Drops sysbench's database if the run made it (its tables are dropped before). */
  async dropDatabase(): Promise<void> {
    if (!this.createdDatabase) return;
    await withConnection(this.connection, 'tcp', async (connection) => {
      await connection.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
    });
    this.createdDatabase = false;
  }

  useOptions(): void {
    throw new ServerError(
      `${this.install.binary} runs on another machine: the run cannot change its options`,
    );
  }

  facts(): Promise<RunningFacts> {
    return queryFacts(this.connection, this.install, {});
  }

  /** Whether it still answers. */
  async assertAlive(): Promise<void> {
    await withConnection(this.connection, 'tcp', async (connection) => {
      await connection.query('SELECT 1');
    }).catch((error: unknown) => {
      throw new ServerError(`${this.install.binary} stopped answering: ${errorMessage(error)}`, {
        cause: error,
      });
    });
  }

  /** Its process is not watched: a lost server shows as sysbench's connection errors. */
  onUnexpectedExit(): () => void {
    return () => undefined;
  }
}
