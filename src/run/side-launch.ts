// How a side's server is launched and measured: under callgrind for instruction suites (with
// valgrind's longer timeouts) or as it is, on its CPUs when the run is pinned; the probe that
// measures its steps; and what it offers the suite's operational cells (operation-host.ts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import {
  callgrindLaunch,
  callgrindPaths,
  VALGRIND_START_TIMEOUT_MS,
  VALGRIND_STOP_TIMEOUT_MS,
} from '../cost/valgrind.js';
import type { Placement, SideName } from '../results/results-schema.js';
import type { ManagedServer, ServerLaunch, ServerSetup } from '../server/server.js';
import { onCpus } from '../shell/cpu-affinity.js';
import { kindOf } from '../workload/kinds.js';
import { type CostProbe, instructionProbe, throughputProbe } from './cost-probe.js';
import { OperationHost, type OperationLaunches } from './operation-host.js';
import { type CheckedSide, sidePlacement } from './preflight.js';
import type { SideSetup } from './sides.js';

type CallgrindPaths = ReturnType<typeof callgrindPaths>;

/** A side's launch, its probe and its callgrind files' paths (their directory made under callgrind). */
export function sideInstruments(
  name: SideName,
  setup: SideSetup,
  at: { readonly sideDir: string; readonly log: (line: string) => void },
): {
  readonly paths: CallgrindPaths;
  readonly launch: ReturnType<typeof serverLaunch>;
  readonly probe: CostProbe;
} {
  const { preflight, rawDir } = setup;
  const { valgrind } = preflight;
  const paths = callgrindPaths(join(at.sideDir, 'callgrind'));
  if (valgrind) mkdirSync(paths.dir, { recursive: true });
  const launch = serverLaunch(
    sidePlacement(preflight, name),
    valgrind ? { paths, tmpDir: join(at.sideDir, 'tmp') } : undefined,
  );
  const probe = valgrind
    ? instructionProbe({ paths, rawDir, relativeDir: name, log: at.log })
    : throughputProbe(preflight.perf);
  return { paths, launch, probe };
}

/** What the side's server offers the suite's operational cells; none when the suite has none. */
export function operationHost(
  side: CheckedSide,
  setup: SideSetup,
  at: {
    readonly server: ManagedServer;
    readonly launch: OperationLaunches;
    readonly paths: CallgrindPaths;
    readonly log: (line: string) => void;
  },
): OperationHost | undefined {
  const { config, preflight, runDir, scope, rawDir } = setup;
  if (!config.suite.workloads.some((workload) => kindOf(workload).operation !== undefined)) return undefined;
  const name = side.config.name;
  return new OperationHost({
    side: name,
    server: at.server,
    flavor: side.install.flavor,
    runDir,
    scope,
    launches: at.launch,
    ...(preflight.valgrind ? { callgrind: { paths: at.paths, rawDir, relativeDir: name } } : {}),
    workDirOption: config.names['work-dir'],
    log: at.log,
  });
}

/**
 * How a side's server is started: under callgrind for instruction suites (with valgrind's longer
 * timeouts), on the server's CPUs when the run is pinned (taskset execs the server, so the pid
 * is still the server's), or as it is; and how an operation runs it natively, or counted from its
 * first instruction.
 */
function serverLaunch(
  placement: Placement,
  callgrind: { readonly paths: CallgrindPaths; readonly tmpDir: string } | undefined,
): {
  readonly setup: Pick<ServerSetup, 'wrap' | 'startTimeoutMs' | 'stopTimeoutMs'>;
  readonly operations: OperationLaunches;
  readonly clientCpus?: string;
} {
  const pin = (launch: ServerLaunch): ServerLaunch => {
    if (!placement.pinned) return launch;
    const [command, args] = onCpus(launch.command, launch.args, placement.server);
    return { ...launch, command, args };
  };
  const native: ServerSetup['wrap'] | null = placement.pinned
    ? (binary, args) => pin({ command: binary, args })
    : null;
  const clientCpus = placement.pinned ? { clientCpus: placement.client } : {};
  if (callgrind) {
    const under =
      (fromStart: boolean): NonNullable<ServerSetup['wrap']> =>
      (binary, args) =>
        pin(callgrindLaunch(callgrind.paths, binary, args, callgrind.tmpDir, fromStart));
    return {
      setup: {
        wrap: under(false),
        startTimeoutMs: VALGRIND_START_TIMEOUT_MS,
        stopTimeoutMs: VALGRIND_STOP_TIMEOUT_MS,
      },
      operations: { native, fromStart: under(true) },
      ...clientCpus,
    };
  }
  return { setup: native ? { wrap: native } : {}, operations: { native }, ...clientCpus };
}
