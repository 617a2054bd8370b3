// What the tests of killed and interrupted runs share: an entry of src/ (the CLI, the action's
// main step, its post step) as a real process, run from the sources as they are now (see
// helpers/source-cli.ts), its output as it comes, the server records it leaves in its state
// directory, and a safety net that kills whatever server a failed test left.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { ServerRecord } from '../../src/server/registry.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { ROOT } from '../helpers/real-run.js';
import { sourceCli } from '../helpers/source-cli.js';

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

export interface Running {
  readonly child: ChildProcess;
  /** stdout and stderr so far, interleaved as they came. */
  readonly output: () => string;
  /** Resolves once the output contains `text`; rejects if the process exits first. */
  readonly waitFor: (text: string) => Promise<void>;
  /** The exit status, or the signal that ended it. */
  readonly exit: Promise<number | NodeJS.Signals | null>;
}

/** Runs `entry` (one of ENTRIES) from the sources with `args` and `env`. */
export function runEntry(
  entry: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd = ROOT,
): Running {
  const [node, nodeArgs] = sourceCommand(entry, args);
  const child = spawn(node, nodeArgs, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const onData = (chunk: string): void => {
    output += chunk;
    for (const waiter of waiters.filter((candidate) => output.includes(candidate.text))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  child.stdout.setEncoding('utf8').on('data', onData);
  child.stderr.setEncoding('utf8').on('data', onData);
  const exit = new Promise<number | NodeJS.Signals | null>((done) => {
    child.on('close', (code, signal) => {
      done(code ?? signal);
    });
  });
  const waitFor = (text: string): Promise<void> =>
    new Promise<void>((done, fail) => {
      if (output.includes(text)) {
        done();
        return;
      }
      waiters.push({ text, resolve: done });
      void exit.then((status) => {
        fail(new Error(`exited (${String(status)}) before printing "${text}":\n${output}`));
      });
    });
  return { child, output: () => output, waitFor, exit };
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
