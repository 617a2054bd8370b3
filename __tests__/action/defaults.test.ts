// action.yml states the defaults a workflow gets; the code writes each once (the judge's in
// compare/judge-defaults.ts, the boolean inputs' in action/inputs.ts, the change points' in
// history/changes.ts). These tests fail when action.yml, the code's tables or a CLI flag's default
// disagree, and when a boolean input is read other than through the one reader.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Command } from 'commander';
import { parse } from 'yaml';

import { BOOLEAN_INPUT_DEFAULTS } from '../../src/action/inputs.js';
import { buildProgram } from '../../src/cli/program.js';
import { COMPARE_FLAG_DEFAULTS } from '../../src/commands/compare.js';
import { DEFAULT_MAX_P, DEFAULT_WINDOW } from '../../src/commands/history-changes.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';

const ROOT = join(import.meta.dirname, '../..');

interface ActionInput {
  default?: unknown;
}
const inputs = (
  parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, ActionInput> }
).inputs;

function actionDefault(name: string): string {
  const value = inputs[name]?.default;
  if (typeof value !== 'string') throw new Error(`action.yml: input "${name}" has no default`);
  return value;
}

/** The defaults the code gives each input (and flag) that action.yml states a default for. */
const CODE_DEFAULTS: Record<string, string> = {
  alpha: COMPARE_FLAG_DEFAULTS.alpha,
  gate: COMPARE_FLAG_DEFAULTS.gate,
  inconclusive: COMPARE_FLAG_DEFAULTS.inconclusive,
  window: String(DEFAULT_WINDOW),
  'max-p': String(DEFAULT_MAX_P),
  ...Object.fromEntries(Object.entries(BOOLEAN_INPUT_DEFAULTS).map(([name, value]) => [name, String(value)])),
};

describe("the defaults, action.yml's and the code's", () => {
  it.each(Object.entries(CODE_DEFAULTS))(
    'input "%s": the code says %s, as action.yml does',
    (name, value) => {
      expect(actionDefault(name)).toBe(value);
    },
  );

  it('judges with the same defaults without flags (DEFAULT_COMPARE_OPTIONS)', () => {
    expect(String(DEFAULT_COMPARE_OPTIONS.alpha)).toBe(actionDefault('alpha'));
    expect(DEFAULT_COMPARE_OPTIONS.gateMetrics.join(',')).toBe(actionDefault('gate'));
    expect(DEFAULT_COMPARE_OPTIONS.inconclusivePolicy).toBe(actionDefault('inconclusive'));
    expect(String(DEFAULT_COMPARE_OPTIONS.gateWork ?? false)).toBe(actionDefault('gate-work'));
  });

  it('lists every boolean input of action.yml in the one reader', () => {
    const booleans = Object.entries(inputs)
      .filter(([, input]) => input.default === 'true' || input.default === 'false')
      .map(([name]) => name)
      .sort();
    expect(Object.keys(BOOLEAN_INPUT_DEFAULTS).sort()).toEqual(booleans);
  });

  it('reads no boolean input but through booleanInput (no string compared to "true")', () => {
    const dir = join(ROOT, 'src', 'action');
    const names = Object.keys(BOOLEAN_INPUT_DEFAULTS).join('|');
    const elsewhere = new RegExp(`core\\.get(?:Boolean)?Input\\('(?:${names})'`);
    const offenders = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && elsewhere.test(readFileSync(join(dir, file), 'utf8')))
      .sort();
    expect(offenders).toEqual([]);
  });
});

/** Every command and subcommand of the CLI. */
function commands(command: Command): Command[] {
  return [command, ...command.commands.flatMap(commands)];
}

describe("the CLI's flags", () => {
  const program = buildProgram(() => undefined);
  const flags = commands(program).flatMap((command) =>
    command.options.map((option) => ({
      command: command.name(),
      flag: option.long,
      value: option.defaultValue as unknown,
    })),
  );

  it.each(['alpha', 'gate', 'inconclusive', 'window', 'max-p'])(
    '--%s defaults to the value action.yml states, in every command that has it',
    (name) => {
      const given = flags.filter((flag) => flag.flag === `--${name}`);
      expect(given.length).toBeGreaterThan(0);
      for (const flag of given) expect(flag).toEqual({ ...flag, value: actionDefault(name) });
    },
  );
});
