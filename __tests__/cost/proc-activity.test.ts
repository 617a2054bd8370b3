// The readers of a server's context switches and I/O: real /proc texts of a mariadbd (see
// __fixtures__/perf/README.md), the sums over threads that start, end or reuse an id during a
// window, and this test's own process read for real.
import { readFileSync } from 'node:fs';

import {
  ioDelta,
  parseProcIo,
  parseSwitches,
  processActivityAvailability,
  readProcessIo,
  readThreadSwitches,
  switchesDelta,
  type ThreadSwitches,
} from '../../src/cost/proc-activity.js';
import { BenchmarkError } from '../../src/errors.js';
import { thrownBy } from '../helpers/errors.js';

function fixture(name: string): string {
  return readFileSync(new URL(`../../__fixtures__/perf/${name}`, import.meta.url), 'utf8');
}

describe('parseSwitches and parseProcIo', () => {
  it("read a mariadbd thread's status and the process's io", () => {
    expect(parseSwitches(fixture('proc-task-status-mariadbd.txt'), 'status')).toEqual({
      voluntary: 1,
      involuntary: 1,
    });
    expect(parseProcIo(fixture('proc-io-mariadbd.txt'), 'io')).toEqual({
      readBytes: 5988352,
      writeBytes: 217669632,
      readCalls: 675,
      writeCalls: 233,
    });
  });

  it.each([
    ['an empty text', '', /status has no "voluntary_ctxt_switches" line/],
    [
      'a damaged count',
      'voluntary_ctxt_switches:\tx1\nnonvoluntary_ctxt_switches:\t2\n',
      /no "voluntary_ctxt_switches"/,
    ],
    ['a missing second line', 'voluntary_ctxt_switches:\t1\n', /no "nonvoluntary_ctxt_switches"/],
  ])('refuse %s, naming the source', (_what, text, message) => {
    expect(thrownBy(BenchmarkError, () => parseSwitches(text, 'status')).message).toMatch(message);
  });

  it('refuse an io text without write_bytes', () => {
    const text = fixture('proc-io-mariadbd.txt').replace(/^write_bytes.*$/m, '');
    expect(thrownBy(BenchmarkError, () => parseProcIo(text, '/proc/1/io')).message).toBe(
      '/proc/1/io has no "write_bytes" line',
    );
  });
});

/** "1:10/2 7:40/4": thread 1 with 10 voluntary and 2 involuntary switches, thread 7 with 40 and 4. */
const snap = (text: string): Map<number, ThreadSwitches> =>
  new Map(
    text
      .split(' ')
      .filter((entry) => entry !== '')
      .map((entry) => {
        const [tid, voluntary, involuntary] = entry.split(/[:/]/).map(Number);
        return [tid ?? 0, { voluntary: voluntary ?? 0, involuntary: involuntary ?? 0 }];
      }),
  );

describe('switchesDelta', () => {
  it.each([
    ['the same threads', '1:10/2 2:5/0', '1:15/3 2:9/0', [9, 1, 0]],
    ['a thread started in the window: all of it counts', '1:10/2', '1:11/2 7:40/4', [41, 4, 0]],
    ['a thread that ended: lost, and counted as ended', '1:10/2 2:50/5', '1:12/2', [2, 0, 1]],
    ['an id reused by a new thread (counts went down): counts as new', '3:100/9', '3:4/1', [4, 1, 0]],
    ['no threads', '', '', [0, 0, 0]],
  ])('%s', (_what, before, after, [voluntary, involuntary, threadsEnded]) => {
    expect(switchesDelta(snap(before), snap(after))).toEqual({ voluntary, involuntary, threadsEnded });
  });
});

describe('ioDelta', () => {
  const reading = { readBytes: 4096, writeBytes: 8192, readCalls: 10, writeCalls: 20 };

  it('subtracts every counter', () => {
    expect(ioDelta(reading, { readBytes: 16384, writeBytes: 8192, readCalls: 12, writeCalls: 25 })).toEqual({
      readBytes: 12288,
      writeBytes: 0,
      readCalls: 2,
      writeCalls: 5,
    });
  });

  it('refuses readings that went backwards: another process', () => {
    expect(thrownBy(BenchmarkError, () => ioDelta(reading, { ...reading, readCalls: 9 })).message).toMatch(
      /went backwards over the window: the two readings are not of the same process/,
    );
  });
});

describe('reading /proc for real', () => {
  it("this process's threads and I/O", async () => {
    const switches = await readThreadSwitches(process.pid);
    expect(switches.get(process.pid)).toBeDefined();
    const before = await readProcessIo(process.pid);
    const after = await readProcessIo(process.pid);
    // Reading the file is itself a read call.
    expect(ioDelta(before, after).readCalls).toBeGreaterThanOrEqual(1);
    expect(await processActivityAvailability(process.pid)).toEqual({
      contextSwitches: { available: true },
      io: { available: true },
    });
  });

  it('a process that is not there is unavailable, and says why', async () => {
    const gone = 2 ** 22 + 12345;
    const availability = await processActivityAvailability(gone);
    expect(availability.io).toEqual({
      available: false,
      reason: expect.stringMatching(new RegExp(`^cannot read /proc/${gone}/io: ENOENT`)) as unknown,
    });
    expect(availability.contextSwitches.available).toBe(false);
    await expect(readProcessIo(0)).rejects.toThrow('0 is not a process id');
  });
});
