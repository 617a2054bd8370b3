// The statements of a replica apply, in the words of the server's flavor: the primary's binary
// logs emptied before its write load and the last transaction it wrote; the replica's applier
// pointed at the relay log the run made of that binary log (no IO thread, nothing to connect to:
// the same relay log is applied by every repetition), started, and waited for to the end.
import type { Connection } from 'mysql2/promise';

import { BenchmarkError, errorMessage } from '../errors.js';
import { describeFlavor } from '../flavor/flavors.js';
import type { FlavorOperations } from '../flavor/description.js';
import type { Flavor } from '../results/results-schema.js';
import { type ConnectionInfo, withConnection } from '../server/connection.js';

/** A GTID position or set as the servers print them: digits, hex, '-', ':' and ',' (with spaces). */
const POSITION = /^[0-9A-Fa-f:,\s-]{1,65536}$/;

/** MySQL's and MariaDB's "You have an error in your SQL syntax": a statement this version lacks. */
const PARSE_ERROR = 1064;

/**
 * The first of `statements` the server takes. The next is tried only when the server does not know
 * a statement's syntax (another version's words); any other error is that statement's, and said.
 */
async function firstTaken(client: Connection, statements: readonly string[], what: string): Promise<void> {
  let last: unknown;
  for (const sql of statements) {
    try {
      await client.query(sql);
      return;
    } catch (error) {
      last = error;
      if ((error as { errno?: unknown }).errno !== PARSE_ERROR) break;
    }
  }
  throw new BenchmarkError(`the server refused the statement that would ${what}: ${errorMessage(last)}`, {
    cause: last,
  });
}

/** The value of `column` in the first row of `rows`, as text; undefined when there is none. */
function firstValue(rows: unknown, column: string): string | undefined {
  if (!Array.isArray(rows) || rows.length === 0) return undefined;
  const value = (rows[0] as Record<string, unknown>)[column];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return undefined;
}

export async function resetBinaryLogs(connection: ConnectionInfo, flavor: Flavor): Promise<void> {
  const { replication } = describeFlavor(flavor).operations;
  await withConnection(connection, 'socket', (client) =>
    firstTaken(client, replication.resetBinaryLogs, 'empty the binary logs'),
  );
}

/**
 * Empties what the replica remembers having applied, where its flavor keeps it (MySQL's
 * gtid_executed): the replica is a copy of the datadir the primary was, with its server_uuid, and
 * would skip as applied every transaction of the load whose GTID the copy held already.
 */
export async function forgetApplied(connection: ConnectionInfo, flavor: Flavor): Promise<void> {
  const { forgetApplied: statements } = describeFlavor(flavor).operations.replication;
  if (statements.length === 0) return;
  await withConnection(connection, 'socket', (client) =>
    firstTaken(client, statements, "empty the replica's record of the transactions it applied"),
  );
}

/** The last transaction the primary wrote, checked to be a position and nothing else. */
export async function lastTransaction(connection: ConnectionInfo, flavor: Flavor): Promise<string> {
  const { sql, column } = describeFlavor(flavor).operations.replication.lastTransaction;
  const position = await withConnection(connection, 'socket', async (client) => {
    const [rows] = await client.query(sql);
    return firstValue(rows, column);
  });
  if (position === undefined || position.trim() === '' || !POSITION.test(position)) {
    throw new BenchmarkError(
      `the primary did not say which transaction it wrote last (${sql}): ${JSON.stringify(position ?? null).slice(0, 200)}`,
    );
  }
  return position;
}

/** Points the stopped applier at the relay log `relay`, a copy of the primary's binary log `primary`. */
export async function pointAtRelayLog(
  connection: ConnectionInfo,
  flavor: Flavor,
  files: { readonly relay: string; readonly primary: string },
): Promise<void> {
  const { replication } = describeFlavor(flavor).operations;
  const statements = replication.pointAtRelayLog.map((sql) =>
    sql.replaceAll('{file}', files.relay).replaceAll('{primaryFile}', files.primary),
  );
  await withConnection(connection, 'socket', (client) =>
    firstTaken(client, statements, `point the replica at its relay log ${files.relay}`),
  );
}

/** How long one wait for the applier lasts before its status is read again. */
const WAIT_STEP_SECONDS = 5;

/**
 * Why the applier stopped, in one line, from the replica's status (`rows`): its error number and
 * message as the server gives them, or that it stopped without one; undefined while it runs.
 */
function whyStopped(rows: unknown, status: FlavorOperations['replication']['status']): string | undefined {
  const message = (firstValue(rows, status.errorColumn) ?? '').replace(/\s+/g, ' ').trim();
  if (message !== '') {
    const errno = firstValue(rows, status.errnoColumn) ?? '?';
    return `with error ${errno}: ${message.slice(0, 500)}`;
  }
  const running = firstValue(rows, status.runningColumn);
  // No row, no column: nothing says it stopped, and the wait goes on to its deadline.
  if (running === undefined || running === 'Yes') return undefined;
  return `without an error (${status.runningColumn}: ${running.slice(0, 40)})`;
}

/**
 * Starts the applier and waits until it applied `position`, on one connection, in steps: between
 * them the replica's status says whether its applier stopped (a wait would go on until its
 * timeout). Refuses, with the replica's own error, an applier that stopped or did not get there
 * within `seconds`.
 */
export async function applyToEnd(
  connection: ConnectionInfo,
  flavor: Flavor,
  position: string,
  seconds: number,
): Promise<void> {
  const { replication } = describeFlavor(flavor).operations;
  const { sql, column, applied } = replication.waitApplied;
  await withConnection(connection, 'socket', async (client) => {
    await firstTaken(client, replication.startApplier, "start the replica's applier");
    const until = Date.now() + seconds * 1000;
    for (;;) {
      const [rows] = await client.query(sql, [position, WAIT_STEP_SECONDS]);
      const answer = firstValue(rows, column);
      if (answer === applied) return;
      const [status] = await client.query(replication.status.sql);
      const why = whyStopped(status, replication.status);
      if (why !== undefined) {
        throw new BenchmarkError(`the replica's applier stopped before the end of its relay log ${why}`);
      }
      if (Date.now() >= until) {
        throw new BenchmarkError(
          `the replica did not apply its relay log to the end within ${seconds} s ` +
            `(${sql.replace(/\s+AS\s+\w+$/i, '')} answered ${JSON.stringify(answer ?? null)})`,
        );
      }
    }
  });
}
