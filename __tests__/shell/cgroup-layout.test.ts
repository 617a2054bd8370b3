// Where this process's control groups are and which hierarchy gives each capability: the v1
// machine (with its controller-less v2 beside), v2 under systemd (a service, a user scope) and a
// container that sees only its own subtree, from fixtures of each (__fixtures__/cgroup/).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  cgroupPlaces,
  chooseLayout,
  groupDir,
  layoutHierarchies,
  parseMountinfo,
  parseProcCgroup,
} from '../../src/shell/cgroup-layout.js';
import {
  CGROUP_FILES,
  flatKeyed,
  groupName,
  groupOwner,
  joinedCommand,
  parseProcs,
} from '../../src/shell/cgroup-files.js';
import { ROOT } from '../helpers/real-run.js';

const fixture = (name: string): string => readFileSync(join(ROOT, '__fixtures__/cgroup', name), 'utf8');

describe('parseMountinfo', () => {
  it('finds the v1 hierarchies with their controllers and the controller-less v2 beside them', () => {
    const mounts = parseMountinfo(fixture('v1-hybrid.mountinfo'));
    expect(mounts.map((mount) => [mount.version, mount.mountPoint, mount.controllers.join(',')])).toEqual([
      ['v1', '/sys/fs/cgroup/cpu', ''],
      ['v1', '/sys/fs/cgroup/cpuacct', 'cpuacct'],
      ['v1', '/sys/fs/cgroup/cpuset', 'cpuset'],
      ['v1', '/sys/fs/cgroup/memory', 'memory'],
      ['v1', '/sys/fs/cgroup/devices', ''],
      ['v1', '/sys/fs/cgroup/freezer', 'freezer'],
      ['v1', '/sys/fs/cgroup/blkio', ''],
      ['v1', '/sys/fs/cgroup/pids', 'pids'],
      ['v1', '/sys/fs/cgroup/systemd', ''],
      ['v2', '/sys/fs/cgroup/unified', ''],
    ]);
  });

  it('reads a joint hierarchy, a subtree mounted as root, and escaped mount points', () => {
    const mounts = parseMountinfo(
      [
        '40 31 0:37 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct',
        '41 31 0:38 /docker/4f2a9c /my\\040cgroups ro,relatime shared:9 - cgroup2 cgroup rw,nsdelegate',
        'not a mountinfo line',
      ].join('\n'),
    );
    expect(mounts).toEqual([
      { version: 'v1', mountPoint: '/sys/fs/cgroup/cpu,cpuacct', root: '/', controllers: ['cpuacct'] },
      { version: 'v2', mountPoint: '/my cgroups', root: '/docker/4f2a9c', controllers: [] },
    ]);
  });
});

describe('parseProcCgroup', () => {
  it('maps each v1 controller to its group and keeps the v2 one', () => {
    const membership = parseProcCgroup(fixture('v1-hybrid.cgroup'));
    expect(membership.v2).toBe('/');
    expect(membership.v1.get('memory')).toBe('/jobs/job-17');
    expect(membership.v1.get('pids')).toBe('/');
    expect(membership.v1.get('name=systemd')).toBe('/');
  });

  it('reads a v2-only process, a joint hierarchy and a deleted group', () => {
    expect(parseProcCgroup(fixture('v2-service.cgroup'))).toEqual({
      v2: '/system.slice/runner-worker.service',
      v1: new Map(),
    });
    const joint = parseProcCgroup('2:cpu,cpuacct:/a\n0::/b (deleted)\n');
    expect(joint.v1.get('cpuacct')).toBe('/a');
    expect(joint.v2).toBe('/b');
  });
});

describe('groupDir', () => {
  it('is the group under the mount, or nothing when the mount shows another part', () => {
    expect(groupDir({ mountPoint: '/sys/fs/cgroup/memory', root: '/' }, '/jobs/job-17')).toBe(
      '/sys/fs/cgroup/memory/jobs/job-17',
    );
    expect(groupDir({ mountPoint: '/sys/fs/cgroup', root: '/docker/4f2a9c' }, '/docker/4f2a9c')).toBe(
      '/sys/fs/cgroup',
    );
    expect(
      groupDir({ mountPoint: '/sys/fs/cgroup', root: '/docker/4f2a9c' }, '/docker/other'),
    ).toBeUndefined();
  });
});

describe('cgroupPlaces', () => {
  it('on the v1 machine: the own group per controller, and the v2 root, which may hold processes', () => {
    const places = cgroupPlaces(
      parseMountinfo(fixture('v1-hybrid.mountinfo')),
      parseProcCgroup(fixture('v1-hybrid.cgroup')),
    );
    expect(Object.fromEntries(places.v1)).toEqual({
      cpuacct: '/sys/fs/cgroup/cpuacct',
      cpuset: '/sys/fs/cgroup/cpuset',
      memory: '/sys/fs/cgroup/memory/jobs/job-17',
      freezer: '/sys/fs/cgroup/freezer',
      pids: '/sys/fs/cgroup/pids',
    });
    expect(places.v2).toEqual({ own: '/sys/fs/cgroup/unified', candidates: ['/sys/fs/cgroup/unified'] });
  });

  it("under systemd: a service's or a scope's ancestors, nearest first, never its own busy group", () => {
    const mounts = parseMountinfo(fixture('v2-systemd.mountinfo'));
    expect(cgroupPlaces(mounts, parseProcCgroup(fixture('v2-service.cgroup'))).v2).toEqual({
      own: '/sys/fs/cgroup/system.slice/runner-worker.service',
      candidates: ['/sys/fs/cgroup/system.slice', '/sys/fs/cgroup'],
    });
    const scope = cgroupPlaces(mounts, parseProcCgroup(fixture('v2-user-scope.cgroup')));
    expect(scope.v2?.candidates[0]).toBe(
      '/sys/fs/cgroup/user.slice/user-1001.slice/user@1001.service/app.slice',
    );
    expect(scope.v2?.candidates.at(-1)).toBe('/sys/fs/cgroup');
    expect(scope.v1.size).toBe(0);
  });

  it('in a container that sees its own subtree: its group is the mount, the only candidate', () => {
    const places = cgroupPlaces(
      parseMountinfo(fixture('v2-container.mountinfo')),
      parseProcCgroup(fixture('v2-container.cgroup')),
    );
    expect(places.v2).toEqual({ own: '/sys/fs/cgroup', candidates: ['/sys/fs/cgroup'] });
  });

  it('without a cgroup mount: nothing', () => {
    expect(cgroupPlaces([], parseProcCgroup('0::/\n'))).toEqual({ v1: new Map() });
  });
});

describe('chooseLayout', () => {
  const v1 = new Map([
    ['pids', '/sys/fs/cgroup/pids'],
    ['memory', '/sys/fs/cgroup/memory/jobs/job-17'],
    ['cpuset', '/sys/fs/cgroup/cpuset'],
    ['freezer', '/sys/fs/cgroup/freezer'],
    ['cpuacct', '/sys/fs/cgroup/cpuacct'],
  ]);

  it("the v1 machine: limits and cpuset from v1, freeze and CPU time from v2's core files", () => {
    const layout = chooseLayout({ v2: { dir: '/sys/fs/cgroup/unified', controllers: [] }, v1 });
    expect(layout).toEqual({
      processes: { version: 'v1', parent: '/sys/fs/cgroup/pids', controller: 'pids' },
      memory: { version: 'v1', parent: '/sys/fs/cgroup/memory/jobs/job-17', controller: 'memory' },
      cpuset: { version: 'v1', parent: '/sys/fs/cgroup/cpuset', controller: 'cpuset' },
      freeze: { version: 'v2', parent: '/sys/fs/cgroup/unified' },
      cpuUsage: { version: 'v2', parent: '/sys/fs/cgroup/unified' },
    });
    expect(layoutHierarchies(layout).map((place) => place.parent)).toEqual([
      '/sys/fs/cgroup/pids',
      '/sys/fs/cgroup/memory/jobs/job-17',
      '/sys/fs/cgroup/cpuset',
      '/sys/fs/cgroup/unified',
    ]);
  });

  it('v2 with its controllers: everything from one hierarchy', () => {
    const layout = chooseLayout({
      v2: { dir: '/sys/fs/cgroup/system.slice', controllers: ['pids', 'memory', 'cpuset'] },
      v1: new Map(),
    });
    expect(new Set(Object.values(layout).map((place) => place.version))).toEqual(new Set(['v2']));
    expect(Object.keys(layout).sort()).toEqual(['cpuUsage', 'cpuset', 'freeze', 'memory', 'processes']);
  });

  it('v2 without a memory controller handed down and no v1: the memory limit is missing', () => {
    const layout = chooseLayout({
      v2: { dir: '/sys/fs/cgroup/app.slice', controllers: ['pids'] },
      v1: new Map(),
    });
    expect(layout.memory).toBeUndefined();
    expect(layout.cpuset).toBeUndefined();
    expect(layout.processes?.version).toBe('v2');
  });

  it('nothing writable: no capability at all', () => {
    expect(chooseLayout({ v1: new Map() })).toEqual({});
  });
});

describe('the files of each version', () => {
  it('reads what the kernel counted: refused forks, OOM kills (not reclaims), CPU time, frozen', () => {
    expect(CGROUP_FILES.v2.processEvents.read('max 37\n')).toBe(37);
    expect(
      CGROUP_FILES.v2.memoryEvents.read('low 0\nhigh 0\nmax 812\noom 2\noom_kill 1\noom_group_kill 0\n'),
    ).toBe(1);
    expect(CGROUP_FILES.v1.memoryEvents.read('oom_kill_disable 0\nunder_oom 0\noom_kill 3\n')).toBe(3);
    expect(CGROUP_FILES.v2.cpuUsage.microseconds('usage_usec 1250003\nuser_usec 1000000\n')).toBe(1_250_003);
    expect(CGROUP_FILES.v1.cpuUsage.microseconds('1250003999\n')).toBe(1_250_004);
    expect(CGROUP_FILES.v2.freezeState.isFrozen('populated 1\nfrozen 1\n')).toBe(true);
    expect(CGROUP_FILES.v1.freezeState.isFrozen('FREEZING\n')).toBe(false);
    expect(flatKeyed('max x\n', 'max')).toBeUndefined();
  });

  it('writes the memory limit before swap, which may not be below it', () => {
    expect(CGROUP_FILES.v1.memoryLimit(2 ** 30).map((change) => change.file)).toEqual([
      'memory.limit_in_bytes',
      'memory.memsw.limit_in_bytes',
    ]);
    expect(CGROUP_FILES.v2.memoryLimit(2 ** 30)).toEqual([
      { file: 'memory.max', value: '1073741824' },
      { file: 'memory.swap.max', value: '0', optional: true },
    ]);
  });

  it('names a group after its owner and label, and reads the owner back', () => {
    const name = groupName({ pid: 4242, startTime: '98765' }, 'build-prefix head/../x');
    expect(name).toBe('4242-98765-build-prefix-head-..-x');
    expect(groupOwner(name)).toEqual({ pid: 4242, startTime: '98765' });
    expect(groupOwner('mysql-perf-gate')).toBeUndefined();
    expect(parseProcs('12\n 13\n\n')).toEqual([12, 13]);
  });

  it('joins every group before the command runs, and runs nothing when it cannot join', () => {
    const read = readFileSync;
    const dir = mkdtempSync(join(tmpdir(), 'cgroup-join-'));
    const joined = joinedCommand([join(dir, 'a'), join(dir, 'b')], { file: 'sh', args: ['-c', 'echo $$'] });
    const run = spawnSync(joined.file, joined.args, { encoding: 'utf8' });
    // The same process: the pid written to each "procs" file is the one that runs the command.
    expect(read(join(dir, 'a'), 'utf8')).toBe(run.stdout);
    expect(read(join(dir, 'b'), 'utf8')).toBe(run.stdout);
    const refused = joinedCommand([join(dir, 'missing', 'procs')], { file: 'echo', args: ['ran'] });
    const failed = spawnSync(refused.file, refused.args, { encoding: 'utf8' });
    expect({ status: failed.status, stdout: failed.stdout }).toEqual({ status: 125, stdout: '' });
    rmSync(dir, { recursive: true, force: true });
  });
});
