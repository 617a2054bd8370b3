// The runner check's tools: valgrind, sysbench, the compilers, the bubblewrap sandbox and perf's
// instructions counter, each found through the module that uses it (so the check finds what a run
// or a build would), each "unknown" with the reason when it is missing.
import { compilersOnPath } from '../builder/compilers.js';
import { detectPerfCounters } from '../cost/perf-detect.js';
import { checkValgrind } from '../cost/valgrind.js';
import { known, type MachineReadings, type Reading, unknown } from '../environment/doctor-readings.js';
import { errorMessage } from '../errors.js';
import { checkSandbox } from '../shell/sandbox.js';
import { checkSysbench } from '../sysbench/runner.js';

type ToolReadings = Pick<
  MachineReadings,
  'valgrind' | 'sysbench' | 'compilers' | 'bubblewrap' | 'perfCounters'
>;

async function detail(check: () => Promise<string>): Promise<Reading<{ detail: string }>> {
  try {
    return known({ detail: await check() });
  } catch (error) {
    return unknown(errorMessage(error).split('\n')[0] ?? 'not found');
  }
}

/** perf's reason in a clause: the event missing (a VM without a PMU), or its first line. */
export function perfReason(reason: string): string {
  if (reason.includes('does not provide that event'))
    return 'perf: <not supported>, no hardware counters here (VM without a virtual PMU)';
  const first = reason.split('\n')[0] ?? reason;
  return first.length > 140 ? `${first.slice(0, 139)}…` : first;
}

export async function readTools(): Promise<ToolReadings> {
  const [valgrind, sysbench, bubblewrap, perf, compilers] = await Promise.all([
    detail(async () => `valgrind ${await checkValgrind()}`),
    detail(async () => `sysbench ${await checkSysbench()}`),
    detail(async () => {
      await checkSandbox();
      return 'bwrap can make its namespaces here';
    }),
    detectPerfCounters('instructions'),
    compilersOnPath().then(
      (found): Reading<readonly string[]> => known(found),
      (error: unknown): Reading<readonly string[]> => unknown(errorMessage(error)),
    ),
  ]);
  const perfCounters = perf.available
    ? known({
        available: true,
        detail: `perf ${perf.perfVersion}${perf.userSpaceOnly ? ', user space only' : ''}`,
      })
    : known({ available: false, detail: perfReason(perf.reason) });
  return { valgrind, sysbench, bubblewrap, compilers, perfCounters };
}
