// What the runner check reads from the machine, as values: each item known, or unknown with the
// reason (a virtual machine without cpufreq, a file the kernel does not have). Pure types and the
// parsers of the kernel's text formats.

export type Reading<T> =
  { readonly known: true; readonly value: T } | { readonly known: false; readonly reason: string };

export function known<T>(value: T): Reading<T> {
  return { known: true, value };
}

export function unknown<T>(reason: string): Reading<T> {
  return { known: false, reason };
}

export interface CpuFrequency {
  readonly cpu: number;
  readonly governor: string;
  readonly availableGovernors: readonly string[];
  readonly scalingMinKHz: number;
  readonly scalingMaxKHz: number;
  readonly cpuinfoMinKHz: number;
  readonly cpuinfoMaxKHz: number;
}

export interface Turbo {
  /** intel_pstate's no_turbo, or cpufreq's boost (acpi-cpufreq, amd-pstate). */
  readonly driver: 'intel_pstate' | 'cpufreq';
  readonly enabled: boolean;
}

export interface Smt {
  /** on, off, forceoff, notsupported, notimplemented. */
  readonly control: string;
  readonly active: boolean;
}

export interface TransparentHugePages {
  readonly enabled: string;
  readonly defrag: string;
}

export interface Swap {
  readonly swappiness: number;
  readonly activeSwapKiB: number;
}

export interface Isolation {
  /** The kernel's CPU list, "" when none. */
  readonly isolated: string;
  /** nohz_full= from the kernel command line; null when not given. */
  readonly nohzFull: string | null;
}

export interface Steal {
  readonly percent: number;
  readonly seconds: number;
}

export interface ProcessSeen {
  readonly pid: number;
  readonly name: string;
}

export interface FreeSpace {
  readonly path: string;
  /** The existing directory measured: `path` or its nearest existing parent. */
  readonly measured: string;
  readonly freeBytes: number;
}

export interface Tool {
  /** The version line, or what it is ("bwrap can make its namespaces"). */
  readonly detail: string;
}

export interface PerfCounters {
  /** Whether perf stat counts the instructions event here. */
  readonly available: boolean;
  /** The perf version, or why instructions cannot be counted. */
  readonly detail: string;
}

export interface MachineReadings {
  readonly logicalCores: number;
  readonly frequency: Reading<readonly CpuFrequency[]>;
  readonly turbo: Reading<Turbo>;
  readonly smt: Reading<Smt>;
  readonly aslr: Reading<number>;
  readonly thp: Reading<TransparentHugePages>;
  readonly swap: Reading<Swap>;
  readonly isolation: Reading<Isolation>;
  readonly irqbalance: Reading<boolean>;
  readonly steal: Reading<Steal>;
  readonly otherRunners: Reading<readonly ProcessSeen[]>;
  readonly otherDatabases: Reading<readonly ProcessSeen[]>;
  readonly buildDisk: Reading<FreeSpace>;
  readonly workDisk: Reading<FreeSpace>;
  readonly perfParanoid: Reading<number>;
  readonly perfCounters: Reading<PerfCounters>;
  readonly valgrind: Reading<Tool>;
  readonly sysbench: Reading<Tool>;
  readonly compilers: Reading<readonly string[]>;
  readonly bubblewrap: Reading<Tool>;
  /** Whether the check runs as root (CPU steal and perf's paranoia weigh differently). */
  readonly root: boolean;
}

/** "always [madvise] never" → "madvise"; a file without brackets → its text. */
export function selectedWord(text: string): string {
  const match = /\[([^\]]+)\]/.exec(text);
  return (match?.[1] ?? text).trim();
}

/** /proc/swaps → the KiB of swap in use areas' sizes (every area listed is active). */
export function activeSwapKiB(text: string): number {
  return text
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 3)
    .reduce((sum, fields) => sum + (Number(fields[2]) || 0), 0);
}

/** nohz_full=LIST from /proc/cmdline; null when absent. */
export function nohzFull(cmdline: string): string | null {
  const match = /(?:^|\s)nohz_full=(\S+)/.exec(cmdline);
  return match?.[1] ?? null;
}

/** The aggregate `cpu` line of /proc/stat: [total jiffies, steal jiffies]. */
export function cpuJiffies(stat: string): { total: number; steal: number } | undefined {
  const line = stat.split('\n').find((candidate) => /^cpu\s/.test(candidate));
  if (line === undefined) return undefined;
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  if (fields.length < 8 || fields.some((field) => !Number.isFinite(field))) return undefined;
  // user nice system idle iowait irq softirq steal [guest guest_nice]: guest time is already
  // counted in user and nice, so it is left out of the total.
  const total = fields.slice(0, 8).reduce((sum, field) => sum + field, 0);
  return { total, steal: fields[7] ?? 0 };
}

/** Steal as a percentage of the CPU time between two /proc/stat readings. */
export function stealPercent(
  before: { total: number; steal: number },
  after: { total: number; steal: number },
): number {
  const total = after.total - before.total;
  return total <= 0 ? 0 : (100 * (after.steal - before.steal)) / total;
}
