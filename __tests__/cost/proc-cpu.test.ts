// parseProcStat against real /proc/<pid>/stat lines (see __fixtures__/perf/README.md), including a
// command name with a space and a ')' in it, and cpuDelta's arithmetic and sanity check.
import { readFileSync } from 'node:fs';

import { cpuDelta, parseProcStat } from '../../src/cost/proc-cpu.js';
import { BenchmarkError } from '../../src/errors.js';
import { thrownBy } from '../helpers/errors.js';

function fixture(name: string): string {
  return readFileSync(new URL(`../../__fixtures__/perf/${name}`, import.meta.url), 'utf8');
}

describe('parseProcStat', () => {
  it('reads state, utime and stime of a real line', () => {
    expect(parseProcStat(fixture('proc-stat-busy-sh.txt'), 'busy sh')).toEqual({
      state: 'S',
      utimeTicks: 39,
      stimeTicks: 0,
    });
  });

  it('counts fields after the last ")" when the command name contains ") "', () => {
    const text = fixture('proc-stat-comm-with-paren.txt');
    expect(text).toContain('(a) b) S ');
    expect(parseProcStat(text, 'renamed sh')).toEqual({ state: 'S', utimeTicks: 0, stimeTicks: 0 });
  });

  it('handles crafted names with spaces, parentheses and digits', () => {
    // 52 fields as in Linux 6.x; utime (14) = 1234, stime (15) = 56.
    const rest = 'R 1 1 1 0 -1 4194304 10 0 0 0 1234 56 0 0 20 0 1 0 100 1000 10 ' + '0 '.repeat(30);
    expect(parseProcStat(`42 (x) 7 8 (y)) ${rest}`, 'crafted')).toEqual({
      state: 'R',
      utimeTicks: 1234,
      stimeTicks: 56,
    });
    expect(parseProcStat(`42 ()) ${rest}\n`, 'crafted').utimeTicks).toBe(1234);
  });

  it('rejects text that is not a stat line, naming the source', () => {
    expect(thrownBy(BenchmarkError, () => parseProcStat('', '/proc/1/stat')).message).toMatch(
      /^\/proc\/1\/stat is not a \/proc\/<pid>\/stat line/,
    );
    expect(thrownBy(BenchmarkError, () => parseProcStat('1 (init) S 0 1', 'short')).message).toMatch(
      /short has too few fields/,
    );
    const bad = fixture('proc-stat-busy-sh.txt').replace(' 39 0 0 0 ', ' x9 0 0 0 ');
    expect(thrownBy(BenchmarkError, () => parseProcStat(bad, 'damaged')).message).toMatch(
      /damaged has a non-numeric utime field "x9"/,
    );
  });
});

describe('cpuDelta', () => {
  it('subtracts user and system time', () => {
    const delta = cpuDelta(
      { userSeconds: 1.5, systemSeconds: 0.25 },
      { userSeconds: 4, systemSeconds: 0.75 },
    );
    expect(delta.userSeconds).toBeCloseTo(2.5, 9);
    expect(delta.systemSeconds).toBeCloseTo(0.5, 9);
  });

  it('refuses times that went backwards (another process behind the same pid)', () => {
    const message = thrownBy(BenchmarkError, () =>
      cpuDelta({ userSeconds: 10, systemSeconds: 1 }, { userSeconds: 0.5, systemSeconds: 1 }),
    ).message;
    expect(message).toMatch(/CPU time went backwards/);
    expect(message).toMatch(/not of the same process/);
  });
});
