import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';

import { readTunables } from '../../src/environment/doctor-readers.js';
import { tuningSteps } from '../../src/environment/doctor-tuning.js';
import { applyTuning, resetTuning, tuneStatePath } from '../../src/environment/doctor-tune.js';

let root = '';
let env: NodeJS.ProcessEnv = {};

const FILES: Record<string, string> = {
  'sys/devices/system/cpu/cpu0/cpufreq/scaling_governor': 'powersave',
  'sys/devices/system/cpu/cpu0/cpufreq/scaling_available_governors': 'performance powersave',
  'sys/devices/system/cpu/cpu0/cpufreq/scaling_min_freq': '800000',
  'sys/devices/system/cpu/cpu0/cpufreq/scaling_max_freq': '3000000',
  'sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_min_freq': '800000',
  'sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq': '3500000',
  'sys/devices/system/cpu/intel_pstate/no_turbo': '0',
  'proc/sys/kernel/randomize_va_space': '0',
  'sys/kernel/mm/transparent_hugepage/enabled': '[always] madvise never',
  'sys/kernel/mm/transparent_hugepage/defrag': 'always defer defer+madvise [madvise] never',
  'proc/sys/vm/swappiness': '60',
  'proc/sys/kernel/perf_event_paranoid': '4',
};

const read = (relative: string): string => readFileSync(join(root, relative), 'utf8').trim();
const snapshot = (): Record<string, string> =>
  Object.fromEntries(Object.keys(FILES).map((relative) => [relative, read(relative)]));

beforeEach(() => {
  root = mkdtempSync(join(os.tmpdir(), 'doctor-tune-'));
  env = { MYSQL_PERF_GATE_STATE_DIR: join(root, 'state') };
  for (const [relative, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, relative)), { recursive: true });
    writeFileSync(join(root, relative), `${text}\n`);
  }
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('doctor --tune and --reset on a fake tree', () => {
  it('decides every write from the readings, maximum before minimum', () => {
    const steps = tuningSteps(readTunables({ root }));
    expect(
      steps.map((step) => [step.file.replace('sys/devices/system/cpu/', ''), step.from, step.to]),
    ).toEqual([
      ['cpu0/cpufreq/scaling_governor', 'powersave', 'performance'],
      ['cpu0/cpufreq/scaling_max_freq', '3000000', '3500000'],
      ['cpu0/cpufreq/scaling_min_freq', '800000', '3500000'],
      ['intel_pstate/no_turbo', '0', '1'],
      ['proc/sys/kernel/randomize_va_space', '0', '2'],
      ['sys/kernel/mm/transparent_hugepage/enabled', 'always', 'madvise'],
      ['proc/sys/vm/swappiness', '60', '10'],
      ['proc/sys/kernel/perf_event_paranoid', '4', '2'],
    ]);
  });

  it('tunes, then resets every file to exactly what it held', () => {
    const before = snapshot();
    const tuned = applyTuning({ root }, tuningSteps(readTunables({ root })), env);
    expect(tuned.wrote).toHaveLength(8);
    expect(existsSync(tuneStatePath(env))).toBe(true);
    expect(read('sys/devices/system/cpu/cpu0/cpufreq/scaling_governor')).toBe('performance');
    expect(read('proc/sys/vm/swappiness')).toBe('10');
    // The fake THP file now holds the word written; the kernel's would read "always [madvise] never".
    writeFileSync(join(root, 'sys/kernel/mm/transparent_hugepage/enabled'), 'always [madvise] never\n');
    expect(tuningSteps(readTunables({ root }))).toEqual([]);
    const reset = resetTuning(env);
    expect(reset.restored).toHaveLength(8);
    // The fake file takes the written word as is: put the kernel's brackets back for the comparison.
    expect(read('sys/kernel/mm/transparent_hugepage/enabled')).toBe('always');
    writeFileSync(
      join(root, 'sys/kernel/mm/transparent_hugepage/enabled'),
      `${FILES['sys/kernel/mm/transparent_hugepage/enabled']}\n`,
    );
    expect(snapshot()).toEqual(before);
    expect(existsSync(tuneStatePath(env))).toBe(false);
  });

  it('keeps the first saved state when tuned twice', () => {
    applyTuning({ root }, tuningSteps(readTunables({ root })), env);
    // Someone changes swappiness by hand between the two: the second --tune saves 30 nowhere.
    writeFileSync(join(root, 'proc/sys/vm/swappiness'), '30\n');
    const second = applyTuning({ root }, tuningSteps(readTunables({ root })), env);
    expect(second.keptEarlierState).toBe(true);
    const state = JSON.parse(readFileSync(tuneStatePath(env), 'utf8')) as {
      files: { path: string; restore: string }[];
    };
    expect(state.files.find((file) => file.path.endsWith('swappiness'))?.restore).toBe('60');
    expect(state.files).toHaveLength(8);
    resetTuning(env);
    expect(read('proc/sys/vm/swappiness')).toBe('60');
  });

  it('has nothing to reset without a saved state', () => {
    expect(resetTuning(env)).toEqual({ restored: [], mismatches: [], statePath: null });
  });

  it('reports a file that reads back otherwise', () => {
    applyTuning({ root }, tuningSteps(readTunables({ root })), env);
    const reset = resetTuning(env);
    // The fake THP file keeps the bare word written back ("always"), not the kernel's bracketed list.
    expect(reset.mismatches).toEqual([
      `${join(root, 'sys/kernel/mm/transparent_hugepage/enabled')}: was "[always] madvise never", reads "always"`,
    ]);
  });
});
