// How an option is named to the user in errors: `--base-set` on the command line, `input
// "base-set"` in a workflow. Every command's option parser takes one, so both front ends validate
// the same way and each error names what the user actually wrote.
import { OPTION_KEYS, type OptionKey, type OptionNames } from '../option-names.js';

export type FlagSpelling = (name: string) => string;
export const cliSpelling: FlagSpelling = (name) => `--${name}`;

/** The options the action's inputs call otherwise (a list where the command line repeats a flag). */
const ACTION_INPUT_OF: Readonly<Record<string, string>> = {
  cell: 'cells',
  'cmake-arg': 'cmake-args',
  untrusted: 'untrusted-side',
};
export const actionSpelling: FlagSpelling = (name) => `input "${ACTION_INPUT_OF[name] ?? name}"`;

/**
 * How the user turns a boolean option off: `--no-parallel-sides` on the command line,
 * `input "parallel-sides" false` in a workflow.
 */
export function offSpelling(spell: FlagSpelling, name: string): string {
  return spell === cliSpelling ? `--no-${name}` : `${spell(name)} false`;
}

/** Every option the layers below name, spelled as `spell` spells it. */
export function optionNames(spell: FlagSpelling): OptionNames {
  const names: Partial<Record<OptionKey, string>> = {};
  for (const key of OPTION_KEYS) names[key] = spell(key);
  return names as OptionNames;
}
