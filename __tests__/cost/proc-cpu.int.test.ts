// readProcessCpu on real child processes: a busy one's user time grows by about the time it spun,
// an idle one's does not, and a process that has exited is a clear error.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

import { clockTicksPerSecond, cpuDelta, readProcessCpu } from '../../src/cost/proc-cpu.js';
import { BenchmarkError } from '../../src/errors.js';
import { children, killChildren, nextLine, startSpinner } from '../helpers/spinner.js';

afterEach(() => {
  killChildren();
});

describe('readProcessCpu on real processes', () => {
  it('sees about 0.5 s of user time for 0.5 s (of CPU time) of spinning', async () => {
    const child = startSpinner(500);
    await nextLine(child, 'ready');
    const before = await readProcessCpu(child.pid!);
    child.stdin.write('go\n');
    await nextLine(child, 'done');
    const delta = cpuDelta(before, await readProcessCpu(child.pid!));
    // The child measured 0.5 s of its own user time with getrusage, which shares the kernel's
    // accounting with /proc; the margin is for rounding to 10 ms ticks.
    expect(delta.userSeconds).toBeGreaterThanOrEqual(0.4);
    expect(delta.userSeconds).toBeLessThan(2);
    expect(delta.systemSeconds).toBeLessThan(0.5);
  }, 30_000);

  it('sees (almost) no CPU time for a sleeping process', async () => {
    const child = spawn('sleep', ['30']);
    children.push(child);
    await once(child, 'spawn');
    const before = await readProcessCpu(child.pid!);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const delta = cpuDelta(before, await readProcessCpu(child.pid!));
    expect(delta.userSeconds + delta.systemSeconds).toBeLessThanOrEqual(0.02);
  }, 30_000);

  it('throws a BenchmarkError naming the pid when the process has exited', async () => {
    const child = spawn('true');
    const pid = child.pid!;
    await once(child, 'close');
    const error: unknown = await readProcessCpu(pid).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BenchmarkError);
    expect((error as Error).message).toMatch(
      new RegExp(`^cannot read the CPU time of process ${pid}: it has exited.*check its error log`),
    );
  });

  it('refuses a pid that cannot be a process', async () => {
    await expect(readProcessCpu(0)).rejects.toThrow(/not a process id/);
  });

  it('knows the clock tick rate (USER_HZ)', async () => {
    // 100 on every mainstream Linux architecture.
    expect(await clockTicksPerSecond()).toBe(100);
  });
});
