// The action's inputs, from INPUT_* variables named as the runner names them (INPUT_GATE-WORK):
// booleans read as GitHub reads them (YAML 1.2's core schema), and every option of the settings
// file taken from the workflow's input, else the file, else the schema's default.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import {
  BOOLEAN_INPUT_DEFAULTS,
  booleanInput,
  type BooleanInputName,
  readCompareInputs,
  readRunInputs,
} from '../../src/action/inputs.js';
import {
  forgetSettingsFile,
  input,
  settingsLine,
  withSettingsSource,
} from '../../src/action/settings-inputs.js';
import { COMPARE_FLAG_DEFAULTS } from '../../src/commands/compare.js';
import { InputError } from '../../src/errors.js';
import { thrownBy } from '../helpers/errors.js';

const variable = (name: string): string => `INPUT_${name.toUpperCase()}`;
const INPUTS = [
  'alpha',
  'gate',
  'inconclusive',
  'tolerance',
  'suite',
  'max-repetitions',
  'settings-file',
  ...Object.keys(BOOLEAN_INPUT_DEFAULTS),
];

function setInputs(inputs: Record<string, string>): void {
  for (const [name, value] of Object.entries(inputs)) process.env[variable(name)] = value;
}

afterEach(() => {
  for (const name of INPUTS) Reflect.deleteProperty(process.env, variable(name));
  forgetSettingsFile();
});

describe('booleanInput', () => {
  it.each([
    ['true', true],
    ['True', true],
    ['TRUE', true],
    ['false', false],
    ['False', false],
    ['FALSE', false],
    // The runner's reader trims, as core.getInput does for every input.
    [' true ', true],
    ['FALSE\n', false],
  ])('reads %j as %s', (value, expected) => {
    setInputs({ 'gate-work': value });
    expect(booleanInput('gate-work')).toBe(expected);
  });

  it.each(['tRuE', 'fAlse', '1', '0', 'yes', 'no', 'on', 'off', 'y', 'true false'])(
    'refuses %j with one line naming the input',
    (value) => {
      setInputs({ 'gate-work': value });
      expect(thrownBy(InputError, () => booleanInput('gate-work')).message).toBe(
        `input "gate-work" ${JSON.stringify(value)}: expected true or false (true, True, TRUE, false, False, FALSE)`,
      );
    },
  );

  it.each(Object.entries(BOOLEAN_INPUT_DEFAULTS))(
    'reads %s empty (outside a runner) as its action.yml default, %s',
    (name, expected) => {
      expect(booleanInput(name as BooleanInputName)).toBe(expected);
      setInputs({ [name]: '  ' });
      expect(booleanInput(name as BooleanInputName)).toBe(expected);
    },
  );
});

describe('readCompareInputs', () => {
  it('takes the judge defaults for empty inputs', () => {
    expect(readCompareInputs()).toEqual({
      baseline: undefined,
      reportDir: undefined,
      tolerance: [],
      alpha: COMPARE_FLAG_DEFAULTS.alpha,
      inconclusive: COMPARE_FLAG_DEFAULTS.inconclusive,
      gateWork: false,
      force: false,
      failOnRegression: true,
    });
  });

  // Not given, the gate is the judge's to work out (the runner check may add the operations'
  // seconds): no gate, rather than the schema's default written out as if named.
  it('names the gate only when the workflow gives it', () => {
    expect(readCompareInputs().gate).toBeUndefined();
    setInputs({ gate: 'tps,seconds' });
    expect(readCompareInputs().gate).toBe('tps,seconds');
  });

  it('reads fail-on-regression: False as off and gate-work: True as on, as GitHub does', () => {
    setInputs({ 'fail-on-regression': 'False', 'gate-work': 'True', force: 'TRUE', alpha: '0.01' });
    expect(readCompareInputs()).toMatchObject({
      alpha: '0.01',
      failOnRegression: false,
      gateWork: true,
      force: true,
    });
  });

  it('refuses force: yes rather than reading it as false', () => {
    setInputs({ force: 'yes' });
    expect(() => readCompareInputs()).toThrow(
      'input "force" "yes": expected true or false (true, True, TRUE, false, False, FALSE)',
    );
  });
});

describe('the settings file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(os.tmpdir(), 'settings-inputs-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function settingsFile(text: string): string {
    const path = join(dir, 'mysql-perf-gate.yml');
    writeFileSync(path, text);
    setInputs({ 'settings-file': path });
    return path;
  }

  it('gives what the workflow leaves out; an input given wins; the schema fills the rest', () => {
    settingsFile(
      'suite: standard\nmax-repetitions: 11\nalpha: 0.01\ngate-work: true\ntolerance: [tps=0.03, p99Ms=0.2]\n',
    );
    setInputs({ alpha: '0.02' });
    expect(readRunInputs()).toMatchObject({ suite: 'standard', maxRepetitions: '11', pin: 'auto' });
    expect(readCompareInputs().gate).toBeUndefined();
    expect(readCompareInputs()).toMatchObject({
      alpha: '0.02',
      gateWork: true,
      tolerance: ['tps=0.03', 'p99Ms=0.2'],
      failOnRegression: true,
    });
  });

  it("takes the file's gate as named, as it takes an input's", () => {
    settingsFile('gate: tps,instructions\n');
    expect(readCompareInputs().gate).toBe('tps,instructions');
  });

  it('says in one line what the file set and which inputs override it', () => {
    const settings = { suite: 'standard', 'max-repetitions': '11', set: 'a=1\nb=2', 'runs-on': '["x"]' };
    expect(settingsLine('s.yml', settings, (name) => name === 'suite')).toBe(
      'settings from s.yml: max-repetitions 11; set a=1, b=2 (given as inputs instead: suite)',
    );
    expect(settingsLine('s.yml', undefined, () => false)).toBe(
      'no settings file s.yml: every option from its input or its default',
    );
  });

  it("names the file in an input's error when the file gave its value", () => {
    const path = settingsFile('inconclusive: fail\n');
    expect(input('inconclusive')).toBe('fail');
    expect(withSettingsSource('input "inconclusive" "fail": expected pass')).toBe(
      `input "inconclusive" "fail": expected pass (set in ${path})`,
    );
    expect(withSettingsSource('input "alpha" "x": bad')).toBe('input "alpha" "x": bad');
  });

  it('refuses a bad file in one line naming it, the field and the value, before any input is used', () => {
    const path = settingsFile('max-repetitions: lots\n');
    expect(() => readRunInputs()).toThrow(`${path}: max-repetitions "lots": expected a whole number`);
  });

  it("takes a suite or baseline file from the root of the file's checkout, a built-in suite as it is", () => {
    const path = settingsFile('suite: perf/suite.yml\nbaseline: /srv/baseline.json\n');
    expect(input('suite')).toBe(join(dir, 'perf/suite.yml'));
    expect(input('baseline')).toBe('/srv/baseline.json');
    forgetSettingsFile();
    writeFileSync(path, 'suite: standard\n');
    expect(input('suite')).toBe('standard');
  });

  it('reads no file for an input that is no option of it', () => {
    settingsFile('suite: [not, a, suite]\n');
    expect(input('out')).toBe('');
  });
});
