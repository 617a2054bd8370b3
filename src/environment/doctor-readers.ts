// The runner check's readers of the machine: /sys and /proc under a root ("/" here; a fake tree in
// the tests), the processes running, free disk. Nothing here throws for a value it cannot read:
// it becomes "unknown" with the reason.
import { existsSync, readdirSync, readFileSync, statfsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { errorMessage } from '../errors.js';
import {
  activeSwapKiB,
  type CpuFrequency,
  cpuJiffies,
  type FreeSpace,
  type Isolation,
  known,
  nohzFull,
  type ProcessSeen,
  type Reading,
  selectedWord,
  type Smt,
  type Swap,
  type TransparentHugePages,
  type Turbo,
  unknown,
} from './doctor-readings.js';
import type { Tunables } from './doctor-tuning.js';

/** Where /sys and /proc are: "/" on a machine, a fake tree in tests. */
export interface SysRoot {
  readonly root: string;
}

export function sysPath(root: SysRoot, relative: string): string {
  return join(root.root, relative);
}

/** A file's trimmed text, or why it cannot be read ("not present" for a missing file). */
export function readSys(root: SysRoot, relative: string): Reading<string> {
  const path = sysPath(root, relative);
  try {
    return known(readFileSync(path, 'utf8').trim());
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return unknown(
      code === 'ENOENT' ? `not present: ${path}` : `cannot read ${path}: ${errorMessage(error)}`,
    );
  }
}

function readNumber(root: SysRoot, relative: string): Reading<number> {
  const text = readSys(root, relative);
  if (!text.known) return text;
  const value = Number(text.value);
  return Number.isFinite(value) && text.value !== ''
    ? known(value)
    : unknown(`${relative} holds "${text.value}"`);
}

/** The online CPUs' numbers (cpu0, cpu1… under /sys/devices/system/cpu). */
export function cpuNumbers(root: SysRoot): number[] {
  const dir = sysPath(root, 'sys/devices/system/cpu');
  const names = existsSync(dir) ? readdirSync(dir) : [];
  return names
    .flatMap((name) => {
      const match = /^cpu(\d+)$/.exec(name);
      return match?.[1] === undefined ? [] : [Number(match[1])];
    })
    .sort((a, b) => a - b);
}

export function cpufreqFile(cpu: number, name: string): string {
  return `sys/devices/system/cpu/cpu${cpu}/cpufreq/${name}`;
}

function readCpuFrequency(root: SysRoot, cpu: number): Reading<CpuFrequency> {
  const governor = readSys(root, cpufreqFile(cpu, 'scaling_governor'));
  if (!governor.known) {
    return unknown(
      governor.reason.startsWith('not present')
        ? `not present: no cpufreq for cpu${cpu} (a VM, or a kernel without frequency scaling)`
        : governor.reason,
    );
  }
  const numbers = ['scaling_min_freq', 'scaling_max_freq', 'cpuinfo_min_freq', 'cpuinfo_max_freq'].map(
    (name) => readNumber(root, cpufreqFile(cpu, name)),
  );
  for (const reading of numbers) if (!reading.known) return reading;
  const [smin, smax, cmin, cmax] = numbers;
  if (!smin?.known || !smax?.known || !cmin?.known || !cmax?.known)
    return unknown('frequency limits unreadable');
  const available = readSys(root, cpufreqFile(cpu, 'scaling_available_governors'));
  return known({
    cpu,
    governor: governor.value,
    availableGovernors: available.known ? available.value.split(/\s+/) : [],
    scalingMinKHz: smin.value,
    scalingMaxKHz: smax.value,
    cpuinfoMinKHz: cmin.value,
    cpuinfoMaxKHz: cmax.value,
  });
}

export function readFrequency(root: SysRoot): Reading<readonly CpuFrequency[]> {
  const cpus = cpuNumbers(root);
  if (cpus.length === 0) return unknown('not present: no CPUs under /sys/devices/system/cpu');
  const readings = cpus.map((cpu) => readCpuFrequency(root, cpu));
  const values: CpuFrequency[] = [];
  for (const reading of readings) {
    if (!reading.known) return reading;
    values.push(reading.value);
  }
  return known(values);
}

export const NO_TURBO = 'sys/devices/system/cpu/intel_pstate/no_turbo';
export const BOOST = 'sys/devices/system/cpu/cpufreq/boost';

export function readTurbo(root: SysRoot): Reading<Turbo> {
  const noTurbo = readSys(root, NO_TURBO);
  if (noTurbo.known) return known({ driver: 'intel_pstate', enabled: noTurbo.value === '0' });
  const boost = readSys(root, BOOST);
  if (boost.known) return known({ driver: 'cpufreq', enabled: boost.value === '1' });
  return unknown('not present: neither intel_pstate/no_turbo nor cpufreq/boost');
}

export function readSmt(root: SysRoot): Reading<Smt> {
  const control = readSys(root, 'sys/devices/system/cpu/smt/control');
  const active = readSys(root, 'sys/devices/system/cpu/smt/active');
  if (!control.known) return control;
  if (!active.known) return active;
  return known({ control: control.value, active: active.value === '1' });
}

export const ASLR = 'proc/sys/kernel/randomize_va_space';
export const THP_ENABLED = 'sys/kernel/mm/transparent_hugepage/enabled';
export const THP_DEFRAG = 'sys/kernel/mm/transparent_hugepage/defrag';
export const SWAPPINESS = 'proc/sys/vm/swappiness';
export const PERF_PARANOID = 'proc/sys/kernel/perf_event_paranoid';

export function readAslr(root: SysRoot): Reading<number> {
  return readNumber(root, ASLR);
}

export function readThp(root: SysRoot): Reading<TransparentHugePages> {
  const enabled = readSys(root, THP_ENABLED);
  const defrag = readSys(root, THP_DEFRAG);
  if (!enabled.known) return enabled;
  if (!defrag.known) return defrag;
  return known({ enabled: selectedWord(enabled.value), defrag: selectedWord(defrag.value) });
}

export function readSwap(root: SysRoot): Reading<Swap> {
  const swappiness = readNumber(root, SWAPPINESS);
  if (!swappiness.known) return swappiness;
  const swaps = readSys(root, 'proc/swaps');
  return known({ swappiness: swappiness.value, activeSwapKiB: swaps.known ? activeSwapKiB(swaps.value) : 0 });
}

export function readIsolation(root: SysRoot): Reading<Isolation> {
  const isolated = readSys(root, 'sys/devices/system/cpu/isolated');
  if (!isolated.known) return isolated;
  const cmdline = readSys(root, 'proc/cmdline');
  return known({ isolated: isolated.value, nohzFull: cmdline.known ? nohzFull(cmdline.value) : null });
}

export function readPerfParanoid(root: SysRoot): Reading<number> {
  return readNumber(root, PERF_PARANOID);
}

/** /proc/stat's aggregate jiffies, for CPU steal over a window. */
export function readCpuJiffies(root: SysRoot): { total: number; steal: number } | undefined {
  const stat = readSys(root, 'proc/stat');
  return stat.known ? cpuJiffies(stat.value) : undefined;
}

/** Free bytes on the file system that holds `path` (its nearest existing parent when missing). */
export function readFreeSpace(path: string): Reading<FreeSpace> {
  const wanted = resolve(path);
  let measured = wanted;
  while (!existsSync(measured) && dirname(measured) !== measured) measured = dirname(measured);
  try {
    const stats = statfsSync(measured);
    return known({ path: wanted, measured, freeBytes: stats.bavail * stats.bsize });
  } catch (error) {
    return unknown(`cannot stat ${measured}: ${errorMessage(error)}`);
  }
}

interface ProcEntry {
  readonly pid: number;
  readonly ppid: number;
  readonly name: string;
  readonly cmdline: string;
}

function procEntries(root: SysRoot): Reading<ProcEntry[]> {
  const dir = sysPath(root, 'proc');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    return unknown(`cannot list ${dir}: ${errorMessage(error)}`);
  }
  const entries = names.flatMap((name): ProcEntry[] => {
    if (!/^\d+$/.test(name)) return [];
    try {
      const stat = readFileSync(join(dir, name, 'stat'), 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so split at the last ")".
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      const cmdline = readFileSync(join(dir, name, 'cmdline'), 'utf8')
        .replace(/\0/g, ' ')
        .trim();
      return [{ pid: Number(name), ppid, name: comm, cmdline }];
    } catch {
      return []; // the process ended while we looked
    }
  });
  return known(entries);
}

/** This process and its ancestors: a runner that started us is not "another". */
function lineage(entries: readonly ProcEntry[], self: number): Set<number> {
  const byPid = new Map(entries.map((entry) => [entry.pid, entry]));
  const seen = new Set<number>();
  for (let pid: number | undefined = self; pid !== undefined && pid > 0 && !seen.has(pid);) {
    seen.add(pid);
    pid = byPid.get(pid)?.ppid;
  }
  return seen;
}

/** Descendants of this process: servers it started are not "another database". */
function descendants(entries: readonly ProcEntry[], self: number): Set<number> {
  const found = new Set<number>([self]);
  for (let grew = true; grew;) {
    grew = false;
    for (const entry of entries) {
      if (!found.has(entry.pid) && found.has(entry.ppid)) {
        found.add(entry.pid);
        grew = true;
      }
    }
  }
  return found;
}

const RUNNER = /^Runner\.(Listener|Worker)$/;
const DATABASES =
  /^(mysqld|mariadbd|mysqld_safe|mariadbd-safe|postgres|postmaster|mongod|redis-server|memcached|clickhouse(-server)?)$/;

export interface Neighbours {
  readonly runners: Reading<ProcessSeen[]>;
  readonly databases: Reading<ProcessSeen[]>;
  readonly irqbalance: Reading<boolean>;
}

/** Other runners and databases on the box (not ours), and whether irqbalance runs. */
export function readNeighbours(root: SysRoot, self: number = process.pid): Neighbours {
  const entries = procEntries(root);
  if (!entries.known) return { runners: entries, databases: entries, irqbalance: entries };
  const ours = lineage(entries.value, self);
  const started = descendants(entries.value, self);
  const seen = (entry: ProcEntry): ProcessSeen => ({ pid: entry.pid, name: entry.name });
  const runnerName = (entry: ProcEntry): boolean =>
    RUNNER.test(entry.name) || /(^|\/)Runner\.(Listener|Worker)(\s|$)/.test(entry.cmdline);
  return {
    runners: known(entries.value.filter((entry) => runnerName(entry) && !ours.has(entry.pid)).map(seen)),
    databases: known(
      entries.value.filter((entry) => DATABASES.test(entry.name) && !started.has(entry.pid)).map(seen),
    ),
    irqbalance: known(entries.value.some((entry) => entry.name === 'irqbalance')),
  };
}

/** The settings --tune may change, as they are now. */
export function readTunables(root: SysRoot): Tunables {
  return {
    frequency: readFrequency(root),
    turbo: readTurbo(root),
    aslr: readAslr(root),
    thp: readThp(root),
    swap: readSwap(root),
    perfParanoid: readPerfParanoid(root),
  };
}
