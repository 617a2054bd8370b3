// startPerfStat against a stand-in for perf that speaks its control protocol (read "enable" on
// fd 4, answer "ack" on fd 5, print counts on fd 3 at SIGINT) and fails on request: the ways a
// session ends that the real perf will not produce on demand. perf.int.test.ts runs the real one.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startPerfStat } from '../../src/cost/perf.js';
import { BenchmarkError, DependencyError } from '../../src/errors.js';
import { isRunning, processesMentioning } from '../helpers/leftovers.js';

/** Jest's per-project testTimeout does not apply to a single file run, so each test says its own. */
const TEST_TIMEOUT_MS = 20_000;

// FAKE_PERF: "refuse" fails before opening counters, "quit" exits by itself once counting,
// anything else counts until SIGINT. FAKE_PERF_STATUS: its exit status after SIGINT.
const FAKE_PERF = `#!/bin/sh
# Settings from a file beside it: a child gets only the allow-listed environment.
if [ -f "$(dirname "$0")/settings" ]; then . "$(dirname "$0")/settings"; fi
if [ "$FAKE_PERF" = refuse ]; then
  printf 'Error:\\nNo permission to enable task-clock event.\\n' >&2
  exit 255
fi
# Before "ack": stop() may send SIGINT as soon as it has arrived.
trap 'echo "12.5,msec,task-clock,12500000,100.00,0.5,CPUs utilized" >&3; echo "fake perf: done" >&2; exit "\${FAKE_PERF_STATUS:-130}"' INT
read -r request <&4
[ "$request" = enable ] || exit 9
echo 'Events enabled' >&2
echo ack >&5
if [ "$FAKE_PERF" = quit ]; then sleep 0.2; exit 0; fi
while :; do sleep 0.02; done
`;

let dir = '';
const savedEnv = { ...process.env };

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gate-fake-perf-'));
  writeFileSync(path.join(dir, 'perf'), FAKE_PERF);
  chmodSync(path.join(dir, 'perf'), 0o755);
});

beforeEach(() => {
  // spawn looks perf up on the PATH of the environment perf gets, a copy of process.env.
  process.env.PATH = `${dir}:${savedEnv.PATH ?? ''}`;
});

afterEach(() => {
  rmSync(path.join(dir, 'settings'), { force: true });
  for (const name of ['PATH']) {
    if (savedEnv[name] === undefined) Reflect.deleteProperty(process.env, name);
    else process.env[name] = savedEnv[name];
  }
});

afterAll(() => {
  expect(processesMentioning(`${dir}/perf`)).toEqual([]);
  rmSync(dir, { recursive: true, force: true });
});

async function exited(pid: number): Promise<boolean> {
  const deadline = Date.now() + 5_000;
  while (isRunning(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return !isRunning(pid);
}

describe('startPerfStat with a stand-in perf', () => {
  it(
    'returns the counts perf prints at SIGINT, after its usual end',
    async () => {
      const session = await startPerfStat(process.pid, ['task-clock']);
      expect(await session.stop()).toEqual({ 'task-clock': 12.5 });
      expect(await exited(session.perfPid)).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "fails with the exit status and perf's words when perf ends otherwise after SIGINT",
    async () => {
      writeFileSync(path.join(dir, 'settings'), 'FAKE_PERF_STATUS=3\n');
      const session = await startPerfStat(process.pid, ['task-clock']);
      const error: unknown = await session.stop().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BenchmarkError);
      expect((error as Error).message).toMatch(
        new RegExp(`^perf stat .* -p ${process.pid} exit status 3:\nfake perf: done$`),
      );
      // The same answer again, without asking perf twice.
      await expect(session.stop()).rejects.toBe(error);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'fails when perf ended by itself before stop()',
    async () => {
      writeFileSync(path.join(dir, 'settings'), 'FAKE_PERF=quit\n');
      const session = await startPerfStat(process.pid, ['task-clock']);
      expect(await exited(session.perfPid)).toBe(true);
      await expect(session.stop()).rejects.toThrow(
        new RegExp(
          `^perf stat ended \\(exit status 0\\) before the measurement window did: process ${process.pid}`,
        ),
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'quotes perf and adds advice when it may not count',
    async () => {
      writeFileSync(path.join(dir, 'settings'), 'FAKE_PERF=refuse\n');
      const error: unknown = await startPerfStat(process.pid, ['task-clock']).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(BenchmarkError);
      const message = (error as Error).message;
      expect(message).toMatch(
        /exited \(exit status 255\) before counting started:\nError:\nNo permission to enable task-clock event\.\n/,
      );
      expect(message).toMatch(/perf_event_paranoid.*CAP_PERFMON/s);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'says how to install perf when there is none',
    async () => {
      process.env.PATH = path.join(dir, 'nothing-here');
      await expect(startPerfStat(process.pid, ['task-clock'])).rejects.toThrow(
        new DependencyError(
          'perf was not found; install perf: on Debian `sudo apt-get install linux-perf`, on Ubuntu `sudo apt-get install linux-tools-common linux-tools-$(uname -r)`',
        ),
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'refuses a pid that is not one and an empty event list, before starting perf',
    async () => {
      process.env.PATH = path.join(dir, 'nothing-here'); // starting perf would be a DependencyError
      await expect(startPerfStat(0, ['task-clock'])).rejects.toThrow(/pid 0: not a process id/);
      await expect(startPerfStat(1.5, ['task-clock'])).rejects.toThrow(/pid 1.5: not a process id/);
      await expect(startPerfStat(process.pid, [])).rejects.toThrow(/at least one event/);
    },
    TEST_TIMEOUT_MS,
  );
});
