// Below the command layer nothing knows how the user spelled an option (docs/architecture.md):
// no string in a layer below the commands names one of the command line's own options
// (`--work-dir`, `--suite`); they name an option through what the command layer gives them
// (`OptionNames`, a label), so the action's errors say `input "work-dir"`. Options of the programs
// they run (sysbench's, mysqld's, flock's, bubblewrap's) are not the command line's and pass.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';

const SRC = join(import.meta.dirname, '..', 'src');

/** Every folder below the command layer (the front ends, `cli/` and `action/`, and `commands/` spell options). */
const ABOVE = new Set(['cli', 'action', 'commands']);
const FOLDERS = readdirSync(SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !ABOVE.has(entry.name))
  .map((entry) => entry.name);

/**
 * Texts that name a command line for the reader to type, or an option of a program the tool runs
 * that shares a name with one of the command line's own, rather than an option the user gave:
 * each with why it stays.
 */
/**
 * Files whose every option is a command line for the reader to type, with why. The commands a
 * report gives to reproduce a verdict and to bisect it are the CLI's, whichever front end judged
 * (the comment of a pull request gives the CLI commands too: its reader reproduces on a machine).
 */
const ALLOWED_FILES: readonly string[] = ['report/document/next-steps.ts'];

const ALLOWED: readonly string[] = [
  // "run --shard K/N, or measure.yml's input shards": both front ends' ways of sharding.
  'run/time-limit.ts --shard',
  // A shard's results are made by a run of one shard, whichever front end ran it.
  'run/merge-shards.ts --shard',
  'run/merge-shards.ts --max-repetitions',
  'run/merge-shards.ts --budget',
  // A comment in the option file the run writes for the server, not a message.
  'server/config-file.ts --set',
  // `cmake --install <dir> --prefix <prefix>`: CMake's option.
  'builder/install-step.ts --prefix',
  // `git log --format=…`: git's option.
  'builder/git.ts --format',
  // `mysqld --no-defaults --verbose --help` and `nsenter --target <pid>`: their options.
  'cost/valgrind.ts --verbose',
  'shell/sandbox-entry.ts --target',
  // Only the command line tunes a runner (`doctor --tune`); the action has no such mode.
  'environment/doctor-render.ts --tune',
  // Which command line writes a file of that kind, for one that got another: `doctor --json`,
  // `bisect --state`.
  'file-kind.ts --json',
  'file-kind.ts --state',
  // The command line an alert issue gives to bisect a change: a command to copy, not an option given.
  'report/history-report.ts --cell',
  'report/history-report.ts --metric',
  'report/history-report.ts --source',
  'report/history-report.ts --good',
  'report/history-report.ts --bad',
  'report/history-report.ts --suite',
];

/**
 * The long options the command line declares (`.option('--work-dir <dir>', …)`, or an Option made
 * with its default described: `optionWithDefault('--jobs <n>', …)`).
 */
function cliOptions(): Set<string> {
  const dir = join(SRC, 'cli');
  const names = new Set<string>();
  for (const file of readdirSync(dir)) {
    const text = readFileSync(join(dir, file), 'utf8');
    const declared =
      /(?:\.option|\.requiredOption|optionWithDefault|new Option)\(\s*'--(?:no-)?([a-z][a-z0-9-]*)/g;
    for (const match of text.matchAll(declared)) {
      if (match[1] !== undefined) names.add(match[1]);
    }
  }
  return names;
}

/** "file --option" for every string or template text of `source` that names one of `options`. */
function spelledOptions(file: string, source: string, options: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      for (const match of node.text.matchAll(/(?<![\w-])--([a-z][a-z0-9-]*)/g)) {
        if (match[1] !== undefined && options.has(match[1])) found.push(`${file} --${match[1]}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => relative(SRC, join(dir, file)));
}

describe('option spellings below the command layer', () => {
  const options = cliOptions();

  test('the command line declares the options looked for', () => {
    expect([...options]).toEqual(
      expect.arrayContaining(['suite', 'work-dir', 'out', 'set', 'pin', 'server']),
    );
  });

  test('the rule covers every layer below the commands', () => {
    expect(FOLDERS).toEqual(
      expect.arrayContaining([
        'builder',
        'bisect',
        'compare',
        'report',
        'history',
        'baseline',
        'sinks',
        'github',
      ]),
    );
  });

  test('no string below the command layer names a command-line option', () => {
    const topLevel = readdirSync(SRC).filter(
      (file) => file.endsWith('.ts') && !['index.ts', 'post.ts'].includes(file),
    );
    const files = [...FOLDERS.flatMap((folder) => filesUnder(join(SRC, folder))), ...topLevel];
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) =>
      spelledOptions(file, readFileSync(join(SRC, file), 'utf8'), options),
    );
    const allowed = (entry: string): boolean =>
      ALLOWED.includes(entry) || ALLOWED_FILES.some((file) => entry.startsWith(`${file} `));
    expect([...new Set(found)].filter((entry) => !allowed(entry))).toEqual([]);
  });

  test('strings and templates are read, comments and child processes’ own options are not', () => {
    const sample = [
      '// a comment about --work-dir',
      'const a = `${x} (--keep-work-dir)`;',
      "throw new InputError('--suite x: no such file');",
      "exec('sysbench', ['--threads=4', '--time=10', '--db-driver=mysql']);",
      "const b = ['--no-defaults', '--version'];",
    ].join('\n');
    expect(spelledOptions('sample.ts', sample, options)).toEqual([
      'sample.ts --keep-work-dir',
      'sample.ts --suite',
    ]);
  });
});
