// The limits of untrusted code: their defaults, and the one line a limit reached ends a step with.
import { CgroupSystem } from '../../src/shell/cgroup.js';
import {
  defaultMemoryBytes,
  LIMIT_DEFAULTS,
  LimitedGroup,
  limitLine,
  serverProcessLimit,
  sizeLabel,
} from '../../src/shell/limits.js';

const SETTINGS = {
  processes: 4096,
  memoryBytes: 8 * 2 ** 30,
  labels: { processes: '--max-processes', memory: '--max-memory' },
};
const NONE = { processes: 0, memory: 0 };

describe('the defaults', () => {
  it("cover a server's connection threads twice over, plus its background threads", () => {
    expect(LIMIT_DEFAULTS.buildProcesses).toBe(4096);
    expect(serverProcessLimit(1)).toBe(514);
    expect(serverProcessLimit(256)).toBe(1024);
  });

  it("take three quarters of the machine's memory, in whole MiB", () => {
    expect(defaultMemoryBytes(16 * 2 ** 30)).toBe(12 * 2 ** 30);
    expect(defaultMemoryBytes(2 ** 30 + 3)).toBe(768 * 2 ** 20);
  });
});

describe('limitLine', () => {
  it('names the process limit reached, with the flag and its value', () => {
    expect(limitLine('the build of the head', SETTINGS, NONE, { processes: 37, memory: 0 })).toBe(
      'the build of the head hit its process limit (--max-processes 4096): 37 forks were refused at 4096 processes and threads',
    );
  });

  it('names the memory limit first, as the input names it, counting only since the group was made', () => {
    const labels = { processes: 'input "max-processes"', memory: 'input "max-memory"' };
    expect(
      limitLine(
        "the head's server",
        { ...SETTINGS, labels },
        { processes: 2, memory: 1 },
        { processes: 5, memory: 2 },
      ),
    ).toBe(
      `the head's server hit its memory limit (input "max-memory" 8G): the kernel killed 1 process of it for want of memory (8192.0 MiB)`,
    );
  });

  it('is undefined while nothing was counted', () => {
    expect(
      limitLine('the build', SETTINGS, { processes: 3, memory: 1 }, { processes: 3, memory: 1 }),
    ).toBeUndefined();
  });

  it('says a size as the flag takes it', () => {
    expect([
      sizeLabel(2 ** 30),
      sizeLabel(1536 * 2 ** 20),
      sizeLabel(128 * 2 ** 20),
      sizeLabel(1000),
    ]).toEqual(['1G', '1536M', '128M', '1000']);
  });
});

describe('a machine without control groups', () => {
  it('runs untrusted code without the limits, and says so once', async () => {
    const warnings: string[] = [];
    const logger = {
      info: () => undefined,
      warning: (line: string) => warnings.push(line),
      error: () => undefined,
      debug: () => undefined,
      progress: () => undefined,
      group: <T>(_name: string, fn: () => Promise<T>) => fn(),
    };
    const none = new CgroupSystem({}, { pid: process.pid, startTime: '1' });
    for (const label of ['build-a', 'server-head']) {
      expect(await LimitedGroup.open(label, 'the build', SETTINGS, logger, none)).toBeUndefined();
    }
    expect(warnings).toEqual([
      'the process and memory limits are not enforced here: this machine gives this tool no cgroup (v2 or v1) it may make groups in for them, so untrusted builds and servers run without (docs/security.md, "Limits")',
    ]);
  });
});
