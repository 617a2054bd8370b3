// What `doctor --tune` writes, decided from the readings: only settings that a file holds and that
// writing the old value back restores exactly. Pure.
//
// Tuned: the governor (performance), the frequency limits (min = max = the hardware maximum, as
// pyperf does), turbo off, ASLR full (2), transparent huge pages from always to madvise (the
// server asks for none, so neither khugepaged nor compaction touches it), swappiness 10, and
// perf_event_paranoid down to 2 where it is stricter (perf counting the server for a non-root
// runner). Not tuned: SMT (turning it off takes CPUs away from every running process), isolated
// CPUs and nohz_full (boot parameters), irqbalance (a service: stopping it leaves every interrupt
// where it happens to be, on one CPU on many machines, so that is the owner's call).
import type { CpuFrequency, MachineReadings } from './doctor-readings.js';

export interface TuneStep {
  /** Relative to the sys/proc root ("proc/sys/vm/swappiness"). */
  readonly file: string;
  /** What it holds now, as written back by --reset. */
  readonly from: string;
  readonly to: string;
  /** The finding it fixes. */
  readonly finding: string;
}

const cpufreq = (cpu: number, name: string): string => `sys/devices/system/cpu/cpu${cpu}/cpufreq/${name}`;

export const LOW_SWAPPINESS = 10;

function frequencySteps(cpus: readonly CpuFrequency[]): TuneStep[] {
  return cpus.flatMap((cpu) => {
    const steps: TuneStep[] = [];
    if (cpu.governor !== 'performance' && cpu.availableGovernors.includes('performance')) {
      steps.push({
        file: cpufreq(cpu.cpu, 'scaling_governor'),
        from: cpu.governor,
        to: 'performance',
        finding: 'governor',
      });
    }
    // The maximum first: the kernel refuses a minimum above the current maximum.
    if (cpu.scalingMaxKHz !== cpu.cpuinfoMaxKHz) {
      steps.push({
        file: cpufreq(cpu.cpu, 'scaling_max_freq'),
        from: String(cpu.scalingMaxKHz),
        to: String(cpu.cpuinfoMaxKHz),
        finding: 'frequency-limits',
      });
    }
    if (cpu.scalingMinKHz !== cpu.cpuinfoMaxKHz) {
      steps.push({
        file: cpufreq(cpu.cpu, 'scaling_min_freq'),
        from: String(cpu.scalingMinKHz),
        to: String(cpu.cpuinfoMaxKHz),
        finding: 'frequency-limits',
      });
    }
    return steps;
  });
}

export type Tunables = Pick<
  MachineReadings,
  'frequency' | 'turbo' | 'aslr' | 'thp' | 'swap' | 'perfParanoid'
>;

/** Every write --tune makes, in order (--reset undoes them in the reverse order). */
export function tuningSteps(readings: Tunables): TuneStep[] {
  const steps: TuneStep[] = readings.frequency.known ? frequencySteps(readings.frequency.value) : [];
  const { turbo, aslr, thp, swap, perfParanoid } = readings;
  if (turbo.known && turbo.value.enabled) {
    steps.push(
      turbo.value.driver === 'intel_pstate'
        ? { file: 'sys/devices/system/cpu/intel_pstate/no_turbo', from: '0', to: '1', finding: 'turbo' }
        : { file: 'sys/devices/system/cpu/cpufreq/boost', from: '1', to: '0', finding: 'turbo' },
    );
  }
  if (aslr.known && aslr.value !== 2) {
    steps.push({
      file: 'proc/sys/kernel/randomize_va_space',
      from: String(aslr.value),
      to: '2',
      finding: 'aslr',
    });
  }
  if (thp.known) {
    for (const [name, value] of [
      ['enabled', thp.value.enabled],
      ['defrag', thp.value.defrag],
    ] as const) {
      if (value === 'always') {
        steps.push({
          file: `sys/kernel/mm/transparent_hugepage/${name}`,
          from: value,
          to: 'madvise',
          finding: 'transparent-huge-pages',
        });
      }
    }
  }
  if (swap.known && swap.value.swappiness > LOW_SWAPPINESS) {
    steps.push({
      file: 'proc/sys/vm/swappiness',
      from: String(swap.value.swappiness),
      to: String(LOW_SWAPPINESS),
      finding: 'swap',
    });
  }
  if (perfParanoid.known && perfParanoid.value > 2) {
    steps.push({
      file: 'proc/sys/kernel/perf_event_paranoid',
      from: String(perfParanoid.value),
      to: '2',
      finding: 'perf-event-paranoid',
    });
  }
  return steps;
}
