// The order every command that takes the machine lock follows (checks, wait, work), the free-space
// check before the wait (refused at once, or checked again after the wait when another run holds
// the machine), and the probe of where a command writes. A state directory of this file's own;
// the lock is util-linux's flock, as in production.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { InputError } from '../../src/errors.js';
import { CleanupScope } from '../../src/shell/cleanup.js';
import { LOCK_FILE_NAME } from '../../src/shell/machine-lock.js';
import { checkSpaceBeforeLock, checkThenLock } from '../../src/shell/preflight-lock.js';
import { checkWritable } from '../../src/shell/writable-dir.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { requireCommand } from '../helpers/requirements.js';

let dir: string;
let lines: string[];
const logger = recordingLogger(() => lines);
const children: ChildProcess[] = [];
let savedState: string | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(os.tmpdir(), 'gate-preflight-lock-'));
  lines = [];
  savedState = process.env.MYSQL_PERF_GATE_STATE_DIR;
  process.env.MYSQL_PERF_GATE_STATE_DIR = join(dir, 'state');
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  if (savedState === undefined) delete process.env.MYSQL_PERF_GATE_STATE_DIR;
  else process.env.MYSQL_PERF_GATE_STATE_DIR = savedState;
  rmSync(dir, { recursive: true, force: true });
});

/** More room than any filesystem here has, under the temp directory. */
const TOO_MUCH = [{ path: os.tmpdir(), label: '--work-dir', bytes: 2 ** 60, what: "the head's datadir" }];

/** A record in the lock file naming `pid` as the holder, as a run writes it once it holds the lock. */
function holderRecord(pid: number): void {
  mkdirSync(join(dir, 'state'), { recursive: true });
  const record = {
    pid,
    user: 'ci',
    host: 'runner-7',
    suite: 'standard',
    command: 'run',
    since: new Date().toISOString(),
  };
  writeFileSync(join(dir, 'state', LOCK_FILE_NAME), `${JSON.stringify(record)}\n`);
}

/** Another live process, for a holder record that names someone else. */
function otherProcess(): number {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  if (child.pid === undefined) throw new Error('could not start sleep');
  return child.pid;
}

describe('checkSpaceBeforeLock', () => {
  it('refuses a shortage at once when no other run holds the machine', () => {
    expect(() => checkSpaceBeforeLock(TOO_MUCH, logger)).toThrow(/^not enough free space: .*\(--work-dir\)/);
    expect(lines).toEqual([]);
  });

  it('refuses it at once when the holder is this process (the gate, over its builds)', () => {
    holderRecord(process.pid);
    expect(() => checkSpaceBeforeLock(TOO_MUCH, logger)).toThrow(InputError);
  });

  it("says a shortage while another run holds the machine may be that run's, and checks again after the wait", () => {
    const pid = otherProcess();
    holderRecord(pid);
    const again = checkSpaceBeforeLock(TOO_MUCH, logger);
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^warning: not enough free space: .*\\(--work-dir\\).* while the run of pid ${pid} \\(suite standard, by ci on runner-7, .*\\) holds the machine: its files may be what takes the room, so this is checked again once the machine is ours$`,
        ),
      ),
    ]);
    expect(again).toThrow(/^not enough free space: /);
  });

  it('passes, with nothing to check again, when there is room', () => {
    const again = checkSpaceBeforeLock(
      [{ path: os.tmpdir(), label: '--work-dir', bytes: 1, what: 'a byte' }],
      logger,
    );
    expect(again).not.toThrow();
    expect(lines).toEqual([]);
  });
});

(requireCommand('flock') ? describe : describe.skip)('checkThenLock', () => {
  const lockPath = (): string => join(dir, 'state', LOCK_FILE_NAME);
  const request = { timeoutMs: 0, timeoutLabel: '--lock-timeout', suite: 'quick' };

  it('does not wait for the lock when the checks refuse, and takes no lock', async () => {
    const pid = otherProcess();
    holderRecord(pid);
    const scope = new CleanupScope();
    const steps: string[] = [];
    const refused = checkThenLock(
      {
        check: () => Promise.reject(new InputError('--server /opt/mariadb-11.4: no such file or directory')),
        lock: request,
        work: () => {
          steps.push('work');
          return Promise.resolve();
        },
      },
      logger,
      scope,
    );
    await expect(refused).rejects.toThrow('--server /opt/mariadb-11.4: no such file or directory');
    await scope.release();
    expect(steps).toEqual([]);
    // Nothing said of a wait, and the other run's record is as it was.
    expect(lines).toEqual([]);
    expect(JSON.parse(readFileSync(lockPath(), 'utf8'))).toMatchObject({ pid });
  });

  it('checks, then works holding the lock (its record names this process), then lets it go', async () => {
    const scope = new CleanupScope();
    const seen: string[] = [];
    const result = await checkThenLock(
      {
        check: () => {
          seen.push(`check, lock file there: ${existsSync(lockPath())}`);
          return Promise.resolve(42);
        },
        lock: request,
        work: (checked) => {
          const holder = (JSON.parse(readFileSync(lockPath(), 'utf8')) as { pid: number }).pid;
          seen.push(`work with ${checked}, held by ${holder === process.pid ? 'us' : holder}`);
          return Promise.resolve('done');
        },
      },
      logger,
      scope,
    );
    await scope.release();
    expect({ result, seen }).toEqual({
      result: 'done',
      seen: ['check, lock file there: false', 'work with 42, held by us'],
    });
    expect(readFileSync(lockPath(), 'utf8')).toBe('');
  });
});

describe('checkWritable', () => {
  it('names the option and its value in one line when the directory cannot be made', () => {
    // /proc refuses a new directory to root too (and Node's recursive mkdir tries there for ever).
    expect(() => {
      checkWritable({
        dir: '/proc/mysql-perf-gate/out',
        option: '--out',
        value: '/proc/mysql-perf-gate/out/r.json',
      });
    }).toThrow(
      /^--out \/proc\/mysql-perf-gate\/out\/r\.json: cannot be written \(E\w+: .+\); choose another --out$/,
    );
  });

  it('makes the directory it may make, and leaves nothing else', () => {
    const work = join(dir, 'work', 'deeper');
    checkWritable({ dir: work, option: '--work-dir', value: work });
    expect(existsSync(work)).toBe(true);
    expect(readdirSync(work)).toEqual([]);
  });

  it('makes no directory when told not to: where it will be made is written to instead', () => {
    const prefix = join(dir, 'not-yet', 'prefix');
    checkWritable({ dir: prefix, option: '--prefix', value: prefix, create: false });
    expect(existsSync(join(dir, 'not-yet'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});
