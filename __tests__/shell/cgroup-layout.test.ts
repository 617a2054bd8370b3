// Where this process's cgroups are, read from the texts of /proc/self/mountinfo and
// /proc/self/cgroup of the machines the freezer supports.
import { parseCgroupLayout } from '../../src/shell/cgroup-layout.js';

/** The development machine: v1 hierarchies one controller each, and a v2 hierarchy without controllers. */
const HYBRID_MOUNTS = `31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
33 31 0:30 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct
34 31 0:31 / /sys/fs/cgroup/cpuset rw,relatime - cgroup cgroup rw,cpuset
35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
37 31 0:34 / /sys/fs/cgroup/freezer rw,relatime - cgroup cgroup rw,freezer
41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
`;
const HYBRID_GROUPS = `9:name=systemd:/
6:freezer:/
4:memory:/process_api/5528f9cabfb4598e6419b9a6035ec53c
3:cpuset:/
2:cpuacct:/
1:cpu:/
0::/
`;

/** A current Debian or Ubuntu machine (and GitHub's runners): cgroup v2 alone, under systemd. */
const UNIFIED_MOUNTS = `25 29 0:23 / /sys rw,nosuid,nodev,noexec,relatime shared:7 - sysfs sysfs rw
30 25 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:9 - cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot
`;
const UNIFIED_GROUPS = '0::/system.slice/actions.runner.service\n';

describe('the cgroup layout', () => {
  it('finds the v2 group and each v1 controller of a hybrid machine', () => {
    expect(parseCgroupLayout(HYBRID_MOUNTS, HYBRID_GROUPS)).toEqual({
      unified: '/sys/fs/cgroup/unified',
      v1: {
        freezer: '/sys/fs/cgroup/freezer',
        cpuacct: '/sys/fs/cgroup/cpuacct',
        cpuset: '/sys/fs/cgroup/cpuset',
      },
    });
  });

  it("finds the service's group where cgroup v2 is the only hierarchy", () => {
    expect(parseCgroupLayout(UNIFIED_MOUNTS, UNIFIED_GROUPS)).toEqual({
      unified: '/sys/fs/cgroup/system.slice/actions.runner.service',
      v1: {},
    });
  });

  it('finds controllers mounted together (cpu,cpuacct) and decodes escaped mount points', () => {
    const mounts =
      '40 31 0:33 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n' +
      '41 31 0:34 / /mnt/my\\040cgroups rw - cgroup cgroup rw,freezer\n';
    const groups = '5:cpu,cpuacct:/runner\n4:freezer:/runner\n';
    expect(parseCgroupLayout(mounts, groups)).toEqual({
      v1: { cpuacct: '/sys/fs/cgroup/cpu,cpuacct/runner', freezer: '/mnt/my cgroups/runner' },
    });
  });

  it("maps a container's group through the mount's root, and leaves out a group the mount does not show", () => {
    // A mount of /docker/abc as the root: the process's group /docker/abc/job is its "job".
    const mounts = '50 40 0:30 /docker/abc /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n';
    expect(parseCgroupLayout(mounts, '0::/docker/abc/job\n')).toEqual({
      unified: '/sys/fs/cgroup/job',
      v1: {},
    });
    expect(parseCgroupLayout(mounts, '0::/elsewhere\n')).toEqual({ v1: {} });
  });

  it('has nothing where nothing is mounted or said', () => {
    expect(parseCgroupLayout('', '')).toEqual({ v1: {} });
    expect(parseCgroupLayout(HYBRID_MOUNTS, '')).toEqual({ v1: {} });
  });
});
