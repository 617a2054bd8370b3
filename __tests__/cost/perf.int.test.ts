// perf detection and attached counting against real processes and the real perf. Assertions are
// about consistency (what detection says must match what counting does), not about this machine's
// hardware, except that software events such as task-clock work wherever perf does.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

import { detectPerfCounters, startPerfStat, type PerfSession } from '../../src/cost/perf.js';
import { BenchmarkError, InterruptedError } from '../../src/errors.js';
import { isRunning, processesMentioning } from '../helpers/leftovers.js';
import { requireCommand } from '../helpers/requirements.js';
import { killChildren, nextLine, startSpinner } from '../helpers/spinner.js';

const maybe = requireCommand('perf') ? describe : describe.skip;
/** Jest's per-project testTimeout does not apply to a single file run, so each test says its own. */
const TEST_TIMEOUT_MS = 60_000;

const sessions: PerfSession[] = [];

/** Counts `events` over one 0.5 s spin of a fresh child; the session is kept for the leak checks. */
async function countSpin(events: readonly string[]): Promise<Record<string, number>> {
  const child = startSpinner(500);
  await nextLine(child, 'ready');
  const session = await startPerfStat(child.pid!, events);
  sessions.push(session);
  child.stdin.write('go\n');
  await nextLine(child, 'done');
  return session.stop();
}

/** perf processes attached to `pid` (our spawn command line ends with "-p <pid>"). */
function perfsAttachedTo(pid: number): number[] {
  return processesMentioning(`^perf stat .* -p ${pid}$`);
}

afterEach(() => {
  killChildren();
});

afterAll(() => {
  for (const session of sessions) expect(isRunning(session.perfPid)).toBe(false);
  expect(processesMentioning('^perf stat .*--control fd:4,5')).toEqual([]);
});

maybe('detectPerfCounters', () => {
  it(
    'agrees with counting for instructions (hardware counters may be missing, e.g. in a VM)',
    async () => {
      const support = await detectPerfCounters('instructions');
      if (support.available) {
        expect(support.perfVersion).toMatch(/^\d+\.\d+/);
        const counts = await countSpin(['instructions']);
        expect(counts.instructions).toBeGreaterThan(0);
      } else {
        expect(support.reason.trim()).not.toBe('');
        if (/<not supported>/.test(support.reason)) {
          // Then counting fails the same way, naming the event.
          await expect(countSpin(['task-clock', 'instructions'])).rejects.toThrow(
            /perf could not count instructions(:u)?: it printed "<not supported>/,
          );
        }
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'finds the software event task-clock',
    async () => {
      expect(await detectPerfCounters('task-clock')).toEqual(
        expect.objectContaining({
          available: true,
          perfVersion: expect.stringMatching(/^\d+\.\d+/) as string,
        }),
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'explains an event perf does not know, quoting perf',
    async () => {
      const support = await detectPerfCounters('no-such-event');
      expect(support.available).toBe(false);
      if (!support.available) expect(support.reason).toMatch(/failed \(exit status \d+\):\n.*no-such-event/s);
    },
    TEST_TIMEOUT_MS,
  );
});

maybe('startPerfStat', () => {
  it(
    'counts task-clock (ms) of a busy process and leaves no perf behind',
    async () => {
      const counts = await countSpin(['task-clock', 'context-switches']);
      // The child spun for 0.5 s of its own CPU time; task-clock counts on-CPU time of all its threads.
      expect(counts['task-clock']).toBeGreaterThan(400);
      expect(counts['task-clock']).toBeLessThan(5_000);
      expect(counts['context-switches']).toBeGreaterThanOrEqual(0);
      const session = sessions.at(-1)!;
      expect(isRunning(session.perfPid)).toBe(false);
      // stop() is idempotent.
      expect(await session.stop()).toEqual(counts);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'is counting when it resolves: a child that only spins after attach is counted',
    async () => {
      const child = startSpinner(300);
      await nextLine(child, 'ready');
      const session = await startPerfStat(child.pid!, ['task-clock']);
      sessions.push(session);
      // Immediately: no deliberate wait between attach and the work.
      child.stdin.write('go\n');
      await nextLine(child, 'done');
      expect((await session.stop())['task-clock']).toBeGreaterThan(250); // a 300 ms spin
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'fails clearly when the target exits before stop(), and perf is gone',
    async () => {
      const child = startSpinner(100);
      await nextLine(child, 'ready');
      const session = await startPerfStat(child.pid!, ['task-clock']);
      sessions.push(session);
      child.stdin.end('go\n'); // spins, then exits: stdin closed and nothing keeps it alive
      await once(child, 'exit');
      // perf notices a target that exited within about a second.
      const deadline = Date.now() + 5_000;
      while (isRunning(session.perfPid) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(isRunning(session.perfPid)).toBe(false);
      await expect(session.stop()).rejects.toThrow(
        new RegExp(
          `perf stat ended \\(.*\\) before the measurement window did: process ${child.pid!} probably exited`,
        ),
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'kills perf when the signal aborts, and stop() rethrows the reason',
    async () => {
      const child = startSpinner(100);
      await nextLine(child, 'ready');
      const controller = new AbortController();
      const session = await startPerfStat(child.pid!, ['task-clock'], { signal: controller.signal });
      sessions.push(session);
      expect(perfsAttachedTo(child.pid!)).toEqual([session.perfPid]);
      controller.abort(new InterruptedError('SIGINT'));
      await expect(session.stop()).rejects.toBeInstanceOf(InterruptedError);
      expect(isRunning(session.perfPid)).toBe(false);
      expect(perfsAttachedTo(child.pid!)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'does not start with an already aborted signal',
    async () => {
      const child = startSpinner(100);
      await nextLine(child, 'ready');
      await expect(
        startPerfStat(child.pid!, ['task-clock'], {
          signal: AbortSignal.abort(new InterruptedError('SIGTERM')),
        }),
      ).rejects.toBeInstanceOf(InterruptedError);
      expect(perfsAttachedTo(child.pid!)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'fails clearly for a process that does not exist',
    async () => {
      const gone = spawn('true');
      const pid = gone.pid!;
      await once(gone, 'close');
      const error: unknown = await startPerfStat(pid, ['task-clock']).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BenchmarkError);
      expect((error as Error).message).toMatch(
        new RegExp(
          `exited \\(exit status \\d+\\) before counting started \\(process ${pid} does not exist\\)`,
        ),
      );
      expect(perfsAttachedTo(pid)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'fails clearly for an event perf does not know',
    async () => {
      const child = startSpinner(100);
      await nextLine(child, 'ready');
      await expect(startPerfStat(child.pid!, ['no-such-event'])).rejects.toThrow(
        /before counting started:\n.*no-such-event/s,
      );
      expect(perfsAttachedTo(child.pid!)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
