// One checksum of the tables a workload runs on, read before each repetition whose data is reset
// (re-prepare, restore): equal checksums say every repetition started from the same rows.
// CHECKSUM TABLE reads every row of each table (InnoDB keeps no live checksum): about as long as a
// full scan, so it runs outside the measured window.
import { createHash } from 'node:crypto';

import { errorMessage, ServerError } from '../errors.js';
import { withConnection, type ConnectionInfo } from './connection.js';

/** `name` quoted as an identifier. */
function quoted(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

/**
 * A short hex digest of CHECKSUM TABLE over `tables` in the connection's database (every base table
 * there when undefined), table names included, so that a table missing or added changes it too.
 */
export async function tablesChecksum(
  info: Pick<ConnectionInfo, 'socketPath' | 'port' | 'user' | 'password' | 'database'>,
  tables: readonly string[] | undefined,
): Promise<string> {
  const target = { ...info, host: '127.0.0.1' as const };
  try {
    return await withConnection(target, 'socket', async (connection) => {
      const names =
        tables ??
        (
          (
            await connection.query(
              'SELECT TABLE_NAME AS name FROM information_schema.TABLES ' +
                "WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
              [info.database],
            )
          )[0] as { name: string }[]
        ).map((row) => row.name);
      if (names.length === 0) return digest([]);
      const list = names.map((name) => `${quoted(info.database)}.${quoted(name)}`).join(', ');
      const [rows] = await connection.query(`CHECKSUM TABLE ${list}`);
      const sums = (rows as { Table: string; Checksum: string | number | null }[]).map(
        (row) => `${row.Table}=${row.Checksum === null ? 'missing' : String(row.Checksum)}`,
      );
      return digest(sums);
    });
  } catch (error) {
    throw new ServerError(`could not checksum the tables of ${info.database}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}

function digest(sums: readonly string[]): string {
  return createHash('sha256').update(sums.join('\n')).digest('hex').slice(0, 16);
}
