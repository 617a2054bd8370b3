// How a server this tool started is stopped: SIGTERM and a grace period for a clean shutdown,
// shorter for a server that never got ready, and SIGKILL at once when the run was interrupted.
import type { CleanupScope } from '../shell/cleanup.js';
import type { ServerProcess } from './process.js';

const DEFAULT_STOP_TIMEOUT_MS = 120_000;
const NOT_READY_GRACE_MS = 5_000;

export interface ShutdownSetup {
  readonly scope: CleanupScope;
  /** How long a clean shutdown may take before SIGKILL. */
  readonly stopTimeoutMs?: number;
  readonly log?: (line: string) => void;
}

/**
 * Stops `running` unless it has exited already. `ready`: it answered queries, so it has a signal
 * thread and shuts down cleanly.
 */
export async function shutDown(running: ServerProcess, ready: boolean, setup: ShutdownSetup): Promise<void> {
  if (running.exitStatus) return;
  const { scope } = setup;
  const pid = running.spawnedPid ?? '?';
  if (scope.interrupted) {
    // An interrupted run throws its datadirs away, so a clean shutdown saves nothing, and a
    // cancelled job's runner kills this process 10 s after its first signal, well within the
    // grace a busy server may take: whatever is still running then is left behind.
    setup.log?.(`killing server pid ${pid} (SIGKILL): the run was interrupted`);
    await running.kill();
    return;
  }
  setup.log?.(`stopping server pid ${pid}`);
  const grace = setup.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS;
  // A server that never got ready holds no work worth a clean shutdown, and mariadbd 10.11
  // sent SIGTERM while starting can hang for good (seen here: main thread waiting in
  // init_slave(), no signal thread left to act on further signals). Short grace, then SIGKILL.
  // An interrupt during the shutdown cuts the grace short, for the same reason as above.
  const status = await running.terminate(
    ready ? grace : Math.min(grace, NOT_READY_GRACE_MS),
    undefined,
    scope.signal,
  );
  if (status.signal === 'SIGKILL') {
    setup.log?.(
      scope.signal.aborted
        ? 'the run was interrupted during the shutdown: the server was killed (SIGKILL)'
        : 'the server did not shut down in time and was killed (SIGKILL)',
    );
  }
}
