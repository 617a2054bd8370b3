// The pure parts of the machine lock: the --lock-timeout parser and what a waiting run prints.
import { InputError } from '../../src/errors.js';
import {
  describeHolder,
  type HolderRecord,
  parseHolderRecord,
  parseLockTimeout,
  timeoutMessage,
  waitingMessage,
} from '../../src/shell/lock-holder.js';
import { thrownBy } from '../helpers/errors.js';

describe('parseLockTimeout', () => {
  it.each<[string | undefined, number | null]>([
    [undefined, null],
    ['', null],
    ['  ', null],
    ['0', 0],
    ['00', 0],
    ['0.0', 0],
    ['0s', 0],
    ['500ms', 500],
    ['5s', 5_000],
    [' 5s ', 5_000],
    ['1.5s', 1_500],
    ['10m', 600_000],
    ['2h', 7_200_000],
    ['1h30m', 5_400_000],
    ['1m30s', 90_000],
  ])('%p → %p ms', (text, expected) => {
    expect(parseLockTimeout(text, '--lock-timeout')).toBe(expected);
  });

  it.each(['5', '-5s', '5 s', '5sec', 'forever', 's', '5s junk', '1d'])(
    'refuses %p, naming the flag or input and giving examples',
    (text) => {
      const cli = thrownBy(InputError, () => parseLockTimeout(text, '--lock-timeout')).message;
      expect(cli).toContain(`--lock-timeout "${text.trim()}" is not a duration`);
      expect(cli).toContain('30s, 10m, 1h');
      const action = thrownBy(InputError, () => parseLockTimeout(text, 'input "lock-timeout"')).message;
      expect(action).toMatch(/^input "lock-timeout" /);
    },
  );
});

const holder: HolderRecord = {
  pid: 1234,
  user: 'ci',
  host: 'runner-7',
  suite: 'quick',
  command: 'node /usr/bin/mysql-perf-gate run --server /usr/sbin/mariadbd',
  since: '2025-03-14T17:52:03.250Z',
};
const now = new Date('2025-03-14T17:52:44.300Z');
const LOCK = '/run/lock/mysql-perf-gate/run.lock';

describe('parseHolderRecord', () => {
  const alive = (): boolean => true;

  it('reads the record of a live holder', () => {
    expect(parseHolderRecord(`${JSON.stringify(holder)}\n`, alive)).toEqual(holder);
  });

  it('takes a record whose pid is dead for what it is: a killed run left it, no one holds the lock', () => {
    expect(parseHolderRecord(JSON.stringify(holder), (pid) => pid !== 1234)).toBeUndefined();
  });

  it.each([
    ['an empty file (no holder, or one that has not written yet)', ''],
    ['half a record (being written)', JSON.stringify(holder).slice(0, 30)],
    ['a record without a pid', JSON.stringify({ ...holder, pid: undefined })],
    ['a record with a bad time', JSON.stringify({ ...holder, since: 'yesterday' })],
  ])('ignores %s', (_what, text) => {
    expect(parseHolderRecord(text, alive)).toBeUndefined();
  });
});

describe('what a waiting run says', () => {
  it('names the holder: pid, suite, user and host, since when and how long ago', () => {
    expect(describeHolder(holder, now)).toBe(
      'the run of pid 1234 (suite quick, by ci on runner-7, started 17:52:03 UTC, 41s ago)',
    );
  });

  it("names the workflow run of the action's holder, and the date when it is not today's", () => {
    const workflow = 'workflow "perf" of acme/server, run 998';
    expect(describeHolder({ ...holder, workflow }, new Date('2025-03-15T09:00:00Z'))).toBe(
      `the run of pid 1234 (suite quick, by ci on runner-7, ${workflow}, started 2025-03-14 17:52:03 UTC, 15h07m ago)`,
    );
  });

  it('says when the holder left no record', () => {
    expect(describeHolder(undefined, now)).toBe('a run that left no record of itself (it may be starting)');
  });

  it('says it waits, then repeats it with how long so far', () => {
    expect(waitingMessage(holder, now, 0, LOCK)).toBe(
      'waiting for the run of pid 1234 (suite quick, by ci on runner-7, started 17:52:03 UTC, 41s ago) to finish: one benchmark at a time on this machine (lock /run/lock/mysql-perf-gate/run.lock)',
    );
    expect(waitingMessage(holder, now, 30_000, LOCK)).toMatch(
      /^still waiting \(30s so far\) for the run of pid 1234 /,
    );
  });

  it('ends the wait with whom it waited for, since when, for how long, and the flag to change', () => {
    expect(timeoutMessage(holder, now, 5_000, '--lock-timeout')).toBe(
      'gave up waiting for the machine after 5s (--lock-timeout): the run of pid 1234 (suite quick, by ci on runner-7, started 17:52:03 UTC, 41s ago) still holds its lock. One benchmark runs at a time on a machine; wait for that run to end, or give --lock-timeout more time (without it, a run waits as long as it takes)',
    );
    expect(timeoutMessage(holder, now, 0, 'input "lock-timeout"')).toMatch(
      /^the machine is busy and input "lock-timeout" 0 does not wait: the run of pid 1234 .* holds its lock\. .* give input "lock-timeout" more time/,
    );
  });
});
