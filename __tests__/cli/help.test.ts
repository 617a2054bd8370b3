// One dialect in every command's help: --out takes a FILE (the command's main output file),
// --report-dir a DIR (the directory of its reports), the old spellings (--out-dir, --report, a
// directory's --out) only as hidden aliases; every default shown one way, "(default: …)" after
// the description, never inside it; descriptions ending alike. Read from the program itself, so a
// command added later is held to the same rules.
import type { Command, Option } from 'commander';

import { buildProgram } from '../../src/cli/program.js';

const program = buildProgram(() => undefined);

function withSubcommands(command: Command): Command[] {
  return [command, ...command.commands.flatMap(withSubcommands)];
}

/** "mysql-perf-gate history page". */
function pathOf(command: Command): string {
  const names: string[] = [];
  for (let each: Command | null = command; each !== null; each = each.parent) names.unshift(each.name());
  return names.join(' ');
}

const COMMANDS = withSubcommands(program);
const OPTIONS: [string, Command, Option][] = COMMANDS.flatMap((command) =>
  command.options.map((option): [string, Command, Option] => [
    `${pathOf(command)} ${option.long ?? option.flags}`,
    command,
    option,
  ]),
);
const VISIBLE = OPTIONS.filter(([, , option]) => !option.hidden);
const HIDDEN = OPTIONS.filter(([, , option]) => option.hidden);

/** An option's or argument's help starts lower-case, but for a name spelled otherwise. */
const STARTS_LOWER_CASE = /^(?:[a-z$]|(?:A\/B|CMake|CPUs|MySQL)\b)/;

/** Old spellings kept for one release, hidden: the command, the old flag, the new one. */
const OLD_SPELLINGS = [
  ['mysql-perf-gate bisect', '--out-dir <dir>', '--report-dir'],
  ['mysql-perf-gate compare-compilers', '--report <dir>', '--report-dir'],
  ['mysql-perf-gate history changes', '--out <dir>', '--report-dir'],
  ['mysql-perf-gate history page', '--out <dir>', '--report-dir'],
];

describe('every command the program registers', () => {
  it('is found: the top-level commands and the nested ones', () => {
    const names = COMMANDS.map(pathOf);
    expect(names).toEqual(
      expect.arrayContaining([
        'mysql-perf-gate run',
        'mysql-perf-gate compare',
        'mysql-perf-gate compare-compilers',
        'mysql-perf-gate bisect',
        'mysql-perf-gate history changes',
        'mysql-perf-gate history page',
        'mysql-perf-gate baseline save',
        'mysql-perf-gate doctor',
      ]),
    );
    expect(VISIBLE.length).toBeGreaterThan(100);
  });

  it.each(COMMANDS.slice(1).map((command): [string, Command] => [pathOf(command), command]))(
    '%s: its description is a sentence, its arguments described like options',
    (_name, command) => {
      expect(command.description()).toMatch(/^[A-Z].*\.$/s);
      for (const argument of command.registeredArguments) {
        expect(argument.description).not.toMatch(/\.$|^$/);
        expect(argument.description).toMatch(STARTS_LOWER_CASE);
      }
    },
  );
});

describe('every visible option', () => {
  it.each(VISIBLE)('%s', (_name, command, option) => {
    const help = command.createHelp();
    // The old spellings are hidden aliases, never in help.
    expect(['--out-dir', '--report']).not.toContain(option.long);
    if (option.long === '--out') expect(option.flags).toBe('--out <file>');
    const takesValue = option.required || option.optional;
    if (takesValue && option.long?.endsWith('-dir') === true) expect(option.flags).toMatch(/ <dir>$/);
    // Descriptions: lower-case clauses without a full stop; a default only after them, shown by
    // commander's help in the one form, unquoted.
    expect(option.description).not.toMatch(/\.$|^$/);
    expect(option.description).toMatch(STARTS_LOWER_CASE);
    expect(option.description).not.toMatch(/\(default|default:/);
    const shown = help.optionDescription(option);
    expect(shown).not.toMatch(/default: "|choices: "/);
    expect(shown.match(/default:/g)?.length ?? 0).toBeLessThanOrEqual(1);
    if (shown.includes('default:')) expect(shown).toMatch(/[(;] ?default: [^()]*\)$/);
  });

  it('shows defaults in one form, values and what is used alike', () => {
    const describe = (path: string, long: string): string => {
      const found = VISIBLE.find(([name]) => name === `mysql-perf-gate ${path} ${long}`);
      if (found === undefined) throw new Error(`no ${path} ${long}`);
      const [, command, option] = found;
      return command.createHelp().optionDescription(option);
    };
    expect(describe('run', '--suite')).toMatch(/ \(default: quick\)$/);
    expect(describe('run', '--lock-timeout')).toMatch(/; 0 fails at once \(default: as long as it takes\)$/);
    expect(describe('compare', '--out')).toBe(
      'verdict JSON to write (default: verdict.json in --report-dir)',
    );
    expect(describe('compare', '--report-dir')).toMatch(/ \(default: report\)$/);
    expect(describe('history changes', '--format')).toBe(
      'stdout format (choices: table, json; default: table)',
    );
    expect(describe('build', '--jobs')).toBe('parallel compile jobs (default: the number of CPUs)');
  });
});

describe('the report directory and the main output file', () => {
  it('every command that writes a directory of reports names it --report-dir', () => {
    const withReportDir = VISIBLE.filter(([, , option]) => option.long === '--report-dir').map(
      ([name]) => name,
    );
    expect(withReportDir.sort()).toEqual([
      'mysql-perf-gate bisect --report-dir',
      'mysql-perf-gate compare --report-dir',
      'mysql-perf-gate compare-compilers --report-dir',
      'mysql-perf-gate history changes --report-dir',
      'mysql-perf-gate history page --report-dir',
    ]);
  });

  it('hides exactly the old spellings, each beside its new one', () => {
    const hidden = HIDDEN.map(([, command, option]) => {
      const now = OLD_SPELLINGS.find(
        ([path, flags]) => path === pathOf(command) && flags === option.flags,
      )?.[2];
      expect(option.description).toBe(`deprecated spelling of ${now ?? '?'}`);
      expect(command.options.some((each) => each.long === now && !each.hidden)).toBe(true);
      return [pathOf(command), option.flags];
    });
    expect(hidden.sort()).toEqual(OLD_SPELLINGS.map(([path, flags]) => [path, flags]).sort());
  });

  it('keeps them out of the help text', () => {
    for (const [path] of OLD_SPELLINGS) {
      const command = COMMANDS.find((each) => pathOf(each) === path);
      const text = command?.helpInformation() ?? '';
      expect(text).toContain('--report-dir <dir>');
      expect(text).not.toMatch(/--out-dir|--report <|--out <dir>|deprecated/);
    }
  });
});
