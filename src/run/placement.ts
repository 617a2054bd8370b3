// Where the server and sysbench run: on CPUs of their own, so that the client's work does not
// land on the server's CPU and its noise on the measurement. Pure: the CPUs come in as values.
//
// MariaDB's own mini-benchmark does the same (the server on one CPU, sysbench on another). Under
// callgrind the server runs one thread at a time anyway, so the instructions suite is pinned by
// default; a throughput suite is not unless asked (`--pin on`), since on a small machine pinning
// gives the server fewer CPUs than its threads would use.
import { formatCpuList } from '../cpu-list.js';
import type { Placement } from '../results/results-schema.js';
import type { Suite } from '../suite/suite-schema.js';

export type PinMode = 'auto' | 'on' | 'off';

export const PIN_MODES: readonly PinMode[] = ['auto', 'on', 'off'];

/**
 * The placement for `mode` with `cpus` available, and a warning when it is not what was asked for
 * or gives the server fewer CPUs than the suite's threads. sysbench gets the first quarter of the
 * CPUs (at least one), the server the rest.
 */
export function choosePlacement(
  mode: PinMode,
  suite: Suite,
  cpus: readonly number[],
  /** How the user names the option (`--pin`, `input "pin"`), for the reasons. */
  label = '--pin',
): { placement: Placement; warning?: string } {
  if (mode === 'off') return { placement: { pinned: false, reason: `not asked for: ${label} off` } };
  if (mode === 'auto' && suite.metric !== 'instructions') {
    return {
      placement: { pinned: false, reason: `throughput suites run unpinned unless asked with ${label} on` },
    };
  }
  if (cpus.length < 2) {
    const reason = `only CPU ${formatCpuList(cpus)} is available to this run: the server and sysbench cannot be kept apart`;
    return { placement: { pinned: false, reason }, warning: `not pinned: ${reason}` };
  }
  const clientCount = Math.max(1, Math.floor(cpus.length / 4));
  const client = cpus.slice(0, clientCount);
  const server = cpus.slice(clientCount);
  const placement: Placement = { pinned: true, server: formatCpuList(server), client: formatCpuList(client) };
  const threads = Math.max(...suite.threads);
  if (suite.metric !== 'instructions' && threads > server.length) {
    return {
      placement,
      warning:
        `the server runs on ${server.length} CPU${server.length === 1 ? '' : 's'} (${placement.server}) while the suite runs up to ` +
        `${threads} threads: those cells measure a server with fewer CPUs than threads`,
    };
  }
  return { placement };
}
