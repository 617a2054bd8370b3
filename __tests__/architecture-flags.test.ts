// Below the command layer nothing knows how the user spelled an option (docs/architecture.md):
// no string in the layers that run a measurement names one of the command line's own options
// (`--work-dir`, `--suite`); they name an option through what the command layer gives them
// (`OptionNames`, a label), so the action's errors say `input "work-dir"`. Options of the programs
// they run (sysbench's, mysqld's, flock's, bubblewrap's) are not the command line's and pass.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';

const SRC = join(import.meta.dirname, '..', 'src');

/** The folders held to the rule (the builder, bisect and the verdict's sentences are not yet). */
const FOLDERS = ['run', 'shell', 'suite', 'server', 'sysbench', 'workload', 'flavor', 'stats'];

/**
 * Texts that name a command line for the reader to type, beside the action's input, rather than
 * an option the user gave: each with why it stays.
 */
const ALLOWED: readonly string[] = [
  // "run --shard K/N, or measure.yml's input shards": both front ends' ways of sharding.
  'run/time-limit.ts --shard',
  // A shard's results are made by a run of one shard, whichever front end ran it.
  'run/merge-shards.ts --shard',
  'run/merge-shards.ts --max-repetitions',
  'run/merge-shards.ts --budget',
  // A comment in the option file the run writes for the server, not a message.
  'server/config-file.ts --set',
];

/** The long options the command line declares (`.option('--work-dir <dir>', …)`). */
function cliOptions(): Set<string> {
  const dir = join(SRC, 'cli');
  const names = new Set<string>();
  for (const file of readdirSync(dir)) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const match of text.matchAll(/\.(?:option|requiredOption)\(\s*'--(?:no-)?([a-z][a-z0-9-]*)/g)) {
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

  test('no string in the measuring layers names a command-line option', () => {
    const files = FOLDERS.flatMap((folder) => filesUnder(join(SRC, folder)));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      spelledOptions(file, readFileSync(join(SRC, file), 'utf8'), options),
    );
    expect([...new Set(found)].filter((entry) => !ALLOWED.includes(entry))).toEqual([]);
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
