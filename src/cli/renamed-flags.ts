// Old spellings of renamed options, kept for one release. An old spelling is a hidden option whose
// value is moved to the new spelling before the command's action runs, with one line on stderr
// naming the new spelling; the actions, and everything below them, see only the new spelling.
// The dialect every command speaks: --out FILE is the command's main output file, --report-dir DIR
// the directory its reports go to (README.md, "Command line").
import { type Command, Option } from 'commander';

import { InputError } from '../errors.js';
import { printErr } from './print.js';

/** The release that drops the old spellings. */
export const OLD_SPELLINGS_GO_IN = '0.4.0';

/** "warning: --out-dir is deprecated; use --report-dir (the old spelling goes in 0.4.0)". */
export function deprecationLine(old: string, now: string): string {
  return `warning: ${old} is deprecated; use ${now} (the old spelling goes in ${OLD_SPELLINGS_GO_IN})`;
}

function optionNamed(command: Command, long: string): Option {
  const option = command.options.find((each) => each.long === long);
  if (option === undefined) throw new Error(`${command.name()} has no ${long} to rename to`);
  return option;
}

/** Where the deprecation line goes: stderr, or what a command's tests give it. */
export type Warn = (line: string) => void;

const toStderr: Warn = (line) => {
  printErr(`${line}\n`);
};

/**
 * Moves `value`, given under an old spelling, to the option `now`, after one line (`line`) on
 * stderr. Both given is refused: they name the same thing.
 */
export function moveToNewSpelling(
  command: Command,
  spellings: { readonly old: string; readonly now: string },
  value: unknown,
  line: string,
  warn: Warn = toStderr,
): void {
  const { old, now } = spellings;
  const key = optionNamed(command, now).attributeName();
  if (command.getOptionValueSource(key) === 'cli') {
    throw new InputError(`${old} and ${now} name the same thing; give ${now} only`);
  }
  warn(line);
  command.setOptionValueWithSource(key, value, 'cli');
}

export interface OldSpelling {
  /** The old option's flags, as it was registered: "--out-dir <dir>". */
  readonly old: string;
  /** The new spelling's long flag: "--report-dir". */
  readonly now: string;
  /** The new spelling is required (checked once the old one has been moved to it). */
  readonly required?: boolean;
  readonly warn?: Warn;
}

/**
 * Adds `old` as a hidden spelling of the option `now`, which must already be on `command`.
 * Commander checks required options before the hook that moves the old spelling's value runs, so
 * a required new spelling is declared here rather than with requiredOption.
 */
export function addOldSpelling(command: Command, spelling: OldSpelling): Command {
  const { now, required = false, warn = toStderr } = spelling;
  const option = new Option(spelling.old, `deprecated spelling of ${now}`).hideHelp();
  const old = option.long ?? spelling.old;
  command.addOption(option);
  command.hook('preAction', (self) => {
    const key = option.attributeName();
    const value: unknown = self.getOptionValue(key);
    if (value !== undefined) {
      moveToNewSpelling(self, { old, now }, value, deprecationLine(old, now), warn);
      self.setOptionValueWithSource(key, undefined, 'default');
    }
    const target = optionNamed(self, now);
    if (required && self.getOptionValue(target.attributeName()) === undefined) {
      self.error(`error: required option '${target.flags}' not specified`, {
        code: 'commander.missingMandatoryOptionValue',
      });
    }
  });
  return command;
}
