// The server's work over one measured window: SHOW GLOBAL STATUS right before and right after it,
// on one connection held across the window. Two snapshots are taken back to back first: what the
// second added over the first (Com_show_status, Questions, the rows a SHOW sends through a
// temporary table) is what one snapshot costs, and is taken out of the window's increments.
// Never fails a measurement: a snapshot that cannot be read leaves the window without work counts.
import type { Connection } from 'mysql2/promise';

import { errorMessage } from '../errors.js';
import { snapshotCost, statusDeltas, statusSnapshot } from '../results/status-counters.js';
import { connect, type ClientTarget } from '../server/connection.js';
import { STATUS_QUERY } from '../server/facts.js';

export interface WorkWindow {
  /** Right after the window: the counters that moved, less the snapshots' own share. */
  finish(): Promise<Record<string, number> | undefined>;
  /** After a failed measurement: lets the connection go. Never throws. */
  close(): Promise<void>;
}

async function snapshot(client: Connection): Promise<Record<string, string>> {
  const [rows] = await client.query(STATUS_QUERY);
  return statusSnapshot(rows);
}

const NOTHING: WorkWindow = {
  finish: () => Promise.resolve(undefined),
  close: () => Promise.resolve(),
};

/** Right before the window. `log` hears why a window has no work counts. */
export async function openWorkWindow(target: ClientTarget, log: (line: string) => void): Promise<WorkWindow> {
  let client: Connection | undefined;
  const close = async (): Promise<void> => {
    const open = client;
    client = undefined;
    await open?.end().catch(() => {
      open.destroy();
    });
  };
  try {
    client = await connect(target, 'socket');
    const first = await snapshot(client);
    const second = await snapshot(client);
    const selfCost = snapshotCost(first, second);
    return {
      async finish() {
        try {
          if (!client) return undefined;
          return statusDeltas(second, await snapshot(client), selfCost);
        } catch (error) {
          log(
            `could not read the server's status counters after the window (${errorMessage(error)}): no work counts for it`,
          );
          return undefined;
        } finally {
          await close();
        }
      },
      close,
    };
  } catch (error) {
    log(
      `could not read the server's status counters before the window (${errorMessage(error)}): no work counts for it`,
    );
    await close();
    return NOTHING;
  }
}
