import { machineFindings, MACHINE_ITEM_IDS, penaltyOf } from '../../src/environment/doctor-findings.js';
import { known, type MachineReadings, unknown } from '../../src/environment/doctor-readings.js';

const GiB = 2 ** 30;

/** A machine set up as the check wants it. */
const QUIET: MachineReadings = {
  logicalCores: 8,
  frequency: known(
    [0, 1].map((cpu) => ({
      cpu,
      governor: 'performance',
      availableGovernors: ['performance', 'powersave'],
      scalingMinKHz: 3_000_000,
      scalingMaxKHz: 3_000_000,
      cpuinfoMinKHz: 800_000,
      cpuinfoMaxKHz: 3_000_000,
    })),
  ),
  turbo: known({ driver: 'intel_pstate', enabled: false }),
  smt: known({ control: 'off', active: false }),
  aslr: known(2),
  thp: known({ enabled: 'madvise', defrag: 'madvise' }),
  swap: known({ swappiness: 10, activeSwapKiB: 1024 }),
  isolation: known({ isolated: '2-7', nohzFull: '2-7' }),
  irqbalance: known(false),
  steal: known({ percent: 0.1, seconds: 30 }),
  otherRunners: known([]),
  otherDatabases: known([]),
  buildDisk: known({ path: '/b', measured: '/b', freeBytes: 100 * GiB }),
  workDisk: known({ path: '/w', measured: '/', freeBytes: 100 * GiB }),
  perfParanoid: known(2),
  perfCounters: known({ available: true, detail: 'perf 6.1' }),
  valgrind: known({ detail: 'valgrind 3.19.0' }),
  sysbench: known({ detail: 'sysbench 1.0.20' }),
  compilers: known(['gcc-12']),
  bubblewrap: known({ detail: 'bwrap can make its namespaces here' }),
  root: true,
};

function statusOf(readings: Partial<MachineReadings>, id: string): string {
  const found = machineFindings({ ...QUIET, ...readings }).find((item) => item.id === id);
  if (!found) throw new Error(`no finding ${id}`);
  return found.status;
}

const withCpu = (change: Record<string, unknown>) =>
  known([
    {
      cpu: 0,
      governor: 'performance',
      availableGovernors: ['performance'],
      scalingMinKHz: 3e6,
      scalingMaxKHz: 3e6,
      cpuinfoMinKHz: 8e5,
      cpuinfoMaxKHz: 3e6,
      ...change,
    },
  ]);

describe('machineFindings', () => {
  it('finds nothing to fix on a quiet machine, in the documented order', () => {
    const findings = machineFindings(QUIET);
    expect(findings.map((item) => item.id)).toEqual(MACHINE_ITEM_IDS);
    expect(findings.filter((item) => item.status !== 'ok')).toEqual([]);
    expect(findings.every((item) => item.penalty === 0 && item.fix === null && item.cost === '')).toBe(true);
  });

  it.each<[string, Partial<MachineReadings>, string]>([
    ['governor', { frequency: withCpu({ governor: 'powersave' }) }, 'bad'],
    ['governor', { frequency: unknown('not present: no cpufreq') }, 'unknown'],
    ['frequency-limits', { frequency: withCpu({ scalingMaxKHz: 2e6, scalingMinKHz: 2e6 }) }, 'bad'],
    ['frequency-limits', { frequency: withCpu({ scalingMinKHz: 8e5 }) }, 'warn'],
    ['turbo', { turbo: known({ driver: 'cpufreq', enabled: true }) }, 'bad'],
    ['turbo', { turbo: unknown('not present') }, 'unknown'],
    ['smt', { smt: known({ control: 'on', active: true }) }, 'warn'],
    ['aslr', { aslr: known(0) }, 'warn'],
    ['aslr', { aslr: known(1) }, 'warn'],
    ['transparent-huge-pages', { thp: known({ enabled: 'always', defrag: 'madvise' }) }, 'warn'],
    ['transparent-huge-pages', { thp: known({ enabled: 'never', defrag: 'always' }) }, 'warn'],
    ['transparent-huge-pages', { thp: known({ enabled: 'never', defrag: 'defer+madvise' }) }, 'ok'],
    ['swap', { swap: known({ swappiness: 60, activeSwapKiB: 1024 }) }, 'warn'],
    ['swap', { swap: known({ swappiness: 60, activeSwapKiB: 0 }) }, 'ok'],
    ['isolated-cpus', { isolation: known({ isolated: '', nohzFull: null }) }, 'warn'],
    ['isolated-cpus', { isolation: known({ isolated: '', nohzFull: null }), logicalCores: 2 }, 'ok'],
    ['irqbalance', { irqbalance: known(true) }, 'warn'],
    ['cpu-steal', { steal: known({ percent: 2, seconds: 30 }) }, 'warn'],
    ['cpu-steal', { steal: known({ percent: 7.5, seconds: 30 }) }, 'bad'],
    ['other-runner', { otherRunners: known([{ pid: 7, name: 'Runner.Worker' }]) }, 'bad'],
    ['other-database', { otherDatabases: known([{ pid: 8, name: 'postgres' }]) }, 'bad'],
    ['build-disk', { buildDisk: known({ path: '/b', measured: '/', freeBytes: 5 * GiB }) }, 'bad'],
    ['build-disk', { buildDisk: known({ path: '/b', measured: '/', freeBytes: 20 * GiB }) }, 'warn'],
    ['work-disk', { workDisk: known({ path: '/w', measured: '/w', freeBytes: 3 * GiB }) }, 'warn'],
    ['perf-event-paranoid', { perfParanoid: known(4), root: false }, 'warn'],
    ['perf-event-paranoid', { perfParanoid: known(4), root: true }, 'ok'],
    ['perf-counters', { perfCounters: known({ available: false, detail: 'no PMU' }) }, 'warn'],
    ['valgrind', { valgrind: unknown('valgrind: not found') }, 'bad'],
    ['sysbench', { sysbench: unknown('sysbench: not found') }, 'bad'],
    ['compilers', { compilers: known([]) }, 'warn'],
    ['bubblewrap', { bubblewrap: unknown('bwrap: not found') }, 'bad'],
  ])('%s is judged from %j as %s', (id, readings, status) => {
    expect(statusOf(readings, id)).toBe(status);
  });

  it('says what a bad value costs and how to fix it, and an unknown one why', () => {
    const findings = machineFindings({
      ...QUIET,
      frequency: withCpu({ governor: 'powersave' }),
      turbo: unknown('not present: neither intel_pstate/no_turbo nor cpufreq/boost'),
    });
    const governor = findings.find((item) => item.id === 'governor');
    expect(governor).toMatchObject({
      value: 'powersave on 1 CPU',
      fix: 'cpupower frequency-set -g performance',
      tunable: true,
      penalty: 15,
    });
    expect(governor?.cost).toMatch(/several %/);
    expect(findings.find((item) => item.id === 'turbo')).toMatchObject({
      status: 'unknown',
      value: 'unknown (not present: neither intel_pstate/no_turbo nor cpufreq/boost)',
      fix: null,
      penalty: 0,
    });
  });

  it.each([
    ['bad', 10, 10],
    ['warn', 10, 5],
    ['warn', 15, 8],
    ['ok', 10, 0],
    ['unknown', 10, 0],
  ] as const)('a %s finding of weight %d costs %d points', (status, weight, points) => {
    expect(penaltyOf(status, weight)).toBe(points);
  });
});
