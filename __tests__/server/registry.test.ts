// The registry of running servers: its one decision (leave, kill, forget) on every combination of
// owner and server, and the sweeps on records in a temp directory, with a fake process table.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { namesDir } from '../../src/server/process-table.js';
import {
  judgeServerRecord,
  type ProcessTable,
  procProcesses,
  type ServerRecord,
  ServerRegistry,
} from '../../src/server/registry.js';

interface FakeProcess {
  startTime: string;
  cmdline: string[];
  /** Survives SIGKILL (stuck in the kernel). */
  unkillable?: boolean;
}

/** A process table held in a map; SIGKILL removes the process unless it is unkillable. */
class FakeProcesses implements ProcessTable {
  readonly killed: number[] = [];
  killError: Error | undefined;
  constructor(readonly table = new Map<number, FakeProcess>()) {}
  startTime(pid: number): string | undefined {
    return this.table.get(pid)?.startTime;
  }
  cmdline(pid: number): readonly string[] | undefined {
    return this.table.get(pid)?.cmdline;
  }
  kill(pid: number, signal: NodeJS.Signals): void {
    if (this.killError) throw this.killError;
    this.killed.push(pid);
    if (signal === 'SIGKILL' && this.table.get(pid)?.unkillable !== true) this.table.delete(pid);
  }
  pids(): readonly number[] {
    return [...this.table.keys()];
  }
}

const OWNER = { pid: 100, startTime: '5000' };
const CONFIG = '/work/run-1/head/my.cnf';
const record: ServerRecord = {
  schemaVersion: 1,
  owner: OWNER,
  server: { pid: 200, binary: '/usr/sbin/mariadbd', datadir: '/work/run-1/head/datadir', configFile: CONFIG },
  workDir: '/work/run-1',
  socketDir: null,
};
const owner = (startTime: string): [number, FakeProcess] => [100, { startTime, cmdline: ['node'] }];
const server = (cmdline: string[]): [number, FakeProcess] => [200, { startTime: '6000', cmdline }];
const MARIADBD = ['/usr/sbin/mariadbd', `--defaults-file=${CONFIG}`];

describe('judgeServerRecord', () => {
  it.each<[string, [number, FakeProcess][], ReturnType<typeof judgeServerRecord>]>([
    ['owner alive, server alive: its owner stops it', [owner('5000'), server(MARIADBD)], 'leave'],
    ['owner alive, server gone: its owner forgets it', [owner('5000')], 'leave'],
    ['owner gone, server alive: an orphan', [server(MARIADBD)], 'kill'],
    [
      'owner pid reused by another process, server alive: an orphan',
      [owner('7777'), server(MARIADBD)],
      'kill',
    ],
    ['owner gone, server gone', [], 'forget'],
    ['owner gone, server pid reused by another process', [server(['/bin/sleep', '100'])], 'forget'],
    [
      "owner gone, server pid now another server's",
      [server(['/usr/sbin/mariadbd', '--defaults-file=/work/run-2/head/my.cnf'])],
      'forget',
    ],
  ])('%s: %s', (_, processes, expected) => {
    expect(judgeServerRecord(record, new FakeProcesses(new Map(processes)))).toBe(expected);
  });

  it('for the post step, kills the server even when its owner seems alive', () => {
    const processes = new FakeProcesses(new Map([owner('5000'), server(MARIADBD)]));
    expect(judgeServerRecord(record, processes, true)).toBe('kill');
  });
});

describe('procProcesses', () => {
  it('reads this process: its start time and its command line', () => {
    expect(procProcesses.startTime(process.pid)).toMatch(/^\d+$/);
    expect(procProcesses.cmdline(process.pid)).toContain(process.argv[1]);
  });

  it("lists this user's processes, this one among them", () => {
    const pids = procProcesses.pids();
    expect(pids).toContain(process.pid);
    expect(pids.every((pid) => Number.isInteger(pid) && pid > 0)).toBe(true);
  });

  it('knows no process for a pid that is not in use', () => {
    expect(procProcesses.startTime(2 ** 22 + 1)).toBeUndefined();
    expect(procProcesses.cmdline(2 ** 22 + 1)).toBeUndefined();
  });
});

describe('ServerRegistry', () => {
  let dir: string;
  let work: string;
  beforeEach(() => {
    dir = mkdtempSync(join(os.tmpdir(), 'gate-registry-'));
    work = join(dir, 'work', 'mysql-perf-gate-abc');
    mkdirSync(join(work, 'head', 'datadir'), { recursive: true });
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const state = (): string => join(dir, 'state');
  const files = (folder: string): string[] =>
    existsSync(join(state(), folder)) ? readdirSync(join(state(), folder)).sort() : [];
  /** The records a killed run (pid 100) left: its work directory, and its server (pid 200). */
  function killedRun(processes: FakeProcesses): void {
    const registry = new ServerRegistry(state(), OWNER, { processes });
    registry.addWorkDir(work);
    registry.addServer(
      {
        pid: 200,
        binary: '/usr/sbin/mariadbd',
        datadir: join(work, 'head', 'datadir'),
        configFile: join(work, 'head', 'my.cnf'),
      },
      work,
      null,
    );
  }
  const mariadbd = (): string[] => ['/usr/sbin/mariadbd', `--defaults-file=${join(work, 'head', 'my.cnf')}`];
  const sweeper = (processes: FakeProcesses): ServerRegistry =>
    new ServerRegistry(state(), { pid: 300, startTime: '9000' }, { processes, killWaitMs: 100 });

  it('records servers and work directories by owner, and forgets them when told', () => {
    const registry = new ServerRegistry(state(), OWNER, { processes: new FakeProcesses() });
    const forgetDir = registry.addWorkDir(work);
    const forgetServer = registry.addServer(record.server, work, null);
    expect(files('servers')).toEqual(['100-200.json']);
    expect(files('work-dirs')).toEqual(['100-mysql-perf-gate-abc.json']);
    forgetServer();
    forgetDir();
    expect([...files('servers'), ...files('work-dirs')]).toEqual([]);
  });

  it('stops an orphaned server, removes its work directory and its records', async () => {
    const processes = new FakeProcesses(new Map([[200, { startTime: '6000', cmdline: mariadbd() }]]));
    killedRun(processes);
    const events = await sweeper(processes).sweepOrphans();
    expect(processes.killed).toEqual([200]);
    expect(events).toEqual([
      {
        kind: 'stopped',
        message: `stopped an orphaned mariadbd (pid 200, datadir ${join(work, 'head', 'datadir')}) left by run pid 100, which is gone`,
      },
      { kind: 'removed', message: `removed ${work}, left by run pid 100` },
    ]);
    expect(existsSync(work)).toBe(false);
    expect([...files('servers'), ...files('work-dirs')]).toEqual([]);
  });

  it('leaves everything of a run that is still going', async () => {
    const processes = new FakeProcesses(
      new Map([
        [100, { startTime: '5000', cmdline: ['node'] }],
        [200, { startTime: '6000', cmdline: mariadbd() }],
      ]),
    );
    killedRun(processes);
    expect(await sweeper(processes).sweepOrphans()).toEqual([]);
    expect(processes.killed).toEqual([]);
    expect(existsSync(work)).toBe(true);
    expect(files('servers')).toEqual(['100-200.json']);
  });

  it('forgets a dead server without signalling its pid, now another process, and removes the work directory', async () => {
    const processes = new FakeProcesses(new Map([[200, { startTime: '8000', cmdline: ['/bin/sleep'] }]]));
    killedRun(processes);
    const events = await sweeper(processes).sweepOrphans();
    expect(processes.killed).toEqual([]);
    expect(events.map((event) => event.kind)).toEqual(['removed', 'removed']);
    expect(events[0]?.message).toMatch(
      /^forgot mariadbd \(pid 200, .*\) of run pid 100: the server is no longer running$/,
    );
    expect(existsSync(work)).toBe(false);
    expect([...files('servers'), ...files('work-dirs')]).toEqual([]);
  });

  it('removes the work directory of a killed run that had no server yet', async () => {
    const processes = new FakeProcesses();
    new ServerRegistry(state(), OWNER, { processes }).addWorkDir(work);
    expect(await sweeper(processes).sweepOrphans()).toEqual([
      { kind: 'removed', message: `removed the work directory ${work} of run pid 100` },
    ]);
    expect(existsSync(work)).toBe(false);
  });

  it('kills a bootstrap a killed run left working in its directory before removing it, and nothing else', async () => {
    const bootstrap = ['/usr/bin/mariadb-install-db', `--datadir=${join(work, 'head', 'datadir')}`];
    const processes = new FakeProcesses(
      new Map<number, FakeProcess>([
        [400, { startTime: '7000', cmdline: bootstrap }],
        [401, { startTime: '7001', cmdline: ['/usr/sbin/mariadbd', '--bootstrap', `--datadir=${work}`] }],
        // A neighbour's directory that starts with the same name, and the parent directory: not this run's.
        [402, { startTime: '7002', cmdline: ['/usr/sbin/mariadbd', `--datadir=${work}-2/head`] }],
        [403, { startTime: '7003', cmdline: ['mysql-perf-gate', 'run', '--work-dir', join(work, '..')] }],
      ]),
    );
    new ServerRegistry(state(), OWNER, { processes }).addWorkDir(work);
    const events = await sweeper(processes).sweepOrphans();
    expect(processes.killed).toEqual([400, 401]);
    expect(events).toEqual([
      {
        kind: 'stopped',
        message: `stopped mariadb-install-db (pid 400), left working in ${work} by run pid 100`,
      },
      { kind: 'stopped', message: `stopped mariadbd (pid 401), left working in ${work} by run pid 100` },
      { kind: 'removed', message: `removed the work directory ${work} of run pid 100` },
    ]);
    expect(existsSync(work)).toBe(false);
  });

  it('stops both servers of a killed run as recorded servers before looking for anything else in its directory', async () => {
    const base = ['/usr/sbin/mariadbd', `--defaults-file=${join(work, 'base', 'my.cnf')}`];
    const processes = new FakeProcesses(
      new Map([
        [200, { startTime: '6000', cmdline: mariadbd() }],
        [201, { startTime: '6001', cmdline: base }],
      ]),
    );
    killedRun(processes);
    new ServerRegistry(state(), OWNER, { processes }).addServer(
      {
        pid: 201,
        binary: '/usr/sbin/mariadbd',
        datadir: join(work, 'base', 'datadir'),
        configFile: join(work, 'base', 'my.cnf'),
      },
      work,
      null,
    );
    const events = await sweeper(processes).sweepOrphans();
    expect(processes.killed.sort()).toEqual([200, 201]);
    expect(events.filter((event) => event.kind === 'stopped').map((event) => event.message)).toEqual([
      expect.stringMatching(/^stopped an orphaned mariadbd \(pid 200, /),
      expect.stringMatching(/^stopped an orphaned mariadbd \(pid 201, /),
    ]);
    expect(existsSync(work)).toBe(false);
    expect([...files('servers'), ...files('work-dirs')]).toEqual([]);
  });

  it('keeps the work directory while a process left working in it outlives SIGKILL, and says so', async () => {
    const processes = new FakeProcesses(
      new Map([
        [400, { startTime: '7000', cmdline: ['mariadbd', `--datadir=${work}/head`], unkillable: true }],
      ]),
    );
    new ServerRegistry(state(), OWNER, { processes }).addWorkDir(work);
    expect(await sweeper(processes).sweepOrphans()).toEqual([
      {
        kind: 'failed',
        message: `mariadbd (pid 400), left working in ${work} by run pid 100, outlived SIGKILL; the directory is kept`,
      },
    ]);
    expect(existsSync(work)).toBe(true);
    expect(files('work-dirs')).toEqual(['100-mysql-perf-gate-abc.json']);
  });

  it('tells a path in a directory from one beside it', () => {
    expect(namesDir(['x', '--datadir=/w/run'], '/w/run')).toBe(true);
    expect(namesDir(['/w/run'], '/w/run')).toBe(true);
    expect(namesDir(['--ro-bind', '/w/run/head/prefix', '/usr'], '/w/run')).toBe(true);
    expect(namesDir(['--datadir=/w/run-2'], '/w/run')).toBe(false);
    expect(namesDir(['--work-dir', '/w'], '/w/run')).toBe(false);
  });

  it('keeps the record and the files of a server it could not stop, and says so', async () => {
    const processes = new FakeProcesses(new Map([[200, { startTime: '6000', cmdline: mariadbd() }]]));
    killedRun(processes);
    processes.killError = Object.assign(new Error('kill EPERM'), { code: 'EPERM' });
    const events = await sweeper(processes).sweepOrphans();
    expect(events).toEqual([
      {
        kind: 'failed',
        message: `could not stop mariadbd (pid 200, datadir ${join(work, 'head', 'datadir')}): kill EPERM`,
      },
    ]);
    expect(existsSync(work)).toBe(true);
    expect(files('servers')).toEqual(['100-200.json']);
    expect(files('work-dirs')).toEqual(['100-mysql-perf-gate-abc.json']);
  });

  it('keeps the files of a server that outlives SIGKILL', async () => {
    const processes = new FakeProcesses(
      new Map([[200, { startTime: '6000', cmdline: mariadbd(), unkillable: true }]]),
    );
    killedRun(processes);
    const events = await sweeper(processes).sweepOrphans();
    expect(events.map((event) => event.kind)).toEqual(['failed']);
    expect(events[0]?.message).toMatch(
      /was sent SIGKILL but is still there after 0\.1 s; its files are kept$/,
    );
    expect(existsSync(work)).toBe(true);
  });

  it("after the main step, cleans up its records only, even though another owner's are orphans too", async () => {
    const processes = new FakeProcesses(new Map([[200, { startTime: '6000', cmdline: mariadbd() }]]));
    killedRun(processes);
    const other = new ServerRegistry(state(), { pid: 101, startTime: '5001' }, { processes });
    other.addWorkDir(join(dir, 'other-work'));
    const events = await sweeper(processes).cleanUpAfter(OWNER);
    expect(events.map((event) => event.kind)).toEqual(['stopped', 'removed']);
    expect(files('work-dirs')).toEqual(['101-other-work.json']);
    // Same pid, another start time: another process, not the main step.
    expect(await sweeper(processes).cleanUpAfter({ pid: 101, startTime: '1' })).toEqual([]);
  });

  it('removes an unreadable record, and refuses to remove a relative path a record names', async () => {
    const processes = new FakeProcesses();
    const registry = new ServerRegistry(state(), OWNER, { processes });
    registry.addWorkDir('relative/dir');
    writeFileSync(join(state(), 'work-dirs', '100-broken.json'), '{"schemaVersion": 1');
    const events = await sweeper(processes).sweepOrphans();
    expect(events.map((event) => event.message)).toEqual([
      expect.stringMatching(/^removed the unreadable record .*100-broken\.json: /),
      'refused to remove relative/dir: not an absolute path below /',
    ]);
    expect(files('work-dirs')).toEqual(['100-dir.json']);
  });

  it('makes its folders writable by every user, like /tmp', () => {
    new ServerRegistry(state(), OWNER, { processes: new FakeProcesses() }).addWorkDir(work);
    for (const folder of [state(), join(state(), 'work-dirs')]) {
      expect(statSync(folder).mode & 0o7777).toBe(0o1777);
    }
  });
});
