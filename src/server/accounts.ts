// The accounts of a server this tool starts, and what each may do. Pure.
//
//   - The tool's own, root@localhost: a random password made for each server and kept in this
//     process's memory; no unix_socket authentication, no root over TCP, no anonymous account.
//     The tool's queries (facts, status counters, checksums, the datadir's copies) use it.
//   - The workload's, sbtest@localhost and sbtest@127.0.0.1: every privilege on the database
//     `sbtest`, where every workload kind keeps its data, and none beyond it: no FILE, SUPER or
//     other administrative privilege, no SHUTDOWN, PROCESS or GRANT OPTION, nothing on mysql.*.
//     sysbench's prepare, run and cleanup, and so every workload script, connect as it.
//
// The server runs the init file below on its first start (init_file), before it answers anyone:
// the one place where both flavors run SQL with every privilege before the first connection.
// What the bootstrap made besides (MariaDB before 10.4: root over TCP and anonymous accounts, with
// no password) is dropped by the tool right after (`unwantedAccounts`).
import { randomBytes } from 'node:crypto';

export const ADMIN_USER = 'root';
export const WORKLOAD_USER = 'sbtest';
/** The database every workload kind keeps its data in (sysbench's default, and tpcc.lua's). */
export const WORKLOAD_DATABASE = 'sbtest';
/** sysbench reaches the server over the socket (localhost) or over TCP on the loopback. */
export const WORKLOAD_HOSTS = ['localhost', '127.0.0.1'] as const;

/** The passwords of one server's accounts, made when the tool makes the server. */
export interface ServerAccounts {
  readonly admin: string;
  readonly workload: string;
}

/** 192 random bits each, in letters, digits, '-' and '_': nothing to quote in SQL or an option file. */
export function newAccounts(): ServerAccounts {
  const password = (): string => randomBytes(24).toString('base64url');
  return { admin: password(), workload: password() };
}

function account(user: string, host: string): string {
  return `'${user}'@'${host}'`;
}

function checkedPassword(password: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(password)) throw new Error('an account password must be base64url');
  return password;
}

/**
 * The init file of a server's first start: root's password, the workload's database and account.
 * One statement a line, no comments: MySQL's init_file reader takes no more. Run again after a
 * first start that failed, it changes nothing (IF NOT EXISTS, the same passwords).
 */
export function accountsInitSql(accounts: ServerAccounts): string {
  const admin = checkedPassword(accounts.admin);
  const workload = checkedPassword(accounts.workload);
  const lines = [
    `ALTER USER ${account(ADMIN_USER, 'localhost')} IDENTIFIED BY '${admin}';`,
    `CREATE DATABASE IF NOT EXISTS \`${WORKLOAD_DATABASE}\`;`,
    ...WORKLOAD_HOSTS.flatMap((host) => [
      `CREATE USER IF NOT EXISTS ${account(WORKLOAD_USER, host)} IDENTIFIED BY '${workload}';`,
      `GRANT ALL PRIVILEGES ON \`${WORKLOAD_DATABASE}\`.* TO ${account(WORKLOAD_USER, host)};`,
    ]),
  ];
  return `${lines.join('\n')}\n`;
}

/** The server's accounts and how each logs in. */
export const ACCOUNTS_QUERY = 'SELECT User AS user, Host AS host, plugin FROM mysql.user';

/** Plugins that let a local unix user in by who it is: the sandbox runs as the runner's user. */
const SOCKET_PLUGINS = new Set(['unix_socket', 'auth_socket']);

export interface AccountRow {
  readonly user: string;
  readonly host: string;
  readonly plugin: string;
}

/** The rows of ACCOUNTS_QUERY, as text (a driver may give names as buffers). */
export function accountRows(rows: unknown): AccountRow[] {
  if (!Array.isArray(rows)) return [];
  const text = (value: unknown): string =>
    typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : '';
  return rows.map((row: Record<string, unknown>) => ({
    user: text(row.user),
    host: text(row.host),
    plugin: text(row.plugin),
  }));
}

function isAdmin(row: AccountRow): boolean {
  return row.user === ADMIN_USER && row.host === 'localhost';
}

function bySocket(row: AccountRow): boolean {
  return SOCKET_PLUGINS.has(row.plugin.toLowerCase());
}

/** Anonymous accounts, root anywhere but localhost, and any other account a unix user enters by its name. */
export function unwantedAccounts(rows: readonly AccountRow[]): AccountRow[] {
  return rows.filter((row) => !isAdmin(row) && (row.user === '' || row.user === ADMIN_USER || bySocket(row)));
}

/** What is wrong with the tool's own account once the init file ran, if anything. */
export function adminAccountIssue(rows: readonly AccountRow[]): string | undefined {
  const admin = rows.find(isAdmin);
  if (admin === undefined) return `it has no account ${account(ADMIN_USER, 'localhost')}`;
  if (bySocket(admin)) return `${account(ADMIN_USER, 'localhost')} still logs in by ${admin.plugin}`;
  return undefined;
}

/** `DROP USER` for `rows`, names quoted as string literals. */
export function dropAccountsStatement(rows: readonly AccountRow[]): string {
  const literal = (text: string): string => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
  return `DROP USER ${rows.map((row) => `${literal(row.user)}@${literal(row.host)}`).join(', ')}`;
}

/** The sysbench option file (`--config-file`) holding the workload account's password. */
export function sysbenchPasswordFile(password: string): string {
  return `mysql-password=${password}\n`;
}
