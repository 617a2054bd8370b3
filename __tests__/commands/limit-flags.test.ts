// --max-processes and --max-memory (inputs "max-processes", "max-memory"): read, checked, and
// their defaults filled in; errors name what the user wrote.
import { buildLimits, serverLimits } from '../../src/commands/limit-flags.js';
import { actionSpelling, cliSpelling } from '../../src/commands/spelling.js';
import { defaultMemoryBytes } from '../../src/shell/limits.js';
import { loadSuite } from '../../src/suite/load-suite.js';
import { suiteCells } from '../../src/suite/suite-schema.js';

describe('the limit flags', () => {
  it("default to 4096 processes for a build and three quarters of the machine's memory", () => {
    expect(buildLimits({}, cliSpelling)).toEqual({
      processes: 4096,
      memoryBytes: defaultMemoryBytes(),
      labels: { processes: '--max-processes', memory: '--max-memory' },
    });
  });

  it("give a server 512 + 2 × the suite's most threads by default", () => {
    const quick = loadSuite('quick', '--suite');
    const most = Math.max(...suiteCells(quick).map((cell) => cell.threads));
    expect(most).toBeGreaterThan(1);
    expect(serverLimits({}, cliSpelling, quick).processes).toBe(512 + 2 * most);
  });

  it('take what is given', () => {
    expect(buildLimits({ maxProcesses: '64', maxMemory: '128M' }, actionSpelling)).toEqual({
      processes: 64,
      memoryBytes: 128 * 2 ** 20,
      labels: { processes: 'input "max-processes"', memory: 'input "max-memory"' },
    });
  });

  it('refuse a bad value in one line that names the flag or input', () => {
    expect(() => buildLimits({ maxProcesses: 'lots' }, cliSpelling)).toThrow(
      '--max-processes lots: expected a whole number ≥ 1 (the most processes and threads at once)',
    );
    expect(() => buildLimits({ maxProcesses: '0' }, actionSpelling)).toThrow(/^input "max-processes" 0: /);
    expect(() => buildLimits({ maxMemory: 'a lot' }, actionSpelling)).toThrow(
      'input "max-memory" a lot: expected a size such as 20G or 500M (K, M, G, T: powers of 1024)',
    );
  });
});
