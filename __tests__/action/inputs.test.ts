// The action's boolean inputs, read as GitHub reads them (YAML 1.2's core schema, through
// core.getBooleanInput), from INPUT_* variables named as the runner names them (INPUT_GATE-WORK).
import {
  BOOLEAN_INPUT_DEFAULTS,
  booleanInput,
  type BooleanInputName,
  readCompareInputs,
} from '../../src/action/inputs.js';
import { COMPARE_FLAG_DEFAULTS } from '../../src/commands/compare.js';
import { InputError } from '../../src/errors.js';
import { thrownBy } from '../helpers/errors.js';

const variable = (name: string): string => `INPUT_${name.toUpperCase()}`;
const INPUTS = ['alpha', 'gate', 'inconclusive', 'tolerance', ...Object.keys(BOOLEAN_INPUT_DEFAULTS)];

function setInputs(inputs: Record<string, string>): void {
  for (const [name, value] of Object.entries(inputs)) process.env[variable(name)] = value;
}

afterEach(() => {
  for (const name of INPUTS) Reflect.deleteProperty(process.env, variable(name));
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
      gate: COMPARE_FLAG_DEFAULTS.gate,
      inconclusive: COMPARE_FLAG_DEFAULTS.inconclusive,
      gateWork: false,
      force: false,
      failOnRegression: true,
    });
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
