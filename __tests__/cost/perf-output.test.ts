// The pieces of a perf session that need no perf: the arguments it is started with, reading the
// counts of the requested events, perf's messages, and the errors for each way a session fails.
// perf.test.ts covers parsePerfStatCsv; perf.int.test.ts and perf-session.int.test.ts run perf.
import { readFileSync } from 'node:fs';

import {
  attachFailureMessage,
  describeExit,
  endedByInterrupt,
  endedEarlyMessage,
  isPermissionProblem,
  perfMessages,
  requestedCounts,
} from '../../src/cost/perf-output.js';
import { perfStatArgs } from '../../src/cost/perf.js';
import { BenchmarkError } from '../../src/errors.js';
import { thrownBy } from '../helpers/errors.js';

function fixture(name: string): string {
  return readFileSync(new URL(`../../__fixtures__/perf/${name}`, import.meta.url), 'utf8');
}

const COMMAND = 'perf stat -x, -e task-clock -p 42';

describe('perfStatArgs', () => {
  it('starts perf disabled, with the control and count pipes, attached to the pid', () => {
    expect(perfStatArgs(42, ['task-clock'])).toEqual([
      'stat',
      '-x,',
      '--no-big-num',
      '--log-fd',
      '3',
      '-D',
      '-1',
      '--control',
      'fd:4,5',
      '-e',
      'task-clock',
      '-p',
      '42',
    ]);
  });

  it('gives each event its own -e, so that an event with commas stays whole', () => {
    const args = perfStatArgs(7, ['cpu/event=0x3c,umask=0/', 'instructions']);
    expect(args.slice(9)).toEqual(['-e', 'cpu/event=0x3c,umask=0/', '-e', 'instructions', '-p', '7']);
  });
});

describe('requestedCounts', () => {
  const session = fixture('attach-busy-session.csv');
  const counted = session
    .split('\n')
    .filter((line) => !line.includes(',instructions,'))
    .join('\n');

  it('gives the count of each requested event, under the name asked for', () => {
    expect(requestedCounts(counted, ['task-clock', 'context-switches'], 'session')).toEqual({
      'task-clock': 326.71,
      'context-switches': 202,
    });
    const userOnly = '24.19,msec,task-clock:u,24190000,100.00,0.9,CPUs utilized\n';
    expect(requestedCounts(userOnly, ['task-clock'], 'u')).toEqual({ 'task-clock': 24.19 });
  });

  it('leaves out events perf printed but nobody asked for', () => {
    expect(requestedCounts(counted, ['context-switches'], 'session')).toEqual({ 'context-switches': 202 });
  });

  it('fails for an event perf printed no line for, quoting what it printed', () => {
    const message = thrownBy(BenchmarkError, () =>
      requestedCounts(counted, ['task-clock', 'page-faults'], 'perf stat of process 42'),
    ).message;
    expect(message).toMatch(
      /^perf stat of process 42 printed no count for page-faults; it printed:\n326\.71,msec/,
    );
  });

  it('fails for an event perf could not count, as parsePerfStatCsv does', () => {
    expect(
      thrownBy(BenchmarkError, () => requestedCounts(session, ['task-clock'], 'session')).message,
    ).toMatch(/^session: perf could not count instructions/);
  });
});

describe("perf's messages", () => {
  it('drops the enable/disable notes and the usage summary', () => {
    expect(perfMessages(`Events disabled\nEvents enabled\n${fixture('attach-no-such-process.txt')}`)).toBe(
      'Problems finding threads of monitor',
    );
  });

  it('keeps the first lines, where perf states the problem', () => {
    const said = perfMessages(fixture('attach-permission-denied.txt'), 3);
    expect(said).toBe(
      'Error:\nAccess to performance monitoring and observability operations is limited.\n' +
        'Consider adjusting /proc/sys/kernel/perf_event_paranoid setting to open\n…',
    );
  });

  it('recognises a permission problem', () => {
    expect(isPermissionProblem(fixture('attach-permission-denied.txt'))).toBe(true);
    expect(isPermissionProblem('No permission to enable task-clock event.')).toBe(true);
    expect(isPermissionProblem(fixture('attach-no-such-process.txt'))).toBe(false);
  });
});

describe('how perf ended', () => {
  it('describes a signal or an exit status', () => {
    expect(describeExit({ code: null, signal: 'SIGKILL' })).toBe('killed by SIGKILL');
    expect(describeExit({ code: 3, signal: null })).toBe('exit status 3');
    expect(describeExit({ code: null, signal: null })).toBe('exit status ?');
  });

  it('takes SIGINT, status 0 and status 130 for the end SIGINT asks for', () => {
    expect(endedByInterrupt({ code: null, signal: 'SIGINT' })).toBe(true);
    expect(endedByInterrupt({ code: 0, signal: null })).toBe(true);
    expect(endedByInterrupt({ code: 130, signal: null })).toBe(true);
    expect(endedByInterrupt({ code: 1, signal: null })).toBe(false);
    expect(endedByInterrupt({ code: null, signal: 'SIGTERM' })).toBe(false);
  });
});

describe('attachFailureMessage', () => {
  it('says perf exited, and that the target does not exist when perf found no threads', () => {
    const message = attachFailureMessage(
      COMMAND,
      42,
      { kind: 'exited', status: { code: 234, signal: null } },
      fixture('attach-no-such-process.txt'),
    );
    expect(message).toBe(
      `${COMMAND} exited (exit status 234) before counting started (process 42 does not exist):\n` +
        'Problems finding threads of monitor',
    );
  });

  it('says how long perf was waited for, and quotes nothing when it said nothing', () => {
    expect(attachFailureMessage(COMMAND, 42, { kind: 'timeout', afterMs: 10_000 }, 'Events disabled\n')).toBe(
      `${COMMAND} did not start counting within 10 s and was killed`,
    );
  });
});

describe('endedEarlyMessage', () => {
  it('blames the target for an exit, and quotes perf', () => {
    const message = endedEarlyMessage({ code: 0, signal: null }, 42, 'Events enabled\nsomething odd\n');
    expect(message).toMatch(
      /^perf stat ended \(exit status 0\) before the measurement window did: process 42 probably exited/,
    );
    expect(message).toMatch(/\nperf said:\nsomething odd$/);
  });

  it('blames someone else for a signal', () => {
    const message = endedEarlyMessage({ code: null, signal: 'SIGINT' }, 42, '');
    expect(message).toMatch(/\(killed by SIGINT\) .*something else stopped it/);
    expect(message).not.toMatch(/perf said/);
  });
});
