import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { doctorCommand, doctorConfigFromFlags } from '../../src/commands/doctor.js';
import { actionSpelling } from '../../src/commands/spelling.js';
import { InputError } from '../../src/errors.js';
import { recordingLogger } from '../helpers/recording-logger.js';

let root = '';
const lines: string[] = [];
const logger = recordingLogger(() => lines);

beforeEach(() => {
  root = mkdtempSync(join(os.tmpdir(), 'doctor-cmd-'));
  lines.length = 0;
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('doctorConfigFromFlags', () => {
  it.each([
    [{ tune: true, reset: true }, '--tune and --reset undo each other: give one'],
    [{ minGrade: 'G' }, '--min-grade G: expected one of A, B, C, D, E, F'],
    [
      { server: '/nowhere/mariadbd' },
      '--server /nowhere/mariadbd: no such file or directory; pass a mysqld/mariadbd binary or its install prefix',
    ],
    [{ lockTimeout: 'soon' }, /^--lock-timeout "soon" is not a duration/],
  ])('refuses %j', (flags, message) => {
    expect(() => doctorConfigFromFlags(flags)).toThrow(message);
  });

  it('names the action’s inputs in its errors', () => {
    expect(() => doctorConfigFromFlags({ minGrade: 'Z' }, actionSpelling)).toThrow(
      'input "min-grade" Z: expected one of A, B, C, D, E, F',
    );
  });

  it('reads the defaults: check, the noise with a found server, / as the root', () => {
    const config = doctorConfigFromFlags({ minGrade: 'c', noise: false });
    expect(config).toMatchObject({
      action: 'check',
      minGrade: 'C',
      noise: null,
      noiseSkipped: 'skipped (--no-noise)',
      root: { root: '/' },
    });
    expect(doctorConfigFromFlags({ tune: true }).action).toBe('tune');
  });
});

describe('doctor --tune and --reset without root', () => {
  it.each(['tune', 'reset'] as const)('--%s refuses in one line', async (action) => {
    const config = { ...doctorConfigFromFlags({ [action]: true, sysfsRoot: root }), asRoot: false };
    const refused = doctorCommand(config, logger);
    await expect(refused).rejects.toThrow(InputError);
    await expect(refused).rejects.toThrow(
      new RegExp(
        `^doctor --${action} needs root: it writes kernel settings under /sys and /proc; run it with sudo$`,
      ),
    );
  });
});

describe('doctor --tune on a fake tree', () => {
  it('lists each write and where it saved what was there', async () => {
    mkdirSync(join(root, 'proc/sys/vm'), { recursive: true });
    writeFileSync(join(root, 'proc/sys/vm/swappiness'), '60\n');
    const state = join(root, 'state');
    const saved = process.env.MYSQL_PERF_GATE_STATE_DIR;
    process.env.MYSQL_PERF_GATE_STATE_DIR = state;
    try {
      const config = { ...doctorConfigFromFlags({ tune: true, sysfsRoot: root }), asRoot: true };
      const tuned = await doctorCommand(config, logger);
      expect(tuned.output).toBe(
        [
          `swap: ${root}/proc/sys/vm/swappiness: 60 → 10`,
          `saved what was there in ${state}/doctor-tune.json; doctor --reset restores it`,
        ].join('\n'),
      );
      expect(readFileSync(join(root, 'proc/sys/vm/swappiness'), 'utf8')).toBe('10\n');
      const reset = await doctorCommand({ ...config, action: 'reset' }, logger);
      expect(reset.output).toBe(
        [
          `${root}/proc/sys/vm/swappiness: 10 → 60`,
          `restored 1 setting(s) and removed ${state}/doctor-tune.json`,
        ].join('\n'),
      );
      expect(readFileSync(join(root, 'proc/sys/vm/swappiness'), 'utf8')).toBe('60\n');
      expect((await doctorCommand({ ...config, action: 'reset' }, logger)).output).toMatch(
        /^nothing to reset/,
      );
    } finally {
      if (saved === undefined) delete process.env.MYSQL_PERF_GATE_STATE_DIR;
      else process.env.MYSQL_PERF_GATE_STATE_DIR = saved;
    }
  });
});
