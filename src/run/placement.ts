// Where the server and sysbench run: on CPUs of their own, so that the client's work does not
// land on the server's CPU and its noise on the measurement. Pure: the CPUs come in as values.
//
// MariaDB's own mini-benchmark does the same (the server on one CPU, sysbench on another). Every
// suite is pinned by default (`auto`) wherever there are two CPUs: measured on a 2-core VM, A/A
// quick runs unpinned had repetitions of one cell from 12,000 to 33,000 tps (robust CV up to 32%),
// pinned within 5% (see docs/statistics.md), although pinning gives a small machine's server
// fewer CPUs than its threads. `--pin off` measures the whole machine.
import { formatCpuList } from '../cpu-list.js';
import type { Placement } from '../results/results-schema.js';
import type { Suite } from '../suite/suite-schema.js';

export type PinMode = 'auto' | 'on' | 'off';

export const PIN_MODES: readonly PinMode[] = ['auto', 'on', 'off'];

/**
 * The placement for `mode` with `cpus` available, and a warning (`on`) or a note (`auto`) when it
 * cannot be what was asked for or gives the server fewer CPUs than the suite's threads. sysbench gets the first quarter of the
 * CPUs (at least one), the server the rest.
 */
export function choosePlacement(
  mode: PinMode,
  suite: Suite,
  cpus: readonly number[],
  /** How the user names the option (`--pin`, `input "pin"`), for the reasons. */
  label: string,
  /** Where the server runs when it is on another machine (run --host): nothing here to pin. */
  elsewhere?: string,
): { placement: Placement; warning?: string; note?: string } {
  if (mode === 'off') return { placement: { pinned: false, reason: `not asked for: ${label} off` } };
  // What was asked for explicitly and cannot be given is a warning; what auto chose, a note.
  const tell = (text: string) => (mode === 'on' ? { warning: text } : { note: text });
  if (elsewhere !== undefined) {
    const reason = `the server runs on another machine (${elsewhere}): there is no server here to keep apart from sysbench`;
    return {
      placement: { pinned: false, reason },
      ...(mode === 'on' ? { warning: `not pinned: ${reason}` } : {}),
    };
  }
  if (cpus.length < 2) {
    const reason = `only CPU ${formatCpuList(cpus)} is available to this run: the server and sysbench cannot be kept apart`;
    return { placement: { pinned: false, reason }, ...tell(`not pinned: ${reason}`) };
  }
  const clientCount = Math.max(1, Math.floor(cpus.length / 4));
  const client = cpus.slice(0, clientCount);
  const server = cpus.slice(clientCount);
  const placement: Placement = { pinned: true, server: formatCpuList(server), client: formatCpuList(client) };
  const threads = Math.max(...suite.threads);
  if (suite.metric !== 'instructions' && threads > server.length) {
    return {
      placement,
      ...tell(
        `the server runs on ${server.length} CPU${server.length === 1 ? '' : 's'} (${placement.server}) while the suite runs up to ` +
          `${threads} threads: those cells measure a server with fewer CPUs than threads (${label} off measures the whole machine)`,
      ),
    };
  }
  return { placement };
}

export type ParallelMode = 'auto' | 'on' | 'off';

/** Each side's CPUs when base and head are measured at once, or why they are not. */
export type ParallelSides =
  | { readonly parallel: true; readonly cpus: { readonly base: string; readonly head: string } }
  | { readonly parallel: false; readonly reason: string };

/**
 * Whether base and head run at once: only for count suites (an instruction count does not depend
 * on what else runs; a time does), only with two sides, and only where each side can have CPUs of
 * its own (its server and its sysbench share them). `auto` turns it on wherever it can be; `on`
 * where it cannot is a warning.
 */
export function chooseParallelSides(
  mode: ParallelMode,
  suite: Suite,
  sides: number,
  cpus: readonly number[],
  label: string,
): { sides: ParallelSides; warning?: string } {
  const serial = (reason: string, warn: boolean) => ({
    sides: { parallel: false as const, reason },
    ...(warn && mode === 'on' ? { warning: `${label}: ${reason}; measuring one side at a time` } : {}),
  });
  if (mode === 'off') return serial(`not asked for (${label} off)`, false);
  // `on` with a wall-clock suite is refused when the flags are read (parallelSidesFor).
  if (suite.metric !== 'instructions') return serial(`suite ${suite.name} measures time`, false);
  if (sides < 2) return serial('one server', true);
  if (cpus.length < 2) return serial(`only CPU ${formatCpuList(cpus)} is available to this run`, true);
  const half = Math.floor(cpus.length / 2);
  return {
    sides: {
      parallel: true,
      cpus: { base: formatCpuList(cpus.slice(0, half)), head: formatCpuList(cpus.slice(half)) },
    },
  };
}
