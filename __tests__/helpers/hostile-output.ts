// The hostile-output fixtures (__fixtures__/source-trees/hostile-output) set up in a temp directory,
// and the check of what the tool printed: no control character passed on, and nothing of the
// hostile text obeyed by a GitHub runner. Every command in the hostile text has data that starts
// with HOSTILE (or is of the older `##[` form, which the tool never writes): the tool's own
// commands (a group, the step's error, a compile error's annotation) quote it after words of
// their own.
import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { expect } from '@jest/globals';
import { parse, stringify } from 'yaml';

import { ROOT, TINY_SUITE } from './real-run.js';
import { findCommand } from './requirements.js';
import { controlCharacters, type ObeyedCommand, readAsRunner } from './workflow-commands.js';

export const HOSTILE_TREE = join(ROOT, '__fixtures__/source-trees/hostile-output');

/** A copy of the hostile tree in `dir`. */
export function hostileTree(dir: string): string {
  const tree = join(dir, 'tree');
  cpSync(HOSTILE_TREE, tree, { recursive: true });
  return tree;
}

/** One of the tree's server wrappers, installed as `dir/NAME/bin/mariadbd` around the real one. */
export function hostileServer(dir: string, name: 'mariadbd-failing' | 'mariadbd-noisy'): string {
  const bin = join(dir, name, 'bin');
  mkdirSync(bin, { recursive: true });
  const real = findCommand('mariadbd') ?? '/usr/sbin/mariadbd';
  const script = readFileSync(join(HOSTILE_TREE, 'servers', `${name}.in`), 'utf8').replaceAll(
    '@REAL_MARIADBD@',
    real,
  );
  writeFileSync(join(bin, 'mariadbd'), script);
  chmodSync(join(bin, 'mariadbd'), 0o755);
  cpSync(join(HOSTILE_TREE, 'hostile-text.sh'), join(bin, 'hostile-text.sh'));
  return join(bin, 'mariadbd');
}

/** A suite whose one workload is the tree's hostile.lua: its prepare prints the text and fails. */
export function hostileSuite(dir: string): string {
  const scripts = join(dir, 'scripts');
  mkdirSync(scripts, { recursive: true });
  for (const file of ['hostile.lua', 'hostile-text.sh'])
    cpSync(join(HOSTILE_TREE, file), join(scripts, file));
  const path = join(dir, 'hostile-suite.yml');
  writeFileSync(
    path,
    stringify({
      name: 'hostile-output',
      connection: 'socket',
      threads: [1],
      durationSeconds: 1,
      warmupSeconds: 1,
      repetitions: 2,
      serverOptions: { innodb_buffer_pool_size: '64M' },
      workloads: [
        { name: 'hostile', kind: 'sysbench-script', script: join(scripts, 'hostile.lua'), resetData: 'none' },
      ],
    }),
  );
  return path;
}

/** The tiny suite on one thread with 2 s repetitions: a quick A/B run to judge. */
export function quickSuite(dir: string): string {
  const tiny = parse(readFileSync(TINY_SUITE, 'utf8')) as Record<string, unknown>;
  const path = join(dir, 'tiny.yml');
  writeFileSync(path, stringify({ ...tiny, threads: [1], durationSeconds: 2 }));
  return path;
}

/** A command the hostile text carries, obeyed. */
function fromHostileText(command: ObeyedCommand): boolean {
  return (
    command.form === '##[' ||
    /HOSTILE/.test(`${command.name} ${command.props}`) ||
    command.data.trimStart().startsWith('HOSTILE')
  );
}

/**
 * What the tool printed holds no control character (but line feeds and tabs), no command of the
 * hostile text that a runner would obey, no stop-commands block left open; and each of `shown`,
 * which says the hostile text was quoted, as it is shown.
 */
export function expectQuotedNotObeyed(output: string, shown: readonly string[]): void {
  expect(controlCharacters(output)).toEqual([]);
  const read = readAsRunner(output);
  expect(read.obeyed.filter(fromHostileText)).toEqual([]);
  expect(read.stoppedAtEnd).toBe(false);
  for (const text of shown) expect(output).toContain(text);
}
