// The defaults of the settings file's options live in its schema (commands/settings-schema.ts, which
// takes the judge's from compare/judge-defaults.ts and the change points' from history/changes.ts);
// action.yml gives those inputs none (the runner's default would always look given) and says the
// schema's in their description. These tests fail when action.yml, the schema or a CLI flag's
// default disagree, and when an input is read other than through the one reader.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Command } from 'commander';
import { parse } from 'yaml';

import { BOOLEAN_INPUT_DEFAULTS } from '../../src/action/inputs.js';
import { SETTING_NAMES, SETTINGS } from '../../src/commands/settings-schema.js';
import { buildProgram } from '../../src/cli/program.js';
import { COMPARE_FLAG_DEFAULTS } from '../../src/commands/compare.js';
import { DEFAULT_MAX_P, DEFAULT_WINDOW } from '../../src/commands/history-changes.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';

const ROOT = join(import.meta.dirname, '../..');

interface ActionInput {
  default?: unknown;
  description?: string;
}
const inputs = (
  parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, ActionInput> }
).inputs;

/** The defaults the code gives each option of the settings file, as its input's text. */
const CODE_DEFAULTS: Record<string, string> = {
  alpha: COMPARE_FLAG_DEFAULTS.alpha,
  gate: COMPARE_FLAG_DEFAULTS.gate,
  inconclusive: COMPARE_FLAG_DEFAULTS.inconclusive,
  window: String(DEFAULT_WINDOW),
  'max-p': String(DEFAULT_MAX_P),
  ...Object.fromEntries(Object.entries(BOOLEAN_INPUT_DEFAULTS).map(([name, value]) => [name, String(value)])),
};

/** The settings file's options that are inputs too. */
const SETTING_INPUTS = SETTING_NAMES.filter((name) => SETTINGS[name].input);

describe("the defaults, the settings schema's and action.yml's", () => {
  it.each(Object.entries(CODE_DEFAULTS))(
    'option "%s": the code says %s, as the schema does',
    (name, value) => {
      expect(SETTINGS[name as keyof typeof SETTINGS].default).toBe(value);
    },
  );

  it.each(SETTING_INPUTS)(
    'input "%s": no default in action.yml, the schema\'s in its description',
    (name) => {
      expect(inputs[name]?.default ?? '').toBe('');
      const value = SETTINGS[name].default;
      if (value !== undefined) {
        expect(inputs[name]?.description?.replace(/\s+/g, ' ')).toContain(
          `Default ${value}, unless the settings file sets it.`,
        );
      }
    },
  );

  it('takes no option of the file as a workflow-only field but the two only a workflow can use', () => {
    expect(SETTING_NAMES.filter((name) => !SETTINGS[name].input)).toEqual(['webhook-url-secret', 'runs-on']);
  });

  it('judges with the same defaults without flags (DEFAULT_COMPARE_OPTIONS)', () => {
    expect(String(DEFAULT_COMPARE_OPTIONS.alpha)).toBe(SETTINGS.alpha.default);
    expect(DEFAULT_COMPARE_OPTIONS.gateMetrics.join(',')).toBe(SETTINGS.gate.default);
    expect(DEFAULT_COMPARE_OPTIONS.inconclusivePolicy).toBe(SETTINGS.inconclusive.default);
    expect(String(DEFAULT_COMPARE_OPTIONS.gateWork ?? false)).toBe(SETTINGS['gate-work'].default);
  });

  it('lists every boolean option of the schema in the one boolean reader', () => {
    const booleans = SETTING_NAMES.filter(
      (name) => SETTINGS[name].default === 'true' || SETTINGS[name].default === 'false',
    );
    expect(Object.keys(BOOLEAN_INPUT_DEFAULTS).sort()).toEqual(booleans.sort());
  });

  it('reads no input but through the one reader (action/settings-inputs.ts)', () => {
    const dir = join(ROOT, 'src', 'action');
    const offenders = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && file !== 'settings-inputs.ts')
      .filter((file) =>
        /core\.get(?:Boolean|Multiline)?Input\('(?!settings-file')/.test(
          readFileSync(join(dir, file), 'utf8'),
        ),
      )
      .sort();
    expect(offenders).toEqual([]);
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
      shown: option.defaultValueDescription,
    })),
  );

  it.each(['alpha', 'inconclusive', 'window', 'max-p'])(
    '--%s defaults to the value the settings schema states, in every command that has it',
    (name) => {
      const given = flags.filter((flag) => flag.flag === `--${name}`);
      expect(given.length).toBeGreaterThan(0);
      for (const flag of given) {
        expect(flag).toEqual({ ...flag, value: SETTINGS[name as keyof typeof SETTINGS].default });
      }
    },
  );

  // Not given, the gate is the judge's to work out (the runner check may add the operations'
  // seconds): undefined, its help showing the schema's default first.
  it('--gate is left undefined, its help showing the default the settings schema states', () => {
    const given = flags.filter((flag) => flag.flag === '--gate');
    expect(given.map((flag) => flag.command).sort()).toEqual(['compare', 'compare-compilers']);
    for (const flag of given) {
      expect(flag.value).toBeUndefined();
      expect(flag.shown).toMatch(new RegExp(`^${SETTINGS.gate.default ?? ''};`));
    }
  });
});
