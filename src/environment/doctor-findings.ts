// The runner check's judgement of each reading: its status, what it costs a measurement, and the
// command that fixes it. One place decides every status and weight; doctor-grade.ts adds them up.
// Pure: tested with tables of readings.
//
// The judgements follow pyperf's `system show`/`system tune` where they apply to a database
// server: a fixed frequency (governor performance, turbo off), full ASLR (pyperf wants it on: a
// layout fixed by turning it off is one sample that every run repeats, so a lucky or unlucky
// layout passes for a difference; with it on, each server start draws a layout and the
// repetitions average them), irqbalance stopped, isolated CPUs where there are CPUs to spare.
import { formatGiB, plural } from '../format.js';
import type { Finding, FindingStatus } from './doctor-schema.js';
import type { CpuFrequency, MachineReadings } from './doctor-readings.js';
import { type Item, type Judged, NEIGHBOUR_AND_TOOL_ITEMS, notRead, STEAL_PERCENT } from './doctor-items.js';
import { bothSpellings } from '../option-names.js';

function summarize(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => `${value} on ${plural(count, 'CPU', 'CPUs')}`).join(', ');
}

function governor(cpus: readonly CpuFrequency[]): Judged {
  const value = summarize(cpus.map((cpu) => cpu.governor));
  if (cpus.every((cpu) => cpu.governor === 'performance')) return { value, status: 'ok' };
  const canPerform = cpus.every((cpu) => cpu.availableGovernors.includes('performance'));
  return {
    value,
    status: 'bad',
    cost: 'the clock follows the load, so wall-clock results move by several % with what ran just before',
    fix: canPerform
      ? 'cpupower frequency-set -g performance'
      : 'choose a fixed-frequency governor in the firmware or driver',
  };
}

const mhz = (kHz: number): string => `${Math.round(kHz / 1000)} MHz`;

function frequencyLimits(cpus: readonly CpuFrequency[]): Judged {
  const capped = cpus.filter((cpu) => cpu.scalingMaxKHz < cpu.cpuinfoMaxKHz);
  const floating = cpus.filter((cpu) => cpu.scalingMinKHz < cpu.scalingMaxKHz);
  const first = cpus[0];
  const range =
    first === undefined
      ? ''
      : `${mhz(first.scalingMinKHz)}–${mhz(first.scalingMaxKHz)} of ${mhz(first.cpuinfoMinKHz)}–${mhz(first.cpuinfoMaxKHz)}`;
  if (capped.length > 0) {
    return {
      value: `${range}; capped below the hardware maximum on ${plural(capped.length, 'CPU', 'CPUs')}`,
      status: 'bad',
      cost: 'a lowered ceiling (a power profile, thermal policy) slows runs unevenly between machines and days',
      fix: 'cpupower frequency-set --min <cpuinfo_max> --max <cpuinfo_max>',
    };
  }
  if (floating.length > 0) {
    return {
      value: `${range}; the minimum is below the maximum`,
      status: 'warn',
      cost: 'the frequency may drop between repetitions while the governor lets it',
      fix: 'cpupower frequency-set --min <cpuinfo_max> --max <cpuinfo_max>',
    };
  }
  return { value: `${range}; fixed at the maximum`, status: 'ok' };
}

const ITEMS: readonly Item[] = [
  {
    id: 'governor',
    name: 'CPU governor',
    weight: 15,
    tunable: true,
    judge: (r) => notRead(r.frequency, governor),
  },
  {
    id: 'frequency-limits',
    name: 'CPU frequency limits',
    weight: 10,
    tunable: true,
    judge: (r) => notRead(r.frequency, frequencyLimits),
  },
  {
    id: 'turbo',
    name: 'turbo boost',
    weight: 10,
    tunable: true,
    judge: (r) =>
      notRead(r.turbo, (turbo) =>
        turbo.enabled
          ? {
              value: `on (${turbo.driver})`,
              status: 'bad',
              cost: 'the clock depends on temperature and on the other cores’ load: several % between repetitions',
              fix:
                turbo.driver === 'intel_pstate'
                  ? 'echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo'
                  : 'echo 0 > /sys/devices/system/cpu/cpufreq/boost',
            }
          : { value: `off (${turbo.driver})`, status: 'ok' },
      ),
  },
  {
    id: 'smt',
    name: 'SMT (hyper-threading)',
    weight: 8,
    tunable: false,
    judge: (r) =>
      notRead(r.smt, (smt) =>
        smt.active
          ? {
              value: `active (control ${smt.control})`,
              status: 'warn',
              cost: 'sibling threads share a core’s caches and units: whatever runs on the sibling slows the server',
              fix: 'echo off > /sys/devices/system/cpu/smt/control (or boot with nosmt)',
            }
          : { value: `inactive (control ${smt.control})`, status: 'ok' },
      ),
  },
  {
    id: 'aslr',
    name: 'ASLR',
    weight: 4,
    tunable: true,
    judge: (r) =>
      notRead(r.aslr, (value) =>
        value === 2
          ? { value: '2 (full randomization)', status: 'ok' }
          : {
              value: `${value} (${value === 0 ? 'off' : 'partial'})`,
              status: 'warn',
              cost: 'one fixed memory layout is repeated by every run, so its luck passes for a difference',
              fix: 'echo 2 > /proc/sys/kernel/randomize_va_space',
            },
      ),
  },
  {
    id: 'transparent-huge-pages',
    name: 'transparent huge pages',
    weight: 6,
    tunable: true,
    judge: (r) =>
      notRead(r.thp, (thp) => {
        const value = `enabled ${thp.enabled}, defrag ${thp.defrag}`;
        if (thp.enabled !== 'always' && thp.defrag !== 'always') return { value, status: 'ok' };
        return {
          value,
          status: 'warn',
          cost: 'khugepaged and compaction stalls land in some repetitions and not others',
          fix: 'echo madvise > /sys/kernel/mm/transparent_hugepage/enabled; echo madvise > /sys/kernel/mm/transparent_hugepage/defrag',
        };
      }),
  },
  {
    id: 'swap',
    name: 'swap',
    weight: 6,
    tunable: true,
    judge: (r) =>
      notRead(r.swap, (swap) => {
        const value = `swappiness ${swap.swappiness}, ${swap.activeSwapKiB === 0 ? 'no swap active' : `${formatGiB(swap.activeSwapKiB * 1024)} of swap active`}`;
        if (swap.swappiness <= 10 || swap.activeSwapKiB === 0) return { value, status: 'ok' };
        return {
          value,
          status: 'warn',
          cost: 'the buffer pool may be swapped out under memory pressure, and reads then wait on disk',
          fix: 'sysctl vm.swappiness=10',
        };
      }),
  },
  {
    id: 'isolated-cpus',
    name: 'isolated CPUs',
    weight: 6,
    tunable: false,
    judge: (r) =>
      notRead(r.isolation, (isolation) => {
        const value = `isolated: ${isolation.isolated === '' ? 'none' : isolation.isolated}; nohz_full: ${isolation.nohzFull ?? 'none'}`;
        if (isolation.isolated !== '' || r.logicalCores < 4) return { value, status: 'ok' };
        return {
          value,
          status: 'warn',
          cost: 'the kernel schedules other work on the measured CPUs',
          fix: `boot with isolcpus=<cpus> nohz_full=<cpus> and run with pinning on (${bothSpellings('pin')}: on)`,
        };
      }),
  },
  {
    id: 'irqbalance',
    name: 'irqbalance',
    weight: 4,
    tunable: false,
    judge: (r) =>
      notRead(r.irqbalance, (running) =>
        running
          ? {
              value: 'running',
              status: 'warn',
              cost: 'interrupts move between CPUs during a run, onto the measured ones at times',
              fix: 'systemctl stop irqbalance',
            }
          : { value: 'not running', status: 'ok' },
      ),
  },
  {
    id: 'cpu-steal',
    name: 'CPU steal',
    weight: 20,
    tunable: false,
    judge: (r) =>
      notRead(r.steal, (steal) => {
        const value = `${steal.percent.toFixed(2)}% over ${steal.seconds.toFixed(0)} s`;
        if (steal.percent < STEAL_PERCENT.warn) return { value, status: 'ok' };
        return {
          value,
          status: steal.percent < STEAL_PERCENT.bad ? 'warn' : 'bad',
          cost: 'the hypervisor gives the CPU to other guests: time-based results move with their load',
          fix: 'use a dedicated (bare-metal or dedicated-host) machine',
        };
      }),
  },
  ...NEIGHBOUR_AND_TOOL_ITEMS,
];

/** The points a status takes off the score, given the item's weight. */
export function penaltyOf(status: FindingStatus, weight: number): number {
  switch (status) {
    case 'bad':
      return weight;
    case 'warn':
      return Math.ceil(weight / 2);
    case 'ok':
    case 'unknown':
      return 0;
  }
}

export function finding(item: Omit<Item, 'judge'>, judged: Judged): Finding {
  const quiet = judged.status === 'ok' || judged.status === 'unknown';
  return {
    id: item.id,
    name: item.name,
    value: judged.value,
    status: judged.status,
    cost: quiet ? '' : (judged.cost ?? ''),
    fix: quiet ? null : (judged.fix ?? null),
    tunable: item.tunable,
    penalty: penaltyOf(judged.status, item.weight),
  };
}

/** Every machine item, judged, in the order printed. */
export function machineFindings(readings: MachineReadings): Finding[] {
  return ITEMS.map((item) => finding(item, item.judge(readings)));
}

/** The ids of every machine item, in order (the documentation lists them). */
export const MACHINE_ITEM_IDS: readonly string[] = ITEMS.map((item) => item.id);
