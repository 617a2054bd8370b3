// The server options a flavor needs under valgrind, decided in one place: the run adds them
// (run/preflight.ts), and a report leaves them out of the commands it prints, since the run adds
// them again. Pure.
import { InputError } from '../errors.js';
import { describeFlavor } from '../flavor/flavors.js';
import type { Flavor } from '../results/results-schema.js';
import { normalizeOptionName } from '../server/options.js';

/**
 * Server options a flavor needs under valgrind, given the user's options (already merged):
 * - innodb_use_native_aio=OFF: MariaDB's io_uring/libaio submission hangs under valgrind, which
 *   does not emulate those system calls' asynchronous completion;
 * - the flavor's `valgrind.bufferPoolMaxOption` (MariaDB's innodb_buffer_pool_size_max), on
 *   servers that have it: the server reserves address space for the largest buffer pool it may
 *   grow to (8 TiB by default), which valgrind cannot map; reserving just the configured pool is
 *   enough;
 * - thread_cache_size=0, unless the user set it: MariaDB hands a new connection a cached
 *   thread's THD without resetting its statement counter, so sysbench's prepared statements get
 *   ids that depend on which connections the thread served before, and their hash chains (looked
 *   up at every execution) another length: measured here, ±0.2% of a write transaction.
 * A user option that contradicts one of the first two is an error, not silently overridden.
 */
export function valgrindServerOptions(
  flavor: Flavor,
  userOptions: Readonly<Record<string, string>>,
  hasBufferPoolSizeMax: boolean,
): Record<string, string> {
  const required: Record<string, string> = { innodb_use_native_aio: 'OFF' };
  if (!Object.keys(userOptions).some((name) => normalizeOptionName(name) === 'thread_cache_size')) {
    required.thread_cache_size = '0';
  }
  const maxOption = describeFlavor(flavor).valgrind.bufferPoolMaxOption;
  if (maxOption !== null && hasBufferPoolSizeMax) {
    required[maxOption] = userOptions[maxOption] ?? userOptions.innodb_buffer_pool_size ?? '128M';
  }
  const nativeAio = userOptions.innodb_use_native_aio;
  if (nativeAio !== undefined && !/^(0|off|false)$/i.test(nativeAio)) {
    throw new InputError(
      `innodb_use_native_aio=${nativeAio} cannot be used with metric: instructions: the server runs under valgrind, ` +
        'where native asynchronous I/O hangs; remove the option (the tool sets it OFF)',
    );
  }
  return required;
}
