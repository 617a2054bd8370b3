// What the tests of killed and interrupted runs share: an entry of src/ (the CLI, the action's
// main step, its post step) as a real process, run from the sources as they are now (see
// helpers/source-cli.ts), its output as it comes, the server records it leaves in its state
// directory, and a safety net that kills whatever server a failed test left.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { ServerRecord } from '../../src/server/registry.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { ROOT } from '../helpers/real-run.js';
import { sourceCli } from '../helpers/source-cli.js';
import { watchChild, type WatchedChild } from '../helpers/watched-child.js';

/** The entries the bundle makes of src/: cli.js, index.js (the action) and post.js. */
export const ENTRIES = {
  cli: 'src/cli/index.ts',
  action: 'src/index.ts',
  post: 'src/post.ts',
} as const;

/** `node` and its arguments to run `entry` from the sources: sourceCli's, with another entry. */
function sourceCommand(entry: string, args: readonly string[]): [string, string[]] {
  const [node, cliArgs] = sourceCli();
  if (cliArgs.at(-1) !== join(ROOT, ENTRIES.cli))
    throw new Error('sourceCli no longer ends with the CLI entry');
  return [node, [...cliArgs.slice(0, -1), join(ROOT, entry), ...args]];
}

export type Running = WatchedChild;

/** Runs `entry` (one of ENTRIES) from the sources with `args` and `env`. */
export function runEntry(
  entry: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd = ROOT,
): Running {
  const [node, nodeArgs] = sourceCommand(entry, args);
  return watchChild(spawn(node, nodeArgs, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] }), entry);
}

/** The server records in a state directory, as the registry wrote them. */
export function serverRecords(stateDir: string): ServerRecord[] {
  const dir = join(stateDir, 'servers');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as ServerRecord);
}

/** A suite of one short cell, for a run that only has to get through: about 5 s with its server. */
export function writeMicroSuite(dir: string): string {
  const file = join(dir, 'micro.yml');
  writeFileSync(
    file,
    [
      'name: micro',
      'threads: [1]',
      'durationSeconds: 1',
      'repetitions: 2',
      'tables: 1',
      'tableSize: 100',
      'serverOptions:',
      '  innodb_buffer_pool_size: 64M',
      'workloads:',
      '  - name: oltp_point_select',
      '',
    ].join('\n'),
  );
  return file;
}

/** Kills (SIGKILL, which also ends a stopped process) every process that names `dir`. */
export function killProcessesMentioning(dir: string): void {
  for (const pid of processesMentioning(dir)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}
