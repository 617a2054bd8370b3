// How every command's help shows an option: its description, then its choices and its default in
// one trailing form, "(default: 20G)" or "(choices: table, json; default: table)". A default is a
// value as the user would type it (unquoted), or what the command uses when the option is left
// out ("(default: the number of CPUs)"). Options state a default only through commander
// (`.default(value)`, or `optionWithDefault` for one the command works out), never in their
// description: __tests__/cli/help.test.ts holds every command of the program to it.
import { type Command, Option } from 'commander';

/**
 * An option left undefined when not given, whose default the command works out: `shown` is what
 * the help says it is ("the number of CPUs").
 */
export function optionWithDefault(flags: string, description: string, shown: string): Option {
  return new Option(flags, description).default(undefined, shown);
}

/** The default an option's help shows, unquoted; undefined for none (a flag's false is not shown). */
export function shownDefault(option: Option): string | undefined {
  if (option.defaultValueDescription !== undefined) return option.defaultValueDescription;
  const value: unknown = option.defaultValue;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return undefined;
}

/** The description, then "(choices: …; default: …)" when the option has either. */
export function optionDescription(option: Option): string {
  const extra: string[] = [];
  if (option.argChoices !== undefined) extra.push(`choices: ${option.argChoices.join(', ')}`);
  const shown = shownDefault(option);
  if (shown !== undefined) extra.push(`default: ${shown}`);
  return extra.length === 0 ? option.description : `${option.description} (${extra.join('; ')})`;
}

/** Gives `program`, and every command added to it afterwards, the help's one form. */
export function withHelpText(program: Command): Command {
  return program.configureHelp({ optionDescription });
}
