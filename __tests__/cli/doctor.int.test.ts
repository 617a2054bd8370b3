// `mysql-perf-gate doctor` through the CLI's main() on this machine: every item named with its
// value, the noise measured with Debian's mariadbd (nothing left behind), the JSON valid against
// docs/doctor.schema.json; and --tune then --reset on the real /sys and /proc (as root), every
// file it touched read back as it was.
import { jest } from '@jest/globals';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { Ajv2020 } from 'ajv/dist/2020.js';

import { main } from '../../src/cli/program.js';
import { MACHINE_ITEM_IDS } from '../../src/environment/doctor-findings.js';
import { readTunables } from '../../src/environment/doctor-readers.js';
import type { DoctorReport } from '../../src/environment/doctor-schema.js';
import { tuneStatePath } from '../../src/environment/doctor-tune.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { describeWithServer, ROOT, useTempDir } from '../helpers/real-run.js';

const temp = useTempDir('gate-doctor-');
let stdout: string[] = [];
let stderr: string[] = [];
const spies: { mockRestore(): void }[] = [];

beforeEach(() => {
  stdout = [];
  stderr = [];
  spies.push(
    jest
      .spyOn(process.stdout, 'write')
      .mockImplementation((chunk: string | Uint8Array) => stdout.push(String(chunk)) > 0),
  );
  spies.push(
    jest
      .spyOn(process.stderr, 'write')
      .mockImplementation((chunk: string | Uint8Array) => stderr.push(String(chunk)) > 0),
  );
});
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

const cli = (...args: string[]): Promise<number> => main(['node', 'mysql-perf-gate', ...args]);

function validator() {
  // The schema's date-time also carries a pattern, which Ajv checks; the format name is accepted.
  const ajv = new Ajv2020({ strict: true, allErrors: true, formats: { 'date-time': true } });
  return ajv.compile<DoctorReport>(
    JSON.parse(readFileSync(join(ROOT, 'docs/doctor.schema.json'), 'utf8')) as object,
  );
}

describe('mysql-perf-gate doctor --no-noise', () => {
  it('names every item with its value and a grade; --json validates against the schema', async () => {
    expect(await cli('doctor', '--no-noise')).toBe(0);
    const text = stdout.join('');
    expect(text).toMatch(/^grade [A-F] \(\d+\/100\): .+$/m);
    for (const name of [
      'CPU governor',
      'turbo boost',
      'SMT',
      'ASLR',
      'transparent huge pages',
      'swap',
      'isolated CPUs',
      'irqbalance',
      'CPU steal',
      'another runner',
      'another database',
      'free disk (build directory)',
      'free disk (work directory)',
      'perf_event_paranoid',
      'valgrind',
      'sysbench',
      'compilers',
      'bubblewrap sandbox',
      'throughput noise',
      'instructions noise',
    ]) {
      expect(text).toMatch(new RegExp(`^(ok|warn|bad|unknown) +${name.replace(/[()]/g, '\\$&')}`, 'm'));
    }
    stdout = [];
    expect(await cli('doctor', '--no-noise', '--json', '--build-dir', temp.path)).toBe(0);
    const report = JSON.parse(stdout.join('')) as DoctorReport;
    const validate = validator();
    expect(validate.errors ?? validate(report)).toBe(true);
    expect(report.findings.map((item) => item.id).slice(0, MACHINE_ITEM_IDS.length)).toEqual(
      MACHINE_ITEM_IDS,
    );
    expect(report.findings.find((item) => item.id === 'build-disk')?.value).toContain(temp.path);
    expect(report.noise).toBeNull();
  });

  it('reads a --sysfs-root tree, and exits 1 below --min-grade with the grade on stderr', async () => {
    const cpufreq = join(temp.path, 'sys/devices/system/cpu/cpu0/cpufreq');
    mkdirSync(cpufreq, { recursive: true });
    for (const [name, value] of Object.entries({
      scaling_governor: 'powersave',
      scaling_available_governors: 'performance powersave',
      scaling_min_freq: '800000',
      scaling_max_freq: '3000000',
      cpuinfo_min_freq: '800000',
      cpuinfo_max_freq: '3000000',
    })) {
      writeFileSync(join(cpufreq, name), `${value}\n`);
    }
    mkdirSync(join(temp.path, 'sys/devices/system/cpu/cpufreq'), { recursive: true });
    writeFileSync(join(temp.path, 'sys/devices/system/cpu/cpufreq/boost'), '1\n');
    expect(await cli('doctor', '--no-noise', '--sysfs-root', temp.path, '--min-grade', 'B')).toBe(1);
    const text = stdout.join('');
    expect(text).toMatch(/^bad +CPU governor +powersave on 1 CPU$/m);
    expect(text).toMatch(/^bad +turbo boost +on \(cpufreq\)$/m);
    expect(text).toMatch(/^unknown +ASLR +unknown \(not present: .*randomize_va_space\)$/m);
    expect(stderr.join('')).toMatch(
      /^warning: grade [C-F] \(\d+\/100\): CPU governor: powersave on 1 CPU; .*below the lowest grade asked for \(B\)$/m,
    );
  });

  it('refuses a bad flag in one line with status 2', async () => {
    expect(await cli('doctor', '--min-grade', 'Q')).toBe(2);
    expect(stderr.join('')).toBe('mysql-perf-gate: --min-grade Q: expected one of A, B, C, D, E, F\n');
  });
});

describeWithServer()('mysql-perf-gate doctor with the noise measured', () => {
  it('measures throughput and instructions per transaction, validates, and leaves nothing behind', async () => {
    const work = join(temp.path, 'work');
    expect(await cli('doctor', '--json', '--work-dir', work)).toBe(0);
    const report = JSON.parse(stdout.join('')) as DoctorReport;
    const validate = validator();
    expect(validate.errors ?? validate(report)).toBe(true);
    const noise = report.noise;
    if (noise === null) throw new Error('no noise figures');
    expect('values' in noise.throughput && noise.throughput.values).toHaveLength(8);
    expect('values' in noise.instructions && noise.instructions.values.length).toBeGreaterThanOrEqual(2);
    expect(report.findings.find((item) => item.id === 'throughput-noise')?.status).not.toBe('unknown');
    // The run's progress went to stderr, and nothing of the run survives it.
    expect(stderr.join('')).toContain('== Noise: throughput');
    expect(processesMentioning(work)).toEqual([]);
    expect(existsSync(work) ? readdirSync(work) : []).toEqual([]);
  }, 600_000);
});

const asRoot = process.getuid?.() === 0;

(asRoot ? describe : describe.skip)('doctor --tune then --reset on this machine', () => {
  it('changes only the settings it names, and puts every file back as it was', async () => {
    const steps = readTunables({ root: '/' });
    const files = [
      ...(steps.frequency.known
        ? steps.frequency.value.flatMap((cpu) =>
            ['scaling_governor', 'scaling_min_freq', 'scaling_max_freq'].map(
              (name) => `/sys/devices/system/cpu/cpu${cpu.cpu}/cpufreq/${name}`,
            ),
          )
        : []),
      '/sys/devices/system/cpu/intel_pstate/no_turbo',
      '/sys/devices/system/cpu/cpufreq/boost',
      '/proc/sys/kernel/randomize_va_space',
      '/sys/kernel/mm/transparent_hugepage/enabled',
      '/sys/kernel/mm/transparent_hugepage/defrag',
      '/proc/sys/vm/swappiness',
      '/proc/sys/kernel/perf_event_paranoid',
    ].filter((path) => existsSync(path));
    const read = () => Object.fromEntries(files.map((path) => [path, readFileSync(path, 'utf8')]));
    const before = read();
    expect(await cli('doctor', '--tune')).toBe(0);
    const tuned = stdout.join('');
    const during = read();
    expect(existsSync(tuneStatePath())).toBe(tuned.startsWith('nothing to tune') ? false : true);
    // A second --tune keeps the first saved state.
    expect(await cli('doctor', '--tune')).toBe(0);
    stdout = [];
    expect(await cli('doctor', '--reset')).toBe(0);
    expect(read()).toEqual(before);
    expect(existsSync(tuneStatePath())).toBe(false);
    // Swappiness above 10 is what this VM has to tune; elsewhere whatever it changed was read above.
    if (before['/proc/sys/vm/swappiness'] !== undefined && Number(before['/proc/sys/vm/swappiness']) > 10) {
      expect(during['/proc/sys/vm/swappiness']).toBe('10\n');
      expect(tuned).toContain('proc/sys/vm/swappiness: ');
    }
  });
});
