import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';

import {
  readAslr,
  readFreeSpace,
  readFrequency,
  readIsolation,
  readNeighbours,
  readSmt,
  readSwap,
  readThp,
  readTurbo,
} from '../../src/environment/doctor-readers.js';
import {
  activeSwapKiB,
  cpuJiffies,
  nohzFull,
  selectedWord,
  stealPercent,
} from '../../src/environment/doctor-readings.js';

let root = '';
const sys = () => ({ root });

function put(relative: string, text: string): void {
  const path = join(root, relative);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function cpu(n: number, governor: string): void {
  const dir = `sys/devices/system/cpu/cpu${n}/cpufreq`;
  put(`${dir}/scaling_governor`, `${governor}\n`);
  put(`${dir}/scaling_available_governors`, 'performance powersave\n');
  put(`${dir}/scaling_min_freq`, '800000\n');
  put(`${dir}/scaling_max_freq`, '3000000\n');
  put(`${dir}/cpuinfo_min_freq`, '800000\n');
  put(`${dir}/cpuinfo_max_freq`, '3500000\n');
}

function proc(pid: number, ppid: number, comm: string, cmdline = comm): void {
  put(`proc/${pid}/stat`, `${pid} (${comm}) S ${ppid} 1 1 0 -1\n`);
  put(`proc/${pid}/cmdline`, `${cmdline.split(' ').join('\0')}\0`);
}

beforeEach(() => {
  root = mkdtempSync(join(os.tmpdir(), 'doctor-sys-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('the readers on a fake tree', () => {
  it('reads every CPU’s governor and limits', () => {
    cpu(0, 'powersave');
    cpu(1, 'performance');
    put('sys/devices/system/cpu/online', '0-1\n');
    const frequency = readFrequency(sys());
    expect(
      frequency.known && frequency.value.map((c) => [c.cpu, c.governor, c.scalingMaxKHz, c.cpuinfoMaxKHz]),
    ).toEqual([
      [0, 'powersave', 3_000_000, 3_500_000],
      [1, 'performance', 3_000_000, 3_500_000],
    ]);
  });

  it('says "not present" for what the machine lacks, never throws', () => {
    mkdirSync(join(root, 'sys/devices/system/cpu/cpu0'), { recursive: true });
    expect(readFrequency(sys())).toEqual({
      known: false,
      reason: 'not present: no cpufreq for cpu0 (a VM, or a kernel without frequency scaling)',
    });
    const turbo = readTurbo(sys());
    expect(!turbo.known && turbo.reason).toMatch(/^not present/);
    expect(readSmt(sys()).known).toBe(false);
    const aslr = readAslr(sys());
    expect(!aslr.known && aslr.reason).toMatch(/^not present: .*randomize_va_space$/);
    expect(readThp(sys()).known).toBe(false);
    expect(readSwap(sys()).known).toBe(false);
    expect(readIsolation(sys()).known).toBe(false);
  });

  it('reads turbo from intel_pstate, else from cpufreq/boost', () => {
    put('sys/devices/system/cpu/cpufreq/boost', '1\n');
    expect(readTurbo(sys())).toEqual({ known: true, value: { driver: 'cpufreq', enabled: true } });
    put('sys/devices/system/cpu/intel_pstate/no_turbo', '1\n');
    expect(readTurbo(sys())).toEqual({ known: true, value: { driver: 'intel_pstate', enabled: false } });
  });

  it('reads THP’s selected words, swap and isolation', () => {
    put('sys/kernel/mm/transparent_hugepage/enabled', '[always] madvise never\n');
    put('sys/kernel/mm/transparent_hugepage/defrag', 'always defer defer+madvise [madvise] never\n');
    put('proc/sys/vm/swappiness', '60\n');
    put('proc/swaps', 'Filename\tType\tSize\tUsed\tPriority\n/swapfile file 1048572 0 -2\n');
    put('sys/devices/system/cpu/isolated', '2-3\n');
    put('proc/cmdline', 'quiet isolcpus=2-3 nohz_full=2-3\n');
    expect(readThp(sys())).toEqual({ known: true, value: { enabled: 'always', defrag: 'madvise' } });
    expect(readSwap(sys())).toEqual({ known: true, value: { swappiness: 60, activeSwapKiB: 1048572 } });
    expect(readIsolation(sys())).toEqual({ known: true, value: { isolated: '2-3', nohzFull: '2-3' } });
  });

  it('names other runners and databases, not our own ancestors or children', () => {
    proc(1, 0, 'systemd');
    proc(100, 1, 'Runner.Listener', '/home/r/bin/Runner.Listener run');
    proc(101, 100, 'Runner.Worker', '/home/r/bin/Runner.Worker spawnclient 1 2');
    proc(102, 101, 'node', 'node dist/index.js');
    proc(103, 102, 'mariadbd', 'mariadbd --datadir=/tmp/x');
    proc(200, 1, 'Runner.Listener', '/home/s/bin/Runner.Listener run');
    proc(300, 1, 'postgres', '/usr/lib/postgresql/15/bin/postgres');
    proc(400, 1, 'irqbalance', '/usr/sbin/irqbalance --foreground');
    const seen = readNeighbours(sys(), 102);
    expect(seen.runners).toEqual({ known: true, value: [{ pid: 200, name: 'Runner.Listener' }] });
    expect(seen.databases).toEqual({ known: true, value: [{ pid: 300, name: 'postgres' }] });
    expect(seen.irqbalance).toEqual({ known: true, value: true });
  });

  it('measures free space on the nearest existing parent of a missing directory', () => {
    const space = readFreeSpace(join(root, 'not/yet/made'));
    expect(space).toMatchObject({ known: true, value: { measured: root } });
    expect(space.known && space.value.freeBytes).toBeGreaterThan(0);
  });
});

describe('the kernel’s text formats', () => {
  it.each([
    ['always [madvise] never', 'madvise'],
    ['[never]', 'never'],
    ['performance', 'performance'],
  ])('selectedWord(%s) is %s', (text, word) => {
    expect(selectedWord(text)).toBe(word);
  });

  it('adds up active swap areas, and reads nohz_full', () => {
    expect(activeSwapKiB('Filename Type Size Used Priority\n')).toBe(0);
    expect(activeSwapKiB('Filename Type Size Used Priority\n/a partition 100 0 -2\n/b file 50 0 -3\n')).toBe(
      150,
    );
    expect(nohzFull('quiet nohz_full=1-3 x')).toBe('1-3');
    expect(nohzFull('quiet')).toBeNull();
  });

  it('computes steal between two /proc/stat readings, leaving guest time out', () => {
    const before = cpuJiffies('cpu  100 0 50 800 10 0 5 5 40 0\ncpu0 1 2 3');
    const after = cpuJiffies('cpu  200 0 100 1600 20 0 10 30 90 0\n');
    expect(before).toEqual({ total: 970, steal: 5 });
    if (!before || !after) throw new Error('unparsed');
    expect(stealPercent(before, after)).toBeCloseTo((100 * 25) / (1960 - 970), 6);
    expect(cpuJiffies('intr 1 2')).toBeUndefined();
  });
});
